// The board: pure mechanics (stones, strings, captures, hash). It knows no rule set: suicide is
// a parameter of the probe, and ko and superko belong to whoever keeps the history.
//
// Layout: a mailbox of (height+2) rows with pitch width+1; the border column is shared by
// neighbouring rows, so the neighbours of p are p-1, p+1, p-PITCH, p+PITCH. The same index is the
// bit index of the bitboards (7 x u64 = 448 bits >= 21*20+1 for 19x19).
//
// Strings are circular linked lists of stones with a representative (CHAIN) holding the size and
// the pseudo-liberty count (LIBS: the number of (stone, empty neighbour) pairs). Pseudo-liberties
// answer exactly the two questions play asks: "is the string captured?" (count == 0) and, after
// p's adjacencies are subtracted, "does it keep a liberty other than p?" (count > 0).
// Empty points and border points have CHAIN 0: a dummy string whose counters are never read.
//
// All board state lives in one block of linear memory (STATE) so that a position is saved and
// restored with one memory.copy (copy-make for the search).

import { zobristKey, sideKeyFor } from "./zobrist";

// colours, sides, the suicide modes and the probe's results: the shared table (codes.ts)
import { EMPTY, BLACK, WHITE, MAX_SIDE, MIN_CORE_SIDE, SUICIDE_FORBIDDEN, SUICIDE_MULTI_STONE, SUICIDE_ALLOWED, R_OK, R_OCCUPIED, R_SUICIDE, R_OFF_BOARD } from "./codes";
export { EMPTY, BLACK, WHITE, MAX_SIDE, SUICIDE_FORBIDDEN, SUICIDE_MULTI_STONE, SUICIDE_ALLOWED, R_OK, R_OCCUPIED, R_SUICIDE, R_OFF_BOARD };
export const BORDER: i32 = 3;

export const MAXP: i32 = 448;
export const BB_WORDS: i32 = 7;

// ---- the state block -------------------------------------------------------------------
const OFF_COLOR: usize = 0; // u8[MAXP]
const OFF_CHAIN: usize = OFF_COLOR + <usize>MAXP; // u16[MAXP]
const OFF_NEXT: usize = OFF_CHAIN + <usize>MAXP * 2; // u16[MAXP]
const OFF_SIZE: usize = OFF_NEXT + <usize>MAXP * 2; // u16[MAXP], valid at the representative
const OFF_LIBS: usize = OFF_SIZE + <usize>MAXP * 2; // i16[MAXP], valid at the representative
const OFF_EMPTIES: usize = OFF_LIBS + <usize>MAXP * 2; // u16[MAXP], unordered list of empty points
const OFF_EPOS: usize = OFF_EMPTIES + <usize>MAXP * 2; // u16[MAXP], index of p in EMPTIES
const OFF_BB: usize = OFF_EPOS + <usize>MAXP * 2; // u64[2][7]: black, white stones
const OFF_SCALARS: usize = OFF_BB + 2 * <usize>BB_WORDS * 8;
const OFF_HASH: usize = OFF_SCALARS; // u64 board hash
const OFF_PREV_HASH: usize = OFF_SCALARS + 8; // u64 board hash before the last move
const OFF_NEMPTY: usize = OFF_SCALARS + 16; // i32
const OFF_CAPS_B: usize = OFF_SCALARS + 20; // i32 stones Black has captured (prisoners)
const OFF_CAPS_W: usize = OFF_SCALARS + 24; // i32
export const STATE_BYTES: usize = OFF_SCALARS + 32;

export const STATE: usize = memory.data(<i32>STATE_BYTES, 16);
/** The bitboards and scalars: the tail of the state from OFF_BB on. */
const TAIL_BYTES: usize = STATE_BYTES - OFF_BB;
/** The bytes a search keeps per ply besides the journal: the bitboards and scalars. */
export const TAIL_SLOT: usize = (TAIL_BYTES + 15) & ~15;

// ---- the mailbox's undo journal (searches) ----------------------------------------------------
// A search takes every move back. Each write to the mailbox (colour, string links, sizes,
// liberties) notes the old value first, and rewinding writes them back newest first; the
// bitboards and scalars, a small block, are copied per ply. The cost of a move is then what it
// writes, not the size of the board. Not the empty-point list, which only the playouts read: a
// search leaves it stale, and a new setup rebuilds it. Only the rule engine's moves in a search
// write it (commit's `j`, the rule engine's journaling); elsewhere `j` is a constant false and the
// notes compile away.
let bjLen: i32 = 0;
const BJ_CAP: i32 = 1 << 19;
/** Room kept free for one move's notes (a capture of the whole board writes about 3,000). */
const BJ_RESERVE: i32 = 8192;
const BJOURNAL: usize = memory.data(BJ_CAP * 8, 16); // per entry: u32 address (top bit: a byte), u16 old value
const BJ_BYTE: u32 = 0x80000000;

/** A search's start: nothing to take back yet. */
export function boardJournalReset(): void { bjLen = 0; }
@inline export function boardMark(): i32 { return bjLen; }
@inline export function boardJournalFull(): bool { return bjLen > BJ_CAP - BJ_RESERVE; }
@inline function note16(a: usize, j: bool): void {
  if (!j || bjLen >= BJ_CAP) return;
  const e = BJOURNAL + (<usize>bjLen << 3);
  store<u32>(e, <u32>a);
  store<u16>(e + 4, load<u16>(a));
  bjLen++;
}
@inline function note8(a: usize, j: bool): void {
  if (!j || bjLen >= BJ_CAP) return;
  const e = BJOURNAL + (<usize>bjLen << 3);
  store<u32>(e, <u32>a | BJ_BYTE);
  store<u16>(e + 4, <u16>load<u8>(a));
  bjLen++;
}

/** Keeps the bitboards and scalars at dst (TAIL_SLOT bytes). */
export function saveTail(dst: usize): void { memory.copy(dst, STATE + OFF_BB, TAIL_BYTES); }

/** Writes back every mailbox entry noted since `mark`, newest first, and the tail kept at src. */
export function rewindBoard(mark: i32, src: usize): void {
  while (bjLen > mark) {
    bjLen--;
    const e = BJOURNAL + (<usize>bjLen << 3);
    const a = load<u32>(e);
    if ((a & BJ_BYTE) != 0) store<u8>(<usize>(a & ~BJ_BYTE), <u8>load<u16>(e + 4));
    else store<u16>(<usize>a, load<u16>(e + 4));
  }
  memory.copy(STATE + OFF_BB, src, TAIL_BYTES);
}
export const COLOR: usize = STATE + OFF_COLOR;
export const CHAIN: usize = STATE + OFF_CHAIN;
const NEXT: usize = STATE + OFF_NEXT;
const SIZE: usize = STATE + OFF_SIZE;
const LIBS: usize = STATE + OFF_LIBS;
export const EMPTIES: usize = STATE + OFF_EMPTIES;
export const EPOS: usize = STATE + OFF_EPOS;
export const BB_STONES: usize = STATE + OFF_BB; // + (color-1)*56

// Points removed by the last play: captured opponent stones first, then own (suicide) stones.
export const REMOVED: usize = memory.data(MAXP * 2, 16);
export let lastCaptured: i32 = 0;
export let lastSelfCaptured: i32 = 0;
export let lastNoChange: bool = false; // the last play left the board as it was (single-stone suicide)
export let lastHashAfter: u64 = 0; // board hash the latest probed play gives (also on a refused suicide)

// Geometry (not part of the state: fixed for a game).
export let width: i32 = 0;
export let height: i32 = 0;
export let pitch: i32 = 0;
export let numPoints: i32 = 0;
export const BB_ONBOARD: usize = memory.data(BB_WORDS * 8, 16);


// ---- accessors ---------------------------------------------------------------------------
@inline export function colorAt(p: i32): i32 { return <i32>load<u8>(COLOR + <usize>p); }
@inline function setColor(p: i32, c: i32, j: bool): void { note8(COLOR + <usize>p, j); store<u8>(COLOR + <usize>p, <u8>c); }
@inline export function chainOf(p: i32): i32 { return <i32>load<u16>(CHAIN + (<usize>p << 1)); }
@inline function setChain(p: i32, r: i32, j: bool): void { note16(CHAIN + (<usize>p << 1), j); store<u16>(CHAIN + (<usize>p << 1), <u16>r); }
@inline export function nextOf(p: i32): i32 { return <i32>load<u16>(NEXT + (<usize>p << 1)); }
@inline function setNext(p: i32, q: i32, j: bool): void { note16(NEXT + (<usize>p << 1), j); store<u16>(NEXT + (<usize>p << 1), <u16>q); }
@inline export function sizeOf(r: i32): i32 { return <i32>load<u16>(SIZE + (<usize>r << 1)); }
@inline function setSize(r: i32, n: i32, j: bool): void { note16(SIZE + (<usize>r << 1), j); store<u16>(SIZE + (<usize>r << 1), <u16>n); }
@inline export function libsOf(r: i32): i32 { return <i32>load<i16>(LIBS + (<usize>r << 1)); }
@inline function addLibs(r: i32, d: i32, j: bool): void {
  const a = LIBS + (<usize>r << 1);
  note16(a, j);
  store<i16>(a, <i16>(<i32>load<i16>(a) + d));
}
@inline function setLibs(r: i32, n: i32, j: bool): void { note16(LIBS + (<usize>r << 1), j); store<i16>(LIBS + (<usize>r << 1), <i16>n); }

@inline export function boardHash(): u64 { return load<u64>(STATE + OFF_HASH); }
@inline function setBoardHash(h: u64): void { store<u64>(STATE + OFF_HASH, h); }
@inline export function prevHash(): u64 { return load<u64>(STATE + OFF_PREV_HASH); }
@inline export function setPrevHash(h: u64): void { store<u64>(STATE + OFF_PREV_HASH, h); }
@inline export function nempty(): i32 { return load<i32>(STATE + OFF_NEMPTY); }
@inline function setNempty(n: i32): void { store<i32>(STATE + OFF_NEMPTY, n); }
@inline export function prisoners(c: i32): i32 { return load<i32>(STATE + (c == BLACK ? OFF_CAPS_B : OFF_CAPS_W)); }
@inline function addPrisoners(c: i32, n: i32): void {
  const a = STATE + (c == BLACK ? OFF_CAPS_B : OFF_CAPS_W);
  store<i32>(a, load<i32>(a) + n);
}

@inline function bbSet(c: i32, p: i32): void {
  const a = BB_STONES + <usize>(c - 1) * 56 + (<usize>(p >> 6) << 3);
  store<u64>(a, load<u64>(a) | (<u64>1 << <u64>(p & 63)));
}
@inline function bbClear(c: i32, p: i32): void {
  const a = BB_STONES + <usize>(c - 1) * 56 + (<usize>(p >> 6) << 3);
  store<u64>(a, load<u64>(a) & ~(<u64>1 << <u64>(p & 63)));
}

@inline function emptyRemove(p: i32): void {
  const i = <i32>load<u16>(EPOS + (<usize>p << 1));
  const n = nempty() - 1;
  const last = <i32>load<u16>(EMPTIES + (<usize>n << 1));
  store<u16>(EMPTIES + (<usize>i << 1), <u16>last);
  store<u16>(EPOS + (<usize>last << 1), <u16>i);
  setNempty(n);
}
@inline function emptyAdd(p: i32): void {
  const n = nempty();
  store<u16>(EPOS + (<usize>p << 1), <u16>n);
  store<u16>(EMPTIES + (<usize>n << 1), <u16>p);
  setNempty(n + 1);
}

// the one pair of point-index helpers: (x, y) from the top left <-> the mailbox point, and the
// mailbox point <-> the row-major index y*width+x that TypeScript uses
export function pointOf(x: i32, y: i32): i32 { return (y + 1) * pitch + x + 1; }
@inline export function xyOf(p: i32): i32 { return (p / pitch - 1) * width + (p % pitch - 1); }
@inline export function pointOfXy(i: i32): i32 { return pointOf(i % width, i / width); }

// ---- setup ---------------------------------------------------------------------------------
/** Clears the board to width x height. Returns false when a side is outside 1..19 or the board
 *  has one point. (A side of 1 needs nothing apart: the border column and rows bound the line.) */
export function setupBoard(w: i32, h: i32): bool {
  if (w < MIN_CORE_SIDE || w > MAX_SIDE || h < MIN_CORE_SIDE || h > MAX_SIDE || w * h < 2) return false;
  width = w;
  height = h;
  pitch = w + 1;
  numPoints = w * h;
  memory.fill(STATE, 0, STATE_BYTES);
  memory.fill(COLOR, <u8>BORDER, <usize>MAXP);
  memory.fill(BB_ONBOARD, 0, <usize>BB_WORDS * 8);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = pointOf(x, y);
      setColor(p, EMPTY, false);
      emptyAdd(p);
      const a = BB_ONBOARD + (<usize>(p >> 6) << 3);
      store<u64>(a, load<u64>(a) | (<u64>1 << <u64>(p & 63)));
    }
  }
  return true;
}

/** Puts a stone on an empty point without capturing (setup). */
export function placeStone(p: i32, c: i32): void {
  const j = false; // (a setup, never taken back)
  const W = pitch;
  let lib = 0;
  lib += i32(colorAt(p - 1) == EMPTY);
  lib += i32(colorAt(p + 1) == EMPTY);
  lib += i32(colorAt(p - W) == EMPTY);
  lib += i32(colorAt(p + W) == EMPTY);
  addLibs(chainOf(p - 1), -1, j);
  addLibs(chainOf(p + 1), -1, j);
  addLibs(chainOf(p - W), -1, j);
  addLibs(chainOf(p + W), -1, j);
  putStone(p, c, lib, j);
  setBoardHash(boardHash() ^ zobristKey(c, p));
  mergeNeighbours(p, c, j);
}

// ---- play ----------------------------------------------------------------------------------
@inline function putStone(p: i32, c: i32, lib: i32, j: bool): void {
  emptyRemove(p);
  setColor(p, c, j);
  setChain(p, p, j);
  setNext(p, p, j);
  setSize(p, 1, j);
  setLibs(p, lib, j);
  bbSet(c, p);
}

@inline function merge(a: i32, o: i32, j: bool): void {
  if (sizeOf(a) < sizeOf(o)) {
    const t = a;
    a = o;
    o = t;
  }
  let q = o;
  do {
    setChain(q, a, j);
    q = nextOf(q);
  } while (q != o);
  const t = nextOf(a);
  setNext(a, nextOf(o), j);
  setNext(o, t, j);
  setSize(a, sizeOf(a) + sizeOf(o), j);
  setLibs(a, libsOf(a) + libsOf(o), j);
}

@inline function mergeNeighbours(p: i32, c: i32, j: bool): void {
  const W = pitch;
  if (colorAt(p - 1) == c && chainOf(p - 1) != chainOf(p)) merge(chainOf(p), chainOf(p - 1), j);
  if (colorAt(p + 1) == c && chainOf(p + 1) != chainOf(p)) merge(chainOf(p), chainOf(p + 1), j);
  if (colorAt(p - W) == c && chainOf(p - W) != chainOf(p)) merge(chainOf(p), chainOf(p - W), j);
  if (colorAt(p + W) == c && chainOf(p + W) != chainOf(p)) merge(chainOf(p), chainOf(p + W), j);
}

/** Removes the string with representative s; records its points in REMOVED from index k. The
 *  board hash is the caller's (commit sets the one its probe worked out). */
function removeString(s: i32, k: i32, j: bool): i32 {
  const W = pitch;
  const c = colorAt(s);
  let q = s;
  let n = 0;
  do {
    setColor(q, EMPTY, j);
    setChain(q, 0, j);
    emptyAdd(q);
    bbClear(c, q);
    store<u16>(REMOVED + (<usize>(k + n) << 1), <u16>q);
    n++;
    // neighbouring strings gain a liberty; empty/border points hit the dummy string 0
    addLibs(chainOf(q - 1), 1, j);
    addLibs(chainOf(q + 1), 1, j);
    addLibs(chainOf(q - W), 1, j);
    addLibs(chainOf(q + W), 1, j);
    q = nextOf(q);
  } while (q != s);
  return n;
}

// libertiesOf's marks: a stamp per call, no clearing
const LMARK = memory.data(MAXP * 4, 16);
let lstamp: i32 = 0;

/** The liberties of the string through stone p (exact, not pseudo): a walk of its stones. With
 *  `mask` (a byte per point, 0 none), only those where it is non-zero. */
export function libertiesOf(p: i32, mask: usize): i32 {
  if (++lstamp > 0x3fffffff) { memory.fill(LMARK, 0, <usize>MAXP * 4); lstamp = 1; }
  const st = lstamp;
  let n = 0;
  let q = p;
  do {
    for (let d = 0; d < 4; d++) {
      const r = d == 0 ? q - 1 : d == 1 ? q + 1 : d == 2 ? q - pitch : q + pitch;
      if (colorAt(r) == EMPTY && load<i32>(LMARK + (<usize>r << 2)) != st && (mask == 0 || load<u8>(mask + <usize>r) != 0)) {
        store<i32>(LMARK + (<usize>r << 2), st);
        n++;
      }
    }
    q = nextOf(q);
  } while (q != p);
  return n;
}

/** XOR of the Zobrist keys of the string with representative s. */
export function stringKey(s: i32): u64 {
  const c = colorAt(s);
  let h: u64 = 0;
  let q = s;
  do {
    h ^= zobristKey(c, q);
    q = nextOf(q);
  } while (q != s);
  return h;
}


// ---- play: probe, then commit ----------------------------------------------------------------
// probe(p, c, suicide) works out what the play would do and writes nothing on the board;
// commit(p, c) then makes exactly that play. Ko and superko are not the board's: whoever plays (the
// rule engine, the playouts, the game's tryPlay) asks history.ts between the two.
//
// The probe reads the pseudo-liberty counts: a string adjacent to p k times loses k
// pseudo-liberties when p is filled, so it is captured (opponent) or keeps a liberty (own)
// when what is left is 0 or more than 0.

// what the latest probe found, for commit: bits 0-3 the string at neighbour i (p-1, p+1, p-W,
// p+W) is captured, bit 4 the new stone stays (no suicide), bit 5 a suicide that leaves the
// board as it was (a null move), bits 8-10 the empty neighbours of p, bits 12-15 own neighbours
let prFlags: i32 = 0;
// the neighbouring strings' representatives (p-1, p+1, p-W, p+W; 0 on an empty or border point)
let prN0: i32 = 0;
let prN1: i32 = 0;
let prN2: i32 = 0;
let prN3: i32 = 0;
const OWN0: i32 = 1 << 12; // bits 12-15: the neighbour is one of the mover's strings
const LIVES: i32 = 16;
const NO_CHANGE: i32 = 32;
export let probedCapStones: i32 = 0; // opponent stones the probed play captures (set when it captures)
// representatives of the captured strings (0: none), set when the probed play captures
export let probedR0: i32 = 0;
export let probedR1: i32 = 0;
export let probedR2: i32 = 0;
export let probedR3: i32 = 0;
/** How many of p's four sides string r touches (the pseudo-liberties it loses when p is filled). */
@inline function sides(r: i32, r0: i32, r1: i32, r2: i32, r3: i32): i32 {
  return i32(r0 == r) + i32(r1 == r) + i32(r2 == r) + i32(r3 == r);
}
/** The probed play captures opponent stones. */
@inline export function probedCaptures(): bool { return (prFlags & 15) != 0; }

/**
 * What colour c at p would do: R_OK, or why the board refuses it (off the board, occupied, a
 * suicide that `suicide` forbids: all suicide under SUICIDE_FORBIDDEN, single-stone suicide
 * under SUICIDE_MULTI_STONE). Writes nothing on the board; lastHashAfter is the board hash the
 * play gives (also for a refused suicide). Capture order: the opponent's strings without
 * liberties first, then the mover's own (RULES.md 0).
 */
export function probe(p: i32, c: i32, suicide: i32): i32 {
  if (p <= 0 || p >= MAXP) return R_OFF_BOARD;
  const cp = colorAt(p);
  if (cp == BORDER) return R_OFF_BOARD;
  if (cp != EMPTY) return R_OCCUPIED;
  const W = pitch;
  const opp = c ^ 3;
  const c0 = colorAt(p - 1), c1 = colorAt(p + 1), c2 = colorAt(p - W), c3 = colorAt(p + W);
  const r0 = chainOf(p - 1), r1 = chainOf(p + 1), r2 = chainOf(p - W), r3 = chainOf(p + W);
  const lib = i32(c0 == EMPTY) + i32(c1 == EMPTY) + i32(c2 == EMPTY) + i32(c3 == EMPTY);
  // a neighbouring string is captured (opponent) or keeps a liberty (own) by the pseudo-
  // liberties it keeps once p is filled (its count less the sides of p it touches); the
  // captures without branches (a random playout's branches are unpredictable)
  const s0 = sides(r0, r0, r1, r2, r3), s1 = sides(r1, r0, r1, r2, r3), s2 = sides(r2, r0, r1, r2, r3), s3 = sides(r3, r0, r1, r2, r3);
  const cap0 = (i32(c0 == opp) & i32(libsOf(r0) == s0)) != 0;
  const cap1 = (i32(c1 == opp) & i32(r1 != r0) & i32(libsOf(r1) == s1)) != 0;
  const cap2 = (i32(c2 == opp) & i32(r2 != r0) & i32(r2 != r1) & i32(libsOf(r2) == s2)) != 0;
  const cap3 = (i32(c3 == opp) & i32(r3 != r0) & i32(r3 != r1) & i32(r3 != r2) & i32(libsOf(r3) == s3)) != 0;
  const cap = i32(cap0) | i32(cap1) << 1 | i32(cap2) << 2 | i32(cap3) << 3;
  const lives = lib > 0 || cap != 0 || (c0 == c && libsOf(r0) > s0) || (c1 == c && libsOf(r1) > s1) ||
    (c2 == c && libsOf(r2) > s2) || (c3 == c && libsOf(r3) > s3);
  let h = boardHash();
  let flags = cap | lib << 8 | i32(c0 == c) << 12 | i32(c1 == c) << 13 | i32(c2 == c) << 14 | i32(c3 == c) << 15;
  if (!lives) {
    // p's own key is set and cleared: only the mover's neighbouring strings leave the board
    if (c0 == c) h ^= stringKey(r0);
    if (c1 == c && r1 != r0) h ^= stringKey(r1);
    if (c2 == c && r2 != r0 && r2 != r1) h ^= stringKey(r2);
    if (c3 == c && r3 != r0 && r3 != r1 && r3 != r2) h ^= stringKey(r3);
    lastHashAfter = h;
    if (suicide == SUICIDE_FORBIDDEN) return R_SUICIDE;
    const single = !(c0 == c || c1 == c || c2 == c || c3 == c);
    if (single && suicide == SUICIDE_MULTI_STONE) return R_SUICIDE;
    if (h == boardHash()) flags |= NO_CHANGE;
  } else {
    flags |= LIVES;
    h ^= zobristKey(c, p);
    if (cap != 0) {
      let n = 0;
      if (cap0) { h ^= stringKey(r0); n += sizeOf(r0); }
      if (cap1) { h ^= stringKey(r1); n += sizeOf(r1); }
      if (cap2) { h ^= stringKey(r2); n += sizeOf(r2); }
      if (cap3) { h ^= stringKey(r3); n += sizeOf(r3); }
      probedCapStones = n;
      probedR0 = cap0 ? r0 : 0; probedR1 = cap1 ? r1 : 0; probedR2 = cap2 ? r2 : 0; probedR3 = cap3 ? r3 : 0;
    }
    lastHashAfter = h;
  }
  prFlags = flags;
  prN0 = r0; prN1 = r1; prN2 = r2; prN3 = r3;
  return R_OK;
}

/** Makes the play of c at p that the latest probe accepted (R_OK), on the board as the probe found it. */
@inline export function commit(p: i32, c: i32, j: bool = false): void {
  const flags = prFlags;
  setPrevHash(boardHash());
  lastCaptured = 0;
  lastSelfCaptured = 0;
  lastNoChange = (flags & NO_CHANGE) != 0;
  // a single-stone suicide changes nothing on the board (a null move)
  if (lastNoChange) return;
  const r0 = prN0, r1 = prN1, r2 = prN2, r3 = prN3;
  // p stops being a liberty of every neighbouring string
  addLibs(r0, -1, j);
  addLibs(r1, -1, j);
  addLibs(r2, -1, j);
  addLibs(r3, -1, j);
  putStone(p, c, (flags >> 8) & 7, j);
  let captured = 0;
  if (flags & OWN0) { if (chainOf(r0) != chainOf(p)) merge(chainOf(p), chainOf(r0), j); }
  else if (flags & 1) captured += removeString(r0, captured, j);
  if (flags & (OWN0 << 1)) { if (chainOf(r1) != chainOf(p)) merge(chainOf(p), chainOf(r1), j); }
  else if (flags & 2) captured += removeString(r1, captured, j);
  if (flags & (OWN0 << 2)) { if (chainOf(r2) != chainOf(p)) merge(chainOf(p), chainOf(r2), j); }
  else if (flags & 4) captured += removeString(r2, captured, j);
  if (flags & (OWN0 << 3)) { if (chainOf(r3) != chainOf(p)) merge(chainOf(p), chainOf(r3), j); }
  else if (flags & 8) captured += removeString(r3, captured, j);
  lastCaptured = captured;
  if (captured) addPrisoners(c, captured);
  if ((flags & LIVES) == 0) {
    lastSelfCaptured = removeString(chainOf(p), 0, j);
    addPrisoners(c ^ 3, lastSelfCaptured);
  }
  setBoardHash(lastHashAfter); // the probe's: the stone placed, the strings removed
}

/** A pass: the board is unchanged; simple ko is lifted. */
export function passMove(): void {
  setPrevHash(boardHash());
  lastCaptured = 0;
  lastSelfCaptured = 0;
  lastNoChange = true;
}

// ---- light-playout eye test (DESIGN.md 2) ---------------------------------------------------
/** Own eye: all orthogonal neighbours own (or border); diagonals hold at most one opponent
 *  stone, none when p is on the edge or in the corner. */
@inline export function isOwnEye(p: i32, c: i32): bool {
  const W = pitch;
  if ((colorAt(p - 1) & colorAt(p + 1) & colorAt(p - W) & colorAt(p + W) & c) == 0) return false;
  const opp = c ^ 3;
  const d0 = colorAt(p - W - 1), d1 = colorAt(p - W + 1), d2 = colorAt(p + W - 1), d3 = colorAt(p + W + 1);
  const nopp = i32(d0 == opp) + i32(d1 == opp) + i32(d2 == opp) + i32(d3 == opp);
  const edge = i32(d0 == BORDER) | i32(d1 == BORDER) | i32(d2 == BORDER) | i32(d3 == BORDER);
  return nopp + edge < 2;
}
