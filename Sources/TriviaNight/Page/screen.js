// A trivia night's big screen, for a projector or a TV: read-only, it never joins. It opens the
// night's WebSocket, says {"watch":{"key":KEY}}, with the screen's own key from its address
// (/CODE/screen#KEY, as the host's lobby shows it: after #, no request carries it), and is then
// sent every stage, as the players are, with what only a screen shows (how many have answered;
// at the reveal, the bars and the fastest).
// Whatever the host sends is shown with textContent, never parsed as HTML.
//
// One truth: the screen keeps the last stage the host sent and draws itself from it alone.
// Besides it the screen keeps only its connection and the countdown's clock.
"use strict";

(() => {
  const code = location.pathname.split("/").filter((part) => part !== "")[0] || "";
  const key = location.hash.slice(1);
  const element = (id) => document.getElementById(id);
  const scenes = ["connecting", "lobby", "question", "reveal", "standings", "final"];
  const svg = "http://www.w3.org/2000/svg";
  const letters = "ABCDEFGH";
  /// Each answer's shape, as on the phones: A triangle, B diamond, C circle, D square. With the
  /// letter and the colour, answers are told apart without reading or seeing colour.
  const shapes = ["▲", "◆", "●", "■"];

  /// An answer's shape (seen, not read: the letter says the same) and its letter, or a mark.
  function badge(index, mark) {
    const node = make("span", "letter");
    const shape = make("span", "shape", shapes[index] || "");
    shape.setAttribute("aria-hidden", "true");
    node.append(shape, make("span", "", mark || letters[index]));
    return node;
  }

  const screen = {
    /// The stage as the host last said it; null until the first.
    stage: null,
    /// When the question on screen arrived, on this page's clock, and the time it had left.
    arrived: 0,
    msLeft: 0,
    /// The night is over: the screen stays on its last scene and does not reconnect.
    over: false,
    socket: null,
    retry: null,
  };

  /// Replaces an element's children with `children`.
  function fill(parent, children) {
    parent.replaceChildren(...children);
  }

  function make(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  const grouped = (number) => number.toLocaleString("en-US");
  const counted = (number, one, many) => grouped(number) + " " + (number === 1 ? one : many);

  function show(scene) {
    for (const name of scenes) element(name).hidden = name !== scene;
    document.body.dataset.scene = scene;
  }

  // MARK: The lobby

  /// The join address's QR code, from the modules trivia-night gave the page: an SVG path of
  /// the dark modules on a light square with its quiet zone.
  function drawQR() {
    const rows = (document.body.dataset.qr || "").split(" ").filter((row) => row !== "");
    const box = element("qr");
    if (rows.length === 0 || box.firstChild) return;
    const quiet = 4;
    const size = rows.length + 2 * quiet;
    const image = document.createElementNS(svg, "svg");
    image.setAttribute("viewBox", "0 0 " + size + " " + size);
    image.setAttribute("shape-rendering", "crispEdges");
    const light = document.createElementNS(svg, "rect");
    light.setAttribute("width", String(size));
    light.setAttribute("height", String(size));
    light.setAttribute("fill", "#fff");
    const dark = document.createElementNS(svg, "path");
    let path = "";
    rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x += 1) {
        if (row[x] === "1") path += "M" + (x + quiet) + " " + (y + quiet) + "h1v1h-1z";
      }
    });
    dark.setAttribute("d", path);
    dark.setAttribute("fill", "#000");
    image.append(light, dark);
    box.append(image);
  }

  /// The join address, which may break after the slash before the code and nowhere else: the
  /// code is what a person copies, and "…/9X" above "YPYP" reads as two codes.
  function drawJoin(address) {
    const slash = address.lastIndexOf("/") + 1;
    fill(element("join"), [address.slice(0, slash), make("wbr"), make("span", "code", address.slice(slash))]);
  }

  function drawLobby(stage) {
    drawQR();
    drawJoin(document.body.dataset.join || location.href.replace(/\/screen$/, ""));
    // From a terminal with nothing installed (#39): the line to type, and the host key's fingerprint.
    const ssh = element("ssh");
    // The key's fingerprint on a line of its own, whole where it fits.
    const door = (document.body.dataset.ssh || "").replace(" · key ", "\n");
    ssh.textContent = door ? "or from a terminal: " + door : "";
    ssh.hidden = !document.body.dataset.ssh;
    element("settings").textContent =
      counted(stage.questions, "question", "questions") + " · " + Math.round(stage.limit / 1000) + " s each";
    element("lobby-count").textContent =
      stage.count === 0 ? "No players yet" : counted(stage.count, "player", "players") + " in";
    const names = stage.names.map((name) => make("li", "", name));
    const more = stage.count - stage.names.length;
    if (more > 0) names.unshift(make("li", "more", "+" + grouped(more) + " more"));
    fill(element("lobby-names"), names);
  }

  // MARK: A question

  function drawQuestion(question) {
    element("question-text").textContent = question.text;
    fill(
      element("choices"),
      question.choices.map((choice, index) => {
        const item = make("li", "choice choice-" + index);
        item.append(badge(index), make("span", "text", choice));
        return item;
      }),
    );
    const of = question.can === undefined ? screen.stage.count : question.can;
    element("answered").textContent =
      question.in === undefined ? "" : grouped(question.in) + " of " + counted(of, "player", "players") + " answered";
    tick();
  }

  /// The countdown, from the time the question had left when it arrived.
  function tick() {
    const scene = screen.stage && screen.stage.scene.question;
    if (!scene) return;
    const left = Math.max(0, screen.msLeft - (performance.now() - screen.arrived));
    element("countdown").textContent = Math.ceil(left / 1000) + " s";
    element("countdown-bar").style.width = (scene.limit > 0 ? (100 * left) / scene.limit : 0) + "%";
    element("question").classList.toggle("hurry", left <= 5000);
  }

  // MARK: The reveal

  function drawReveal(answer) {
    element("reveal-question").textContent = answer.q || "Question " + answer.n;
    const choices = answer.choices || [answer.text];
    const counts = answer.counts || [];
    const most = Math.max(1, ...counts);
    const correct = answer.choices ? answer.correct : 0;
    fill(
      element("bars"),
      choices.map((choice, index) => {
        const right = index === correct;
        const count = counts[index] || 0;
        const item = make("li", "bar-row" + (right ? " right" : ""));
        const label = make("span", "label");
        label.append(badge(index, right ? "✓ " + letters[index] : null), make("span", "text", choice));
        const track = make("span", "track");
        const bar = make("span", "bar choice-" + index);
        bar.style.width = (100 * count) / most + "%";
        track.append(bar);
        item.append(label, track, make("span", "count", answer.counts ? grouped(count) : ""));
        if (right) item.setAttribute("aria-label", "The right answer: " + choice + ", " + count + " chose it");
        return item;
      }),
    );
    element("fastest").textContent = answer.fastest
      ? "Fastest right answer: " + answer.fastest.name + " in " + (answer.fastest.ms / 1000).toFixed(1) + " s"
      : answer.counts
        ? "Nobody had it right."
        : "";
  }

  // MARK: The tables

  function moved(row) {
    if (row.m > 0) return make("span", "move up", "▲ " + row.m);
    if (row.m < 0) return make("span", "move down", "▼ " + -row.m);
    return make("span", "move", "–");
  }

  function rowOf(row) {
    const item = make("li", row.l ? "row left" : "row");
    item.append(
      make("span", "place", String(row.p)),
      make("span", "name", row.n + (row.l ? " (left)" : "")),
      make("span", "score", grouped(row.s)),
      moved(row),
    );
    return item;
  }

  function drawStandings(table) {
    element("standings-heading").textContent =
      "Standings after question " + table.played + " of " + screen.stage.questions;
    fill(element("standings-rows"), table.rows.map(rowOf));
    element("standings-of").textContent =
      table.of > table.rows.length ? "The top " + table.rows.length + " of " + counted(table.of, "player", "players") : "";
  }

  /// The top three on a podium, second, first, third; the next places under it.
  function drawFinal(table, reason) {
    element("final-heading").textContent = reason ? "The night is over" : "Final standings";
    element("final-reason").textContent = reason || "";
    const rows = table ? table.rows : [];
    const top = [rows[1], rows[0], rows[2]].filter((row) => row !== undefined);
    fill(
      element("podium"),
      top.map((row) => {
        const step = make("li", "step step-" + row.p);
        step.append(
          make("span", "name", row.n),
          make("span", "score", grouped(row.s)),
          make("span", "block", String(row.p)),
        );
        return step;
      }),
    );
    fill(element("final-rows"), rows.slice(3, 8).map(rowOf));
  }

  // MARK: Drawing the stage

  function draw() {
    const stage = screen.stage;
    if (!stage) return;
    element("title").textContent = stage.title;
    const scene = Object.keys(stage.scene)[0];
    const value = stage.scene[scene];
    element("where").textContent =
      scene === "question"
        ? "Question " + value.n + " of " + value.of + " · " + value.cat
        : scene === "reveal"
          ? "Question " + value.n + " of " + stage.questions
          : scene === "lobby"
            ? "Code " + code.toUpperCase()
            : "";
    switch (scene) {
      case "lobby":
        drawLobby(stage);
        break;
      case "question":
        drawQuestion(value);
        break;
      case "reveal":
        drawReveal(value);
        break;
      case "standings":
        drawStandings(value);
        break;
      case "final":
        drawFinal(value, null);
        break;
      case "ended":
        drawFinal(value.table, value.reason);
        break;
      default:
        return;
    }
    show(screenOf(scene));
    fit();
  }

  function screenOf(scene) {
    return scene === "ended" ? "final" : scene;
  }

  /// A long question or long answers make the text smaller, step by step, until the scene fits
  /// the screen: nothing scrolls on a projector.
  function fit() {
    const root = document.documentElement;
    const scene = element(document.body.dataset.scene);
    let scale = 1;
    scene.style.fontSize = "";
    while (scale > 0.5 && (root.scrollHeight > innerHeight || root.scrollWidth > innerWidth || overflows(scene))) {
      scale -= 0.05;
      scene.style.fontSize = scale + "em";
    }
  }

  function overflows(scene) {
    for (const part of scene.querySelectorAll(".question, .text, .name")) {
      if (part.scrollHeight > part.clientHeight + 1) return true;
    }
    return scene.getBoundingClientRect().bottom > innerHeight;
  }

  // MARK: The connection

  function apply(message) {
    if (message.stage) {
      screen.stage = message.stage;
      if (message.stage.scene.question) {
        screen.arrived = performance.now();
        screen.msLeft = message.stage.scene.question.ms;
      }
      if (message.stage.scene.ended) screen.over = true;
      draw();
    } else if (typeof message.ended === "string") {
      // The host's process is gone: the table the screen had stays up, with why.
      const table = screen.stage ? screen.stage.scene.standings || screen.stage.scene.final : undefined;
      screen.over = true;
      if (screen.stage) {
        screen.stage = Object.assign({}, screen.stage, { scene: { ended: { reason: message.ended, table } } });
        draw();
      } else {
        element("connecting-text").textContent = message.ended;
      }
    } else if (typeof message.refused === "string") {
      screen.over = true;
      show("connecting");
      element("connecting-text").textContent = message.refused;
    }
  }

  function connect() {
    screen.retry = null;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + "/" + code);
    screen.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ watch: { key } }));
    socket.onmessage = (event) => {
      try {
        apply(JSON.parse(event.data));
      } catch (error) {
        // Not a message this screen knows: it keeps what it shows.
      }
    };
    socket.onclose = () => {
      if (screen.socket !== socket || screen.over) return;
      // A projector is left alone: it comes back by itself, as long as the night goes on.
      if (!screen.stage) element("connecting-text").textContent = "Looking for the night…";
      screen.retry = setTimeout(connect, 2000);
    };
  }

  setInterval(tick, 100);
  addEventListener("resize", fit);
  connect();
})();
