// The Grand Rules' suspended positions (grand 4.4: two passes suspend play; either player may
// resume, and the history starts again from the suspended board). Solving by phases
// (grand.ts) makes each suspension a leaf of a phase's search: what it is worth is read here,
// one bit per goal and side, kept per class of (board, player to move) under the symmetries.
// docs/solve.md, "The Grand Rules by their phases", says why that is sound.

import { BLACK } from "./codes";
import { COLOR, pointOf, width, height } from "./board";
import { mix64 } from "./prng";

/** Room for a board's points (the solver takes at most 36). */
export const BOARD_BYTES: i32 = 48;

let cap: i32 = 0; // states the room holds
let base: usize = 0; // per state: u64 key, u64 Black's bits, u64 White's bits, u8 player to move, the board
let index: usize = 0; // open addressing, 2 * cap slots of i32 (state + 1; 0 empty)
let indexMask: i32 = 0;
const STATE_BYTES: i32 = 8 + 8 + 8 + 8 + BOARD_BYTES;
export let suspCount: i32 = 0;
export let suspFull: bool = false;

/** The thresholds: "the count at the end is at least lowest + 2i" (the counts a board can give
 *  lie on that lattice: twice the margin moves by 2), i = 0 .. thresholds - 1. */
let lowest: i32 = 0;
let thresholds: i32 = 0;

/** Room for `n` suspensions (kept for later solves when large enough); false when memory cannot
 *  grow so far. `low`: the least count a board can give; `count`: the thresholds (at most 64). */
export function suspReset(n: i32, low: i32, count: i32): bool {
  if (count > 64 || n < 16 || width * height > BOARD_BYTES) return false;
  if (cap < n) {
    let slots = 1;
    while (slots < 2 * n) slots <<= 1;
    const bytes = <usize>n * STATE_BYTES + (<usize>slots << 2);
    const pages = <i32>((bytes + 65535) >> 16);
    const before = memory.grow(pages);
    if (before < 0) return false;
    base = <usize>before << 16;
    index = base + <usize>n * STATE_BYTES;
    cap = n; indexMask = slots - 1;
  }
  memory.fill(index, 0, <usize>(indexMask + 1) << 2);
  suspCount = 0; suspFull = false; seqNext = 0; seqLost = false;
  lowest = low; thresholds = count;
  return true;
}

@inline function stateAt(s: i32): usize { return base + <usize>s * STATE_BYTES; }

/** The state of `key`, -1 if none. */
export function suspFind(key: u64): i32 {
  let i = <i32>(key ^ (key >> 31)) & indexMask;
  while (true) {
    const v = load<i32>(index + (<usize>i << 2));
    if (v == 0) return -1;
    if (load<u64>(stateAt(v - 1)) == key) return v - 1;
    i = (i + 1) & indexMask;
  }
  return -1;
}

/** Adds `key` (a class of suspended positions, `toMove` to resume or pass) with the board
 *  `colours` (row-major u8, `n` points); -1 when the room is full (suspFull). */
export function suspAdd(key: u64, toMove: i32, colours: usize, n: i32): i32 {
  if (suspCount >= cap) { suspFull = true; return -1; }
  const s = suspCount++;
  const a = stateAt(s);
  store<u64>(a, key); store<u64>(a + 8, 0); store<u64>(a + 16, 0); store<u8>(a + 24, <u8>toMove);
  memory.copy(a + 32, colours, <usize>n);
  let i = <i32>(key ^ (key >> 31)) & indexMask;
  while (load<i32>(index + (<usize>i << 2)) != 0) i = (i + 1) & indexMask;
  store<i32>(index + (<usize>i << 2), s + 1);
  return s;
}

// per threshold and side: the suspensions known when its fixed point was last taken (-1 never),
// and whether a search read it since it was not closed over all those known (grand.ts reruns it)
const DONE_AT: usize = memory.data(2 * 64 * 4, 16);
const NEEDED: usize = memory.data(2 * 64, 16);
@inline function doneSlot(i: i32, side: i32): usize { return DONE_AT + (<usize>((side == BLACK ? 0 : 64) + i) << 2); }
export function suspClosed(i: i32, side: i32): bool { return load<i32>(doneSlot(i, side)) == suspCount; }
export function suspMarkClosed(i: i32, side: i32): void {
  store<i32>(doneSlot(i, side), suspCount);
  store<u8>(NEEDED + <usize>((side == BLACK ? 0 : 64) + i), 0);
}
export function suspMarkNeeded(i: i32, side: i32): void { store<u8>(NEEDED + <usize>((side == BLACK ? 0 : 64) + i), 1); }
export function suspNeeded(i: i32, side: i32): bool { return load<u8>(NEEDED + <usize>((side == BLACK ? 0 : 64) + i)) != 0; }
/** Every fixed point marked as never taken. */
export function suspOpen(): void { memory.fill(DONE_AT, 0xff, 2 * 64 * 4); memory.fill(NEEDED, 0, 2 * 64); }

export function suspToMove(s: i32): i32 { return <i32>load<u8>(stateAt(s) + 24); }
export function suspBoard(s: i32): usize { return stateAt(s) + 32; }

/** The threshold whose goal is "at least t" (clamped: below the least, every end meets it;
 *  above the most, none). */
export function thresholdOf(t: i32): i32 {
  const d = t - lowest;
  const i = d <= 0 ? 0 : (d + 1) >> 1;
  return min(i, thresholds - 1);
}
export function thresholdValue(i: i32): i32 { return lowest + 2 * i; }
export function thresholdCount(): i32 { return thresholds; }

/** Whether state s is the goal-seeker's at threshold i: `side` BLACK, Black forces an end of at
 *  least the threshold; else White forces one below it. */
export function suspWins(s: i32, i: i32, side: i32): bool {
  return (load<u64>(stateAt(s) + (side == BLACK ? 8 : 16)) >> <u64>i & 1) != 0;
}
export function suspSetWin(s: i32, i: i32, side: i32): void {
  const a = stateAt(s) + (side == BLACK ? 8 : 16);
  store<u64>(a, load<u64>(a) | (<u64>1 << <u64>i));
  // (when it joined: a strategy of the side from here ends at suspensions that joined before)
  if (s >= seqCap && !seqRoom(s + 1)) { seqLost = true; return; }
  store<u32>(seqAt(s, i, side), ++seqNext);
}

/** Seeds the side's fixed point at threshold i with the states of its fixed points at harder
 *  goals (Black's above i, White's below): each joined one of those by a strategy that meets
 *  this goal too, so each is in this one (the least fixed point grows with an easier goal). Each
 *  keeps the earliest of its joins as its own: the strategy that joined it there ends at states
 *  that joined that one before it, so before it here too. */
export function suspSeed(i: i32, side: i32): void {
  const from = side == BLACK ? i + 1 : 0, to = side == BLACK ? thresholds : i;
  if (from >= to) return;
  for (let s = 0; s < suspCount; s++) {
    if (suspWins(s, i, side)) continue;
    let first = u32.MAX_VALUE;
    let any = false;
    for (let j = from; j < to; j++)
      if (suspWins(s, j, side)) { any = true; first = min(first, suspJoinedAt(s, j, side)); }
    if (!any) continue;
    const a = stateAt(s) + (side == BLACK ? 8 : 16);
    store<u64>(a, load<u64>(a) | (<u64>1 << <u64>i));
    // (the room: s joined a harder goal's, so it is there; where the order is lost, none is kept)
    if (!seqLost) store<u32>(seqAt(s, i, side), first);
  }
}

/** Whether state s is the other side's at a goal that excludes the side's at threshold i (for
 *  Black's "at least i", White's "below j" with j at most i; for White's, Black's "at least j"
 *  with j at least i): one strategy's ends would lie on both sides of the goal. */
export function suspOtherWins(s: i32, i: i32, side: i32): bool {
  const a = stateAt(s);
  return side == BLACK ? (load<u64>(a + 16) & ((<u64>2 << <u64>i) - 1)) != 0 : (load<u64>(a + 8) >> <u64>i) != 0;
}

/** The nearest easier goal's fixed point than threshold i's (Black's below i, White's above)
 *  that is closed over every state known, -1 none: a state outside it is outside i's too. */
export function suspEasierClosed(i: i32, side: i32): i32 {
  if (side == BLACK) { for (let j = i - 1; j >= 0; j--) if (suspClosed(j, side)) return j; }
  else for (let j = i + 1; j < thresholds; j++) if (suspClosed(j, side)) return j;
  return -1;
}

/** A digest of every state's fixed-point bits, both sides, whatever order the states were met
 *  in (a check that two ways of taking the fixed points agree state by state). */
export function suspDigest(): u64 {
  let h: u64 = 0;
  for (let s = 0; s < suspCount; s++) {
    const a = stateAt(s);
    h += mix64(load<u64>(a) ^ mix64(load<u64>(a + 8) ^ mix64(load<u64>(a + 16))));
  }
  return h;
}

// per state, threshold and side: when the state joined the side's fixed point (a count over the
// solve; what the state's strategy counted on joined before it). Grown as states join.
let seqBase: usize = 0;
let seqCap: i32 = 0;
let seqNext: u32 = 0;
/** A join not kept for want of memory: the order is lost (suspJoinedAt says none). */
export let seqLost: bool = false;
@inline function seqAt(s: i32, i: i32, side: i32): usize {
  return seqBase + (<usize>((s * 64 + i) * 2 + (side == BLACK ? 0 : 1)) << 2);
}
function seqRoom(n: i32): bool {
  const want = max(1024, 2 * n);
  const pages = <i32>((<usize>want * 512 + 65535) >> 16);
  const before = memory.grow(pages);
  if (before < 0) return false;
  const fresh = <usize>before << 16;
  if (seqCap > 0) memory.copy(fresh, seqBase, <usize>seqCap * 512);
  seqBase = fresh; seqCap = want;
  return true;
}
/** When state s joined the side's fixed point at threshold i (u32.MAX_VALUE: not kept). */
export function suspJoinedAt(s: i32, i: i32, side: i32): u32 {
  return seqLost || !suspWins(s, i, side) ? u32.MAX_VALUE : load<u32>(seqAt(s, i, side));
}

// ---- the board graph: each side's stone plays, no repetition rule (boards of at most 12 points) --
// A phase's search is cut short where a side's pass alone settles it: the goal-seeker loses
// where the other side may pass to the end of the phase and no board the goal-seeker can make
// with stones alone suspends play at a state of his; he wins where he may pass to the end and
// every board the other side can make suspends play at a state of his. Each board's answer for
// the current set is read from the graph, whose moves are a superset of the superko's.
export const GRAPH_MAX_POINTS: i32 = 12;
let gBoards: i32 = 0; // 3^points (0: no graph)
let gPoints: i32 = 0;
let gSucc: usize = 0; // i32 per side, board and point: the board after the play, -1 none
let gKey: usize = 0; // u64 per board and side to move: the class key (suspFind); 0 an impossible board
let gFlags: usize = 0; // u8 per board: the bits below, for the current set
const F_REACH: u8 = 1; // the goal-seeker reaches, with stones alone, a board whose suspension (the other to move) is his
const F_ALL: u8 = 2; // every board the other side makes, this one too, suspends at a state of his (he to move)
const F_IN_X: u8 = 4; // (board, the goal-seeker to move) is his
const F_IN_O: u8 = 8; // (board, the other to move) is his
let staticOn: bool = false;
let staticSide: i32 = 0;

/** Room for the board graph of `points` points (3^points boards); false where there is none. */
export function graphReset(points: i32): bool {
  gBoards = 0; staticOn = false;
  if (points > GRAPH_MAX_POINTS) return false;
  let n = 1;
  for (let i = 0; i < points; i++) n *= 3;
  const bytes = <usize>n * (<usize>points * 8 + 16 + 1);
  const before = memory.grow(<i32>((bytes + 65535) >> 16));
  if (before < 0) return false;
  gSucc = <usize>before << 16;
  gKey = gSucc + <usize>n * <usize>points * 8;
  gFlags = gKey + <usize>n * 16;
  gBoards = n; gPoints = points;
  return true;
}
export function graphBoards(): i32 { return gBoards; }
export function graphSetSucc(side: i32, b: i32, p: i32, to: i32): void {
  store<i32>(gSucc + ((<usize>(side - 1) * <usize>gBoards + <usize>b) * <usize>gPoints + <usize>p) * 4, to);
}
@inline function succ(side: i32, b: i32, p: i32): i32 {
  return load<i32>(gSucc + ((<usize>(side - 1) * <usize>gBoards + <usize>b) * <usize>gPoints + <usize>p) * 4);
}
export function graphSetKey(b: i32, toMove: i32, key: u64): void { store<u64>(gKey + (<usize>b << 4) + <usize>(toMove - 1) * 8, key); }
@inline function keyAt(b: i32, toMove: i32): u64 { return load<u64>(gKey + (<usize>b << 4) + <usize>(toMove - 1) * 8); }

@inline function member(b: i32, toMove: i32, i: i32, side: i32): bool {
  const k = keyAt(b, toMove);
  if (k == 0) return false;
  const s = suspFind(k);
  return s >= 0 && suspWins(s, i, side);
}

/** The graph's answers for threshold i and the goal-seeker `side`, from the set as it is now
 *  (a set that grows later only makes them cautious). Off where there is no graph. */
export function staticFor(i: i32, side: i32): void {
  staticOn = gBoards > 0; staticSide = side;
  if (!staticOn) return;
  const o = side ^ 3;
  for (let b = 0; b < gBoards; b++) {
    let f: u8 = 0;
    if (keyAt(b, side) != 0) {
      if (member(b, side, i, side)) f |= F_IN_X | F_ALL;
      if (member(b, o, i, side)) f |= F_IN_O | F_REACH;
    }
    store<u8>(gFlags + <usize>b, f);
  }
  // F_REACH: the least fixed point over the goal-seeker's plays; F_ALL: the greatest over the other's
  for (let changed = true; changed; ) {
    changed = false;
    for (let b = 0; b < gBoards; b++) {
      const f = load<u8>(gFlags + <usize>b);
      if (keyAt(b, side) == 0) continue;
      let nf = f;
      for (let p = 0; p < gPoints; p++) {
        if ((nf & F_REACH) == 0) { const t = succ(side, b, p); if (t >= 0 && (load<u8>(gFlags + <usize>t) & F_REACH) != 0) nf |= F_REACH; }
        if ((nf & F_ALL) != 0) { const t = succ(o, b, p); if (t >= 0 && (load<u8>(gFlags + <usize>t) & F_ALL) == 0) nf &= ~F_ALL; }
      }
      if (nf != f) { store<u8>(gFlags + <usize>b, nf); changed = true; }
    }
  }
}
export function staticOff(): void { staticOn = false; }

/** The board's index in the graph (colours in base 3, row-major). */
export function boardIndexNow(): i32 {
  let b = 0;
  for (let i = gPoints - 1; i >= 0; i--) b = b * 3 + <i32>load<u8>(COLOR + <usize>pointOf(i % width, i / width));
  return b;
}

/** Within a phase (after a resumption), `toMove` to play, `lastPass` whether the move before was a
 *  pass: 1 the goal-seeker wins by passing to the end of the phase, -1 he loses to the other's
 *  passes, 0 neither is shown. */
export function staticVerdict(toMove: i32, lastPass: bool): i32 {
  if (!staticOn) return 0;
  const f = load<u8>(gFlags + <usize>boardIndexNow());
  const x = staticSide;
  // the goal-seeker passes: at once a suspension after the other's pass, else every board the
  // other then makes with stones suspends with him to move
  const wins = toMove == x ? (lastPass ? (f & F_IN_O) != 0 : (f & F_ALL) != 0)
    : (f & F_ALL) != 0 && (lastPass || (f & F_IN_O) != 0);
  if (wins) return 1;
  // the other passes: after the goal-seeker's pass a suspension at once, he to move; else the
  // goal-seeker's boards made with stones, and (the first pass his) this board with him to move
  const loses = toMove == x ? (f & F_REACH) == 0 && (lastPass || (f & F_IN_X) == 0)
    : (lastPass ? (f & F_IN_X) == 0 : (f & F_REACH) == 0);
  return loses ? -1 : 0;
}
