// Benson's unconditional life on the current board: the strings of one colour that no sequence
// of the opponent's moves can capture, even if their owner always passes (D. B. Benson, "Life in
// the game of Go", 1976). The prover asks it after each of the defender's moves: a target that
// is alive this way ends the question at once (the attacker can never capture it).
//
// Regions are the maximal connected sets of points not of the colour; a region is vital to a
// string when every empty point of the region is its liberty. A string stays alive while two of
// its vital regions stay healthy; a region stays healthy while every string around it is alive.
// The argument needs the opponent's suicide to be refused (a multi-stone suicide empties points
// that touch no living string): callers only ask where suicide is forbidden.
//
// Fixed buffers, no allocation: it runs inside the search's inner loop.
import { MAXP, BORDER, colorAt, chainOf, pitch, width, height, pointOf } from "./board";

const REGION = memory.data(MAXP * 4, 16); // i32 region of each point, -1 none
const STACK = memory.data(MAXP * 2, 16); // u16 a region's points while it is flooded
const PAIR_REGION = memory.data(MAXP * 4 * 4, 16); // i32 (region, string) pairs: a string around a region
const PAIR_STRING = memory.data(MAXP * 4 * 4, 16); // i32 the string's representative
const PAIR_TOUCH = memory.data(MAXP * 4 * 4, 16); // i32 the region's empty points that touch the string
const PAIR_OF = memory.data(MAXP * 4, 16); // i32 pair index of a representative, within the current region
const STAMP = memory.data(MAXP * 4, 16); // i32 region stamp per representative (1 + region)
const REGION_EMPTY = memory.data(MAXP * 4, 16); // i32 empty points per region
const HEALTHY = memory.data(MAXP, 16); // u8 per region
const ALIVE = memory.data(MAXP, 16); // u8 per representative
const VITAL = memory.data(MAXP * 4, 16); // i32 healthy vital regions per representative
export const BENSON_IN = memory.data(19 * 19 * 2, 16); // u16 row-major target points

@inline function geti(base: usize, i: i32): i32 { return load<i32>(base + (<usize>i << 2)); }
@inline function seti(base: usize, i: i32, v: i32): void { store<i32>(base + (<usize>i << 2), v); }

let pairs: i32 = 0;
let regions: i32 = 0;
/** stamps of earlier calls are below this (no clearing between calls) */
let stampBase: i32 = 0;

/** Finds the regions of the points not of colour c and, for each, the c strings around it and
 *  how many of its empty points each touches. */
function regionsOf(c: i32): void {
  pairs = 0;
  regions = 0;
  stampBase += MAXP + 1;
  if (stampBase > 0x3fffffff) {
    memory.fill(STAMP, 0, <usize>MAXP * 4);
    stampBase = MAXP + 1;
  }
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) seti(REGION, pointOf(x, y), -1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const start = pointOf(x, y);
      if (colorAt(start) == c || geti(REGION, start) >= 0) continue;
      const k = regions++;
      const stamp = stampBase + k;
      let empties = 0;
      let top = 0;
      store<u16>(STACK, <u16>start);
      top = 1;
      seti(REGION, start, k);
      while (top > 0) {
        const p = <i32>load<u16>(STACK + (<usize>(--top) << 1));
        const empty = colorAt(p) == 0;
        if (empty) empties++;
        // the c strings next to p, each counted once for p
        let seen0 = -1, seen1 = -1, seen2 = -1;
        for (let d = 0; d < 4; d++) {
          const q = d == 0 ? p - 1 : d == 1 ? p + 1 : d == 2 ? p - pitch : p + pitch;
          const cq = colorAt(q);
          if (cq == BORDER) continue;
          if (cq == c) {
            const r = chainOf(q);
            if (geti(STAMP, r) != stamp) {
              seti(STAMP, r, stamp);
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
          } else if (geti(REGION, q) < 0) {
            seti(REGION, q, k);
            store<u16>(STACK + (<usize>(top++) << 1), <u16>q);
          }
        }
      }
      seti(REGION_EMPTY, k, empties);
    }
  }
}

/**
 * How many of the n targets (row-major points in BENSON_IN) are stones of colour c in strings
 * that are unconditionally alive.
 */
export function bensonTargets(c: i32, n: i32): i32 {
  regionsOf(c);
  // every c string starts alive, every region healthy
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const p = pointOf(x, y);
    if (colorAt(p) == c) store<u8>(ALIVE + <usize>chainOf(p), 1);
  }
  for (let k = 0; k < regions; k++) store<u8>(HEALTHY + <usize>k, 1);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < pairs; i++) seti(VITAL, geti(PAIR_STRING, i), 0);
    for (let i = 0; i < pairs; i++) {
      const k = geti(PAIR_REGION, i);
      if (load<u8>(HEALTHY + <usize>k) == 0 || geti(PAIR_TOUCH, i) != geti(REGION_EMPTY, k)) continue;
      const r = geti(PAIR_STRING, i);
      seti(VITAL, r, geti(VITAL, r) + 1);
    }
    for (let i = 0; i < pairs; i++) {
      const r = geti(PAIR_STRING, i);
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
