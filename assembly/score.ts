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
