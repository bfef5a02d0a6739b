// The board: pure mechanics (stones, strings, captures, hash). It knows no rule set, only knobs.
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
import { seenPosition, seenSituation } from "./history";

// colours, sides, the suicide and ko knobs and play()'s results: the shared table (codes.ts)
import { EMPTY, BLACK, WHITE, MAX_SIDE, SUICIDE_FORBIDDEN, SUICIDE_MULTI_STONE, SUICIDE_ALLOWED, KO_NONE, KO_SIMPLE, KO_PSK, KO_SSK, R_OK, R_OCCUPIED, R_SUICIDE, R_KO, R_SUPERKO, R_OFF_BOARD } from "./codes";
export { EMPTY, BLACK, WHITE, MAX_SIDE, SUICIDE_FORBIDDEN, SUICIDE_MULTI_STONE, SUICIDE_ALLOWED, KO_NONE, KO_SIMPLE, KO_PSK, KO_SSK, R_OK, R_OCCUPIED, R_SUICIDE, R_KO, R_SUPERKO, R_OFF_BOARD };
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
export let lastHashAfter: u64 = 0; // board hash the last tried play gives (also on a refused one)

// Geometry (not part of the state: fixed for a game).
export let width: i32 = 0;
export let height: i32 = 0;
export let pitch: i32 = 0;
export let numPoints: i32 = 0;
export const BB_ONBOARD: usize = memory.data(BB_WORDS * 8, 16);

// Knobs.
export let suicideMode: i32 = SUICIDE_FORBIDDEN;
export let koMode: i32 = KO_SIMPLE;

// ---- accessors ---------------------------------------------------------------------------
@inline export function colorAt(p: i32): i32 { return <i32>load<u8>(COLOR + <usize>p); }
@inline function setColor(p: i32, c: i32): void { store<u8>(COLOR + <usize>p, <u8>c); }
@inline export function chainOf(p: i32): i32 { return <i32>load<u16>(CHAIN + (<usize>p << 1)); }
@inline function setChain(p: i32, r: i32): void { store<u16>(CHAIN + (<usize>p << 1), <u16>r); }
@inline export function nextOf(p: i32): i32 { return <i32>load<u16>(NEXT + (<usize>p << 1)); }
@inline function setNext(p: i32, q: i32): void { store<u16>(NEXT + (<usize>p << 1), <u16>q); }
@inline export function sizeOf(r: i32): i32 { return <i32>load<u16>(SIZE + (<usize>r << 1)); }
@inline function setSize(r: i32, n: i32): void { store<u16>(SIZE + (<usize>r << 1), <u16>n); }
@inline export function libsOf(r: i32): i32 { return <i32>load<i16>(LIBS + (<usize>r << 1)); }
@inline function addLibs(r: i32, d: i32): void {
  const a = LIBS + (<usize>r << 1);
  store<i16>(a, <i16>(<i32>load<i16>(a) + d));
}
@inline function setLibs(r: i32, n: i32): void { store<i16>(LIBS + (<usize>r << 1), <i16>n); }

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

export function pointOf(x: i32, y: i32): i32 { return (y + 1) * pitch + x + 1; }

// ---- setup ---------------------------------------------------------------------------------
/** Clears the board to width x height. Returns false when a side is outside 2..19. */
export function setupBoard(w: i32, h: i32): bool {
  if (w < 2 || w > MAX_SIDE || h < 2 || h > MAX_SIDE) return false;
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
      setColor(p, EMPTY);
      emptyAdd(p);
      const a = BB_ONBOARD + (<usize>(p >> 6) << 3);
      store<u64>(a, load<u64>(a) | (<u64>1 << <u64>(p & 63)));
    }
  }
  return true;
}

/** Puts a stone on an empty point without capturing (setup). */
export function placeStone(p: i32, c: i32): void {
  const W = pitch;
  let lib = 0;
  lib += i32(colorAt(p - 1) == EMPTY);
  lib += i32(colorAt(p + 1) == EMPTY);
  lib += i32(colorAt(p - W) == EMPTY);
  lib += i32(colorAt(p + W) == EMPTY);
  addLibs(chainOf(p - 1), -1);
  addLibs(chainOf(p + 1), -1);
  addLibs(chainOf(p - W), -1);
  addLibs(chainOf(p + W), -1);
  putStone(p, c, lib);
  mergeNeighbours(p, c);
}

// ---- play ----------------------------------------------------------------------------------
@inline function putStone(p: i32, c: i32, lib: i32): void {
  emptyRemove(p);
  setColor(p, c);
  setChain(p, p);
  setNext(p, p);
  setSize(p, 1);
  setLibs(p, lib);
  bbSet(c, p);
  setBoardHash(boardHash() ^ zobristKey(c, p));
}

@inline function merge(a: i32, o: i32): void {
  if (sizeOf(a) < sizeOf(o)) {
    const t = a;
    a = o;
    o = t;
  }
  let q = o;
  do {
    setChain(q, a);
    q = nextOf(q);
  } while (q != o);
  const t = nextOf(a);
  setNext(a, nextOf(o));
  setNext(o, t);
  setSize(a, sizeOf(a) + sizeOf(o));
  setLibs(a, libsOf(a) + libsOf(o));
}

@inline function mergeNeighbours(p: i32, c: i32): void {
  const W = pitch;
  if (colorAt(p - 1) == c && chainOf(p - 1) != chainOf(p)) merge(chainOf(p), chainOf(p - 1));
  if (colorAt(p + 1) == c && chainOf(p + 1) != chainOf(p)) merge(chainOf(p), chainOf(p + 1));
  if (colorAt(p - W) == c && chainOf(p - W) != chainOf(p)) merge(chainOf(p), chainOf(p - W));
  if (colorAt(p + W) == c && chainOf(p + W) != chainOf(p)) merge(chainOf(p), chainOf(p + W));
}

/** Removes the string with representative s; records its points in REMOVED from index k. */
function removeString(s: i32, k: i32): i32 {
  const W = pitch;
  const c = colorAt(s);
  let h = boardHash();
  let q = s;
  let n = 0;
  do {
    setColor(q, EMPTY);
    setChain(q, 0);
    emptyAdd(q);
    bbClear(c, q);
    h ^= zobristKey(c, q);
    store<u16>(REMOVED + (<usize>(k + n) << 1), <u16>q);
    n++;
    // neighbouring strings gain a liberty; empty/border points hit the dummy string 0
    addLibs(chainOf(q - 1), 1);
    addLibs(chainOf(q + 1), 1);
    addLibs(chainOf(q - W), 1);
    addLibs(chainOf(q + W), 1);
    q = nextOf(q);
  } while (q != s);
  setBoardHash(h);
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


@inline function undoAdjacency(p: i32): void {
  const W = pitch;
  addLibs(chainOf(p - 1), 1);
  addLibs(chainOf(p + 1), 1);
  addLibs(chainOf(p - W), 1);
  addLibs(chainOf(p + W), 1);
}

/**
 * Plays colour c at p under the suicide and ko knobs. Returns R_OK or the reason it is refused;
 * a refused play leaves the board untouched. Capture order: the opponent's strings without
 * liberties first, then the mover's own (RULES.md 0).
 */
export function play(p: i32, c: i32): i32 {
  if (p <= 0 || p >= MAXP) return R_OFF_BOARD;
  const cp = colorAt(p);
  if (cp == BORDER) return R_OFF_BOARD;
  if (cp != EMPTY) return R_OCCUPIED;
  const W = pitch;
  const opp = c ^ 3;
  const n0 = p - 1, n1 = p + 1, n2 = p - W, n3 = p + W;
  const c0 = colorAt(n0), c1 = colorAt(n1), c2 = colorAt(n2), c3 = colorAt(n3);
  const lib = i32(c0 == EMPTY) + i32(c1 == EMPTY) + i32(c2 == EMPTY) + i32(c3 == EMPTY);
  // p stops being a liberty of every neighbouring string
  addLibs(chainOf(n0), -1);
  addLibs(chainOf(n1), -1);
  addLibs(chainOf(n2), -1);
  addLibs(chainOf(n3), -1);
  const r0 = chainOf(n0), r1 = chainOf(n1), r2 = chainOf(n2), r3 = chainOf(n3);
  const cap0 = c0 == opp && libsOf(r0) == 0;
  const cap1 = c1 == opp && libsOf(r1) == 0 && r1 != r0;
  const cap2 = c2 == opp && libsOf(r2) == 0 && r2 != r0 && r2 != r1;
  const cap3 = c3 == opp && libsOf(r3) == 0 && r3 != r0 && r3 != r1 && r3 != r2;
  const captures = cap0 || cap1 || cap2 || cap3;
  const lives = lib > 0 || captures ||
    (c0 == c && libsOf(r0) > 0) || (c1 == c && libsOf(r1) > 0) ||
    (c2 == c && libsOf(r2) > 0) || (c3 == c && libsOf(r3) > 0);

  let newHash = boardHash();
  lastNoChange = false;
  if (!lives) {
    // suicide: the mover's string (p and its own neighbours) would be removed
    if (suicideMode == SUICIDE_FORBIDDEN) { undoAdjacency(p); return R_SUICIDE; }
    let single = !(c0 == c || c1 == c || c2 == c || c3 == c);
    if (single && suicideMode == SUICIDE_MULTI_STONE) { undoAdjacency(p); return R_SUICIDE; }
    // p's own key is set and cleared: only the neighbouring strings' keys change the hash
    if (c0 == c) newHash ^= stringKey(r0);
    if (c1 == c && r1 != r0) newHash ^= stringKey(r1);
    if (c2 == c && r2 != r0 && r2 != r1) newHash ^= stringKey(r2);
    if (c3 == c && r3 != r0 && r3 != r1 && r3 != r2) newHash ^= stringKey(r3);
  } else {
    newHash ^= zobristKey(c, p);
    if (captures) {
      if (cap0) newHash ^= stringKey(r0);
      if (cap1) newHash ^= stringKey(r1);
      if (cap2) newHash ^= stringKey(r2);
      if (cap3) newHash ^= stringKey(r3);
    }
  }
  lastHashAfter = newHash;
  if (koMode != KO_NONE) {
    let refused = 0;
    if (koMode == KO_SIMPLE) {
      if (captures && newHash == prevHash()) refused = R_KO;
    } else if (koMode == KO_PSK) {
      if (seenPosition(newHash)) refused = R_SUPERKO;
    } else {
      if (seenSituation(newHash ^ sideKeyFor(opp))) refused = R_SUPERKO;
    }
    if (refused) { undoAdjacency(p); return refused; }
  }

  // commit
  setPrevHash(boardHash());
  lastCaptured = 0;
  lastSelfCaptured = 0;
  if (!lives && newHash == boardHash()) {
    // single-stone suicide: nothing changes on the board (a null move)
    undoAdjacency(p);
    lastNoChange = true;
    return R_OK;
  }
  putStone(p, c, lib);
  let captured = 0;
  if (c0 == c) { if (chainOf(n0) != chainOf(p)) merge(chainOf(p), chainOf(n0)); }
  else if (cap0) captured += removeString(r0, captured);
  if (c1 == c) { if (chainOf(n1) != chainOf(p)) merge(chainOf(p), chainOf(n1)); }
  else if (cap1) captured += removeString(r1, captured);
  if (c2 == c) { if (chainOf(n2) != chainOf(p)) merge(chainOf(p), chainOf(n2)); }
  else if (cap2) captured += removeString(r2, captured);
  if (c3 == c) { if (chainOf(n3) != chainOf(p)) merge(chainOf(p), chainOf(n3)); }
  else if (cap3) captured += removeString(r3, captured);
  lastCaptured = captured;
  if (captured) addPrisoners(c, captured);
  if (!lives) {
    lastSelfCaptured = removeString(chainOf(p), 0);
    addPrisoners(opp, lastSelfCaptured);
  }
  return R_OK;
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
