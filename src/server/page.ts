// The dispute page served at GET /: paste or upload an SGF, pick the rule set, step through the
// game to the move to judge (the last move marked, star points drawn), click the disputed
// stones, prove (with progress and a Cancel button), step through the proof's main line drawn
// on the board (SVG) and download it as SGF, and count the game with the selected stones dead.
// One self-contained page: no external script, style or font; it talks only to this server.
export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>arbiter: dispute</title>
<link rel="icon" href="data:,">
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1em auto; max-width: 1100px; padding: 0 1em; color: #222; }
  h1 { font-size: 1.3em; margin: 0 0 .5em; }
  #layout { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
  #left { flex: 1 1 320px; min-width: 300px; }
  #right { flex: 1 1 460px; }
  textarea { width: 100%; height: 11em; font: 12px monospace; box-sizing: border-box; }
  fieldset { border: 1px solid #ccc; margin: .6em 0; padding: .5em .7em; }
  button { margin: .2em .3em .2em 0; }
  #message { color: #a00; min-height: 1.3em; white-space: pre-wrap; }
  #verdict { font-size: 1.25em; font-weight: 600; min-height: 1.4em; }
  #details { white-space: pre-wrap; font-size: .92em; }
  svg { max-width: 100%; height: auto; user-select: none; }
  .stone { cursor: pointer; }
  .target { stroke: #d22; stroke-width: 3; }
  #stepper span { display: inline-block; min-width: 9em; text-align: center; }
  #seconds { width: 4em; }
  #gameStepper span { display: inline-block; min-width: 8em; text-align: center; }
  #warning { color: #a60; }
  #count { white-space: pre-wrap; }
</style>
</head>
<body>
<h1>arbiter: prove a disputed group by capture</h1>
<div id="layout">
<div id="left">
  <label for="sgf">SGF of the position (the setup and the moves up to the dispute)</label>
  <textarea id="sgf" spellcheck="false" placeholder="(;GM[1]FF[4]SZ[9]AB[af][bf]...AW[ag]...)"></textarea>
  <div><input type="file" id="file" accept=".sgf,text/plain"></div>
  <fieldset>
    <label>Rule set <select id="rules"><option value="">from the record (RU)</option></select></label>
    <label>First to move <select id="toMove"><option value="">as in the record</option><option>B</option><option>W</option></select></label>
    <br><label>Time budget <input id="seconds" type="number" min="1" max="60" value="10"> s</label>
  </fieldset>
  <button id="load">Show position</button>
  <div id="gameStepper" hidden>
    <button id="gFirst" title="the setup">|&lt;</button><button id="gPrev" title="one move back">&lt;</button>
    <span id="gameText"></span>
    <button id="gNext" title="one move on">&gt;</button><button id="gLast" title="the last move">&gt;|</button>
    <input id="gameRange" type="range" min="0" max="0" value="0" aria-label="move to judge">
    <label><input id="showNumbers" type="checkbox"> move numbers</label>
  </div>
  <button id="prove" disabled>Prove the selected stones</button>
  <button id="cancel" hidden>Cancel</button>
  <button id="clear" disabled>Clear selection</button>
  <button id="countBtn" disabled>Count with the selected stones dead</button>
  <div id="message" role="status"></div>
  <div id="selection"></div>
  <div id="warning"></div>
  <div id="verdict" aria-live="polite"></div>
  <div id="details"></div>
  <div id="lines" hidden>
    <label><input type="radio" name="line" value="first" checked> the rules' first mover's line</label>
    <label><input type="radio" name="line" value="attackerFirst"> attacker first</label>
    <label><input type="radio" name="line" value="defenderFirst"> defender first</label>
  </div>
  <div id="stepper" hidden>
    <button id="first" title="start">|&lt;</button><button id="prev" title="back">&lt;</button>
    <span id="stepText"></span>
    <button id="next" title="forward">&gt;</button><button id="last" title="end">&gt;|</button>
    <button id="download" title="the proof tree of this line's question as an SGF file (every variation)">Download the proof (SGF)</button>
  </div>
  <div id="count"></div>
</div>
<div id="right"><svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="board"></svg></div>
</div>
<script>
"use strict";
var LETTERS = "ABCDEFGHJKLMNOPQRST";
var S = { width: 0, height: 0, base: null, toMove: "B", targets: [], result: null, line: [], step: 0,
  moves: 0, atMove: 0, lastMove: null, numbers: {}, rules: "", proving: null };
var $ = function (id) { return document.getElementById(id); };

function message(text) { $("message").textContent = text || ""; }

function api(path, body, signal) {
  return fetch(path, { method: body ? "POST" : "GET", headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined, signal: signal }).then(function (r) {
    return r.json().then(function (j) {
      if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
      return j;
    });
  });
}

function parseVertex(v) {
  var x = LETTERS.indexOf(v.charAt(0).toUpperCase());
  var row = parseInt(v.slice(1), 10);
  return (S.height - row) * S.width + x;
}
function vertexName(i) { return LETTERS.charAt(i % S.width) + (S.height - Math.floor(i / S.width)); }

function neighbours(i) {
  var x = i % S.width, y = Math.floor(i / S.width), out = [];
  if (x > 0) out.push(i - 1);
  if (x < S.width - 1) out.push(i + 1);
  if (y > 0) out.push(i - S.width);
  if (y < S.height - 1) out.push(i + S.width);
  return out;
}
function stringAt(board, i) {
  var c = board[i], seen = {}, stack = [i], out = [], libs = 0, libSeen = {};
  seen[i] = true;
  while (stack.length) {
    var p = stack.pop();
    out.push(p);
    neighbours(p).forEach(function (q) {
      if (board[q] === c && !seen[q]) { seen[q] = true; stack.push(q); }
      else if (board[q] === 0 && !libSeen[q]) { libSeen[q] = true; libs++; }
    });
  }
  return { points: out, liberties: libs };
}
/** The board after one move of a line ("B A2", "W pass"): captures first, then the mover's own. */
function play(board, move) {
  var parts = move.split(" "), c = parts[0] === "B" ? 1 : 2;
  if (parts[1] === "pass") return;
  var i = parseVertex(parts[1]);
  board[i] = c;
  neighbours(i).forEach(function (q) {
    if (board[q] === 3 - c) { var s = stringAt(board, q); if (s.liberties === 0) s.points.forEach(function (p) { board[p] = 0; }); }
  });
  var own = stringAt(board, i);
  if (own.liberties === 0) own.points.forEach(function (p) { board[p] = 0; });
}

function draw() {
  var svg = $("board"), W = S.width, H = S.height;
  if (!W) { svg.innerHTML = ""; return; }
  var cell = 30, m = 36, ns = "http://www.w3.org/2000/svg";
  svg.setAttribute("viewBox", "0 0 " + (2 * m + (W - 1) * cell) + " " + (2 * m + (H - 1) * cell));
  svg.setAttribute("width", String(2 * m + (W - 1) * cell));
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  function el(name, attrs, parent) {
    var e = document.createElementNS(ns, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    (parent || svg).appendChild(e);
    return e;
  }
  el("rect", { x: 0, y: 0, width: 2 * m + (W - 1) * cell, height: 2 * m + (H - 1) * cell, fill: "#dcb35c" });
  for (var x = 0; x < W; x++) {
    el("line", { x1: m + x * cell, y1: m, x2: m + x * cell, y2: m + (H - 1) * cell, stroke: "#333", "stroke-width": 1 });
    var t = el("text", { x: m + x * cell, y: m - 20, "text-anchor": "middle", "font-size": 11, fill: "#333" });
    t.textContent = LETTERS.charAt(x);
  }
  for (var y = 0; y < H; y++) {
    el("line", { x1: m, y1: m + y * cell, x2: m + (W - 1) * cell, y2: m + y * cell, stroke: "#333", "stroke-width": 1 });
    var u = el("text", { x: m - 24, y: m + y * cell + 4, "text-anchor": "middle", "font-size": 11, fill: "#333" });
    u.textContent = String(H - y);
  }
  // star points: the 3rd line below 13x13, the 4th from it; the centre on odd sizes; the sides from 15x15
  starPoints(W, H).forEach(function (p) {
    var st = el("circle", { cx: m + (p % W) * cell, cy: m + Math.floor(p / W) * cell, r: 3, fill: "#333" });
    st.setAttribute("class", "star");
    st.setAttribute("data-vertex", vertexName(p));
  });
  // the position at the current step of the line, with the line's move numbers
  var board = S.base.slice(), numbers = {}, k;
  for (k = 0; k < S.step; k++) {
    play(board, S.line[k]);
    var v = S.line[k].split(" ")[1];
    if (v !== "pass") numbers[parseVertex(v)] = k + 1;
  }
  for (var i in numbers) if (board[i] === 0) delete numbers[i];
  var targetSet = {};
  S.targets.forEach(function (t) { stringAt(S.base, t).points.forEach(function (p) { targetSet[p] = true; }); });
  for (var p = 0; p < W * H; p++) {
    var px = m + (p % W) * cell, py = m + Math.floor(p / W) * cell;
    if (board[p] === 0) {
      var hit = el("rect", { x: px - cell / 2, y: py - cell / 2, width: cell, height: cell, fill: "transparent" });
      hit.setAttribute("data-vertex", vertexName(p));
      continue;
    }
    var selected = S.step === 0 && targetSet[p];
    var circle = el("circle", { cx: px, cy: py, r: cell / 2 - 1.5, fill: board[p] === 1 ? "#111" : "#fafafa",
      stroke: selected ? "#d22" : "#000", "stroke-width": selected ? 3 : 1 });
    circle.setAttribute("class", "stone" + (selected ? " target" : ""));
    circle.setAttribute("data-vertex", vertexName(p));
    circle.setAttribute("data-color", board[p] === 1 ? "B" : "W");
    circle.addEventListener("click", onStoneClick.bind(null, p));
    // the game's last move, on the position being judged: a ring and its number
    if (S.step === 0 && S.lastMove && S.lastMove.point !== "pass" && parseVertex(S.lastMove.point) === p) {
      var mark = el("circle", { cx: px, cy: py, r: cell / 4, fill: "none", stroke: board[p] === 1 ? "#fff" : "#000", "stroke-width": 2,
        "pointer-events": "none" });
      mark.setAttribute("class", "last");
      mark.setAttribute("data-vertex", vertexName(p));
      mark.setAttribute("data-move", String(S.atMove));
    }
    // the game's move numbers on its standing stones, when asked for
    var gameNumber = S.step === 0 && $("showNumbers").checked ? S.numbers[vertexName(p)] : undefined;
    if (gameNumber && !(S.lastMove && S.lastMove.point === vertexName(p))) {
      var g = el("text", { x: px, y: py + 4, "text-anchor": "middle", "font-size": 11, fill: board[p] === 1 ? "#fff" : "#000",
        "pointer-events": "none" });
      g.setAttribute("class", "number");
      g.setAttribute("data-vertex", vertexName(p));
      g.textContent = String(gameNumber);
    }
    if (numbers[p]) {
      var n = el("text", { x: px, y: py + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold",
        fill: board[p] === 1 ? "#fff" : "#000", "pointer-events": "none" });
      n.textContent = String(numbers[p]);
    }
  }
  $("stepText").textContent = S.line.length ? ("move " + S.step + " of " + S.line.length) : "";
  // the territory of the last count, on the position it counted
  if (S.territory && S.step === 0) {
    [["B", "#111"], ["W", "#fafafa"]].forEach(function (t) {
      S.territory[t[0]].forEach(function (v) {
        var q = parseVertex(v);
        var sq = el("rect", { x: m + (q % W) * cell - 5, y: m + Math.floor(q / W) * cell - 5, width: 10, height: 10, fill: t[1],
          stroke: "#555", "stroke-width": 0.5, "pointer-events": "none" });
        sq.setAttribute("class", "territory");
        sq.setAttribute("data-vertex", v);
        sq.setAttribute("data-owner", t[0]);
      });
    });
  }
}

function starPoints(W, H) {
  if (W !== H || W < 7) return [];
  var lo = W >= 13 ? 4 : 3, hi = W + 1 - lo, mid = (W + 1) / 2, cols = [lo, hi], out = [];
  if (W % 2 === 1 && W >= 15) cols = [lo, mid, hi];
  var at = function (col, row) { return (W - row) * W + (col - 1); };
  cols.forEach(function (c) { cols.forEach(function (r) { out.push(at(c, r)); }); });
  if (W % 2 === 1 && W < 15) out.push(at(mid, mid));
  return out;
}

function onStoneClick(p) {
  if (S.step !== 0) { S.step = 0; }
  var string = stringAt(S.base, p).points;
  var already = S.targets.findIndex(function (t) { return string.indexOf(t) >= 0; });
  if (already >= 0) S.targets.splice(already, 1);
  else {
    if (S.targets.length && S.base[S.targets[0]] !== S.base[p]) S.targets = [];
    S.targets.push(p);
  }
  S.result = null; S.line = []; S.step = 0; S.territory = null;
  $("verdict").textContent = ""; $("details").textContent = ""; $("count").textContent = "";
  $("stepper").hidden = true; $("lines").hidden = true;
  showSelection();
  draw();
}

function showSelection() {
  $("selection").textContent = S.targets.length
    ? "Selected: " + S.targets.map(vertexName).join(", ") + " (" + (S.base[S.targets[0]] === 1 ? "Black" : "White") + ")"
    : (S.width ? "Click a stone of the disputed group." : "");
  $("prove").disabled = S.targets.length === 0 || !!S.proving;
  $("clear").disabled = S.targets.length === 0;
  $("countBtn").disabled = !S.width;
  $("countBtn").textContent = S.targets.length ? "Count with the selected stones dead" : "Count (no stone dead)";
  // several strings at once: one question over all of them is much harder than each alone
  $("warning").textContent = S.targets.length > 1
    ? "Several strings are selected: proving them together can take far longer than each alone (and answer unknown); if it does, prove them one at a time."
    : "";
}

function gameRequest(withMove) {
  var body = { sgf: $("sgf").value };
  if ($("rules").value) body.rules = $("rules").value;
  if (withMove !== false && S.moves > 0 && S.atMove < S.moves) body.atMove = S.atMove;
  return body;
}

/** Shows the position after atMove moves of the record (all of them when undefined). */
function load(atMove) {
  message("");
  S.targets = []; S.result = null; S.line = []; S.step = 0; S.territory = null;
  $("verdict").textContent = ""; $("details").textContent = ""; $("count").textContent = "";
  $("stepper").hidden = true; $("lines").hidden = true;
  var body = gameRequest(false);
  if (atMove !== undefined) body.atMove = atMove;
  return api("/v1/position", body).then(function (pos) {
    S.width = pos.size.width; S.height = pos.size.height; S.toMove = pos.toMove; S.rules = pos.rules;
    S.moves = pos.movesInRecord; S.atMove = pos.moves; S.lastMove = pos.lastMove; S.numbers = pos.numbers || {};
    S.base = new Array(S.width * S.height).fill(0);
    pos.stones.B.forEach(function (v) { S.base[parseVertex(v)] = 1; });
    pos.stones.W.forEach(function (v) { S.base[parseVertex(v)] = 2; });
    $("gameStepper").hidden = S.moves === 0;
    $("gameRange").max = String(S.moves);
    $("gameRange").value = String(S.atMove);
    $("gameText").textContent = "move " + S.atMove + " of " + S.moves +
      (S.lastMove ? " (" + S.lastMove.color + " " + S.lastMove.point + ")" : "");
    showSelection();
    draw();
  }).catch(function (e) { message(e.message); });
}
function gameAt(k) { if (S.width) load(Math.max(0, Math.min(S.moves, k))); }

/** The count of the game as it stands, the selected strings dead: the referee's result and its territory. */
function count() {
  message("");
  var body = gameRequest();
  body.dead = S.targets.length ? S.targets.map(vertexName) : "none";
  body.territory = true;
  $("count").textContent = "Counting...";
  return api("/v1/referee", body).then(function (r) {
    var s = r.score;
    S.territory = r.territory || null;
    $("count").textContent = s
      ? "Count under " + r.rules.name + " (" + s.method + "): Black " + s.black + ", White " + s.white + ", komi " + s.komi +
        ": " + r.result + (r.dead.length ? "\\nDead: " + r.dead.join(" ") : "") + "\\nTerritory shown on the board: small squares."
      : "No count: " + r.result + " (" + r.decidedBy + ")";
    draw();
  }).catch(function (e) { $("count").textContent = ""; message(e.message); });
}

function lineName() {
  var checked = document.querySelector("input[name=line]:checked").value;
  if (checked !== "first") return checked;
  var r = S.result;
  return r.ruling.firstToMove === r.defender ? "defenderFirst" : "attackerFirst";
}

function showLine() {
  S.line = S.result[lineName()].line;
  S.step = 0;
  $("stepper").hidden = S.line.length === 0;
  draw();
}

function describe(q) {
  return (q.captured === null ? "unknown (budget)" : q.captured ? "captured" : "not captured") + koText(q.ko);
}

// the answer's ko status (src/prove/prove.ts koWords says the same on the command line)
function koText(k) {
  if (!k) return "";
  if (k.status === "ko") return " (ko: " + k.winner + " must win it; " + (k.winner === "B" ? "W" : "B") + " needs " + k.threats + " outside threat" + (k.threats === 1 ? "" : "s") + ")";
  if (k.status === "unconditional") return k.upTo === null ? " (unconditional)" : " (unconditional up to " + k.upTo + " outside threats)";
  return " (ko status unknown)";
}

function proveSelected() {
  message("");
  $("details").textContent = "";
  var body = gameRequest();
  body.target = S.targets.map(vertexName);
  if ($("toMove").value) body.toMove = $("toMove").value;
  var seconds = Number($("seconds").value);
  if (seconds > 0) body.seconds = seconds;
  body.proof = true; // the proof trees, for the download
  // progress while it runs, and a Cancel button (the server stops the search when the request goes)
  var controller = new AbortController(), t0 = Date.now();
  var tick = function () { $("verdict").textContent = "Proving... " + Math.floor((Date.now() - t0) / 1000) + " s of at most " + (seconds || 10) + " s"; };
  tick();
  var timer = setInterval(tick, 500);
  S.proving = controller;
  $("cancel").hidden = false;
  showSelection();
  var done = function () { clearInterval(timer); S.proving = null; $("cancel").hidden = true; showSelection(); };
  return api("/v1/prove", body, controller.signal).then(function (r) {
    done();
    S.result = r;
    var who = r.defender === "B" ? "Black" : "White";
    $("verdict").textContent = "Verdict: " + r.verdict + " (" + S.rules + " rules" + (S.moves ? ", at move " + S.atMove : "") + ")";
    $("details").textContent =
      who + "'s stones " + r.target.join(", ") + ": " +
      (r.verdict === "dead" ? "captured whoever moves first" : r.verdict === "alive" ? "cannot be captured" :
       r.verdict === "seki" ? "alive in seki" : r.verdict === "unsettled" ? "whoever moves first decides" : "the budget ran out") +
      "\\nAttacker first: " + describe(r.attackerFirst) + "  " + r.attackerFirst.line.join(", ") +
      "\\nDefender first: " + describe(r.defenderFirst) + "  " + r.defenderFirst.line.join(", ") +
      "\\nBy the rules' dispute procedure " + r.ruling.firstToMove + " moves first: the stones are " + r.ruling.status + "." +
      "\\n" + r.nodes + " nodes, " + r.timeMs + " ms" + (r.complete ? "" : ", incomplete") +
      (r.assumption ? "\\n(" + r.assumption + ")" : "");
    $("lines").hidden = false;
    showLine();
  }).catch(function (e) {
    done();
    $("verdict").textContent = "";
    message(e.name === "AbortError" ? "Cancelled: the proof was stopped." : e.message);
  });
}

/** The proof tree of the question shown (as prove --proof writes it: every variation), as an
 *  SGF file for Sabaki or GoGui. */
function downloadLine() {
  var tree = S.result[lineName() + "Sgf"];
  if (!tree) { message("No proof tree for this line: the search did not finish it."); return; }
  var a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([tree], { type: "application/x-go-sgf" }));
  a.download = "proof-" + S.result.target.join("-") + "-" + (lineName() === "attackerFirst" ? "attacker" : "defender") + "-first.sgf";
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

$("load").addEventListener("click", function () { load(); });
$("countBtn").addEventListener("click", count);
$("cancel").addEventListener("click", function () { if (S.proving) S.proving.abort(); });
$("download").addEventListener("click", downloadLine);
$("gFirst").addEventListener("click", function () { gameAt(0); });
$("gPrev").addEventListener("click", function () { gameAt(S.atMove - 1); });
$("gNext").addEventListener("click", function () { gameAt(S.atMove + 1); });
$("gLast").addEventListener("click", function () { gameAt(S.moves); });
$("gameRange").addEventListener("change", function () { gameAt(Number($("gameRange").value)); });
$("rules").addEventListener("change", function () { if (S.width) load(S.atMove); });
$("showNumbers").addEventListener("change", function () { if (S.width) draw(); });
$("prove").addEventListener("click", proveSelected);
$("clear").addEventListener("click", function () { S.targets = []; S.step = 0; S.line = []; S.territory = null; $("count").textContent = ""; showSelection(); draw(); });
$("file").addEventListener("change", function (ev) {
  var f = ev.target.files[0];
  if (!f) return;
  f.text().then(function (t) { $("sgf").value = t; load(); });
});
$("sgf").addEventListener("paste", function () { setTimeout(function () { load(); }, 0); });
Array.prototype.forEach.call(document.querySelectorAll("input[name=line]"), function (r) {
  r.addEventListener("change", function () { if (S.result) showLine(); });
});
function go(k) { S.step = Math.max(0, Math.min(S.line.length, k)); draw(); }
$("first").addEventListener("click", function () { go(0); });
$("prev").addEventListener("click", function () { go(S.step - 1); });
$("next").addEventListener("click", function () { go(S.step + 1); });
$("last").addEventListener("click", function () { go(S.line.length); });
document.addEventListener("keydown", function (e) {
  if (e.target && e.target.tagName === "TEXTAREA") return;
  if (e.key === "ArrowRight") go(S.step + 1);
  if (e.key === "ArrowLeft") go(S.step - 1);
});
api("/v1/rules").then(function (presets) {
  Object.keys(presets).forEach(function (n) {
    var o = document.createElement("option");
    o.value = n; o.textContent = n;
    $("rules").appendChild(o);
  });
}).catch(function (e) { message(e.message); });
showSelection();
</script>
</body>
</html>
`;
