// The page of `ruleforge serve`: draws what the server sends for this seat, sends moves.
// Every text comes from the rule file or the server: it is set as text, never as HTML.
"use strict";

const token = (location.hash.match(/[#&]t=([A-Za-z0-9_-]+)/) || [])[1] || null;
let cards = {};       // card name -> its attributes (the rule file's card list)
let current = null;   // the last state received
let socket = null;
let retry = 500;
let stopped = false;  // an error came: nothing more can be played from this page
let who = "";         // who this page is for, as the welcome said (a hot seat: all its people)

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws`);
  socket.onopen = () => {
    retry = 500;
    socket.send(JSON.stringify({type: "hello", token: token}));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (socket.fatal) return;
    $("link").textContent = "connection lost: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(msg) {
  if (msg.type === "welcome") {
    cards = msg.cards;
    document.title = msg.title + " · ruleforge";
    $("title").textContent = msg.title;
    who = msg.hot_seat ? "hot seat: " + msg.people.join(", ")
      : msg.you ? "you are " + msg.you : "spectator: you see what every seat sees";
    $("who").textContent = who;
    $("link").textContent = "connected";
  } else if (msg.type === "state") {
    show(msg);
  } else if (msg.type === "handover") {
    handover(msg.to);
  } else if (msg.type === "refused") {
    notice("refused: " + msg.message, stopped);  // (after an error, the error's text must stay up)
  } else if (msg.type === "error") {
    socket.fatal = true;
    stop();
    notice(msg.message, true);
    $("link").textContent = "not connected";
  }
}

// A button left after an error could only be refused: the actions go, Ready cannot be pressed.
function stop() {
  stopped = true;
  $("actions").replaceChildren();
  $("ready").disabled = true;
  if (current) {
    const turn = $("turn");
    turn.className = "";
    turn.replaceChildren(el("span", "", "The game has stopped."));
  }
}

function notice(text, stays) {
  const n = $("notice");
  n.textContent = text;
  n.hidden = false;
  clearTimeout(notice.timer);
  if (!stays) notice.timer = setTimeout(() => { n.hidden = true; }, 8000);
}

// ---- hand-over (hot seat): the last person's screen is wiped before the next sees theirs,
// hidden parts too (a card's text they tapped, a notice, whose seat it was): the page's
// DOM must hold nothing of their seat
function handover(to) {
  current = null;
  for (const id of ["turn", "over", "actions", "table", "numbers", "since", "cardtext", "notice"]) {
    $(id).replaceChildren();
  }
  delete $("turn").dataset.n;
  $("turn").className = "";
  $("game").hidden = true;
  $("cardtext").hidden = true;
  $("notice").hidden = true;
  clearTimeout(notice.timer);
  $("who").textContent = who;
  $("handover-text").textContent = `Pass the screen to ${to}. Press Ready when only they can see it.`;
  $("handover").hidden = false;
}

$("ready").addEventListener("click", () => {
  $("handover").hidden = true;
  socket.send(JSON.stringify({type: "ready"}));
});

// ---- the state
function show(s) {
  current = s;
  $("handover").hidden = true;
  $("game").hidden = false;
  if (s.you) $("who").textContent = "you are " + s.you;
  const turn = $("turn");
  turn.replaceChildren();
  turn.dataset.n = s.n;
  turn.className = s.your_turn ? "yours" : "";
  if (s.over) {
    turn.append(el("span", "", "The game is over."));
  } else if (s.your_turn) {
    turn.append(el("strong", "", `Your turn (${s.to_move}): ${s.prompt}`));
  } else {
    // the turns so far, as play's title counts them; a choice in setup comes before the first
    turn.append(el("span", "", (s.turns ? `Turn ${s.turns} · ` : "") + `waiting for ${s.to_move}: ${s.prompt}`));
  }
  drawOver(s);
  drawActions(s);
  drawTable(s);
  const numbers = $("numbers");
  numbers.replaceChildren();
  for (const line of s.numbers.concat(s.out.length ? ["out of the game: " + s.out.join(", ")] : [])) {
    numbers.append(el("span", "number", line));
  }
  const since = $("since");
  since.replaceChildren();
  for (const line of s.since) {
    const kind = line.startsWith("  ▸") ? "move" : line.startsWith("Game over") ? "end"
      : /^(Round \d+|  \S.*'s turn)$/.test(line) ? "turn" : "";
    since.append(el("li", kind, line.trim()));
  }
  since.scrollTop = since.scrollHeight;
  $("story").querySelector("h2").textContent = s.you ? "Since your last move" : "What happened";
}

function drawOver(s) {
  const box = $("over");
  box.replaceChildren();
  box.hidden = !s.over;
  if (!s.over) return;
  box.append(el("h2", "", s.over.line));
  if (s.over.tally.length) {
    const pre = el("pre", "tally", s.over.tally.join("\n"));
    box.append(pre);
  }
}

// The actions, grouped by action, then by every parameter but the last; the last
// parameter's values are the buttons.
function drawActions(s) {
  const box = $("actions");
  box.replaceChildren();
  if (!s.your_turn) return;
  const groups = new Map();
  for (const a of s.actions) {
    const key = a.value === null ? "single" : a.group + "\u0000" + a.fixed.join("\u0000");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  let lastTitle = null;
  const singles = el("div", "group singles");
  for (const [key, members] of groups) {
    if (key === "single") {
      for (const a of members) singles.append(button(a, a.label));
      continue;
    }
    const first = members[0];
    const g = el("div", "group");
    const title = first.group || s.prompt;
    if (title !== lastTitle) {
      g.append(el("h3", "", title));
      lastTitle = title;
    }
    const line = el("div", "choices");
    const head = first.fixed.concat(first.last ? [first.last] : []).join(", ");
    if (head) line.append(el("span", "fixed", head));
    for (const a of members) line.append(button(a, a.value));
    g.append(line);
    box.append(g);
  }
  if (singles.children.length) box.append(singles);
}

function button(a, text) {
  const b = el("button", "action", text);
  b.type = "button";
  b.dataset.id = a.id;
  b.title = a.label;
  b.addEventListener("click", () => {
    for (const other of document.querySelectorAll("button.action")) other.disabled = true;
    socket.send(JSON.stringify({type: "act", n: current.n, id: a.id}));
  });
  return b;
}

// ---- the table: the shared zones first, then yours, then the other seats' (the
// server's order: drawing.areas)
function drawTable(s) {
  const box = $("table");
  box.replaceChildren();
  for (const area of s.areas) {
    const sec = el("div", "area" + (area.owner === s.you && s.you ? " mine" : ""));
    sec.append(el("h2", "", area.owner === null ? "Table" : area.owner === s.you ? `${area.owner} (you)` : area.owner));
    for (const z of area.zones) sec.append(drawZone(z));
    if (area.numbers.length) {
      const ns = el("div", "areanumbers");
      for (const line of area.numbers) ns.append(el("span", "number", line));
      sec.append(ns);
    }
    box.append(sec);
  }
}

function drawZone(z) {
  const d = el("div", "zone " + z.kind + (z.empty ? " empty" : ""));
  d.append(el("div", "label", z.label));
  if (z.kind === "row") {
    const row = el("div", "slots");
    for (const slot of z.slots) {
      const cell = el("div", "slot");
      cell.append(el("div", "slotnumber", String(slot.number)));
      const pile = el("div", "cards");
      for (const c of slot.cards) pile.append(card(c));
      cell.append(pile);
      for (const p of slot.pieces) cell.append(el("div", "piece", `${p} ${slot.piece_kind}`));
      row.append(cell);
    }
    d.append(row);
  } else if (z.kind === "pile") {
    const p = el("div", "cards");
    p.append(z.top === null ? card(null) : card(z.top));
    p.append(el("span", "count", z.count === 1 ? "1 card" : `${z.count} cards`));
    d.append(p);
  } else if (z.kind === "grouped") {
    const gs = el("div", "groups");
    for (const g of z.groups) {
      const gd = el("div", "cardgroup");
      gd.append(el("div", "groupkey", g.key));
      const cs = el("div", "cards");
      for (const c of g.cards) cs.append(card(c));
      gd.append(cs);
      gs.append(gd);
    }
    if (!z.groups.length) gs.append(el("span", "quiet", "none"));
    d.append(gs);
  } else {
    const cs = el("div", "cards");
    for (const c of z.cards) cs.append(card(c));
    if (!z.cards.length) cs.append(el("span", "quiet", "none"));
    d.append(cs);
  }
  return d;
}

const SUITS = {clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠"};

// A card as a card: rank and suit for a standard card, name, type and value for a
// custom one; a card this seat may not see is a back.
function card(name) {
  if (name === null) {
    const b = el("div", "card back");
    b.title = "a card you cannot see";
    return b;
  }
  const a = cards[name] || {};
  const c = el("div", "card");
  c.dataset.card = name;
  if (a.rank !== undefined && a.suit !== undefined) {
    c.classList.add("standard", a.color === "red" || a.suit === "hearts" || a.suit === "diamonds" ? "red" : "black");
    c.append(el("span", "rank", String(a.rank)), el("span", "suit", SUITS[a.suit] || String(a.suit)));
  } else {
    c.classList.add("custom");
    c.append(el("span", "name", a.name !== undefined ? String(a.name) : name));
    if (a.type !== undefined) c.append(el("span", "type", String(a.type)));
    if (a.value !== undefined) c.append(el("span", "value", String(a.value)));
  }
  c.title = cardText(name);
  c.addEventListener("click", (e) => { e.stopPropagation(); popup(name); });
  return c;
}

function cardText(name) {
  const a = cards[name] || {};
  const facts = Object.entries(a).filter(([k]) => k !== "text" && k !== "name" && k !== "color")
    .map(([k, v]) => `${k} ${v}`).join(", ");
  return name + (facts ? ` (${facts})` : "") + (a.text ? `: ${a.text}` : "");
}

function popup(name) {
  const p = $("cardtext");
  p.replaceChildren(el("p", "", cardText(name)), el("small", "quiet", "tap anywhere to close"));
  p.hidden = false;
}

document.addEventListener("click", () => { $("cardtext").hidden = true; });

connect();
