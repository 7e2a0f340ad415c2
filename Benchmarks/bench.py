#!/usr/bin/env python3
"""The trivia benchmark: `make bench` (or `python3 Benchmarks/bench.py`).

Builds `trivia` and `NavigatorBenchmark` in release, then measures, each figure next to a
baseline measured in the same run (the machine is noisy: the ratios are what count):

  1. start-up: `trivia --script -` fed `quit`, vs a Swift hello world that imports Foundation
  2. OpenTriviaQA import (time and peak RSS) vs the Python reference reader
  3. a ~47k-question bank in the project's JSON schema vs Python's json.load
  4. scripted play of 10,000 and 100,000 questions (rounds of 50)
  5. NavigatorKit push/pop and Router resolutions on a 1,000-deep stack vs a shallow one

Every process figure is the median of several runs; trivia and its baseline runs alternate.
Each child gets its own temporary HOME and XDG directories. Prints a Markdown table and
exits with status 1 when a floor is missed. Python 3 standard library only.

Options: --runs N (default 5), --play-runs N (the 100k game; default 3), --no-build,
--results FILE (also write the report there), --keep (keep the work folder).
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
    """Release builds only, so nobody's debug build is disturbed. Others may be editing
    Sources while this runs; SwiftPM refuses a file modified during the build, so retry."""
    for product in ["trivia", "NavigatorBenchmark"]:
        for attempt in range(1, 4):
            print(f"bench: swift build -c release --product {product}", file=sys.stderr, flush=True)
            result = subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT,
                                    capture_output=True, text=True)
            if result.returncode == 0:
                break
            output = result.stdout + result.stderr
            if "modified during the build" in output and attempt < 3:
                time.sleep(2)
                continue
            sys.stderr.write(output[-4000:])
            fail(f"the release build of {product} failed")


def build_hello(work):
    source = work / "hello.swift"
    source.write_text('import Foundation\n\nprint("Hello, \\(ProcessInfo.processInfo.processName)!")\n')
    binary = work / "hello"
    result = subprocess.run(["swiftc", "-O", str(source), "-o", str(binary)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        fail("swiftc -O hello.swift failed")
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


def write_json_bank(path, files):
    """The OpenTriviaQA questions, read as the reference reader reads them, written in the
    project's schema (Data/README.md), one question a line like the bundled bank."""
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
    with open(path, "w", encoding="utf-8") as out:
        out.write('{\n  "schema": "trivia-questions/1",\n  "questions": [\n    ')
        out.write(",\n    ".join(lines))
        out.write("\n  ]\n}\n")
    return len(lines)


def write_play_script(path, questions, per_round=50):
    """Rounds of `per_round`: play, then per question an answer and an empty line (continue),
    then done on the complete screen; quit at the end."""
    rounds = questions // per_round
    one_round = "play\n" + "1\n\n" * per_round + "done\n"
    with open(path, "w") as out:
        out.write(one_round * rounds + "quit\n")
    return rounds, rounds * (2 + 2 * per_round) + 1


# MARK: Running


class Run:
    def __init__(self, seconds, max_rss_kib, output):
        self.seconds = seconds
        self.max_rss = max_rss_kib * 1024
        self.output = output


def run(argv, work, stdin_text=None, stdin_path=None):
    """Runs one child in a fresh HOME, timing exec to exit; returns its wall time, peak RSS
    (ru_maxrss from wait4, the child's own) and output. A failed child ends the benchmark."""
    home = Path(tempfile.mkdtemp(prefix="home-", dir=work))
    env = dict(os.environ)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_STATE_HOME=str(home / ".local/state"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_DATA_HOME=str(home / ".local/share"),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("NO_COLOR", None)
    if stdin_text is not None:
        stdin_path = home / "stdin"
        stdin_path.write_text(stdin_text)
    out_path = home / "stdout"
    err_path = home / "stderr"
    with open(stdin_path or os.devnull, "rb") as stdin, open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=stdin, stdout=out, stderr=err, env=env, cwd=home)
        deadline = start + TIMEOUT
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                child.returncode = -9
                fail(f"{' '.join(map(str, argv))} took more than {TIMEOUT} s")
            time.sleep(0.0005)
        seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    output = out_path.read_bytes()
    if child.returncode != 0:
        sys.stderr.write(output[-2000:].decode(errors="replace") + err_path.read_text(errors="replace")[-2000:])
        fail(f"{' '.join(map(str, argv))} exited with status {child.returncode}")
    shutil.rmtree(home, ignore_errors=True)
    return Run(seconds, usage.ru_maxrss, output)


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


def per_second(value):
    return f"{value:,.0f}/s"


# MARK: The figures


def startup(table, work, runs, hello):
    trivia, baseline = alternate(
        runs, lambda: run([TRIVIA, "--script", "-"], work, stdin_text="quit\n"), lambda: run([hello], work),
        expect(rb"trivia> quit", "start-up"), expect(rb"Hello, ", "hello world"))
    t, b = median(trivia), median(baseline)
    table.add("1. Start-up: `trivia --script -` fed `quit`, exec to exit", ms(t), f"{ms(b)} (Swift hello world, "
              "Foundation, `swiftc -O`)", f"{t / b:.2f}x", "≤ 2x", t / b <= 2)
    table.add("1. Start-up peak RSS", f"{median(trivia, lambda r: r.max_rss) / MIB:.1f} MiB",
              f"{median(baseline, lambda r: r.max_rss) / MIB:.1f} MiB (hello world)",
              f"{median(trivia, lambda r: r.max_rss) / median(baseline, lambda r: r.max_rss):.2f}x")


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
        runs, lambda: run([TRIVIA, "--seed", "1", "--source", OTQA, "--script", "-"], work, stdin_text="play\nquit\n"),
        lambda: run([sys.executable, REFERENCE, *files], work), check_trivia, expect(rb"TOTAL", "otqa_reference.py"))
    t, b = median(trivia), median(baseline)
    table.add(f"2. OpenTriviaQA import ({len(files)} files, {usable:,} questions): `--source` folder, play, quit",
              ms(t), f"{ms(b)} (`otqa_reference.py`)", f"{t / b:.3f}x", "≤ 0.1x", t / b <= 0.1)
    rss, python_rss = median(trivia, lambda r: r.max_rss), median(baseline, lambda r: r.max_rss)
    table.add("2. OpenTriviaQA import peak RSS", f"{rss / MIB:.1f} MiB", f"{python_rss / MIB:.1f} MiB (Python)",
              f"{rss / python_rss:.2f}x", "≤ 40 MiB", rss <= 40 * MIB)
    return files


def json_bank(table, work, runs, files):
    path = work / "otqa-bank.json"
    written = write_json_bank(path, files)
    size = path.stat().st_size

    def check_trivia(output):
        count = loaded_count(output)
        if count != written:
            table.notes.append(f"The JSON bank has {written:,} questions; trivia loaded {count}.")
            if count is None:
                expect(rb"Loaded [\d,]+ questions", "JSON bank")(output)

    load = "import json,sys; json.load(open(sys.argv[1], encoding='utf-8'))"
    trivia, baseline = alternate(
        runs, lambda: run([TRIVIA, "--seed", "1", "--source", path, "--script", "-"], work, stdin_text="play\nquit\n"),
        lambda: run([sys.executable, "-c", load, path], work), check_trivia)
    t, b = median(trivia), median(baseline)
    table.add(f"3. JSON bank ({written:,} questions, {size / MIB:.1f} MiB): `--source file.json`, play, quit",
              ms(t), f"{ms(b)} (`python3 -c` json.load)", f"{t / b:.2f}x", "< 1x", t < b)
    rss, python_rss = median(trivia, lambda r: r.max_rss), median(baseline, lambda r: r.max_rss)
    table.add("3. JSON bank peak RSS", f"{rss / MIB:.1f} MiB", f"{python_rss / MIB:.1f} MiB (Python)",
              f"{rss / python_rss:.2f}x")


def play(table, work, runs, play_runs):
    results = {}
    for questions, count in [(10_000, runs), (100_000, play_runs)]:
        script = work / f"play-{questions}.txt"
        rounds, commands = write_play_script(script, questions)

        def check(output, rounds=rounds):
            found = output.count(b"Round complete")
            if found != rounds:
                fail(f"the {questions:,}-question game completed {found} rounds, not {rounds}")

        trials = []
        for index in range(count):
            result = run([TRIVIA, "--seed", "1", "--count", "50", "--script", "-"], work, stdin_path=script)
            check(result.output)
            trials.append(result)
        results[questions] = (median(trials), commands, median(trials, lambda r: r.max_rss))
    (small, small_commands, small_rss), (large, large_commands, large_rss) = results[10_000], results[100_000]
    table.add(f"4. Scripted play, 10,000 questions ({small_commands:,} commands)",
              f"{ms(small)}, {per_second(small_commands / small)} commands", "—", "—")
    table.add(f"4. Scripted play, 100,000 questions ({large_commands:,} commands)",
              f"{ms(large)}, {per_second(large_commands / large)} commands", f"{ms(small)} (the 10,000 game)",
              f"{large / small:.2f}x", "≤ 12x", large / small <= 12)
    table.add("4. Scripted play peak RSS, 100,000 vs 10,000", f"{large_rss / MIB:.1f} MiB",
              f"{small_rss / MIB:.1f} MiB", f"{large_rss / small_rss:.2f}x")


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
    for key, label in [("push_pop_per_s", "`Navigator` push and pop, ops"),
                       ("plan_per_s", "`Router.plan` deep-link resolutions"),
                       ("navigate_per_s", "`Router.navigate` (resolve and go)")]:
        deep, base = value[key], value[key + "_baseline"]
        table.add(f"5. {label}, {depth:,}-deep stack", per_second(deep), f"{per_second(base)} ({shallow}-deep)",
                  f"{deep / base:.3f}x")


# MARK: Main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--play-runs", type=int, default=3, help="runs of the 100,000-question game (default 3)")
    parser.add_argument("--no-build", action="store_true", help="use the release binaries already built")
    parser.add_argument("--results", type=Path, help="also write the report to this Markdown file")
    parser.add_argument("--keep", action="store_true", help="keep the work folder in .build/bench")
    arguments = parser.parse_args()
    if arguments.runs < 1 or arguments.play_runs < 1:
        fail("--runs and --play-runs must be at least 1")

    if not arguments.no_build:
        build()
    for binary in (TRIVIA, NAVIGATOR_BENCHMARK):
        if not binary.exists():
            fail(f"{binary} is missing; run without --no-build")
    (ROOT / ".build").mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="bench-", dir=ROOT / ".build"))
    info = machine()
    started = time.perf_counter()
    table = Table()
    try:
        hello = build_hello(work)
        steps = [
            ("start-up", lambda: startup(table, work, arguments.runs, hello)),
            ("OpenTriviaQA import", lambda: table.notes.append(None) or otqa(table, work, arguments.runs)),
        ]
        print("bench: 1. start-up", file=sys.stderr, flush=True)
        startup(table, work, arguments.runs, hello)
        print("bench: 2. OpenTriviaQA import", file=sys.stderr, flush=True)
        files = otqa(table, work, arguments.runs)
        print("bench: 3. JSON bank", file=sys.stderr, flush=True)
        json_bank(table, work, arguments.runs, files)
        print("bench: 4. scripted play", file=sys.stderr, flush=True)
        play(table, work, arguments.runs, arguments.play_runs)
        print("bench: 5. navigator", file=sys.stderr, flush=True)
        navigator(table, work, arguments.runs)
        del steps
    finally:
        if not arguments.keep:
            shutil.rmtree(work, ignore_errors=True)

    report = [
        "# trivia benchmark",
        "",
        f"- date: {info['date']}",
        f"- machine: {info['nproc']} CPUs ({info['cpu']}), {info['memory']}, Linux {info['kernel']}, "
        f"load average at start {info['load']}",
        f"- {info['swift']}; Python {info['python']}; commit {info['commit']}",
        f"- each figure is the median of {arguments.runs} runs ({arguments.play_runs} for the 100,000-question game), "
        "after one warm-up; trivia and its baseline alternate; ratio = trivia ÷ baseline",
        f"- benchmark time after the build: {time.perf_counter() - started:.0f} s",
        "",
        table.markdown(),
        "",
    ]
    report += [f"Note: {note}" for note in table.notes if note]
    if table.missed:
        report += ["", "Floors missed:"] + [f"- {missed}" for missed in table.missed]
    else:
        report += ["", "Every floor is met."]
    text = "\n".join(report) + "\n"
    print(text)
    if arguments.results:
        arguments.results.write_text(text)
    if table.missed:
        print(f"bench: {len(table.missed)} floor(s) missed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
