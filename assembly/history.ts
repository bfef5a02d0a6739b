// Position history: per move the board hash and the situation hash, and two hash tables
// (board -> latest move index, situation -> latest move index; table.ts) for O(1) repetition
// look-up. A new game is a new generation of the tables: cleared in O(1).

import { MAX_HISTORY, KO_NONE, KO_SIMPLE, KO_PSK, R_OK, R_KO, R_SUPERKO } from "./codes";
import { lastHashAfter, probedCaptures, prevHash } from "./board";
import { sideKeyFor } from "./zobrist";
import { SLOT_BYTES, slotFor, slotSet, slotUsed, slotValue, slotWrite, tableFind, tableSwap } from "./table";
export { MAX_HISTORY };
const TABLE_BITS_MAX: i32 = 15;
const TABLE_CAP: i32 = 1 << TABLE_BITS_MAX;

const POS_HASH: usize = memory.data((MAX_HISTORY + 1) * 8, 16); // u64 per move index
const SIT_HASH: usize = memory.data((MAX_HISTORY + 1) * 8, 16);

// board hash -> latest index, then situation hash -> latest index, side by side at the game's
// size (spaced by their largest size they fell on the same cache sets)
const TABLES: usize = memory.data(2 * TABLE_CAP * SLOT_BYTES, 16);
let POS_TABLE: usize = TABLES;
let SIT_TABLE: usize = TABLES + <usize>(TABLE_CAP * SLOT_BYTES);

let generation: u32 = 0;
let mask: i32 = TABLE_CAP - 1;
// entries a game may push before the tables would pass half full (open addressing needs room)
let limit: i32 = MAX_HISTORY;
export let historyLength: i32 = 0; // index of the latest entry (0 = the start)
/** Takes the history back to entry t (a search's undo; the tables by the journal). */
export function truncateHistory(t: i32): void { historyLength = t; }

/** What a new start (resetHistory, a resumption: grand 4.4) replaces beyond the journal: the
 *  tables' generation and entry 0. A search keeps them per entry and puts them back on undo; the
 *  journal puts back the slots the new generation overwrote. */
export function historyGeneration(): u32 { return generation; }
export function historyStart(situation: bool): u64 { return load<u64>(situation ? SIT_HASH : POS_HASH); }
export function restoreHistoryStart(gen: u32, pos: u64, sit: u64): void {
  generation = gen;
  store<u64>(POS_HASH, pos);
  store<u64>(SIT_HASH, sit);
}

@inline function put(table: usize, h: u64, v: i32): void { slotSet(slotFor(table, mask, generation, h), generation, h, v); }

/** Starts a new history whose entry 0 is the given position. `maxMoves` sizes the tables
 *  (load factor at most 1/4). */
export function resetHistory(posHash: u64, sitHash: u64, maxMoves: i32): void {
  let bits = 6;
  while ((1 << bits) < 4 * (maxMoves + 1) && bits < TABLE_BITS_MAX) bits++;
  mask = (1 << bits) - 1;
  limit = min(MAX_HISTORY, (mask + 1) >> 1);
  SIT_TABLE = TABLES + <usize>(mask + 1) * <usize>SLOT_BYTES;
  generation++;
  if (generation == 0) {
    // wrapped: clear the stamps once every 2^32 games
    memory.fill(TABLES, 0, 2 * TABLE_CAP * SLOT_BYTES);
    generation = 1;
  }
  historyLength = 0;
  store<u64>(POS_HASH, posHash);
  store<u64>(SIT_HASH, sitHash);
  put(POS_TABLE, posHash, 0);
  put(SIT_TABLE, sitHash, 0);
}

/** Appends the position after a move. Returns false when the history is full. */
export function pushHistory(posHash: u64, sitHash: u64): bool {
  if (historyLength >= limit) return false;
  const t = ++historyLength;
  store<u64>(POS_HASH + (<usize>t << 3), posHash);
  store<u64>(SIT_HASH + (<usize>t << 3), sitHash);
  put(POS_TABLE, posHash, t);
  put(SIT_TABLE, sitHash, t);
  return true;
}

/** Appends the position after a move to the one table the repetition rule `ko` reads (KO_PSK the
 *  board, KO_SSK the situation; journaled, so a search can take it back). Returns the previous
 *  index of the board under KO_PSK, else -1. */
export function pushFor(ko: i32, posHash: u64, sitHash: u64): i32 {
  if (historyLength >= limit) return -1;
  const t = ++historyLength;
  store<u64>(POS_HASH + (<usize>t << 3), posHash);
  store<u64>(SIT_HASH + (<usize>t << 3), sitHash);
  if (ko == KO_PSK) return tableSwap(POS_TABLE, mask, generation, posHash, t);
  put(SIT_TABLE, sitHash, t);
  return -1;
}

/** Appends board hash h to the position table only (playouts need no situation table under
 *  psk or for the cycle log) in one probe; returns the previous index holding h, -1 if none,
 *  or -2 when the history is full. */
export function pushPositionOnly(h: u64): i32 {
  if (historyLength >= limit) return -2;
  const t = ++historyLength;
  store<u64>(POS_HASH + (<usize>t << 3), h);
  const e = slotFor(POS_TABLE, mask, generation, h);
  const prev = slotUsed(e, generation) ? slotValue(e) : -1;
  slotWrite(e, generation, h, t);
  return prev;
}

/** Appends situation hash h to the situation table only (ssk playouts). */
export function pushSituationOnly(h: u64): void {
  if (historyLength >= limit) return;
  const t = ++historyLength;
  store<u64>(SIT_HASH + (<usize>t << 3), h);
  put(SIT_TABLE, h, t);
}

/** Latest index whose board hash is h, or -1. */
@inline export function lastPositionIndex(h: u64): i32 { return tableFind(POS_TABLE, mask, generation, h); }
/** Latest index whose situation hash is h, or -1. */
@inline export function lastSituationIndex(h: u64): i32 { return tableFind(SIT_TABLE, mask, generation, h); }
@inline export function seenPosition(h: u64): bool { return lastPositionIndex(h) >= 0; }
@inline export function seenSituation(h: u64): bool { return lastSituationIndex(h) >= 0; }

export function positionHashAt(t: i32): u64 { return load<u64>(POS_HASH + (<usize>t << 3)); }
export function situationHashAt(t: i32): u64 { return load<u64>(SIT_HASH + (<usize>t << 3)); }

/** R_OK, or why `ko` (KO_NONE, KO_SIMPLE, KO_PSK, KO_SSK) forbids the play just probed
 *  (board.ts) by colour c: simple ko, a board position again, a situation again. The one home
 *  of these three rules: the rule engine, the playouts and the game's tryPlay all ask here. */
@inline export function koRefusal(ko: i32, c: i32): i32 {
  if (ko == KO_NONE) return R_OK;
  const h = lastHashAfter;
  if (ko == KO_SIMPLE) return probedCaptures() && h == prevHash() ? R_KO : R_OK;
  if (ko == KO_PSK) return seenPosition(h) ? R_SUPERKO : R_OK;
  return seenSituation(h ^ sideKeyFor(c ^ 3)) ? R_SUPERKO : R_OK;
}
