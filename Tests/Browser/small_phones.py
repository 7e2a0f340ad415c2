#!/usr/bin/python3
"""The player's page on small phones (headless Chromium at 320x568 and 360x640): the bundled
bank's questions fit the screen, and long names break only between words.

Run by Tests/EndToEndTests/PlayerPageTests.swift:
  small_phones.py --trivia PATH --work DIR --screens DIR --bank Data/questions.json

First, on the page a host serves, a phone of each size whose host is this script (a stand-in
WebSocket, as in night_page.py) draws every question of the bank, open and with its last answer
taken (which adds "Your answer" to a button): none may make the page scroll. The same phone is
then named "Phoebe Wintersmith-Oyelaran", among the widest name the host lets in, in the waiting
room, the standings and the podium: each word on one line, nothing past the screen's side, a
name cut only with an ellipsis. (The host refuses names over 20 characters: only a stand-in
host can send a long one.)

Then a real host plays a night of the tallest questions those phones found at each size, and
the longest question of the bank, copied from the bank into a question file, to one phone of
each size and a terminal player, 120 s a question (the phones' countdowns run while they are
measured). On each question, before and after the phone's answer, the question, its answers
(four, or true and false) and the countdown lie inside the viewport and the page has nothing
to scroll. Exits 0 when every check holds, else prints what failed and exits 1.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

from selenium.webdriver.common.by import By

from night_page import WAIT, Output, Phone, check, failures, outcome

SIZES = [(320, 568), (360, 640)]
LONG_NAME = "Phoebe Wintersmith-Oyelaran"
# As wide as a name the host lets in gets: 20 of the widest letter, a word wider than a small
# phone's line, so it can only be cut.
WIDE_NAME = "W" * 20

# Each question, drawn as the host sends it, then with its last answer taken (the player's own
# part, arguments[1], given the answer and then as it was): how tall and how wide the page is
# to scroll each time, and how tall its content (the page is at least as tall as the viewport).
# The page draws a message as it comes, so this is synchronous.
SWEEP = """
const you = arguments[1];
const size = () => [document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth,
  document.body.offsetHeight];
return arguments[0].map((question) => {
  window.__host({stage: {count: 3, limit: question.limit, names: [], questions: question.of,
    title: "Trivia night", scene: {question: question}}});
  const open = size();
  window.__host({you: Object.assign({answer: {q: question.n, c: question.choices.length - 1}}, you)});
  const answered = size();
  window.__host({you: you});
  return [open, answered];
});
"""

# Where the question's parts are, as the player sees them, scrolled wherever the page is.
FIT = """
const box = (e) => { const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
return {
  width: innerWidth, height: innerHeight, scrollY: scrollY,
  scrollHeight: document.scrollingElement.scrollHeight,
  scrollWidth: document.scrollingElement.scrollWidth,
  parts: [["the question", box(document.getElementById("question-text"))],
          ["the countdown", box(document.querySelector("#question .countdown"))]].concat(
    [...document.querySelectorAll("#choices button")].map((button, index) =>
      ["answer " + String.fromCharCode(65 + index), box(button)])),
};
"""

# The words drawn across two lines in the elements a selector names: a name may wrap between
# words (at a space, or after a hyphen), never inside one. And any of those elements past the
# screen's side (arguments[1], the phone's width: a page wider than its phone makes the browser
# widen its viewport to fit), or cut without an ellipsis to say so, or cut with one and then going
# on onto another line (issue 37: "Phoebe / Winte… / Oyela…" in the standings at 320x568).
NAMES = """
const found = {broken: [], outside: [], cut: [], goesOn: [], count: 0};  // count: the elements drawn
for (const element of document.querySelectorAll(arguments[0])) {
  if (element.getClientRects().length === 0) continue;  // Not drawn: its screen is hidden.
  found.count += 1;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) found.broken.push(word[0]);
    }
  }
  const box = element.getBoundingClientRect();
  if (box.left < 0 || box.right > arguments[1]) found.outside.push(element.textContent);
  for (const part of [element, ...element.querySelectorAll("*")]) {
    if (part.scrollWidth <= part.clientWidth) continue;
    if (getComputedStyle(part).textOverflow !== "ellipsis") found.cut.push(part.textContent);
    // A name cut with an ellipsis ends there: cut on one line, never "Phoebe / Winte… / Oyela…".
    const range = document.createRange();
    range.selectNodeContents(part);
    if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) {
      found.goesOn.push(part.textContent);
    }
  }
}
return found;
"""


def answers(question):
    return [question["correct_answer"]] + question["incorrect_answers"]


def stand_in_phone(url, code, screens, width, height):
    """A phone at this size on the host's page, whose host is this script, joined and welcomed
    to the lobby."""
    phone = Phone("the %dx%d phone" % (width, height), screens, fake_socket=True, width=width, height=height)
    phone.code = code
    phone.driver.get(url)
    phone.wait("the name form", lambda: phone.driver.find_element(By.ID, "name").is_displayed())
    phone.join(LONG_NAME)
    phone.wait("its join", lambda: phone.js("return window.__sent.length") == 1)
    phone.host = lambda message: phone.js("window.__host(arguments[0])", message)
    phone.host({"welcome": {"token": "f00d", "stage": stage({"lobby": {}}), "you": you()}})
    phone.wait_screen("waiting", WIDE_NAME)
    return phone


def stage(scene):
    return {"count": 3, "limit": 120000, "names": [LONG_NAME, WIDE_NAME, "Ann"], "questions": 4, "scene": scene,
            "title": "Trivia night"}


def you():
    return {"name": LONG_NAME, "since": 1, "points": 1000, "score": 1900, "place": 1, "moved": 1}


def tallest(phone, bank):
    """Every question of the bank drawn on `phone`: checks that none scrolls, and returns the
    tallest open and the tallest answered."""
    sizes = phone.js(SWEEP, [{"n": index + 1, "of": len(bank), "cat": question["category"],
                              "diff": question["difficulty"], "text": question["question"],
                              "choices": answers(question), "ms": 120000, "limit": 120000}
                             for index, question in enumerate(bank)], you())
    width, height = phone.width, phone.height
    scrolling = [(question["question"], size) for question, size in zip(bank, sizes)
                 if any(tall > height or wide > width for tall, wide, _ in size)]
    check(scrolling == [], "%dx%d: %d of the bank's %d questions scroll (open, answered): %s"
          % (width, height, len(scrolling), len(bank), scrolling[:3]))
    found = []
    for state in ("open", "answered"):
        index = max(range(len(bank)), key=lambda index: sizes[index][len(found)][2])
        print("%dx%d: the tallest question %s: %r, %d px" % (
            width, height, state, bank[index]["question"], sizes[index][len(found)][2]), flush=True)
        found.append(bank[index])
    return found


def names_kept_whole(phone, where, selector, count):
    found = phone.js(NAMES, selector, phone.width)
    what = "%s, %s (%s)" % (phone.label, where, selector)
    check(found["count"] == count, "%s: %d names shown, not %d" % (what, found["count"], count))
    check(found["broken"] == [], "%s: words broken across lines: %s" % (what, found["broken"]))
    check(found["outside"] == [], "%s: names past the screen's side: %s" % (what, found["outside"]))
    check(found["cut"] == [], "%s: names cut without an ellipsis: %s" % (what, found["cut"]))
    check(found["goesOn"] == [], "%s: names cut with an ellipsis that go on past it: %s" % (what, found["goesOn"]))
    check(phone.js("return document.scrollingElement.scrollWidth") <= phone.width,
          "%s: the page scrolls sideways" % what)


def long_names(phone):
    """LONG_NAME (this phone's) among WIDE_NAME and Ann, wherever names are shown."""
    phone.host({"stage": stage({"lobby": {}})})
    phone.wait_screen("waiting", WIDE_NAME)
    names_kept_whole(phone, "waiting", "#you, #players li", 4)
    rows = [{"p": 1, "n": LONG_NAME, "s": 1900, "m": 1, "l": False},
            {"p": 2, "n": WIDE_NAME, "s": 1000, "m": -1, "l": False},
            {"p": 3, "n": "Ann", "s": 950, "m": 0, "l": True}]
    phone.host({"stage": stage({"standings": {"played": 2, "of": 4, "rows": rows}})})
    phone.wait_screen("standings")
    names_kept_whole(phone, "standings", "#standings-rows th", 3)
    phone.host({"stage": stage({"final": {"played": 4, "of": 4, "rows": rows}})})
    phone.wait_screen("final")
    names_kept_whole(phone, "podium", "#podium .name", 3)
    names_kept_whole(phone, "final table", "#final-rows th", 3)
    phone.shot("small-%dx%d-podium" % (phone.width, phone.height))


def fits(phone, what, choices):
    """The question, its answers and its countdown inside the viewport, nothing to scroll.
    Returns how far down the page the last answer ends."""
    seen = phone.js(FIT)
    check((seen["width"], seen["height"]) == (phone.width, phone.height),
          "%s: the viewport is %dx%d, not the phone's" % (what, seen["width"], seen["height"]))
    size = "%dx%d" % (phone.width, phone.height)
    check(len(seen["parts"]) == 2 + choices, "%s, %s: %d parts" % (size, what, len(seen["parts"])))
    for name, box in seen["parts"]:
        check(box["top"] >= 0 and box["bottom"] <= seen["height"] and box["left"] >= 0
              and box["right"] <= seen["width"],
              "%s, %s: %s at %s, outside %s" % (size, what, name, box, size))
    check(seen["scrollHeight"] <= seen["height"] and seen["scrollWidth"] <= seen["width"],
          "%s, %s: the page scrolls (%d x %d to show)" % (size, what, seen["scrollWidth"], seen["scrollHeight"]))
    last = seen["parts"][-1][1]["bottom"] + seen["scrollY"]
    print("%s, %s: %s ends at %.0f px, the page is %d px, the viewport %d px" % (
        size, what, seen["parts"][-1][0], last, seen["scrollHeight"], seen["height"]), flush=True)
    return last


class Host:
    """`trivia host` reading its lines from this script, and where its players join."""

    def __init__(self, trivia, *options):
        self.process = subprocess.Popen(
            [trivia, "host", "--port", "0", "--bind", "127.0.0.1", "--script", "-", "--no-history"] + list(options),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.output = Output(self.process.stdout)
        found = self.output.wait_for(r"Join: (http://127\.0\.0\.1:\d+/(\w+))")
        self.url, self.code = found.group(1), found.group(2).lower()

    def type(self, line):
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def end(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def night(arguments, questions):
    """One phone of each size and a terminal player play `questions`, each checked on both
    phones; the screens of the one that reaches lowest are kept as small-SIZE-question.png."""
    source = os.path.join(arguments.work, "tallest.json")
    with open(source, "w") as file:
        json.dump({"schema": "trivia-questions/1", "questions": questions}, file)
    host = Host(arguments.trivia, "--start-when", "3", "--time", "120", "--count", str(len(questions)),
                "--source", source)
    # The terminal player answers last, once both phones were measured with their answers
    # taken: the question stays open until then.
    player = None
    phones = []
    try:
        for (width, height), name in zip(SIZES, ["Ann", "Bo"]):
            phone = Phone("the %dx%d phone" % (width, height), arguments.screens, width=width, height=height)
            phones.append(phone)
            phone.code = host.code
            phone.size = "%dx%d" % (width, height)
            phone.lowest = (0, None)
            phone.driver.get(host.url)
            phone.wait("the name form", lambda phone=phone: phone.driver.find_element(By.ID, "name").is_displayed())
            phone.join(name)
            phone.wait_screen("waiting")
        player = subprocess.Popen([arguments.trivia, "join", host.url, "--name", "T", "--script", "-"],
                                  stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for number in range(1, len(questions) + 1):
            for phone in phones:
                phone.wait_screen("question", "Question %d of %d" % (number, len(questions)))
                asked = phone.text("question-text")
                choices = len(next(answers(question) for question in questions if question["question"] == asked))
                phone.shot("small-%s-%d" % (phone.size, number))
                lowest = fits(phone, "%r" % asked[:40], choices)
                if lowest > phone.lowest[0]:
                    phone.lowest = (lowest, number)
                # The lowest answer taken: its button says "Your answer" too.
                phone.driver.find_element(By.TAG_NAME, "body").send_keys(chr(ord("a") + choices - 1))
                phone.wait("the answer taken", lambda phone=phone: "Your answer" in phone.text("choices"))
                fits(phone, "%r answered" % asked[:40], choices)
            player.stdin.write(b"a\n")
            player.stdin.flush()
            for phone in phones:
                phone.wait_screen("verdict")
            host.type("next")
            for phone in phones:
                phone.wait_screen("standings")
            host.type("next")
        for phone in phones:
            phone.wait_screen("final")
            phone.inert()
            shutil.copy(os.path.join(arguments.screens, "small-%s-%d.png" % (phone.size, phone.lowest[1])),
                        os.path.join(arguments.screens, "small-%s-question.png" % phone.size))
        host.process.stdin.close()
        host.process.wait(timeout=WAIT)
        player.stdin.close()
        player.wait(timeout=WAIT)
    finally:
        for phone in phones:
            phone.quit()
        host.end()
        if player and player.poll() is None:
            player.kill()
            player.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trivia", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screens", required=True)
    parser.add_argument("--bank", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.screens, exist_ok=True)
    began = time.monotonic()
    try:
        with open(arguments.bank) as file:
            bank = json.load(file)["questions"]
        # The longest question (true or false, as it happens), and the tallest each size draws.
        questions = [max(bank, key=lambda question: len(question["question"]))]
        # A host that never starts: its page is the one measured; the phones' host is this script.
        lobby = Host(arguments.trivia)
        try:
            for width, height in SIZES:
                phone = stand_in_phone(lobby.url, lobby.code, arguments.screens, width, height)
                try:
                    questions += [question for question in tallest(phone, bank) if question not in questions]
                    long_names(phone)
                    phone.inert()
                finally:
                    phone.quit()
        finally:
            lobby.end()
        night(arguments, questions)
    except Exception as error:
        failures.append("%s: %s" % (type(error).__name__, error))
        print("FAILED: %s" % error, flush=True)
    print("took %.1f s" % (time.monotonic() - began), flush=True)
    return outcome()


if __name__ == "__main__":
    sys.exit(main())
