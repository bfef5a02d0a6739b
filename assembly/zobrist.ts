// Zobrist keys: one 64-bit key per (colour, point), one for "White to move", and keys for the
// number of passes (virtual moves) each player has made, so that board, situation and Zhang's
// whole-board position can each be hashed (DESIGN.md 2).

import { mix64 } from "./prng";

const MAXP: i32 = 448;
const KEYS: usize = memory.data(2 * MAXP * 8, 16);
let keysReady = false;
let sideKey: u64 = 0;

let splitmixState: u64 = 0;
function splitmix64(): u64 {
  splitmixState += 0x9e3779b97f4a7c15;
  return mix64(splitmixState);
}

/** Fills the key table once; the keys are fixed so hashes are stable across runs. */
export function initZobrist(): void {
  if (keysReady) return;
  splitmixState = 0x6172626974657221; // "arbiter!"
  for (let i = 0; i < 2 * MAXP; i++) store<u64>(KEYS + (<usize>i << 3), splitmix64());
  sideKey = splitmix64();
  keysReady = true;
}

@inline export function zobristKey(c: i32, p: i32): u64 {
  return load<u64>(KEYS + ((<usize>(c - 1) * <usize>MAXP + <usize>p) << 3));
}

/** Key XORed into the situation hash when `c` is the player to move (White only). */
@inline export function sideKeyFor(c: i32): u64 { return c == 2 ? sideKey : 0; }

/** Key for "colour c has made n passes" (whole-board position, Zhang 3). */
export function passCountKey(c: i32, n: i32): u64 {
  if (n == 0) return 0;
  return mix64((<u64>c << 32) ^ <u64>n ^ 0x5a68616e67000000); // "Zhang"
}
