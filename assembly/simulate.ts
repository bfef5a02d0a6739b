// Simulation in WebAssembly (issue 6): whole games under a rule set's exact legality (rules.ts),
// many per call, with a cheap policy:
//   light    uniformly random among the legal moves that do not fill an own eye (DESIGN.md 2),
//            drawn without replacement from the list of empty points; pass when none is left;
//   capture  first a capture of the string the opponent's last move stands in, or of a string next
//            to an own string in atari, or an escape of such an own string by extension; else a
//            light move that is not a self-atari; else a self-atari.
// Each game's PRNG is seeded from (seed, game index) only, so batches and threads do not change
// the games. Per game: a summary, the final board, the cycle events (rules.ts) and, on request,
// the moves; paired mode replays each game's moves under other rule sets.

import { STATE, STATE_BYTES, EMPTIES, EPOS, BLACK, EMPTY, MAXP, nempty, setupBoard, numPoints, width,
  height, pointOf, pointOfXy, xyOf, colorAt, chainOf, nextOf, pitch, isOwnEye, COLOR } from "./board";
import { initZobrist } from "./zobrist";
import * as R from "./rules";
import { setJournaling } from "./journal";

export const POLICY_LIGHT: i32 = 0;
export const POLICY_CAPTURE: i32 = 1;

import { seedRng, rngU32, rngBelow, mix64 } from "./prng";

/** The PRNG state of game `game` of a run seeded `seed` (splitmix64 of the pair). */
export function seedFor(seed: u32, game: i32): u32 {
  const z = mix64((((<u64>seed) << 32) | <u64>(<u32>game)) + 0x9e3779b97f4a7c15);
  return <u32>(z ^ (z >> 32));
}

const TEMPLATE: usize = memory.data(<i32>STATE_BYTES, 16);
let cap: i32 = 0;

/** Sets the board size for the following batches. False for a side outside 2..19. */
export function simSetup(w: i32, h: i32): bool {
  initZobrist();
  if (!setupBoard(w, h)) return false;
  memory.copy(TEMPLATE, STATE, STATE_BYTES);
  cap = 3 * numPoints; // DESIGN.md 2: stop after 3 x points plies
  return true;
}

// ---- outputs --------------------------------------------------------------------------------
export const SUM_WORDS: i32 = 20;
export const MAX_RECORDS: i32 = 4096;
export const SUMMARY_OUT: usize = memory.data(MAX_RECORDS * SUM_WORDS * 4, 16);
export const BOARDS_BYTES: i32 = 3 << 19;
export const BOARDS_OUT: usize = memory.data(BOARDS_BYTES, 16); // u8 row-major colours per record
export const MOVES_WORDS: i32 = 1 << 19;
export const MOVES_OUT: usize = memory.data(MOVES_WORDS * 2, 16); // u16 y*width+x, 0xFFFF pass
export let movesLen: i32 = 0;
export const FORBIDDEN_OUT: usize = memory.data(16 * 4, 16); // i32 refused candidates by reason
export let capturePolicyMoves: i32 = 0; // moves chosen as captures or escapes, this batch
const EV_RESERVE: i32 = 1 << 15;

@inline function forbid(r: i32): void {
  const a = FORBIDDEN_OUT + (<usize>r << 2);
  store<i32>(a, load<i32>(a) + 1);
}

// ---- policies -------------------------------------------------------------------------------
@inline function dropCandidate(k: i32, m: i32): void {
  // move the rejected candidate k behind the live range 0..m-1 (m already decremented)
  const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
  const last = <i32>load<u16>(EMPTIES + (<usize>m << 1));
  store<u16>(EMPTIES + (<usize>k << 1), <u16>last);
  store<u16>(EMPTIES + (<usize>m << 1), <u16>p);
  store<u16>(EPOS + (<usize>last << 1), <u16>k);
  store<u16>(EPOS + (<usize>p << 1), <u16>m);
}

function chooseLight(c: i32): i32 {
  let m = nempty();
  while (m > 0) {
    const k = <i32>rngBelow(<u32>m);
    const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
    if (!isOwnEye(p, c)) {
      const r = R.allowed(p, c);
      if (r == R.R_OK) { R.playAllowed(p, c); return p; }
      forbid(r);
    }
    m--;
    dropCandidate(k, m);
  }
  return 0;
}

/** The one liberty of the string with representative r, or -1 when it has two or more. */
function soleLiberty(r: i32): i32 {
  const W = pitch;
  let lib = -1;
  let q = r;
  do {
    const a = q - 1, b = q + 1, d = q - W, e = q + W;
    if (colorAt(a) == EMPTY) { if (lib < 0) lib = a; else if (a != lib) return -1; }
    if (colorAt(b) == EMPTY) { if (lib < 0) lib = b; else if (b != lib) return -1; }
    if (colorAt(d) == EMPTY) { if (lib < 0) lib = d; else if (d != lib) return -1; }
    if (colorAt(e) == EMPTY) { if (lib < 0) lib = e; else if (e != lib) return -1; }
    q = nextOf(q);
  } while (q != r);
  return lib;
}

let saLib: i32 = -1;
/** Notes an empty point q as a liberty; true once two distinct liberties are known. */
@inline function saNote(q: i32, p: i32): bool {
  if (q == p || colorAt(q) != EMPTY) return false;
  if (saLib < 0) { saLib = q; return false; }
  return q != saLib;
}

/** Playing p would leave c's string with at most one liberty and capture nothing. */
function selfAtari(p: i32, c: i32): bool {
  const W = pitch;
  const opp = c ^ 3;
  saLib = -1;
  const n0 = p - 1, n1 = p + 1, n2 = p - W, n3 = p + W;
  if (saNote(n0, p) || saNote(n1, p) || saNote(n2, p) || saNote(n3, p)) return false;
  if (colorAt(n0) == opp && soleLiberty(chainOf(n0)) == p) return false;
  if (colorAt(n1) == opp && soleLiberty(chainOf(n1)) == p) return false;
  if (colorAt(n2) == opp && soleLiberty(chainOf(n2)) == p) return false;
  if (colorAt(n3) == opp && soleLiberty(chainOf(n3)) == p) return false;
  let r0 = -1, r1 = -1, r2 = -1;
  for (let i = 0; i < 4; i++) {
    const n = i == 0 ? n0 : i == 1 ? n1 : i == 2 ? n2 : n3;
    if (colorAt(n) != c) continue;
    const r = chainOf(n);
    if (r == r0 || r == r1 || r == r2) continue;
    if (r0 < 0) r0 = r; else if (r1 < 0) r1 = r; else r2 = r;
    let q = r;
    do {
      if (saNote(q - 1, p) || saNote(q + 1, p) || saNote(q - W, p) || saNote(q + W, p)) return false;
      q = nextOf(q);
    } while (q != r);
  }
  return true;
}

const CAND_MAX: i32 = 32;
const CAND: usize = memory.data(CAND_MAX * 4, 16); // i32 point
const CAND_PRI: usize = memory.data(CAND_MAX * 4, 16); // i32: 2 capture, 1 escape
let ncand: i32 = 0;
const TRIED: usize = memory.data(MAXP * 4, 16); // u32 stamp: the candidate was tried this move
const SELF_ATARI: usize = memory.data(MAXP * 4, 16); // i32 self-atari candidates kept as a fallback
let stamp: u32 = 0;

function addCandidate(p: i32, pri: i32): void {
  if (p <= 0) return;
  for (let i = 0; i < ncand; i++) {
    if (load<i32>(CAND + (<usize>i << 2)) == p) {
      if (pri > load<i32>(CAND_PRI + (<usize>i << 2))) store<i32>(CAND_PRI + (<usize>i << 2), pri);
      return;
    }
  }
  if (ncand >= CAND_MAX) return;
  store<i32>(CAND + (<usize>ncand << 2), p);
  store<i32>(CAND_PRI + (<usize>ncand << 2), pri);
  ncand++;
}

/** Own string r is in atari: its escape by extension, and captures of its attackers in atari. */
function atariReplies(r: i32, c: i32): void {
  const lib = soleLiberty(r);
  if (lib < 0) return;
  addCandidate(lib, 1);
  const W = pitch;
  const opp = c ^ 3;
  let q = r;
  do {
    for (let i = 0; i < 4; i++) {
      const n = i == 0 ? q - 1 : i == 1 ? q + 1 : i == 2 ? q - W : q + W;
      if (colorAt(n) == opp) addCandidate(soleLiberty(chainOf(n)), 2);
    }
    q = nextOf(q);
  } while (q != r);
}

function chooseCapture(c: i32): i32 {
  const opp = c ^ 3;
  const W = pitch;
  stamp++;
  if (stamp == 0) { memory.fill(TRIED, 0, <usize>MAXP * 4); stamp = 1; }
  ncand = 0;
  const L = R.lastPlyPoint();
  if (L > 0 && colorAt(L) == opp) {
    addCandidate(soleLiberty(chainOf(L)), 2); // capture the stone just played
    for (let i = 0; i < 4; i++) {
      const n = i == 0 ? L - 1 : i == 1 ? L + 1 : i == 2 ? L - W : L + W;
      if (colorAt(n) == c) atariReplies(chainOf(n), c);
    }
  }
  for (let pri = 2; pri >= 1; pri--) {
    while (true) {
      let n = 0;
      for (let i = 0; i < ncand; i++) if (load<i32>(CAND_PRI + (<usize>i << 2)) == pri) n++;
      if (n == 0) break;
      let k = <i32>rngBelow(<u32>n);
      let idx = 0;
      for (let i = 0; i < ncand; i++) {
        if (load<i32>(CAND_PRI + (<usize>i << 2)) != pri) continue;
        if (k == 0) { idx = i; break; }
        k--;
      }
      const p = load<i32>(CAND + (<usize>idx << 2));
      store<i32>(CAND_PRI + (<usize>idx << 2), 0);
      if (load<u32>(TRIED + (<usize>p << 2)) == stamp) continue;
      store<u32>(TRIED + (<usize>p << 2), stamp);
      if (isOwnEye(p, c)) continue;
      if (pri == 1 && selfAtari(p, c)) continue;
      const r = R.tryMove(p, c);
      if (r == R.R_OK) { capturePolicyMoves++; return p; }
      forbid(r);
    }
  }
  // a light move that is not a self-atari; self-ataris are kept, in drawing order, as a fallback
  let m = nempty();
  let nsa = 0;
  while (m > 0) {
    const k = <i32>rngBelow(<u32>m);
    const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
    if (load<u32>(TRIED + (<usize>p << 2)) != stamp && !isOwnEye(p, c)) {
      if (selfAtari(p, c)) {
        store<i32>(SELF_ATARI + (<usize>nsa << 2), p);
        nsa++;
      } else {
        const r = R.tryMove(p, c);
        if (r == R.R_OK) return p;
        forbid(r);
      }
    }
    m--;
    dropCandidate(k, m);
  }
  for (let i = 0; i < nsa; i++) {
    const p = load<i32>(SELF_ATARI + (<usize>i << 2));
    const r = R.tryMove(p, c);
    if (r == R.R_OK) return p;
    forbid(r);
  }
  return 0;
}

// ---- games ----------------------------------------------------------------------------------
function playGame(policy: i32): void {
  memory.copy(STATE, TEMPLATE, STATE_BYTES);
  R.gameStart(cap, BLACK);
  let c = BLACK;
  while (true) {
    if (R.plies >= R.maxPlies) { R.recordEnds(); break; }
    R.beforeMove(c);
    const p = policy == POLICY_CAPTURE ? chooseCapture(c) : chooseLight(c);
    if (p > 0) R.recordPlay(p, c);
    else if (R.stuckAtPause()) { R.recordEnds(); break; } // grand: suspended, nobody resumes
    else if (R.passEndsAsAbandon()) R.recordFinalAbandon(c);
    else R.recordPass(c, false);
    if (R.ended != R.END_NONE) break;
    c ^= 3;
  }
}

/** Replays n moves (u16 y*width+x, 0xFFFF pass; Black first) under the current rules, as the
 *  referee replays a record: the first illegal move ends it; the record's end is read as
 *  the referee reads it (Zhang's last two passes are abandon moves). */
function replay(src: usize, n: i32): void {
  memory.copy(STATE, TEMPLATE, STATE_BYTES);
  R.gameStart(max(cap, n + 2), BLACK);
  if (n > R.maxPlies) n = R.maxPlies;
  let abandonFrom = n;
  if (R.kEnd == R.FLOW_ZHANG_VIRTUAL && n >= 2 && load<u16>(src + (<usize>(n - 1) << 1)) == 0xffff &&
    load<u16>(src + (<usize>(n - 2) << 1)) == 0xffff) abandonFrom = n - 2;
  let c = BLACK;
  for (let i = 0; i < n; i++) {
    if (R.ended != R.END_NONE) break;
    const mv = <i32>load<u16>(src + (<usize>i << 1));
    if (mv == 0xffff) {
      R.recordPass(c, i >= abandonFrom);
    } else {
      const p = pointOfXy(mv);
      R.beforeMove(c);
      const r = R.tryMove(p, c);
      if (r != R.R_OK) { R.recordIllegal(r, i + 1); break; }
      R.recordPlay(p, c);
    }
    c ^= 3;
  }
  if (R.ended == R.END_NONE) R.recordEnds();
}

// flags of a summary
const F_VOID: i32 = 1;
const F_CAPPED: i32 = 2;
const F_PAUSED: i32 = 4;

function writeSummary(k: i32, game: i32, capped: bool, movesOffset: i32): void {
  const a = SUMMARY_OUT + <usize>(k * SUM_WORDS * 4);
  store<i32>(a, game);
  store<i32>(a + 4, R.plies);
  store<i32>(a + 8, R.stonePlays);
  store<i32>(a + 12, R.ended);
  store<i32>(a + 16, R.endAt);
  store<i32>(a + 20, (R.voided ? F_VOID : 0) | (capped ? F_CAPPED : 0) | (R.pausedNow() ? F_PAUSED : 0));
  store<i32>(a + 24, R.blackPrisoners());
  store<i32>(a + 28, R.whitePrisoners());
  store<i32>(a + 32, R.passesB);
  store<i32>(a + 36, R.passesW);
  store<i32>(a + 40, R.gamePhaseB);
  store<i32>(a + 44, R.gamePhaseW);
  store<i32>(a + 48, R.fRequester);
  store<i32>(a + 52, R.illegalReason);
  store<i32>(a + 56, movesOffset);
  store<i32>(a + 60, R.gameEvents);
  store<i32>(a + 64, R.ingCycles);
  store<i32>(a + 68, R.stonePlaysB);
  store<i32>(a + 72, R.trivialCycles);
  store<i32>(a + 76, R.firstTrivialAt);
  const points = width * height;
  const b = BOARDS_OUT + <usize>(k * points);
  // a row of the board is a run of the mailbox (board.ts): one copy per row
  for (let y = 0; y < height; y++) memory.copy(b + <usize>(y * width), COLOR + <usize>pointOf(0, y), <usize>width);
}

function copyMoves(dst: usize): void {
  for (let t = 1; t <= R.plies; t++) {
    const p = R.plyPoint(t);
    store<u16>(dst + (<usize>(t - 1) << 1), <u16>(p > 0 ? xyOf(p) : 0xffff));
  }
}

/**
 * Plays games first..first+count-1 under the rules in `slot` with `policy`. Writes a summary and
 * the final board per game (record i * stride, stride = 1 + the number of paired slots), the cycle
 * events (rules.ts) and the refused candidates by reason; with keepMoves, the moves (MOVES_OUT,
 * offset in the summary). With pairMask, each game's moves are also replayed under every other
 * slot in the mask (records i * stride + 1.. in slot order). With trivialApart, trivial pass
 * cycles are counted in the summaries rather than logged as events. Returns the games done: fewer than
 * count when an output buffer is nearly full (call again for the rest).
 */
export function simulateBatch(slot: i32, first: i32, count: i32, seed: u32, policy: i32, keepMoves: bool,
  pairMask: i32, trivialApart: bool): i32 {
  R.trivialApart = trivialApart;
  setJournaling(false); // no move is taken back here
  R.resetEvents();
  movesLen = 0;
  capturePolicyMoves = 0;
  memory.fill(FORBIDDEN_OUT, 0, 64);
  const pairs = pairMask & ~(1 << slot);
  const stride = 1 + <i32>popcnt(pairs);
  const points = width * height;
  for (let i = 0; i < count; i++) {
    if ((i + 1) * stride > MAX_RECORDS || (i + 1) * stride * points > BOARDS_BYTES) return i;
    if (R.evLen + EV_RESERVE > R.EV_WORDS) return i;
    if ((keepMoves || pairs != 0) && movesLen + cap + 2 > MOVES_WORDS) return i;
    const game = first + i;
    R.useRules(slot);
    R.logEvents = true;
    R.setGameIndex(game);
    seedRng(seedFor(seed, game));
    playGame(policy);
    const capped = R.ended == R.END_RECORD && R.plies >= R.maxPlies;
    let off = -1;
    if (keepMoves || pairs != 0) {
      off = movesLen;
      copyMoves(MOVES_OUT + (<usize>off << 1));
      if (keepMoves) movesLen += R.plies;
    }
    writeSummary(i * stride, game, capped, off);
    if (pairs != 0) {
      const n = R.plies;
      let k = 1;
      R.logEvents = false;
      for (let b = 0; b < 16; b++) {
        if (((pairs >> b) & 1) == 0) continue;
        R.useRules(b);
        replay(MOVES_OUT + (<usize>off << 1), n);
        writeSummary(i * stride + k, game, false, off);
        k++;
      }
    }
  }
  return count;
}

/** Replays n moves from MOVES_OUT under the rules in `slot` (record 0 of the outputs). */
export function replayMoves(slot: i32, n: i32): void {
  setJournaling(false);
  R.trivialApart = false;
  R.resetEvents();
  R.useRules(slot);
  R.logEvents = true;
  R.setGameIndex(0);
  replay(MOVES_OUT, min(n, MOVES_WORDS));
  writeSummary(0, 0, false, 0);
}
