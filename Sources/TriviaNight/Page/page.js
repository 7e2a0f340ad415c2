// A trivia night's player page: the same protocol as `trivia join`, every screen following
// the host. Whatever the host sends is shown with textContent, never parsed as HTML.
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

  const night = {
    name: "",
    token: null,
    screen: "join",
    question: null,
    /// When the question arrived on this page's clock, and the time it had left on the host's.
    arrived: 0,
    msLeft: 0,
    chosen: null,
    sent: null,
    standings: null,
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

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function item(tag, text, className) {
    const node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
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
      say("Connection lost: coming back…");
    }
    if (now - night.droppedAt >= graceMs) {
      end("The host cannot be reached any more (" + (reason || "no answer") + ").");
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

  // What the host says.

  function handle(message) {
    const kind = Object.keys(message)[0];
    const body = message[kind];
    switch (kind) {
      case "welcome": return welcome(body);
      case "refused": return refused(String(body));
      case "lobby": return lobby(body.players, body.count);
      case "question": return question(body);
      case "taken": return taken(body.q, body.c);
      case "late":
        element("question-note").textContent = "Too late: the host's time for that question was up.";
        return;
      case "verdict": return verdict(body);
      case "standings": return standings(body);
      case "final":
        night.standings = body;
        return end(null);
      case "ended": return end(String(body));
      case "kicked":
        night.token = null;
        remember();
        night.over = true;
        closeSocket();
        element("refusal").textContent = "The host removed you from the night.";
        return joinForm();
      default:
        return;
    }
  }

  function welcome(body) {
    say(night.droppedAt !== null ? "Connected again." : "", true);
    night.droppedAt = null;
    night.token = body.token;
    night.name = body.name;
    remember();
    element("title").textContent = body.title;
    document.title = body.title;
    element("you").textContent = body.name;
    lobby(body.players, body.count);
  }

  function refused(reason) {
    // A place given up after a drop, or a name refused: a new name either way.
    night.token = null;
    night.droppedAt = null;
    remember();
    closeSocket();
    element("refusal").textContent = reason;
    say("");
    joinForm();
  }

  function lobby(players, count) {
    const list = element("players");
    clear(list);
    for (const name of players || []) {
      const row = item("li", name);
      if (name === night.name) row.appendChild(item("span", " (you)", "you"));
      list.appendChild(row);
    }
    const shown = (players || []).length;
    element("count").textContent =
      count === 1 ? "1 player in." : grouped(count) + " players in" + (shown < count ? ", the newest:" : ".");
    if (night.screen === "join" || night.screen === "waiting") show("waiting");
  }

  function question(body) {
    if (!night.question || night.question.n !== body.n) {
      night.chosen = null;
    }
    night.question = body;
    night.arrived = performance.now();
    night.msLeft = body.ms;
    element("question-meta").textContent =
      "Question " + body.n + " of " + body.of + " · " + body.cat + " · " + (body.diff || "Any level");
    element("question-text").textContent = body.text;
    element("question-note").textContent = "";
    const list = element("choices");
    clear(list);
    body.choices.forEach((choice, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.choice = String(index);
      button.appendChild(item("span", String.fromCharCode(65 + index), "letter"));
      button.appendChild(item("span", choice, "text"));
      button.appendChild(item("span", "", "mark"));
      button.addEventListener("click", () => answer(index));
      const row = document.createElement("li");
      row.appendChild(button);
      list.appendChild(row);
    });
    show("question");
    markChoices();
    tick();
  }

  function answer(index) {
    const current = night.question;
    if (!current || night.chosen !== null || night.sent === current.n || secondsLeft() === 0) return;
    night.sent = current.n;
    send({ answer: { q: current.n, c: index } });
    element("question-note").textContent = "Sending your answer…";
  }

  function taken(number, choice) {
    if (!night.question || night.question.n !== number) return;
    night.chosen = choice;
    element("question-note").textContent = "Answer in: waiting for the others.";
    markChoices();
  }

  /// The chosen answer says so in words, not only in colour; once chosen, none can be.
  function markChoices() {
    const closed = night.chosen !== null || secondsLeft() === 0;
    for (const button of element("choices").querySelectorAll("button")) {
      const chosen = Number(button.dataset.choice) === night.chosen;
      button.disabled = closed;
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
      button.querySelector(".mark").textContent = chosen ? "Your answer" : "";
    }
  }

  function secondsLeft() {
    if (!night.question) return 0;
    const left = night.msLeft - (performance.now() - night.arrived);
    return Math.max(0, Math.ceil(left / 1000));
  }

  /// The countdown is the host's, measured here from when the question arrived.
  function tick() {
    if (night.screen !== "question" || !night.question) return;
    const left = Math.max(0, night.msLeft - (performance.now() - night.arrived));
    const seconds = secondsLeft();
    element("countdown").textContent =
      seconds === 0 ? "Time is up" : seconds + (seconds === 1 ? " second" : " seconds");
    const limit = night.question.limit > 0 ? night.question.limit : 1;
    element("countdown-bar").style.width = Math.min(100, (100 * left) / limit) + "%";
    if (seconds === 0) {
      markChoices();
      if (night.chosen === null && night.sent !== night.question.n) {
        element("question-note").textContent = "Time is up: waiting for the answer.";
      }
    }
  }
  setInterval(tick, 200);

  function verdict(body) {
    const right = body.choice !== null && body.choice !== undefined && body.choice === body.correct;
    const none = body.choice === null || body.choice === undefined;
    element("verdict-heading").textContent = right ? "✓ Right!" : none ? "✗ No answer in time" : "✗ Wrong";
    element("verdict-answer").textContent = "The answer: " + body.text;
    element("verdict-points").textContent =
      "+" + grouped(body.points) + " points · " + grouped(body.total) + " in all";
    element("verdict-place").textContent = "Place: " + ordinal(body.place) + " of " + grouped(body.of);
    show("verdict");
  }

  function row(cells, isYou, moved) {
    const line = document.createElement("tr");
    if (isYou) line.className = "you";
    cells.forEach((text, index) => {
      const cell = item(index === 1 ? "th" : "td", text);
      if (index === 1) cell.scope = "row";
      if (index === 1 && isYou) cell.appendChild(item("span", " (you)", "you"));
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

  function standings(body) {
    night.standings = body;
    const total = night.question ? night.question.of : body.played;
    element("standings-heading").textContent = "Standings after question " + body.played + " of " + total;
    const rows = element("standings-rows");
    clear(rows);
    for (const entry of body.rows) {
      rows.appendChild(
        row([ordinal(entry.p), rowName(entry), grouped(entry.s)], entry.n === night.name, movedText(entry.m)));
    }
    if (body.own) {
      const own = body.own;
      rows.appendChild(row([ordinal(own.p), rowName(own), grouped(own.s)], true, movedText(own.m)));
    }
    show("standings");
  }

  /// The night is over here: the final table, or the standings the player had and why.
  function end(reason) {
    night.over = true;
    clearTimeout(night.retry);
    closeSocket();
    say("");
    element("final-heading").textContent = reason ? "The night is over" : "Final standings";
    element("final-reason").textContent = reason || "";
    const podium = element("podium");
    const rows = element("final-rows");
    clear(podium);
    clear(rows);
    const table = night.standings;
    // A night ended before any question has no table to show.
    rows.closest("table").hidden = !table;
    if (table) {
      for (const entry of table.rows.slice(0, 3)) {
        const step = item("li", "", "step place-" + entry.p);
        step.appendChild(item("span", ordinal(entry.p), "place"));
        const name = step.appendChild(item("span", rowName(entry), "name"));
        if (entry.n === night.name) name.appendChild(item("span", " (you)", "you"));
        step.appendChild(item("span", grouped(entry.s) + " points", "score"));
        podium.appendChild(step);
      }
      for (const entry of table.rows) {
        rows.appendChild(row([ordinal(entry.p), rowName(entry), grouped(entry.s)], entry.n === night.name));
      }
      if (table.own) {
        rows.appendChild(row([ordinal(table.own.p), rowName(table.own), grouped(table.own.s)], true));
      }
    }
    show("final");
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
    if (night.screen !== "question" || !night.question || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toUpperCase();
    let index = -1;
    if (key.length === 1 && key >= "A" && key <= "Z") index = key.charCodeAt(0) - 65;
    if (key.length === 1 && key >= "1" && key <= "9") index = key.charCodeAt(0) - 49;
    if (index >= 0 && index < night.question.choices.length) {
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
