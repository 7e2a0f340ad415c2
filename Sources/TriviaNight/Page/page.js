// A trivia night's player page: the same protocol as `trivia join`, every screen following
// the host. Whatever the host sends is shown with textContent, never parsed as HTML.
//
// One truth per night: the page keeps the last state the host sent, {stage, you} (what every
// player sees, and this player's own part), applies each message to it as NightKit's
// NightState.apply does, and draws the screen from it alone. Besides it the page keeps only
// its connection, the token, the countdown's clock and the answer in flight.
"use strict";

(() => {
  const code = location.pathname.split("/").filter((part) => part !== "")[0] || "";
  const storageKey = "trivia-night:" + code.toLowerCase();
  /// How long the host keeps a dropped player's place; the page tries to come back that long.
  const graceMs = 60000;
  /// A page hidden this long (a phone that slept) may hold a socket that died unseen.
  const sleptMs = 15000;

  const element = (id) => document.getElementById(id);
  const screens = ["join", "waiting", "question", "verdict", "standings", "final"];
  /// The screen each scene of the night is drawn on.
  const screenOf = {
    lobby: "waiting",
    question: "question",
    reveal: "verdict",
    standings: "standings",
    final: "final",
    ended: "final",
  };

  const night = {
    /// The night as the host last said it, {stage, you}; null until welcomed.
    state: null,
    /// The name asked for, then the host's (from the welcome), and the place's secret.
    name: "",
    token: null,
    screen: "join",
    /// When the question on screen arrived on this page's clock, and the time it had left on
    /// the host's.
    arrived: 0,
    msLeft: 0,
    /// The question whose answer went to the host, until the host says it took it; the
    /// question the host said an answer came too late for.
    sent: null,
    late: null,
    /// The question whose answer the host no longer had when the page came back (a room that
    /// restarted): the player is asked to give it again.
    lost: null,
    /// The question whose choices are on screen, so that an answer taken does not make them
    /// again under the player's finger.
    drawn: null,
    over: false,
    socket: null,
    /// When the connection dropped, while the page tries to come back.
    droppedAt: null,
    retry: null,
    hiddenAt: null,
  };

  function remember() {
    try {
      if (night.token) {
        sessionStorage.setItem(storageKey, JSON.stringify({ name: night.name, token: night.token }));
      } else {
        sessionStorage.removeItem(storageKey);
      }
    } catch (error) {
      // Storage may be off (a private window): the page plays on, without coming back.
    }
  }

  function recalled() {
    try {
      const kept = JSON.parse(sessionStorage.getItem(storageKey) || "null");
      if (kept && typeof kept.name === "string" && typeof kept.token === "string") return kept;
    } catch (error) {
      // Nothing usable kept.
    }
    return null;
  }

  let sayTimer = null;

  /// A line about the connection; "Connected again." goes after a few seconds.
  function say(text, briefly) {
    clearTimeout(sayTimer);
    element("status").textContent = text;
    if (briefly) sayTimer = setTimeout(() => say(""), 4000);
  }

  function show(screen) {
    const moved = night.screen !== screen;
    night.screen = screen;
    for (const name of screens) element(name).hidden = name !== screen;
    if (moved) {
      const heading = element(screen).querySelector("h1");
      if (heading) heading.focus({ preventScroll: false });
    }
    document.body.dataset.screen = screen;
  }

  /// Each answer's shape, as on the big screen: A triangle, B diamond, C circle, D square.
  const SHAPES = ["▲", "◆", "●", "■"];
  const SHAPE_NAMES = ["Triangle", "Diamond", "Circle", "Square"];

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function item(tag, text, className) {
    const node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  /// A name, and " (you)" after this player's own: the name in a box of its own, which wraps it
  /// between words and cuts a word too wide for its line with an ellipsis (page.css); "(you)"
  /// stays outside the cut.
  function named(tag, name, isYou, className) {
    const node = item(tag, "", className);
    node.appendChild(item("span", name, "who"));
    if (isYou) node.appendChild(item("span", " (you)", "you"));
    return node;
  }

  function ordinal(place) {
    const tens = place % 100;
    const units = place % 10;
    if (tens >= 11 && tens <= 13) return place + "th";
    return place + (units === 1 ? "st" : units === 2 ? "nd" : units === 3 ? "rd" : "th");
  }

  function grouped(number) {
    return Number(number).toLocaleString("en-US");
  }

  // The connection: opened on joining, opened again with the token after any drop.

  function connect() {
    clearTimeout(night.retry);
    night.retry = null;
    if (night.socket) {
      const old = night.socket;
      night.socket = null;
      old.onclose = null;
      old.onmessage = null;
      old.close();
    }
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(scheme + "//" + location.host + "/" + code);
    night.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ join: { name: night.name, token: night.token } }));
    };
    socket.onmessage = (event) => {
      if (socket !== night.socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (message && typeof message === "object") handle(message);
    };
    socket.onclose = (event) => {
      if (socket !== night.socket) return;
      night.socket = null;
      dropped(event.reason);
    };
  }

  function send(message) {
    if (night.socket && night.socket.readyState === WebSocket.OPEN) night.socket.send(JSON.stringify(message));
  }

  /// The connection closed: with a place to keep, try again for the host's grace.
  function dropped(reason) {
    if (night.over) return;
    if (!night.token) {
      if (night.screen === "join" && element("refusal").textContent === "") {
        element("refusal").textContent = "Could not join: " + (reason || "the host does not answer") + ".";
      }
      joinForm();
      return;
    }
    const now = Date.now();
    if (night.droppedAt === null) {
      night.droppedAt = now;
      // Why, in the sentence the server closed with (the host restarted, its database away), as
      // a terminal says it: "Connection lost" alone read as a night gone when the host was back.
      say((reason ? String(reason).replace(/\.$/, "") : "Connection lost") + ": coming back…");
    }
    if (now - night.droppedAt >= graceMs) {
      handle({ ended: "The host cannot be reached any more (" + (reason || "no answer") + ")." });
      return;
    }
    const tries = Math.min(5000, 500 * Math.pow(2, Math.floor((now - night.droppedAt) / 2000)));
    night.retry = setTimeout(connect, tries);
  }

  /// Back now: the phone woke, the network returned.
  function comeBackNow() {
    if (night.over || !night.token) return;
    if (night.socket && night.socket.readyState <= WebSocket.OPEN) return;
    connect();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      night.hiddenAt = Date.now();
      return;
    }
    const slept = night.hiddenAt !== null && Date.now() - night.hiddenAt >= sleptMs;
    night.hiddenAt = null;
    if (slept && night.token && !night.over) {
      // The socket may look open yet be dead: a fresh one with the token replaces it.
      if (night.droppedAt === null) night.droppedAt = Date.now();
      connect();
    } else {
      comeBackNow();
    }
  });
  window.addEventListener("online", comeBackNow);
  window.addEventListener("offline", () => {
    if (!night.over && night.token) say("Offline: coming back when the network does…");
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) comeBackNow();
  });

  // What the host says: each message is applied to the state, then the screen is drawn.

  function handle(message) {
    const kind = Object.keys(message)[0];
    const body = message[kind];
    switch (kind) {
      case "welcome": {
        say(night.droppedAt !== null ? "Connected again." : "", true);
        night.droppedAt = null;
        night.token = body.token;
        night.name = body.you.name;
        // An answer lost with the old connection may be given again, and the player is asked
        // to; one taken is in `you`.
        const question = openQuestion();
        const given = question && (chosen() !== null || night.sent === question.n) ? question.n : null;
        const answer = body.you && body.you.answer;
        const scene = sceneOf(body.stage || {});
        night.lost = given !== null && scene.kind === "question" && scene.body.n === given
          && !(answer && answer.q === given) ? given : null;
        night.sent = null;
        remember();
        break;
      }
      case "refused": return refused(String(body));
      case "kicked": return kicked();
      case "late":
        night.late = body;
        break;
      case "stage":
      case "you":
      case "ended":
        break;
      default:
        return;
    }
    const state = applied(night.state, kind, body);
    if (!state) return;
    night.state = state;
    const scene = sceneOf(state.stage);
    if ((kind === "welcome" || kind === "stage") && scene.kind === "question") {
      // The countdown is the host's: the time the question had left, from when it arrived.
      night.arrived = performance.now();
      night.msLeft = scene.body.ms;
    }
    draw();
  }

  /// The night after `kind`, as NightState.apply has it: a welcome is the whole of it, a stage
  /// and a `you` one half each, and the host's last words (`ended`) end the scene, keeping the
  /// table it had. A refusal, a late answer, a removal are not state.
  function applied(state, kind, body) {
    switch (kind) {
      case "welcome": return { stage: body.stage, you: body.you };
      case "stage": return state && { stage: body, you: state.you };
      case "you": return state && { stage: state.stage, you: body };
      case "ended": {
        // Gone before a welcome (a page come back with its token): no table, and no name.
        const stage = state ? state.stage : { title: element("title").textContent, count: 0, names: [], questions: 0,
          limit: 0, scene: { lobby: {} } };
        const you = state ? state.you : { name: night.name, since: 1, points: 0, score: 0, place: 0, moved: 0 };
        const table = tableOf(sceneOf(stage));
        const ended = table ? { reason: String(body), table: table } : { reason: String(body) };
        return { stage: Object.assign({}, stage, { scene: { ended: ended } }), you: you };
      }
      default: return state;
    }
  }

  /// A scene is one key, its name: {kind, body}.
  function sceneOf(stage) {
    const scene = stage.scene || {};
    const kind = Object.keys(scene)[0] || "lobby";
    return { kind: kind, body: scene[kind] || {} };
  }

  /// The table a scene shows, if any.
  function tableOf(scene) {
    switch (scene.kind) {
      case "standings":
      case "final": return scene.body;
      case "ended": return scene.body.table || null;
      default: return null;
    }
  }

  /// The question on screen, while the night is on it.
  function openQuestion() {
    if (!night.state || night.over) return null;
    const scene = sceneOf(night.state.stage);
    return scene.kind === "question" ? scene.body : null;
  }

  /// This player's answer to the question on screen, once the host took it (NightState.chosen).
  function chosen() {
    const question = openQuestion();
    const answer = night.state && night.state.you.answer;
    return question && answer && answer.q === question.n ? answer.c : null;
  }

  /// This player's row when the table does not show it (NightState.ownRow).
  function ownRow(table, you) {
    if (you.place <= 0 || table.rows.some((entry) => entry.p === you.place)) return null;
    return { p: you.place, n: you.name, s: you.score, m: you.moved, l: false };
  }

  function refused(reason) {
    // A place given up after a drop, or a name refused: a new name either way.
    night.token = null;
    night.droppedAt = null;
    night.state = null;
    remember();
    closeSocket();
    element("refusal").textContent = reason;
    say("");
    joinForm();
  }

  function kicked() {
    night.token = null;
    night.state = null;
    remember();
    night.over = true;
    closeSocket();
    element("refusal").textContent = "The host removed you from the night.";
    joinForm();
  }

  // The screens, drawn from the state alone.

  function draw() {
    const state = night.state;
    if (!state) return joinForm();
    const stage = state.stage;
    element("title").textContent = stage.title;
    document.title = stage.title;
    element("you").textContent = state.you.name;
    const scene = sceneOf(stage);
    switch (scene.kind) {
      case "lobby":
        drawLobby(stage, state.you);
        break;
      case "question":
        drawQuestion(scene.body);
        break;
      case "reveal":
        drawVerdict(scene.body, stage, state.you);
        break;
      case "standings":
        drawStandings(scene.body, stage, state.you);
        break;
      case "final":
        drawEnd(null, scene.body, state.you);
        break;
      case "ended":
        drawEnd(String(scene.body.reason), scene.body.table || null, state.you);
        break;
      default:
        return;
    }
    show(screenOf[scene.kind]);
    fitNames();
  }

  /// A name wraps between its words; one with a word too wide for its line is cut instead, on
  /// one line with an ellipsis, and ends there: cut line by line it would read "Phoebe / Winte… /
  /// Oyela…", a name cut and then going on. Only the layout knows which, so this measures each
  /// name as drawn, and again when the screen's width changes.
  function fitNames() {
    for (const name of document.querySelectorAll("#you, .who")) {
      name.classList.remove("cut");
      if (name.scrollWidth > name.clientWidth) name.classList.add("cut");
    }
  }

  window.addEventListener("resize", fitNames);

  /// Sets a node's text only when it changes: a live region says each change once.
  function put(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  /// What a screen reader is told, once, when it changes: a question's time at its start and at
  /// 10 and 5 seconds left (not every second), the verdict with points and place, the place after
  /// each question and at the end.
  function announce(text) {
    put(element("announce"), text);
  }

  /// "2nd of 12", this player's place in `table`, or null when it has none there.
  function placeIn(table, stage, you) {
    const own = table.rows.find((entry) => entry.n === you.name) || ownRow(table, you);
    return own ? ordinal(own.p) + " of " + grouped(stage.count) : null;
  }

  function drawLobby(stage, you) {
    const list = element("players");
    clear(list);
    const names = stage.names || [];
    for (const name of names) {
      list.appendChild(named("li", name, name === you.name));
    }
    const count = stage.count;
    element("count").textContent =
      count === 1 ? "1 player in." : grouped(count) + " players in" + (names.length < count ? ", the newest:" : ".");
  }

  function drawQuestion(question) {
    element("question-meta").textContent =
      "Question " + question.n + " of " + question.of + " · " + question.cat + " · " + (question.diff || "Any level");
    // With --on-screen the question and its answers are on the big screen: here, their shapes.
    element("question-text").textContent = question.look ? "Look at the big screen: tap the answer's shape." : question.text;
    document.body.classList.toggle("on-screen", question.look === true);
    const list = element("choices");
    const drawn = question.n + "\n" + question.text;
    if (night.drawn !== drawn) {
      night.drawn = drawn;
      announce(
        "Question " + question.n + " of " + question.of + ": " + Math.round(question.limit / 1000) +
          " seconds to answer. Press a letter or a number to answer.");
      clear(list);
      question.choices.forEach((choice, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "choice answer-" + index;
        button.dataset.choice = String(index);
        const badge = button.appendChild(item("span", "", "letter"));
        // The shape is seen, not read: the letter says the same to a screen reader.
        badge.appendChild(item("span", SHAPES[index] || "", "shape")).setAttribute("aria-hidden", "true");
        badge.appendChild(item("span", String.fromCharCode(65 + index)));
        button.appendChild(item("span", question.look ? SHAPE_NAMES[index] || "" : choice, "text"));
        button.appendChild(item("span", "", "mark"));
        button.addEventListener("click", () => answer(index));
        const row = document.createElement("li");
        row.appendChild(button);
        list.appendChild(row);
      });
    }
    drawClock();
  }

  function msLeft() {
    return Math.max(0, night.msLeft - (performance.now() - night.arrived));
  }

  function secondsLeft() {
    return Math.ceil(msLeft() / 1000);
  }

  /// The question's countdown, its choices and its note: the host's time, measured here from
  /// when the question arrived, goes on whether or not this player answered.
  function drawClock() {
    const question = openQuestion();
    if (!question) return;
    const seconds = secondsLeft();
    put(element("countdown"), seconds === 0 ? "Time is up" : seconds + (seconds === 1 ? " second" : " seconds"));
    const limit = question.limit > 0 ? question.limit : 1;
    element("countdown-bar").style.width = Math.min(100, (100 * msLeft()) / limit) + "%";
    // The chosen answer says so in words, not only in colour; once chosen, none can be.
    const choice = chosen();
    const closed = choice !== null || seconds === 0;
    for (const button of element("choices").querySelectorAll("button")) {
      const mine = Number(button.dataset.choice) === choice;
      button.disabled = closed;
      button.setAttribute("aria-pressed", mine ? "true" : "false");
      put(button.querySelector(".mark"), mine ? "Your answer" : "");
    }
    if (choice === null && (seconds === 10 || seconds === 5)) announce(seconds + " seconds left.");
    let note = "";
    if (choice !== null) note = "Answer in: waiting for the others.";
    else if (night.late === question.n) note = "Too late: the host's time for that question was up.";
    else if (night.sent === question.n) note = "Sending your answer…";
    else if (night.lost === question.n && seconds > 0) note = "Your answer did not reach the host: answer again.";
    else if (seconds === 0) note = "Time is up: waiting for the answer.";
    put(element("question-note"), note);
  }
  setInterval(() => {
    if (night.screen === "question") drawClock();
  }, 200);

  function answer(index) {
    const question = openQuestion();
    if (!question || chosen() !== null || night.sent === question.n || secondsLeft() === 0) return;
    night.sent = question.n;
    send({ answer: { q: question.n, c: index } });
    drawClock();
  }

  /// This player's result for the question just revealed (NightState.verdict).
  function drawVerdict(answer, stage, you) {
    const choice = you.answer && you.answer.q === answer.n ? you.answer.c : null;
    // One who joined after the question was asked had no chance to answer it.
    const missed = answer.n < you.since;
    element("verdict-heading").textContent =
      choice !== null && choice === answer.correct ? "✓ Right!"
        : missed ? "You joined after this question was asked"
        : choice === null ? "✗ No answer in time"
        : "✗ Wrong";
    element("verdict-answer").textContent = "The answer: " + answer.text;
    element("verdict-points").textContent =
      "+" + grouped(you.points) + " points · " + grouped(you.score) + " in all";
    element("verdict-place").textContent = you.place > 0
      ? "Place: " + ordinal(you.place) + " of " + grouped(stage.count)
      : "In from question " + you.since + ".";
    announce([element("verdict-heading"), element("verdict-points"), element("verdict-place")]
      .map((node) => node.textContent.replace(/^[✓✗] /, "")).join(". ") + ".");
  }

  function row(cells, isYou, moved) {
    const line = document.createElement("tr");
    if (isYou) line.className = "you";
    cells.forEach((text, index) => {
      const cell = index === 1 ? named("th", text, isYou) : item("td", text);
      if (index === 1) cell.scope = "row";
      line.appendChild(cell);
    });
    if (moved !== undefined) line.appendChild(item("td", moved));
    return line;
  }

  function movedText(moved) {
    if (moved > 0) return "↑" + moved;
    if (moved < 0) return "↓" + -moved;
    return "–";
  }

  function rowName(entry) {
    return entry.n + (entry.l ? " (left)" : "");
  }

  /// After a question: the top of the table, and this player's row below it when it is not
  /// there. "Of" the night's questions, which a player who joined late knows from the stage.
  function drawStandings(table, stage, you) {
    element("standings-heading").textContent =
      "Standings after question " + table.played + " of " + stage.questions;
    const place = placeIn(table, stage, you);
    if (place) announce("After question " + table.played + " you are " + place + ".");
    const rows = element("standings-rows");
    clear(rows);
    const own = ownRow(table, you);
    for (const entry of own ? table.rows.concat([own]) : table.rows) {
      rows.appendChild(
        row([ordinal(entry.p), rowName(entry), grouped(entry.s)], entry.n === you.name, movedText(entry.m)));
    }
  }

  /// The night is over here: the final table, or the table the player had (if any) and why.
  function drawEnd(reason, table, you) {
    finish();
    element("final-heading").textContent = reason !== null ? "The night is over" : "Final standings";
    element("final-reason").textContent = reason || "";
    const podium = element("podium");
    const rows = element("final-rows");
    clear(podium);
    clear(rows);
    // A night ended before any question closed has no table, nor a heading for one.
    rows.closest("table").hidden = !table;
    podium.hidden = !table;
    const place = table && placeIn(table, night.state.stage, you);
    announce((reason ? reason.replace(/\.$/, "") : "The night is over") + (place ? ": you are " + place + "." : "."));
    if (!table) return;
    for (const entry of table.rows.slice(0, 3)) {
      const step = item("li", "", "step place-" + entry.p);
      step.appendChild(item("span", ordinal(entry.p), "place"));
      step.appendChild(named("span", rowName(entry), entry.n === you.name, "name"));
      step.appendChild(item("span", grouped(entry.s) + " points", "score"));
      podium.appendChild(step);
    }
    const own = ownRow(table, you);
    for (const entry of own ? table.rows.concat([own]) : table.rows) {
      rows.appendChild(row([ordinal(entry.p), rowName(entry), grouped(entry.s)], entry.n === you.name));
    }
  }

  /// Nothing more comes from this night: the connection closes and is not tried again.
  function finish() {
    night.over = true;
    clearTimeout(night.retry);
    night.retry = null;
    closeSocket();
    say("");
  }

  function closeSocket() {
    const socket = night.socket;
    night.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  function joinForm() {
    const button = element("join-button");
    button.disabled = false;
    button.textContent = "Join";
    show("join");
    element("name").focus();
  }

  // The name form, and keys for the answers (A to Z, or 1 to 9).

  element("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = element("name").value.trim();
    if (name === "") return;
    night.name = name;
    night.token = null;
    night.over = false;
    night.droppedAt = null;
    element("refusal").textContent = "";
    const button = element("join-button");
    button.disabled = true;
    button.textContent = "Joining…";
    connect();
  });

  document.addEventListener("keydown", (event) => {
    const question = openQuestion();
    if (night.screen !== "question" || !question || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toUpperCase();
    let index = -1;
    if (key.length === 1 && key >= "A" && key <= "Z") index = key.charCodeAt(0) - 65;
    if (key.length === 1 && key >= "1" && key <= "9") index = key.charCodeAt(0) - 49;
    if (index >= 0 && index < question.choices.length) {
      event.preventDefault();
      answer(index);
    }
  });

  // A page opened again (reloaded, or its tab restored) comes back to its place.
  const kept = recalled();
  if (kept) {
    night.name = kept.name;
    night.token = kept.token;
    element("name").value = kept.name;
    night.droppedAt = Date.now();
    say("Coming back to the night…");
    connect();
  } else {
    element("name").focus();
  }
})();
