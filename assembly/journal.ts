// The undo journal of the rule engine's hash tables, for searches that take moves back: each
// slot about to be written is noted with its old stamp, key and value; `rewind` writes them back
// newest first. Open addressing never deletes, so restoring the slots restores the tables.
// Off (and free) for the referee and the simulation, which never take a move back.

export let journaling: bool = false;
export let jLen: i32 = 0;
const JCAP: i32 = 1 << 16;
const JOURNAL: usize = memory.data(JCAP * 32, 16); // per entry: 3 addresses, old u32 stamp, u64 key, i32 value
/** Room kept free for one move's notes: a move is refused (HISTORY_FULL) once less is left. */
export const J_RESERVE: i32 = 4096;

export function setJournaling(on: bool): void { journaling = on; jLen = 0; }
@inline export function journalFull(): bool { return jLen > JCAP - J_RESERVE; }

/** Notes a table slot (its stamp, key and value addresses) before it is written. */
@inline export function note(g: usize, k: usize, v: usize): void {
  if (!journaling || jLen >= JCAP) return;
  const e = JOURNAL + (<usize>jLen << 5);
  store<u32>(e, <u32>g); store<u32>(e + 4, <u32>k); store<u32>(e + 8, <u32>v);
  store<u32>(e + 12, load<u32>(g)); store<u64>(e + 16, load<u64>(k)); store<i32>(e + 24, load<i32>(v));
  jLen++;
}

/** Writes back every slot noted since `mark`, newest first. */
export function rewind(mark: i32): void {
  while (jLen > mark) {
    jLen--;
    const e = JOURNAL + (<usize>jLen << 5);
    store<u32>(<usize>load<u32>(e), load<u32>(e + 12));
    store<u64>(<usize>load<u32>(e + 4), load<u64>(e + 16));
    store<i32>(<usize>load<u32>(e + 8), load<i32>(e + 24));
  }
}
