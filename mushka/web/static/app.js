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
  const words = Object.assign({}, body.dataset);
  let kept = load();
  let code = "", ws = null, seq = 0, heard = 0, pings = 0, backoff = FIRST_BACKOFF;
  let retry = 0, beat = 0, wanted = false, seated = false, busy = false, shown = null;
  const rules = {}; // the rulebook's HTML by language, asked for once
  let asked = "";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch (e) { /* private mode */ }
  }
  // The join token: the path of the QR's address (a seat page served anywhere but "/"), or the
  // fragment of the link from the QR page to the wall. Kept, and gone from the address bar.
  const given = wallMode ? location.hash.slice(1) : location.pathname.slice(1);
  if (given) {
    kept.token = given;
    save();
    history.replaceState(null, "", wallMode ? location.pathname : "/");
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
  function only(id) { // one of the page's screens at a time
    for (const part of ["join", "table", "wall", "bye"]) $(part).hidden = part !== id;
    body.classList.toggle("walled", id === "wall");
  }

  // ------------------------------------------------------------ joining
  function showForm(text, needsCode) {
    only("join");
    $("name-row").hidden = wallMode;
    $("watch-row").hidden = wallMode;
    // the token sits a seat down; a refusal may ask for a code all the same (a seat's own)
    $("code-row").hidden = !!kept.token && !wallMode && !needsCode;
    $("name").value = kept.name || "";
    $("watch").href = kept.token ? "/wall#" + kept.token : "/wall";
    let names = [];
    try { names = JSON.parse(words.names || "[]"); } catch (e) { names = []; }
    $("names-row").hidden = wallMode || !names.length;
    $("names").replaceChildren(...names.map((name) => {
      const b = el("button", name);
      b.type = "button";
      b.addEventListener("click", () => {
        $("name").value = name;
        if ($("code-row").hidden) $("sit").click(); else $("code").focus();
      });
      return b;
    }));
    status(text || "", !!text);
  }
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!wallMode && !name) { $("name").focus(); return; }
    if (name !== kept.name) delete kept.secret; // another name: another seat
    kept.name = name;
    code = $("code").value;
    $("join").hidden = true;
    sitDown();
  });
  function sitDown() {
    wanted = true;
    backoff = FIRST_BACKOFF;
    connect();
  }
  function hello() {
    const message = { t: "hello", lang: document.documentElement.lang };
    if (wallMode) message.wall = true; else message.name = kept.name;
    if (kept.secret) message.secret = kept.secret;
    if (kept.token) message.token = kept.token;
    if (code) message.code = code;
    return message;
  }

  // ------------------------------------------------------------ the connection
  // One socket at a time: `ws` is the live one; a socket replaced or dropped loses its handlers
  // and its own connect timer, so nothing of it can touch the one after it.
  function connect() {
    clearTimeout(retry);
    if (ws) drop(ws, false);
    status(seated ? words.reconnecting : words.connecting, seated);
    const sock = new WebSocket("ws://" + location.host + "/ws");
    ws = sock;
    sock.timer = setTimeout(() => { if (ws === sock && sock.readyState !== 1) drop(sock, true); }, CONNECT_TIMEOUT);
    sock.onopen = () => {
      clearTimeout(sock.timer);
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
    sock.onclose = () => { if (ws === sock) drop(sock, true); };
  }
  function drop(sock, again) {
    clearTimeout(sock.timer);
    sock.onclose = sock.onmessage = sock.onopen = null;
    try { sock.close(); } catch (e) { /* already closed */ }
    if (ws !== sock) return; // an old socket: the live one is not its business
    ws = null;
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
    if (ws && ws.readyState === 0) return; // still opening (the page's own first pageshow)
    if (ws && ws.readyState === 1 && Date.now() - heard < 2 * HEARTBEAT) { startBeat(); return; }
    connect(); // at once: after a sleep a socket may look open and be dead
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { stopBeat(); clearTimeout(retry); } else wake();
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
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
      case "rules":
        rules[message.lang] = message.html;
        if (shown) draw(shown);
        break;
      case "wall":
        only("wall");
        $("walltext").textContent = message.text;
        status("");
        if (message.over) { wanted = false; wallOver(message.over); }
        break;
      case "refused":
        wanted = false;
        if (message.forget) { delete kept.secret; if (code || !kept.token) delete kept.token; save(); }
        code = "";
        showForm(message.text, !message.forget);
        break;
      case "bye":
        wanted = false;
        if (!message.keep) { delete kept.secret; save(); }
        if (wallMode) { wallOver(message); break; }
        farewell(message);
        break;
      default: // pong, stale: heard is all they are for
        break;
    }
  }

  // ------------------------------------------------------------ the end of a seat, of a wall
  function sheetNode(sheet) {
    return sheet ? drawSheet(sheet) : el("div");
  }
  function farewell(m) {
    only("bye");
    $("byetext").textContent = m.text;
    // the lesson's last words, above the final sheet
    $("byesheet").replaceChildren(...toldNodes(m.explain || []), sheetNode(m.final));
    const again = ["left", "freed", "taken over"].includes(m.why);
    $("again").hidden = !again;
    // how this seat comes back: from this phone with no questions; elsewhere with its own code
    let how = "";
    if (m.keep && kept.secret) {
      how = words.here + " " + words.elsewhere.replace("{code}", kept.secret);
    }
    $("byehow").textContent = how;
    status("");
  }
  $("again").addEventListener("click", () => {
    $("bye").hidden = true;
    if (kept.secret && kept.name) sitDown(); else showForm("");
  });
  function wallOver(m) {
    only("wall");
    const end = $("wallend");
    end.hidden = false;
    const sheet = m.final;
    end.replaceChildren(sheetNode(sheet), el("h2", m.text)); // the sheet, then the end said
    $("walltext").hidden = !!sheet;
    status(m.text); // the session over, or the table stopped: said in the table's words
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
  // A sheet as data ({title, columns: [{heading, numeric, essential}], rows: [{cells, me, best,
  // tricks?}], caption, verdict}): a card a player (his name, then "heading value" pieces that
  // wrap between pieces, never inside one), so no cell is cut however narrow the phone.
  function drawSheet(sheet) {
    const box = el("div", null, "sheet");
    const columns = (sheet.columns || []).map((c) => (typeof c === "string" ? { heading: c } : c));
    if (sheet.title) for (const line of sheet.title.split("\n")) box.append(el("h3", line));
    const list = el("ul", null, "rows");
    for (const row of sheet.rows || []) {
      const item = el("li", null, (row.best || row.win ? "win" : "") + (row.me ? " me" : ""));
      const cells = row.cells || [];
      const at = Math.max(0, columns.findIndex((c) => c.key === "player"));
      const rank = columns.findIndex((c) => c.key === "rank");
      const name = el("b", (rank >= 0 ? cells[rank] + ". " : "") + cells[at]);
      if (row.tricks && row.tricks.length) name.append(el("span", " " + row.tricks.join(" "), "tricks"));
      item.append(name);
      const facts = el("span");
      for (let i = 0; i < cells.length; i++) {
        if (i === at || i === rank) continue; // in the card's heading
        const fact = el("span", null, "fact" + (columns[i] && columns[i].essential === false ? " minor" : ""));
        if (columns[i]) fact.append(el("i", columns[i].heading + " "));
        fact.append(String(cells[i]));
        facts.append(fact);
      }
      item.append(facts);
      list.append(item);
    }
    box.append(list);
    if (sheet.caption) box.append(el("p", sheet.caption, "small"));
    if (sheet.verdict) box.append(el("p", sheet.verdict, "verdict"));
    return box;
  }
  // The cards played: a row a suit, each rank lit while still out, dimmed once played.
  function drawPlayed(played) {
    const box = el("div", null, "played");
    if (played.title) box.append(el("h3", played.title));
    for (const suit of played.suits || []) {
      const row = el("div", null, "suit");
      row.append(el("b", suit.suit, suit.red ? "red" : ""));
      (played.ranks || []).forEach((rank, i) => row.append(el("span", rank, suit.played[i] ? "gone" : "")));
      box.append(row);
    }
    for (const v of played.voids || []) box.append(el("p", v.text, "small" + (v.me ? " me" : "")));
    return box;
  }
  // The table log: its entries (a deal's opening in bold, a deal's sheet as a card), else lines.
  function drawLog(s) {
    const items = [];
    for (const e of s.entries && s.entries.length ? s.entries : s.log.map((text) => ({ text }))) {
      const item = el("li", null, e.kind === "alarm" ? "alarm" : "");
      if (typeof e === "string") item.textContent = e;
      else if (e.kind === "sheet" && e.sheet) item.append(drawSheet(e.sheet));
      else if (e.kind === "rules" && e.parts) item.textContent = e.parts.join(" · ");
      else {
        if (e.head) item.append(el("b", e.head + " · "));
        item.append(e.text || "");
      }
      items.push(item);
    }
    return items;
  }
  function drawHelp(help) {
    const box = el("div", null, "help");
    box.append(el("h3", help.title));
    box.append(...[el("ul")].map((list) => {
      list.append(...help.lines.map((line) => el("li", line)));
      return list;
    }));
    if (help.rules) box.append(el("p", help.rules, "small"));
    return box;
  }
  function drawRules(lang) {
    const html = rules[lang];
    if (html === undefined) {
      if (asked !== lang) { asked = lang; send({ t: "rules" }); }
      return el("p", words.connecting);
    }
    // the server's HTML (the rulebook, every character of it escaped there), parsed inert
    const doc = new DOMParser().parseFromString(html, "text/html");
    const box = el("article", null, "rules");
    box.replaceChildren(...Array.from(doc.body.childNodes));
    return box;
  }
  function drawHint(hint) { // the coach's answer: its move, then each move's worth, best first
    const box = el("div", null, "help");
    box.append(el("h3", hint.best), el("p", hint.worth));
    const list = el("ul");
    list.append(...hint.moves.map((move) => el("li", move)));
    if (hint.moves.length) box.append(list);
    return box;
  }
  function drawOverlay(o, lang) {
    if (o.kind === "rules") return drawRules(lang);
    if (o.help) return drawHelp(o.help);
    if (o.sheet) return drawSheet(o.sheet);
    if (o.played) return drawPlayed(o.played);
    if (o.hint) return drawHint(o.hint);
    return el("p", "");
  }
  function toldNodes(told) { // what a lesson explained: each title, then its lines
    const parts = [];
    for (const t of told) {
      parts.push(el("h3", t.title));
      for (const line of t.lines) parts.push(el("p", line));
    }
    return parts;
  }
  function drawExplain(s) {
    const box = $("explain");
    const told = s.explain || [];
    const was = box.hidden;
    box.hidden = !told.length;
    if (!told.length) return;
    if (was) setTimeout(() => box.scrollIntoView({ block: "nearest" }), 0); // read first
    $("etext").replaceChildren(...toldNodes(told));
    $("eread").textContent = s.read || words.read;
  }
  function draw(s) {
    document.documentElement.lang = s.lang;
    only("table");
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
    drawExplain(s);
    const question = $("question");
    question.hidden = !s.question;
    if (s.question) {
      $("qtext").textContent = s.question.text;
      $("yes").textContent = s.question.yes;
      $("no").textContent = s.question.no;
    }
    const overlay = $("overlay");
    const wasOpen = !overlay.hidden;
    overlay.hidden = !s.overlay;
    body.classList.toggle("reading", !!s.overlay);
    if (s.overlay) {
      $("otext").replaceChildren(drawOverlay(s.overlay, s.lang));
      $("back").textContent = s.overlay.back;
      if (!wasOpen) window.scrollTo(0, 0);
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
    log.replaceChildren(...drawLog(s));
    log.scrollTop = log.scrollHeight;
    // the language button says what a tap does: the other language, named in itself
    const other = s.lang === "ru" ? "en" : "ru";
    $("lang").dataset.lang = other;
    $("lang").textContent = other === "ru" ? "По-русски" : "In English";
    for (const b of document.querySelectorAll("#question button, #overlay button, #explain button, #lang")) b.disabled = false;
  }
  $("yes").addEventListener("click", () => tap({ t: "answer", yes: true }));
  $("no").addEventListener("click", () => tap({ t: "answer", yes: false }));
  $("back").addEventListener("click", () => tap({ t: "back" }));
  $("eread").addEventListener("click", () => tap({ t: "read" }));
  $("otext").addEventListener("click", (event) => { // the rules' contents: scrolled to, in the page
    const link = event.target.closest("a[href^='#']");
    if (!link) return;
    event.preventDefault();
    const target = document.getElementById(link.getAttribute("href").slice(1));
    if (target) target.scrollIntoView();
  });
  $("lang").addEventListener("click", () => {
    const other = $("lang").dataset.lang;
    send({ t: "lang", lang: other });
    $("lang").disabled = true; // until the state in that language comes
  });

  // ------------------------------------------------------------ start
  if (wallMode && kept.code) code = kept.code;
  if ((!wallMode && kept.secret && kept.name) || (wallMode && (code || kept.token))) {
    sitDown();
  } else {
    showForm("");
  }
})();
