"use strict";
// The browser seat of mushka: draws the seat's whole state as the server sends it, and sends
// taps (with the sequence number of the screen they were made on). No words of its own but
// the few the page was served with: the table's words come in every state.
(() => {
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const wallMode = body.dataset.mode === "wall";
  const KEY = wallMode ? "mushka.wall" : "mushka.seat";
  const HEARTBEAT = 1000, WATCHDOG = 3000, CONNECT_TIMEOUT = 3000, FIRST_BACKOFF = 200;
  const words = { connecting: body.dataset.connecting, reconnecting: body.dataset.reconnecting };
  let kept = load();
  let code = "", ws = null, seq = 0, heard = 0, pings = 0, backoff = FIRST_BACKOFF;
  let retry = 0, beat = 0, wanted = false, seated = false, busy = false, shown = null;

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch (e) { /* private mode */ }
  }
  const fragment = location.hash.slice(1);
  if (fragment) { // the join token from the QR: kept, and gone from the address bar
    kept.token = fragment;
    if (!wallMode) save();
    history.replaceState(null, "", location.pathname);
  }

  function status(text, lost) {
    const line = $("status");
    line.textContent = text || "";
    line.classList.toggle("lost", !!lost);
  }
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function send(message) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(message));
  }
  function tap(message) {
    if (busy) return;
    busy = true; // until the next state: a second tap would be on a screen that is gone
    message.seq = seq;
    send(message);
    const at = seq;
    setTimeout(() => { if (busy && seq === at && shown) { busy = false; draw(shown); } }, 3000);
    for (const b of document.querySelectorAll("#table button")) b.disabled = true;
  }

  // ------------------------------------------------------------ joining
  function showForm(text) {
    $("table").hidden = true;
    $("wall").hidden = true;
    $("join").hidden = false;
    $("name-row").hidden = wallMode;
    $("watch-row").hidden = wallMode;
    $("code-row").hidden = !!kept.token && !wallMode;
    $("name").value = kept.name || "";
    status(text || "", !!text);
  }
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!wallMode && !name) { $("name").focus(); return; }
    kept.name = name;
    code = $("code").value;
    $("join").hidden = true;
    wanted = true;
    connect();
  });
  function hello() {
    const message = { t: "hello", lang: document.documentElement.lang };
    if (wallMode) message.wall = true; else message.name = kept.name;
    if (kept.secret) message.secret = kept.secret;
    if (kept.token) message.token = kept.token;
    if (code) message.code = code;
    return message;
  }

  // ------------------------------------------------------------ the connection
  function connect() {
    clearTimeout(retry);
    if (ws) drop(ws, false);
    status(seated ? words.reconnecting : words.connecting, seated);
    const sock = new WebSocket("ws://" + location.host + "/ws");
    ws = sock;
    const timer = setTimeout(() => { if (sock.readyState !== 1) drop(sock, true); }, CONNECT_TIMEOUT);
    sock.onopen = () => {
      clearTimeout(timer);
      heard = Date.now();
      sock.send(JSON.stringify(hello()));
      startBeat();
    };
    sock.onmessage = (event) => {
      if (ws !== sock) return;
      heard = Date.now();
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      handle(message);
    };
    sock.onclose = () => { clearTimeout(timer); if (ws === sock) drop(sock, true); };
  }
  function drop(sock, again) {
    sock.onclose = sock.onmessage = sock.onopen = null;
    try { sock.close(); } catch (e) { /* already closed */ }
    if (ws === sock) ws = null;
    stopBeat();
    if (again && wanted) {
      status(words.reconnecting, true);
      if (document.hidden) return; // no timers while hidden: visibilitychange reconnects
      retry = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 5000);
    }
  }
  function startBeat() {
    stopBeat();
    beat = setInterval(() => {
      if (!ws) return;
      if (Date.now() - heard > WATCHDOG) { drop(ws, true); return; } // open, but carries nothing
      send({ t: "ping", n: ++pings });
    }, HEARTBEAT);
  }
  function stopBeat() { clearInterval(beat); beat = 0; }
  function wake() {
    if (!wanted || document.hidden) return;
    backoff = FIRST_BACKOFF;
    if (ws && ws.readyState === 1 && Date.now() - heard < 2 * HEARTBEAT) { startBeat(); return; }
    connect(); // at once: after a sleep a socket may look open and be dead
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { stopBeat(); clearTimeout(retry); } else wake();
  });
  window.addEventListener("pageshow", wake);
  window.addEventListener("online", wake);

  function handle(message) {
    switch (message.t) {
      case "welcome":
        seated = true;
        backoff = FIRST_BACKOFF;
        if (!wallMode) { kept.secret = message.secret; kept.name = message.name; save(); }
        else if (code) { kept.code = code; save(); }
        status("");
        break;
      case "state":
        seq = message.seq;
        busy = false;
        shown = message;
        draw(message);
        break;
      case "wall":
        $("join").hidden = true;
        $("wall").hidden = false;
        $("wall").textContent = message.text;
        status("");
        break;
      case "refused":
        wanted = false;
        if (message.forget) { delete kept.secret; if (code || !kept.token) delete kept.token; save(); }
        code = "";
        showForm(message.text);
        break;
      case "bye":
        wanted = false;
        if (!message.keep) { delete kept.secret; save(); }
        $("table").hidden = true;
        $("bye").hidden = false;
        $("bye").textContent = message.text + (message.sheet ? "\n\n" + message.sheet : "");
        status("");
        break;
      default: // pong, stale: heard is all they are for
        break;
    }
  }

  // ------------------------------------------------------------ drawing a state
  function button(text, message, cls) {
    const b = el("button", text, cls);
    b.type = "button";
    b.addEventListener("click", () => tap(message));
    return b;
  }
  function trickBox(box, trick, outcome) {
    box.replaceChildren();
    if (!trick) return;
    box.append(el("h3", trick.title));
    const list = el("ul");
    for (const play of trick.plays) {
      const item = el("li", play.who + ": " + play.what, play.winning ? "win" : "");
      if (play.red) item.classList.add("red");
      list.append(item);
    }
    box.append(list);
    if (outcome) box.append(el("p", outcome, "small"));
  }
  function draw(s) {
    document.documentElement.lang = s.lang;
    $("join").hidden = true;
    $("table").hidden = false;
    $("hand-title").textContent = s.words.hand;
    $("log-title").textContent = s.words.log;
    words.reconnecting = s.words.reconnecting;
    status(s.status);
    const players = $("players");
    players.replaceChildren();
    for (const p of s.players) {
      const seat = el("div", null, "seat");
      seat.classList.toggle("me", p.me);
      seat.classList.toggle("turn", !!p.turn);
      seat.append(el("b", p.name));
      const facts = [p.state];
      if (p.dealer) facts.push(s.words.dealer);
      if (p.summary) facts.push(...p.summary);
      if (p.thinking) facts.push("…");
      seat.append(el("span", facts.join(" · ")));
      players.append(seat);
    }
    $("facts").textContent = s.facts.join(" · ");
    trickBox($("trick"), s.trick, "");
    trickBox($("last"), s.last, s.last ? s.last.outcome : "");
    const notice = $("notice");
    notice.textContent = s.notice;
    notice.className = s.tone === "error" ? "error" : "";
    const question = $("question");
    question.hidden = !s.question;
    if (s.question) {
      $("qtext").textContent = s.question.text;
      $("yes").textContent = s.question.yes;
      $("no").textContent = s.question.no;
    }
    const overlay = $("overlay");
    overlay.hidden = !s.overlay;
    if (s.overlay) {
      $("otext").textContent = s.overlay.text;
      $("back").textContent = s.overlay.back;
    }
    const hand = $("hand");
    hand.replaceChildren();
    for (const card of s.hand) {
      const b = button(card.card, { t: "move", move: card.move }, card.red ? "red" : "");
      b.disabled = card.move === null;
      hand.append(b);
    }
    const moves = $("moves");
    moves.replaceChildren();
    for (const m of s.moves) moves.append(button(m.label, { t: "move", move: m.move }, "big"));
    const commands = $("commands");
    commands.replaceChildren();
    for (const c of s.commands) commands.append(button(c.label, { t: "command", command: c.id }));
    const log = $("log");
    log.replaceChildren(...s.log.map((line) => el("li", line)));
    log.scrollTop = log.scrollHeight;
    for (const b of document.querySelectorAll("#question button, #overlay button, #lang")) b.disabled = false;
  }
  $("yes").addEventListener("click", () => tap({ t: "answer", yes: true }));
  $("no").addEventListener("click", () => tap({ t: "answer", yes: false }));
  $("back").addEventListener("click", () => tap({ t: "back" }));
  $("lang").addEventListener("click", () => {
    const other = $("lang").dataset.lang;
    send({ t: "lang", lang: other });
    $("lang").dataset.lang = other === "ru" ? "en" : "ru";
    $("lang").textContent = other === "ru" ? "English" : "Русский";
  });

  // ------------------------------------------------------------ start
  if (wallMode && kept.code) code = kept.code;
  if ((!wallMode && kept.secret && kept.name) || (wallMode && (code || kept.token))) {
    wanted = true;
    connect();
  } else {
    showForm("");
  }
})();
