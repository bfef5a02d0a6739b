// Light playouts entirely inside WebAssembly (DESIGN.md 2): uniformly random among the legal
// moves that do not fill an own eye, drawn without replacement from the incremental list of
// empty points (mulberry32); pass when none is left; stop after two consecutive passes or
// 3 x points plies.

import { STATE, STATE_BYTES, EMPTIES, EPOS, BLACK, WHITE, OK, KO_PSK, KO_SSK, SUICIDE_FORBIDDEN,
  play, passMove, isOwnEye, nempty, boardHash, setupBoard, numPoints } from "./board";
import * as B from "./board";
import { initZobrist, sideKeyFor } from "./zobrist";
import { resetHistory, pushHistory } from "./history";
import { areaDifference } from "./score";

let rs: u32 = 0;
@inline function rngU32(): u32 {
  rs += 0x6d2b79f5;
  let t = rs;
  t = (t ^ (t >> 15)) * (t | 1);
  t ^= t + (t ^ (t >> 7)) * (t | 61);
  return t ^ (t >> 14);
}
/** floor(u * m / 2^32): uniform in 0..m-1 */
@inline function rngBelow(m: u32): u32 { return <u32>((<u64>rngU32() * <u64>m) >> 32); }

const TEMPLATE: usize = memory.data(<i32>STATE_BYTES, 16);

// Totals of the last runPlayouts call, read by TypeScript.
export let statGames: i32 = 0;
export let statMoves: f64 = 0; // stone plays
export let statPlies: f64 = 0; // stone plays + passes
export let statCapped: i32 = 0; // games stopped by the ply cap
export let statStones: f64 = 0; // stones left on the board, summed
export let statBlackAreaWins: i32 = 0; // Tromp-Taylor area difference > 0 (no komi)
export let statWhiteAreaWins: i32 = 0;

/** Plays `games` light playouts on a w x h board from the seed. ko: KO_SIMPLE, KO_PSK, KO_SSK.
 *  withScore adds an area count per game. Returns false for a bad size. */
export function runPlayouts(w: i32, h: i32, games: i32, seed: u32, ko: i32, withScore: bool): bool {
  initZobrist();
  if (!setupBoard(w, h)) return false;
  B.suicideMode = SUICIDE_FORBIDDEN;
  B.koMode = ko;
  memory.copy(TEMPLATE, STATE, STATE_BYTES);
  const cap = 3 * numPoints;
  const superko = ko == KO_PSK || ko == KO_SSK;
  rs = seed;
  statGames = 0; statMoves = 0; statPlies = 0; statCapped = 0; statStones = 0;
  statBlackAreaWins = 0; statWhiteAreaWins = 0;
  for (let g = 0; g < games; g++) {
    memory.copy(STATE, TEMPLATE, STATE_BYTES);
    if (superko) resetHistory(boardHash(), boardHash(), cap);
    let c = BLACK, passes = 0, plies = 0, moves = 0;
    while (passes < 2 && plies < cap) {
      let m = nempty();
      let played = false;
      while (m > 0) {
        const k = <i32>rngBelow(<u32>m);
        const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
        if (!isOwnEye(p, c) && play(p, c) == OK) { played = true; break; }
        // move the rejected candidate behind the live range
        m--;
        const last = <i32>load<u16>(EMPTIES + (<usize>m << 1));
        store<u16>(EMPTIES + (<usize>k << 1), <u16>last);
        store<u16>(EMPTIES + (<usize>m << 1), <u16>p);
        store<u16>(EPOS + (<usize>last << 1), <u16>k);
        store<u16>(EPOS + (<usize>p << 1), <u16>m);
      }
      if (played) { passes = 0; moves++; } else { passes++; passMove(); }
      c ^= 3;
      if (superko) pushHistory(boardHash(), boardHash() ^ sideKeyFor(c));
      plies++;
    }
    statGames++;
    statMoves += <f64>moves;
    statPlies += <f64>plies;
    if (plies >= cap) statCapped++;
    statStones += <f64>(numPoints - nempty());
    if (withScore) {
      const d = areaDifference();
      if (d > 0) statBlackAreaWins++; else if (d < 0) statWhiteAreaWins++;
    }
  }
  return true;
}
