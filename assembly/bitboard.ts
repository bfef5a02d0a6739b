// Bitboards over the mailbox index (bit p = point p), 7 x u64. Groups, liberties and regions are
// found by dilation (flood fill on bitboards), never by recursion over points.

import { BB_WORDS, BB_ONBOARD, BB_STONES, pitch, BLACK, WHITE } from "./board";

const BYTES: usize = <usize>BB_WORDS * 8;
// scratch bitboards
export const BB_A: usize = memory.data(BB_WORDS * 8, 16);
export const BB_B: usize = memory.data(BB_WORDS * 8, 16);
export const BB_C: usize = memory.data(BB_WORDS * 8, 16);
export const BB_D: usize = memory.data(BB_WORDS * 8, 16);
export const BB_E: usize = memory.data(BB_WORDS * 8, 16);
export const BB_F: usize = memory.data(BB_WORDS * 8, 16);

@inline function word(b: usize, i: i32): u64 { return load<u64>(b + (<usize>i << 3)); }
@inline function setWord(b: usize, i: i32, v: u64): void { store<u64>(b + (<usize>i << 3), v); }

export function bbStones(c: i32): usize { return BB_STONES + <usize>(c - 1) * BYTES; }
export function bbCopy(dst: usize, src: usize): void { memory.copy(dst, src, BYTES); }
export function bbClearAll(dst: usize): void { memory.fill(dst, 0, BYTES); }
export function bbIsEmpty(b: usize): bool {
  let acc: u64 = 0;
  for (let i = 0; i < BB_WORDS; i++) acc |= word(b, i);
  return acc == 0;
}
export function bbEquals(a: usize, b: usize): bool {
  for (let i = 0; i < BB_WORDS; i++) if (word(a, i) != word(b, i)) return false;
  return true;
}
export function bbCount(b: usize): i32 {
  let n = 0;
  for (let i = 0; i < BB_WORDS; i++) n += <i32>popcnt(word(b, i));
  return n;
}
export function bbTest(b: usize, p: i32): bool { return ((word(b, p >> 6) >> <u64>(p & 63)) & 1) != 0; }
export function bbSetBit(b: usize, p: i32): void { setWord(b, p >> 6, word(b, p >> 6) | (<u64>1 << <u64>(p & 63))); }
/** Lowest set point, or -1. */
export function bbFirst(b: usize): i32 {
  for (let i = 0; i < BB_WORDS; i++) {
    const w = word(b, i);
    if (w != 0) return (i << 6) + <i32>ctz(w);
  }
  return -1;
}
/** dst = a & b */
export function bbAnd(dst: usize, a: usize, b: usize): void { for (let i = 0; i < BB_WORDS; i++) setWord(dst, i, word(a, i) & word(b, i)); }
/** dst = a | b */
export function bbOr(dst: usize, a: usize, b: usize): void { for (let i = 0; i < BB_WORDS; i++) setWord(dst, i, word(a, i) | word(b, i)); }
/** dst = a & ~b */
export function bbAndNot(dst: usize, a: usize, b: usize): void { for (let i = 0; i < BB_WORDS; i++) setWord(dst, i, word(a, i) & ~word(b, i)); }
/** dst = the empty on-board points */
export function bbEmpty(dst: usize): void {
  const b = bbStones(BLACK), w = bbStones(WHITE);
  for (let i = 0; i < BB_WORDS; i++) setWord(dst, i, word(BB_ONBOARD, i) & ~(word(b, i) | word(w, i)));
}

/** dst = the on-board points orthogonally adjacent to src (src itself excluded). dst != src. */
export function bbNeighbours(dst: usize, src: usize): void {
  const k = <u64>pitch;
  const kr = 64 - k;
  for (let i = 0; i < BB_WORDS; i++) {
    const w = word(src, i);
    const lo = i > 0 ? word(src, i - 1) : 0; // word below (lower bit indices)
    const hi = i < BB_WORDS - 1 ? word(src, i + 1) : 0;
    const up1 = (w << 1) | (lo >> 63);
    const dn1 = (w >> 1) | (hi << 63);
    const upk = (w << k) | (lo >> kr);
    const dnk = (w >> k) | (hi << kr);
    setWord(dst, i, (up1 | dn1 | upk | dnk) & word(BB_ONBOARD, i) & ~w);
  }
}

/** dst = the connected part of `within` that contains `seed` (seed must lie inside `within`). */
export function bbFlood(dst: usize, seed: usize, within: usize): void {
  bbAnd(dst, seed, within);
  while (true) {
    bbNeighbours(BB_F, dst);
    let grew: u64 = 0;
    for (let i = 0; i < BB_WORDS; i++) {
      const add = word(BB_F, i) & word(within, i) & ~word(dst, i);
      grew |= add;
      setWord(dst, i, word(dst, i) | add);
    }
    if (grew == 0) return;
  }
}

/** dst = the string through point p (p must hold a stone of colour c). */
export function bbStringAt(dst: usize, p: i32, c: i32): void {
  bbClearAll(BB_E);
  bbSetBit(BB_E, p);
  bbFlood(dst, BB_E, bbStones(c));
}

/** dst = the liberties of the stone set s. */
export function bbLiberties(dst: usize, s: usize): void {
  bbNeighbours(dst, s);
  bbEmpty(BB_E);
  bbAnd(dst, dst, BB_E);
}
