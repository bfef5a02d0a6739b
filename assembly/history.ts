// Position history: per move the board hash and the situation hash, and two hash tables
// (board -> latest move index, situation -> latest move index) for O(1) repetition look-up.
// Tables are open-addressed and stamped with a generation, so a new game clears them in O(1).

import { MAX_HISTORY } from "./codes";
import { note } from "./journal"; // moves (passes included) a game may have in the history
export { MAX_HISTORY };
const TABLE_BITS_MAX: i32 = 15;
const TABLE_CAP: i32 = 1 << TABLE_BITS_MAX;

const POS_HASH: usize = memory.data((MAX_HISTORY + 1) * 8, 16); // u64 per move index
const SIT_HASH: usize = memory.data((MAX_HISTORY + 1) * 8, 16);

const POS_KEYS: usize = memory.data(TABLE_CAP * 8, 16);
const POS_VAL: usize = memory.data(TABLE_CAP * 4, 16); // i32 latest index
const POS_GEN: usize = memory.data(TABLE_CAP * 4, 16); // u32 stamp
const SIT_KEYS: usize = memory.data(TABLE_CAP * 8, 16);
const SIT_VAL: usize = memory.data(TABLE_CAP * 4, 16);
const SIT_GEN: usize = memory.data(TABLE_CAP * 4, 16);

let generation: u32 = 0;
let mask: i32 = TABLE_CAP - 1;
// entries a game may push before the tables would pass half full (open addressing needs room)
let limit: i32 = MAX_HISTORY;
export let historyLength: i32 = 0; // index of the latest entry (0 = the start)
/** Takes the history back to entry t (a search's undo; the tables by the journal). */
export function truncateHistory(t: i32): void { historyLength = t; }

@inline function slot(h: u64): i32 { return <i32>(h ^ (h >> 29)) & mask; }

@inline function find(keys: usize, gens: usize, vals: usize, h: u64): i32 {
  let i = slot(h);
  while (load<u32>(gens + (<usize>i << 2)) == generation) {
    if (load<u64>(keys + (<usize>i << 3)) == h) return load<i32>(vals + (<usize>i << 2));
    i = (i + 1) & mask;
  }
  return -1;
}

@inline function put(keys: usize, gens: usize, vals: usize, h: u64, v: i32): void {
  let i = slot(h);
  while (load<u32>(gens + (<usize>i << 2)) == generation) {
    if (load<u64>(keys + (<usize>i << 3)) == h) break;
    i = (i + 1) & mask;
  }
  note(gens + (<usize>i << 2), keys + (<usize>i << 3), vals + (<usize>i << 2));
  store<u32>(gens + (<usize>i << 2), generation);
  store<u64>(keys + (<usize>i << 3), h);
  store<i32>(vals + (<usize>i << 2), v);
}

/** Starts a new history whose entry 0 is the given position. `maxMoves` sizes the tables
 *  (load factor at most 1/4). */
export function resetHistory(posHash: u64, sitHash: u64, maxMoves: i32): void {
  let bits = 6;
  while ((1 << bits) < 4 * (maxMoves + 1) && bits < TABLE_BITS_MAX) bits++;
  mask = (1 << bits) - 1;
  limit = min(MAX_HISTORY, (mask + 1) >> 1);
  generation++;
  if (generation == 0) {
    // wrapped: clear the stamps once every 2^32 games
    memory.fill(POS_GEN, 0, TABLE_CAP * 4);
    memory.fill(SIT_GEN, 0, TABLE_CAP * 4);
    generation = 1;
  }
  historyLength = 0;
  store<u64>(POS_HASH, posHash);
  store<u64>(SIT_HASH, sitHash);
  put(POS_KEYS, POS_GEN, POS_VAL, posHash, 0);
  put(SIT_KEYS, SIT_GEN, SIT_VAL, sitHash, 0);
}

/** Appends the position after a move. Returns false when the history is full. */
export function pushHistory(posHash: u64, sitHash: u64): bool {
  if (historyLength >= limit) return false;
  const t = ++historyLength;
  store<u64>(POS_HASH + (<usize>t << 3), posHash);
  store<u64>(SIT_HASH + (<usize>t << 3), sitHash);
  put(POS_KEYS, POS_GEN, POS_VAL, posHash, t);
  put(SIT_KEYS, SIT_GEN, SIT_VAL, sitHash, t);
  return true;
}

/** Appends board hash h to the position table only (playouts need no situation table under
 *  psk or for the cycle log) in one probe; returns the previous index holding h, -1 if none,
 *  or -2 when the history is full. */
export function pushPositionOnly(h: u64): i32 {
  if (historyLength >= limit) return -2;
  const t = ++historyLength;
  store<u64>(POS_HASH + (<usize>t << 3), h);
  let i = slot(h);
  while (load<u32>(POS_GEN + (<usize>i << 2)) == generation) {
    if (load<u64>(POS_KEYS + (<usize>i << 3)) == h) {
      const prev = load<i32>(POS_VAL + (<usize>i << 2));
      store<i32>(POS_VAL + (<usize>i << 2), t);
      return prev;
    }
    i = (i + 1) & mask;
  }
  store<u32>(POS_GEN + (<usize>i << 2), generation);
  store<u64>(POS_KEYS + (<usize>i << 3), h);
  store<i32>(POS_VAL + (<usize>i << 2), t);
  return -1;
}

/** Appends situation hash h to the situation table only (ssk playouts). */
export function pushSituationOnly(h: u64): void {
  if (historyLength >= limit) return;
  const t = ++historyLength;
  store<u64>(SIT_HASH + (<usize>t << 3), h);
  put(SIT_KEYS, SIT_GEN, SIT_VAL, h, t);
}

/** Latest index whose board hash is h, or -1. */
@inline export function lastPositionIndex(h: u64): i32 { return find(POS_KEYS, POS_GEN, POS_VAL, h); }
/** Latest index whose situation hash is h, or -1. */
@inline export function lastSituationIndex(h: u64): i32 { return find(SIT_KEYS, SIT_GEN, SIT_VAL, h); }
@inline export function seenPosition(h: u64): bool { return lastPositionIndex(h) >= 0; }
@inline export function seenSituation(h: u64): bool { return lastSituationIndex(h) >= 0; }

export function positionHashAt(t: i32): u64 { return load<u64>(POS_HASH + (<usize>t << 3)); }
export function situationHashAt(t: i32): u64 { return load<u64>(SIT_HASH + (<usize>t << 3)); }
