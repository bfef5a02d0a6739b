// A game: the board plus its history. Every committed move or pass appends the board hash and
// the situation hash (board + player to move) so repetition can be looked up in O(1).

import { STATE, STATE_BYTES, REMOVED, MAXP, BLACK, WHITE, EMPTY, R_OK, R_OFF_BOARD,
  setupBoard, placeStone, probe, commit, passMove, boardHash, setPrevHash, pitch, width, height, pointOf,
  colorAt, lastCaptured, lastSelfCaptured, numPoints, xyOf, libertiesOf } from "./board";
import { initZobrist, sideKeyFor } from "./zobrist";
import { resetHistory, pushHistory, koRefusal } from "./history";
import * as B from "./board";
import { bensonFixOpen, bensonAlive } from "./benson";
import * as R from "./rules";
import { setJournaling } from "./journal";
import { RW_REFUSED_FROM, RW_HOT_STONES, RW_ING_CYCLE_AT, RW_ING_CYCLE_FROM, RW_ING_INITIATOR, RW_VOID_KIND, RW_VOID_FROM,
  RW_ENDED, RW_END_DETAIL, RW_PHASE, RW_REQUESTER, RW_GAME_PHASE_B, RW_GAME_PHASE_W, RW_CAPTURED, RW_SELF_CAPTURED,
  RW_NO_CHANGE, RW_HASH_LO, RW_HASH_HI, RW_RECUR_FROM, RW_RECUR_REPORT, RW_SIT_LO, RW_SIT_HI, RW_WORDS, HISTORY_FULL,
  REPLAY_PASS, REPLAY_WHITE, REPLAY_DONE, REPLAY_ENDED, REPLAY_NEEDS_REFEREE } from "./codes";
import { BB_A, bbStringAt, bbTest } from "./bitboard";

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
// the game's own rules for tryPlay (the rule engine, rulesStart, has its own knobs)
let gameSuicide: i32 = 0;
let gameKo: i32 = 0;

@inline export function situationHash(nextToMove: i32): u64 { return boardHash() ^ sideKeyFor(nextToMove); }

/** New empty game. Returns false for a size outside 2..19. */
export function newGame(w: i32, h: i32, suicide: i32, ko: i32, toMove: i32, moveLimit: i32): bool {
  initZobrist();
  if (!setupBoard(w, h)) return false;
  gameSuicide = suicide;
  gameKo = ko;
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
  for (let i = 0; i < n; i++) {
    const p = <i32>load<u16>(REMOVED + (<usize>i << 1));
    store<u16>(REMOVED_XY + (<usize>i << 1), <u16>xyOf(p));
  }
}

/** Tries colour c at (x, y) under the game's suicide and ko knobs (`free`: no ko, to learn what
 *  a play refused for repetition would capture): on R_OK the board is changed but the history
 *  is not yet; call commitPlay or rollbackPlay. On a refusal nothing changed. */
export function tryPlay(x: i32, y: i32, c: i32, free: bool): i32 {
  if (x < 0 || y < 0 || x >= width || y >= height) return R_OFF_BOARD;
  const p = pointOf(x, y);
  let r = probe(p, c, gameSuicide);
  if (r == R_OK && !free) r = koRefusal(gameKo, c);
  if (r != R_OK) return r;
  saveSlot(0);
  commit(p, c);
  exportRemoved();
  return R_OK;
}

export function commitPlay(nextToMove: i32): bool { return pushHistory(boardHash(), situationHash(nextToMove)); }
export function rollbackPlay(): void { loadSlot(0); }

/** Plays and commits in one call. */
export function gamePlay(x: i32, y: i32, c: i32): i32 {
  const r = tryPlay(x, y, c, false);
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

/** Whether (x, y) is an eye of c's as the light playouts read one (board.ts isOwnEye): GTP's
 *  genmove fills none, as they do. */
export function ownEyeAt(x: i32, y: i32, c: i32): bool { return B.isOwnEye(pointOf(x, y), c); }

/** The number of liberties of the string through (x, y) (a walk of its stones); 0 for an empty
 *  point. The prover asks this once per position for the targets. */
export function stringLiberties(x: i32, y: i32): i32 {
  const p = pointOf(x, y);
  const c = colorAt(p);
  return c == BLACK || c == WHITE ? libertiesOf(p, 0) : 0;
}

/** Row-major bytes (non-zero: in) from which setLibertyMask takes the points that
 *  stringLibertiesIn counts (and bensonFixRegion the region). */
export const MASK_IN: usize = memory.data(19 * 19, 16);
const LIBERTY_MASK: usize = memory.data(MAXP, 16);
const REGION_FLAGS: usize = memory.data(MAXP, 16);

/** MASK_IN into `dst`, a byte per mailbox point. */
function maskFromIn(dst: usize): void {
  memory.fill(dst, 0, <usize>MAXP);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (load<u8>(MASK_IN + <usize>(y * width + x)) != 0) store<u8>(dst + <usize>pointOf(x, y), 1);
}

/** Takes the mask in MASK_IN (an eye region's points, see src/prove/eyes.ts). */
export function setLibertyMask(): void { maskFromIn(LIBERTY_MASK); }

/** The liberties of the string through (x, y) that lie in the mask; 0 for an empty point. The
 *  eye-region search asks it for every string around the region after each defender move. */
export function stringLibertiesIn(x: i32, y: i32): i32 {
  const p = pointOf(x, y);
  const c = colorAt(p);
  return c == BLACK || c == WHITE ? libertiesOf(p, LIBERTY_MASK) : 0;
}

// Benson's test as a search asks it: with the points outside a region (the mask in MASK_IN)
// fixed open for colour c at the current board (assembly/benson.ts bensonFixOpen)
export function bensonFixRegion(c: i32): void {
  maskFromIn(REGION_FLAGS);
  bensonFixOpen(REGION_FLAGS, 1, c);
}
export function bensonTargetsFixed(c: i32, n: i32, allPoints: bool): i32 { return bensonAlive(c, n, true, allPoints); }

// ---- the referee's moves, through the rule engine (rules.ts) ---------------------------------
// One call per move; what the referee cites comes back in RULING_OUT (i32 words, writeRuling).
export const RULING_OUT: usize = memory.data(RW_WORDS * 4, 16);

@inline function rw(k: i32, v: i32): void { store<i32>(RULING_OUT + (<usize>k << 2), v); }

function writeRuling(): void {
  rw(RW_REFUSED_FROM, R.refusedFrom); rw(RW_HOT_STONES, R.hotStones);
  rw(RW_ING_CYCLE_AT, R.ingCycleAt); rw(RW_ING_CYCLE_FROM, R.ingCycleFrom); rw(RW_ING_INITIATOR, R.ingInitiator);
  rw(RW_VOID_KIND, R.voidKind); rw(RW_VOID_FROM, R.voidFrom);
  rw(RW_ENDED, R.ended); rw(RW_END_DETAIL, R.endDetail); rw(RW_PHASE, R.fPhase); rw(RW_REQUESTER, R.fRequester);
  rw(RW_GAME_PHASE_B, R.gamePhaseB); rw(RW_GAME_PHASE_W, R.gamePhaseW);
  rw(RW_CAPTURED, lastCaptured); rw(RW_SELF_CAPTURED, lastSelfCaptured); rw(RW_NO_CHANGE, i32(B.lastNoChange));
  const h = boardHash();
  rw(RW_HASH_LO, <i32>(h & 0xffffffff)); rw(RW_HASH_HI, <i32>(h >>> 32));
  rw(RW_RECUR_FROM, R.recurFrom); rw(RW_RECUR_REPORT, i32(R.recurReport));
  const s = R.situationNow();
  rw(RW_SIT_LO, <i32>(s & 0xffffffff)); rw(RW_SIT_HI, <i32>(s >>> 32));
}

/** Starts the rule engine's game on the current position (after newGame, and loadSetup if
 *  any) under a rule set's knobs (src/rules/knobs.ts), `toMove` first, at most `cap` entries. */
export function rulesStart(suicide: i32, rep: i32, twinEarly: bool, void3: bool, zhangVoid: bool,
  passesInHash: bool, end: i32, resumeClears: bool, toMove: i32, cap: i32, journal: bool): void {
  R.useKnobs(suicide, rep, twinEarly, void3, zhangVoid, passesInHash, end, resumeClears);
  R.setKeepDigest(false); // (the solver turns it on: solve.ts solveInit)
  setJournaling(journal); // a search takes moves back (rulesUndo)
  R.logEvents = false; // the referee reports cycles itself; the simulation's batches turn it on
  R.gameStart(min(cap, maxMoves), toMove);
  writeRuling();
}

/** Rules on c's stone at (x, y) under the rule set: R_OK or why it is refused. With `commit`
 *  an accepted play is made and booked (history, repetition, cycles, the end); without, the
 *  board is left as it was. `free`: the mover plays free of the repetition rules (an eye
 *  region's attacker, src/prove/eyes.ts). REMOVED_XY holds what it removes. HISTORY_FULL: no room left. */
export function rulesPlay(x: i32, y: i32, c: i32, commit: bool, free: bool): i32 {
  const r = playRuled(x, y, c, commit, free);
  if (r == R_OK) exportRemoved();
  if (r != HISTORY_FULL && r != R_OFF_BOARD) writeRuling();
  return r;
}

/** rulesPlay without writing the ruling and the removed stones out for TypeScript: the search
 *  reads them in the core. */
export function playRuled(x: i32, y: i32, c: i32, commit: bool, free: bool): i32 {
  if (x < 0 || y < 0 || x >= width || y >= height) return R_OFF_BOARD;
  if (commit && !R.canRecord()) return HISTORY_FULL;
  R.beforeMove(c);
  if (!commit) saveSlot(0);
  const p = pointOf(x, y);
  R.refusedFrom = -1;
  const r = R.tryMove(p, c, free);
  if (r == R_OK) {
    if (commit) R.recordPlay(p, c);
    else loadSlot(0);
  }
  return r;
}

/** Takes back the latest entry of a journaled game (rulesStart with `journal`); the board is
 *  the caller's to restore. */
export function rulesUndo(): void { R.undoEntry(); }

/** A pass by c (`abandon`: Zhang's abandon move, 3.1). HISTORY_FULL: no room left. */
export function rulesPass(c: i32, abandon: bool): i32 {
  const r = passRuled(c, abandon);
  if (r == R_OK) writeRuling();
  return r;
}

/** rulesPass without writing the ruling out (the search's). */
export function passRuled(c: i32, abandon: bool): i32 {
  if (!R.canRecord()) return HISTORY_FULL;
  R.recordPass(c, abandon);
  return R_OK;
}

// ---- a record's moves in one call (corpus replay) -------------------------------------------
// MOVES_IN: u16 per move, the row-major point (y*width+x) or REPLAY_PASS, with REPLAY_WHITE set
// for a White move. rulesReplay plays them through the rule engine as rulesPlay and rulesPass
// do, and stops at the first move that needs the referee's own ruling (a refusal, a recurring
// board, a void) or at the end of play; the caller replays such a game move by move.
export const MOVES_IN: usize = memory.data(R.MAX_PLY * 2, 16);
export let replayPlayed: i32 = 0;
export let replayRequester: i32 = 0; // the latest player who asked to end (new-ing), 0: none

export function rulesReplay(n: i32, abandonFrom: i32): i32 {
  replayPlayed = 0;
  replayRequester = 0;
  let status = REPLAY_DONE;
  for (let i = 0; i < min(n, R.MAX_PLY); i++) {
    const m = <i32>load<u16>(MOVES_IN + (<usize>i << 1));
    const c = (m & REPLAY_WHITE) != 0 ? WHITE : BLACK;
    const p = m & 0x7fff;
    if (p == REPLAY_PASS) {
      if (passRuled(c, i >= abandonFrom) != R_OK) { status = REPLAY_NEEDS_REFEREE; break; }
      if (R.ended == R.END_CYCLE) { status = REPLAY_NEEDS_REFEREE; break; }
    } else {
      if (p >= width * height) { status = REPLAY_NEEDS_REFEREE; break; }
      if (playRuled(p % width, p / width, c, true, false) != R_OK || R.recurFrom >= 0 || R.voided) {
        status = REPLAY_NEEDS_REFEREE;
        break;
      }
    }
    replayPlayed = i + 1;
    if (R.fRequester != 0) replayRequester = R.fRequester;
    if (R.ended != R.END_NONE && R.ended != R.END_RECORD) { status = REPLAY_ENDED; break; }
  }
  writeRuling();
  return status;
}
