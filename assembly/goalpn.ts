// "Black makes at least theta" by proof and disproof numbers (df-pn) under a memoryless rule set
// (basic ko): the way past alpha-beta's deepening to boards retrograde analysis has no room for
// (docs/solve.md, "A goal by proof numbers"). The moves, the ends, the counts and Benson's test
// are alpha-beta's own (solve.ts); the table is alpha-beta's memory with entries of its own.
//
// A line that comes back to a position on it is void (worth 0), and one that runs past the
// engine's moves counts as Black's failure. Both depend on the line: an answer that rests on a
// repetition of a position above its own entry, or on the engine's depth, is kept only as
// likely numbers and searched again where it is met. The rest hold wherever the position is met
// (a repetition of it or of a position below it comes back to what play from it made), so the
// root's answer is a proof either way (docs/solve.md).

import { BLACK, boardJournalFull } from "./board";
import { PN_INF, combine, thresholds, pnSumP, pnSumD, pnBest, pnThP, pnThD, keepTouched } from "./dfpn";
import * as R from "./rules";
import { apply, undo, applied, leafValue, keyOf, tableKeyOf, moveAt, budgetOut, countNode, setSolOut, solOut,
  safeVerdict, safeAreaOn, NO_VERDICT, tableBase, tableEntries, tableCleared, solDepthOut, SOLVE_MAX_PLY, nPoints, grow,
  playFrom, unplayFrom, fromRefused } from "./solve";

const PN_TAINTED: i32 = 64; // the other side's number where an answer rested on another line
const MAX_KIDS: i32 = 64;
const KID_BYTES: i32 = 24; // u64 table key, i32 move, i32 pn, i32 dn, i32 pad
let KIDS: usize = 0; // per depth, MAX_KIDS moves (grown at the first search: 1.5 MB)
const PATH: usize = memory.data(SOLVE_MAX_PLY * 8, 16); // each position's own key on the line
const ONLINE: usize = memory.data(4096 * 2, 16); // positions on the line by their low 12 bits
// a position's moves before they are read (search): i32 move, i32 what it is known to give
// (kidAtOnce), then u64 its table key (open) or i32 the line entry its answer rests on and i32
// whether it went back to the line
const MOVES: usize = memory.data(400 * 16, 16);

let theta: i32 = 0;
let tBase: usize = 0;
let tMask: i32 = 0;
let gP: i32 = 0, gD: i32 = 0; // a look-up's or a search's numbers
// the shallowest line entry the answer in them rests on (a repetition went back to it; -1, before
// the root, for an answer past the engine's moves); FREE none
let gTaint: i32 = 0;
const FREE: i32 = 0x7fffffff;

export let gpnRootMove: i32 = -99; // a yes: the root's move that proved it (row-major, -1 a pass)
export let gpnExpanded: f64 = 0; // positions whose moves were generated
export let gpnRepetitions: f64 = 0; // moves back to a position on the line (void)
export let gpnTooDeep: f64 = 0; // positions past the engine's moves
export let gpnTainted: bool = false; // the root's answer rests on its line: no proof
export let gpnStored: f64 = 0;
export let gpnReplaced: f64 = 0;
/** A root split's moves (goalRootMoves): pairs of i32, the move and what it is known to give. */
export const GOAL_ROOT_OUT: usize = memory.data(MAX_KIDS * 8, 16);
const ROOT_KEYS: usize = memory.data(MAX_KIDS * 8, 16);
let rootDepth: i32 = 0; // the search's root: entry rootDepth of the line, after the moves it starts from

// ---- the table: buckets of four 16-byte entries (u64 key, i32 pn, i32 dn) ------------------------
@inline function bucketOf(k: u64): usize { return tBase + (<usize>(<i32>(k ^ (k >> 32)) & tMask & ~3) << 4); }

function look(k: u64): void {
  gTaint = FREE;
  const b = bucketOf(k);
  for (let i = 0; i < 4; i++) {
    const e = b + (<usize>i << 4);
    if (load<u64>(e) == k) {
      gP = load<i32>(e + 8); gD = load<i32>(e + 12);
      return;
    }
  }
  gP = 1; gD = 1;
}

/** Keeps numbers p, d for key k: in its own entry, else an empty one, else over the entry that
 *  cost least (an answer costs most; else the smaller numbers, the less search behind them). */
function keep(k: u64, p: i32, d: i32, taint: bool): void {
  const b = bucketOf(k);
  let at: usize = 0, worth: i32 = 0x7fffffff;
  for (let i = 0; i < 4; i++) {
    const e = b + (<usize>i << 4);
    const ek = load<u64>(e);
    if (ek == k || ek == 0) { at = e; break; }
    const ep = load<i32>(e + 8), ed = load<i32>(e + 12);
    const w = ep == 0 || ed == 0 || ep >= PN_INF || ed >= PN_INF ? 0x7ffffffe : ep + ed;
    if (w < worth) { worth = w; at = e; }
  }
  if (load<u64>(at) != k && load<u64>(at) != 0) gpnReplaced += 1;
  store<u64>(at, k);
  // (an answer resting on its line is no answer elsewhere: kept as a likely one, searched again)
  if (taint && p == 0) { p = 1; d = PN_TAINTED; }
  else if (taint && d == 0) { p = PN_TAINTED; d = 1; }
  store<i32>(at + 8, p); store<i32>(at + 12, d);
  gpnStored += 1;
}

@inline function onlineAt(k: u64): usize { return ONLINE + (<usize>(<i32>k & 4095) << 1); }

/** The line entry before `depth` at position k (own key), or -1. */
function onLine(k: u64, depth: i32): i32 {
  if (load<u16>(onlineAt(k)) == 0) return -1;
  for (let j = depth - 1; j >= 0; j--) if (load<u64>(PATH + (<usize>j << 3)) == k) return j;
  return -1;
}

let kidKey: u64 = 0; // kidAtOnce's move: its position's table key (0 where it ended play or went back)
let kidTaint: i32 = FREE; // and the line entry its answer rests on
let kidBack: bool = false; // it went back to a position on the line

/** What the move just played by c at line entry `depth` gives its mover where that is known
 *  without the table: 1 a win, -1 a loss (a final position, or a move back to the line: void, 0),
 *  0 not (kidKey its position's table key). */
@inline function kidAtOnce(c: i32, depth: i32): i32 {
  const black = c == BLACK;
  kidKey = 0; kidTaint = FREE; kidBack = false;
  if (applied == 2) return (leafValue() >= theta) == black ? 1 : -1;
  const back = onLine(keyOf(c ^ 3), depth + 1);
  if (back >= 0) { kidTaint = back; kidBack = true; return (0 >= theta) == black ? 1 : -1; }
  kidKey = tableKeyOf(c ^ 3);
  return 0;
}

/** Benson's test at the engine's position (c's move just played): 1 its mover's win, -1 his
 *  loss, 0 no verdict. */
@inline function kidByBenson(c: i32): i32 {
  const v = safeAreaOn() ? safeVerdict(theta - 1, theta) : NO_VERDICT;
  if (v == NO_VERDICT) return 0;
  return (v >= theta) == (c == BLACK) ? 1 : -1;
}

/** What move m by c at line entry `depth`, to the position with table key ck (neither an end
 *  nor a move back to the line), gives its mover by the table, else by Benson's test (the move
 *  played again for it, its answer kept): 1, -1 or 0 as kidAtOnce; gP, gD the table's numbers
 *  where it knew them, kidTaint what an answer rests on. */
function kidByTable(ck: u64, m: i32, c: i32, depth: i32): i32 {
  kidTaint = FREE;
  look(ck);
  if (gP == 0 || gD == 0) { kidTaint = gTaint; return (gP == 0) == (c == BLACK) ? 1 : -1; }
  if (gP != 1 || gD != 1 || !safeAreaOn()) return 0;
  apply(m, c, depth);
  const r = kidByBenson(c);
  undo(depth);
  // (Black makes the goal where the mover wins and is Black, or loses and is White)
  if (r != 0) { const makes = (r > 0) == (c == BLACK); keep(ck, makes ? 0 : PN_INF, makes ? PN_INF : 0, false); }
  return r;
}

/** Settles the position with table key k at line entry `depth`: Black makes the goal or not,
 *  resting on entry `taint` of the line (FREE none). An answer that rests on nothing above its
 *  own entry (a repetition of it or of a position below it) holds wherever it is met. */
function settle(k: u64, depth: i32, makes: bool, taint: i32): void {
  gP = makes ? 0 : PN_INF; gD = makes ? PN_INF : 0; gTaint = taint;
  keep(k, gP, gD, taint < depth);
}

/** The search from the engine's position (table key tk, c to move, `depth` moves from the root)
 *  until its numbers reach the thresholds or it is settled; they are left in gP, gD (gTaint). */
function search(tk: u64, c: i32, depth: i32, thP: i32, thD: i32): void {
  countNode();
  look(tk);
  if (gP >= thP || gD >= thD || gP == 0 || gD == 0) return;
  if (budgetOut(depth)) return;
  // (past the engine's moves: Black's failure, resting on the line)
  if (depth + 3 >= SOLVE_MAX_PLY || boardJournalFull() || !R.canRecord()) { gpnTooDeep += 1; settle(tk, depth, false, -1); return; }
  gpnExpanded += 1;
  const black = c == BLACK;
  const own = keyOf(c);
  store<u64>(PATH + (<usize>depth << 3), own);
  const oa = onlineAt(own);
  store<u16>(oa, load<u16>(oa) + 1);
  const base = KIDS + <usize>(depth * MAX_KIDS * KID_BYTES);
  let k = 0;
  let lossTaint = FREE; // the shallowest entry a move dropped as the mover's loss rested on
  let won = false, wonTaint = FREE;
  // The moves first, each played and taken back for its key (or what it is known to give where
  // it ends play or goes back to the line); then their buckets touched in one short loop, so
  // that their cache misses overlap; then each move read in order as before (the first that
  // wins settles; Benson's test, which needs the engine on the position, with the move played
  // again where the table does not know the position).
  let nc = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    apply(m, c, depth);
    if (applied == 0) { if (solDepthOut) { setSolOut(); break; } continue; }
    const q = MOVES + (<usize>nc << 4);
    nc++;
    const known = kidAtOnce(c, depth);
    undo(depth);
    store<i32>(q, m); store<i32>(q + 4, known);
    // (a move back to the line is counted where it is read)
    if (known == 0) store<u64>(q + 8, kidKey); else { store<i32>(q + 8, kidTaint); store<i32>(q + 12, i32(kidBack)); }
    if (known > 0) break;
  }
  if (!solOut) {
    let touch: u64 = 0;
    for (let j = 0; j < nc; j++) {
      const q = MOVES + (<usize>j << 4);
      if (load<i32>(q + 4) == 0) touch ^= load<u64>(bucketOf(load<u64>(q + 8)));
    }
    keepTouched(touch);
  }
  for (let j = 0; j < nc && !solOut; j++) {
    const q = MOVES + (<usize>j << 4);
    const m = load<i32>(q);
    let known = load<i32>(q + 4), taint = FREE, ck: u64 = 0;
    if (known != 0) {
      taint = load<i32>(q + 8);
      if (load<i32>(q + 12) != 0) gpnRepetitions += 1;
    } else {
      ck = load<u64>(q + 8);
      known = kidByTable(ck, m, c, depth);
      taint = kidTaint;
    }
    if (known > 0) { won = true; wonTaint = taint; if (depth == rootDepth) gpnRootMove = m; break; }
    if (known < 0) { lossTaint = min(lossTaint, taint); continue; }
    // (a move to the same class as one listed: the same answer)
    let dup = false;
    for (let a = 0; a < k; a++) if (load<u64>(base + <usize>(a * KID_BYTES)) == ck) { dup = true; break; }
    if (dup) continue;
    if (k >= MAX_KIDS) { setSolOut(); break; }
    const r = base + <usize>(k * KID_BYTES);
    store<u64>(r, ck); store<i32>(r + 8, m); store<i32>(r + 12, gP); store<i32>(r + 16, gD);
    k++;
  }
  if (won) settle(tk, depth, black, wonTaint);
  else if (!solOut) loop(tk, c, depth, thP, thD, base, k, lossTaint);
  store<u16>(oa, load<u16>(oa) - 1);
}

/** df-pn's loop at a position whose k open moves are listed at `base`. */
function loop(tk: u64, c: i32, depth: i32, thP: i32, thD: i32, base: usize, k: i32, lossTaint: i32): void {
  const black = c == BLACK;
  for (;;) {
    // the position's numbers from its moves' (a mover's loss already left out)
    combine(base, k, KID_BYTES, 12, black);
    const p = pnSumP, d = pnSumD, best = pnBest;
    // (every move the mover's loss)
    if (k == 0 || (black ? p : d) >= PN_INF) { settle(tk, depth, !black, lossTaint); return; }
    if (p >= thP || d >= thD) { keep(tk, p, d, false); gP = p; gD = d; gTaint = FREE; return; }
    // (the most proving move)
    const r = base + <usize>(best * KID_BYTES);
    thresholds(black, thP, thD, load<i32>(r + 12), load<i32>(r + 16), 3);
    const m = load<i32>(r + 8);
    apply(m, c, depth);
    search(load<u64>(r), c ^ 3, depth + 1, pnThP, pnThD);
    undo(depth);
    if (solOut) return;
    if (gP == 0 || gD == 0) {
      if ((gP == 0) == black) { if (depth == rootDepth) gpnRootMove = m; settle(tk, depth, black, gTaint); return; }
      // (the mover's loss: the move left out)
      lossTaint = min(lossTaint, gTaint);
      memory.copy(r, r + <usize>KID_BYTES, <usize>((k - 1 - best) * KID_BYTES));
      k--;
      continue;
    }
    store<i32>(r + 12, gP); store<i32>(r + 16, gD);
  }
}

/** Whether Black makes at least `goal` (twice the margin) from the engine's position after the
 *  first `fromLen` moves of GOAL_FROM (Black first, then by turns; `keepTable`: the table as the
 *  last search left it, and left so): 1, 0, or -1 (the budget ran
 *  out, or the answer rests on the engine's depth: gpnTainted), or -2 where a move of them is
 *  refused or ends play (solve.ts fromRefused). The positions those moves pass through are on the
 *  line: a move back to one is void, as in the game (an answer resting on one holds for this
 *  history, which is the question asked). */
export function solveGoalPn(goal: i32, fromLen: i32, keepTable: bool): i32 {
  theta = goal;
  if (KIDS == 0) { KIDS = grow(<usize>(SOLVE_MAX_PLY * MAX_KIDS * KID_BYTES)); if (KIDS == 0) { setSolOut(); return -1; } }
  // (the parts of a split one after another keep the table: an answer that rests on no position
  // of its line holds on every line, theirs too)
  tBase = tableBase(!keepTable); tMask = tableEntries() - 1;
  gpnRootMove = -99; gpnExpanded = 0; gpnRepetitions = 0; gpnTooDeep = 0; gpnTainted = false; gpnStored = 0; gpnReplaced = 0;
  const played = playFrom(fromLen, PATH, ONLINE);
  rootDepth = played;
  const c = played % 2 == 0 ? BLACK : BLACK ^ 3;
  const refused = fromRefused >= 0;
  if (!refused) search(tableKeyOf(c), c, played, PN_INF, PN_INF);
  unplayFrom(played, PATH, ONLINE);
  rootDepth = 0;
  if (!keepTable) tableCleared();
  if (refused) return -2;
  if (solOut) return -1;
  // (an answer resting on a position of the moves it starts from holds: that history is given)
  gpnTainted = gTaint < 0;
  if (gpnTainted) return -1;
  return gP == 0 ? 1 : 0;
}

/** The moves of the position after the first `fromLen` moves of GOAL_FROM, one a class under
 *  the board's symmetries (a root split: each its own search), into GOAL_ROOT_OUT as pairs (the
 *  move, what it gives the mover for "Black makes at least `goal`" where that is known at once:
 *  1 a win, -1 a loss, 0 open: a final position, a move back to the line, Benson's test). The
 *  number of pairs, or -2 where a move of GOAL_FROM is refused (solve.ts fromRefused). */
export function goalRootMoves(goal: i32, fromLen: i32): i32 {
  theta = goal;
  const played = playFrom(fromLen, PATH, ONLINE);
  if (fromRefused >= 0) { unplayFrom(played, PATH, ONLINE); return -2; }
  const c = played % 2 == 0 ? BLACK : BLACK ^ 3;
  store<u64>(PATH + (<usize>played << 3), keyOf(c));
  let k = 0;
  for (let i = 0; i < nPoints + 3 && k < MAX_KIDS; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    apply(m, c, played);
    if (applied == 0) continue;
    let known = kidAtOnce(c, played);
    const ck = kidKey;
    if (kidBack) gpnRepetitions += 1;
    if (known == 0) known = kidByBenson(c);
    undo(played);
    // (a move to the same class as one listed: the same answer)
    let dup = false;
    if (known == 0) for (let a = 0; a < k; a++) if (load<u64>(ROOT_KEYS + (<usize>a << 3)) == ck && load<i32>(GOAL_ROOT_OUT + (<usize>a << 3) + 4) == 0) { dup = true; break; }
    if (dup) continue;
    store<u64>(ROOT_KEYS + (<usize>k << 3), ck);
    store<i32>(GOAL_ROOT_OUT + (<usize>k << 3), m); store<i32>(GOAL_ROOT_OUT + (<usize>k << 3) + 4, known);
    k++;
  }
  unplayFrom(played, PATH, ONLINE);
  return k;
}
