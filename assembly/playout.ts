// Light playouts entirely inside WebAssembly (DESIGN.md 2): uniformly random among the legal
// moves that do not fill an own eye, drawn without replacement from the incremental list of
// empty points (mulberry32); pass when none is left; stop after two consecutive passes or
// 3 x points plies.

import { STATE, STATE_BYTES, EMPTIES, EPOS, BLACK, WHITE, R_OK, EMPTY, colorAt, nextOf, SUICIDE_FORBIDDEN,
  REMOVED, probe, commit, passMove, isOwnEye, nempty, boardHash, setupBoard, numPoints, pitch, width,
  lastCaptured, xyOf } from "./board";
import * as B from "./board";
import { KO_SIMPLE, KO_PSK, KO_SSK } from "./codes";
import { initZobrist, sideKeyFor } from "./zobrist";
import { resetHistory, pushHistory, pushPositionOnly, pushSituationOnly, lastPositionIndex, koRefusal } from "./history";
import { areaDifference, countOwners, OWNER } from "./score";

import { rngState, seedRng, rngBelow } from "./prng";

const TEMPLATE: usize = memory.data(<i32>STATE_BYTES, 16);

// the playouts' rules: suicide forbidden, and the run's repetition rule (KO_SIMPLE, KO_PSK, KO_SSK)
let playoutKo: i32 = KO_SIMPLE;

/** Plays c at p when the playouts' rules allow it. */
@inline function playOut(p: i32, c: i32): bool {
  if (probe(p, c, SUICIDE_FORBIDDEN) != R_OK || koRefusal(playoutKo, c) != R_OK) return false;
  commit(p, c);
  return true;
}

// Totals of the last runPlayouts call, read by TypeScript.
export let statGames: i32 = 0;
export let statMoves: f64 = 0; // stone plays
export let statPlies: f64 = 0; // stone plays + passes
export let statCapped: i32 = 0; // games stopped by the ply cap
export let statStones: f64 = 0; // stones left on the board, summed
export let statBlackAreaWins: i32 = 0; // Tromp-Taylor area difference > 0 (no komi)
export let statWhiteAreaWins: i32 = 0;

// ---- cycle bookkeeping (issue: cycles) ------------------------------------------------------
// With `logCycles`, every ply's move and captures are kept for the current game, and each new
// recurrence of a board position (any side to move) is written to EVENTS for TypeScript to
// classify per batch. Layout of one event (u16 words):
//   [rngLo, rngHi, gameLo, gameHi, s, t, ... for each ply s+1..t: point, colour, n, n capture points]
// where point is y*width+x (0xFFFF for a pass; the per-ply log keeps the core's own numbering, and
// only a logged cycle pays for the conversion) and rng* is the PRNG state at the game's start, so
// the whole game can be replayed (replayPlayout) to save it as SGF.
const MAX_PLIES: i32 = 3 * 19 * 19 + 2;
export const PLY_POINT: usize = memory.data(MAX_PLIES * 2, 16); // u16 per ply (index = ply number, 1-based)
const PLY_CAP_START: usize = memory.data(MAX_PLIES * 4, 16); // i32 offset into CAP_LOG
const PLY_NCAP: usize = memory.data(MAX_PLIES * 2, 16); // u16
const CAP_LOG_WORDS: i32 = 1 << 16;
const CAP_LOG: usize = memory.data(CAP_LOG_WORDS * 2, 16); // u16 core points of captured stones
export const EVENTS_WORDS: i32 = 1 << 20;
export const EVENTS: usize = memory.data(EVENTS_WORDS * 2, 16);
export let eventsLength: i32 = 0; // words used
export let eventCount: i32 = 0;
export let eventsDropped: i32 = 0; // events that did not fit (the batch should be smaller)
export let lastGamePlies: i32 = 0;


/** Writes the cycle s..t of the current game as one event; false when EVENTS is full. */
function logCycle(startState: u32, game: i32, s: i32, t: i32, first: i32): bool {
  let need = 6;
  for (let k = s + 1; k <= t; k++) need += 3 + <i32>load<u16>(PLY_NCAP + (<usize>k << 1));
  if (eventsLength + need > EVENTS_WORDS) return false;
  let o = EVENTS + (<usize>eventsLength << 1);
  store<u16>(o, <u16>(startState & 0xffff)); store<u16>(o + 2, <u16>(startState >> 16));
  store<u16>(o + 4, <u16>(game & 0xffff)); store<u16>(o + 6, <u16>(game >>> 16));
  store<u16>(o + 8, <u16>s); store<u16>(o + 10, <u16>t);
  o += 12;
  for (let k = s + 1; k <= t; k++) {
    const n = <i32>load<u16>(PLY_NCAP + (<usize>k << 1));
    const point = <i32>load<u16>(PLY_POINT + (<usize>k << 1));
    store<u16>(o, <u16>(point == 0xffff ? 0xffff : xyOf(point)));
    // ply k's colour: Black plays the odd plies from the start (first = BLACK)
    store<u16>(o + 2, <u16>((k & 1) == 1 ? first : first ^ 3));
    store<u16>(o + 4, <u16>n);
    o += 6;
    const from = load<i32>(PLY_CAP_START + (<usize>k << 2));
    for (let j = 0; j < n; j++) {
      store<u16>(o, <u16>xyOf(<i32>load<u16>(CAP_LOG + (<usize>(from + j) << 1))));
      o += 2;
    }
  }
  eventsLength += need;
  eventCount++;
  return true;
}

/** Moves the rejected candidate p (at index k of the m live empty points) behind the live range. */
@inline function dropCandidate(k: i32, m: i32, p: i32): void {
  const last = <i32>load<u16>(EMPTIES + (<usize>m << 1));
  store<u16>(EMPTIES + (<usize>k << 1), <u16>last);
  store<u16>(EMPTIES + (<usize>m << 1), <u16>p);
  store<u16>(EPOS + (<usize>last << 1), <u16>k);
  store<u16>(EPOS + (<usize>p << 1), <u16>m);
}

/** One light-playout move for c (DESIGN.md 2): a uniformly random legal point that is not an own
 *  eye, drawn without replacement from the empty list; -1 when there is none (the caller passes). */
@inline function lightMove(c: i32): i32 {
  let m = nempty();
  while (m > 0) {
    const k = <i32>rngBelow(<u32>m);
    const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
    if (!isOwnEye(p, c) && playOut(p, c)) return p;
    m--;
    dropCandidate(k, m, p);
  }
  return -1;
}

// ---- ownership: who ends up with each point when a position is played out at random ----------
/** i32 per point (row-major y*width+x): playouts the point ended Black's minus those it ended
 *  White's (a stone, or an empty region touching one colour only), from the last runOwnership. */
export const OWNERSHIP: usize = memory.data(19 * 19 * 4, 16);

// Ownership policies: light (uniform, as lightMove), or tactical: light play that answers the
// last move's ataris (takes a string it left in atari, extends a string of its own it put in
// atari) and never puts its own string of two or more stones in atari. Uniform play reads a
// living group in a finished game as weak (its wall is self-ataried, its cutting stones left in
// atari for many plies) and a dead one as alive: the estimate chooses what to prove and counts
// what no proof settled.
export const POLICY_LIGHT: i32 = 0;
export const POLICY_TACTICAL: i32 = 1;

// the distinct liberties found by the last libertiesUpTo / libertiesAfter call (at most 2 kept)
let libA: i32 = 0;
let libN: i32 = 0;
@inline function addLib(q: i32): void {
  if (libN == 0) { libA = q; libN = 1; } else if (libN == 1 && q != libA) libN = 2;
}

/** The distinct liberties of the string at s, counted up to two (the first in libA). */
function libertiesUpTo2(s: i32): i32 {
  const W = pitch;
  libN = 0;
  let q = s;
  do {
    if (colorAt(q - 1) == EMPTY) addLib(q - 1);
    if (colorAt(q + 1) == EMPTY) addLib(q + 1);
    if (colorAt(q - W) == EMPTY) addLib(q - W);
    if (colorAt(q + W) == EMPTY) addLib(q + W);
    if (libN >= 2) return 2;
    q = nextOf(q);
  } while (q != s);
  return libN;
}

/** The liberties (up to two) of c's string after a play at the empty point p, and whether p
 *  joins a string of c's: found without playing (empty neighbours, the liberties of the strings
 *  it joins other than p, and the points of opponent strings it captures). */
let joinsOwn: bool = false;
function libertiesAfter(p: i32, c: i32): i32 {
  const W = pitch;
  let n = 0, a = 0;
  joinsOwn = false;
  for (let k = 0; k < 4; k++) {
    const q = k == 0 ? p - 1 : k == 1 ? p + 1 : k == 2 ? p - W : p + W;
    const cq = colorAt(q);
    if (cq == EMPTY) {
      if (n == 0) { a = q; n = 1; } else if (q != a) return 2;
    } else if (cq == c) {
      joinsOwn = true;
      let s = q;
      do {
        for (let j = 0; j < 4; j++) {
          const t = j == 0 ? s - 1 : j == 1 ? s + 1 : j == 2 ? s - W : s + W;
          if (t != p && colorAt(t) == EMPTY) {
            if (n == 0) { a = t; n = 1; } else if (t != a) return 2;
          }
        }
        s = nextOf(s);
      } while (s != q);
    } else if (cq == (c ^ 3)) {
      // a capture frees the captured stone's point next to p
      if (libertiesUpTo2(q) == 1) { if (n == 0) { a = q; n = 1; } else if (q != a) return 2; }
    }
  }
  return n;
}

/** A tactical answer to the opponent's last move at `last` for c, or -1: take the string the
 *  move left in atari, else extend a string of c's next to it that it put in atari (when the
 *  extension gains liberties). */
function tacticalMove(c: i32, last: i32): i32 {
  const W = pitch;
  if (colorAt(last) == (c ^ 3) && libertiesUpTo2(last) == 1) {
    const l = libA;
    if (playOut(l, c)) return l;
  }
  for (let k = 0; k < 4; k++) {
    const q = k == 0 ? last - 1 : k == 1 ? last + 1 : k == 2 ? last - W : last + W;
    if (colorAt(q) != c || libertiesUpTo2(q) != 1) continue;
    const l = libA;
    if (libertiesAfter(l, c) >= 2 && playOut(l, c)) return l;
  }
  return -1;
}

/** A light move for c that does not put a string of two or more of c's stones in atari. */
function tacticalLightMove(c: i32): i32 {
  let m = nempty();
  while (m > 0) {
    const k = <i32>rngBelow(<u32>m);
    const p = <i32>load<u16>(EMPTIES + (<usize>k << 1));
    if (!isOwnEye(p, c) && !(libertiesAfter(p, c) <= 1 && joinsOwn) && playOut(p, c)) return p;
    m--;
    dropCandidate(k, m, p);
  }
  return -1;
}

/**
 * Plays `games` playouts from the current position, `toMove` first, with simple ko and suicide
 * forbidden, under `policy` (POLICY_LIGHT or POLICY_TACTICAL), and sums each point's final
 * owner into OWNERSHIP. The position, the knobs and the history are left as they were: this is
 * an estimate for choosing what to prove, never a ruling.
 */
export function runOwnership(games: i32, seed: u32, toMove: i32, policy: i32): void {
  playoutKo = KO_SIMPLE;
  memory.copy(TEMPLATE, STATE, STATE_BYTES);
  const n = width * B.height;
  memory.fill(OWNERSHIP, 0, <usize>n * 4);
  seedRng(seed);
  const cap = 3 * numPoints;
  for (let g = 0; g < games; g++) {
    memory.copy(STATE, TEMPLATE, STATE_BYTES);
    let c = toMove, passes = 0, plies = 0, last = -1;
    while (passes < 2 && plies < cap) {
      let p = -1;
      if (policy == POLICY_TACTICAL) {
        if (last > 0) p = tacticalMove(c, last);
        if (p < 0) p = tacticalLightMove(c);
      } else p = lightMove(c);
      if (p >= 0) passes = 0; else { passes++; passMove(); }
      last = p;
      c ^= 3;
      plies++;
    }
    countOwners(0);
    for (let i = 0; i < n; i++) {
      const o = <i32>load<u8>(OWNER + <usize>i);
      if (o == 1 || o == 2) {
        const a = OWNERSHIP + (<usize>i << 2);
        store<i32>(a, load<i32>(a) + (o == 1 ? 1 : -1));
      }
    }
  }
  memory.copy(STATE, TEMPLATE, STATE_BYTES);
}

/** Plays `games` light playouts on a w x h board from the seed. ko: KO_SIMPLE, KO_PSK, KO_SSK.
 *  withScore adds an area count per game. Returns false for a bad size. */
export function runPlayouts(w: i32, h: i32, games: i32, seed: u32, ko: i32, withScore: bool): bool {
  return playouts(w, h, games, seed, ko, withScore, false);
}

/** As runPlayouts, also logging every cycle (board recurrence) to EVENTS. */
export function runPlayoutsLoggingCycles(w: i32, h: i32, games: i32, seed: u32, ko: i32): bool {
  eventsLength = 0;
  eventCount = 0;
  eventsDropped = 0;
  return playouts(w, h, games, seed, ko, false, true);
}

/** Plays one game from a PRNG state (from a cycle event), keeping every ply in PLY_POINT. */
export function replayPlayout(w: i32, h: i32, state: u32, ko: i32): bool {
  eventsLength = 0;
  eventCount = 0;
  if (!playouts(w, h, 1, state, ko, false, true)) return false;
  for (let k = 1; k <= lastGamePlies; k++) {
    const point = <i32>load<u16>(PLY_POINT + (<usize>k << 1));
    if (point != 0xffff) store<u16>(PLY_POINT + (<usize>k << 1), <u16>xyOf(point));
  }
  return true;
}

@inline function playouts(w: i32, h: i32, games: i32, seed: u32, ko: i32, withScore: bool, logCycles: bool): bool {
  initZobrist();
  if (!setupBoard(w, h)) return false;
  playoutKo = ko;
  memory.copy(TEMPLATE, STATE, STATE_BYTES);
  const cap = 3 * numPoints;
  const superko = ko == KO_PSK || ko == KO_SSK;
  const history = superko || logCycles;
  seedRng(seed);
  statGames = 0; statMoves = 0; statPlies = 0; statCapped = 0; statStones = 0;
  statBlackAreaWins = 0; statWhiteAreaWins = 0;
  for (let g = 0; g < games; g++) {
    memory.copy(STATE, TEMPLATE, STATE_BYTES);
    if (history) resetHistory(boardHash(), boardHash(), cap);
    const startState = rngState;
    let c = BLACK, passes = 0, plies = 0, moves = 0;
    let capUsed = 0;
    let loopS = -10, loopT = -10; // the latest cycle logged, to log a repeating loop once
    while (passes < 2 && plies < cap) {
      const played_p = lightMove(c);
      const played = played_p >= 0;
      if (played) { passes = 0; moves++; } else { passes++; passMove(); }
      c ^= 3;
      plies++;
      if (logCycles) {
        const t = plies;
        // board points as the core numbers them: converted to y*width+x only for a logged cycle
        store<u16>(PLY_POINT + (<usize>t << 1), <u16>(played ? played_p : 0xffff));
        const n = played ? lastCaptured : 0;
        store<u16>(PLY_NCAP + (<usize>t << 1), <u16>n);
        store<i32>(PLY_CAP_START + (<usize>t << 2), capUsed);
        // (most plies capture nothing: no copy for them)
        if (n > 0 && capUsed + n <= CAP_LOG_WORDS) {
          memory.copy(CAP_LOG + (<usize>capUsed << 1), REMOVED, <usize>n << 1);
          capUsed += n;
        }
      }
      if (history) {
        // one probe records the position and finds where it stood before (board recurrence);
        // ssk needs the situation table, and the cycle log the board table as well
        let s = -1;
        if (ko != KO_SSK) s = pushPositionOnly(boardHash());
        else if (!logCycles) pushSituationOnly(boardHash() ^ sideKeyFor(c));
        else {
          s = lastPositionIndex(boardHash());
          pushHistory(boardHash(), boardHash() ^ sideKeyFor(c));
        }
        // a board recurring after a play closes a cycle; a pass repeats the board trivially
        if (logCycles && played && s >= 0) {
          const t = plies;
          if (!(s - loopS == t - loopT)) {
            if (!logCycle(startState, g, s, t, BLACK)) eventsDropped++;
          }
          loopS = s; loopT = t;
        }
      }
    }
    lastGamePlies = plies;
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
