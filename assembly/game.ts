// A game: the board plus its history. Every committed move or pass appends the board hash and
// the situation hash (board + player to move) so repetition can be looked up in O(1).

import { STATE, STATE_BYTES, REMOVED, MAXP, BLACK, WHITE, EMPTY, R_OK, R_OFF_BOARD,
  setupBoard, placeStone, play, passMove, boardHash, setPrevHash, pitch, width, height, pointOf,
  colorAt, lastCaptured, lastSelfCaptured, numPoints } from "./board";
import { initZobrist, sideKeyFor } from "./zobrist";
import { resetHistory, pushHistory } from "./history";
import * as B from "./board";
import { BB_A, BB_B, bbStringAt, bbTest, bbLiberties, bbCount, bbAnd, bbClearAll, bbSetBit } from "./bitboard";

// Saved states for copy-make: slot 0 is the referee's undo, the rest serve searches.
export const SLOTS: i32 = 512;
const SLOT_MEM: usize = memory.data(<i32>STATE_BYTES * SLOTS, 16);
export function saveSlot(i: i32): void { memory.copy(SLOT_MEM + <usize>i * STATE_BYTES, STATE, STATE_BYTES); }
export function loadSlot(i: i32): void { memory.copy(STATE, SLOT_MEM + <usize>i * STATE_BYTES, STATE_BYTES); }

// Row-major views handed to TypeScript.
export const BOARD_OUT: usize = memory.data(19 * 19, 16); // u8 colour per point
export const REMOVED_XY: usize = memory.data(MAXP * 2, 16); // u16 y*width+x per removed point
export const SETUP_IN: usize = memory.data(19 * 19, 16); // u8 colour per point, for loadSetup

export let maxMoves: i32 = 0;

@inline export function situationHash(nextToMove: i32): u64 { return boardHash() ^ sideKeyFor(nextToMove); }

/** New empty game. Returns false for a size outside 2..19. */
export function newGame(w: i32, h: i32, suicide: i32, ko: i32, toMove: i32, moveLimit: i32): bool {
  initZobrist();
  if (!setupBoard(w, h)) return false;
  B.suicideMode = suicide;
  B.koMode = ko;
  maxMoves = moveLimit;
  resetHistory(boardHash(), situationHash(toMove), moveLimit);
  return true;
}

/** Replaces the position by SETUP_IN (AB/AW/AE) and restarts the history from it. Returns -1,
 *  or the row-major index of a stone whose string has no liberty (an impossible setup). */
export function loadSetup(toMove: i32): i32 {
  saveSlot(0);
  setupBoard(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = <i32>load<u8>(SETUP_IN + <usize>(y * width + x));
      if (c == BLACK || c == WHITE) placeStone(pointOf(x, y), c);
    }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = pointOf(x, y);
      if (colorAt(p) != EMPTY && B.libsOf(B.chainOf(p)) == 0) {
        loadSlot(0); // refuse the setup whole: the previous position stands
        return y * width + x;
      }
    }
  resetHistory(boardHash(), situationHash(toMove), maxMoves);
  return -1;
}

function exportRemoved(): void {
  const n = lastCaptured + lastSelfCaptured;
  const W = pitch;
  for (let i = 0; i < n; i++) {
    const p = <i32>load<u16>(REMOVED + (<usize>i << 1));
    store<u16>(REMOVED_XY + (<usize>i << 1), <u16>((p / W - 1) * width + (p % W - 1)));
  }
}

/** Tries colour c at (x, y): on R_OK the board is changed but the history is not yet; call
 *  commitPlay or rollbackPlay. On a refusal nothing changed. */
export function tryPlay(x: i32, y: i32, c: i32): i32 {
  if (x < 0 || y < 0 || x >= width || y >= height) return R_OFF_BOARD;
  saveSlot(0);
  const r = play(pointOf(x, y), c);
  if (r == R_OK) exportRemoved();
  return r;
}
/** Changes the repetition knob for the next plays (the referee probes a refused play with
 *  ko none to learn what it would capture). */
export function setKoMode(ko: i32): void { B.koMode = ko; }

/** Play resumed after a suspension: the history starts again from this position (Grand 4.4). */
export function restartHistory(toMove: i32): void { resetHistory(boardHash(), situationHash(toMove), maxMoves); }

/** A play for searches, which save and restore slots themselves: no undo copy, no history. */
export function searchPlay(x: i32, y: i32, c: i32): i32 {
  if (x < 0 || y < 0 || x >= width || y >= height) return R_OFF_BOARD;
  const r = play(pointOf(x, y), c);
  if (r == R_OK) exportRemoved();
  return r;
}

export function commitPlay(nextToMove: i32): bool { return pushHistory(boardHash(), situationHash(nextToMove)); }
export function rollbackPlay(): void { loadSlot(0); }

/** Plays and commits in one call. */
export function gamePlay(x: i32, y: i32, c: i32): i32 {
  const r = tryPlay(x, y, c);
  if (r == R_OK) commitPlay(c ^ 3);
  return r;
}

export function gamePass(c: i32): bool {
  passMove();
  return pushHistory(boardHash(), situationHash(c ^ 3));
}

/** Writes the colours row-major into BOARD_OUT. */
export function writeBoard(): void {
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      store<u8>(BOARD_OUT + <usize>(y * width + x), <u8>colorAt(pointOf(x, y)));
}

export const STRING_OUT: usize = memory.data(19 * 19 * 2, 16); // u16 row-major indices

/** Writes the points of the string through (x, y) into STRING_OUT (found by bitboard flood
 *  fill) and returns how many; 0 for an empty point. */
export function stringPoints(x: i32, y: i32): i32 {
  const p = pointOf(x, y);
  const c = colorAt(p);
  if (c != BLACK && c != WHITE) return 0;
  bbStringAt(BB_A, p, c);
  let n = 0;
  for (let yy = 0; yy < height; yy++)
    for (let xx = 0; xx < width; xx++)
      if (bbTest(BB_A, pointOf(xx, yy))) store<u16>(STRING_OUT + (<usize>(n++) << 1), <u16>(yy * width + xx));
  return n;
}

/** The number of liberties of the string through (x, y) (found by bitboards); 0 for an empty
 *  point. The prover asks this once per position for the targets. */
export function stringLiberties(x: i32, y: i32): i32 {
  return libertiesInto(BB_B, x, y) ? bbCount(BB_B) : 0;
}

/** Sets `dst` to the liberties of the string through (x, y); false for an empty point. */
function libertiesInto(dst: usize, x: i32, y: i32): bool {
  const p = pointOf(x, y);
  const c = colorAt(p);
  if (c != BLACK && c != WHITE) return false;
  bbStringAt(BB_A, p, c);
  bbLiberties(dst, BB_A);
  return true;
}

/** Row-major bytes (non-zero: in) from which setLibertyMask takes the points that
 *  stringLibertiesIn counts. */
export const MASK_IN: usize = memory.data(19 * 19, 16);
const BB_MASK: usize = memory.data(B.BB_WORDS * 8, 16);

/** Takes the mask in MASK_IN (an eye region's points, see src/prove/eyes.ts). */
export function setLibertyMask(): void {
  bbClearAll(BB_MASK);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (load<u8>(MASK_IN + <usize>(y * width + x)) != 0) bbSetBit(BB_MASK, pointOf(x, y));
}

/** The liberties of the string through (x, y) that lie in the mask; 0 for an empty point. The
 *  eye-region search asks it for every string around the region after each defender move. */
export function stringLibertiesIn(x: i32, y: i32): i32 {
  if (!libertiesInto(BB_B, x, y)) return 0;
  bbAnd(BB_B, BB_B, BB_MASK);
  return bbCount(BB_B);
}
