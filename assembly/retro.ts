// Retrograde analysis of a memoryless rule set (solve.ts's first regime): every position play
// can reach from the start is found (breadth first, each one reached by replaying its line
// through the rule engine), then each one's value with perfect play, where play that never ends
// is worth 0 (the rule set voids it: docs/solve.md). Exact with no table key subtleties, and
// the tool where lines cycle: a depth-first search there stores almost nothing (docs/solve.md).
// Values as solve.ts: twice Black's margin, from the host's count of each final position.

import { PN_INF, combine, thresholds, pnSumP, pnSumD, pnBest, pnThP, pnThD, keepTouched } from "./dfpn";
import { BLACK, WHITE } from "./board";
import { PHASE_PLAY, PHASE_RESUMED } from "./codes";
import { mix64 } from "./prng";
import { boardHash } from "./board";
import { sideKeyFor } from "./zobrist";
import * as R from "./rules";
import { suspFind, suspWins, thresholdOf, thresholdValue, thresholdCount, suspClosed, suspMarkNeeded, staticVerdict } from "./suspend";
import { suspendedNow, suspensionMeets, suspensionHere, keyOf, historyKeyOf, canonicalKeyOf, canonicalBoardOf, countOffset, setKeyShift, keyShiftNow, leafValue, applied, apply, undo, moveAt, nPoints, budgetOut, budgetNow, setSolOut, setDepthOut, countNode, grow, solOut, setCountInKey, proofStart, proofPush, proofKids, proofFail, proofOver } from "./solve";

const TERM: i32 = 0x40000000; // an edge at or above: a final position of value e - TERM - 65536
let cap: i32 = 0; // positions the tables hold
let posLimit: i32 = 0, edgeLimit: i32 = 0; // the run's room (explore): within the tables, as the caller asked
let hMask: i32 = 0;
let HKEY: usize = 0; // u64 per hash slot
let HIDX: usize = 0; // i32 per hash slot, -1 free
let PARENT: usize = 0; // i32 per position
let PMOVE: usize = 0; // i8 per position: the move from its parent
let SIDE: usize = 0; // u8 per position: the player to move
let CREATED: usize = 0; // u8 per position: 1 where a stone play (or the start) makes it, not a pass
let BKEY: usize = 0; // u32 per position: its board's class (what positional superko compares)
let SKEY: usize = 0; // u32 per position: its situation's class, board and player to move
let BANNED: usize = 0; // a bit per edge: a move the winner's strategy may not make (safeBound)
let PASSES: usize = 0; // a bit per edge: the move is a pass (a superko bans none)
let WEIGHT: usize = 0; // i8 per edge: what the move adds to the count (retroPayoff's runs alone)
let weightCap: bool = false; // the tables hold WEIGHT
let safeMode: bool = false; // the last run checked its strategy (safeBound): the line follows it
let ESTART: usize = 0; // i32 per position + 1
let EDGES: usize = 0; // i32 per edge
let edgeCap: i32 = 0;
let VAL: usize = 0; // i32 per position
let RANK: usize = 0; // i32 per position: moves to the goal in the attractor of the root's value
let CNT: usize = 0; // i32 per position: the attractor's counters
let QUEUE: usize = 0; // i32 per position
let PREDSTART: usize = 0; // i32 per position + 1: the predecessor lists
let PREDS: usize = 0; // i32 per edge
export let raPositions: i32 = 0;
export let raEdges: i32 = 0;
export let raTerminals: i32 = 0;
export let raRootValue: i32 = 0;
export let raTooMany: bool = false;
/** Situations the winner's strategy may meet three times (see tripleCheck): 0 or the value is
 *  not shown to hold under a third-occurrence Void. */
export let raTriples: i32 = -1;
/** With a `safetyKind`: the best bound a strategy the checks keep gives (safeBound). */
export let raSafeBound: i32 = 0;
let symmetric: bool = false; // positions by their class under the board's symmetries
let endless: i32 = 0; // what play that never ends is worth (0: a void; other values: a check of what cycles cost)
@inline function posKey(c: i32): u64 { return symmetric ? canonicalKeyOf(c) : keyOf(c); }
/** The board's key (toMove 0) or the situation's, by class where positions are. */
@inline function boardKey(toMove: i32): u32 {
  const k = symmetric ? canonicalBoardOf(toMove) : boardHash() ^ (toMove == 0 ? 0 : sideKeyFor(toMove));
  return <u32>(k ^ (k >> 32));
}


/** Room for `positions` positions and `edges` edges (`weighted`: with each move's addition to
 *  the count, WEIGHT); false when memory cannot grow so far. */
export function retroTables(positions: i32, edges: i32, weighted: bool): bool {
  if (positions <= cap && edges <= edgeCap && (weightCap || !weighted)) return true;
  let bits = 4;
  // (a load of 2/3 at most; of 4/5 past 16 million positions, where one memory holds the graph
  // only so: the hash slots are an eighth of it there)
  const most = positions > (1 << 24) ? positions + (positions >> 2) : positions + (positions >> 1);
  while ((1 << bits) < most) bits++;
  const slots = 1 << bits;
  const n = <usize>positions;
  const need = <usize>slots * 12 + n * (4 * 9 + 3) + 64 + <usize>edges * (weighted ? 9 : 8) + (<usize>edges >> 2) + 128;
  const base = grow(need);
  if (base == 0) return false;
  let a = base;
  HKEY = a; a += <usize>slots * 8;
  HIDX = a; a += <usize>slots * 4;
  PARENT = a; a += n * 4; ESTART = a; a += (n + 1) * 4; VAL = a; a += n * 4;
  RANK = a; a += n * 4; CNT = a; a += n * 4; QUEUE = a; a += n * 4; PREDSTART = a; a += (n + 1) * 4;
  EDGES = a; a += <usize>edges * 4; PREDS = a; a += <usize>edges * 4;
  BKEY = a; a += n * 4; SKEY = a; a += n * 4; CREATED = a; a += n; PMOVE = a; a += n; BANNED = a; a += (<usize>edges >> 3) + 8; PASSES = a; a += (<usize>edges >> 3) + 8; WEIGHT = a; a += weighted ? <usize>edges : 0; SIDE = a;
  cap = positions; edgeCap = edges; hMask = slots - 1; weightCap = weighted;
  return true;
}

@inline function i32At(base: usize, i: i32): i32 { return load<i32>(base + (<usize>i << 2)); }
@inline function setI32(base: usize, i: i32, v: i32): void { store<i32>(base + (<usize>i << 2), v); }

/** The index of position key k, adding it (parent p, move m, side c) when new; -2: no room. */
function indexOf(k: u64, p: i32, m: i32, c: i32): i32 {
  const i = slotOf(k);
  const v = i32At(HIDX, i);
  if (v >= 0) return v;
  if (raPositions >= posLimit) return -2;
  const n = raPositions++;
  store<u64>(HKEY + (<usize>i << 3), k); setI32(HIDX, i, n);
  setI32(PARENT, n, p); store<i8>(PMOVE + <usize>n, <i8>m); store<u8>(SIDE + <usize>n, <u8>c);
  // (the engine stands on the new position)
  // (the Grand Rules' phases: a game phase's boards apart from the dispute phases', which no line
  // of one phase meets in the other's: the checks by rank compare a phase's own)
  const apart: u32 = phaseMode && R.fPhase == PHASE_PLAY ? PHASE_APART : 0;
  store<u32>(BKEY + (<usize>n << 2), boardKey(0) ^ apart); store<u32>(SKEY + (<usize>n << 2), boardKey(c) ^ apart);
  store<u8>(CREATED + <usize>n, p < 0 || m >= 0 ? 1 : 0);
  return n;
}

// the line the engine stands on: the moves from the start
const LINE: usize = memory.data(1024 * 4, 16);
const WANT: usize = memory.data(1024 * 4, 16);
let lineLen: i32 = 0;

/** The index of position key k, -1 if the run did not reach it. */
@inline function findIndex(k: u64): i32 { return i32At(HIDX, slotOf(k)); }

/** Where the search for position key k's hash slot starts. */
@inline function homeSlot(k: u64): i32 { return <i32>(k ^ (k >> 31)) & hMask; }
/** The hash slot of key k: its own, or the free one where it would go. */
function slotOf(k: u64): i32 {
  let i = homeSlot(k);
  while (i32At(HIDX, i) >= 0 && load<u64>(HKEY + (<usize>i << 3)) != k) i = (i + 1) & hMask;
  return i;
}

/** Takes the engine to position n: back to the common start of the two lines, then forward. */
function goTo(n: i32): bool {
  let len = 0;
  for (let q = n; i32At(PARENT, q) >= 0; q = i32At(PARENT, q)) {
    if (len >= 1000) return false;
    setI32(WANT, len++, <i32>load<i8>(PMOVE + <usize>q));
  }
  // WANT holds the line backwards
  let common = 0;
  while (common < lineLen && common < len && i32At(LINE, common) == i32At(WANT, len - 1 - common)) common++;
  while (lineLen > common) { lineLen--; undo(lineLen); }
  while (lineLen < len) {
    const m = i32At(WANT, len - 1 - lineLen);
    const c = lineLen % 2 == 0 ? BLACK : WHITE; // (a line from the start alternates, Black first)
    apply(m, c, lineLen);
    if (applied != 1) return false;
    setI32(LINE, lineLen++, m);
  }
  return true;
}

let noSameBoard: bool = false;
let noSuicideAfterPass: bool = false; // situational superko's bounds: see play()
let countClamp: i32 = 0; // territory counting's bounds: the most prisoners ahead (twice) the graph holds
/** apply(), less a play that leaves the board as it was (a lone stone's suicide) where the run
 *  bounds a positional superko, which bans it: it repeats the board; and, bounding a
 *  situational superko, less such a play right after the other side's pass: it brings back the
 *  situation before that pass (simple ko's game would let a side pass its turn so for ever). */
function play(m: i32, c: i32, depth: i32): void {
  const before = boardHash();
  const afterPass = R.fCons > 0;
  apply(m, c, depth);
  if (m >= 0 && applied == 1 && (noSameBoard || (noSuicideAfterPass && afterPass)) && boardHash() == before) { undo(depth); applied = 0; }
}

let virtualEnds: bool = false; // Zhang's relaxation: an abandon move may answer a pass (explore)
/** Whether the graph holds the abandon moves that answer a pass (Zhang's rules, zhang 3.1). */
export function retroAbandons(on: bool): void { virtualEnds = on; }

let wantBound: bool = true;
/** Whether a run with a `safetyKind` looks for the best bound its checks keep (safeBound), or
 *  only keeps the kind for the search over the rule's lines, which shows every goal itself. */
export function retroWantBound(on: bool): void { wantBound = on; }

/** Finds every position reachable from the engine's current one (the start, Black to move) and
 *  the values of all; returns the start's (twice Black's margin; solOut: none). */
export function retroRun(maxPositions: i32, maxEdges: i32, sym: bool, endlessValue: i32, safetyKind: i32, noSame: bool, clamp: i32): i32 {
  symmetric = sym; endless = endlessValue; noSameBoard = noSame; safety = safetyKind; countClamp = clamp;
  phaseMode = false;
  noSuicideAfterPass = safetyKind == 3;
  const checkSafety = safetyKind != 0;
  raSafeRounds = 0; raSafeChanges = 0; raProveNodes = 0; raTriples = -1; safeMode = checkSafety;
  if (!explore(maxPositions, maxEdges, false)) return 0;
  predecessors();
  values();
  if (solOut) return 0; // (time or Ctrl-C between attractors: no value)
  // (the final attractor is the winner's: values() leaves it in RANK)
  if (endless == 0) raTriples = raRootValue == 0 ? 0 : tripleCheck();
  if (checkSafety) raSafeBound = wantBound ? safeBound() : endless;
  return raRootValue;
}

/** The graph: every position play reaches, breadth first, and its moves (EDGES: a position or
 *  TERM + a final count). `weighted`: keys without the count so far, each move's addition to it
 *  in WEIGHT and a final count less the count before the move (retroPayoff). */
function explore(maxPositions: i32, maxEdges: i32, weighted: bool): bool {
  raPositions = 0; raEdges = 0; raTerminals = 0; raTooMany = false; lineLen = 0;
  setCountInKey(!weighted);
  if (!retroTables(maxPositions, maxEdges, weighted)) { raTooMany = true; setSolOut(); return false; }
  // (tables grown for an earlier, larger run are kept: the room asked for is still the limit)
  posLimit = min(maxPositions, cap); edgeLimit = min(maxEdges, edgeCap);
  memory.fill(HIDX, 0xff, <usize>(hMask + 1) * 4);
  indexOf(posKey(BLACK), -1, 0, BLACK);
  // breadth first: position n's moves, each a new position or a final one
  for (let n = 0; n < raPositions; n++) {
    countNode();
    if (budgetOut(0)) return false;
    if (!goTo(n)) { setSolOut(); raTooMany = true; return false; }
    setI32(ESTART, n, raEdges);
    const c = <i32>load<u8>(SIDE + <usize>n);
    const before = weighted ? countOffset() : 0;
    const canAbandon = virtualEnds && lineLen >= 1 && i32At(LINE, lineLen - 1) < 0;
    for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, canAbandon);
      if (m == -99) continue;
      play(m, c, lineLen);
      if (applied == 0) continue;
      let e: i32;
      let w = 0;
      let kind: u8 = 0, tkey: u64 = 0, tcount = 0;
      if (applied == 2) { tcount = leafValue(); e = TERM + tcount - before + 65536; raTerminals++; kind = 2; }
      // (the Grand Rules' phases: a suspension ends the phase, worth what the set says: phaseGoal)
      // (each one kept in the list, to be searched in the rounds: a strategy may count on it only
      // once its worth is the fixed point's)
      else if (phaseMode && suspendedNow(m)) {
        e = TERM + 65536 + PH_NEUTRAL; raTerminals++; kind = 1; tkey = canonicalBoardOf(c ^ 3); tcount = countOffset();
        suspensionHere(c ^ 3);
        // (after a game phase of even moves, the suspension's own phases are explored too: the
        // dispute phases the rounds search start there, their count with nothing added)
        if (tcount == 0 && indexOf(posKey(c ^ 3), n, m, c ^ 3) == -2) { undo(lineLen); raTooMany = true; setSolOut(); return false; }
      }
      // (a count so far beyond the clamp: a bound's run takes it as lost for the winner; the
      // phases' strategies as nobody's)
      else if (countClamp > 0 && abs(countOffset()) > countClamp) e = TERM + (phaseMode ? PH_NEUTRAL : endless) + 65536;
      else {
        e = indexOf(posKey(c ^ 3), n, m, c ^ 3);
        if (e == -2) { undo(lineLen); raTooMany = true; setSolOut(); return false; }
        if (weighted) w = countOffset() - before;
      }
      undo(lineLen);
      if (raEdges >= edgeLimit) { raTooMany = true; setSolOut(); return false; }
      if (weighted) store<i8>(WEIGHT + <usize>raEdges, <i8>w);
      if (phaseMode) {
        store<u8>(PH_KIND + <usize>raEdges, kind);
        store<u64>(PH_KEY + (<usize>raEdges << 3), tkey);
        setI32(PH_COUNT, raEdges, tcount);
      }
      const bit = <u8>1 << <u8>(raEdges & 7), at = PASSES + (<usize>raEdges >> 3);
      store<u8>(at, m < 0 ? load<u8>(at) | bit : load<u8>(at) & ~bit);
      setI32(EDGES, raEdges++, e);
    }
  }
  setI32(ESTART, raPositions, raEdges);
  while (lineLen > 0) { lineLen--; undo(lineLen); }
  memory.fill(BANNED, 0, (<usize>raEdges >> 3) + 8);
  return true;
}

/** The predecessor lists (each position's parents by edge), for the attractors. */
function predecessors(): void {
  const N = raPositions;
  memory.fill(PREDSTART, 0, <usize>(N + 1) * 4);
  for (let e = 0; e < raEdges; e++) { const t = i32At(EDGES, e); if (t < TERM) setI32(PREDSTART, t + 1, i32At(PREDSTART, t + 1) + 1); }
  for (let i = 0; i < N; i++) setI32(PREDSTART, i + 1, i32At(PREDSTART, i + 1) + i32At(PREDSTART, i));
  memory.copy(CNT, PREDSTART, <usize>N * 4); // (fill positions)
  for (let n = 0; n < N; n++) {
    for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
      const t = i32At(EDGES, e);
      if (t >= TERM) continue;
      const at = i32At(CNT, t);
      setI32(PREDS, at, n);
      setI32(CNT, t, at + 1);
    }
  }
}

/** The attractor of the final positions that meet the goal, for the player who must reach them
 *  (`blackReaches`: Black, goal value >= theta; else White, goal value < theta): RANK >= 0 for the
 *  positions in it (the moves to the goal), -1 for the rest. */
let anyBans: bool = false;
@inline function isPass(e: i32): bool { return (load<u8>(PASSES + (<usize>e >> 3)) & (1 << (e & 7))) != 0; }
@inline function banned(e: i32): bool { return (load<u8>(BANNED + (<usize>e >> 3)) & (1 << (e & 7))) != 0; }
@inline function ban(e: i32): void { store<u8>(BANNED + (<usize>e >> 3), load<u8>(BANNED + (<usize>e >> 3)) | (<u8>1 << <u8>(e & 7))); }
/** Whether position p has a move to t that is not banned. */
function openEdge(p: i32, t: i32): bool {
  for (let e = i32At(ESTART, p); e < i32At(ESTART, p + 1); e++) if (i32At(EDGES, e) == t && !banned(e)) return true;
  return false;
}
let goalTheta: i32 = 0; // the last attractor's goal
let goalBlack: bool = true;
function attractor(theta: i32, blackReaches: bool): void {
  goalTheta = theta; goalBlack = blackReaches;
  const N = raPositions;
  const mover = blackReaches ? BLACK : WHITE;
  let qt = 0;
  for (let n = 0; n < N; n++) {
    setI32(RANK, n, -1);
    const c = <i32>load<u8>(SIDE + <usize>n);
    let good = false, blocked = false, open = 0;
    for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
      const x = i32At(EDGES, e);
      if (x >= TERM) {
        const v = x - TERM - 65536;
        if (v != PH_NEUTRAL && (blackReaches ? v >= theta : v < theta)) good = true; else blocked = true;
      } else open++;
    }
    // the mover needs one move to the goal; the other player must have nothing but such moves
    // (an excluded position: one whose mover may void the game, safeAttractor)
    if (anyBans && (load<u8>(CREATED + <usize>n) & 4) != 0) blocked = true;
    const inNow = c == mover ? good : !blocked && open == 0;
    // (the moves still needed: the mover's one, the other's every one; 0 once in, so the search
    // below reads one number a predecessor, not three)
    setI32(CNT, n, inNow ? 0 : c == mover ? 1 : blocked ? 1 << 30 : open);
    if (inNow) { setI32(RANK, n, 1); setI32(QUEUE, qt++, n); }
  }
  spread(qt, mover, RANK, 1);
}

/** The attractor's spread from the qt positions queued: each predecessor whose counter (CNT)
 *  falls to 0 joins, with out[p] = out[n] + step (RANK: the moves to the goal; VAL: the goal
 *  it joins at, step 0). */
function spread(qt: i32, mover: i32, out: usize, step: i32): void {
  let qh = 0;
  while (qh < qt) {
    const n = i32At(QUEUE, qh++);
    const r = i32At(out, n) + step;
    for (let k = i32At(PREDSTART, n); k < i32At(PREDSTART, n + 1); k++) {
      const p = i32At(PREDS, k);
      const left = i32At(CNT, p) - 1;
      if (left < 0) continue;
      if (anyBans && <i32>load<u8>(SIDE + <usize>p) == mover && !openEdge(p, n)) continue;
      setI32(CNT, p, left);
      if (left == 0) { setI32(out, p, r); setI32(QUEUE, qt++, p); }
    }
  }
}

// the distinct values of the final positions, and 0 (play that never ends)
const THETAS: usize = memory.data(4096 * 4, 16);
let thetaCount: i32 = 0;

/** VAL: each position's value, the largest theta for which Black can make at least theta.
 *  W(theta), the positions where Black makes theta (Black reaches a count >= theta where theta is
 *  above what endless play is worth; else White cannot reach a count < theta), shrinks as theta
 *  grows, so VAL is where a position leaves it. Both attractors only grow as theta moves away
 *  from `endless` (Black's as it falls, White's as it rises), so each is built once, its
 *  counters kept from one goal to the next: the work of two attractors, not one per count. */
function values(): void {
  const N = raPositions;
  let nt = 0;
  setI32(THETAS, nt++, endless);
  for (let e = 0; e < raEdges; e++) {
    const x = i32At(EDGES, e);
    if (x < TERM) continue;
    const v = x - TERM - 65536;
    let seen = false;
    for (let j = 0; j < nt; j++) if (i32At(THETAS, j) == v) { seen = true; break; }
    if (!seen && nt < 4096) setI32(THETAS, nt++, v);
  }
  // ascending
  for (let i = 1; i < nt; i++) {
    const v = i32At(THETAS, i);
    let j = i - 1;
    while (j >= 0 && i32At(THETAS, j) > v) { setI32(THETAS, j + 1, i32At(THETAS, j)); j--; }
    setI32(THETAS, j + 1, v);
  }
  thetaCount = nt;
  anyBans = false;
  let top = 0; // the last goal at or below endless
  while (top + 1 < nt && i32At(THETAS, top + 1) <= endless) top++;
  // White's attractor of counts below theta, theta rising to endless: a position joins at the
  // first theta it is in, and was in W at the one before
  valueKeys(false);
  for (let j = 1; j <= top; j++) {
    if (budgetNow()) return;
    const was = i32At(THETAS, j - 1);
    valueSweep(WHITE, was, was, j == 1);
  }
  // (with no goal below endless nothing joined: every position starts at the least goal)
  for (let n = 0; n < N; n++) if (top == 0 || i32At(CNT, n) != 0) setI32(VAL, n, i32At(THETAS, top));
  // Black's attractor of counts >= theta, theta falling to just above endless
  valueKeys(true);
  for (let j = nt - 1; j > top; j--) {
    if (budgetNow()) return;
    const theta = i32At(THETAS, j);
    valueSweep(BLACK, theta, theta, j == nt - 1);
  }
  raRootValue = i32At(VAL, 0);
  // the ranks the line follows: towards the winner's goal (a value of 0 towards a count of 0)
  const v = raRootValue;
  if (v > endless) attractor(v, true); else attractor(v + 1, false);
}

const NO_END: i32 = 0x7fffffff; // a position with no final move (RANK in values())
/** For values(): each position's counter as the attractor of `black` starts it (the mover's
 *  one good move; the other's every move: its moves to positions, and its final moves as one,
 *  since they all turn good at the same goal), and in RANK the count at which its final moves
 *  turn good: the best final count for the player to move (Black's highest, White's lowest). */
function valueKeys(black: bool): void {
  const mover = black ? BLACK : WHITE;
  for (let n = 0; n < raPositions; n++) {
    const c = <i32>load<u8>(SIDE + <usize>n);
    let open = 0, ends = false, best = 0;
    for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
      const x = i32At(EDGES, e);
      if (x < TERM) { open++; continue; }
      const v = x - TERM - 65536;
      if (!ends || (c == BLACK ? v > best : v < best)) best = v;
      ends = true;
    }
    setI32(RANK, n, ends ? best : NO_END);
    setI32(CNT, n, c == mover ? 1 : open + (ends ? 1 : 0));
  }
}

/** One goal of values()'s attractor for `mover`: the positions whose final moves turn good at
 *  this goal (`fire`: their best final count; Black's at or above the goal, White's below the
 *  next) are counted down, and whatever joins takes `val`. `first`: the positions in with no
 *  move needed (the other side has none) join too. */
function valueSweep(mover: i32, fire: i32, val: i32, first: bool): void {
  const N = raPositions;
  let qt = 0;
  for (let n = 0; n < N; n++) {
    const left = i32At(CNT, n);
    if (left == 0) { if (first) { setI32(VAL, n, val); setI32(QUEUE, qt++, n); } continue; }
    const k = i32At(RANK, n);
    if (k == NO_END || k != fire) continue;
    const c = <i32>load<u8>(SIDE + <usize>n);
    const now = c == mover ? 0 : left - 1;
    setI32(CNT, n, now);
    if (now == 0) { setI32(VAL, n, val); setI32(QUEUE, qt++, n); }
  }
  spread(qt, mover, VAL, 0);
}

// ---- a principal variation -------------------------------------------------------------------
export const RA_LINE_OUT: usize = memory.data(1024 * 4, 16);
export let raLineLen: i32 = 0;
export let raLineEnd: i32 = 0; // 1 play ended, 2 a cycle back to entry raLineCycle, 3 cut short
export let raLineCycle: i32 = -1;
const SEEN_AT: usize = memory.data(1024 * 4, 16);

/** From the start, each move one that keeps the value, the quickest to the goal (RANK); a line
 *  that comes back to a position on it is a cycle (worth 0: it ends there). */
export function retroLine(maxLen: i32): i32 {
  raLineLen = 0; raLineEnd = 3; raLineCycle = -1;
  let n = 0;
  let c = BLACK;
  const cap = min(maxLen, 1000);
  while (raLineLen < cap) {
    for (let j = 0; j < raLineLen; j++) if (i32At(SEEN_AT, j) == n) { raLineEnd = 2; raLineCycle = j; return raLineLen; }
    setI32(SEEN_AT, raLineLen, n);
    const want = i32At(VAL, n);
    // (each move looked up by its position's class: the class's stored moves are those of its
    // first position, which may be an image of this one under a symmetry)
    let best = -99, bestRank = 1 << 30, bestEnds = false;
    if (safeMode) best = safeLineMove(n, c, raLineLen);
    else for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, false);
      if (m == -99) continue;
      play(m, c, raLineLen);
      if (applied == 0) continue;
      if (applied == 2) {
        const v = leafValue();
        undo(raLineLen);
        if (v == want && !bestEnds) { best = m; bestEnds = true; bestRank = 0; }
        continue;
      }
      const x = indexOf(posKey(c ^ 3), -1, 0, c ^ 3);
      undo(raLineLen);
      if (x < 0) continue;
      const r = i32At(RANK, x);
      const rank = r < 0 ? 1 << 29 : r;
      if (i32At(VAL, x) == want && !bestEnds && rank < bestRank) { best = m; bestRank = rank; }
    }
    if (best == -99) return raLineLen;
    apply(best, c, raLineLen);
    const ends = applied == 2;
    setI32(RA_LINE_OUT, raLineLen++, best);
    if (ends) { raLineEnd = 1; return raLineLen; }
    n = indexOf(posKey(c ^ 3), -1, 0, c ^ 3);
    c ^= 3;
  }
  return raLineLen;
}

/** A move of the line after safeBound: the winner's a safe one (an end that meets the goal, or a
 *  move left unbanned that lowers RANK), the other side's the one the unbanned game values worst
 *  for the winner, the longest way to the goal among those. */
function safeLineMove(n: i32, c: i32, depth: i32): i32 {
  const mover = goalBlack ? BLACK : WHITE;
  const sign = goalBlack ? 1 : -1; // (the winner's way up)
  let best = -99, bestVal = 1 << 30, bestRank = -1;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    play(m, c, depth);
    if (applied == 0) continue;
    let v: i32, r: i32;
    if (applied == 2) { v = leafValue(); r = 0; undo(depth); }
    else {
      const x = findIndex(posKey(c ^ 3));
      undo(depth);
      if (x < 0) continue;
      r = i32At(RANK, x);
      if (c == mover) {
        if (r >= 0 && r < i32At(RANK, n) && openEdge(n, x) && (best == -99 || r < bestRank)) { best = m; bestRank = r; }
        continue;
      }
      v = i32At(VAL, x);
    }
    if (c == mover) {
      if (goalBlack ? v >= goalTheta : v < goalTheta) return m;
      continue;
    }
    const w = sign * v;
    if (w < bestVal || (w == bestVal && r > bestRank)) { best = m; bestVal = w; bestRank = r; }
  }
  return best;
}

// ---- what the value rests on ------------------------------------------------------------------
// The attractor's strategy (each move lowers RANK) repeats no position of the graph, but a
// position holds more than the board: two positions can share a board (one before a pass, one
// after; simple ko's point; the count so far). These checks say when that cannot matter.

/** The third-occurrence Void: the value treats play that never ends as a void and any finite
 *  line as played out, while the rule voids a game at a situation's third creation (a stone play
 *  or the start makes it, a pass does not) whatever came between. The winner's strategy repeats
 *  no position, so it meets a situation three times only through three positions of that
 *  situation in the attractor; this counts the situations with three or more such positions (by
 *  32-bit key: a collision only adds to the count). The loser's side needs no check: a void is
 *  worth 0, what the value gives play that never ends. */
function tripleCheck(): i32 {
  const N = raPositions;
  const buf = CNT; // (CNT and QUEUE: 8 bytes a position, free after values())
  let m = 0;
  for (let n = 0; n < N; n++) {
    if (i32At(RANK, n) < 0 || load<u8>(CREATED + <usize>n) == 0) continue;
    store<u64>(buf + (<usize>m << 3), <u64>load<u32>(SKEY + (<usize>n << 2)));
    m++;
  }
  return sortedRuns(buf, m, 3);
}

/** Sorts the m keys at buf and counts the keys that come k times or more. */
function sortedRuns(buf: usize, m: i32, k: i32): i32 {
  sortU64(buf, m);
  let runs = 0, run = 0;
  for (let j = 0; j < m; j++) {
    run = j > 0 && load<u64>(buf + (<usize>j << 3)) == load<u64>(buf + (<usize>(j - 1) << 3)) ? run + 1 : 1;
    if (run == k) runs++;
  }
  return runs;
}

/** The strategy of an attractor (each move lowers RANK) repeats no position of the graph, and
 *  every earlier position of a line that follows it ranks at least as high as the mover's own.
 *  Two checks rest on that, by the rule that reads more of the history than the graph holds:
 *
 *  - a superko (`safety` 1 positional, 3 situational): the engine ran with simple ko, whose bans
 *    a superko also makes (the position before the last move is one it has seen), so the loser
 *    has every move the superko allows him. The winner's move from n to t is banned only if t's
 *    board (with the player to move, situational) came earlier in the line: it is safe when no
 *    position of t's board (situation) ranks above RANK(n) (by class: images count too; every
 *    earlier position of the line ranks above n), and a pass always is (a superko bans none).
 *  - the third-occurrence Void (`safety` 2): the graph holds the count so far (territory
 *    counting), so a situation can come back with another count and the engine, which ran
 *    without the Void, does not see it. A stone play to t may void the game when two positions
 *    made by stone plays (or the start) with t's situation rank at RANK(n) or above: the
 *    winner's such move is banned, and a position where the loser has one is left out (a void is
 *    taken as no goal of the winner's).
 *
 *  The unsafe moves are banned and the attractor computed again until every move it leaves the
 *  winner is safe: then the strategy wins under the rule as well. Returns the best goal so
 *  reached (Black's at least, or White's at most, twice the margin); RANK is its attractor. */
function safeBound(): i32 {
  const blackReaches = raRootValue > endless;
  // Black: at least the value, else less; White: below the next count above the value, else more
  let j = 0;
  while (j < thetaCount && (blackReaches ? i32At(THETAS, j) < raRootValue : i32At(THETAS, j) <= raRootValue)) j++;
  if (!blackReaches && j == thetaCount) return raRootValue; // (no count above: the bound is the highest)
  for (; blackReaches ? j >= 0 : j < thetaCount; j += blackReaches ? -1 : 1) {
    const theta = i32At(THETAS, j);
    if (safeAttractor(theta, blackReaches)) return blackReaches ? theta : i32At(THETAS, j - 1);
    if (solOut) break;
  }
  anyBans = false;
  return endless;
}

/** The attractor with the winner's unsafe moves banned (and the loser's positions with a move
 *  that may void the game left out) until none is left; whether the start is in it. */
function safeAttractor(theta: i32, blackReaches: bool, anyStart: bool = false): bool {
  const N = raPositions;
  const mover = blackReaches ? BLACK : WHITE;
  memory.fill(BANNED, 0, (<usize>raEdges >> 3) + 8);
  for (let n = 0; n < N; n++) store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) & 1);
  anyBans = true;
  const byBoard = safety != 2; // (a superko: 1 positional, 3 situational)
  const keys = safety == 1 ? BKEY : SKEY;
  // (a void, worth 0, that meets the winner's goal needs no check)
  if (!byBoard && (blackReaches ? theta <= 0 : theta > 0)) { attractor(theta, blackReaches); return i32At(RANK, 0) >= 0; }
  for (let round = 0; round < 100000; round++) {
    if (budgetNow()) return false;
    attractor(theta, blackReaches);
    if (i32At(RANK, 0) < 0 && !anyStart) return false;
    // the attractor's boards (or situations made by stone plays) with their ranks, sorted
    sortRanked(keys, !byBoard);
    let changes = 0;
    for (let n = 0; n < N; n++) {
      const r = i32At(RANK, n);
      if (r < 0) continue;
      const winner = <i32>load<u8>(SIDE + <usize>n) == mover;
      if (!winner && byBoard) continue; // (a superko only takes moves from the loser)
      for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
        const t = i32At(EDGES, e);
        if (t >= TERM || banned(e)) continue;
        if (!byBoard && (load<u8>(CREATED + <usize>t) & 1) == 0) continue; // (a pass makes no situation)
        const rt = i32At(RANK, t);
        if (winner && (rt < 0 || rt >= r)) continue;
        // (a superko bans no pass; and the positions before n on a line of the strategy rank
        // above n: each move lowers RANK)
        if (byBoard && isPass(e)) continue;
        const key = load<u32>(keys + (<usize>t << 2));
        if (byBoard ? atOrAbove(key, r + 1) < 1 : atOrAbove(key, r) < 2) continue;
        if (winner) ban(e);
        else store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | 4);
        changes++;
        if (!winner) break;
      }
    }
    raSafeRounds++; raSafeChanges += changes;
    if (changes == 0) return true;
  }
  return false;
}
/** The checks' work in the last run: rounds, and moves banned or positions left out. */
export let raSafeRounds: i32 = 0;
export let raSafeChanges: i32 = 0;

let safety: i32 = 0; // 1 positional superko's bounds, 3 situational's, 2 the third-occurrence Void's (safeAttractor)
let sortedLen: i32 = 0;
/** The positions RANK holds (those a stone play or the start made, where `createdOnly`), each
 *  as its key (`keys`: BKEY or SKEY) and rank, sorted into CNT (8 bytes a position, free until
 *  the next attractor), for atOrAbove. */
function sortRanked(keys: usize, createdOnly: bool): void {
  const N = raPositions;
  let m = 0;
  for (let n = 0; n < N; n++) {
    const r = i32At(RANK, n);
    if (r < 0 || (createdOnly && (load<u8>(CREATED + <usize>n) & 1) == 0)) continue;
    store<u64>(CNT + (<usize>m << 3), <u64>load<u32>(keys + (<usize>n << 2)) << 32 | <u64>r);
    m++;
  }
  sortIndexed(m);
}

/** Sorts the m (key, rank) entries at CNT for the look-ups (lowerBound, atOrAbove, leastRank). */
function sortIndexed(m: i32): void {
  sortU64(CNT, m);
  sortedLen = m;
  indexSorted();
}

// The sorted entries by the top 16 bits of their keys: START[t] is the first entry whose key's
// top 16 bits are t or more, so a look-up searches one bucket (some 150 entries of 25 million:
// a few memory accesses) and the index (256 KB) stays in cache, where a search over all the
// entries misses it at each of its 25 steps
let START: usize = 0; // 0: no index (no memory for it), a search over all the entries
function indexSorted(): void {
  if (START == 0) {
    const base = grow(<usize>(BUCKETS + 1) * 4 + 16);
    if (base == 0) return;
    START = (base + 3) & ~3;
  }
  let j = 0;
  for (let t = 0; t <= BUCKETS; t++) {
    while (j < sortedLen && <i32>(load<u64>(CNT + (<usize>j << 3)) >> 48) < t) j++;
    store<i32>(START + (<usize>t << 2), j);
  }
}
const BUCKETS: i32 = 1 << 16;

/** How many sorted entries (key, rank) have this key and a rank of at least r. */
function atOrAbove(key: u32, r: i32): i32 {
  const k = <u64>key;
  const end = key == 0xffffffff ? sortedLen : lowerBound((k + 1) << 32);
  return end - lowerBound((k << 32) | <u64>r);
}
/** The first sorted entry at or above x. */
function lowerBound(x: u64): i32 {
  let lo = 0, hi = sortedLen;
  if (START != 0) {
    const t = <usize>(x >> 48);
    lo = load<i32>(START + (t << 2)); hi = load<i32>(START + (t << 2) + 4);
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (load<u64>(CNT + (<usize>mid << 3)) < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// ---- sorting ---------------------------------------------------------------------------------
// The checks sort up to 25 million entries several times a goal. A heapsort's every step is a
// cache miss at that size (it took a quarter of a 4x4 solve); a radix sort by the most
// significant byte first, in place (American flag sort: each bucket's entries swapped into it
// in turn), reads and writes the entries a few times in order, and a bucket of 40,000 entries
// after the first byte already fits the cache.
const RADIX_ROWS: usize = memory.data(8 * 256 * 4 * 2, 16); // per pass (a byte): each bucket's next and end

/** Sorts n u64 at base, ascending, in place. */
function sortU64(base: usize, n: i32): void {
  let any: u64 = 0;
  for (let i = 0; i < n; i++) any |= load<u64>(base + (<usize>i << 3));
  if (any == 0) return;
  // (from the highest byte any entry uses: the checks' keys are 32 or 64 bits)
  radixPass(base, n, <i32>((63 - clz(any)) >> 3) << 3, 0);
}

function radixPass(base: usize, n: i32, shift: i32, level: i32): void {
  if (n < 48) { insertionSortU64(base, n); return; }
  const next = RADIX_ROWS + (<usize>level << 11), end = next + 1024;
  memory.fill(end, 0, 1024);
  for (let i = 0; i < n; i++) {
    const d = <usize>((load<u64>(base + (<usize>i << 3)) >> shift) & 255);
    store<i32>(end + (d << 2), load<i32>(end + (d << 2)) + 1);
  }
  // (the buckets' bounds: next is where each fills from, end where it stops)
  let at = 0, whole = false;
  for (let d: usize = 0; d < 256; d++) {
    const c = load<i32>(end + (d << 2));
    if (c == n) whole = true;
    store<i32>(next + (d << 2), at); at += c; store<i32>(end + (d << 2), at);
  }
  if (!whole) {
    for (let b: usize = 0; b < 256; b++) {
      while (load<i32>(next + (b << 2)) < load<i32>(end + (b << 2))) {
        let v = load<u64>(base + (<usize>load<i32>(next + (b << 2)) << 3));
        let d = <usize>((v >> shift) & 255);
        // (the entry goes to its bucket's next place, and the one there moves on)
        while (d != b) {
          const to = base + (<usize>load<i32>(next + (d << 2)) << 3);
          const w = load<u64>(to);
          store<u64>(to, v);
          store<i32>(next + (d << 2), load<i32>(next + (d << 2)) + 1);
          v = w; d = <usize>((v >> shift) & 255);
        }
        store<u64>(base + (<usize>load<i32>(next + (b << 2)) << 3), v);
        store<i32>(next + (b << 2), load<i32>(next + (b << 2)) + 1);
      }
    }
  }
  if (shift == 0) return;
  let from = 0;
  for (let d: usize = 0; d < 256; d++) {
    const to = load<i32>(end + (d << 2));
    if (to - from > 1) radixPass(base + (<usize>from << 3), to - from, shift - 8, level + 1);
    from = to;
  }
}

/** For the tests: sorts the n u64 at SORT_IN (at most 8,192) as the checks sort theirs. */
export const SORT_IN: usize = memory.data(8 * 8192, 16);
export function retroSort(n: i32): void { sortU64(SORT_IN, min(max(n, 0), 8192)); }

function insertionSortU64(base: usize, n: i32): void {
  for (let i = 1; i < n; i++) {
    const v = load<u64>(base + (<usize>i << 3));
    let j = i;
    while (j > 0 && load<u64>(base + (<usize>(j - 1) << 3)) > v) { store<u64>(base + (<usize>j << 3), load<u64>(base + (<usize>(j - 1) << 3))); j--; }
    store<u64>(base + (<usize>j << 3), v);
  }
}

// ---- a strategy played out under the rule itself ---------------------------------------------
// Where safeBound's checks are too coarse (territory counting: one situation, many counts so
// far), the winner's strategy is played out against every reply with the engine's own
// third-occurrence Void on: the winner's moves those of the attractor (each lowers RANK, so every
// line is finite), tried in order of RANK, the next one where a line ends in a void.

export let raProveNodes: f64 = 0;
/** Sorts k (move, key) pairs of i32 at base by key, ascending (insertion: a few dozen moves). */
function byKey(base: usize, k: i32): void {
  for (let a = 1; a < k; a++) {
    const m = load<i32>(base + (<usize>a << 3)), key = load<i32>(base + (<usize>a << 3) + 4);
    let b = a - 1;
    while (b >= 0 && load<i32>(base + (<usize>b << 3) + 4) > key) { store<u64>(base + (<usize>(b + 1) << 3), load<u64>(base + (<usize>b << 3))); b--; }
    store<i32>(base + (<usize>(b + 1) << 3), m); store<i32>(base + (<usize>(b + 1) << 3) + 4, key);
  }
}
const PROVE_MOVES: usize = memory.data(1024 * 40 * 8, 16); // (move, rank) per depth, at most 40 moves

/** Whether the winner (Black for `blackReaches`) of the attractor of goal theta wins under the
 *  engine's rules from the start with the Void on: a depth-first search, the winner's moves
 *  by the attractor. False when the budget ran out too (solOut). */
export function retroProve(theta: i32, blackReaches: bool): bool {
  anyBans = false;
  memory.fill(BANNED, 0, (<usize>raEdges >> 3) + 8);
  attractor(theta, blackReaches);
  if (i32At(RANK, 0) < 0) return false;
  raProveNodes = 0;
  R.setVoid3(true);
  const ok = proveFrom(0, BLACK, 0);
  R.setVoid3(false);
  return ok && !solOut;
}

/** The strategy safeBound kept (RANK, BANNED), played out against every reply under the engine
 *  as the host has just restarted it: the superko itself, positions looked up by the keys simple
 *  ko's game gave them. A check of the bound by the rule, not by the graph. */
export function retroProveKept(): bool {
  raProveNodes = 0;
  if (i32At(RANK, 0) < 0) return false;
  R.setKoKeysAlways(true);
  proveBans = true;
  const ok = proveFrom(0, BLACK, 0);
  proveBans = false;
  return ok && !solOut;
}
let proveBans: bool = false; // proveFrom: the winner keeps to the moves safeBound left
let rankShift: u32 = 2; // proveFrom's RANK: 4 where it is a slot array (strategyHolds)
@inline function rankAt(x: i32): i32 { return load<i32>(RANK + (<usize>x << rankShift)); }
let byPayoff: bool = false; // proveFrom: the winner's strategy is a payoff game's (payoffProve)

/** The winner's candidate move to x from n, by the strategy played out: its key (the order of
 *  trial: the attractor's RANK, or the payoff game's stamp), -1 for a move the strategy does not
 *  make. `off`: the count so far after the move (payoff games). */
function candidateKey(n: i32, x: i32, off: i32): i32 {
  if (byPayoff) {
    const v = i32At(goalBlack ? VAL : RANK, x);
    if (goalBlack ? v == -PINF || off + v < goalTheta : v == PINF || off + v >= goalTheta) return -1;
    return i32At(goalBlack ? SKEY : BKEY, x);
  }
  const rx = rankAt(x);
  if (rx < 0 || rx >= rankAt(n) || (proveBans && !openEdge(n, x))) return -1;
  return rx;
}

function proveFrom(n: i32, c: i32, depth: i32): bool {
  raProveNodes += 1;
  countNode();
  if (budgetOut(depth) || depth >= 1000) return false;
  const mover = goalBlack ? BLACK : WHITE;
  if (c != mover) {
    // every reply: an end must meet the goal (a void is worth 0), a position must be the winner's
    for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, false);
      if (m == -99) continue;
      play(m, c, depth);
      if (applied == 0) continue;
      let ok: bool;
      if (phaseMode && (applied == 2 || suspendedNow(m))) ok = leafMeetsHere(n, c);
      else if (applied == 2) ok = meets(leafValue());
      else {
        const x = findIndex(posKey(c ^ 3));
        ok = x >= 0 && (byPayoff || rankAt(x) >= 0) && proveFrom(x, c ^ 3, depth + 1);
      }
      undo(depth);
      if (!ok) return false;
    }
    return true;
  }
  // the winner: an end that meets the goal, else the strategy's moves by their keys, lowest first
  const base = PROVE_MOVES + <usize>(min(depth, 1023) * 40 * 8);
  let k = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    play(m, c, depth);
    if (applied == 0) continue;
    if (phaseMode && (applied == 2 || suspendedNow(m))) { const good = leafMeetsHere(n, c); undo(depth); if (good) return true; continue; }
    if (applied == 2) { const good = meets(leafValue()); undo(depth); if (good) return true; continue; }
    const x = findIndex(posKey(c ^ 3));
    const off = countOffset();
    undo(depth);
    const key = x < 0 || k >= 40 ? -1 : candidateKey(n, x, off);
    if (key < 0) continue;
    store<i32>(base + (<usize>k << 3), m); store<i32>(base + (<usize>k << 3) + 4, key);
    k++;
  }
  byKey(base, k);
  for (let a = 0; a < k; a++) {
    const m = load<i32>(base + (<usize>a << 3));
    play(m, c, depth);
    if (applied != 1) { undo(depth); continue; }
    const x = findIndex(posKey(c ^ 3));
    const ok = proveFrom(x, c ^ 3, depth + 1);
    undo(depth);
    if (ok) return true;
  }
  return false;
}
@inline function meets(v: i32): bool { return goalBlack ? v >= goalTheta : v < goalTheta; }
/** A phase's end by a pass from position n, c passed: phaseEdgeMeets, or where the strategy is
 *  played out past the clamp (beyondTheClamp's check), the end at the engine's own count. */
let checkAtCount: bool = false;
function leafMeetsHere(n: i32, c: i32): bool {
  return checkAtCount ? phaseLeafMeets(c) == goalBlack : phaseEdgeMeets(n);
}

/** A phase's end by a pass from position n (a suspension, or an end of play after one): whether
 *  it meets the strategy's goal as the graph valued it (retroPhaseGoal), not as the set has grown
 *  since: the check of a cut-off is a check of the strategy the search counted on. */
function phaseEdgeMeets(n: i32): bool {
  for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
    const x = i32At(EDGES, e);
    if (x < TERM || !isPass(e)) continue;
    const v = x - TERM - 65536;
    return v != PH_NEUTRAL && meets(v);
  }
  return false;
}

// ---- territory counting by total payoff ------------------------------------------------------
// The count so far need not be in the position: the rule engine's moves do not read it, and a
// final count is the final position's plus what the moves added. So the graph keeps positions
// without it and each move's addition (WEIGHT), and a position's value is a total payoff: the
// most Black can add from it on (at Black's turn the best move's addition plus its value, at
// White's the least). Two games, as the bounds: in the low one play that never ends is worth
// less than anything to Black (VAL: the least fixpoint, from "never ends" upward), in the high
// one more than anything (RANK: the greatest, from there downward). Both are reached by updating each
// position from its moves until nothing changes; each update keeps every value on its side of
// the fixpoint, so the place where nothing changes is the fixpoint itself. docs/solve.md says
// what the two give under a third-occurrence Void (a void is 0 whatever the count so far).

const PINF: i32 = 1 << 29; // play that never ends
/** The start's value in each game (twice Black's margin; ±PINF: play need not end). */
export let raPayoffLow: i32 = 0;
export let raPayoffHigh: i32 = 0;
/** Updates made until nothing changed, both games. */
export let raPayoffUpdates: f64 = 0;
/** A value ran past any a count can give (the iteration would not end): no bound. */
export let raPayoffRunaway: bool = false;
let payoffCap: i32 = 0;

/** The graph without the count so far, then both games' values (VAL low, RANK high); false when
 *  the budget ran out or a value ran away. */
export function retroPayoff(maxPositions: i32, maxEdges: i32, sym: bool, points: i32): bool {
  symmetric = sym; endless = 0; noSameBoard = false; noSuicideAfterPass = false; safety = 0; countClamp = 0; safeMode = false;
  phaseMode = false;
  raPayoffUpdates = 0; raPayoffRunaway = false; raTriples = -1;
  // (a finite value is a final count plus the prisoners taken on the way: far less than this)
  payoffCap = 64 * points + 256;
  const ok = explore(maxPositions, maxEdges, true);
  setCountInKey(true);
  if (!ok) return false;
  predecessors();
  if (!payoffFix(VAL, false, SKEY) || !payoffFix(RANK, true, BKEY)) return false;
  raPayoffLow = i32At(VAL, 0); raPayoffHigh = i32At(RANK, 0);
  return true;
}

/** Position n's value from its moves' values in `vals` (never-ending play: ±PINF). */
function payoffAt(vals: usize, n: i32): i32 {
  const black = <i32>load<u8>(SIDE + <usize>n) == BLACK;
  let best = black ? -PINF : PINF;
  for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
    const x = i32At(EDGES, e);
    let v: i32;
    if (x >= TERM) v = x - TERM - 65536;
    else {
      v = i32At(vals, x);
      if (v != PINF && v != -PINF) v += <i32>load<i8>(WEIGHT + <usize>e);
    }
    best = black ? max(best, v) : min(best, v);
  }
  return best;
}

/** The fixpoint of `vals`, from never-ending play worth -PINF (low) or +PINF (high): a queue of
 *  the positions to update (CNT marks those in it, QUEUE holds them, in a ring). `stamps`: the
 *  update after which each position's value was last changed (the key arrays, free here): the
 *  way a strategy of the game makes progress (payoffProve). */
function payoffFix(vals: usize, high: bool, stamps: usize): bool {
  const N = raPositions;
  const start = high ? PINF : -PINF;
  for (let n = 0; n < N; n++) { setI32(vals, n, start); setI32(CNT, n, 1); setI32(QUEUE, n, N - 1 - n); setI32(stamps, n, 0); }
  let stamp = 0;
  let qh = 0, size = N;
  let tick = 0;
  while (size > 0) {
    if ((++tick & 0xffff) == 0 && budgetNow()) return false;
    const n = i32At(QUEUE, qh);
    qh = qh + 1 == N ? 0 : qh + 1; size--;
    setI32(CNT, n, 0);
    const v = payoffAt(vals, n);
    if (v == i32At(vals, n)) continue;
    raPayoffUpdates += 1;
    if (v != PINF && v != -PINF && abs(v) > payoffCap) { raPayoffRunaway = true; return false; }
    setI32(vals, n, v); setI32(stamps, n, ++stamp);
    for (let k = i32At(PREDSTART, n); k < i32At(PREDSTART, n + 1); k++) {
      const p = i32At(PREDS, k);
      if (i32At(CNT, p) != 0) continue;
      setI32(CNT, p, 1);
      let at = qh + size; if (at >= N) at -= N;
      setI32(QUEUE, at, p); size++;
    }
  }
  return true;
}

/** A line of value theta from the two games. Value 0: Black keeps the count so far plus the high
 *  game's value at 0 or more (White cannot push it below), White keeps it plus the low game's at
 *  0 or less. Above 0 both keep to the low game (Black at theta or more, the strategy payoffProve
 *  played out; White at theta or less), below 0 both to the high one. Each side's first choice
 *  a final move (then worth theta exactly), then, at value 0 and for White, (`stonesFirst`) a
 *  stone play before a pass or the other way round, the one best in the other game (Black's
 *  highest low value, White's lowest high one); the strategy's side at a value other than 0
 *  takes the move its game settled first (its stamp: the way to the end). A line back to a
 *  position with the same count so far is a cycle. */
export function payoffLine(maxLen: i32, stonesFirst: bool, theta: i32): i32 {
  raLineLen = 0; raLineEnd = 3; raLineCycle = -1;
  setCountInKey(false);
  let n = 0, c = BLACK, off = 0;
  const cap = min(maxLen, 1000);
  while (raLineLen < cap) {
    for (let j = 0; j < raLineLen; j++) if (i32At(SEEN_AT, j) == n && i32At(SEEN_OFF, j) == off) { raLineEnd = 2; raLineCycle = j; break; }
    if (raLineEnd == 2) break;
    setI32(SEEN_AT, raLineLen, n); setI32(SEEN_OFF, raLineLen, off);
    const black = c == BLACK;
    // (the game each side keeps to, and whether it follows a strategy's stamps)
    const own = theta == 0 ? (black ? RANK : VAL) : theta > 0 ? VAL : RANK;
    const other = own == VAL ? RANK : VAL;
    const byStamp = theta != 0 && black == (theta > 0);
    const stamps = own == VAL ? SKEY : BKEY;
    let best = -99, bestKind = 3, bestW = 0, bestT = -1, bestScore = 0;
    for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, false);
      if (m == -99) continue;
      const before = countOffset();
      play(m, c, raLineLen);
      if (applied == 0) continue;
      let keeps = false, kind = 0, w = 0, t = -1, score = 0;
      if (applied == 2) { const v = off + leafValue() - before; keeps = black ? v >= theta : v <= theta; }
      else {
        w = countOffset() - before;
        t = findIndex(posKey(c ^ 3));
        if (t >= 0) {
          const v = i32At(own, t);
          keeps = black ? v == PINF || (v != -PINF && off + w + v >= theta) : v == -PINF || (v != PINF && off + w + v <= theta);
          // (the other game's value, the mover's way; or the earliest stamp)
          const o = i32At(other, t);
          score = byStamp ? -i32At(stamps, t) : o == PINF || o == -PINF ? (black ? o : -o) : (black ? 1 : -1) * (off + w + o);
        }
        kind = byStamp ? 1 : (m < 0) == stonesFirst ? 2 : 1;
      }
      undo(raLineLen);
      if (keeps && (kind < bestKind || (kind == bestKind && kind > 0 && score > bestScore))) { best = m; bestKind = kind; bestW = w; bestT = t; bestScore = score; }
    }
    if (best == -99) break;
    apply(best, c, raLineLen);
    setI32(RA_LINE_OUT, raLineLen++, best);
    if (applied == 2) { raLineEnd = 1; break; }
    n = bestT; off += bestW; c ^= 3;
  }
  for (let d = raLineLen - 1; d >= 0; d--) undo(d); // (back to the start: a second line may follow)
  setCountInKey(true);
  return raLineLen;
}
const SEEN_OFF: usize = memory.data(1024 * 4, 16);

/** Whether the side that wins the payoff game of value theta (Black above 0, by the low game;
 *  White below 0, by the high one) reaches theta under the engine's rules with the Void on:
 *  its strategy played out against every reply, depth first, the game's moves that keep the
 *  count so far plus the value at theta, the earliest stamp first (the next where a line voids
 *  or comes short). A void is worth 0, short of theta. False when the budget ran out too. */
export function payoffProve(theta: i32): bool {
  raProveNodes = 0;
  // (the goal as meets() reads it: Black at theta or more, White at theta or less)
  goalBlack = theta > 0; goalTheta = theta > 0 ? theta : theta + 1;
  setCountInKey(false);
  R.setVoid3(true);
  byPayoff = true;
  const ok = proveFrom(0, BLACK, 0);
  byPayoff = false;
  R.setVoid3(false);
  setCountInKey(true);
  return ok && !solOut;
}


// ---- a superko over its own histories --------------------------------------------------------
// Where the bounds from simple ko's game do not meet, the superko decides through the history:
// a move the bounds' strategies would need is banned because its board came earlier. So the
// question "does Black make at least theta?" is searched over the real lines, under the superko
// itself (the engine restarted with it), and cut off where one side's strategy from simple ko's
// game wins whatever the history holds:
//
//  - Black's: the attractor of the counts at theta or more, with safeBound's bans (no move of
//    it repeats a board of the line from here on: each move lowers RANK), from position n of
//    rank r. Every stone play of it makes a position of rank below r, so it is banned only if
//    that board came earlier in the line: the strategy holds when no board of the line so far
//    is the board of a position Black's stone plays make ranked below r (by class: images count
//    too). Simple ko's bans are the superko's too, so White has no move the graph lacks.
//  - White's likewise, of the counts below theta.
//
// Each position keeps the least rank of the side's positions with its board (LB, LW), and the
// line the least of these over its positions so far (MINB, MINW): the check is a comparison.
// Where neither side's strategy holds, every move the superko allows is searched. A table keyed
// by the position and the set of the line's boards (rules.ts historyDigest: all the superko
// reads) keeps what each position with its history was shown to be worth, whatever the goal:
// Black makes at least LO and less than HI.

const NONE: i32 = 0x7fffffff;
// two goals' ranks and least ranks: per goal slot a record of 16 bytes a position, its ranks
// (Black's, White's) and least ranks (LB, LW) side by side, so that a move's look at all four
// costs one memory access (slotAt)
let HSLOT: usize = 0;
let histRoom: i32 = 0;
// The lines' table and the cap's answers side by side: a record of 32 bytes a slot, the table's
// entry (u64 key, i32 lo, i32 hi) then the cap's (below), so that a look-up that misses the first
// finds the second in the same cache line (one memory access a position, not two)
let HT: usize = 0; // the table's entries: HT + htSlot(k)
let htBits: i32 = 0; // log2 of the table's entries (and the cap's answers')
let htWant: i32 = 22;
/** The lines' table: 2^bits entries of 16 bytes, and as many for the answers resting on the cap
 *  (10 to 26), made anew at the next goal where larger than the one there is. */
export function retroHistoryTableBits(bits: i32): void { htWant = min(max(bits, 10), 26); }
/** log2 of the lines' table's entries in use (fewer than asked where memory held no more). */
export function hsTableBits(): i32 { return htBits; }
/** retroHistoryGoal returned false for want of memory (the strategies' ranks, or any table). */
export let hsNoRoom: bool = false;
// the answers that rest on the cap, each valid in its run alone: u64 key, i32 run, i32 moves left
// (hsearch: an answer the cap touched is the cap's side's, never a proof; met again in the same
// run with as many moves left or fewer, it is that answer again, taking the cap's taint along)
let HC: usize = 0; // HT + 16: the cap's entries, HC + htSlot(k)
let hsRun: i32 = 0; // the run now: a goal, a cap and what a line at the cap is worth
export let hsCapHits: f64 = 0;
const SLOT_THETA: usize = memory.data(2 * 4, 16);
// per slot and side (Black 0, White 1): the highest rank a cut-off may have where the rule voids
// a game at a situation's third creation (voidRule): at or below the least third-lowest rank of
// a situation's stone-made positions, so no line of the strategy from there makes one three times
const SLOT_TRIPLE: usize = memory.data(4 * 4, 16);
// Zhang's rules: per slot a byte a position, the other side's turns the winner's region keeps
// at the position's board (its key) where the winner may not end (transientCheck): Black's
// region's in the low four bits, White's in the high. The judged end (the fourth virtual move in
// one board position) cannot fall at such a board on a line of the strategy where the line's
// virtual moves there so far and these turns, each met once at most, come to three at most
// (docs/solve.md, "Zhang's rules by their passes"). Per depth and side (JUDGED_B, JUDGED_W): the
// most, over the boards the line has passed at, of that sum; a cut-off needs it at three or less.
let HKEPT: usize = 0;
let aKept: usize = 0; // the slot's bytes
const JUDGED_B: usize = memory.data(1024 * 4, 16);
const JUDGED_W: usize = memory.data(1024 * 4, 16);
const LINE_VIRTUAL: usize = memory.data(1024 * 4, 16); // (retroHistoryLine: the virtual moves at the board after each pass of the line)
let triB: i32 = 0, triW: i32 = 0;
/** The rule voids a game at a situation's third creation (Ing's 1A.5): the search's cut-offs
 *  also keep the loser from it where a void misses the winner's goal (retroHistoryGoal). */
let voidRule: bool = false;
export function retroHistoryVoid(on: bool): void { voidRule = on; }
/** Situational superko with suicide, two passes to end, a count of the final board alone (New
 *  Zealand rules): a lone stone's suicide leaves the board as it was and books the board with the
 *  other to move, as the mover's pass does; it differs from that pass only in that the other's
 *  pass after it does not end play. Where the end at this board meets the mover's goal, the pass
 *  does what the suicide does (the other's pass ends play there, or hands the turn back for the
 *  mover's pass that ends it); where it does not, the other answers the suicide with a pass and
 *  the mover stands where he stood with one more play banned, so whatever he wins through it he
 *  wins by another move. The search leaves it out (docs/solve.md, "A lone stone's suicide"). */
let loneSuicideAnswered: bool = false;
export function retroLoneSuicides(answered: bool): void { loneSuicideAnswered = answered; }
export let hsLoneSkipped: f64 = 0;
let hsTheta: i32 = 0; // the goal searched now
let aRB: usize = 0, aRW: usize = 0, aLB: usize = 0, aLW: usize = 0; // the slot's arrays
const MINB: usize = memory.data(1024 * 4, 16);
const MINW: usize = memory.data(1024 * 4, 16);
const HS_LINE: usize = memory.data(1024 * 4, 16); // the positions of the line (retroHistoryLine)
const HS_MOVES: usize = memory.data(1024 * 64 * 8, 16); // (move, order key) per depth
export let hsNodes: f64 = 0;
/** What a line at the cap is worth (docs/solve.md, "Lines past the cap"): 0 stops the search
 *  (no answer), 1 Black's loss, 2 Black's win. Under 1 a "yes" is a proof
 *  (Black's strategy meets the goal and ends every line before the cap), under 2 a "no"; a
 *  result the cap did not touch is exact under either. The table keeps only what is proven. */
let hsCapMode: i32 = 0;
/** A run of the search: the cap's mode set and the answers resting on the cap of the run before
 *  no longer read (their goal, cap or mode may differ). */
function capRun(mode: i32): void { hsCapMode = mode; hsRun += 1; }
let hsCap: i32 = 1000; // the cap of the search now (the slot's)
let hsCapMost: i32 = 1000;
/** The most moves a line may reach (1,000 and less); the searches deepen up to it. */
export function retroHistoryCapAt(moves: i32): void { hsCapMost = min(max(moves, 4), 1000); hsCap = hsCapMost; }
const SLOT_CAP: usize = memory.data(2 * 4, 16); // the cap each slot's answer was proven under
let hsCappedNow: f64 = 0; // lines the cap stopped, this run
export let hsCapped: f64 = 0; // lines the cap stopped, this goal, every run
export let hsCapRuns: f64 = 0; // runs of this goal's search
export let hsCapUsed: i32 = 0; // the cap the goal's answer was proven under
export let hsCutB: f64 = 0; // positions Black's strategy decided
export let hsCutW: f64 = 0;
export let hsHits: f64 = 0;
/** The check: each cut-off's strategy played out against every reply under the superko itself
 *  (strategyHolds); the cut-offs where it did not hold (0 unless the search is wrong). */
let hsCheck: bool = false;
export let hsCheckFailed: f64 = 0;
/** The cut-off leaves of the proof trees played out by the check, and those that did not hold. */
export let hsProofLeaves: f64 = 0;
export let hsProofFailed: f64 = 0;
let hsCheckLeaves: bool = false;
/** `search`: every cut-off of the search checked (and the proof trees' leaves); `leaves`: only
 *  the proof trees' cut-off leaves, the ones a proof rests on. */
export function retroHistoryCheck(search: bool, leaves: bool): void {
  hsCheck = search; hsCheckLeaves = leaves; hsCheckFailed = 0; hsProofLeaves = 0; hsProofFailed = 0;
}

/** The i-th of the last run's goals, ascending: what endless play was worth, then each
 *  distinct count of its final positions; NONE past the last. */
export function retroTheta(i: i32): i32 { return i >= 0 && i < thetaCount ? i32At(THETAS, i) : NONE; }

@inline function slotArray(s: i32, which: i32): usize { return HSLOT + ((<usize>s * <usize>histRoom) << 4) + (<usize>which << 2); }
/** Position n's entry in a slot array (aRB, aRW, aLB, aLW: 16 bytes apart). */
@inline function slotAt(a: usize, n: i32): i32 { return load<i32>(a + (<usize>n << 4)); }
@inline function setSlot(a: usize, n: i32, v: i32): void { store<i32>(a + (<usize>n << 4), v); }
function useSlot(s: i32): void {
  hsTheta = load<i32>(SLOT_THETA + (<usize>s << 2));
  aRB = slotArray(s, 0); aRW = slotArray(s, 1); aLB = slotArray(s, 2); aLW = slotArray(s, 3);
  triB = i32At(SLOT_TRIPLE, 2 * s); triW = i32At(SLOT_TRIPLE, 2 * s + 1);
  aKept = HKEPT + <usize>s * <usize>histRoom;
  const cap = i32At(SLOT_CAP, s);
  hsCap = cap > 0 ? cap : hsCapMost;
}

/** Both sides' strategies for goal theta (Black: theta or more) over the graph the last run
 *  explored (retroRun's, under simple ko), into slot s (0 or 1); `fresh` clears the table (a new
 *  graph). False when there is no room or the budget ran out. */
export function retroHistoryGoal(theta: i32, s: i32, fresh: bool): bool {
  const N = raPositions;
  hsNoRoom = false;
  if (N > histRoom) {
    const base = grow(<usize>N * 34 + 64);
    if (base == 0) { hsNoRoom = true; return false; }
    HSLOT = (base + 15) & ~15; histRoom = N;
    HKEPT = HSLOT + (<usize>N << 5);
  }
  if (HT == 0 || htWant > htBits) {
    // (the table asked for, else the largest that fits beside the graph: the same answers,
    // more nodes; hsTableBits says which)
    let bits = htWant, base: usize = 0;
    const least = HT == 0 ? 10 : htBits + 1;
    for (; bits >= least; bits--) { base = grow((<usize>32 << bits) + 64); if (base != 0) break; }
    if (base == 0 && HT == 0) { hsNoRoom = true; return false; }
    if (base != 0) {
      htBits = bits; HT = (base + 63) & ~63; HC = HT + 16; memory.fill(HT, 0, <usize>32 << htBits);
      fresh = true;
    }
    htWant = htBits; // (no larger one is tried again)
  }
  if (fresh) for (let i: usize = 0, n = <usize>1 << htBits; i < n; i++) store<u64>(HT + (i << 5), 0);
  store<i32>(SLOT_THETA + (<usize>s << 2), theta);
  setI32(SLOT_CAP, s, hsCapMost);
  useSlot(s);
  const keys = safety == 1 ? BKEY : SKEY;
  for (let side = 0; side < 2; side++) {
    const black = side == 0;
    // (the start need not be in it: a position of the search is cut off where it is)
    if (virtualEnds) virtualRegion(theta, black, true); else safeAttractor(theta, black, true);
    if (budgetNow()) return false;
    { const to = black ? aRB : aRW; for (let n = 0; n < N; n++) setSlot(to, n, i32At(RANK, n)); }
    keptTurnsByBoard(black);
  }
  for (let side = 0; side < 2; side++) {
    const black = side == 0;
    const ranks = black ? aRB : aRW;
    // the positions the side's stone plays make (the other to move), by board and rank, sorted
    // (CNT and QUEUE: 8 bytes a position, free after the attractors); where a void misses the
    // side's goal, those of both sides' stone plays: a situation made on the line so far and
    // again by the strategy's lines could be made a third time
    const voids = voidRule && (black ? theta > 0 : theta <= 0);
    const other = black ? WHITE : BLACK;
    let m = 0;
    for (let n = 0; n < N; n++) {
      const r = slotAt(ranks, n);
      if (r < 0 || (!voids && <i32>load<u8>(SIDE + <usize>n) != other) || (load<u8>(CREATED + <usize>n) & 1) == 0) continue;
      store<u64>(CNT + (<usize>m << 3), <u64>load<u32>(keys + (<usize>n << 2)) << 32 | <u64>r);
      m++;
    }
    sortIndexed(m); // (leastRank's look-ups)
    const least = black ? aLB : aLW;
    for (let n = 0; n < N; n++) setSlot(least, n, leastRank(load<u32>(keys + (<usize>n << 2))));
    setI32(SLOT_TRIPLE, 2 * s + side, voids ? thirdLowest(CNT, m) : NONE);
  }
  useSlot(s); // (the triple ranks just written)
  return true;
}

/** The least over the sorted (key, rank) entries' keys of the third-lowest rank with that key,
 *  NONE where no key has three. */
function thirdLowest(sorted: usize, len: i32): i32 {
  let least = NONE;
  for (let j = 2; j < len; j++) {
    const k = load<u64>(sorted + (<usize>j << 3)) >> 32;
    if (k == load<u64>(sorted + (<usize>(j - 2) << 3)) >> 32) least = min(least, <i32>(load<u64>(sorted + (<usize>j << 3)) & 0xffffffff));
  }
  return least;
}

/** The least rank of the sorted (key, rank) entries with this key, NONE if none. */
function leastRank(key: u32): i32 {
  const lo = lowerBound(<u64>key << 32);
  if (lo >= sortedLen) return NONE;
  const e = load<u64>(CNT + (<usize>lo << 3));
  return <u32>(e >> 32) == key ? <i32>(e & 0xffffffff) : NONE;
}

/** Whether Black makes at least slot s's goal from the start under the engine as the host has
 *  just restarted it (the superko itself): 1 yes, 0 no, -1 the budget ran out. `noFirst`: a "no"
 *  is the likely answer (the goal just above one Black makes), its proof looked for first. */
export function retroHistory(s: i32, noFirst: bool): i32 {
  hsNodes = 0; hsCutB = 0; hsCutW = 0; hsHits = 0; hsLoneSkipped = 0; hsCapped = 0; hsCapRuns = 0; hsCapUsed = 0; hsCapHits = 0;
  R.setKoKeysAlways(true);
  R.setKeepDigest(true);
  const n = findIndex(posKey(BLACK));
  if (n < 0) return -1;
  useSlot(s);
  dpPhase = false;
  const r = deepened(n, BLACK, 0, noFirst);
  hsCapUsed = hsCap;
  setI32(SLOT_CAP, s, hsCap);
  return solOut ? -1 : r;
}

// what deepened() searches: the start of a rule's own lines, or a phase of the Grand Rules from
// a position of grand.ts's line (its boards' least ranks, a suspension's first turns)
let dpPhase: bool = false, dpPaused: bool = false, dpFirst: bool = false;
let dpLb: i32 = 0, dpLw: i32 = 0;

/** Whether Black makes the goal from position n, c to move, after `depth` moves, the search
 *  deepened (docs/solve.md, "Lines past the cap"): at caps of 16, 32, 48 and 64 moves more,
 *  then a quarter more each time, up to the most (a run costs more the longer its lines, so a
 *  cap far past the one a proof needs costs the most: doubling overshot Zhang's 2x2 to 64 moves
 *  where 48 hold its proofs, 16 times the nodes), each first with a line the cap stops Black's
 *  loss (a "yes", or a "no" the cap did not touch, is the answer), then Black's win (a "no", or
 *  an untouched "yes");
 *  the table keeps what each run proved for the next. 1 or 0; the search out of depth where no
 *  cap gave an answer. */
function deepened(n: i32, c: i32, depth: i32, noFirst: bool): i32 {
  let r = 0;
  for (let more = 16; ; more += max(16, more >> 2)) {
    const cap = min(depth + more, hsCapMost);
    hsCap = cap;
    let k = 0;
    for (; k < 2; k++) {
      // (the run that proves the answer looked for first: `noFirst` where a "no" is likely)
      const mode = (k == 0) != noFirst ? 1 : 2;
      capRun(mode); hsCapRuns += 1; hsCappedNow = 0;
      const byNumbers = hsPn && !dpPhase;
      r = byNumbers ? pnOnce(n, c, depth) : searchOnce(n, c, depth);
      hsCapped += hsCappedNow;
      // (proof numbers know whether the answer itself rests on the cap, not only the run)
      const touched = byNumbers ? pnTaint : hsCappedNow > 0;
      if (solOut || !touched || (r == 1) == (mode == 1)) break;
    }
    if (solOut || k < 2) break;
    if (cap >= hsCapMost) { setDepthOut(); break; } // (neither run's answer is a proof)
  }
  hsCapMode = 0;
  return r;
}

/** The line's least ranks at the start of a search from position n, `depth` moves in. */
function rootRanks(n: i32, depth: i32): void {
  setI32(MINB, depth, slotAt(aLB, n)); setI32(MINW, depth, slotAt(aLW, n)); noJudged(depth);
}

/** No virtual move on the line at `depth` yet (a search's start). */
@inline function noJudged(depth: i32): void { setI32(JUDGED_B, depth, 0); setI32(JUDGED_W, depth, 0); }

function searchOnce(n: i32, c: i32, depth: i32): i32 {
  if (!dpPhase) { rootRanks(n, depth); return hsearch(n, c, depth); }
  if (dpPaused) return phaseTurn(c, depth, dpLb, dpLw, dpFirst);
  setI32(MINB, depth, n < 0 ? -1 : min(dpLb, slotAt(aLB, n)));
  setI32(MINW, depth, n < 0 ? -1 : min(dpLw, slotAt(aLW, n)));
  noJudged(depth);
  return hsearch(n, c, depth);
}

/** The line's least ranks after the move at depth d to position x. */
@inline function childRanks(d: i32, x: i32): void {
  // (a position the phases' graph lacks: its board's ranks unknown, no cut-off below on this line)
  if (x < 0) {
    // (the phases' graph: a position it lacks, beyond the clamp, has a board it may hold: the
    // engine stands on it)
    const b = phaseMode ? boardRep(retroPhaseBoardKey()) : -1;
    setI32(MINB, d + 1, b < 0 ? -1 : min(i32At(MINB, d), slotAt(aLB, b)));
    setI32(MINW, d + 1, b < 0 ? -1 : min(i32At(MINW, d), slotAt(aLW, b)));
    setI32(JUDGED_B, d + 1, i32At(JUDGED_B, d)); setI32(JUDGED_W, d + 1, i32At(JUDGED_W, d));
    return;
  }
  // (Zhang's rules: a virtual move starts a new phase, whose positions alone a stone play may not
  // bring back)
  const fresh = virtualEnds && afterPass(x);
  setI32(MINB, d + 1, fresh ? slotAt(aLB, x) : min(i32At(MINB, d), slotAt(aLB, x)));
  setI32(MINW, d + 1, fresh ? slotAt(aLW, x) : min(i32At(MINW, d), slotAt(aLW, x)));
  const virtual = fresh ? R.virtualMovesHere() : 0;
  setI32(JUDGED_B, d + 1, judgedAfter(i32At(JUDGED_B, d), x, virtual, true));
  setI32(JUDGED_W, d + 1, judgedAfter(i32At(JUDGED_W, d), x, virtual, false));
}

/** Whether an abandon move may answer the last move (Zhang's rules: it was a pass). */
@inline function abandonNow(): bool { return virtualEnds && R.plies >= 1 && R.plyPoint(R.plies) < 0; }

/** 1: Black's strategy holds from position n (the line's least ranks mb, mw; its judged-end
 *  sums jb, jw), -1: White's, 0: neither. */
@inline function cutOff(n: i32, mb: i32, mw: i32, jb: i32, jw: i32): i32 {
  if (n < 0) return 0; // (a position the phases' graph lacks: no strategy known there)
  const rb = slotAt(aRB, n);
  if (rb >= 0 && mb >= rb && rb <= triB && jb <= 3) return 1;
  const rw = slotAt(aRW, n);
  if (rw >= 0 && mw >= rw && rw <= triW && jw <= 3) return -1;
  return 0;
}
/** cutOff at the line's position n, `depth` moves in (its ranks and sums set). */
@inline function cutAt(n: i32, depth: i32): i32 {
  return cutOff(n, i32At(MINB, depth), i32At(MINW, depth), i32At(JUDGED_B, depth), i32At(JUDGED_W, depth));
}
/** cutOff at position x a move from the line's position at `depth` (`virtual`: as judgedAfter). */
@inline function cutAfter(x: i32, depth: i32, virtual: i32): i32 {
  if (x < 0) return 0;
  const fresh = virtualEnds && afterPass(x);
  return cutOff(x, fresh ? slotAt(aLB, x) : min(i32At(MINB, depth), slotAt(aLB, x)),
    fresh ? slotAt(aLW, x) : min(i32At(MINW, depth), slotAt(aLW, x)),
    judgedAfter(i32At(JUDGED_B, depth), x, virtual, true), judgedAfter(i32At(JUDGED_W, depth), x, virtual, false));
}

/** A game-phase position past the phases' graph's clamp (more extra moves one way than it
 *  holds), c to move at `depth`: 1 where Black's strategy holds at the same board on the clamp's
 *  edge and the extra moves here are White's beyond it, -1 White's the other way round, else 0.
 *  From here the same moves make the same boards and the same extra moves as from the edge, so
 *  every end and suspension counts the same less the difference, which is the favoured side's
 *  (its fixed points are nested: a suspension it holds at a goal it holds at an easier one). */
function beyondTheClamp(c: i32, depth: i32): i32 {
  const off = countOffset();
  if (abs(off) <= countClamp) return 0;
  const favoured = off > 0 ? 1 : -1;
  const was = keyShiftNow();
  setKeyShift(off - favoured * countClamp); // (the key as at the edge; the engine's count is the same)
  const edge = findIndex(posKey(c));
  let cut = edge < 0 ? 0 : cutAt(edge, depth);
  if (cut == favoured) {
    phBeyond += 1;
    // (the check plays the edge's strategy out from here, its positions read at the edge's
    // count, its ends at the engine's own)
    checkAtCount = true;
    if (hsCheck && !strategyHolds(edge, c, depth, cut > 0)) hsCheckFailed += 1;
    checkAtCount = false;
  } else cut = 0;
  setKeyShift(was);
  return cut;
}

/** What a line stopped at the cap is worth under the run's mode, the run's answer marked as
 *  resting on it (no proof in the cap's direction). */
@inline function atTheCap(): i32 {
  hsCappedNow += 1;
  return hsCapMode == 1 ? 0 : 1;
}

/** The slot of history key k in the lines' tables (the exact answers', and the cap's or the run's). */
@inline function htSlot(k: u64): usize { return <usize>(<i32>(k ^ (k >> 32)) & ((1 << htBits) - 1)) << 5; }

/** Plays move m of a rule's own lines: false where the engine refuses it, or where it is a lone
 *  stone's suicide the lines leave out (taken back; "A lone stone's suicide"). */
function lineMove(m: i32, c: i32, depth: i32): bool {
  const lone = loneSuicideAnswered && m >= 0;
  const before = lone ? boardHash() : 0;
  apply(m, c, depth);
  if (applied == 0) return false;
  if (lone && applied != 2 && boardHash() == before) { undo(depth); hsLoneSkipped += 1; return false; }
  return true;
}

/** Whether Black makes the goal from position n, c to move, after `depth` moves: 1 or 0. */
function hsearch(n: i32, c: i32, depth: i32): i32 {
  hsNodes += 1;
  countNode();
  if (depth + 2 >= hsCap) {
    if (hsCapMode == 0) { setDepthOut(); return 0; }
    return atTheCap();
  }
  if (budgetOut(depth)) return 0;
  const capsAt = hsCappedNow;
  const cut = cutAt(n, depth);
  if (cut != 0) {
    if (cut > 0) hsCutB += 1; else hsCutW += 1;
    if (hsCheck && !strategyHolds(n, c, depth, cut > 0)) hsCheckFailed += 1;
    return cut > 0 ? 1 : 0;
  }
  if (n < 0 && phaseMode && R.fPhase == PHASE_PLAY) {
    const edge = beyondTheClamp(c, depth);
    if (edge != 0) return edge > 0 ? 1 : 0;
  }
  // (the game phase: a side whose extra moves already cost it the goal, whatever the board,
  // loses to the other's passes, each of its stones costing it one more)
  if (phaseMode && R.fPhase == PHASE_PLAY) {
    const off = countOffset();
    if (phaseSide == BLACK ? phaseGoal - off > thresholdValue(thresholdCount() - 2) : thresholdValue(0) + off >= phaseGoal) {
      phOutOfReach += 1;
      return phaseSide == BLACK ? 0 : 1;
    }
  }
  // (a dispute phase of the Grand Rules: one side's passes may settle it, suspend.ts)
  if (phaseMode && R.fPhase == PHASE_RESUMED) {
    const sv = staticVerdict(c, R.plies >= 1 && R.plyPoint(R.plies) == -1);
    if (sv != 0) { phStatic += 1; return (sv > 0) == (phaseSide == BLACK) ? 1 : 0; }
  }
  // the table: what this position with this history was shown to be worth
  const key = historyKeyOf(c) ^ phaseSalt;
  const at = htSlot(key);
  const e = HT + at, ec = HC + at;
  let lo = -NONE, hi = NONE;
  if (load<u64>(e) == key) {
    lo = load<i32>(e + 8); hi = load<i32>(e + 12);
    if (hsTheta <= lo) { hsHits += 1; return 1; }
    if (hsTheta >= hi) { hsHits += 1; return 0; }
  }
  const left = hsCap - depth;
  if (hsCapMode != 0 && load<u64>(ec) == key && load<i32>(ec + 8) == hsRun && left <= load<i32>(ec + 12)) {
    hsCapHits += 1;
    return atTheCap();
  }
  const black = c == BLACK;
  // the moves: an end or a cut-off that settles it first, the others by their promise
  const base = HS_MOVES + <usize>(min(depth, 1023) * 64 * 8);
  let k = 0;
  let result = black ? 0 : 1;
  let settled = false;
  const canAbandon = abandonNow();
  for (let i = 0; i < nPoints + 3 && !settled; i++) {
    const m = moveAt(i, canAbandon);
    if (m == -99) continue;
    if (!lineMove(m, c, depth)) continue;
    const ended = applied == 2;
    if (ended || (phaseMode && suspendedNow(m))) {
      const good = phaseMode ? phaseLeafMeets(c) : leafValue() >= hsTheta;
      undo(depth);
      if (good == black) { result = black ? 1 : 0; settled = true; }
      continue;
    }
    const x = findIndex(posKey(c ^ 3));
    const here = virtualEnds && m == -1 ? R.virtualMovesHere() : 0;
    undo(depth);
    if (x < 0 && !phaseMode) { setSolOut(); return 0; } // (the graph holds every position simple ko allows)
    if (x < 0) phMissing += 1;
    const cx = hsCheck ? 0 : cutAfter(x, depth, here);
    if (cx != 0) {
      if (cx > 0) hsCutB += 1; else hsCutW += 1;
      if ((cx > 0) == black) { result = black ? 1 : 0; settled = true; }
      continue;
    }
    if (k >= 64) { setSolOut(); return 0; } // (more moves than the row holds: no answer, not a wrong one)
    store<i32>(base + (<usize>k << 3), m); store<i32>(base + (<usize>k << 3) + 4, -promise(x, black));
    k++;
  }
  if (!settled) {
    byKey(base, k);
    for (let a = 0; a < k; a++) {
      const m = load<i32>(base + (<usize>a << 3));
      apply(m, c, depth);
      const x = findIndex(posKey(c ^ 3));
      childRanks(depth, x);
      const r = hsearch(x, c ^ 3, depth + 1);
      undo(depth);
      if (solOut) return 0;
      if ((r == 1) == black) { result = r; break; }
    }
  }
  // (an answer that rests on the cap is stored only where it is a proof all the same)
  if (hsCappedNow > capsAt && (hsCapMode == 1) != (result == 1)) {
    if (load<u64>(ec) != key || load<i32>(ec + 8) != hsRun || load<i32>(ec + 12) < left) {
      store<u64>(ec, key); store<i32>(ec + 8, hsRun); store<i32>(ec + 12, left);
    }
    return result;
  }
  keepAnswer(key, result == 1);
  return result;
}

/** Keeps an exact answer for the position with history key k: Black makes the goal now searched,
 *  or not (the entry's bounds, whatever the goal: Black makes at least lo and less than hi). */
function keepAnswer(k: u64, makes: bool): void {
  const e = HT + htSlot(k);
  let lo = -NONE, hi = NONE;
  if (load<u64>(e) == k) { lo = load<i32>(e + 8); hi = load<i32>(e + 12); }
  if (makes) lo = max(lo, hsTheta); else hi = min(hi, hsTheta);
  store<u64>(e, k); store<i32>(e + 8, lo); store<i32>(e + 12, hi);
}

// ---- the lines by proof numbers -------------------------------------------------------------
// The same question as hsearch (Black makes the goal from here, with this history), searched
// depth-first by proof and disproof numbers (df-pn): at Black's turns the proof number is the
// least of the moves', the disproof number their sum; at White's the other way round; the search
// goes down the most-proving move while both stay under thresholds. It spends its nodes where
// the proof or refutation is cheapest, whereas alpha-beta finishes each move's refutation before
// the next (docs/solve.md, "The lines by proof numbers"). The leaves are hsearch's: an end, a
// cut-off by a side's strategy, the table's answer, the cap; each keeps hsearch's meaning. What
// is exact (no cap under it) goes into hsearch's table; the rest, the numbers of positions not
// settled and answers resting on the cap, go into a table of the run alone (its keys salted
// with the run), beside it in the cap's table's room (df-pn has no answers resting on the cap
// of its own to keep there).
let hsPn: bool = false;
/** Whether the search over a rule's own lines goes by proof numbers (else alpha-beta). */
export function retroHistoryProofNumbers(on: bool): void { hsPn = on; }
const PN_TAINT: i32 = PN_INF + 1; // (the same, for an answer that rests on the cap)
// per depth, at most 64 moves: i32 move, i32 position, u64 key, i32 pn, i32 dn, i32 order, i32 pad
const PN_KIDS: usize = memory.data(1024 * 64 * 32, 16);
// a position's moves before they are read (pnSearch): i32 move, i32 position (-1: an end), i32 an
// end's worth (1 the mover's win, -1 his loss), i32 virtual moves here, u64 history key, u64
// position key
const PN_MOVES: usize = memory.data(400 * 32, 16);
let pnSalt: u64 = 0;
let pnP: i32 = 0, pnD: i32 = 0; // a look-up's or a search's numbers (for Black's goal)
let pnTaint: bool = false; // the answer in them rests on the cap

/** The numbers kept for the position with history key k: hsearch's table's answer, else the
 *  run's own, else 1 and 1. */
function pnLook(k: u64): void {
  pnTaint = false;
  const e = HT + htSlot(k);
  if (load<u64>(e) == k) {
    if (hsTheta <= load<i32>(e + 8)) { pnP = 0; pnD = PN_INF; return; }
    if (hsTheta >= load<i32>(e + 12)) { pnP = PN_INF; pnD = 0; return; }
  }
  const pk = k ^ pnSalt; // (in k's record: the run's salt only tells the runs apart)
  const p = HC + htSlot(k);
  if (load<u64>(p) == pk) {
    pnP = load<i32>(p + 8); pnD = load<i32>(p + 12);
    if (pnP == PN_TAINT) { pnP = PN_INF; pnTaint = true; }
    if (pnD == PN_TAINT) { pnD = PN_INF; pnTaint = true; }
    return;
  }
  pnP = 1; pnD = 1;
}

// A new position's numbers (df-pn+): a position one side's strategy holds is that side's to
// lose, one neither holds costs both sides some search. The figures were chosen on 2x2 to 3x3
// (docs/solve.md): with 1 and 1 everywhere, Ing's 3x3 took 14 million nodes against
// alpha-beta's 42,392, with these 121,718; PN_HELD on Ing's 3x4 (16.6 million nodes at 256,
// 15.2 at 1024, 14.7 at 4096, 15.2 at 16384; the small boards the same within 1%).
const PN_HELD: i32 = 4096; // the other side's number at a position a side's strategy holds
const PN_OPEN: i32 = 16; // both numbers at a position neither holds
/** A new position's numbers by the strategies of simple ko's game: one that a side's strategy
 *  holds, though the line's history keeps it from a cut-off, likely that side's still. */
@inline function pnGuess(x: i32): void {
  if (slotAt(aRB, x) >= 0) { pnP = 1; pnD = PN_HELD; }
  else if (slotAt(aRW, x) >= 0) { pnP = PN_HELD; pnD = 1; }
  else { pnP = PN_OPEN; pnD = PN_OPEN; }
}

/** Keeps the numbers of the position with key k: an exact answer in hsearch's table, the rest
 *  in the run's. */
function pnKeep(k: u64, p: i32, d: i32, taint: bool): void {
  if ((p == 0 || d == 0) && !taint) { keepAnswer(k, p == 0); return; }
  const pk = k ^ pnSalt;
  const q = HC + htSlot(k);
  store<u64>(q, pk);
  store<i32>(q + 8, p == PN_INF && taint ? PN_TAINT : p); store<i32>(q + 12, d == PN_INF && taint ? PN_TAINT : d);
}

/** Settles the position with key k: Black makes the goal or not (resting on the cap or not),
 *  kept and left in pnP, pnD, pnTaint. */
function pnSettle(k: u64, makes: bool, taint: bool): void {
  pnP = makes ? 0 : PN_INF; pnD = makes ? PN_INF : 0;
  pnKeep(k, pnP, pnD, taint);
  pnTaint = taint;
}

/** The proof-number search from position n, c to move, after `depth` moves, until its numbers
 *  reach the thresholds or it is settled: they are left in pnP, pnD (pnTaint). */
function pnSearch(n: i32, c: i32, depth: i32, thP: i32, thD: i32): void {
  hsNodes += 1;
  countNode();
  const key = historyKeyOf(c);
  pnLook(key);
  if (pnP >= thP || pnD >= thD || pnP == 0 || pnD == 0) return;
  if (budgetOut(depth)) return;
  const black = c == BLACK;
  const base = PN_KIDS + <usize>(min(depth, 1023) * 64 * 32);
  let k = 0;
  let lossTaint = false; // a move dropped as the mover's loss rested on the cap
  const canAbandon = abandonNow();
  // The moves first, each played and taken back for its position and key; then their records
  // touched in one short loop, so that their cache misses overlap (one a move between the
  // engine's plays came one after another, and the look-up was a third of the search's time);
  // then each move read in order as before.
  let nc = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, canAbandon);
    if (m == -99) continue;
    if (!lineMove(m, c, depth)) continue;
    const q = PN_MOVES + (<usize>nc << 5);
    store<i32>(q, m);
    nc++;
    if (applied == 2) {
      // (an end: its count while the engine stands on it; a win ends the list, it settles)
      const win = (leafValue() >= hsTheta) == black;
      store<i32>(q + 4, -1); store<i32>(q + 8, win ? 1 : -1);
      undo(depth);
      if (win) break;
      continue;
    }
    store<i32>(q + 4, 0); store<i32>(q + 8, 0);
    store<i32>(q + 12, virtualEnds && m == -1 ? R.virtualMovesHere() : 0);
    store<u64>(q + 16, historyKeyOf(c ^ 3)); store<u64>(q + 24, posKey(c ^ 3));
    undo(depth);
  }
  // (the positions' hash slots, then their indices; then the records by key and by position)
  let touch: u64 = 0;
  for (let j = 0; j < nc; j++) {
    const q = PN_MOVES + (<usize>j << 5);
    if (load<i32>(q + 4) < 0) continue;
    const i = <usize>homeSlot(load<u64>(q + 24));
    touch ^= <u64>load<i32>(HIDX + (i << 2)) ^ load<u64>(HKEY + (i << 3));
  }
  for (let j = 0; j < nc; j++) {
    const q = PN_MOVES + (<usize>j << 5);
    if (load<i32>(q + 4) < 0) continue;
    const x = findIndex(load<u64>(q + 24));
    if (x < 0) { setSolOut(); return; } // (the graph holds every position simple ko allows)
    store<i32>(q + 4, x);
    touch ^= load<u64>(HT + htSlot(load<u64>(q + 16))) ^ <u64>slotAt(aRB, x);
  }
  keepTouched(touch);
  for (let j = 0; j < nc; j++) {
    const q = PN_MOVES + (<usize>j << 5);
    const m = load<i32>(q);
    // (each move's worth where it is known at once, as the mover's: 1 a win, -1 a loss, 0 not)
    let known = 0, taint = false;
    let x = load<i32>(q + 4), ckey: u64 = 0;
    if (x < 0) known = load<i32>(q + 8);
    else {
      ckey = load<u64>(q + 16);
      const here = load<i32>(q + 12);
      const cx = cutAfter(x, depth, here);
      if (cx != 0) {
        if (cx > 0) hsCutB += 1; else hsCutW += 1;
        known = (cx > 0) == black ? 1 : -1;
      } else if (depth + 3 >= hsCap) {
        // (a line at the cap: Black's loss in the first mode, his win in the second)
        hsCappedNow += 1;
        known = (hsCapMode == 2) == black ? 1 : -1;
        taint = true;
      } else {
        pnLook(ckey);
        if (pnP == 0 || pnD == 0) { known = (pnP == 0) == black ? 1 : -1; taint = pnTaint; }
        else if (pnP == 1 && pnD == 1) pnGuess(x);
      }
    }
    // (a move that wins settles the position for the mover)
    if (known > 0) { pnSettle(key, black, taint); return; }
    if (known < 0) { lossTaint = lossTaint || taint; continue; }
    if (k >= 64) { setSolOut(); return; } // (more moves than the row holds: no answer, not a wrong one)
    // (in the order of promise, so that of equal numbers the most promising is chosen: insertion)
    const order = -promise(x, black);
    let at = k;
    while (at > 0 && load<i32>(base + (<usize>(at - 1) << 5) + 24) > order) at--;
    memory.copy(base + (<usize>(at + 1) << 5), base + (<usize>at << 5), <usize>(k - at) << 5);
    const r = base + (<usize>at << 5);
    store<i32>(r, m); store<i32>(r + 4, x); store<u64>(r + 8, ckey);
    store<i32>(r + 16, pnP); store<i32>(r + 20, pnD); store<i32>(r + 24, order);
    k++;
  }
  for (;;) {
    // the position's numbers from its moves' (a mover's loss already left out)
    combine(base, k, 32, 16, black);
    const p = pnSumP, d = pnSumD, best = pnBest;
    // (every move the mover's loss)
    if (k == 0 || (black ? p : d) >= PN_INF) { pnSettle(key, !black, lossTaint); return; }
    if (p >= thP || d >= thD) { pnKeep(key, p, d, false); pnP = p; pnD = d; pnTaint = false; return; }
    // (the most proving move)
    const r = base + (<usize>best << 5);
    thresholds(black, thP, thD, load<i32>(r + 16), load<i32>(r + 20), 1);
    const m = load<i32>(r), x = load<i32>(r + 4);
    apply(m, c, depth);
    childRanks(depth, x);
    pnSearch(x, c ^ 3, depth + 1, pnThP, pnThD);
    undo(depth);
    if (solOut) return;
    if (pnP == 0 || pnD == 0) {
      if ((pnP == 0) == black) { pnSettle(key, black, pnTaint); return; }
      // (the mover's loss: the move left out)
      lossTaint = lossTaint || pnTaint;
      memory.copy(r, r + 32, <usize>(k - 1 - best) << 5);
      k--;
      continue;
    }
    store<i32>(r + 16, pnP); store<i32>(r + 20, pnD);
  }
}

/** One run of the proof-number search from the root: 1 or 0 (pnTaint: resting on the cap). */
function pnOnce(n: i32, c: i32, depth: i32): i32 {
  rootRanks(n, depth);
  return pnFrom(n, c, depth);
}

/** Whether Black makes the goal from position n (c to move, the line's least ranks at `depth`
 *  set), by proof numbers: 1 or 0 (pnTaint: resting on the cap). */
function pnFrom(n: i32, c: i32, depth: i32): i32 {
  pnSalt = mix64(<u64>hsRun * 0x9e3779b97f4a7c15 + 1); // (the run's own numbers)
  const cut = cutAt(n, depth);
  if (cut != 0) { pnTaint = false; return cut > 0 ? 1 : 0; }
  pnSearch(n, c, depth, PN_INF, PN_INF);
  return pnP == 0 ? 1 : 0;
}

/** What the line and the proof trees ask of a position: the search the solve runs over the lines. */
@inline function lineAnswer(n: i32, c: i32, depth: i32): i32 { return hsPn ? pnFrom(n, c, depth) : hsearch(n, c, depth); }

/** How promising position x is for the mover (Black if `black`): its own strategy's positions
 *  first, the nearer the goal the better, the other's last; between, simple ko's low game value. */
function promise(x: i32, black: bool): i32 {
  if (x < 0) return 0;
  const own = slotAt(black ? aRB : aRW, x), theirs = slotAt(black ? aRW : aRB, x);
  if (own >= 0) return 0x40000000 - own;
  if (theirs >= 0) return -0x40000000 + theirs;
  return black ? i32At(VAL, x) : -i32At(VAL, x);
}

/** The search's goal for slot s from line depth d on: the least ranks along the line so far. */
function lineRanks(s: i32, d: i32): void {
  useSlot(s);
  for (let j = 0; j <= d; j++) {
    const x = i32At(HS_LINE, j);
    const fresh = j == 0 || (virtualEnds && afterPass(x));
    setI32(MINB, j, fresh ? slotAt(aLB, x) : min(i32At(MINB, j - 1), slotAt(aLB, x)));
    setI32(MINW, j, fresh ? slotAt(aLW, x) : min(i32At(MINW, j - 1), slotAt(aLW, x)));
    if (j == 0) noJudged(0);
    else {
      const virtual = i32At(LINE_VIRTUAL, j);
      setI32(JUDGED_B, j, judgedAfter(i32At(JUDGED_B, j - 1), x, virtual, true));
      setI32(JUDGED_W, j, judgedAfter(i32At(JUDGED_W, j - 1), x, virtual, false));
    }
  }
}

/** Whether the side that moved to position x (c to move, `depth` moves in, the line's ranks
 *  set) keeps its goal: the search deepened as the goals' own (deepened), from 16 moves past
 *  `from` (the goal's cap, where the answer rested on it), in the run whose answer for the mover
 *  is a proof (a line at the cap is the mover's loss), each cap tried until the answer keeps, or
 *  the cap did not touch it, or the deepest cap is reached. The
 *  line's own ranks stay (no rootRanks: the history so far is the line's). */
function lineKeeps(x: i32, c: i32, depth: i32, black: bool, from: i32): bool {
  const base = max(from, depth);
  for (let more = 16; ; more += max(16, more >> 2)) {
    hsCap = min(base + more, hsCapMost);
    capRun(black ? 1 : 2); hsCappedNow = 0;
    const r = lineAnswer(x, c, depth);
    const keeps = (r == 1) == black;
    if (solOut || keeps || !lineTouched() || hsCap >= hsCapMost) return keeps;
  }
  return false;
}
/** Whether the last answer of the line's search rests on the cap. */
@inline function lineTouched(): bool { return hsPn ? pnTaint : hsCappedNow > 0; }

/** A line of the value the two goals bracket, under the superko: Black's moves keep slot
 *  `sLow`'s goal (at least the value), White's keep Black below slot `sHigh`'s (the next count;
 *  -1: none above, any move keeps it). Into RA_LINE_OUT; the moves stay played. */
export function retroHistoryLine(sLow: i32, sHigh: i32, maxLen: i32): i32 {
  raLineLen = 0; raLineEnd = 3; raLineCycle = -1;
  // (the engine as the host restarted it: the table's keys need simple ko's point and the digest)
  R.setKoKeysAlways(true);
  R.setKeepDigest(true);
  let n = findIndex(posKey(BLACK)), c = BLACK;
  setI32(LINE_VIRTUAL, 0, 0);
  const cap = min(maxLen, 900);
  while (raLineLen < cap && n >= 0) {
    const d = raLineLen;
    setI32(HS_LINE, d, n);
    const black = c == BLACK;
    const s = black ? sLow : sHigh;
    // (a move kept by a search the cap touched is kept for sure only where the cap was the mover's loss)
    capRun(black ? 1 : 2);
    // (the line's least ranks for this side's goal, once a move: the searches write only deeper)
    if (s >= 0) lineRanks(s, d);
    let best = -99, ends = false;
    const canAbandon = abandonNow();
    // the moves in the search's order, each searched; Zhang's rules (whose lines are long, so a
    // move that misses the goal can take a long refutation): first an end or a move the side's
    // own strategy cuts off, no search, then the others by their promise
    const cheapFirst = virtualEnds;
    const row = HS_MOVES + <usize>(min(d, 1023) * 64 * 8);
    let k = 0;
    for (let i = 0; i < nPoints + 3 && best == -99; i++) {
      const m = moveAt(i, canAbandon);
      if (m == -99) continue;
      apply(m, c, d);
      if (applied == 0) continue;
      let key = k;
      if (cheapFirst) {
        if (s < 0 || applied == 2) {
          if (s < 0 || (leafValue() >= load<i32>(SLOT_THETA + (<usize>s << 2))) == black) { best = m; ends = applied == 2; }
          undo(d);
          continue;
        }
        const x = findIndex(posKey(c ^ 3));
        childRanks(d, x);
        const cut = cutAt(x, d + 1);
        if (cut != 0 && (cut > 0) == black) { best = m; undo(d); continue; }
        key = -promise(x, black);
      }
      undo(d);
      if (k < 64) { store<i32>(row + (<usize>k << 3), m); store<i32>(row + (<usize>k << 3) + 4, key); k++; }
    }
    if (best == -99) byKey(row, k);
    // (first each move at the cap the goal's answer was proven under; where none keeps there,
    // the moves whose "no" rested on that cap again, deepened: an answer at the root by a
    // cut-off leaves its first cap, too few for the line's later moves)
    const slotCap = hsCap;
    for (let pass = 0; pass < 2 && best == -99; pass++) {
      for (let a = 0; a < k && best == -99; a++) {
        const m = load<i32>(row + (<usize>a << 3));
        if (pass == 1 && load<i32>(row + (<usize>a << 3) + 4) == 0) continue; // (an exact "no")
        apply(m, c, d);
        const ended = applied == 2; // (the search below applies moves of its own)
        let keeps: bool;
        let touched = false;
        if (s < 0) keeps = true;
        else if (ended) keeps = (leafValue() >= load<i32>(SLOT_THETA + (<usize>s << 2))) == black;
        else {
          const x = findIndex(posKey(c ^ 3));
          childRanks(d, x);
          if (pass == 0) {
            hsCappedNow = 0;
            keeps = (lineAnswer(x, c ^ 3, d + 1) == 1) == black;
            touched = lineTouched();
          } else keeps = lineKeeps(x, c ^ 3, d + 1, black, slotCap);
        }
        if (solOut) { undo(d); hsCapMode = 0; return raLineLen; }
        if (keeps) { best = m; ends = ended; }
        undo(d);
        if (pass == 0) store<i32>(row + (<usize>a << 3) + 4, touched ? 1 : 0);
      }
      if (pass == 0 && (s < 0 || slotCap >= hsCapMost)) break;
    }
    if (best == -99) { hsCapMode = 0; return raLineLen; }
    apply(best, c, d);
    // (the line's virtual moves at this board, for the judged-end sums of either side's slot)
    setI32(LINE_VIRTUAL, d + 1, virtualEnds && best == -1 ? R.virtualMovesHere() : 0);
    setI32(RA_LINE_OUT, raLineLen++, best);
    if (ends) { raLineEnd = 1; hsCapMode = 0; return raLineLen; }
    n = findIndex(posKey(c ^ 3));
    c ^= 3;
  }
  hsCapMode = 0;
  return raLineLen;
}

/** Whether the side whose strategy cut position n off (c to move, after `depth` moves) wins it
 *  under the engine's rule from the line as it stands: its moves those of its attractor that
 *  lower the rank, tried best first, every reply the superko allows (proveFrom). */
function strategyHolds(n: i32, c: i32, depth: i32, black: bool): bool {
  const savedRank = RANK, savedBlack = goalBlack, savedTheta = goalTheta;
  RANK = black ? aRB : aRW; rankShift = 4; goalBlack = black; goalTheta = hsTheta;
  const ok = proveFrom(n, c, depth);
  RANK = savedRank; rankShift = 2; goalBlack = savedBlack; goalTheta = savedTheta;
  return ok || solOut;
}

/** The proof tree of slot s's goal (-1: none above the value) from the start, under the engine as the host restarted it
 *  (the superko), into solve.ts's proof buffer: `atLeast`, Black makes the goal (Black plays one
 *  move at each turn, White every legal move), else Black does not (the other way round). A
 *  position the search cut off is a leaf with children -1 (Black's strategy of simple ko's
 *  game holds there) or -2 (White's). False when it is no proof or outgrew the buffer. */
export function retroHistoryProof(s: i32, atLeast: bool): bool {
  walkOnly = false;
  return historyTree(s, atLeast);
}

/** retroHistoryProof's walk with nothing stored (`hsWalkNodes` counts the nodes): the check of a
 *  proof too large to write, each cut-off leaf played out (retroHistoryCheck's `leaves`). */
export function retroHistoryWalk(s: i32, atLeast: bool): bool {
  walkOnly = true;
  const ok = historyTree(s, atLeast);
  walkOnly = false;
  return ok;
}
let walkOnly: bool = false;
export let hsWalkNodes: f64 = 0;

function historyTree(s: i32, atLeast: bool): bool {
  R.setKoKeysAlways(true);
  R.setKeepDigest(true);
  if (!proofStart()) return false;
  hsWalkNodes = 0;
  // (no goal above the value: "at most" is the root alone)
  if (s < 0) { treeNode(-9); return true; }
  useSlot(s);
  const n = findIndex(posKey(BLACK));
  if (n < 0) return false;
  setI32(MINB, 0, slotAt(aLB, n)); setI32(MINW, 0, slotAt(aLW, n)); noJudged(0);
  // (the prover's moves kept by searches whose cap was the prover's loss)
  capRun(atLeast ? 1 : 2);
  proofNodeAt(n, BLACK, 0, atLeast, -9);
  hsCapMode = 0;
  return !proofOver && !solOut;
}
/** A node of the tree (its children set later): its index, -1 when the buffer is full. */
function treeNode(move: i32): i32 {
  if (!walkOnly) return proofPush(move, 0);
  hsWalkNodes += 1;
  return 0;
}
@inline function treeKids(at: i32, kids: i32): void { if (!walkOnly) proofKids(at, kids); }

function proofNodeAt(n: i32, c: i32, depth: i32, atLeast: bool, move: i32): void {
  const at = treeNode(move);
  if (at < 0 || depth + 2 >= 1000) { proofFail(); return; }
  const cut = cutAt(n, depth);
  if (cut != 0) {
    if ((cut > 0) != atLeast) proofFail();
    treeKids(at, cut > 0 ? -1 : -2);
    // (the check: the leaf's strategy played out under the superko from the line as it stands)
    if (hsCheck || hsCheckLeaves) { hsProofLeaves += 1; if (!strategyHolds(n, c, depth, cut > 0)) hsProofFailed += 1; }
    return;
  }
  const prover = atLeast ? BLACK : WHITE;
  let kids = 0;
  const canAbandon = abandonNow();
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, canAbandon);
    if (m == -99) continue;
    apply(m, c, depth);
    if (applied == 0) continue;
    const ended = applied == 2; // (the searches below apply moves of their own)
    const x = ended ? -1 : findIndex(posKey(c ^ 3));
    if (x >= 0) childRanks(depth, x);
    if (c == prover) {
      const good = ended ? (leafValue() >= hsTheta) == atLeast : (lineAnswer(x, c ^ 3, depth + 1) == 1) == atLeast;
      if (solOut) { undo(depth); proofFail(); return; }
      if (!good) { undo(depth); continue; }
      treeKids(at, 1);
      if (ended) treeNode(m);
      else {
        // (the search above may have written the deeper least ranks: this child's again)
        childRanks(depth, x);
        proofNodeAt(x, c ^ 3, depth + 1, atLeast, m);
      }
      undo(depth);
      return;
    }
    treeKids(at, ++kids);
    if (ended) treeNode(m); else proofNodeAt(x, c ^ 3, depth + 1, atLeast, m);
    undo(depth);
    if (proofOver) return;
  }
  if (c == prover) proofFail(); // (no move keeps the goal: not a proof)
}

// ---- Zhang's rules: every pass at a board the winner may end at --------------------------------
// Under Zhang's rules play ends only at a pass: the other side answers it with an abandon move
// (zhang 3.1), or it is the fourth virtual move made in that board position (3.5, the judged
// end); the count is the final board's, and the game is finite. So a side wins its goal if
// every pass of the game comes at a board that meets the goal. That is a question about a
// history-free game (simple ko with Zhang's moves, the virtual moves counted nowhere:
// `rules.ts setVirtualFree`). The winner (a) keeps the other side's turns at boards that meet
// the goal (the other side may pass there; see transientCheck for the exception), (b) passes only
// at such boards, and (c) forces a pass again and again inside the region (a Buchi condition:
// the greatest region from every position of which he does), so that its ranks, the moves to
// the next pass, fall with every stone play: a phase (the stone plays between two virtual moves)
// of his strategy repeats no position, and a stone play of his, which no going back bans where
// its whole-board position came earlier in the phase, is safe where no position of its
// situation ranks above the mover's (as a superko's bounds are checked, `safeAttractor`).

const OUT_W: u8 = 8; // CREATED's bit: out of the winner's region
const BAD_TURN: u8 = 16; // CREATED's bit: the other side's turn at a board the winner may not end at
const ON_STACK: u8 = 32; // CREATED's bits: transientCheck's stack, a move to itself, on no cycle
const SELF_MOVE: u8 = 64;
const TRANSIENT: u8 = 128;
let RB: usize = 0, RW: usize = 0, BB: usize = 0, BW: usize = 0, kept: i32 = -1, keptEdges: i32 = -1;
export let raVirtualLower: i32 = 0; // twice Black's margin: at least, at most
export let raVirtualUpper: i32 = 0;
export let raVirtualRounds: i32 = 0;
export let raVirtualBans: i32 = 0;

@inline function afterPass(n: i32): bool { return (load<u8>(CREATED + <usize>n) & 1) == 0; }
@inline function outW(n: i32): bool { return (load<u8>(CREATED + <usize>n) & OUT_W) != 0; }
@inline function meetsGoal(v: i32, theta: i32, black: bool): bool { return black ? v >= theta : v < theta; }

/** The count of n's board: what an abandon move answering a pass there ends play at (a pass
 *  leads to the position after it, whose abandon move is its one final edge). */
function boardCount(n: i32): i32 {
  let p = n;
  for (let k = 0; k < 2; k++) {
    let passTo = -1;
    for (let e = i32At(ESTART, p); e < i32At(ESTART, p + 1); e++) {
      const x = i32At(EDGES, e);
      if (x >= TERM) return x - TERM - 65536;
      if (isPass(e)) passTo = x;
    }
    if (passTo < 0) break;
    p = passTo;
  }
  return NONE;
}

/** The winner's region for goal theta (`black`: Black makes theta or more; else less): RANK the
 *  moves to the next pass inside it (-1 out), BANNED the winner's unsafe stone plays. Whether the
 *  start is in it. */
function virtualRegion(theta: i32, black: bool, anyStart: bool = false): bool {
  const N = raPositions;
  const mover = black ? BLACK : WHITE;
  memory.fill(BANNED, 0, (<usize>raEdges >> 3) + 8);
  for (let n = 0; n < N; n++) {
    let f = load<u8>(CREATED + <usize>n) & ~(OUT_W | BAD_TURN);
    // (a) the other side's turns at a board the winner may not end at: out after the winner's
    // pass (an abandon move may answer it); else kept while the other side's pass there cannot
    // be the judged end (transientCheck)
    if (<i32>load<u8>(SIDE + <usize>n) != mover && !meetsGoal(boardCount(n), theta, black)) f |= afterPass(n) ? OUT_W : BAD_TURN;
    store<u8>(CREATED + <usize>n, f);
  }
  for (let round = 0; round < 100000; round++) {
    if (budgetNow()) return false;
    raVirtualRounds++;
    // the greatest region: from each position in it the winner forces a pass (or an end that
    // meets the goal) inside it
    for (;;) {
      passAttractor(theta, black);
      if (budgetNow()) return false;
      let removed = 0;
      for (let n = 0; n < N; n++) {
        if (!outW(n) && i32At(RANK, n) < 0) { store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | OUT_W); removed++; }
      }
      if (removed == 0) break;
    }
    if (outW(0) && !anyStart) return false;
    // (c) the winner's stone plays against the positions before them in the phase (all rank
    // above the mover), by situation
    sortRanked(SKEY, false);
    let changes = 0;
    for (let n = 0; n < N; n++) {
      const r = i32At(RANK, n);
      if (r < 0 || <i32>load<u8>(SIDE + <usize>n) != mover) continue;
      for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
        const t = i32At(EDGES, e);
        if (t >= TERM || isPass(e) || banned(e)) continue;
        const rt = i32At(RANK, t);
        if (rt < 0 || rt >= r) continue;
        if (atOrAbove(load<u32>(SKEY + (<usize>t << 2)), r + 1) < 1) continue;
        ban(e);
        changes++;
      }
    }
    raVirtualBans += changes;
    if (changes == 0 && transientCheck(theta, black) == 0) return !outW(0);
  }
  return false;
}

/** RANK: within the region, the moves to the next pass the winner forces (1: a pass into the
 *  region, or an end that meets the goal, is his move, or all the other side has), -1 elsewhere. */
function passAttractor(theta: i32, black: bool): void {
  const N = raPositions;
  const mover = black ? BLACK : WHITE;
  let qh = 0, qt = 0;
  for (let n = 0; n < N; n++) {
    setI32(RANK, n, -1);
    if (outW(n)) continue;
    const winner = <i32>load<u8>(SIDE + <usize>n) == mover;
    let good = false, blocked = false, open = 0;
    for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
      const x = i32At(EDGES, e);
      if (x >= TERM) { if (meetsGoal(x - TERM - 65536, theta, black)) good = true; else blocked = true; }
      else if (outW(x)) blocked = true;
      else if (isPass(e)) good = true;
      else open++;
    }
    const inNow = winner ? good : !blocked && open == 0;
    setI32(CNT, n, winner ? 1 : blocked ? 1 << 30 : open);
    if (inNow) { setI32(RANK, n, 1); setI32(QUEUE, qt++, n); }
  }
  while (qh < qt) {
    const n = i32At(QUEUE, qh++);
    // (a position after a pass is reached by passes only, which count as reaching the goal)
    if (afterPass(n)) continue;
    const r = i32At(RANK, n);
    for (let k = i32At(PREDSTART, n); k < i32At(PREDSTART, n + 1); k++) {
      const p = i32At(PREDS, k);
      if (i32At(RANK, p) >= 0 || outW(p)) continue;
      if (<i32>load<u8>(SIDE + <usize>p) == mover) {
        if (!openEdge(p, n)) continue;
        setI32(RANK, p, r + 1); setI32(QUEUE, qt++, p);
        continue;
      }
      const left = i32At(CNT, p) - 1;
      setI32(CNT, p, left);
      if (left == 0) { setI32(RANK, p, r + 1); setI32(QUEUE, qt++, p); }
    }
  }
}

/** The bounds of Zhang's rules over the graph the last run explored: Black makes at least
 *  raVirtualLower (his region's best goal) and at most raVirtualUpper (White's: less than the
 *  next count). Each side's strategy for them is kept for the line. False: no room, or the budget
 *  ran out. */
export function retroVirtualBounds(): bool {
  const N = raPositions;
  if (N > kept || raEdges > keptEdges) {
    const eb = (<usize>raEdges >> 3) + 8;
    const base = grow(<usize>N * 8 + eb * 2 + 64);
    if (base == 0) { raTooMany = true; setSolOut(); return false; } // (no room: no bounds, the solve stops)
    RB = base; RW = RB + <usize>N * 4; BB = RW + <usize>N * 4; BW = BB + eb;
    kept = N; keptEdges = raEdges;
  }
  raVirtualRounds = 0; raVirtualBans = 0;
  const eb = (<usize>raEdges >> 3) + 8;
  // Black: the highest count his region holds the start for (the least count he makes whatever
  // is played); White: the lowest above it that his region keeps Black below. A region for a
  // goal holds for every goal below it (above, White's), so each is found by halving
  let lo = 0, out = thetaCount;
  while (out - lo > 1) {
    const mid = (lo + out) >> 1;
    if (virtualRegion(i32At(THETAS, mid), true)) lo = mid; else out = mid;
    if (solOut) return false;
  }
  raVirtualLower = i32At(THETAS, lo);
  virtualRegion(raVirtualLower, true);
  memory.copy(RB, RANK, <usize>N * 4); memory.copy(BB, BANNED, eb);
  let none = lo, hi = thetaCount;
  while (hi - none > 1) {
    const mid = (none + hi) >> 1;
    if (virtualRegion(i32At(THETAS, mid), false)) hi = mid; else none = mid;
    if (solOut) return false;
  }
  raVirtualUpper = i32At(THETAS, hi - 1);
  if (hi < thetaCount) { virtualRegion(i32At(THETAS, hi), false); memory.copy(RW, RANK, <usize>N * 4); memory.copy(BW, BANNED, eb); }
  else memory.fill(RW, 0xff, <usize>N * 4);
  memory.fill(BANNED, 0, eb);
  for (let n = 0; n < N; n++) store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) & 1);
  return !solOut;
}

/** The line of the value the bounds meet at: each side follows its strategy (an end that meets
 *  its goal first, then a pass inside its region, then the stone play its ranks fall most by)
 *  until a pass, which the other side answers with an abandon move. Into RA_LINE_OUT; the moves
 *  stay played. */
export function retroVirtualLine(maxLen: i32): i32 {
  raLineLen = 0; raLineEnd = 3; raLineCycle = -1;
  let n = 0, c = BLACK;
  const cap = min(maxLen, 1000);
  const keepBanned = BANNED;
  while (raLineLen < cap) {
    const black = c == BLACK;
    const ranks = black ? RB : RW;
    BANNED = black ? BB : BW;
    const own = i32At(ranks, n);
    let best = -99, bestRank = 1 << 30;
    const canAbandon = raLineLen >= 1 && i32At(RA_LINE_OUT, raLineLen - 1) < 0;
    // (a side with no goal to keep, the value being the count at its end of the range, resists:
    // it ends play where it may, else it makes the move the other side's strategy is longest from)
    if (own < 0) { best = resist(n, c, canAbandon, black ? RW : RB); if (best == -99) break; }
    for (let i = 0; i < nPoints + 3 && own >= 0; i++) {
      const m = moveAt(i, canAbandon);
      if (m == -99) continue;
      play(m, c, raLineLen);
      if (applied == 0) continue;
      if (applied == 2) {
        // (an abandon move, where the count meets the side's goal: after the other side's pass
        // at a board worth the value)
        const v = leafValue();
        undo(raLineLen);
        if (black ? v >= raVirtualLower : v <= raVirtualUpper) { best = m; bestRank = -1; break; }
        continue;
      }
      const x = findIndex(posKey(c ^ 3));
      undo(raLineLen);
      if (x < 0) continue;
      const r = m < 0 ? 0 : i32At(ranks, x);
      if (m < 0 && i32At(ranks, x) < 0) continue; // (a pass out of the region)
      if (r < 0 || (m >= 0 && (r >= own || !openEdge(n, x)))) continue;
      if (r < bestRank) { best = m; bestRank = r; }
    }
    if (best == -99) break;
    apply(best, c, raLineLen);
    const ends = applied == 2;
    setI32(RA_LINE_OUT, raLineLen++, best);
    if (ends) { raLineEnd = 1; break; }
    n = findIndex(posKey(c ^ 3));
    c ^= 3;
    if (n < 0) break;
  }
  BANNED = keepBanned;
  return raLineLen;
}

// The other side's turns at a board the winner may not end at (BAD_TURN): his pass there does not
// end play unless it is the fourth virtual move made in that board position (the winner passes
// only at boards he may end at, and no abandon move answers the other side's pass there). Each
// such turn kept is on no cycle of the strategy's graph (the winner's one move, every move of
// the other side's), so a line of the strategy meets it once at most; and no board has more than
// three of them. From the start, where no virtual move has been made, none is then the fourth.
let TIDX: usize = 0, TLOW: usize = 0, TSTACK: usize = 0, TCALL: usize = 0, TCUR: usize = 0, TNEXT: usize = 0, tRoom: i32 = -1;

/** The winner's move from n as the strategy's graph has it: the position it leads to, -1 where
 *  it ends play (or there is none). */
function strategyNext(n: i32, theta: i32, black: bool): i32 {
  const r = i32At(RANK, n);
  let best = -1, bestRank = 1 << 30;
  for (let e = i32At(ESTART, n); e < i32At(ESTART, n + 1); e++) {
    const x = i32At(EDGES, e);
    if (x >= TERM) { if (meetsGoal(x - TERM - 65536, theta, black)) return -1; continue; }
    if (outW(x)) continue;
    if (isPass(e)) { best = x; bestRank = -1; continue; }
    if (banned(e) || bestRank < 0) continue;
    const rx = i32At(RANK, x);
    if (rx >= 0 && rx < r && rx < bestRank) { best = x; bestRank = rx; }
  }
  return best;
}

/** Puts position x on the depth-first walk at `depth`, with its index, on the stack at `at`. */
@inline function enter(x: i32, depth: i32, index: i32, at: i32): void {
  setI32(TCALL, depth, x); setI32(TCUR, depth, -1);
  setI32(TIDX, x, index); setI32(TLOW, x, index);
  setI32(TSTACK, at, x); store<u8>(CREATED + <usize>x, load<u8>(CREATED + <usize>x) | ON_STACK);
}

/** The next successor of n in the strategy's graph (the walk's cursor at `depth`), -1: none left. */
function nextSuccessor(n: i32, depth: i32, mover: i32): i32 {
  let cur = i32At(TCUR, depth);
  if (<i32>load<u8>(SIDE + <usize>n) == mover) {
    setI32(TCUR, depth, 0);
    return cur < 0 ? i32At(TNEXT, n) : -1;
  }
  for (cur = cur < 0 ? i32At(ESTART, n) : cur + 1; cur < i32At(ESTART, n + 1); cur++) {
    const t = i32At(EDGES, cur);
    if (t >= TERM || outW(t)) continue;
    setI32(TCUR, depth, cur);
    return t;
  }
  setI32(TCUR, depth, cur);
  return -1;
}

/** Drops the kept BAD_TURN positions on a cycle of the strategy's graph, and those of a board
 *  with more than three; returns how many it dropped. */
function transientCheck(theta: i32, black: bool): i32 {
  const N = raPositions;
  const mover = black ? BLACK : WHITE;
  let any = false;
  for (let n = 0; n < N; n++) if (!outW(n) && (load<u8>(CREATED + <usize>n) & BAD_TURN) != 0) { any = true; break; }
  if (!any) return 0;
  if (N > tRoom) {
    const base = grow(<usize>N * 24 + 64);
    if (base == 0) { raTooMany = true; setSolOut(); return 0; }
    TIDX = base; TLOW = TIDX + <usize>N * 4; TSTACK = TLOW + <usize>N * 4; TCALL = TSTACK + <usize>N * 4;
    TCUR = TCALL + <usize>N * 4; TNEXT = TCUR + <usize>N * 4; tRoom = N;
  }
  for (let n = 0; n < N; n++) {
    setI32(TIDX, n, -1);
    store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) & ~(ON_STACK | SELF_MOVE | TRANSIENT));
    setI32(TNEXT, n, !outW(n) && <i32>load<u8>(SIDE + <usize>n) == mover ? strategyNext(n, theta, black) : -1);
  }
  // Tarjan's strongly connected components, with explicit stacks; a transient position is a
  // component of one without a move to itself
  let counter = 0, sp = 0;
  for (let root = 0; root < N; root++) {
    if (outW(root) || i32At(TIDX, root) >= 0) continue;
    let depth = 0;
    enter(root, 0, counter++, sp++);
    while (depth >= 0) {
      const n = i32At(TCALL, depth);
      const x = nextSuccessor(n, depth, mover);
      if (x >= 0) {
        if (x == n) store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | SELF_MOVE);
        if (i32At(TIDX, x) < 0) { depth++; enter(x, depth, counter++, sp++); }
        else if ((load<u8>(CREATED + <usize>x) & ON_STACK) != 0) setI32(TLOW, n, min(i32At(TLOW, n), i32At(TIDX, x)));
        continue;
      }
      // n is done: the root of a component takes it off the stack
      if (i32At(TLOW, n) == i32At(TIDX, n)) {
        let size = 0, top = -1;
        do {
          top = i32At(TSTACK, --sp);
          store<u8>(CREATED + <usize>top, load<u8>(CREATED + <usize>top) & ~ON_STACK);
          size++;
        } while (top != n);
        if (size == 1 && (load<u8>(CREATED + <usize>n) & SELF_MOVE) == 0) store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | TRANSIENT);
      }
      depth--;
      if (depth >= 0) { const p = i32At(TCALL, depth); setI32(TLOW, p, min(i32At(TLOW, p), i32At(TLOW, n))); }
    }
  }
  // the kept turns on a cycle are dropped; then those of a board with more than three
  let dropped = 0, m = 0;
  for (let n = 0; n < N; n++) {
    if (outW(n) || (load<u8>(CREATED + <usize>n) & BAD_TURN) == 0) continue;
    if ((load<u8>(CREATED + <usize>n) & TRANSIENT) == 0) { store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | OUT_W); dropped++; continue; }
    store<u64>(CNT + (<usize>m << 3), <u64>load<u32>(BKEY + (<usize>n << 2)) << 32 | <u64>n);
    m++;
  }
  sortU64(CNT, m);
  for (let j = 0; j < m;) {
    let k = j;
    const key = load<u64>(CNT + (<usize>j << 3)) >> 32;
    while (k < m && load<u64>(CNT + (<usize>k << 3)) >> 32 == key) k++;
    if (k - j > 3) {
      for (let q = j; q < k; q++) {
        const n = <i32>(load<u64>(CNT + (<usize>q << 3)) & 0xffffffff);
        store<u8>(CREATED + <usize>n, load<u8>(CREATED + <usize>n) | OUT_W);
        dropped++;
      }
    }
    j = k;
  }
  return dropped;
}

/** The slot's kept-turn counts (aKept) for the last region (Black's if `black`): at each
 *  position after a pass (where a line's virtual move stands), the BAD_TURN positions the region
 *  keeps with its board's key (0 to 3); 0 where the rules have no judged end. */
function keptTurnsByBoard(black: bool): void {
  const N = raPositions;
  const shift: i32 = black ? 0 : 4;
  const mask = <u8>(black ? 0xf0 : 0x0f); // (the other side's bits kept)
  for (let n = 0; n < N; n++) store<u8>(aKept + <usize>n, load<u8>(aKept + <usize>n) & mask);
  if (!virtualEnds) return;
  let m = 0;
  for (let n = 0; n < N; n++) {
    if (outW(n) || (load<u8>(CREATED + <usize>n) & BAD_TURN) == 0) continue;
    store<u64>(CNT + (<usize>m << 3), <u64>load<u32>(BKEY + (<usize>n << 2)) << 32);
    m++;
  }
  if (m == 0) return;
  sortIndexed(m);
  for (let n = 0; n < N; n++) {
    if (!afterPass(n)) continue;
    const k = min(atOrAbove(load<u32>(BKEY + (<usize>n << 2)), 0), 15);
    store<u8>(aKept + <usize>n, load<u8>(aKept + <usize>n) | <u8>(k << shift));
  }
}

/** The line's judged-end sum (JUDGED_B or JUDGED_W) after a move to position x, `before` it
 *  before; `virtual` the virtual moves now made at x's board where the move was a pass, else 0. */
@inline function judgedAfter(before: i32, x: i32, virtual: i32, black: bool): i32 {
  if (virtual == 0 || x < 0) return before;
  const k = (<i32>load<u8>(aKept + <usize>x) >> (black ? 0 : 4)) & 15;
  return max(before, virtual + k);
}

/** The line's move of a side with no strategy of its own (the value is the last count its way):
 *  an abandon move where one may answer, else the move the other side's ranks (`other`) put
 *  furthest from its next pass. */
function resist(n: i32, c: i32, canAbandon: bool, other: usize): i32 {
  let best = -99, bestRank = -1;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, canAbandon);
    if (m == -99) continue;
    play(m, c, raLineLen);
    if (applied == 0) continue;
    if (applied == 2) { undo(raLineLen); return m; }
    const x = findIndex(posKey(c ^ 3));
    undo(raLineLen);
    if (x < 0) continue;
    const r = i32At(other, x);
    if (r > bestRank) { best = m; bestRank = r; }
  }
  return best;
}

// ---- the Grand Rules' phases by their graph (grand.ts) ----------------------------------------
// A phase of the Grand Rules' relaxation (the Void left out) is a game under positional superko
// from a suspended board to the next suspension, whose worth the set of suspensions says (one
// side's, for a goal: suspend.ts). Its lines are searched as a superko's (hsearch), each cut off
// where a side's strategy of simple ko's game over the same phase wins whatever the line's boards
// (retroHistoryGoal's checks by rank), the suspensions the strategies reach valued by the set as
// it stood at the round's start. The graph is explored once, from the empty board: the game phase,
// whose extra moves so far are in the position (clamped), a suspension ending it; after a game
// phase of even moves, the dispute phases from the suspended board, each ending at the next
// suspension. Every suspension it meets joins the list the rounds search; one whose worth is not
// settled yet is nobody's goal in it (PH_NEUTRAL).

const PH_NEUTRAL: i32 = 0x8000; // a terminal neither side's strategy may count on
const PHASE_APART: u32 = 0x5bd1e995; // (a game phase's board keys apart: see indexOf)
let phaseMode: bool = false;
let phaseGoal: i32 = 0; // "Black makes at least phaseGoal", twice the margin
let phaseShift: i32 = 0; // what the line's game phase adds to the count (a search from a dispute phase)
/** How many times the graph's terminals were read (retroPhaseGoal): a reading kept elsewhere is
 *  stale once this has moved on. */
export let phaseGoalReadings: i32 = 0;
let phaseSalt: u64 = 0; // the table's keys of each search apart (the leaves' worth moves with the set)
let phaseRoom: i32 = 0;
let PH_KIND: usize = 0; // u8 per edge: 1 a suspension, 2 an end of play, 0 neither
let PH_KEY: usize = 0; // u64 per edge: the suspension's class key (suspend.ts suspFind)
let PH_COUNT: usize = 0; // i32 per edge: the end's count
export let phCutB: f64 = 0; // positions the strategies decided, over every search of the phases
export let phCutW: f64 = 0;
export let phNodes: f64 = 0;
// the phases' searches deepened (deepened()): the runs, the lines the cap stopped, the deepest
// cap an answer needed where one stopped a line
export let phRuns: f64 = 0;
export let phCapped: f64 = 0;
export let phDeepest: i32 = 0;
export let phMissing: f64 = 0; // moves of the phases' lines to a position the graph lacks
export let phBeyond: f64 = 0; // game-phase positions past the clamp decided at its edge (beyondTheClamp)
export let phOutOfReach: f64 = 0; // game-phase positions whose extra moves put the goal out of the side's reach
export let phStatic: f64 = 0; // positions one side's passes settled (suspend.ts staticVerdict)
let phaseSide: i32 = 0; // the side of the set the goal is read from (retroPhaseGoal)

/** The phases' graph under simple ko from the engine's position (grand.ts: the empty board, Black
 *  to move), by class; false when there is no room (raTooMany: the solve may go on without it) or
 *  the budget ran out. */
export function retroPhaseGraph(maxPositions: i32, maxEdges: i32, extraMoves: i32): bool {
  if (maxEdges > phaseRoom) {
    const base = grow(<usize>maxEdges * 13 + 64);
    if (base == 0) return false;
    PH_KEY = base; PH_COUNT = PH_KEY + <usize>maxEdges * 8; PH_KIND = PH_COUNT + <usize>maxEdges * 4;
    phaseRoom = maxEdges;
  }
  symmetric = true; endless = 0; noSameBoard = true; safety = 1; noSuicideAfterPass = false;
  countClamp = 2 * extraMoves; // (twice: the extra moves a side may be ahead; beyond, beyondTheClamp)
  virtualEnds = false; voidRule = false; safeMode = true;
  phaseMode = true; phCutB = 0; phCutW = 0; phNodes = 0; phMissing = 0; phStatic = 0; phOutOfReach = 0; phBeyond = 0;
  phRuns = 0; phCapped = 0; phDeepest = 0;
  if (!explore(maxPositions, maxEdges, false)) { phaseMode = false; return false; }
  predecessors();
  // (no values of simple ko's game here: the search's move order (promise) reads none, not an
  // earlier solve's)
  memory.fill(VAL, 0, <usize>raPositions * 4);
  if (!boardMap()) { phaseMode = false; raTooMany = true; setSolOut(); return false; }
  return true;
}

/** The strategies of both sides for "Black makes at least goal", the set's side `side` (grand.ts):
 *  each terminal valued 1 (Black meets the goal) or -1, then retroHistoryGoal's attractors and
 *  their checks by rank. `open`: a suspension a fixed point not closed over every suspension
 *  known lacks is nobody's (the game phase's searches, which the rounds do not repeat; a round
 *  reads its own fixed point as it stood at the round's start). False: no room or the budget
 *  ran out. */
export function retroPhaseGoal(goal: i32, side: i32, open: bool, shift: i32 = 0, keep: bool = false): bool {
  // (the strategies kept from an earlier reading at the same goal, side and shift: the rules'
  // search, whose lines read a few shifts over and over; any other reading forgets them, as the
  // set may have grown since)
  if (!keep || hsCheck || !keepOn) keptForget();
  else if (keptTake(goal, side, shift)) return true;
  const asked = goal;
  // (after the game phase: the graph's dispute phases are those of suspensions with no extra
  // moves, so their terminals are read at the goal less the extra moves the line's game phase
  // left, `shift`, and so are its ends)
  goal -= shift;
  phaseGoalReadings++;
  for (let e = 0; e < raEdges; e++) {
    const kind = load<u8>(PH_KIND + <usize>e);
    if (kind == 0) continue;
    let v: i32;
    if (kind == 2) v = i32At(PH_COUNT, e) >= goal ? 1 : -1;
    else {
      // (the game phase's extra moves so far: the board must give the rest, as the leaves read)
      const i = thresholdOf(goal - i32At(PH_COUNT, e));
      const s = suspFind(load<u64>(PH_KEY + (<usize>e << 3)));
      const won = s >= 0 && suspWins(s, i, side);
      // (where the fixed point is not closed, what it has is the side's and holds; what it lacks
      // may join it yet: nobody's, as no strategy should count on it)
      const unsure = !won && open && !suspClosed(i, side);
      // (marked for grand.ts to take: the next search of the game phase may count on it)
      if (unsure) suspMarkNeeded(i, side);
      v = s < 0 || unsure ? PH_NEUTRAL : (side == BLACK) == won ? 1 : -1;
    }
    setI32(EDGES, e, TERM + 65536 + v);
  }
  phaseGoal = goal; phaseSide = side; phaseShift = shift;
  if (!retroHistoryGoal(1, 0, false)) return false;
  if (keep && !hsCheck && keepOn) keptPut(asked, side, shift);
  return true;
}

// ---- the graph's strategies kept for the rules' search (retroPhaseGoal's `keep`) ----
// Each copy holds slot 0's arrays (16 bytes a position) and what useSlot reads beside them; the
// least recently used copy is the one replaced. No room for them: every reading computed.
const KEEP_COPIES: i32 = 6;
const KEPT: usize = memory.data(KEEP_COPIES * 8 * 4, 16); // per copy: used, goal, side, shift, triB, triW (and two unused)
const KEPT_USED: usize = memory.data(KEEP_COPIES * 4, 16); // the reading that last used the copy
let keptBase: usize = 0;
let keptRoom: i32 = 0;
let keptClock: i32 = 0;
export let phKeptHits: f64 = 0; // readings taken from a copy
let keepOn: bool = true;
/** Whether the rules' search keeps the strategies it read (false: each reading computed, the check). */
export function retroKeepStrategies(on: bool): void { keepOn = on; phKeptHits = 0; keptForget(); }

function keptForget(): void {
  for (let k = 0; k < KEEP_COPIES; k++) setI32(KEPT, 8 * k, 0);
}

function keptTake(goal: i32, side: i32, shift: i32): bool {
  for (let k = 0; k < KEEP_COPIES; k++) {
    const e = 8 * k;
    if (i32At(KEPT, e) == 0 || i32At(KEPT, e + 1) != goal || i32At(KEPT, e + 2) != side || i32At(KEPT, e + 3) != shift) continue;
    memory.copy(HSLOT, keptBase + <usize>k * <usize>keptRoom * 16, <usize>raPositions * 16);
    setI32(SLOT_TRIPLE, 0, i32At(KEPT, e + 4)); setI32(SLOT_TRIPLE, 1, i32At(KEPT, e + 5));
    store<i32>(SLOT_THETA, 1); setI32(SLOT_CAP, 0, hsCapMost);
    useSlot(0);
    phaseGoal = goal - shift; phaseSide = side; phaseShift = shift;
    setI32(KEPT_USED, k, ++keptClock);
    phKeptHits += 1;
    return true;
  }
  return false;
}

function keptPut(goal: i32, side: i32, shift: i32): void {
  const N = raPositions;
  if (N > keptRoom) {
    const base = grow(<usize>KEEP_COPIES * <usize>N * 16 + 64);
    if (base == 0) return; // (no room: each reading computed)
    keptBase = (base + 15) & ~15; keptRoom = N;
    keptForget();
  }
  // (an unused copy, else the least recently used)
  let k = -1;
  for (let j = 0; j < KEEP_COPIES && k < 0; j++) if (i32At(KEPT, 8 * j) == 0) k = j;
  if (k < 0) {
    k = 0;
    for (let j = 1; j < KEEP_COPIES; j++) if (i32At(KEPT_USED, j) < i32At(KEPT_USED, k)) k = j;
  }
  memory.copy(keptBase + <usize>k * <usize>keptRoom * 16, HSLOT, <usize>N * 16);
  const e = 8 * k;
  setI32(KEPT, e, 1); setI32(KEPT, e + 1, goal); setI32(KEPT, e + 2, side); setI32(KEPT, e + 3, shift);
  setI32(KEPT, e + 4, i32At(SLOT_TRIPLE, 0)); setI32(KEPT, e + 5, i32At(SLOT_TRIPLE, 1));
  setI32(KEPT_USED, k, ++keptClock);
}

/** A leaf of a phase's search (the move just made suspended or ended play, `c` made it): whether
 *  Black meets the goal, the suspension read from the set as it is now. */
function phaseLeafMeets(c: i32): bool {
  return applied == 2 ? leafValue() - phaseShift >= phaseGoal : suspensionMeets(c ^ 3);
}

/** The suspension's first two turns (a pass there, then a second, ends play by agreement), then
 *  the phase that a stone resumes, by hsearch. */
function phaseTurn(c: i32, depth: i32, lb: i32, lw: i32, first: bool): i32 {
  const black = c == BLACK;
  let result = black ? 0 : 1;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    apply(m, c, depth);
    if (applied == 0) continue;
    let r: i32;
    if (applied == 2) r = leafValue() - phaseShift >= phaseGoal ? 1 : 0;
    else if (m < 0) r = first ? phaseTurn(c ^ 3, depth + 1, lb, lw, false) : 0;
    else {
      const x = findIndex(posKey(c ^ 3));
      setI32(MINB, depth + 1, x < 0 ? -1 : min(lb, slotAt(aLB, x)));
      setI32(MINW, depth + 1, x < 0 ? -1 : min(lw, slotAt(aLW, x)));
      noJudged(depth + 1);
      r = hsearch(x, c ^ 3, depth + 1);
    }
    undo(depth);
    if (solOut) return 0;
    if ((r == 1) == black) { result = r; break; }
  }
  return result;
}

/** The rank of the side's strategy of simple ko's game at the engine's position (`toMove` to
 *  play) for the goal retroPhaseGoal last read: the moves it needs to a terminal the side wins;
 *  -1 where the graph lacks the position or the strategy does not win from it. */
export function retroPhaseRank(toMove: i32, side: i32): i32 {
  const x = findIndex(posKey(toMove));
  return x < 0 ? -1 : slotAt(side == BLACK ? aRB : aRW, x);
}

/** The board key the graph's checks compare (BKEY) of the engine's position. */
export function retroPhaseBoardKey(): u32 {
  return boardKey(0) ^ (R.fPhase == PHASE_PLAY ? PHASE_APART : 0);
}

/** The least rank of `ranks`' side (aLB, aLW) at a position with this board key; -1 where the
 *  graph has none (no cut-off may count on it). */
function boardLeast(key: u32, ranks: usize): i32 {
  const b = boardRep(key);
  return b < 0 ? -1 : slotAt(ranks, b);
}

// each board key of the phases' graph with one position of that board (the least ranks by board
// are the same at each: retroHistoryGoal), open addressing
let BMAP: usize = 0;
let bmapMask: i32 = 0;
let bmapRoom: i32 = 0;
function boardMap(): bool {
  let slots = 16;
  while (slots < 2 * raPositions) slots <<= 1;
  if (slots > bmapRoom) {
    const base = grow(<usize>slots * 8);
    if (base == 0) return false;
    BMAP = base; bmapRoom = slots;
  }
  bmapMask = slots - 1;
  memory.fill(BMAP, 0xff, <usize>slots * 8);
  for (let n = 0; n < raPositions; n++) {
    const key = load<u32>(BKEY + (<usize>n << 2));
    let i = <i32>(key * 0x9e3779b1 >> 7) & bmapMask;
    for (;;) {
      const at = BMAP + (<usize>i << 3);
      const v = load<i32>(at + 4);
      if (v < 0) { store<u32>(at, key); store<i32>(at + 4, n); break; }
      if (load<u32>(at) == key) break;
      i = (i + 1) & bmapMask;
    }
  }
  return true;
}
/** A position of the graph with this board key, -1 none. */
function boardRep(key: u32): i32 {
  let i = <i32>(key * 0x9e3779b1 >> 7) & bmapMask;
  for (;;) {
    const at = BMAP + (<usize>i << 3);
    const v = load<i32>(at + 4);
    if (v < 0 || load<u32>(at) == key) return v;
    i = (i + 1) & bmapMask;
  }
  return -1;
}

/** Whether Black makes the goal of retroPhaseGoal from the engine's position, `toMove` to play,
 *  after `depth` entries (grand.ts: the start, a suspension, a position of the line): the boards
 *  of the phase so far are the `count` keys at `keys` (retroPhaseBoardKey; the suspended board
 *  first where a dispute phase is on: the history's first, grand 4.4). At a suspension its first
 *  two turns are taken by hand (phaseTurn). 1, 0, or -1 (budget). */
export function retroPhaseAt(toMove: i32, depth: i32, keys: usize, count: i32): i32 {
  R.setKoKeysAlways(true);
  phaseSalt = mix64(phaseSalt + 0x9e3779b97f4a7c15);
  useSlot(0);
  hsNodes = 0; hsCutB = 0; hsCutW = 0; hsCapped = 0; hsCapRuns = 0;
  let lb = NONE, lw = NONE;
  for (let j = 0; j < count; j++) {
    const k = load<u32>(keys + (<usize>j << 2));
    lb = min(lb, boardLeast(k, aLB)); lw = min(lw, boardLeast(k, aLW));
  }
  dpPhase = true; dpLb = lb; dpLw = lw;
  dpPaused = R.pausedNow(); dpFirst = R.fCons == 0;
  const r = deepened(dpPaused ? -1 : findIndex(posKey(toMove)), toMove, depth, false);
  dpPhase = false;
  phNodes += hsNodes; phCutB += hsCutB; phCutW += hsCutW;
  phRuns += hsCapRuns; phCapped += hsCapped;
  if (hsCapped > 0) phDeepest = max(phDeepest, hsCap);
  return solOut ? -1 : r;
}
