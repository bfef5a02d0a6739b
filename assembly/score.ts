// Counting the empty points (RULES.md 0): by region or by point, with bitboards.
// Writes an owner per point into OWNER (row-major, width*height): 0 nobody, 1 Black, 2 White,
// 3 shared (an empty point or region bordering both colours), for the stones their colour.

import { BLACK, WHITE, width, height, pointOf } from "./board";
import { BB_A, BB_B, BB_C, BB_D, bbStones, bbEmpty, bbNeighbours, bbFlood, bbFirst, bbAnd, bbAndNot,
  bbIsEmpty, bbClearAll, bbSetBit, bbTest, bbOr, bbCopy, bbCount } from "./bitboard";

export const OWNER: usize = memory.data(19 * 19, 16);
const OWN_B: usize = memory.data(56, 16);
const OWN_W: usize = memory.data(56, 16);
const SHARED: usize = memory.data(56, 16);

/** Empty regions: a region touching only Black is Black's, only White White's, both: shared,
 *  neither (an empty board): nobody's. */
function ownersByRegion(): void {
  bbClearAll(OWN_B); bbClearAll(OWN_W); bbClearAll(SHARED);
  bbEmpty(BB_A); // empty points not yet assigned
  while (true) {
    const p = bbFirst(BB_A);
    if (p < 0) break;
    bbClearAll(BB_B);
    bbSetBit(BB_B, p);
    bbFlood(BB_C, BB_B, BB_A); // the region
    bbAndNot(BB_A, BB_A, BB_C);
    bbNeighbours(BB_D, BB_C);
    bbAnd(BB_B, BB_D, bbStones(BLACK));
    const touchesB = !bbIsEmpty(BB_B);
    bbAnd(BB_B, BB_D, bbStones(WHITE));
    const touchesW = !bbIsEmpty(BB_B);
    if (touchesB && touchesW) bbOr(SHARED, SHARED, BB_C);
    else if (touchesB) bbOr(OWN_B, OWN_B, BB_C);
    else if (touchesW) bbOr(OWN_W, OWN_W, BB_C);
  }
}

/** Each empty point on its own: adjacent to Black only, White only, both (shared), or to no
 *  stone (nobody's). */
function ownersByPoint(): void {
  bbEmpty(BB_A);
  bbNeighbours(BB_B, bbStones(BLACK));
  bbNeighbours(BB_C, bbStones(WHITE));
  bbAnd(BB_B, BB_B, BB_A);
  bbAnd(BB_C, BB_C, BB_A);
  bbAndNot(OWN_B, BB_B, BB_C);
  bbAndNot(OWN_W, BB_C, BB_B);
  bbAnd(SHARED, BB_B, BB_C);
}

/** Fills OWNER; method 0 = by region, 1 = by point. Returns black stones + own empty points in the
 *  low 16 bits and white's in the high 16 bits; shared points are counted by the caller. */
export function countOwners(method: i32): i32 {
  if (method == 0) ownersByRegion(); else ownersByPoint();
  const bs = bbStones(BLACK), ws = bbStones(WHITE);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = pointOf(x, y);
      let o: u8 = 0;
      if (bbTest(bs, p) || bbTest(OWN_B, p)) o = 1;
      else if (bbTest(ws, p) || bbTest(OWN_W, p)) o = 2;
      else if (bbTest(SHARED, p)) o = 3;
      store<u8>(OWNER + <usize>(y * width + x), o);
    }
  }
  const black = bbCount(bs) + bbCount(OWN_B);
  const white = bbCount(ws) + bbCount(OWN_W);
  return black | (white << 16);
}

/** Tromp-Taylor area difference (Black minus White), by region, without writing OWNER. */
export function areaDifference(): i32 {
  ownersByRegion();
  return bbCount(bbStones(BLACK)) + bbCount(OWN_B) - bbCount(bbStones(WHITE)) - bbCount(OWN_W);
}

// ---- the final position's analysis, for the counting rules in TypeScript -------------------------
// src/scoring/board.ts `analyse` finds the same facts (it is the reference, and test/analysis.test.ts
// holds the two equal); a simulation asks here, once per game, where a count in TypeScript cost
// more than the game. The layout is board.ts's Analysis buffer, for n = width x height points:
//   region i32[n] (-1 on a stone) | members i32[n] | regionStart i32[n + 1] | board u8[n] |
//   adjacent u8[n] (bit 1 next to Black, bit 2 next to White) | touches u8[n] (per region)
export const ANALYSIS: usize = memory.data(15 * 19 * 19 + 4, 16);
export let anRegions: i32 = 0;
export let anBlack: i32 = 0;
export let anWhite: i32 = 0;
/** The number of strings with exactly one liberty in their own area (an empty region touching
 *  their colour only). territory.ts `fillPoints` looks for its points among these strings only, and
 *  in a played-out game there are none: the count lets it skip its flood of every string. */
export let anSingleInside: i32 = -1;
/** The empty points by class, touches * 4 + adjacent (what the point's region touches, what the
 *  point is next to; 16 i32): every count by point or by region is a sum over these classes. */
export const AN_CLASSES: usize = memory.data(16 * 4, 16);
// string labels by union-find (the string's root point) and each root's liberties in its own area
const PARENT: usize = memory.data((19 * 19 + 1) * 2, 16); // u16 per point, and the sink's
const COUNT: usize = memory.data((19 * 19 + 1) * 2, 16); // u16 per point, valid at a root
const STAMP: usize = memory.data((19 * 19 + 1) * 2, 16); // u16: the own-area point that last counted

// the neighbours of each point (left, right, up, down; -1 off the board), made once per board size
const NB: usize = memory.data(19 * 19 * 4 * 2, 16); // i16 per (point, direction)
let nbW: i32 = 0;
let nbH: i32 = 0;
function neighboursFor(w: i32, h: i32): void {
  if (w == nbW && h == nbH) return;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const e = NB + (<usize>i << 3);
      store<i16>(e, <i16>(x > 0 ? i - 1 : -1));
      store<i16>(e + 2, <i16>(x < w - 1 ? i + 1 : -1));
      store<i16>(e + 4, <i16>(y > 0 ? i - w : -1));
      store<i16>(e + 6, <i16>(y < h - 1 ? i + w : -1));
    }
  }
  nbW = w; nbH = h;
}

/** Analyses the row-major board of w x h points (u8: 0 empty, 1 Black, 2 White) at `src` into
 *  ANALYSIS, finding regions in the order of board.ts (a flood from each unvisited empty point
 *  in row-major order, neighbours left, right, up, down), and with `strings` (for territory
 *  counting: only it reads them) anSingleInside; else anSingleInside is -1. False for a bad size
 *  or colour. */
export function analyseBoard(src: usize, w: i32, h: i32, strings: bool): bool {
  if (w < 1 || h < 1 || w > 19 || h > 19) return false;
  neighboursFor(w, h);
  const n = w * h;
  const region = ANALYSIS;
  const members = ANALYSIS + (<usize>n << 2);
  const start = ANALYSIS + (<usize>n << 3);
  const board = ANALYSIS + <usize>(12 * n + 4);
  const adjacent = board + <usize>n;
  const touches = adjacent + <usize>n;
  memory.copy(board, src, <usize>n);
  let black = 0, white = 0;
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u8>(board + <usize>i);
    black += i32(c == 1);
    white += i32(c == 2);
    if (c > 2) return false;
    store<i32>(region + (<usize>i << 2), -1);
    store<u8>(adjacent + <usize>i, 0); // (an empty point's is set as its region is filled)
  }
  let end = 0, count = 0;
  memory.fill(AN_CLASSES, 0, 16 * 4);
  for (let s = 0; s < n; s++) {
    if (load<u8>(board + <usize>s) != 0 || load<i32>(region + (<usize>s << 2)) >= 0) continue;
    const id = count++;
    const first = end;
    store<i32>(start + (<usize>id << 2), first);
    store<i32>(members + (<usize>end << 2), s);
    end++;
    store<i32>(region + (<usize>s << 2), id);
    let touch = 0;
    for (let k = first; k < end; k++) {
      const i = load<i32>(members + (<usize>k << 2));
      const e = NB + (<usize>i << 3);
      let adj = 0;
      for (let d = 0; d < 8; d += 2) {
        const j = <i32>load<i16>(e + <usize>d);
        if (j < 0) continue;
        const cj = <i32>load<u8>(board + <usize>j);
        adj |= cj;
        if (cj != 0 || load<i32>(region + (<usize>j << 2)) >= 0) continue;
        store<i32>(region + (<usize>j << 2), id);
        store<i32>(members + (<usize>end << 2), j);
        end++;
      }
      store<u8>(adjacent + <usize>i, <u8>adj);
      touch |= adj;
    }
    store<u8>(touches + <usize>id, <u8>touch);
    for (let k = first; k < end; k++) {
      const i = load<i32>(members + (<usize>k << 2));
      const a = AN_CLASSES + (<usize>((touch << 2) | <i32>load<u8>(adjacent + <usize>i)) << 2);
      store<i32>(a, load<i32>(a) + 1);
    }
  }
  store<i32>(start + (<usize>count << 2), end);
  anRegions = count; anBlack = black; anWhite = white;
  anSingleInside = strings ? singleInside(board, w, h, count) : -1;
  return true;
}

@inline function parentOf(i: i32): i32 { return <i32>load<u16>(PARENT + (<usize>i << 1)); }
@inline function setParent(i: i32, p: i32): void { store<u16>(PARENT + (<usize>i << 1), <u16>p); }
/** The root of i's tree: every parent is at or before its child (row-major), roots point at
 *  themselves. Path halving on the way. */
@inline function rootOf(i: i32): i32 {
  while (true) {
    const p = parentOf(i);
    if (p == i) return i;
    const g = parentOf(p);
    setParent(i, g);
    i = g;
  }
}

/** The strings with exactly one liberty in an empty region touching their colour only, over the
 *  analysis's regions. Strings are labelled by union-find over the rows (a root is the string's
 *  first point), then each own-area point counts once for each string next to it; the counting is
 *  branch-free (a stamp per string: on a final board the branches were mispredicted more often
 *  than not, and cost more than the rest of the analysis). */
function singleInside(board: usize, w: i32, h: i32, regions: i32): i32 {
  const n = w * h;
  const sink = n; // the label of empty points and of the edge: counts nothing anyone reads
  setParent(sink, sink);
  memory.fill(COUNT, 0, <usize>n << 1);
  memory.fill(STAMP, 0xff, <usize>n << 1); // (no point's number)
  for (let y = 0, i = 0; y < h; y++) {
    let left = 0; // the colour on the left (none at the edge)
    for (let x = 0; x < w; x++, i++) {
      const c = <i32>load<u8>(board + <usize>i);
      // a stone joins the string on its left, else the one above, else starts one; without
      // branches (a parent need not be a root yet: the pass after this one settles them)
      const u = max(i - w, 0);
      const sameL = i32(c != 0) & i32(left == c);
      const sameU = i32(y > 0) & i32(c != 0) & i32(<i32>load<u8>(board + <usize>u) == c);
      setParent(i, select<i32>(i - 1, select<i32>(parentOf(u), select<i32>(i, sink, c != 0), sameU), sameL));
      if (sameL & sameU) {
        // two strings meet at i: the later root goes under the earlier (parents stay before their children)
        const a = rootOf(i - 1), b = rootOf(u);
        setParent(max(a, b), min(a, b));
      }
      left = c;
    }
  }
  // every stone straight to its root, in one forward pass (its parent's is already there)
  for (let i = 0; i < n; i++) setParent(i, parentOf(parentOf(i)));
  const members = ANALYSIS + (<usize>n << 2);
  const start = ANALYSIS + (<usize>n << 3);
  const touches = board + <usize>(2 * n);
  for (let r = 0; r < regions; r++) {
    const t = load<u8>(touches + <usize>r);
    if (t != 1 && t != 2) continue; // shared, or an empty board
    const last = load<i32>(start + (<usize>(r + 1) << 2));
    for (let k = load<i32>(start + (<usize>r << 2)); k < last; k++) {
      const q = load<i32>(members + (<usize>k << 2));
      const e = NB + (<usize>q << 3);
      for (let d = 0; d < 8; d += 2) {
        const j = <i32>load<i16>(e + <usize>d);
        const s = parentOf(select<i32>(j, sink, j >= 0));
        const stamp = STAMP + (<usize>s << 1);
        const count = COUNT + (<usize>s << 1);
        store<u16>(count, load<u16>(count) + <u16>(<i32>load<u16>(stamp) != q));
        store<u16>(stamp, <u16>q);
      }
    }
  }
  let single = 0;
  for (let i = 0; i < n; i++) {
    single += i32(parentOf(i) == i) & i32(load<u16>(COUNT + (<usize>i << 1)) == 1);
  }
  return single;
}
