// Open-addressed hash tables from 64-bit keys to i32 values, stamped with a generation so that a
// new game clears a table in O(1): a slot whose stamp is not the current generation is free.
// One slot is 16 bytes in a row (u64 key, i32 value, u32 stamp): a probe reads one cache line.
// A table is a base address and a mask (its slot count less one); the generation is its owner's.
// The position history (history.ts) and the rule engine's tables (rules.ts) are all of this kind.

import { note } from "./journal";

export const SLOT_BYTES: i32 = 16;

/** The home slot of key h (the one mixer of hash to slot). */
@inline export function slotOf(h: u64, mask: i32): i32 { return <i32>(h ^ (h >> 29)) & mask; }

/** The address of key h's slot: the one holding h, or the free slot where h would go. */
@inline export function slotFor(base: usize, mask: i32, gen: u32, h: u64): usize {
  let i = slotOf(h, mask);
  let e = base + (<usize>i << 4);
  while (load<u32>(e + 12) == gen) {
    if (load<u64>(e) == h) return e;
    i = (i + 1) & mask;
    e = base + (<usize>i << 4);
  }
  return e;
}

/** Whether slot e (from slotFor) holds a key of this generation. */
@inline export function slotUsed(e: usize, gen: u32): bool { return load<u32>(e + 12) == gen; }
@inline export function slotValue(e: usize): i32 { return load<i32>(e + 8); }

/** The value of key h, or -1. */
@inline export function tableFind(base: usize, mask: i32, gen: u32, h: u64): i32 {
  const e = slotFor(base, mask, gen, h);
  return slotUsed(e, gen) ? slotValue(e) : -1;
}

/** Sets key h to v in slot e (from slotFor), not journaled (playouts never take a move back). */
@inline export function slotWrite(e: usize, gen: u32, h: u64, v: i32): void {
  store<u64>(e, h);
  store<i32>(e + 8, v);
  store<u32>(e + 12, gen);
}

/** Sets key h to v in slot e (from slotFor), noting the slot in the undo journal first. */
@inline export function slotSet(e: usize, gen: u32, h: u64, v: i32): void {
  note(e + 12, e, e + 8);
  slotWrite(e, gen, h, v);
}

/** Sets key h to v; with `add`, adds v to its value instead (a missing key counts 0). Returns
 *  the new value. Journaled (journal.ts), so a search can take it back. */
export function tablePut(base: usize, mask: i32, gen: u32, h: u64, v: i32, add: bool): i32 {
  const e = slotFor(base, mask, gen, h);
  const nv = add && slotUsed(e, gen) ? slotValue(e) + v : v;
  slotSet(e, gen, h, nv);
  return nv;
}

/** Sets key h to v and returns its value before (-1 when it had none): one probe where a find
 *  and a put would take two. Journaled, as tablePut. */
export function tableSwap(base: usize, mask: i32, gen: u32, h: u64, v: i32): i32 {
  const e = slotFor(base, mask, gen, h);
  const old = slotUsed(e, gen) ? slotValue(e) : -1;
  slotSet(e, gen, h, v);
  return old;
}
