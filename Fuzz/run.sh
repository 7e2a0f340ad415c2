#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ into .build-fuzz/ and runs each for SECONDS seconds.
#
#   SECONDS=600 bash Fuzz/run.sh              every target, one after another
#   SECONDS=600 bash Fuzz/run.sh json otqa    only these
#   FUZZ_PARALLEL=2 bash Fuzz/run.sh          two targets at a time (one per core)
#   FUZZ_BUILD_ONLY=1 bash Fuzz/run.sh        build, do not run
#
# Targets: json (QuestionFileFormat.decode), opentdb (OpenTriviaDBFormat.decode), otqa
# (OpenTriviaQAFormat.decode), commands (CommandTable and choiceIndex), route
# (TriviaRoute(link:)), link (LinkMessageReader, what a sender writes to the link socket),
# kept (the saved round's and the options' decoders: the files the game keeps about its
# player; TriviaData is built whole as a library first), history (the player's history: a
# real one made by SQLiteHistory, its contents changed by a program the input spells, then
# opened and read whole by SQLiteHistory; TriviaHistory's sources with TriviaData as a library
# and the system's libsqlite3), sheet (a workbook's XML parts: SheetXML and the readers of its parts, what
# XLSXSheet reads once the ZIP is opened), moodle (GIFTFormat.decode and AikenFormat.decode, plain
# and locating, and each one's round trip through its encode, as `trivia convert` writes), wire
# (NightWire.decode, every frame a player sends, against the JSON decoder; RelayLines, the
# pipe's framing between trivia and trivia-night, read whole and in two pieces), room (a
# night's save and journal, changed as a damaged disk or a table others write could change
# them: a save that decodes resumes and plays on without trapping).
# Each harness is compiled with the package sources it needs into one module, so internal
# API is reachable; TriviaRoute imports TriviaData, so that target builds
# Questions/Difficulty.swift as a small TriviaData module first.
#
# The corpus a target grows is kept in .build-fuzz/<target>/corpus. It starts from
# Fuzz/seeds/<target>, for moodle also from the GIFT and Aiken files of TriviaDataTests'
# Fixtures, and for otqa and json also from pieces of the OpenTriviaQA data in
# shared/data/opentriviaqa beside the repository (OPENTRIVIAQA overrides the path), cut up
# at run time into .build-fuzz; that data is never copied into the repository. Crashes,
# timeouts and out-of-memory inputs land in .build-fuzz/<target>/findings (the previous
# run's move to findings.prev); the log is .build-fuzz/<target>/fuzz.log.
#
# To replay a finding: .build-fuzz/<target>/<target>-fuzzer <file>; every finding so far is
# also a test (Tests/TriviaDataTests/FuzzRegressionTests.swift,
# Tests/ScreenTests/CommandFuzzRegressionTests.swift,
# Tests/TriviaHistoryTests/HistoryFuzzRegressionTests.swift). HISTORY_FUZZ_SAY=1 makes the
# history target print an input's changes and what the game said.
#
# Exits 1 when any target found something, 2 when a build failed.
set -euo pipefail

# Bash counts SECONDS up from the value it inherits, and starts it at 0 when none is given:
# read the inherited value itself.
duration=$(printenv SECONDS || echo 60)
cd "$(dirname "$0")/.."
repo=$PWD
out=$repo/.build-fuzz
sources=Sources
data=${OPENTRIVIAQA:-$repo/../shared/data/opentriviaqa}
all_targets=(json opentdb otqa commands route link kept history sheet moodle wire room)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

swiftc=${SWIFTC:-swiftc}
# libFuzzer prints the stack of a crash itself; Swift's own backtracer would only slow it.
export SWIFT_BACKTRACE=enable=no
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -warnings-as-errors -use-ld=lld)

td=$sources/TriviaData
# Every TriviaData source but BundledDataSource.swift, whose questions come from the
# BundledBank C target, URLFetch.swift, which calls the CurlShim C target, and the
# spreadsheet formats, which read through TriviaSheets and its packages;
# Fuzz/BundledDataSourceStub.swift, Fuzz/URLFetchStub.swift and
# Fuzz/SpreadsheetFormatsStub.swift stand in for them. The data
# sources refer to one another (DataSource.swift names URLDataSource, DataSourceSpec.swift
# every source), so the parsers cannot be built without the rest of the module.
data_files=()
while IFS= read -r file; do
  case "$file" in
  */BundledDataSource.swift | */URLFetch.swift | */Formats/Spreadsheets/*) ;;
  *) data_files+=("$file") ;;
  esac
done < <(find "$td" -name '*.swift' | LC_ALL=C sort)
data_files+=(Fuzz/BundledDataSourceStub.swift Fuzz/URLFetchStub.swift Fuzz/SpreadsheetFormatsStub.swift
  Fuzz/QuestionInvariants.swift)
support=Fuzz/FuzzSupport.swift

# The files of each target, its module name, and the longest input it is given.
target_files() {
  case $1 in
  json) echo Fuzz/JSONLoaderFuzz.swift $support "${data_files[@]}" ;;
  opentdb) echo Fuzz/OpenTriviaDBFuzz.swift $support "${data_files[@]}" ;;
  otqa) echo Fuzz/OpenTriviaQAFuzz.swift $support "${data_files[@]}" ;;
  moodle) echo Fuzz/MoodleFuzz.swift $support "${data_files[@]}" ;;
  commands)
    echo Fuzz/CommandFuzz.swift $support "$sources/ScreenKit/Command.swift" "$sources/ScreenKit/CommandTable.swift" \
      "$sources/ScreenKit/Line.swift" "$sources/ScreenKit/Matching.swift" "$sources/ScreenKit/BaseLetters.swift"
    ;;
  route)
    echo Fuzz/TriviaRouteFuzz.swift $support "$sources/TriviaApp/Navigation/TriviaRoute.swift" \
      "$sources/TriviaApp/Model/GameOptions.swift" "$sources/TriviaApp/Model/RoundRequest.swift"
    ;;
  link) echo Fuzz/LinkMessageFuzz.swift $support "$sources/TriviaLink/LinkMessageReader.swift" "$sources/TriviaLink/LinkProtocol.swift" ;;
  kept)
    local app=$sources/TriviaApp
    echo Fuzz/KeptFilesFuzz.swift $support "$app/Storage/SavedSession.swift" "$app/Storage/GameOptions+Decoding.swift" \
      "$app/Model/GameOptions.swift" "$app/Model/Round.swift" "$app/Model/SeededGenerator.swift" \
      "$app/Model/AskedQuestions.swift" "$app/Model/RoundRequest.swift" "$app/Model/Round+Players.swift" \
      "$app/Model/GameOptions+Players.swift" "$app/Storage/StoreError.swift" "$app/Navigation/TriviaRoute.swift"
    ;;
  # The app's SeededGenerator gives the room its tokens, as a seeded game's.
  room) echo Fuzz/RoomFuzz.swift $support "$sources"/NightKit/*.swift "$sources/TriviaApp/Model/SeededGenerator.swift" ;;
  wire) echo Fuzz/WireFuzz.swift $support "$sources"/NightRelay/*.swift ;;
  history) echo Fuzz/HistoryFuzz.swift Fuzz/HistoryMutation.swift $support "$sources"/TriviaHistory/*.swift ;;
  sheet)
    local sheets=$sources/TriviaSheets
    echo Fuzz/SheetFuzz.swift $support "$sheets/SheetXML.swift" "$sheets/XLSXParts.swift" "$sheets/SheetRow.swift" \
      "$sheets/SheetRows.swift" "$sheets/SharedStrings.swift" "$sheets/SheetPieces.swift"
    ;;
  *) return 1 ;;
  esac
}
module_name() {
  case $1 in
  json | opentdb | otqa | moodle) echo TriviaData ;;
  commands) echo ScreenKit ;;
  route | kept) echo TriviaApp ;;
  link) echo TriviaLink ;;
  history) echo TriviaHistory ;;
  sheet) echo TriviaSheets ;;
  wire) echo NightRelay ;;
  room) echo NightKit ;;
  esac
}
max_len() {
  case $1 in
  json | opentdb | otqa | moodle) echo 16384 ;;
  commands) echo 1024 ;;
  route) echo 2048 ;;
  kept) echo 8192 ;;
  # Each byte or few one change; past 24 changes the rest is not read.
  history) echo 128 ;;
  # Past the 4096-byte limit, so refusing an oversized message is exercised.
  link) echo 8192 ;;
  sheet) echo 16384 ;;
  # A player's frame is at most 4 KiB; a few pipe frames past it.
  wire) echo 8192 ;;
  # 64 steps of a night, then changes of three bytes each.
  room) echo 4096 ;;
  esac
}

# Builds the files after NAME as the static module NAME in the target's lib/, for its harness
# to import and link (build's `dir` and `extra`).
module() {
  local name=$1
  shift
  "$swiftc" "${flags[@]}" -module-name "$name" -emit-library -static -emit-module \
    -emit-module-path "$dir/lib/$name.swiftmodule" -o "$dir/lib/lib$name.a" "$@"
  extra+=(-l"$name")
}

# Rebuilds when the binary is missing or older than any of its files.
build() {
  local target=$1 dir=$out/$1 binary=$out/$1/$1-fuzzer
  local files
  read -r -a files <<<"$(target_files "$target")"
  local inputs=("${files[@]}" Fuzz/run.sh)
  [ "$target" = route ] && inputs+=("$td/Questions/Difficulty.swift")
  local night=()
  [ "$target" = kept ] && night=("$sources"/NightKit/{NightScore,Scoreboard,PlayerName,Confusables}.swift) && inputs+=("${night[@]}")
  [ "$target" = wire ] && night=("$sources"/NightKit/*.swift) && inputs+=("${night[@]}")
  case $target in kept | history) inputs+=("${data_files[@]}") ;; esac
  local words=()
  case $target in json | opentdb | otqa | moodle | kept | history) words=("$sources"/NumberWords/*.swift) && inputs+=("${words[@]}") ;; esac
  local threads=()
  [ "$target" = history ] && threads=("$sources"/SystemThreads/*.swift) && inputs+=("${threads[@]}")
  if [ -x "$binary" ] && [ -z "$(find "${inputs[@]}" -newer "$binary" 2>/dev/null)" ]; then return 0; fi
  mkdir -p "$dir/lib"
  echo "building $target…"
  local extra=(-I "$dir/lib" -L "$dir/lib")
  # TriviaData imports NumberWords, which spells its numbers.
  [ ${#words[@]} -eq 0 ] || module NumberWords "${words[@]}"
  # The history's integrity check starts its thread with SystemThreads.
  [ ${#threads[@]} -eq 0 ] || module SystemThreads "${threads[@]}"
  # A round scores, ranks and names its players as a night does (NightKit).
  [ ${#night[@]} -eq 0 ] || module NightKit "${night[@]}"
  if [ "$target" = route ]; then
    # TriviaRoute.swift imports TriviaData: build the part it uses as that module.
    module TriviaData "$td/Questions/Difficulty.swift"
  elif [ "$target" = kept ] || [ "$target" = history ]; then
    # The decoders and the history use TriviaData's files and questions: build all of it as
    # that module.
    local library=()
    for file in "${data_files[@]}"; do [ "$file" = Fuzz/QuestionInvariants.swift ] || library+=("$file"); done
    mkdir -p "$dir/datasrc" && cp --parents "${library[@]}" "$dir/datasrc/"
    (cd "$dir/datasrc" && "$swiftc" "${flags[@]}" -module-name TriviaData -emit-library -static -emit-module \
      -emit-module-path "$dir/lib/TriviaData.swiftmodule" -o "$dir/lib/libTriviaData.a" -I "$dir/lib" "${library[@]}")
    extra+=(-lTriviaData)
    # The history's SQLite: the package's module map for the system's libsqlite3.
    if [ "$target" = history ]; then extra+=(-I "$repo/$sources/CSQLite" -lsqlite3); fi
  fi
  # Compile a copy: others may be editing the tree, and swiftc stops when a file changes
  # under it.
  rm -rf "$dir/src" && mkdir -p "$dir/src" && cp --parents "${files[@]}" "$dir/src/"
  (cd "$dir/src" && "$swiftc" "${flags[@]}" -module-name "$(module_name "$target")" "${extra[@]}" "${files[@]}" \
    -o "$binary")
}

# Pieces of the OpenTriviaQA files: every seventh run of eight blocks, so each file's
# characters (UTF-8 and Windows-1252 lines, CRLF) are represented without 8 MB of corpus.
otqa_data_seeds() {
  local into=$1
  rm -rf "$into" && mkdir -p "$into"
  [ -d "$data" ] || return 0
  for file in "$data"/*; do
    case $(basename "$file") in README* | LICENSE*) continue ;; esac
    LC_ALL=C awk -v prefix="$into/$(basename "$file")-" '
      /^#Q/ { blocks++; if (blocks % 8 == 1) { piece++; if (out) close(out); out = "" } }
      blocks > 0 && piece % 7 == 1 { if (!out) out = prefix piece; print > out }
    ' "$file"
  done
}

# The same pieces as question files: each block a question with JSON escapes, as the
# loader meets them in real files.
json_data_seeds() {
  local into=$1
  rm -rf "$into" && mkdir -p "$into"
  [ -d "$data" ] || return 0
  for file in "$data"/*; do
    case $(basename "$file") in README* | LICENSE*) continue ;; esac
    LC_ALL=C awk -v prefix="$into/$(basename "$file")-" -v category="$(basename "$file")" '
      function esc(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); return s }
      function flush() {
        if (question == "" || answer == "" || n < 2) return
        if (piece % 7 != 1) return
        out = prefix piece
        wrong = ""
        for (i = 1; i <= n; i++) if (options[i] != answer) wrong = wrong (wrong == "" ? "" : ", ") "\"" esc(options[i]) "\""
        line = "{\"category\": \"" category "\", \"difficulty\": \"medium\", \"type\": \"multiple\", \"question\": \"" \
          esc(question) "\", \"correct_answer\": \"" esc(answer) "\", \"incorrect_answers\": [" wrong "]}"
        if (!(out in started)) { started[out] = 1; printf "{\"schema\": \"trivia-questions/1\", \"questions\": [\n  %s", line > out }
        else printf ",\n  %s", line > out
      }
      { sub(/\r$/, "") }
      /^#Q/ { flush(); blocks++; if (blocks % 5 == 1) piece++; question = substr($0, 4); answer = ""; n = 0; next }
      /^\^/ { answer = substr($0, 3); next }
      /^[A-Z] / { options[++n] = substr($0, 3); next }
      END {
        flush()
        for (out in started) printf "\n]}\n" >> out
      }
    ' "$file"
  done
}

run() {
  local target=$1 dir=$out/$1
  local corpus=$dir/corpus findings=$dir/findings log=$dir/fuzz.log
  mkdir -p "$corpus"
  rm -rf "$dir/findings.prev"
  [ -d "$findings" ] && mv "$findings" "$dir/findings.prev"
  mkdir -p "$findings"
  local dirs=("$corpus" "$repo/Fuzz/seeds/$target")
  case $target in
  otqa) otqa_data_seeds "$dir/data-seeds" && dirs+=("$dir/data-seeds") ;;
  json) json_data_seeds "$dir/data-seeds" && dirs+=("$dir/data-seeds") ;;
  moodle)
    rm -rf "$dir/data-seeds" && mkdir -p "$dir/data-seeds"
    cp "$repo"/Tests/TriviaDataTests/Fixtures/*.gift "$repo"/Tests/TriviaDataTests/Fixtures/world-capitals*.txt \
      "$dir/data-seeds/" && dirs+=("$dir/data-seeds")
    ;;
  esac
  local dict=()
  [ -f "$repo/Fuzz/dicts/$target.dict" ] && dict=(-dict="$repo/Fuzz/dicts/$target.dict")
  echo "fuzzing $target for ${duration}s (log: ${log#"$repo"/})"
  local status=0
  "$dir/$target-fuzzer" -max_len="$(max_len "$target")" -rss_limit_mb=2048 -timeout=10 \
    -max_total_time="$duration" -print_final_stats=1 -artifact_prefix="$findings/" "${dict[@]}" \
    "${dirs[@]}" >"$log" 2>&1 || status=$?
  summarize "$target" "$status"
}

summarize() {
  local target=$1 status=$2 dir=$out/$1
  local log=$dir/fuzz.log
  local runs rate time last found
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1 | sed -E 's/^#[0-9]+[[:space:]]+[A-Z]+[[:space:]]+//')
  found=$(find "$dir/findings" -type f | sort)
  {
    echo "== $target: ${runs:-?} executions in ${time:-?} s (${rate:-?}/s), exit $status"
    echo "   ${last:-no coverage line in the log}"
    if [ -n "$found" ]; then
      echo "   FINDINGS:"
      grep -E '^(==[0-9]+==ERROR|SUMMARY|.*Fatal error|.*fatal error|ALARM|.*out-of-memory|.*deadly signal)' "$log" |
        head -5 | sed 's/^/     /'
      for file in $found; do
        echo "     ${file#"$repo"/} ($(wc -c <"$file") bytes): $(head -c 120 "$file" | od -An -tx1 | tr -s ' \n' ' ')"
      done
    else
      echo "   findings: none"
    fi
  } | tee "$dir/summary.txt"
  [ -z "$found" ] && [ "$status" = 0 ]
}

for target in "${targets[@]}"; do
  target_files "$target" >/dev/null || {
    echo "unknown target '$target'; expected one of: ${all_targets[*]}" >&2
    exit 64
  }
done
for target in "${targets[@]}"; do build "$target" || exit 2; done
[ -z "${FUZZ_BUILD_ONLY:-}" ] || exit 0

failed=0
parallel=${FUZZ_PARALLEL:-1}
running=0
for target in "${targets[@]}"; do
  if [ "$parallel" -gt 1 ]; then
    if [ "$running" -ge "$parallel" ]; then
      wait -n || failed=1
      running=$((running - 1))
    fi
    run "$target" &
    running=$((running + 1))
  else
    run "$target" || failed=1
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done

echo
echo "Summary (${duration}s each):"
for target in "${targets[@]}"; do sed 's/^/  /' "$out/$target/summary.txt"; done
exit "$failed"
