#!/usr/bin/env python3
"""Builds the bundled question bank and what is kept beside it, or checks its counts table.

    build-bank.py merge BANK_DIR   merge BANK_DIR/*.json into Data/questions.json
    build-bank.py table            rewrite the counts in Data/README.md from Data/questions.json
    build-bank.py check            exit 1 when those counts do not match Data/questions.json, or
                                   a question has no check note, or a note no question (make
                                   test runs this)

`merge` reads the category files that were written and second-read for issue 21 (a JSON
array of questions each, every question with a one-line `check` note; BANK_DIR/SPEC.md has
their rules) and their reviewers' change logs (BANK_DIR/review/SLUG.md), and writes:

- Data/questions.json: every question, categories in the order of CATEGORIES and questions
  in their file's order, without `check`, one question a line, naming its JSON Schema;
- Data/questions.checks.json: each question's check note, keyed by its text: where the fact
  can be confirmed, kept beside the bank and never shown in play;
- Data/REVIEW.md: what the second reading changed, category by category, then the fixes
  made after `trivia check --strict` read the merged bank;
- the counts in Data/README.md.

The fixes are Data/questions.fixes.json, applied here after merging, so that merging again
from the category files gives the same bank: each names a question by its text (as merged)
and gives the fields that change and why.
"""

import collections
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Data")
BANK = os.path.join(DATA, "questions.json")
CHECKS = os.path.join(DATA, "questions.checks.json")
FIXES = os.path.join(DATA, "questions.fixes.json")
REVIEW = os.path.join(DATA, "REVIEW.md")
README = os.path.join(DATA, "README.md")

# The categories in the order the game lists them: by field, as the bank's writers were given them.
CATEGORIES = [
    ("science", "Science"), ("mathematics", "Mathematics"), ("geography", "Geography"),
    ("history", "History"), ("literature", "Literature"), ("language-and-words", "Language & Words"),
    ("music", "Music"), ("film-and-tv", "Film & TV"), ("sports", "Sports"), ("food-and-drink", "Food & Drink"),
    ("animals-and-nature", "Animals & Nature"), ("human-body", "Human Body"), ("space", "Space"),
    ("mythology", "Mythology"), ("art", "Art"), ("technology", "Technology"),
]
FIELDS = ["category", "difficulty", "type", "question", "correct_answer", "incorrect_answers"]
LEVELS = ["easy", "medium", "hard"]
TABLE_START = "<!-- The counts below are written by Scripts/build-bank.py from questions.json; make test checks them. -->"
TABLE_END = "<!-- End of the generated counts. -->"


def fail(message):
    sys.exit(f"build-bank.py: {message}")


def dumps(value):
    return json.dumps(value, ensure_ascii=False)


def write(path, text):
    """Writes atomically: a temporary file beside it, then a rename."""
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


def bank_text(questions):
    """The bank as trivia convert writes the project's JSON, with the schema named first."""
    lines = [dumps({key: question[key] for key in FIELDS if key in question}) for question in questions]
    return (
        '{\n  "$schema": "./questions.schema.json",\n  "schema": "trivia-questions/1",\n  "questions": [\n    '
        + ",\n    ".join(lines)
        + "\n  ]\n}\n"
    )


def apply_fixes(questions, checks):
    """Applies Data/questions.fixes.json; returns the entries, for REVIEW.md."""
    if not os.path.exists(FIXES):
        return []
    with open(FIXES, encoding="utf-8") as file:
        fixes = json.load(file)["fixes"]
    by_text = {question["question"]: question for question in questions}
    for fix in fixes:
        question = by_text.get(fix["question"])
        if question is None:
            fail(f"questions.fixes.json names a question the bank does not hold: {fix['question']!r}")
        for key, value in fix["set"].items():
            if key not in FIELDS and key != "check":
                fail(f"questions.fixes.json sets an unknown field {key!r}")
            if key == "check":
                checks[question["question"]] = value
            elif key == "question":
                checks[value] = checks.pop(question["question"])
                question[key] = value
            else:
                question[key] = value
    return fixes


def merge(folder):
    questions, checks, logs = [], {}, []
    for slug, name in CATEGORIES:
        path = os.path.join(folder, f"{slug}.json")
        done = os.path.join(folder, "review", f"{slug}.done")
        if not os.path.exists(done):
            fail(f"{slug}.json has not been second-read yet (no review/{slug}.done)")
        with open(path, encoding="utf-8") as file:
            items = json.load(file)
        for index, item in enumerate(items):
            if item.get("category") != name:
                fail(f"{slug}.json[{index}] is in category {item.get('category')!r}, not {name!r}")
            note = item.get("check", "").strip()
            if not note:
                fail(f"{slug}.json[{index}] has no check note")
            if item["question"] in checks:
                fail(f"{slug}.json[{index}] repeats the question {item['question']!r}")
            checks[item["question"]] = note
            questions.append({key: item[key] for key in FIELDS})
        with open(os.path.join(folder, "review", f"{slug}.md"), encoding="utf-8") as file:
            log = file.read().strip()
        # Each log starts with its own title; under REVIEW.md's it becomes a section.
        log = re.sub(r"^# .*\n+", "", log)
        log = re.sub(r"^## ", "### ", log, flags=re.M)
        logs.append(f"## {name}\n\n{log}\n")
    fixes = apply_fixes(questions, checks)

    write(BANK, bank_text(questions))
    ordered = {question["question"]: checks[question["question"]] for question in questions}
    write(
        CHECKS,
        "{\n"
        + '  "about": "Where each fact of questions.json can be confirmed, keyed by the question\'s text; '
        + 'kept beside the bank, never shown in play. Written by Scripts/build-bank.py.",\n'
        + '  "checks": {\n'
        + ",\n".join(f"    {dumps(text)}: {dumps(note)}" for text, note in ordered.items())
        + "\n  }\n}\n",
    )
    review = [
        "# How the bundled bank was checked",
        "",
        "Every question of `questions.json` was written for this project and checked twice: by its",
        "writer, then by a second reader who did not write it and who checked each fact against the",
        "reference its note names (`questions.checks.json`), its wording, its options and its level.",
        "Below, what the second reading changed in each category (index N is the question's place in",
        "its category file), and what it left for a third reader to look at; then the fixes made",
        "after `trivia check --strict` read the merged bank. Written by `Scripts/build-bank.py`",
        "from the reviewers' logs and `questions.fixes.json`.",
        "",
        *logs,
        "## Fixes after `trivia check --strict`",
        "",
    ]
    if fixes:
        for fix in fixes:
            changes = "; ".join(f"{key}: {dumps(value)}" for key, value in fix["set"].items())
            review += [f"- {fix['question']}", f"  now: {changes}", f"  why: {fix['why']}"]
    else:
        review.append("None: the merged bank drew no finding.")
    write(REVIEW, "\n".join(review) + "\n")
    table(check=False)
    print(f"build-bank.py: {len(questions)} questions in {len(CATEGORIES)} categories, {len(fixes)} fixes applied")


def counts_text():
    """Data/README.md's counts, from Data/questions.json."""
    with open(BANK, encoding="utf-8") as file:
        questions = json.load(file)["questions"]
    order, levels, answers = [], collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
    for question in questions:
        category = question["category"]
        if category not in order:
            order.append(category)
        levels[category][question.get("difficulty", "").strip().lower()] += 1
        if question["type"].strip().lower() == "boolean":
            answers[category][question["correct_answer"].strip()] += 1
    total_levels = sum(levels.values(), collections.Counter())
    total_answers = sum(answers.values(), collections.Counter())
    booleans = sum(total_answers.values())

    def row(name, level, answer):
        return f"| {name} | {level['easy']} | {level['medium']} | {level['hard']} | {answer['True']} | {answer['False']} |"

    lines = [
        TABLE_START,
        "",
        f"The bank: {len(questions):,} questions in {len(order)} categories; "
        + ", ".join(f"{total_levels[level]:,} {level}" for level in LEVELS)
        + f". {booleans:,} of them are true/false statements ({booleans * 100 // len(questions)}%): "
        + f"{total_answers['True']:,} true and {total_answers['False']:,} false.",
        "",
        "| category | easy | medium | hard | true | false |",
        "| --- | --- | --- | --- | --- | --- |",
        *(row(name, levels[name], answers[name]) for name in order),
        row(f"all {len(questions):,}", total_levels, total_answers),
        "",
        TABLE_END,
    ]
    return "\n".join(lines)


def table(check):
    with open(README, encoding="utf-8") as file:
        text = file.read()
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        fail("Data/README.md has no generated counts (the markers are missing)")
    updated = text[:start] + counts_text() + text[end + len(TABLE_END):]
    if check:
        if updated != text:
            fail("the counts in Data/README.md do not match Data/questions.json: run python3 Scripts/build-bank.py table")
    elif updated != text:
        write(README, updated)


def check_notes():
    """Every question has its check note, and every note its question."""
    with open(BANK, encoding="utf-8") as file:
        texts = [question["question"] for question in json.load(file)["questions"]]
    with open(CHECKS, encoding="utf-8") as file:
        notes = json.load(file)["checks"]
    missing = [text for text in texts if not notes.get(text, "").strip()]
    stray = sorted(set(notes) - set(texts))
    if missing or stray:
        fail(f"questions.checks.json: {len(missing)} questions without a note (first: {missing[:1]}), "
             + f"{len(stray)} notes without a question (first: {stray[:1]})")


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "merge":
        merge(arguments[1])
    elif arguments == ["table"]:
        table(check=False)
    elif arguments == ["check"]:
        table(check=True)
        check_notes()
        print("build-bank.py: the counts in Data/README.md match Data/questions.json, and every question has its check note")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
