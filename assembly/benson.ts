// Benson's unconditional life on the current board: the strings of one colour that no sequence
// of the opponent's moves can capture, even if their owner always passes (D. B. Benson, "Life in
// the game of Go", 1976). The prover asks it after each of the defender's moves: a target that
// is alive this way ends the question at once (the attacker can never capture it).
//
// Regions are the maximal connected sets of points not of the colour; a region is vital to a
// string when every empty point of the region is its liberty. A string stays alive while two of
// its vital regions stay healthy; a region stays healthy while every string around it is alive.
// The argument needs the opponent's stone on a healthy region's last empty point to be refused
// as suicide. Where the rules allow suicide, that stone's string is removed instead, and the
// points it empties must be liberties too: then a region is vital only when *every* point of it,
// empty or the opponent's, touches the string (`allPoints`). Every empty point of such a region
// is a liberty whatever the opponent plays or removes, so the argument holds again.
//
// Only what can decide the targets is looked at: the targets' strings, the regions around them
// that can be vital to some string (a flood stops at the first empty point that touches no
// stone of the colour: such a region is vital to none, the open board outside a wall included),
// and, transitively, the strings around those regions. Fixed buffers, no allocation: it runs
// inside the search's inner loop.
import { MAXP, BORDER, colorAt, chainOf, nextOf, pitch, width, height, pointOf, BB_STONES, BB_ONBOARD } from "./board";

const MARK = memory.data(MAXP * 4, 16); // i32 per point: stamp + region (a flood's points)
const SMARK = memory.data(MAXP * 4, 16); // i32 per representative: stamp when queued
const STACK = memory.data(MAXP * 2, 16); // u16 a region's points while it is flooded
const STRINGS = memory.data(MAXP * 2, 16); // u16 the strings looked at (representatives)
const PAIR_REGION = memory.data(MAXP * 4 * 4, 16); // i32 (region, string) pairs of the closed regions
const PAIR_STRING = memory.data(MAXP * 4 * 4, 16); // i32 the string's representative
const PAIR_TOUCH = memory.data(MAXP * 4 * 4, 16); // i32 the region's empty points that touch the string
const PAIR_OF = memory.data(MAXP * 4, 16); // i32 pair index of a representative, within the current region
const PSTAMP = memory.data(MAXP * 4, 16); // i32 per representative: the region it was paired with last
const REGION_EMPTY = memory.data(MAXP * 4, 16); // i32 empty points per region
const REGION_START = memory.data(MAXP * 4, 16); // i32 a point of each region (where its flood began)
const HEALTHY = memory.data(MAXP, 16); // u8 per region
const ALIVE = memory.data(MAXP, 16); // u8 per representative
const VITAL = memory.data(MAXP * 4, 16); // i32 healthy vital regions per representative
export const BENSON_IN = memory.data(19 * 19 * 2, 16); // u16 row-major target points
// a search's points known open for as long as it runs (bensonFixOpen), by mailbox point
const FIXED_OPEN = memory.data(MAXP, 16);

@inline function geti(base: usize, i: i32): i32 { return load<i32>(base + (<usize>i << 2)); }
@inline function seti(base: usize, i: i32, v: i32): void { store<i32>(base + (<usize>i << 2), v); }
@inline function neighbour(p: i32, d: i32): i32 { return d == 0 ? p - 1 : d == 1 ? p + 1 : d == 2 ? p - pitch : p + pitch; }

let pairs: i32 = 0;
let regions: i32 = 0;
let nStrings: i32 = 0;
/** marks of earlier calls are below this (no clearing between calls) */
let stamp: i32 = 0;
/** MARK of a point in an open region (vital to no string) */
const OPEN: i32 = MAXP;
/** one per flood, for PSTAMP (a flood that stops leaves its region number to the next) */
let floodId: i32 = 0;

function queueString(r: i32): void {
  if (geti(SMARK, r) == stamp) return;
  seti(SMARK, r, stamp);
  store<u16>(STRINGS + (<usize>(nStrings++) << 1), <u16>r);
}

/** Floods the region of `start` (not of colour c). An open region (an empty point touching no
 *  c stone) is only marked; a closed one gets its pairs, and its strings are queued. */
function flood(start: i32, c: i32, fixed: bool, allPoints: bool): void {
  const k = regions;
  const firstPair = pairs;
  if (++floodId > 0x3fffffff) {
    memory.fill(PSTAMP, 0, <usize>MAXP * 4);
    floodId = 1;
  }
  let empties = 0;
  let open = false;
  store<u16>(STACK, <u16>start);
  let top = 1;
  seti(MARK, start, stamp + k);
  while (top > 0) {
    const p = <i32>load<u16>(STACK + (<usize>(--top) << 1));
    if (fixed && load<u8>(FIXED_OPEN + <usize>p) != 0) {
      pairs = firstPair;
      relabelOpen(start, k);
      return;
    }
    // (a point that must be a liberty now or later: an empty one, or with allPoints any)
    const empty = allPoints || colorAt(p) == 0;
    if (empty) empties++;
    let touches = false;
    let seen0 = -1, seen1 = -1, seen2 = -1;
    for (let d = 0; d < 4; d++) {
      const q = neighbour(p, d);
      const cq = colorAt(q);
      if (cq == BORDER) continue;
      if (cq == c) {
        touches = true;
        if (open) continue;
        const r = chainOf(q);
        if (geti(PSTAMP, r) != floodId) {
          seti(PSTAMP, r, floodId);
          seti(PAIR_OF, r, pairs);
          seti(PAIR_REGION, pairs, k);
          seti(PAIR_STRING, pairs, r);
          seti(PAIR_TOUCH, pairs, 0);
          pairs++;
        }
        if (empty && r != seen0 && r != seen1 && r != seen2) {
          const i = geti(PAIR_OF, r);
          seti(PAIR_TOUCH, i, geti(PAIR_TOUCH, i) + 1);
          if (seen0 < 0) seen0 = r; else if (seen1 < 0) seen1 = r; else seen2 = r;
        }
      } else {
        const m = geti(MARK, q) - stamp;
        if (m == OPEN) open = true; // (a part of an open region found before)
        else if (m < 0 || m > OPEN) {
          seti(MARK, q, stamp + k);
          store<u16>(STACK + (<usize>(top++) << 1), <u16>q);
        }
      }
    }
    if (empty && !touches) open = true;
    if (open) {
      // vital to no string: mark what was reached and stop (the rest is never vital either)
      pairs = firstPair;
      relabelOpen(start, k);
      return;
    }
  }
  seti(REGION_EMPTY, k, empties);
  seti(REGION_START, k, start);
  regions++;
  for (let i = firstPair; i < pairs; i++) queueString(geti(PAIR_STRING, i));
}

/** Marks the points of region k found so far as open. */
function relabelOpen(start: i32, k: i32): void {
  // the flood's points still marked stamp + k: walk them again from the start
  store<u16>(STACK, <u16>start);
  let top = 1;
  seti(MARK, start, stamp + OPEN);
  while (top > 0) {
    const p = <i32>load<u16>(STACK + (<usize>(--top) << 1));
    for (let d = 0; d < 4; d++) {
      const q = neighbour(p, d);
      if (geti(MARK, q) == stamp + k) {
        seti(MARK, q, stamp + OPEN);
        store<u16>(STACK + (<usize>(top++) << 1), <u16>q);
      }
    }
  }
}

/**
 * For a search that plays only on the points where `flags` has `bit` (its region): the points
 * outside it that stay in an open region for colour c whatever is played, so that a flood
 * stops there at once instead of walking the wall to the open board (on gop/14140 the test's
 * share of a profile went from 1.78 s to 1.29 s of about 9 s). Outside, no stone is ever added and a capture only empties points, so an empty
 * point outside with no c stone and no region point next to it touches no c stone for ever,
 * and a path of outside points without c stones keeps none.
 */
export function bensonFixOpen(flags: usize, bit: u8, c: i32): void {
  memory.fill(FIXED_OPEN, 0, <usize>MAXP);
  let top = 0;
  for (let p = 0; p < MAXP; p++) {
    if (colorAt(p) != 0 || (load<u8>(flags + <usize>p) & bit) != 0) continue;
    let seed = true;
    for (let d = 0; d < 4; d++) {
      const q = neighbour(p, d);
      const cq = colorAt(q);
      if (cq == BORDER) continue;
      if (cq == c || (load<u8>(flags + <usize>q) & bit) != 0) { seed = false; break; }
    }
    if (!seed) continue;
    store<u8>(FIXED_OPEN + <usize>p, 1);
    store<u16>(STACK + (<usize>(top++) << 1), <u16>p);
  }
  while (top > 0) {
    const p = <i32>load<u16>(STACK + (<usize>(--top) << 1));
    for (let d = 0; d < 4; d++) {
      const q = neighbour(p, d);
      const cq = colorAt(q);
      if (cq == BORDER || cq == c || (load<u8>(flags + <usize>q) & bit) != 0) continue;
      if (load<u8>(FIXED_OPEN + <usize>q) != 0) continue;
      store<u8>(FIXED_OPEN + <usize>q, 1);
      store<u16>(STACK + (<usize>(top++) << 1), <u16>q);
    }
  }
}

/**
 * How many of the n targets (row-major points in BENSON_IN) are stones of colour c in strings
 * that are unconditionally alive.
 */
export function bensonTargets(c: i32, n: i32, allPoints: bool): i32 { return bensonAlive(c, n, false, allPoints); }

/** bensonTargets, where `fixed` says the points of bensonFixOpen are open (only for the search
 *  that set them); `allPoints` where the rules allow suicide (see the top of this file). */
export function bensonAlive(c: i32, n: i32, fixed: bool, allPoints: bool): i32 {
  // a fresh range of marks: regions stamp .. stamp + MAXP - 1, open stamp + MAXP
  stamp += 2 * MAXP + 2;
  if (stamp > 0x3fffffff) {
    memory.fill(MARK, 0, <usize>MAXP * 4);
    memory.fill(SMARK, 0, <usize>MAXP * 4);
    stamp = 2 * MAXP + 2;
  }
  pairs = 0;
  regions = 0;
  nStrings = 0;
  for (let i = 0; i < n; i++) {
    const t = <i32>load<u16>(BENSON_IN + (<usize>i << 1));
    const p = pointOf(t % width, t / width);
    if (colorAt(p) == c) queueString(chainOf(p));
  }
  if (nStrings == 0) return 0;
  // the strings' regions, and the strings around the closed ones, until none is new
  for (let s = 0; s < nStrings; s++) {
    const r = <i32>load<u16>(STRINGS + (<usize>s << 1));
    let p = r;
    do {
      for (let d = 0; d < 4; d++) {
        const q = neighbour(p, d);
        const cq = colorAt(q);
        if (cq == BORDER || cq == c) continue;
        const m = geti(MARK, q) - stamp;
        if (m < 0 || m > OPEN) flood(q, c, fixed, allPoints);
      }
      p = nextOf(p);
    } while (p != r);
  }
  for (let s = 0; s < nStrings; s++) store<u8>(ALIVE + <usize>load<u16>(STRINGS + (<usize>s << 1)), 1);
  for (let k = 0; k < regions; k++) store<u8>(HEALTHY + <usize>k, 1);
  let changed = true;
  while (changed) {
    changed = false;
    for (let s = 0; s < nStrings; s++) seti(VITAL, <i32>load<u16>(STRINGS + (<usize>s << 1)), 0);
    for (let i = 0; i < pairs; i++) {
      const k = geti(PAIR_REGION, i);
      if (load<u8>(HEALTHY + <usize>k) == 0 || geti(PAIR_TOUCH, i) != geti(REGION_EMPTY, k)) continue;
      const r = geti(PAIR_STRING, i);
      seti(VITAL, r, geti(VITAL, r) + 1);
    }
    for (let s = 0; s < nStrings; s++) {
      const r = <i32>load<u16>(STRINGS + (<usize>s << 1));
      if (load<u8>(ALIVE + <usize>r) != 0 && geti(VITAL, r) < 2) { store<u8>(ALIVE + <usize>r, 0); changed = true; }
    }
    for (let i = 0; i < pairs; i++) {
      const k = geti(PAIR_REGION, i);
      if (load<u8>(HEALTHY + <usize>k) != 0 && load<u8>(ALIVE + <usize>geti(PAIR_STRING, i)) == 0) {
        store<u8>(HEALTHY + <usize>k, 0);
        changed = true;
      }
    }
  }
  let alive = 0;
  for (let i = 0; i < n; i++) {
    const t = <i32>load<u16>(BENSON_IN + (<usize>i << 1));
    const p = pointOf(t % width, t / width);
    if (colorAt(p) == c && load<u8>(ALIVE + <usize>chainOf(p)) != 0) alive++;
  }
  return alive;
}

/**
 * After bensonTargets: 0 when the string through `p` is not unconditionally alive, else how many
 * of its healthy vital regions lie where `flags` (a byte per point) has `bit` set. Each of them
 * keeps one of its liberties for ever: the attacker's stone on a healthy region's last empty
 * point would capture nothing (every string around it has another such region) and be suicide
 * (refused, or its string removed, emptying points that are liberties too).
 */
export function bensonVitalIn(p: i32, flags: usize, bit: u8): i32 {
  const r = chainOf(p);
  if (geti(SMARK, r) != stamp || load<u8>(ALIVE + <usize>r) == 0) return 0;
  let n = 0;
  for (let i = 0; i < pairs; i++) {
    if (geti(PAIR_STRING, i) != r) continue;
    const k = geti(PAIR_REGION, i);
    if (load<u8>(HEALTHY + <usize>k) == 0 || geti(PAIR_TOUCH, i) != geti(REGION_EMPTY, k)) continue;
    if ((load<u8>(flags + <usize>geti(REGION_START, k)) & bit) != 0) n++;
  }
  return n;
}

const SAFE_REGION = memory.data(MAXP, 16); // u8 per region: what bensonArea found of it
const REGION_INSIDE = memory.data(MAXP * 4, 16); // i32 per region: its first point that touches no alive string
/** The last bensonArea's count for a bound (bensonBoundArea). */
let bensonBound: i32 = 0;
/** What the last bensonArea counted for a bound, not a leaf: its area and the regions with two
 *  points next to each other that touch no alive string (see bensonArea). */
export function bensonBoundArea(): i32 { return bensonBound; }

/**
 * The points colour c keeps whatever is played, where the count is of area with every stone on
 * the board alive (the solver's leaves): the stones of its unconditionally alive strings and
 * every point of each region (a maximal connected set of points not c's) whose strings around
 * it are all alive, whose empty points each touch one of them, and of whose points at most one
 * (none where suicide is allowed) touches none: the inside point. c answers the opponent there
 * by filling a liberty that touches an alive string or a stone joined to one (such a stone is
 * never captured, and a point that touches one never becomes an eye), so the opponent has one
 * eye at most, the inside point; where its strings have no other liberty, c plays there and
 * captures, and the points it empties touch alive strings, so c's next stone there joins that
 * stone to them. Every two of c's moves add a stone that stays, so no position comes back, and
 * c passes only when the opponent has no stone there. (Benson's vital region, every empty point
 * a liberty of one string, is not enough: the opponent's stones inside it that touch none,
 * captured, can leave an inside of many points out of reach of every c stone.) Targets: every
 * c stone (this function puts them in BENSON_IN itself).
 *
 * For a bound, where play that never ends counts as a void (bensonBoundArea), a region with two
 * inside points next to each other counts too (not where suicide is allowed): the opponent has
 * one eye there at most, of one point or two, so while it has stones there c has a move there
 * (a fill, a capture, or a stone thrown in with the other inside point its liberty) and never
 * passes; a game that ends leaves the region c's, one that does not is void. The leaf needs
 * play to end, which throw-ins and recaptures in two points are not shown to allow.
 */
export function bensonArea(c: i32, allPoints: bool): i32 {
  if (fitsWord()) return bensonAreaWord(c, allPoints);
  let n = 0;
  const w = width, h = height;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (colorAt(pointOf(x, y)) == c) store<u16>(BENSON_IN + (<usize>(n++) << 1), <u16>(y * w + x));
    }
  }
  bensonBound = 0;
  if (n == 0 || bensonAlive(c, n, false, allPoints) == 0) return 0;
  // (SAFE_REGION: 0 not safe, 1 healthy with no inside point so far, 2 with one (at
  // REGION_INSIDE), 3 with two next to each other: the bound's alone)
  for (let k = 0; k < regions; k++) store<u8>(SAFE_REGION + <usize>k, load<u8>(HEALTHY + <usize>k));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = pointOf(x, y);
      if (colorAt(p) == c) continue;
      const m = geti(MARK, p) - stamp;
      if (m < 0 || m >= regions || touchesAlive(p, c)) continue;
      const inside = load<u8>(SAFE_REGION + <usize>m);
      let next: u8 = 0;
      if (allPoints || inside == 0) next = 0;
      else if (inside == 1) { next = 2; seti(REGION_INSIDE, m, p); }
      else if (inside == 2) {
        const q = geti(REGION_INSIDE, m);
        next = q == p - 1 || q == p + 1 || q == p - pitch || q == p + pitch ? 3 : 0;
      }
      store<u8>(SAFE_REGION + <usize>m, next);
    }
  }
  let area = 0, bound = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = pointOf(x, y);
      if (colorAt(p) == c) { if (load<u8>(ALIVE + <usize>chainOf(p)) != 0) { area++; bound++; } continue; }
      const m = geti(MARK, p) - stamp;
      if (m < 0 || m >= regions) continue;
      const safe = load<u8>(SAFE_REGION + <usize>m);
      if (safe != 0) bound++;
      if (safe == 1 || safe == 2) area++;
    }
  }
  bensonBound = bound;
  return area;
}

/** Whether point p touches a stone of colour c in a string bensonAlive found alive. */
function touchesAlive(p: i32, c: i32): bool {
  for (let d = 0; d < 4; d++) {
    const q = neighbour(p, d);
    if (colorAt(q) == c && load<u8>(ALIVE + <usize>chainOf(q)) != 0) return true;
  }
  return false;
}

// ---- in one word of bitboard (every point below bit 64: boards up to 7x7, all the solver's) ----
// The solver asks for both colours' areas at every node, so on its small boards the test runs on
// the board's bitboards: a region or a string is a mask, and floods are shifts.

@inline function fitsWord(): bool { return pointOf(width - 1, height - 1) < 64; }
@inline function spread(x: u64): u64 { return x | (x << 1) | (x >> 1) | (x << <u64>pitch) | (x >> <u64>pitch); }
/** The points of `within` connected to `seed` through `within`. */
function grow(seed: u64, within: u64): u64 {
  let x = seed;
  while (true) {
    const g = spread(x) & within;
    if (g == x) return x;
    x = g;
  }
}

// the last call's masks: c's stones, the points not c's, and the closed ones among them
let wOwn: u64 = 0, wFree: u64 = 0, wClosed: u64 = 0;
/** Sets wOwn, wFree, wClosed for colour c: a region is closed when every point of it that must
 *  be a liberty (the empty ones, or with allPoints all) touches a c stone; the open ones are
 *  flooded from the points that touch none. */
function closedRegions(c: i32, allPoints: bool): void {
  const on = load<u64>(BB_ONBOARD);
  wOwn = load<u64>(BB_STONES + <usize>(c - 1) * 56);
  const other = load<u64>(BB_STONES + <usize>(2 - c) * 56);
  wFree = on & ~wOwn;
  wClosed = wFree & ~grow((allPoints ? wFree : wFree & ~other) & ~spread(wOwn), wFree);
}

/**
 * The most bensonArea(c) can be, cheaply: c's stones and the points of its closed regions, or 0
 * with fewer than two such points (an alive string needs two vital regions, each closed and of
 * one point at least); the whole board where the board does not fit one word. The solver asks
 * it at every node and runs the test only where the bound could decide something.
 */
export function safeAreaMost(c: i32, allPoints: bool): i32 {
  if (!fitsWord()) return width * height;
  closedRegions(c, allPoints);
  const closed = <i32>popcnt(wClosed);
  return closed < 2 ? 0 : <i32>popcnt(wOwn) + closed;
}

const W_REGION = memory.data(64 * 8, 16); // u64 each closed region's points
const W_VITAL = memory.data(64 * 8, 16); // u64 per string: the regions vital to it (bit per region)
const W_NEXT_TO = memory.data(64 * 8, 16); // u64 per string: the regions it touches
const W_STRING = memory.data(64 * 8, 16); // u64 each string's stones
@inline function word(base: usize, i: i32): u64 { return load<u64>(base + (<usize>i << 3)); }

/** bensonArea on a board that fits one word (the same regions, strings and fixed point). */
function bensonAreaWord(c: i32, allPoints: bool): i32 {
  bensonBound = 0;
  closedRegions(c, allPoints);
  if (popcnt(wClosed) < 2) return 0;
  const other = wFree & load<u64>(BB_STONES + <usize>(2 - c) * 56);
  let nr = 0;
  for (let rest = wClosed; rest != 0; nr++) {
    const r = grow(rest & (~rest + 1), wClosed);
    store<u64>(W_REGION + (<usize>nr << 3), r);
    rest &= ~r;
  }
  // the strings that touch a closed region (the others have no vital region and touch none)
  let ns = 0;
  for (let rest = wOwn & spread(wClosed); rest != 0; ns++) {
    const st = grow(rest & (~rest + 1), wOwn);
    const reach = spread(st);
    let vital: u64 = 0, nextTo: u64 = 0;
    for (let k = 0; k < nr; k++) {
      const r = word(W_REGION, k);
      if ((reach & r) == 0) continue;
      nextTo |= (<u64>1) << <u64>k;
      const must = allPoints ? r : r & ~other;
      if ((must & ~reach) == 0) vital |= (<u64>1) << <u64>k;
    }
    store<u64>(W_STRING + (<usize>ns << 3), st);
    store<u64>(W_VITAL + (<usize>ns << 3), vital);
    store<u64>(W_NEXT_TO + (<usize>ns << 3), nextTo);
    rest &= ~st;
  }
  // Benson's fixed point: a string with fewer than two healthy vital regions dies, and a region
  // next to a dead string is not healthy
  let alive: u64 = ns == 64 ? ~(<u64>0) : ((<u64>1) << <u64>ns) - 1;
  let healthy: u64 = nr == 64 ? ~(<u64>0) : ((<u64>1) << <u64>nr) - 1;
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < ns; i++) {
      const bit = (<u64>1) << <u64>i;
      if ((alive & bit) != 0 && popcnt(word(W_VITAL, i) & healthy) < 2) { alive &= ~bit; changed = true; }
      if ((alive & bit) == 0) healthy &= ~word(W_NEXT_TO, i);
    }
  }
  let stones: u64 = 0;
  for (let i = 0; i < ns; i++) if ((alive & ((<u64>1) << <u64>i)) != 0) stones |= word(W_STRING, i);
  // a healthy region counts where at most one point of it (none with suicide) touches no
  // alive string; for a bound, two next to each other too
  const reach = spread(stones);
  let area = <i32>popcnt(stones), bound = area;
  for (let k = 0; k < nr; k++) {
    const r = word(W_REGION, k);
    if ((healthy & ((<u64>1) << <u64>k)) == 0) continue;
    const d = r & ~reach;
    const inside = popcnt(d);
    if (inside == 0 || (inside == 1 && !allPoints)) { area += <i32>popcnt(r); bound += <i32>popcnt(r); }
    else if (inside == 2 && !allPoints && (spread(d & (~d + 1)) & d & (d - 1)) != 0) bound += <i32>popcnt(r);
  }
  bensonBound = bound;
  return area;
}
