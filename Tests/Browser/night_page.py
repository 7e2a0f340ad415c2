#!/usr/bin/python3
"""One trivia night played by two phones (headless Chromium at 360x640, on the page the host
serves) and one terminal player, with hostile names, questions and answers; and a third phone
whose host is this script (a stand-in WebSocket), sent what a scripted host never sends: a
welcome during a reveal, the host gone, a night ended before any table, a removal.

Run by Tests/EndToEndTests/PlayerPageTests.swift:
  night_page.py --trivia PATH --work DIR --screens DIR

The host reads its lines from standard input (`--script -`): under a script its clock is
virtual and `--auto` would move on at once, so this script types `next` once both phones
show each verdict and each standings, to see and photograph every screen. Exits 0 when every
check holds, else prints what failed and exits 1.
"""

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

HOSTILE_NAME = "<iframe onload=P()>"  # 19 characters: a name may have 20.
ISSUE_NAME = "<img src=x onerror=alert(1)>"  # 28: refused as too long, shown as text.
QUESTIONS = [
    {
        "category": "<b>Tags</b>",
        "difficulty": "easy",
        "type": "multiple",
        "question": ISSUE_NAME,
        "correct_answer": "<script>P()</script>",
        "incorrect_answers": ["<iframe onload=P()>", "&lt;b&gt; &amp; &#60;i>", "\"><svg onload=P()>"],
    },
    {
        "category": "<b>Tags</b>",
        "difficulty": "easy",
        "type": "multiple",
        "question": "Which closes it? </h1><img src=x onerror=P()>",
        "correct_answer": "</button><img src=x onerror=P()>",
        "incorrect_answers": ["</li></ol><b>bold</b>", "' onmouseover='P()", "javascript:P()"],
    },
    {
        "category": "Sums",
        "difficulty": "easy",
        "type": "multiple",
        "question": "What is 2 + 2?",
        "correct_answer": "4",
        "incorrect_answers": ["3", "5", "22"],
    },
]
WAIT = 15

# Installed before the page's own script: records any script the page's data could run, and
# every policy violation (none is expected: the page never tries to load or run anything).
WATCH = """
window.__pwned = [];
window.P = () => window.__pwned.push("P");
window.alert = (text) => window.__pwned.push("alert " + text);
window.__violations = [];
window.__announced = [];
new MutationObserver(() => {
  const node = document.getElementById("announce");
  if (node && node.textContent !== window.__announced[window.__announced.length - 1]) {
    window.__announced.push(node.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
document.addEventListener("securitypolicyviolation",
  (event) => window.__violations.push(event.violatedDirective + " " + event.blockedURI));
"""

# For the phone whose host is this script: its WebSocket is a stand-in that keeps what the page
# sends and hands it what the test says, so that it can be sent what a scripted host never sends
# (a welcome during a reveal or standings: a scripted host reads no network while it waits for
# its next line there).
FAKE_SOCKET = """
window.__sent = [];
window.WebSocket = class {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    window.__socket = this;
    setTimeout(() => { this.readyState = 1; if (this.onopen) this.onopen(); }, 0);
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
};
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
window.__host = (message) => window.__socket.onmessage({ data: JSON.stringify(message) });
"""

failures = []
# axe-core's audit (axe-selenium-python, from PyPI), when --axe names the folder it is in: every
# screen a phone shows is audited in the light and the dark scheme; a serious or critical finding
# fails the test.
Axe = None
audits = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAILED: " + message, flush=True)
    return condition


class Output:
    """A child's standard output, gathered on a thread so it can be waited on."""

    def __init__(self, stream):
        self.text = ""
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self.pump, args=(stream,), daemon=True)
        self.thread.start()

    def pump(self, stream):
        for chunk in iter(lambda: stream.read1(4096), b""):
            with self.lock:
                self.text += chunk.decode("utf-8", "replace")

    def wait_for(self, pattern, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                found = re.search(pattern, self.text)
            if found:
                return found
            time.sleep(0.05)
        raise TimeoutError("no %r in:\n%s" % (pattern, self.text))


def final_table(output):
    """The rows of the last 'Everyone' table a terminal printed: (place, name, score), the
    final table having no move column (issue 37)."""
    lines = output.split("\n")
    starts = [index for index, line in enumerate(lines) if line.strip() == "Everyone"]
    rows = []
    if not starts:
        return rows
    for line in lines[starts[-1] + 1:]:
        found = re.match(r"^  +(\d+)  (.+?) *  ([\d,]+)$", line)
        if not found:
            break
        rows.append((int(found.group(1)), found.group(2), int(found.group(3).replace(",", ""))))
    return rows


def outcome():
    """What every script ends with: how many checks failed, or that all passed; its exit code."""
    if failures:
        print("%d failed" % len(failures), flush=True)
        return 1
    print("all passed", flush=True)
    return 0


def load_axe(folder):
    """Audits from now on with axe_selenium_python, found in `folder`."""
    global Axe
    sys.path.insert(0, folder)
    from axe_selenium_python import Axe as found
    Axe = found


def axe_audit(driver, label, name, each_scheme=lambda scheme: None):
    """axe-core on the page as it is, in the light and the dark scheme: a serious or critical
    finding fails, and so does text of one character below its contrast. `each_scheme` measures
    more in each."""
    if Axe is None:
        return
    axe = Axe(driver)
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        axe.inject()
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        results = axe.run()
        found = [violation for violation in results["violations"]
                 if violation["impact"] in ("serious", "critical")]
        audits.append((label, name, scheme))
        check(not found, "%s, %s, %s scheme: axe finds %s" % (label, name, scheme, "; ".join(
            "%s (%s) at %s" % (violation["id"], violation["impact"],
                               [node["target"] for node in violation["nodes"]][:3]) for violation in found)))
        short = short_text_below_contrast(results)
        check(not short, "%s, %s, %s scheme: one-character text below its contrast: %s" % (
            label, name, scheme, "; ".join(short)))
        each_scheme(scheme)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def short_text_below_contrast(results):
    """Text of one character that axe measured below the contrast it asks: axe-core reports it
    as "incomplete" (shortTextContent: it cannot tell a glyph from text), never as a violation,
    so the podium's white 1 on gold (1.7:1) passed its audit (issue 37). A digit, a letter or a
    shape is read as text is: the ratio axe measured is held to the one it expects."""
    found = []
    for rule in results.get("incomplete", []):
        if rule["id"] != "color-contrast":
            continue
        for node in rule["nodes"]:
            for part in node.get("any", []):
                data = part.get("data") or {}
                if data.get("missingData") != "shortTextContent" or data.get("contrastRatio") is None:
                    continue
                expected = float(str(data.get("expectedContrastRatio", "4.5")).split(":")[0])
                if data["contrastRatio"] < expected:
                    found.append("%s %s on %s is %.2f:1, not %.1f:1" % (
                        node["target"], data.get("fgColor"), data.get("bgColor"), data["contrastRatio"], expected))
    return found


def contrast(first, second):
    """WCAG's contrast ratio of two CSS rgb()/rgba() colours."""
    def luminance(colour):
        channels = [float(part) / 255 for part in re.findall(r"[\d.]+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted([luminance(first), luminance(second)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


class Phone:
    """A headless Chromium at a phone's size, on the night's page."""

    def __init__(self, label, screens, fake_socket=False, width=360, height=640):
        self.label = label
        self.screens = screens
        self.width, self.height = width, height
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=%d,%d" % (width, height), "--no-first-run", "--disable-extensions"]:
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": WATCH + (FAKE_SOCKET if fake_socket else "")})

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def screen(self):
        return self.js("return document.body.dataset.screen || 'join'")

    def wait(self, what, condition, timeout=WAIT):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            raise TimeoutError("%s: no %s; on screen %r: %s" % (
                self.label, what, self.screen(), self.text("main")))

    def wait_screen(self, screen, contains=None):
        self.wait(screen + (" with " + contains if contains else ""),
                  lambda: self.screen() == screen and (contains is None or contains in self.text(screen)))

    def text(self, element_id):
        return self.js("const e = document.getElementById(arguments[0]) || document.querySelector(arguments[0]);"
                       "return e ? e.textContent : ''", element_id)

    def shot(self, name):
        path = os.path.join(self.screens, name + ".png")
        self.driver.save_screenshot(path)
        print("screenshot " + path, flush=True)
        self.audit(name)

    def audit(self, name):
        """axe-core on the screen as it is, in both colour schemes, and the answers' badges."""
        axe_audit(self.driver, self.label, name, lambda scheme: self.answer_badges(name, scheme))

    def answer_badges(self, name, scheme):
        """Each answer has its letter, its shape and its colour, the letter on the colour at
        4.5:1 or more: axe leaves one-character text unjudged, so this measures it."""
        badges = self.js("""return [...document.querySelectorAll('#choices .letter')].map((badge) => {
            const style = getComputedStyle(badge);
            return [badge.textContent, style.color, style.backgroundColor];
          })""")
        for index, (text, ink, ground) in enumerate(badges):
            check(text == "▲◆●■"[index] + "ABCD"[index],
                  "%s, %s: answer %d's badge says %r" % (self.label, name, index, text))
            ratio = contrast(ink, ground)
            check(ratio >= 4.5, "%s, %s, %s scheme: answer %s's letter on its colour is %.2f:1 (%s on %s)" % (
                self.label, name, scheme, "ABCD"[index], ratio, ink, ground))
        grounds = {ground for _, _, ground in badges}
        check(len(grounds) == len(badges), "%s, %s: answers share a colour: %s" % (self.label, name, badges))

    def join(self, name):
        field = self.driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name)
        field.send_keys(Keys.ENTER)

    def table(self, body_id):
        rows = self.js("""
            return [...document.getElementById(arguments[0]).rows].map((row) => [...row.cells].map((cell) => {
              const copy = cell.cloneNode(true);
              copy.querySelectorAll('.you').forEach((you) => you.remove());
              return copy.textContent;
            }));""", body_id)
        return [(int(re.match(r"\d+", row[0]).group(0)), row[1], int(row[2].replace(",", ""))) for row in rows]

    def inert(self):
        """Nothing from the host ran, loaded or became an element."""
        pwned = self.js("return window.__pwned")
        violations = self.js("return window.__violations")
        made = self.js("""return [...document.querySelectorAll('iframe, img, svg, b, i, script, li li, button button')]
            .map((node) => node.outerHTML.slice(0, 80))""")
        scripts = self.js("return [...document.scripts].map((script) => script.getAttribute('src'))")
        check(pwned == [], "%s: script ran from the host's text: %s" % (self.label, pwned))
        check(violations == [], "%s: the policy refused something: %s" % (self.label, violations))
        # The page's own script is the one <script>; any other element listed was made from text.
        check(made == ['<script src="/%s/page.js" defer=""></script>' % self.code] and len(scripts) == 1,
              "%s: elements made from the host's text: %s" % (self.label, made))

    def quit(self):
        try:
            self.driver.quit()
        except Exception:
            pass


def stage(scene, count=4):
    return {"count": count, "limit": 20000, "names": [], "questions": 3, "scene": scene, "title": "Page <night>"}


def you(since=2, place=0, score=0, points=0, moved=0, answer=None):
    own = {"name": "Cy", "since": since, "points": points, "score": score, "place": place, "moved": moved}
    if answer is not None:
        own["answer"] = answer
    return own


def top(played):
    return {"played": played, "of": 4, "rows": [
        {"p": 1, "n": "Ann", "s": 1900, "m": 0, "l": False},
        {"p": 2, "n": HOSTILE_NAME, "s": 1000, "m": 1, "l": False},
        {"p": 3, "n": "T", "s": 950, "m": -1, "l": True},
    ]}


def late_joiner(url, code, screens):
    """A phone whose host is this script: it joins during the first reveal, sees the standings
    with its own row below the top, answers, and is told the host is gone; then, reloaded, a
    night ended before any table, and a removal. Every screen comes from the state the messages
    make."""
    phone = Phone("the late phone", screens, fake_socket=True)
    phone.code = code
    try:
        phone.driver.get(url)
        phone.wait("the name form", lambda: phone.driver.find_element(By.ID, "name").is_displayed())
        phone.join("Cy")
        phone.wait("its join", lambda: phone.js("return window.__sent.length") == 1)
        check(phone.js("return window.__sent[0]") == {"join": {"name": "Cy", "token": None}},
              "the late phone's join: %s" % phone.js("return window.__sent"))
        host = lambda message: phone.js("window.__host(arguments[0])", message)

        # Welcomed during question 1's reveal: it joined after the question was asked.
        host({"welcome": {"token": "f00d", "stage": stage({"reveal": {"n": 1, "correct": 0, "text": "<b>4</b>"}}),
                          "you": you()}})
        phone.wait_screen("verdict")
        check(phone.text("verdict-heading") == "You joined after this question was asked",
              "the late verdict %r" % phone.text("verdict-heading"))
        check(phone.text("verdict-answer") == "The answer: <b>4</b>",
              "the late answer %r" % phone.text("verdict-answer"))
        check(phone.text("verdict-points") == "+0 points · 0 in all",
              "the late points %r" % phone.text("verdict-points"))
        check(phone.text("verdict-place") == "In from question 2.", "the late place %r" % phone.text("verdict-place"))
        # Its first standings say "of 3", from the night: it never saw a question.
        host({"stage": stage({"standings": top(1)})})
        phone.wait_screen("standings", "Standings after question 1 of 3")
        check([row[1] for row in phone.table("standings-rows")] == ["Ann", HOSTILE_NAME, "T (left)"],
              "the late standings %s" % phone.table("standings-rows"))

        # Question 2: answered with a key, taken, and the countdown goes on after.
        host({"stage": stage({"question": {"n": 2, "of": 3, "cat": "Sums", "diff": "easy", "text": "2 + 2?",
                                           "choices": ["4", "5"], "ms": 10400, "limit": 20000}})})
        phone.wait_screen("question", "Question 2 of 3")
        # Ten seconds left is said to a screen reader, once.
        phone.wait("10 seconds left announced", lambda: phone.text("announce") == "10 seconds left.", timeout=3)
        phone.driver.find_element(By.TAG_NAME, "body").send_keys("b")
        phone.wait("the answer sent", lambda: phone.js("return window.__sent.length") == 2)
        check(phone.js("return window.__sent[1]") == {"answer": {"q": 2, "c": 1}},
              "the late answer sent: %s" % phone.js("return window.__sent"))
        check(phone.text("question-note") == "Sending your answer…", "the note %r" % phone.text("question-note"))
        host({"you": you(answer={"q": 2, "c": 1})})
        phone.wait("the answer taken", lambda: "Your answer" in phone.text("choices"))
        check(phone.text("question-note") == "Answer in: waiting for the others.",
              "the note once taken %r" % phone.text("question-note"))
        taken = phone.text("countdown")
        phone.wait("the countdown to go on after the answer", lambda: phone.text("countdown") != taken, timeout=3)
        phone.shot("8-late-answered")

        # Issue 35: the room restarted and lost the answer it had taken. The page comes back with
        # its token onto the question, still open, and is asked for its answer again, which goes.
        phone.js("window.__socket.onclose({ reason: 'The host restarted' })")
        # Issue 37: why it went, as a terminal says it, not "Connection lost" with the host back.
        check(phone.text("status") == "The host restarted: coming back…", "the status %r" % phone.text("status"))
        phone.wait("the come-back", lambda: phone.js("return window.__sent.length") == 3)
        check(phone.js("return window.__sent[2]") == {"join": {"name": "Cy", "token": "f00d"}},
              "the come-back: %s" % phone.js("return window.__sent"))
        host({"welcome": {"token": "f00d", "stage": stage({"question": {"n": 2, "of": 3, "cat": "Sums", "diff": "easy",
                                                                      "text": "2 + 2?", "choices": ["4", "5"],
                                                                      "ms": 9000, "limit": 20000}}),
                          "you": you()}})
        phone.wait("asked to answer again",
                   lambda: phone.text("question-note") == "Your answer did not reach the host: answer again.")
        check("Your answer" not in phone.text("choices") and phone.js(
            "return [...document.querySelectorAll('#choices button')].every((button) => !button.disabled)"),
            "the choices once the answer was lost: %r" % phone.text("choices"))
        phone.driver.find_element(By.TAG_NAME, "body").send_keys("b")
        phone.wait("the answer sent again", lambda: phone.js("return window.__sent.length") == 4)
        check(phone.js("return window.__sent[3]") == {"answer": {"q": 2, "c": 1}},
              "the answer sent again: %s" % phone.js("return window.__sent"))
        host({"you": you(answer={"q": 2, "c": 1})})
        phone.wait("the answer taken again",
                   lambda: phone.text("question-note") == "Answer in: waiting for the others.")

        # The close: its own part, then the reveal; then the standings, its row below the top.
        host({"you": you(answer={"q": 2, "c": 1}, place=4)})
        host({"stage": stage({"reveal": {"n": 2, "correct": 0, "text": "4"}})})
        phone.wait_screen("verdict", "Wrong")
        check(phone.text("verdict-place") == "Place: 4th of 4", "the late place %r" % phone.text("verdict-place"))
        host({"stage": stage({"standings": top(2)})})
        phone.wait_screen("standings", "Standings after question 2 of 3")
        check(phone.table("standings-rows")[-1] == (4, "Cy", 0), "its own row %s" % phone.table("standings-rows"))
        check(phone.js("return document.querySelector('#standings-rows tr:last-child').className") == "you",
              "its own row is marked")
        phone.shot("9-late-standings")

        # --on-screen: the question is on the big screen; the phone shows the answers' shapes.
        host({"stage": stage({"question": {"n": 3, "of": 3, "cat": "Sums", "diff": "easy", "text": "",
                                           "choices": ["", "", "", ""], "ms": 15000, "limit": 20000,
                                           "look": True}})})
        phone.wait_screen("question", "Question 3 of 3")
        check(phone.text("question-text") == "Look at the big screen: tap the answer's shape.",
              "on-screen, the question says %r" % phone.text("question-text"))
        shapes = phone.js("return [...document.querySelectorAll('#choices button')].map((b) => b.textContent)")
        check(shapes == ["▲ATriangle", "◆BDiamond", "●CCircle", "■DSquare"], "on-screen, the answers %s" % shapes)
        phone.shot("8b-on-screen")
        host({"stage": stage({"standings": top(2)})})
        phone.wait_screen("standings", "Standings after question 2 of 3")

        # The host's process is gone: the reason, with the table the player had.
        host({"ended": "The host quit."})
        phone.wait_screen("final", "The host quit.")
        check(phone.text("final-heading") == "The night is over", "the heading %r" % phone.text("final-heading"))
        check(len(phone.table("final-rows")) == 4 and phone.js("return document.querySelector('#final table').hidden")
              is False, "the table the player had: %s" % phone.table("final-rows"))

        # Reloaded, the page comes back with its token; a night the host ended before any
        # question closed shows its reason and no table, not even its heading.
        phone.driver.refresh()
        phone.wait("the join with the token", lambda: phone.js("return window.__sent.length") == 1)
        check(phone.js("return window.__sent[0]") == {"join": {"name": "Cy", "token": "f00d"}},
              "the come-back: %s" % phone.js("return window.__sent"))
        host({"welcome": {"token": "f00d", "stage": stage({"lobby": {}}), "you": you(since=1)}})
        phone.wait_screen("waiting", "4 players in")
        check(phone.text("status") == "Connected again.", "the status %r" % phone.text("status"))
        host({"stage": stage({"ended": {"reason": "The host ended the night."}})})
        phone.wait_screen("final", "The host ended the night.")
        check(phone.js("return document.querySelector('#final table').hidden") is True
              and phone.text("podium") == "", "a table shown for a night with none")
        phone.shot("10-ended-without-a-table")

        # Removed by the host: back at the name form, told so, the token forgotten.
        phone.driver.refresh()
        phone.wait("the join with the token", lambda: phone.js("return window.__sent.length") == 1)
        host({"welcome": {"token": "f00d", "stage": stage({"lobby": {}}), "you": you(since=1)}})
        phone.wait_screen("waiting")
        host({"kicked": {}})
        phone.wait("the removal", lambda: phone.screen() == "join"
                   and phone.text("refusal") == "The host removed you from the night.")
        check(phone.js("return sessionStorage.length") == 0, "the token kept after a removal")
        phone.inert()
    finally:
        phone.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trivia", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screens", required=True)
    parser.add_argument("--axe", help="the folder axe_selenium_python is in: audit every screen")
    arguments = parser.parse_args()
    os.makedirs(arguments.screens, exist_ok=True)
    began = time.monotonic()
    if arguments.axe:
        load_axe(arguments.axe)

    source = os.path.join(arguments.work, "hostile.json")
    with open(source, "w") as file:
        json.dump({"schema": "trivia-questions/1", "questions": QUESTIONS}, file)
    script = os.path.join(arguments.work, "terminal-player.txt")
    with open(script, "w") as file:
        file.write("a\nb\nc\n")

    host = subprocess.Popen(
        [arguments.trivia, "host", "--port", "0", "--bind", "127.0.0.1", "--script", "-", "--start-when", "3",
         "--count", "3", "--no-history", "--source", source, "--title", "Page <night>"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    host_output = Output(host.stdout)
    phones = []
    player = None
    try:
        url = host_output.wait_for(r"Join: (http://127\.0\.0\.1:\d+/(\w+))")
        code = url.group(2).lower()
        url = url.group(1)
        print("night at " + url, flush=True)

        ann = Phone("Ann's phone", arguments.screens)
        bee = Phone("the hostile phone", arguments.screens)
        phones = [ann, bee]
        for phone in phones:
            phone.code = code
            phone.driver.get(url)
            phone.wait("the name form", lambda phone=phone: phone.driver.find_element(By.ID, "name").is_displayed())
        with urllib.request.urlopen(url, timeout=WAIT) as response:
            policy = response.headers.get("Content-Security-Policy", "")
        check("default-src 'none'" in policy and "script-src 'self'" in policy,
              "the page's Content-Security-Policy: %r" % policy)
        ann.shot("1-join")
        late_joiner(url, code, arguments.screens)

        ann.join("Ann")
        ann.wait_screen("waiting", "Ann")
        # A name taken, in another case, is refused and said; then the issue's name, too long.
        bee.join("ANN")
        bee.wait("a refusal", lambda: "taken" in bee.text("refusal"))
        bee.join(ISSUE_NAME)
        bee.wait("a second refusal", lambda: "at most 20 characters" in bee.text("refusal"))
        bee.join(HOSTILE_NAME)
        bee.wait_screen("waiting", HOSTILE_NAME)
        # The welcome lists who is in (the host's lobby updates wait on its clock, which a
        # script stops).
        check(bee.text("players") == "Ann" + HOSTILE_NAME + " (you)", "who is in: %r" % bee.text("players"))
        check(bee.text("title") == "Page <night>", "the title as text: %r" % bee.text("title"))
        bee.shot("2-waiting")

        player = subprocess.Popen(
            [arguments.trivia, "join", url, "--name", "T", "--script", script],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        player_output = Output(player.stdout)

        for number in (1, 2, 3):
            heading = "Question %d of 3" % number
            for phone in phones:
                phone.wait_screen("question", heading)
            asked = next(q for q in QUESTIONS if q["question"] == ann.text("question-text"))
            choices = ann.js("return [...document.querySelectorAll('#choices .text')].map((e) => e.textContent)")
            check(sorted(choices) == sorted([asked["correct_answer"]] + asked["incorrect_answers"]),
                  "question %d's answers as text: %s" % (number, choices))
            check(bee.text("question-meta").find(asked["category"]) >= 0,
                  "the category as text: %r" % bee.text("question-meta"))
            if number == 1:
                # The countdown runs on the phone from the time the question had left.
                def seconds():
                    found = re.match(r"\d+", ann.text("countdown"))
                    return int(found.group(0)) if found else 0
                first = seconds()
                check(18 <= first <= 20, "the countdown at first: %r" % ann.text("countdown"))
                ann.wait("the countdown to go down", lambda: seconds() == first - 1, timeout=3)
                # A screen reader hears the question's time once, not each second going by.
                check(ann.text("announce") == "Question 1 of 3: 20 seconds to answer. Press a letter or a number to "
                      "answer.", "announced at the question: %r" % ann.text("announce"))
                check(ann.js("return window.__announced.filter((text) => text).length") == 1,
                      "announced while the countdown ran: %s" % ann.js("return window.__announced"))
            if asked["question"] == ISSUE_NAME:
                ann.shot("3-question")
            if number == 2:
                # Ann's phone reloads (as a phone's browser does after sleeping): the token
                # kept for this code brings her back to this question, with its time left.
                ann.driver.refresh()
                ann.wait_screen("question", heading)
                check(ann.text("you") == "Ann", "back as Ann, not %r" % ann.text("you"))
                host_output.wait_for(r"Ann is back")
            # Ann taps the first answer; the hostile phone answers with its keyboard (B), and
            # the question closes once all three are in.
            ann.driver.find_element(By.CSS_SELECTOR, "#choices button").click()
            ann.wait("the answer taken", lambda: "Your answer" in ann.text("choices"))
            check(ann.js("return document.querySelector('#choices button').getAttribute('aria-pressed')") == "true",
                  "the answer taken is pressed")
            if asked["question"] == ISSUE_NAME:
                ann.shot("4-answered")
            bee.driver.find_element(By.TAG_NAME, "body").send_keys("b")
            bee.wait("the answer taken", lambda: "Your answer" in bee.text("choices"))
            picked = {
                ann: choices[0],
                bee: bee.js("return document.querySelectorAll('#choices .text')[1].textContent"),
            }
            for phone in phones:
                phone.wait_screen("verdict")
                right = picked[phone] == asked["correct_answer"]
                check(phone.text("verdict-answer") == "The answer: " + asked["correct_answer"],
                      "%s: the verdict's answer %r" % (phone.label, phone.text("verdict-answer")))
                check(phone.text("verdict-heading") == ("✓ Right!" if right else "✗ Wrong"),
                      "%s: verdict %r for %r" % (phone.label, phone.text("verdict-heading"), picked[phone]))
                # Under a script the host's clock stands still: a right answer is worth 1000.
                check(phone.text("verdict-points").startswith("+1,000 points" if right else "+0 points"),
                      "%s: points %r" % (phone.label, phone.text("verdict-points")))
                check(re.fullmatch(r"Place: [123](st|nd|rd) of 3", phone.text("verdict-place")) is not None,
                      "%s: place %r" % (phone.label, phone.text("verdict-place")))
                # The verdict, its points and the place, said once to a screen reader.
                said = phone.text("announce")
                check(said == "%s. %s. %s." % ("Right!" if right else "Wrong", phone.text("verdict-points"),
                                               phone.text("verdict-place")),
                      "%s: announced at the verdict: %r" % (phone.label, said))
            if number == 1:
                ann.shot("5-verdict")
            host.stdin.write(b"next\n")
            host.stdin.flush()
            for phone in phones:
                phone.wait_screen("standings", "after question %d of 3" % number)
                rows = phone.table("standings-rows")
                check(re.fullmatch(r"After question %d you are [123](st|nd|rd) of 3\." % number,
                                   phone.text("announce")) is not None,
                      "%s: announced at the standings: %r" % (phone.label, phone.text("announce")))
                check(sorted(row[1] for row in rows) == sorted(["Ann", HOSTILE_NAME, "T"]),
                      "%s: standings %s" % (phone.label, rows))
            if number == 1:
                bee.shot("6-standings")
            host.stdin.write(b"next\n")
            host.stdin.flush()

        for phone in phones:
            phone.wait_screen("final")
        ann.shot("7-final")
        bee.shot("7-final-hostile")
        host.stdin.close()
        host.wait(timeout=WAIT)
        player.wait(timeout=WAIT)
        host_output.thread.join(5)
        player_output.thread.join(5)

        hosts = final_table(host_output.text)
        terminal = final_table(player_output.text)
        print("host's final standings: %s" % hosts, flush=True)
        check(len(hosts) == 3, "the host printed three rows: %s\n%s" % (hosts, host_output.text[-2000:]))
        check(terminal == hosts, "the terminal player's final standings %s" % terminal)
        for phone in phones:
            rows = phone.table("final-rows")
            check(rows == hosts, "%s: final standings %s" % (phone.label, rows))
            podium = phone.js("""return [...document.querySelectorAll('#podium .name')].map((name) => {
                const copy = name.cloneNode(true);
                copy.querySelectorAll('.you').forEach((you) => you.remove());
                return copy.textContent;
              })""")
            check(podium == [row[1] for row in hosts[:3]], "%s: podium %s" % (phone.label, podium))
            phone.inert()
    except Exception as error:
        failures.append("%s: %s" % (type(error).__name__, error))
        print("FAILED: %s" % error, flush=True)
        for phone in phones:
            try:
                phone.shot("failed-" + phone.label.replace(" ", "-").replace("'", ""))
            except Exception:
                pass
        print("host said:\n" + host_output.text[-3000:], flush=True)
    finally:
        for phone in phones:
            phone.quit()
        for process in [host, player]:
            if process and process.poll() is None:
                process.kill()
                process.wait()
    print("took %.1f s" % (time.monotonic() - began), flush=True)
    if Axe is not None:
        screens = sorted({name for _, name, _ in audits})
        print("axe audited %d screens in two schemes: %s" % (len(screens), ", ".join(screens)), flush=True)
        # join, waiting, question, answered, verdict, standings, final: every state a player meets.
        check(len(screens) >= 7, "axe audited only %s" % screens)
    return outcome()


if __name__ == "__main__":
    sys.exit(main())
