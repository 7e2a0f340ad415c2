#!/usr/bin/env python3
"""The trivia benchmark: `make bench` (or `python3 Benchmarks/bench.py`).

Builds `trivia` and `NavigatorBenchmark` in release, then measures, each figure next to a
baseline measured in the same run (the machine is noisy: the ratios are what count):

  1. start-up: `trivia --script -` fed `quit`, vs a Swift hello world that imports Foundation
  2. OpenTriviaQA import (time and peak RSS) vs the Python reference reader
  3. a ~47k-question bank in the project's JSON schema vs Python's json.load
  4. scripted play of 10,000 and 100,000 questions (rounds of 50)
  (2-4 measure the game with --no-history; 4 also plays the 10,000 game keeping its history,
  to show what writing every answer to SQLite costs)
  5. NavigatorKit push/pop and Router plans and links on a 100-deep stack vs a 10-deep one
     (push/pop and links followed must keep at least half the 10-deep rate)
  6. start-up, stats and play with a large history
  7. keystroke-to-echo delay while 1,000 senders hit the link socket
  8. a trivia night at scale (#19): `NightLoad` plays 1,000 and 10,000 players on loopback
     against a release `trivia host`, then sweeps up from 2,000 until a count breaks, the
     host's ceiling or --night-seconds; see Benchmarks/NightLoad/NightLoad.swift. Then a night
     beyond one host (#30): a throwaway PostgreSQL (Scripts/postgres.sh), the host's room on it
     and 2 edges holding the players, 1,000 players, then up from 2,000 until a count breaks,
     the host's ceiling or --cluster-seconds
  9. dealing from the bundled bank: `play` (the 1,536 questions read, a round dealt), the
     round abandoned, `quit`, vs `quit` alone: at most 5 ms more (and, for information, the
     same with history, whose first round also makes the history file)
  10. your own quiz (#38): 10,000 questions as CSV, XLSX, GIFT and Aiken, each read at most
     twice as slowly as the same questions in the project's JSON (beyond start-up)

Every process figure is the median of several runs; trivia and its baseline runs alternate.
Each child gets its own temporary HOME and XDG directories. Prints a Markdown table and
exits with status 1 when a floor is missed. Python 3 standard library only.

Options: --runs N (default 7), --play-runs N (the 100k game; default 5), --no-build,
--results FILE (also write the report there), --keep (keep the work folder), --night-seconds S
(figure 8's sweep between 1,000 and 10,000 players; default 300, 0 for none), --only-night (figure 8 alone),
--cluster-seconds S (the same sweep over 2 edges and PostgreSQL; default 300, 0 for none), --only-cluster
(figure 8's night over 2 edges alone), --only-formats (figure 10 alone).
"""
import argparse
import datetime
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / ".build" / "release"
TRIVIA = BUILD / "trivia"
NAVIGATOR_BENCHMARK = BUILD / "NavigatorBenchmark"
NIGHT_LOAD = BUILD / "NightLoad"
TRIVIA_NIGHT = BUILD / "trivia-night"
# In the results file, what follows this line is history written by hand; a new run keeps it.
HISTORY_MARKER = "## How the figures were won"
OTQA = Path("/work/shared/data/opentriviaqa")
REFERENCE = Path("/work/shared/tools/otqa_reference.py")
MIB = 1024 * 1024
TIMEOUT = 600  # seconds for any one child process


def fail(message):
    print(f"bench: {message}", file=sys.stderr)
    sys.exit(2)


# MARK: Machine and build


def machine():
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": nproc,
        "cpu": model,
        "memory": memory,
        "kernel": os.uname().release,
        "swift": swift[0] if swift else "unknown",
        "python": sys.version.split()[0],
        "commit": (commit.stdout.strip() or "unknown") + (" + uncommitted changes" if dirty else ""),
        "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def build():
    """Release builds only, so nobody's debug build is disturbed, with the flags `make play`
    uses so the two builds do not undo each other. Others may be editing Sources meanwhile;
    SwiftPM refuses a file modified during the build, so that is retried."""
    for product in ["trivia", "trivia-night", "NavigatorBenchmark", "NightLoad"]:
        # trivia as `make play` builds it; the night's products with the traits that bring
        # their network (see the Makefile's NIGHT) and a night beyond one host (its CLUSTER).
        night = ["--traits", "Night,Cluster"] if product in ("trivia-night", "NightLoad") else []
        command = ["swift", "build", "-c", "release", "--static-swift-stdlib",
                   "--explicit-target-dependency-import-check", "error", *night, "--product", product]
        for attempt in range(1, 4):
            print(f"bench: {' '.join(command)}", file=sys.stderr, flush=True)
            result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
            if result.returncode == 0:
                break
            output = result.stdout + result.stderr
            if "modified during the build" in output and attempt < 3:
                time.sleep(2)
                continue
            sys.stderr.write(output[-4000:])
            fail(f"the release build of {product} failed")


# A tiny launcher that times exec to exit and reports the child's own peak RSS. Python
# cannot do this itself: Linux keeps ru_maxrss across exec, so a child forked (or vforked)
# from this Python process starts with this process's high-water mark, which can be larger
# than the child's (generating the JSON bank takes 100 MiB). The launcher is 1 MiB.
LAUNCHER_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: launch RESULT PROGRAM [ARG...]\n"); return 64; }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); return 70; }
  if (pid == 0) { execv(argv[2], argv + 2); perror(argv[2]); _exit(127); }
  int status;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 70; }
  clock_gettime(CLOCK_MONOTONIC, &end);
  FILE *result = fopen(argv[1], "w");
  if (!result) { perror(argv[1]); return 70; }
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
  double cpu = (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  fprintf(result, "%.9f %.6f %ld %d\n", seconds, cpu, usage.ru_maxrss, code);
  fclose(result);
  return 0;
}
"""


def build_launcher(work):
    source = work / "launch.c"
    source.write_text(LAUNCHER_C)
    binary = work / "launch"
    for compiler in ("cc", "clang", "gcc"):
        if shutil.which(compiler):
            result = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True, text=True)
            if result.returncode == 0:
                return binary
            sys.stderr.write(result.stdout + result.stderr)
    fail("cannot compile the launcher (needs cc, clang or gcc)")


def build_hello(work, name, imports):
    source = work / f"{name}.swift"
    source.write_text("".join(f"import {module}\n" for module in imports)
                      + '\nprint("Hello, \\(ProcessInfo.processInfo.processName)!")\n')
    binary = work / name
    result = subprocess.run(["swiftc", "-O", str(source), "-o", str(binary)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        fail(f"swiftc -O {source.name} failed")
    return binary


# MARK: Inputs


def otqa_files():
    if not OTQA.is_dir():
        fail(f"{OTQA} is missing")
    files = sorted(p for p in OTQA.iterdir()
                   if p.is_file() and not p.name.startswith(".") and p.name not in ("LICENSE", "README.md"))
    if not files:
        fail(f"no OpenTriviaQA files in {OTQA}")
    return files


def load_reference():
    spec = importlib.util.spec_from_file_location("otqa_reference", REFERENCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_json_bank(path, files, limit=None):
    """The OpenTriviaQA questions (the first `limit` of them, if given), read as the reference
    reader reads them, written in the project's schema (Data/README.md), one question a line
    like the bundled bank."""
    reference = load_reference()
    difficulties = ["easy", "medium", "hard"]
    lines = []
    for path_in in files:
        category = path_in.name.replace("-", " ").title()
        blocks = reference.parse(reference.decode(path_in.read_bytes()))
        for block in blocks:
            if reference.classify(block) != "usable":
                continue
            answer = block["answer"]
            wrong = []
            for option in block["options"]:
                if option != answer and option not in wrong:
                    wrong.append(option)
            if not wrong or not block["q"]:
                continue
            boolean = sorted([answer] + wrong) == ["False", "True"]
            question = {
                "category": category, "difficulty": difficulties[len(lines) % 3],
                "type": "boolean" if boolean else "multiple", "question": block["q"],
                "correct_answer": answer, "incorrect_answers": wrong,
            }
            lines.append(json.dumps(question, ensure_ascii=False))
    lines = lines[:limit]
    with open(path, "w", encoding="utf-8") as out:
        out.write('{\n  "schema": "trivia-questions/1",\n  "questions": [\n    ')
        out.write(",\n    ".join(lines))
        out.write("\n  ]\n}\n")
    return len(lines)


def write_play_script(path, questions, per_round=50):
    """Rounds of `per_round`: play, then per question an answer and an empty line (continue),
    then done on the complete screen; quit at the end."""
    rounds = questions // per_round
    one_round = "play\n" + "a\n\n" * per_round + "done\n"
    with open(path, "w") as out:
        out.write(one_round * rounds + "quit\n")
    return rounds, rounds * (2 + 2 * per_round) + 1


# MARK: Running


class Run:
    def __init__(self, seconds, cpu, max_rss_kib, output):
        self.seconds = seconds  # wall time, exec to exit
        self.cpu = cpu  # user + system time of the child
        self.max_rss = max_rss_kib * 1024
        self.output = output


LAUNCHER = None  # set in main


def run(argv, work, stdin_text=None, stdin_path=None, history=None):
    """Runs one child in a fresh HOME (with a copy of `history` as its history file, if
    given), through the launcher, which times exec to exit and reports the child's peak RSS;
    returns those and the output. A failed child ends the benchmark."""
    home = Path(tempfile.mkdtemp(prefix="home-", dir=work))
    if history is not None:
        (home / ".local/state/trivia").mkdir(parents=True)
        copy = home / ".local/state/trivia/history.sqlite"
        shutil.copyfile(history, copy)
        # On disk before the game starts: otherwise the fdatasync of the game's checkpoint at
        # quit writes the whole fresh copy, megabytes a player's own file never has waiting.
        with open(copy, "rb") as file:
            os.fsync(file.fileno())
    env = dict(os.environ)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_STATE_HOME=str(home / ".local/state"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_DATA_HOME=str(home / ".local/share"),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("NO_COLOR", None)
    if stdin_text is not None:
        stdin_path = home / "stdin"
        stdin_path.write_text(stdin_text)
    out_path, err_path, result_path = home / "stdout", home / "stderr", home / "result"
    command = " ".join(map(str, argv))
    with open(stdin_path or os.devnull, "rb") as stdin, open(out_path, "wb") as out, open(err_path, "wb") as err:
        child = subprocess.Popen([LAUNCHER, result_path, *argv], stdin=stdin, stdout=out, stderr=err, env=env,
                                 cwd=home, start_new_session=True)
        try:
            child.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, 9)
            child.wait()
            fail(f"{command} took more than {TIMEOUT} s")
    output = out_path.read_bytes()
    try:
        seconds, cpu, max_rss_kib, status = result_path.read_text().split()
    except (OSError, ValueError):
        fail(f"the launcher failed on {command}: {err_path.read_text(errors='replace')[-2000:]}")
    if int(status) != 0:
        sys.stderr.write(output[-2000:].decode(errors="replace") + err_path.read_text(errors="replace")[-2000:])
        fail(f"{command} exited with status {status}")
    shutil.rmtree(home, ignore_errors=True)
    return Run(float(seconds), float(cpu), int(max_rss_kib), output)


def alternate(runs, first, second, check_first=None, check_second=None):
    """Runs `first` and `second` (each a function returning a Run) `runs` times, alternating
    which goes first, after one warm-up of each; checks every output."""
    a, b = [], []
    for index in range(runs + 1):
        pair = [(first, a, check_first), (second, b, check_second)]
        if index % 2:
            pair.reverse()
        for function, results, check in pair:
            result = function()
            if check:
                check(result.output)
            if index > 0:
                results.append(result)
    return a, b


def median(runs, key=lambda r: r.seconds):
    return statistics.median(key(r) for r in runs)


def expect(pattern, what):
    def check(output):
        if not re.search(pattern, output):
            tail = output[-600:].decode(errors="replace")
            fail(f"{what}: expected {pattern!r} in the output, which ends with:\n{tail}")
    return check


def loaded_count(output):
    match = re.search(rb"Loaded ([\d,]+) questions?", output)
    return int(match.group(1).replace(b",", b"")) if match else None


# MARK: The report


class Table:
    def __init__(self):
        self.rows = []
        self.missed = []
        self.notes = []

    def add(self, figure, trivia, baseline, ratio, floor="—", ok=None):
        mark = "info" if ok is None else ("yes" if ok else "**NO**")
        self.rows.append((figure, trivia, baseline, ratio, floor, mark))
        if ok is False:
            self.missed.append(f"{figure}: {trivia} vs {baseline} (ratio {ratio}), floor {floor}")

    def markdown(self):
        header = ("figure", "trivia", "baseline", "ratio", "floor", "ok?")
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines)


def ms(seconds):
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def timing(runs):
    """The median wall time, and the median CPU time (user + system) beside it."""
    return f"{ms(median(runs))} (CPU {ms(median(runs, lambda r: r.cpu))})"


def mib(runs):
    return f"{median(runs, lambda r: r.max_rss) / MIB:.1f} MiB"


def rss_ratio(a, b):
    return f"{median(a, lambda r: r.max_rss) / median(b, lambda r: r.max_rss):.2f}x"


def per_second(value):
    return f"{value:,.0f}/s"


# MARK: The figures


def startup(table, work, runs, hello, hello_networking):
    trivia, baseline = alternate(
        runs, lambda: run([TRIVIA, "--script", "-"], work, stdin_text="quit\n"), lambda: run([hello], work),
        expect(rb"trivia> quit", "start-up"), expect(rb"Hello, ", "hello world"))
    t, b = median(trivia), median(baseline)
    table.add("1. Start-up: `trivia --script -` fed `quit`, exec to exit", timing(trivia),
              f"{timing(baseline)}: Swift hello world importing Foundation, `swiftc -O`", f"{t / b:.2f}x", "≤ 2x",
              t / b <= 2)
    table.add("1. Start-up peak RSS", mib(trivia), f"{mib(baseline)} (hello world)", rss_ratio(trivia, baseline))
    # Why start-up costs what it does: the same hello world also linking FoundationNetworking,
    # which trivia links for URLDataSource, and which brings libcurl and ~30 more libraries.
    networking, again = alternate(runs, lambda: run([hello_networking], work), lambda: run([hello], work),
                                  expect(rb"Hello, ", "hello world"), expect(rb"Hello, ", "hello world"))
    table.add("1. (diagnosis) the hello world also importing FoundationNetworking", timing(networking),
              f"{timing(again)} (hello world)", f"{median(networking) / median(again):.2f}x")


def otqa(table, work, runs):
    files = otqa_files()
    reference = run([sys.executable, REFERENCE, *files], work)
    match = re.search(rb"TOTAL .*'usable': (\d+)", reference.output)
    usable = int(match.group(1)) if match else None

    def check_trivia(output):
        count = loaded_count(output)
        if count is None:
            expect(rb"Loaded [\d,]+ questions", "OpenTriviaQA import")(output)
        if usable is not None and count != usable:
            fail(f"trivia loaded {count} OpenTriviaQA questions, the reference reader finds {usable} usable")

    trivia, baseline = alternate(
        runs, lambda: run([TRIVIA, "--seed", "1", "--source", OTQA, "--no-history", "--script", "-"], work, stdin_text="play\nquit\n"),
        lambda: run([sys.executable, REFERENCE, *files], work), check_trivia, expect(rb"TOTAL", "otqa_reference.py"))
    t, b = median(trivia), median(baseline)
    table.add(f"2. OpenTriviaQA import, {len(files)} files, {usable or 0:,} questions: `--source` folder, play, quit",
              timing(trivia), f"{timing(baseline)}: `otqa_reference.py`", f"{t / b:.3f}x", "≤ 0.1x", t / b <= 0.1)
    rss = median(trivia, lambda r: r.max_rss)
    table.add("2. OpenTriviaQA import peak RSS", mib(trivia), f"{mib(baseline)} (Python)", rss_ratio(trivia, baseline),
              "≤ 40 MiB", rss <= 40 * MIB)
    return files


def json_bank(table, work, runs, files):
    path = work / "otqa-bank.json"
    written = write_json_bank(path, files)
    size = path.stat().st_size
    loaded = set()

    def check_trivia(output):
        count = loaded_count(output)
        if count is None:
            expect(rb"Loaded [\d,]+ questions", "JSON bank")(output)
        loaded.add(count)

    load = "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))"
    trivia, baseline = alternate(
        runs, lambda: run([TRIVIA, "--seed", "1", "--source", path, "--no-history", "--script", "-"], work, stdin_text="play\nquit\n"),
        lambda: run([sys.executable, "-c", load, path], work), check_trivia)
    if loaded != {written}:
        table.notes.append(f"the JSON bank has {written:,} questions; trivia loaded {sorted(loaded)}")
    t, b = median(trivia), median(baseline)
    table.add(f"3. JSON bank, {written:,} questions, {size / MIB:.1f} MiB: `--source file.json`, play, quit",
              timing(trivia), f"{timing(baseline)}: `python3 -c` json.load", f"{t / b:.2f}x", "< 1x", t < b)
    table.add("3. JSON bank peak RSS", mib(trivia), f"{mib(baseline)} (Python)", rss_ratio(trivia, baseline))


def play(table, work, runs, play_runs):
    """The two games alternate, so both see the same load on the machine. They measure the
    game itself (`--no-history`); the 10,000 game is also played keeping its history, the
    default, to show what writing every answer to SQLite costs."""
    games = {}
    for questions in (10_000, 100_000):
        script = work / f"play-{questions}.txt"
        rounds, commands = write_play_script(script, questions)
        games[questions] = (script, rounds, commands, [])
    for index in range(max(runs, play_runs)):
        order = [(10_000, runs), (100_000, play_runs)]
        for questions, count in (order if index % 2 == 0 else reversed(order)):
            if index >= count:
                continue
            script, rounds, _, trials = games[questions]
            result = run([TRIVIA, "--seed", "1", "--count", "50", "--no-history", "--script", "-"], work,
                         stdin_path=script)
            found = result.output.count(b"Round complete")
            if found != rounds:
                fail(f"the {questions:,}-question game completed {found} rounds, not {rounds}")
            trials.append(result)
    script, rounds, _, _ = games[10_000]
    kept = []
    for _ in range(runs):
        result = run([TRIVIA, "--seed", "1", "--count", "50", "--script", "-"], work, stdin_path=script)
        if result.output.count(b"Round complete") != rounds:
            fail("the 10,000-question game with history did not complete every round")
        kept.append(result)
    _, _, small_commands, small = games[10_000]
    _, _, large_commands, large = games[100_000]
    s, l = median(small), median(large)
    table.add(f"4. Scripted play, 10,000 questions, {small_commands:,} commands",
              f"{timing(small)}; {per_second(small_commands / s)} commands", "—", "—")
    table.add(f"4. Scripted play, 100,000 questions, {large_commands:,} commands",
              f"{timing(large)}; {per_second(large_commands / l)} commands", f"{timing(small)}: the 10,000 game",
              f"{l / s:.2f}x (CPU {median(large, lambda r: r.cpu) / median(small, lambda r: r.cpu):.2f}x)", "≤ 12x",
              l / s <= 12)
    table.add("4. Scripted play peak RSS, 100,000 vs 10,000", mib(large), mib(small), rss_ratio(large, small))
    k = median(kept)
    table.add("4. Scripted play, 10,000 questions, every answer kept in SQLite (the default)",
              f"{timing(kept)}; {(k - s) / 10_000 * 1e6:.0f} µs more per answer", f"{timing(small)}: `--no-history`",
              f"{k / s:.2f}x", "—", None)


def write_history(work, rounds=10_000, per_round=10):
    """A history of `rounds` rounds of `per_round` answers: the game makes the file (so the
    schema is its own), then rows are added as a long-time player's would be."""
    import sqlite3
    home = work / "history-home"
    env = dict(os.environ, HOME=str(home), XDG_STATE_HOME=str(home / "state"), XDG_CONFIG_HOME=str(home / "config"))
    subprocess.run([TRIVIA, "--seed", "1", "--count", "1", "--script", "-"], input=b"play\na\n\ndone\nquit\n",
                   env=env, stdout=subprocess.DEVNULL, check=True)
    path = home / "state/trivia/history.sqlite"
    categories = ["Animals", "Geography", "History", "Literature", "Mathematics", "Music", "Science", "Sports"]
    levels = ["easy", "medium", "hard", None]
    db = sqlite3.connect(path)
    with db:
        for round_index in range(rounds):
            category = categories[round_index % len(categories)] if round_index % 3 else None
            score = (round_index * 7) % (per_round + 1)
            cursor = db.execute(
                "INSERT INTO rounds (source, question_count, difficulty, category, total, score, ended_at, ended_how) "
                "VALUES ('bundled', ?, 'mixed', ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'completed')",
                (per_round, category, per_round, score))
            round_id = cursor.lastrowid
            db.executemany(
                "INSERT INTO answers (round_id, source, question_id, question, category, difficulty, chosen, "
                "correct_answer, is_right, seconds) VALUES (?, 'bundled', ?, ?, ?, ?, 'An answer', 'An answer', ?, ?)",
                [(round_id, (round_id * per_round + i) * 2654435761 % 2**63,
                  f"Question {round_id}.{i}: which of these is the one asked about here?",
                  category or categories[i % len(categories)], levels[i % 4], int(i < score), 3.5 + i % 7)
                 for i in range(per_round)])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path, rounds, rounds * per_round


def question_id(text, answer):
    """QuestionID.make as the game has it: FNV-1a (64 bits) over the folded text, a zero
    byte and the folded answer, as a signed integer."""
    value = 0xcbf29ce484222325
    for byte in (" ".join(text.lower().split()).encode() + b"\0" + " ".join(answer.lower().split()).encode()):
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value - (1 << 64) if value >= 1 << 63 else value


def write_asked_history(work, files, asked=40_000):
    """A history in which `asked` of the OpenTriviaQA questions were answered, one round of
    each 10, written as the game's own file (schema and triggers) would hold them."""
    import sqlite3
    reference = load_reference()
    home = work / "asked-home"
    env = dict(os.environ, HOME=str(home), XDG_STATE_HOME=str(home / "state"), XDG_CONFIG_HOME=str(home / "config"))
    subprocess.run([TRIVIA, "--seed", "1", "--count", "1", "--script", "-"], input=b"play\na\n\ndone\nquit\n",
                   env=env, stdout=subprocess.DEVNULL, check=True)
    path = home / "state/trivia/history.sqlite"
    rows = []
    for file in files:
        for block in reference.parse(reference.decode(file.read_bytes())):
            if reference.classify(block) == "usable":
                rows.append((block["q"], block["answer"]))
    rows = rows[:: max(1, len(rows) // asked)][:asked]
    db = sqlite3.connect(path)
    with db:
        db.executemany(
            "INSERT INTO answers (source, question_id, question, category, chosen, correct_answer, is_right, seconds) "
            "VALUES ('opentriviaqa', ?, ?, 'General', ?, ?, ?, 4.0)",
            [(question_id(text, answer), text, answer, answer, index % 3 != 0) for index, (text, answer) in enumerate(rows)])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path, len(rows)


def unasked_figure(table, work, runs):
    files = otqa_files()
    path, asked = write_asked_history(work, files)
    folder = str(OTQA)
    # The game counts what it was never asked: the ids the game makes are the ones written.
    check = run([TRIVIA, "--source", folder, "--script", "-"], work, stdin_text="play\nback\ny\nquit\n", history=path)
    match = re.search(rb"Left: +([\d,]+) of ([\d,]+) questions not yet asked", check.output)
    if not match:
        fail("play with history: no 'not yet asked' line on the landing")
    left, total = (int(group.replace(b",", b"")) for group in match.groups())
    with_history, without = alternate(
        runs, lambda: run([TRIVIA, "--source", folder, "--script", "-"], work, stdin_text="play\nquit\n", history=path),
        lambda: run([TRIVIA, "--source", folder, "--no-history", "--script", "-"], work, stdin_text="play\nquit\n"),
        expect(rb"Question 1 of 10", "play with history"), expect(rb"Question 1 of 10", "play"))
    extra = median(with_history) - median(without)
    table.add(f"6. `play` on the {total:,}-question OpenTriviaQA folder, {total - left:,} of them asked before",
              timing(with_history), f"{timing(without)}: `--no-history`", f"+{ms(extra)}", "≤ +10 ms", extra <= 0.010)


def history_figures(table, work, runs):
    path, rounds, answers = write_history(work)
    size = path.stat().st_size
    quit_with, quit_without = alternate(
        runs, lambda: run([TRIVIA, "--script", "-"], work, stdin_text="quit\n", history=path),
        lambda: run([TRIVIA, "--script", "-"], work, stdin_text="quit\n"),
        expect(rb"trivia> quit", "start-up with history"), expect(rb"trivia> quit", "start-up"))
    w, wo = median(quit_with), median(quit_without)
    table.add(f"6. Start-up with a history of {rounds:,} rounds ({answers:,} answers)", timing(quit_with),
              f"{timing(quit_without)}: no history file", f"{w / wo:.2f}x", "≤ 1.1x", w / wo <= 1.1)
    stats, plain = alternate(
        runs, lambda: run([TRIVIA, "--script", "-"], work, stdin_text="stats\nquit\n", history=path),
        lambda: run([TRIVIA, "--script", "-"], work, stdin_text="quit\n", history=path),
        expect(rb"Your stats", "stats"), expect(rb"trivia> quit", "start-up with history"))
    extra = median(stats) - median(plain)
    table.add("6. `stats` then `quit` on that history", timing(stats), f"{timing(plain)}: `quit` alone",
              f"+{ms(extra)}", "≤ +20 ms", extra <= 0.020)
    table.add(f"6. The history file with {answers:,} answers", f"{size / MIB:.1f} MiB", "—", "—", "< 20 MiB",
              size < 20 * MIB)
    unasked_figure(table, work, runs)


BURST = """
import socket, sys
sockets = []
for n in range(1000):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(sys.argv[1])
        if n % 2:
            s.sendall(b"open trivia://options" + b"x" * 5000 + b"\\n")
    except OSError:
        pass
    sockets.append(s)
for s in sockets:
    try:
        s.recv(4096)
    except OSError:
        pass
    s.close()
"""


def echo_delays(work, keys, burst):
    """Keystroke-to-echo delays (seconds) of the release game on a pseudo-terminal, `keys`
    keys one at a time; with `burst`, while 1,000 senders connect to its link socket, half of
    them silent and half sending 5 KiB."""
    import pty
    import select
    home = Path(tempfile.mkdtemp(prefix="echo-", dir=work))
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, HOME=str(home), XDG_STATE_HOME=str(home / "state"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_RUNTIME_DIR=str(runtime), TERM="xterm", NO_COLOR="1")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(str(TRIVIA), [str(TRIVIA), "--seed", "1", "--no-history"], env)

    def read_until(text, timeout=10):
        seen, end = b"", time.perf_counter() + timeout
        while text not in seen:
            left = end - time.perf_counter()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                fail(f"echo: no {text!r} from the game; it showed {seen[-300:]!r}")
            seen += os.read(fd, 65536)
        return seen

    read_until(b"trivia> ")
    time.sleep(0.3)
    flood = None
    if burst:
        script = home / "burst.py"
        script.write_text(BURST)
        flood = subprocess.Popen([sys.executable, str(script), str(runtime / "trivia/link.sock")])
        time.sleep(0.05)
    delays = []
    for index in range(keys):
        key = b"abcdefghij"[index % 10:index % 10 + 1]
        started = time.perf_counter()
        os.write(fd, key)
        read_until(key)
        delays.append(time.perf_counter() - started)
        time.sleep(0.005)  # a fast typist's pace, so the keys span the burst
        if index % 10 == 9:
            os.write(fd, b"\x15")  # Ctrl-U: a fresh line, so the echo stays one key
            time.sleep(0.01)
    if flood:
        flood.wait(timeout=30)
    os.write(fd, b"\x15quit\r")
    os.waitpid(pid, 0)
    os.close(fd)
    shutil.rmtree(home, ignore_errors=True)
    return delays


def echo_figure(table, work, runs):
    quiet, busy = [], []
    for _ in range(runs):
        quiet += echo_delays(work, 40, burst=False)
        busy += echo_delays(work, 40, burst=True)
    def p95(values):
        return sorted(values)[int(len(values) * 0.95)]
    table.add("7. Keystroke to echo at the prompt while 1,000 senders hit the link socket (median; 95th percentile)",
              f"{ms(statistics.median(busy))}; {ms(p95(busy))}",
              f"{ms(statistics.median(quiet))}; {ms(p95(quiet))}: no senders", "—", "—", None)


def navigator(table, work, runs):
    samples = []
    for _ in range(runs):
        result = run([NAVIGATOR_BENCHMARK], work)
        try:
            samples.append(json.loads(result.output))
        except ValueError:
            fail(f"NavigatorBenchmark printed {result.output[:300]!r}")
    value = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
    depth, shallow = int(value["depth"]), int(value["baseline_depth"])
    # A plan to a screen halfway down is as long as half the stack, so plans only inform.
    for key, label, floored in [("push_pop_per_s", "`Navigator` push and pop (operations)", True),
                                ("plan_per_s", "deep-link resolutions, `Router.plan`", False),
                                ("navigate_per_s", "deep links followed, `Router.navigate`", True)]:
        deep, base = value[key], value[key + "_baseline"]
        table.add(f"5. {label}, {depth:,}-deep stack", per_second(deep), f"{per_second(base)} ({shallow}-deep)",
                  f"{deep / base:.3f}x", "≥ 0.5x" if floored else "—", deep / base >= 0.5 if floored else None)


# MARK: Main


def bundled_deal(table, work, runs):
    """What the first round from the bundled bank costs: the questions compiled into the
    binary are read only then, not at start-up, and a round of 10 is dealt from them; the
    round is then abandoned, so nothing is saved at quit. The floor is on the game alone
    (`--no-history`); with history, a new player's first round also has SQLite make the
    history file and write the round to it, which costs the same whatever the bank."""
    for history, flags, floor in (("`--no-history`", ["--no-history"], True), ("history kept (the default)", [], False)):
        dealt, quit = alternate(
            runs,
            lambda: run([TRIVIA, "--seed", "1", *flags, "--script", "-"], work, stdin_text="play\nback\ny\nquit\n"),
            lambda: run([TRIVIA, "--seed", "1", *flags, "--script", "-"], work, stdin_text="quit\n"),
            expect(rb"(?s)Loaded 1,536 questions from bundled.*Question 1 of 10", "play from bundled"),
            expect(rb"trivia> quit", "start-up"))
        extra = median(dealt) - median(quit)
        table.add(f"9. Dealing a round from the bundled bank (1,536 questions read), {history}: `play`, abandon, `quit`",
                  timing(dealt), f"{timing(quit)}: `quit` alone", f"+{ms(extra)}", "≤ +5 ms" if floor else "—",
                  extra <= 0.005 if floor else None)


def night_figure(table, work, sweep_seconds):
    """Figure 8: one NightLoad process, a fresh host per player count; 1,000 players are the
    floor, 10,000 the host's ceiling (`--max-players` takes 10,000 at most, #40), and the sweep
    goes up from 2,000 in steps of 2,000 until a count misses the floor, reaches 8,000 or
    `sweep_seconds` have passed. Questions of 10 s, 3 a night. The 1,000 night is played again
    with a big screen attached, and once with half the players through the page."""
    floor_night = [str(NIGHT_LOAD), "--players", "1000", "--binary", str(TRIVIA), "--json"]
    # The same night with a big screen attached (#29), right after it so the two compare under
    # the same conditions: the screen is sent counts and top places, not every name, so the
    # players' figures should not move.
    screen = [*floor_night, "--screens", "1"]
    command = [str(NIGHT_LOAD), "--players", str(HOST_MAX_PLAYERS), "--binary", str(TRIVIA), "--json"]
    if sweep_seconds > 0:
        command += ["--sweep-from", "2000", "--sweep-step", "2000", "--sweep-to", str(HOST_MAX_PLAYERS - 2000),
                    "--sweep-seconds", str(sweep_seconds)]
    # And a night of 1,000 where half load the player's page first, as phones do (#20): the
    # page speaks the terminal's messages, so the figures should not move.
    page = [str(NIGHT_LOAD), "--players", "1000", "--page-share", "50", "--binary", str(TRIVIA), "--json"]
    figures = []
    for run in (floor_night, screen, command, page):
        print(f"bench: {' '.join(run)}", file=sys.stderr, flush=True)
        result = subprocess.run(run, cwd=work, capture_output=True, text=True, timeout=sweep_seconds + 900)
        got = []
        for line in result.stdout.splitlines():
            try:
                got.append(json.loads(line))
            except ValueError:
                print(f"bench: NightLoad: {line}", file=sys.stderr)
        if result.returncode != 0 or not got:
            sys.stderr.write(result.stdout[-2000:] + result.stderr[-2000:])
            fail("NightLoad failed")
        figures += got
    figures.sort(key=lambda f: (f["players"], f.get("page_players", 0), f.get("screens", 0)))
    largest_held = max((f["players"] for f in figures if f["holds"]), default=0)
    for f in figures:
        n = f["players"]
        floor = n == 1000
        goal = n == HOST_MAX_PLAYERS
        screens = f.get("screens", 0)
        label = f"8. A night of {n:,} players on loopback" + (
            f", {f['page_players']:,} of them through the page" if f.get("page_players") else "") + (
            " with one big screen attached" if screens == 1 else f" with {screens} big screens attached" if screens
            else "")
        fan_out = f"p50 {f['fanout_p50_ms']:.0f} ms; p99 {f['fanout_p99_ms']:.0f} ms; last {f['fanout_max_ms']:.0f} ms"
        table.add(f"{label}: fan-out, the host's `next` to the question at each player", fan_out,
                  f"in the fan-out, CPU used (and run-queue wait) against its time: host "
                  f"{f['host_cpu_pct']:.0f}% ({f['host_wait_pct']:.0f}%), generator "
                  f"{f['load_cpu_pct']:.0f}% ({f['load_wait_pct']:.0f}%)", "—",
                  "p99 ≤ 250 ms" + (" (the ceiling)" if goal else ""),
                  f["fanout_p99_ms"] <= 250 if floor else None)
        table.add(f"{label}: tally, the deadline to every verdict and the host's bars",
                  f"{f['tally_ms']:.0f} ms (bars {f['bars_ms']:.0f} ms)", "—", "—", "≤ 1 s" if floor else "—",
                  f["tally_ms"] <= 1000 if floor else None)
        problems = "; ".join(f["problems"][:2])
        table.add(f"{label}: players held; dropped",
                  f"{f['held']:,} of {n:,}; {f['dropped']:,} dropped" + (f" ({problems})" if problems else ""),
                  f"joined in {f['join_s']:.1f} s", "—", "none dropped" if floor else "—",
                  (f["held"] == n and f["dropped"] == 0) if floor else None)
        table.add(f"{label}: host memory per player; CPU per answer",
                  f"{f['host_kib_per_player']:.1f} KiB (peak {f['host_peak_mib']:.0f} MiB); "
                  f"{f['host_cpu_us_per_answer']:.0f} µs over {f['answers']:,} answers",
                  "`trivia` + `trivia-night`", "—", "≤ 50 KiB (goal)" if goal else "—", None)
        if screens:
            # The screen is sent each question after every player (its stage has the count of
            # answers), so its floor is the players' last one; the bars as the host's.
            table.add(f"{label}: the screen, the host's `next` to the question on it; the deadline to its bars; "
                      f"what it was sent",
                      f"p50 {f['screen_fanout_p50_ms']:.0f} ms; last {f['screen_fanout_max_ms']:.0f} ms; "
                      f"bars {f['screen_bars_ms']:.0f} ms; {f['screen_messages']:.0f} messages, "
                      f"{f['screen_kib']:.0f} KiB ({f['screen_question_stages']:.0f} stages a question)",
                      f"the players' last {f['fanout_max_ms']:.0f} ms; the host's bars {f['bars_ms']:.0f} ms", "—",
                      "≤ 250 ms; ≤ 1 s",
                      (f["screens_held"] == screens and f["screen_fanout_max_ms"] <= 250
                       and f["screen_bars_ms"] <= 1000) if floor else None)
    table.notes.append(f"figure 8: the largest night that held the floor was {largest_held:,} players"
                       + ("" if all(f["holds"] for f in figures) else
                          f"; {min(f['players'] for f in figures if not f['holds']):,} did not"))


# `trivia host --postgres` takes up to 200,000 players (one host 10,000); NightLoad's players
# need a descriptor each under its hard limit (20,000 here: it says when a count does not fit).
CLUSTER_MAX_PLAYERS = 15000
# `trivia host` alone (#40: what one host held within the floors here, the generator beside it).
HOST_MAX_PLAYERS = 10000


def start_postgres():
    """A throwaway PostgreSQL (Scripts/postgres.sh, which installs Debian's package if missing):
    its folder under /tmp (the postgres user must reach it) and the URL of its TCP port, which
    the room and edges reach as they would from other machines."""
    folder = tempfile.mkdtemp(prefix="bench-postgres-", dir="/tmp")
    # The watchdog stops it by itself if this process dies before its `stop`.
    environment = {**os.environ, "POSTGRES_LIFETIME": "3600"}
    result = subprocess.run(["timeout", "-k", "10", "1200", str(ROOT / "Scripts" / "postgres.sh"), "start", folder],
                            capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        stop_postgres(folder)
        sys.stderr.write(result.stdout[-2000:] + result.stderr[-2000:])
        fail("Scripts/postgres.sh could not start PostgreSQL")
    settings = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    return folder, f"postgres://{settings.get('PGUSER', 'postgres')}@127.0.0.1:{settings['PGPORT']}/postgres"


def stop_postgres(folder):
    subprocess.run(["timeout", "-k", "10", "120", str(ROOT / "Scripts" / "postgres.sh"), "stop", folder],
                   capture_output=True, text=True)
    shutil.rmtree(folder, ignore_errors=True)


def cluster_figure(table, work, sweep_seconds):
    """Figure 8 beyond one host (#30): the night's room (`trivia host --postgres`) on a
    PostgreSQL of its own and 2 edges (`trivia edge`) holding the players, every process on this
    machine, players connected to the edges in turn (a balancer's job). 1,000 players, then up
    from 2,000 in steps of 1,000 until a count misses the floor (p99 fan-out ≤ 250 ms, tally ≤ 1 s,
    none dropped), reaches the host's ceiling or `sweep_seconds` have passed."""
    command = [str(NIGHT_LOAD), "--players", "1000", "--binary", str(TRIVIA), "--json", "--edges", "2"]
    if sweep_seconds > 0:
        command += ["--sweep-from", "2000", "--sweep-step", "1000", "--sweep-to", str(CLUSTER_MAX_PLAYERS),
                    "--sweep-seconds", str(sweep_seconds)]
    folder, url = start_postgres()
    try:
        run = [*command, "--postgres", url]
        print(f"bench: {' '.join(run)}", file=sys.stderr, flush=True)
        result = subprocess.run(run, cwd=work, capture_output=True, text=True, timeout=sweep_seconds + 900)
    finally:
        stop_postgres(folder)
    figures = []
    for line in result.stdout.splitlines():
        try:
            figures.append(json.loads(line))
        except ValueError:
            print(f"bench: NightLoad: {line}", file=sys.stderr)
    if result.returncode != 0 or not figures:
        sys.stderr.write(result.stdout[-2000:] + result.stderr[-2000:])
        fail("NightLoad over 2 edges failed")
    # Every figure NightLoad gave (the NOTIFYs each way, the joins' CPU…), kept with --keep.
    (work / "cluster.jsonl").write_text("".join(json.dumps(f) + "\n" for f in figures))
    for f in figures:
        n = f["players"]
        floor = n == 1000
        label = f"8. A night of {n:,} players over 2 edges and PostgreSQL, on loopback"
        table.add(f"{label}: fan-out, the host's `next` to the question at each player",
                  f"p50 {f['fanout_p50_ms']:.0f} ms; p99 {f['fanout_p99_ms']:.0f} ms; last {f['fanout_max_ms']:.0f} ms",
                  f"in the fan-out, CPU used against its time: room {f['host_cpu_pct']:.0f}%, edges "
                  f"{f['edge_cpu_pct']:.0f}%, PostgreSQL {f['postgres_cpu_pct']:.0f}%, generator "
                  f"{f['load_cpu_pct']:.0f}%", "—", "p99 ≤ 250 ms", f["fanout_p99_ms"] <= 250 if floor else None)
        table.add(f"{label}: tally, the deadline to every verdict and the host's bars",
                  f"{f['tally_ms']:.0f} ms (bars {f['bars_ms']:.0f} ms)", "—", "—", "≤ 1 s" if floor else "—",
                  f["tally_ms"] <= 1000 if floor else None)
        problems = "; ".join(f["problems"][:2])
        table.add(f"{label}: players held; dropped",
                  f"{f['held']:,} of {n:,}; {f['dropped']:,} dropped" + (f" ({problems})" if problems else ""),
                  f"joined in {f['join_s']:.1f} s", "—", "none dropped" if floor else "—",
                  (f["held"] == n and f["dropped"] == 0) if floor else None)
        table.add(f"{label}: CPU per answer: room; edges; PostgreSQL",
                  f"{f['host_cpu_us_per_answer']:.0f}; {f['edge_cpu_us_per_answer']:.0f}; "
                  f"{f['postgres_cpu_us_per_answer']:.0f} µs over {f['answers']:,} answers",
                  f"room: `trivia` + `trivia-night room`; load average {f['load']:.2f} at the end", "—", "—", None)
        table.add(f"{label}: memory per player: room; edges",
                  f"{f['host_kib_per_player']:.1f}; {f['edge_kib_per_player']:.1f} KiB "
                  f"(peaks {f['host_peak_mib']:.0f}; {f['edge_peak_mib']:.0f} MiB)", "—", "—", "—", None)
        seconds = max(f["questions_s"], 0.001)
        table.add(f"{label}: NOTIFYs over the questions: a second; bytes a second",
                  f"{f['notifies_per_s']:.0f}/s; {f['notify_bytes_per_s'] / 1024:.0f} KiB/s",
                  f"{f['notifies']:,} NOTIFYs ({f['notifies_to_room']:,} to the room, {f['notifies_to_edges']:,} "
                  f"to edges, {f['notify_rows']:,} through rows) in {seconds:.0f} s", "—", "—", None)
    single = [row for row in table.rows if "players on loopback:" in row[0] and "over 2 edges" not in row[0]]
    held = [f["players"] for f in figures if f["holds"]]
    table.notes.append(f"figure 8 over 2 edges: the largest night that held the floor was {max(held, default=0):,} "
                       "players" + ("" if all(f["holds"] for f in figures) else
                                    f"; {min(f['players'] for f in figures if not f['holds']):,} did not")
                       + ("" if single else " (one host not run this time)"))


# Figure 10's formats: the extension `trivia convert --to` writes each by.
QUIZ_FORMATS = (("CSV", "csv"), ("XLSX", "xlsx"), ("Moodle GIFT", "gift"), ("Aiken", "aiken"))


def quiz_formats(table, work, runs, files):
    """Your own quiz (#38): the same 10,000 questions in each format a teacher brings, written
    by `trivia convert`, then `--source FILE`, play, quit, against the project's JSON of them.
    The floor is on what reading costs beyond start-up: each format's time over `quit` alone
    at most twice the JSON's."""
    bank = work / "quiz.json"
    written = write_json_bank(bank, files, limit=10_000)
    quit_runs = [run([TRIVIA, "--no-history", "--script", "-"], work, stdin_text="quit\n") for _ in range(runs + 1)][1:]
    quit = median(quit_runs)

    def load(path):
        return lambda: run([TRIVIA, "--seed", "1", "--source", path, "--no-history", "--script", "-"], work,
                           stdin_text="play\nquit\n")

    for name, extension in QUIZ_FORMATS:
        path = work / f"quiz.{extension}"
        converted = run([TRIVIA, "convert", bank, "--to", path], work)
        expect(rb"Wrote 10,000 questions", f"convert to {name}")(converted.output)
        loaded = expect(rb"Loaded 10,000 questions", f"{name} quiz")
        quiz, json_runs = alternate(runs, load(path), load(bank), loaded, loaded)
        extra, json_extra = median(quiz) - quit, median(json_runs) - quit
        ratio = extra / json_extra if json_extra > 0 else float("inf")
        table.add(f"10. Your own quiz, {written:,} questions as {name} ({path.stat().st_size / MIB:.1f} MiB): "
                  "`--source`, play, quit", f"{timing(quiz)}; +{ms(extra)} over `quit`",
                  f"{timing(json_runs)}; +{ms(json_extra)}: the same as JSON", f"{ratio:.2f}x", "≤ 2x", ratio <= 2)


def main():
    global LAUNCHER
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--play-runs", type=int, default=5, help="runs of the 100,000-question game (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use the release binaries already built")
    parser.add_argument("--results", type=Path, help="also write the report to this Markdown file")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (.build/bench-*)")
    parser.add_argument("--night-seconds", type=int, default=300,
                        help="figure 8's sweep from 2,000 players up, in seconds (default 300; 0 for none)")
    parser.add_argument("--only-night", action="store_true", help="figure 8 alone")
    parser.add_argument("--cluster-seconds", type=int, default=300,
                        help="figure 8's sweep over 2 edges and PostgreSQL from 2,000 players up, in seconds "
                        "(default 300; 0 for none)")
    parser.add_argument("--only-cluster", action="store_true", help="figure 8's night over 2 edges alone")
    parser.add_argument("--only-formats", action="store_true", help="figure 10 (your own quiz's formats) alone")
    arguments = parser.parse_args()
    if arguments.runs < 1 or arguments.play_runs < 1:
        fail("--runs and --play-runs must be at least 1")

    if arguments.only_cluster:
        arguments.only_night = True
    if not arguments.no_build:
        build()
    needed = (TRIVIA,) if arguments.only_formats else (TRIVIA, TRIVIA_NIGHT, NIGHT_LOAD) + (
        () if arguments.only_night else (NAVIGATOR_BENCHMARK,))
    for binary in needed:
        if not binary.exists():
            fail(f"{binary} is missing; run without --no-build")
    (ROOT / ".build").mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="bench-", dir=ROOT / ".build"))
    info = machine()
    started = time.perf_counter()
    table = Table()
    try:
        LAUNCHER = build_launcher(work)
        if arguments.only_formats:
            print("bench: 10. your own quiz", file=sys.stderr, flush=True)
            quiz_formats(table, work, arguments.runs, otqa_files())
        elif not arguments.only_night:
            hello = build_hello(work, "hello", ["Foundation"])
            hello_networking = build_hello(work, "hello-networking", ["Foundation", "FoundationNetworking"])
            print("bench: 1. start-up", file=sys.stderr, flush=True)
            startup(table, work, arguments.runs, hello, hello_networking)
            print("bench: 2. OpenTriviaQA import", file=sys.stderr, flush=True)
            files = otqa(table, work, arguments.runs)
            print("bench: 3. JSON bank", file=sys.stderr, flush=True)
            json_bank(table, work, arguments.runs, files)
            print("bench: 4. scripted play", file=sys.stderr, flush=True)
            play(table, work, arguments.runs, arguments.play_runs)
            print("bench: 5. navigator", file=sys.stderr, flush=True)
            navigator(table, work, arguments.runs)
            print("bench: 6. history", file=sys.stderr, flush=True)
            history_figures(table, work, arguments.runs)
            print("bench: 7. links", file=sys.stderr, flush=True)
            echo_figure(table, work, arguments.runs)
        if arguments.only_formats:
            pass
        elif not arguments.only_cluster:
            print("bench: 8. a trivia night at scale", file=sys.stderr, flush=True)
            night_figure(table, work, arguments.night_seconds)
        if not arguments.only_formats:
            print("bench: 8. a trivia night beyond one host", file=sys.stderr, flush=True)
            cluster_figure(table, work, arguments.cluster_seconds)
        if not arguments.only_night and not arguments.only_formats:
            print("bench: 9. dealing from the bundled bank", file=sys.stderr, flush=True)
            bundled_deal(table, work, arguments.runs)
            print("bench: 10. your own quiz", file=sys.stderr, flush=True)
            quiz_formats(table, work, arguments.runs, files)
    finally:
        if arguments.keep:
            print(f"bench: kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)

    report = [
        "# trivia benchmark",
        "",
        f"- date: {info['date']}",
        f"- machine: {info['nproc']} CPUs ({info['cpu']}), {info['memory']}, Linux {info['kernel']}, "
        f"load average at start {info['load']}",
        f"- {info['swift']}; Python {info['python']}; commit {info['commit']}",
        f"- each figure is the median of {arguments.runs} runs ({arguments.play_runs} for the 100,000-question game), "
        "after one warm-up in figures 1-3; trivia and its baseline alternate; ratio = trivia ÷ baseline (of the wall times); "
        "CPU = user + system time of the process; peak RSS = the child's ru_maxrss",
        f"- benchmark time after the build: {time.perf_counter() - started:.0f} s",
        "",
        table.markdown(),
        "",
    ]
    report += [f"Note: {note}." for note in table.notes]
    if table.missed:
        report += ["", "Floors missed:"] + [f"- {missed}" for missed in table.missed]
    else:
        report += ["", "Every floor is met."]
    text = "\n".join(report) + "\n"
    print(text)
    if arguments.results:
        # The history below the marker is written by hand and kept.
        previous = arguments.results.read_text() if arguments.results.exists() else ""
        history = previous[previous.find(HISTORY_MARKER):] if HISTORY_MARKER in previous else ""
        arguments.results.write_text(text + ("\n" + history if history else ""))
    if table.missed:
        print(f"bench: {len(table.missed)} floor(s) missed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
