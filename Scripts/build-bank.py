#!/usr/bin/env python3
"""Builds the bundled question bank and what is kept beside it, or checks its counts table.

    build-bank.py merge BANK_DIR   merge BANK_DIR/*.json into Data/questions.json
    build-bank.py table            rewrite the counts in Data/README.md from Data/questions.json
    build-bank.py apply            apply Data/questions.fixes.json to Data/questions.json as it
                                   is (the fixes not applied yet), and rewrite what depends on it
    build-bank.py check            exit 1 when those counts do not match Data/questions.json, or
                                   a question has no check note, or a note no question, or a fix
                                   is not in the bank, or questions give their answers away (make
                                   test runs this)
    build-bank.py giveaways [BANK [ALLOWED]]
                                   exit 1 when a question's answer is in another question's text
                                   that is about the same thing, or in its own, unless ALLOWED
                                   (Data/questions.allowed.json) names the two with a reason

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
import math
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Data")
BANK = os.path.join(DATA, "questions.json")
CHECKS = os.path.join(DATA, "questions.checks.json")
FIXES = os.path.join(DATA, "questions.fixes.json")
REVIEW = os.path.join(DATA, "REVIEW.md")
README = os.path.join(DATA, "README.md")
ALLOWED = os.path.join(DATA, "questions.allowed.json")

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


def apply_fixes(questions, checks, fixes):
    """Applies `fixes` (Data/questions.fixes.json's) to `questions` and their check notes; a fix
    whose question is gone and whose new text is there was applied before, and is passed over.
    Returns how many were applied (or applied again)."""
    by_text = {question["question"]: question for question in questions}
    applied = 0
    for fix in fixes:
        question = by_text.get(fix["question"])
        if question is None:
            if fix["set"].get("question") in by_text:
                continue
            fail(f"questions.fixes.json names a question the bank does not hold: {fix['question']!r}")
        for key, value in fix["set"].items():
            if key not in FIELDS and key != "check":
                fail(f"questions.fixes.json sets an unknown field {key!r}")
            if key == "check":
                checks[question["question"]] = value
            elif key == "question":
                checks[value] = checks.pop(question["question"])
                del by_text[question["question"]]
                question[key] = value
                by_text[value] = question
            else:
                question[key] = value
        applied += 1
    return applied


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
    fixes = read_fixes()
    apply_fixes(questions, checks, fixes)

    write(BANK, bank_text(questions))
    write(CHECKS, checks_text(questions, checks))
    review = [
        "# How the bundled bank was checked",
        "",
        "Every question of `questions.json` was written for this project and checked twice: by its",
        "writer, then by a second reader who did not write it and who checked each fact against the",
        "reference its note names (`questions.checks.json`), its wording, its options and its level.",
        "Below, what the second reading changed in each category (index N is the question's place in",
        "its category file), and what it left for a third reader to look at; then the fixes made",
        "to the merged bank since (`trivia check --strict`, readers' reports, `build-bank.py check`).",
        "Written by `Scripts/build-bank.py` from the reviewers' logs and `questions.fixes.json`.",
        "",
        *logs,
    ]
    write(REVIEW, "\n".join(review) + "\n" + fixes_text(fixes))
    table(check=False)
    print(f"build-bank.py: {len(questions)} questions in {len(CATEGORIES)} categories, {len(fixes)} fixes applied")


FIXES_HEADING = "## Fixes after merging"


def fixes_text(fixes):
    """REVIEW.md's last section: the fixes of Data/questions.fixes.json."""
    lines = [FIXES_HEADING, ""]
    if fixes:
        for fix in fixes:
            changes = "; ".join(f"{key}: {dumps(value)}" for key, value in fix["set"].items())
            lines += [f"- {fix['question']}", f"  now: {changes}", f"  why: {fix['why']}"]
    else:
        lines.append("None: the merged bank drew no finding.")
    return "\n".join(lines) + "\n"


def read_bank(path=BANK):
    with open(path, encoding="utf-8") as file:
        return json.load(file)["questions"]


def read_checks():
    with open(CHECKS, encoding="utf-8") as file:
        return json.load(file)["checks"]


def read_fixes():
    if not os.path.exists(FIXES):
        return []
    with open(FIXES, encoding="utf-8") as file:
        return json.load(file)["fixes"]


def checks_text(questions, checks):
    ordered = {question["question"]: checks[question["question"]] for question in questions}
    return (
        "{\n"
        + '  "about": "Where each fact of questions.json can be confirmed, keyed by the question\'s text; '
        + 'kept beside the bank, never shown in play. Written by Scripts/build-bank.py.",\n'
        + '  "checks": {\n'
        + ",\n".join(f"    {dumps(text)}: {dumps(note)}" for text, note in ordered.items())
        + "\n  }\n}\n"
    )


def apply_to_bank():
    """Applies the fixes not applied yet to Data/questions.json as it is (a fix is applied when
    the question it names is gone and the text it sets is there, or when the fields it sets
    already hold), then rewrites the check notes, REVIEW.md's fixes and the counts."""
    questions, checks, fixes = read_bank(), read_checks(), read_fixes()
    applied = apply_fixes(questions, checks, fixes)
    write(BANK, bank_text(questions))
    write(CHECKS, checks_text(questions, checks))
    with open(REVIEW, encoding="utf-8") as file:
        review = file.read()
    start = review.find(FIXES_HEADING)
    if start < 0:
        fail(f"Data/REVIEW.md has no {FIXES_HEADING!r} section")
    write(REVIEW, review[:start] + fixes_text(fixes))
    table(check=False)
    print(f"build-bank.py: {applied} of {len(fixes)} fixes applied or applied again")


def check_fixes():
    """Every fix holds in the bank: its question (by the text it sets, if it sets one) has the
    fields it sets, and REVIEW.md lists the fixes."""
    by_text = {question["question"]: question for question in read_bank()}
    checks, fixes = read_checks(), read_fixes()
    for fix in fixes:
        text = fix["set"].get("question", fix["question"])
        question = by_text.get(text)
        if question is None:
            fail(f"questions.fixes.json: the bank has no question {text!r}: run python3 Scripts/build-bank.py apply")
        for key, value in fix["set"].items():
            held = checks.get(text) if key == "check" else question.get(key)
            if held != value:
                fail(f"questions.fixes.json: {text!r} has {key} {held!r}, not {value!r}: "
                     + "run python3 Scripts/build-bank.py apply")
    with open(REVIEW, encoding="utf-8") as file:
        if not file.read().endswith(fixes_text(fixes)):
            fail("Data/REVIEW.md does not list the fixes of questions.fixes.json: run python3 Scripts/build-bank.py apply")


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


# Questions that answer each other, and questions that answer themselves.
#
# Two questions dealt in one round must not answer each other: "Which film won the Palme d'Or
# at the 1994 Cannes Film Festival?" beside "Who wrote and directed "Pulp Fiction" (1994)?".
# Nor may a question hold its own answer: "In 4/4 time, how many beats does a whole note
# last?" (4). A pair is found when the right answer of one (the whole answer, or a name or
# number in it) is in the other's text, and the two share a distinctive word (one that at most
# DISTINCTIVE questions of the bank use, or a number of three digits or more): the second
# then says the first's answer about the first's subject. What is found and is fine is named,
# with a reason, in Data/questions.allowed.json; an entry that no longer matches a finding is
# an error too, so that the list stays short and true.

STOPWORDS = set("""
a about after all also an and any are as at be been before being between both but by called
can could did do does each first for from had has have he her his how in into is it its known
made main many may more most much name named no not of on one only or other our out over
same she so some such than that the their them then there these they this those through to
two under up usually was were what when where which while who whom whose why with would
""".split())
DISTINCTIVE = 6


def words(text):
    """The words and numbers of text, in lower case, accents folded, possessives cut."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(character for character in text if not unicodedata.combining(character))
    return [re.sub(r"['’]s?$", "", word) for word in re.findall(r"[a-z0-9þðæß]+(?:['’][a-z]+)?", text)]


def stem(word):
    """A crude stem, so that "rings" meets "ring" and "reclassified" meets "reclassification"."""
    if word.isdigit():
        return word
    for ending in ("ification", "ified", "ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def holds(phrase, text_words):
    """Whether the words of phrase occur together, in order, among text_words."""
    size = len(phrase)
    return any(text_words[start:start + size] == phrase for start in range(len(text_words) - size + 1))


def big_number(word):
    return word.isdigit() and len(word) >= 3


def giveaways(questions):
    """What gives an answer away, as (index, other index, the words that do, the distinctive
    words the two share): other is index when a question holds its own answer. Only multiple-choice questions have answers to give
    away; any question's text may give one away."""
    text_words = [words(question["question"]) for question in questions]
    text_stems = [[stem(word) for word in each] for each in text_words]
    frequency = collections.Counter(word for each in text_stems for word in set(each))

    def distinctive(word, stemmed):
        return big_number(word) or (
            word not in STOPWORDS and len(word) >= 3 and not word.isdigit() and frequency[stemmed] <= DISTINCTIVE)

    found = []
    for index, question in enumerate(questions):
        if question["type"].strip().lower() != "multiple":
            continue
        answer = question["correct_answer"]
        whole = words(answer)
        if whole[:1] in (["the"], ["a"], ["an"]):
            whole = whole[1:]
        if not whole:
            continue
        own_words, own_stems = text_words[index], text_stems[index]
        # Its own text: the whole answer, the number it is ("4/4" for 4), or a short answer (a
        # sound, a symbol) that a distinctive word of the question starts with ("thorn", "th").
        short = "".join(whole)
        if holds(whole, own_words) or (
            len(short) <= 3 and short.isalpha() and len(short) > 1 and any(
                word.startswith(short) and word != short and distinctive(word, stemmed)
                for word, stemmed in zip(own_words, own_stems))):
            found.append((index, index, " ".join(whole) if holds(whole, own_words) else short, []))
        # In another's text: the whole answer (a number of three digits or more, a word or
        # words), or a name in it (a capitalised word after its first, as "Vermeer" in
        # "Johannes Vermeer") or a number of three digits or more; never a word the question
        # itself uses ("Strait" of "Which strait...? Strait of Gibraltar").
        terms = []
        if not whole[0].isdigit() or big_number(whole[0]) or len(whole) > 1:
            terms.append(whole)
        names = {word for token in answer.split()[1:] if token[:1].isupper() for word in words(token)}
        for word in whole:
            if [word] not in terms and stem(word) not in own_stems and (
                    big_number(word) or word in names and len(word) >= 4 and distinctive(word, stem(word))):
                terms.append([word])
        answer_stems = {stem(word) for term in terms for word in term}
        subject = {
            stemmed for word, stemmed in zip(own_words, own_stems)
            if distinctive(word, stemmed) and stemmed not in answer_stems
        }
        for other, other_words in enumerate(text_words):
            if other == index:
                continue
            term = next((term for term in terms if holds(term, other_words)
                         or len(term) == 1 and not term[0].isdigit() and stem(term[0]) in text_stems[other]), None)
            shared = subject & set(text_stems[other]) if term is not None else set()
            if shared:
                found.append((index, other, " ".join(term), sorted(shared)))
    return found


def described(question):
    """How a failure names a question: its category, level and text."""
    return f'({question["category"]}, {question["difficulty"]}) "{question["question"]}"'


def check_giveaways(bank=BANK, allowed=ALLOWED):
    """Fails, naming each, on the give-aways that Data/questions.allowed.json does not allow,
    and on its entries that allow nothing found."""
    questions = read_bank(bank)
    entries = []
    if os.path.exists(allowed):
        with open(allowed, encoding="utf-8") as file:
            entries = json.load(file)["allowed"]
    allowed_pairs = {}
    for entry in entries:
        if not entry.get("why", "").strip():
            fail(f"{allowed}: the entry for {entry.get('answered')!r} gives no reason")
        allowed_pairs[(entry["answered"], entry["by"])] = entry
    name = os.path.relpath(bank) if bank == BANK else bank
    errors, used = [], set()
    for index, other, term, shared in giveaways(questions):
        answered, by = questions[index], questions[other]
        key = (answered["question"], by["question"])
        if key in allowed_pairs:
            used.add(key)
            continue
        where = f'{name}: question {index} {described(answered)} -> "{answered["correct_answer"]}"'
        if index == other:
            errors.append(f"{where}\n  gives its own answer away: {term!r} is in its text")
        else:
            errors.append(
                f"{where}\n  is answered by question {other} {described(by)}\n  which holds {term!r} and is about "
                + f"the same thing (both say {', '.join(map(repr, shared))})")
    for key in allowed_pairs:
        if key not in used:
            errors.append(
                f"{allowed}: allows {key[0]!r} answered by {key[1]!r}, which is not found (fixed? then drop the entry)")
    if errors:
        fail(f"{len(errors)} give-aways (reword one of the two, or allow the pair with a reason in "
             + f"{os.path.basename(allowed)}):\n" + "\n".join(errors))
    return len(allowed_pairs)


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "merge":
        merge(arguments[1])
    elif arguments == ["table"]:
        table(check=False)
    elif arguments == ["apply"]:
        apply_to_bank()
    elif arguments == ["check"]:
        table(check=True)
        check_notes()
        check_fixes()
        allowed = check_giveaways()
        print("build-bank.py: the counts in Data/README.md match Data/questions.json, every question has its check note, "
              + f"every fix holds, and no question gives an answer away ({allowed} pairs allowed)")
    elif arguments and arguments[0] == "giveaways" and len(arguments) <= 3:
        allowed = check_giveaways(*arguments[1:])
        print(f"build-bank.py: no question gives an answer away ({allowed} pairs allowed)")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
