import { describe, it, expect } from "vitest";
import { loadCore } from "../src/core/wasm.js";

// The checks of the small boards' solver sort up to 25 million (key, rank) entries at each round
// (assembly/retro.ts sortU64: a radix sort by the most significant byte, in place). Each case
// here is one its passes treat apart, checked against JavaScript's own sort.
function sortInCore(values: bigint[]): bigint[] {
  const c = loadCore();
  const at = new BigUint64Array(c.memory.buffer, Number(c.SORT_IN.value), values.length);
  at.set(values);
  c.retroSort(values.length);
  return Array.from(new BigUint64Array(c.memory.buffer, Number(c.SORT_IN.value), values.length));
}
const ascending = (v: bigint[]) => [...v].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// (a fixed generator: the cases are the same at every run)
function lcg(seed: number): () => bigint {
  let s = BigInt(seed);
  return () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return s;
  };
}

describe("the checks' sort (assembly/retro.ts sortU64)", () => {
  it("sorts few entries (the insertion sort below 48) and none", () => {
    expect(sortInCore([])).toEqual([]);
    expect(sortInCore([5n])).toEqual([5n]);
    const few = [9n, 3n, 0xffffffffffffffffn, 0n, 3n, 1n << 40n];
    expect(sortInCore(few)).toEqual(ascending(few));
  });

  it("sorts (key, rank) entries as the checks make them: 32-bit keys above, ranks below, keys repeated", () => {
    const next = lcg(7);
    const keys = Array.from({ length: 300 }, () => next() >> 32n);
    const entries = Array.from({ length: 8000 }, (_, i) => (keys[i % keys.length] << 32n) | (next() & 0xffffn));
    const sorted = sortInCore(entries);
    expect(sorted).toEqual(ascending(entries));
  });

  it("sorts entries that differ only in the lowest byte (every pass down to the last byte)", () => {
    const next = lcg(11);
    const entries = Array.from({ length: 5000 }, () => 0x0123456789abcd00n | (next() & 0xffn));
    expect(sortInCore(entries)).toEqual(ascending(entries));
  });

  it("sorts keys of 32 bits (the third-occurrence count's: the high bytes all zero) and equal entries", () => {
    const next = lcg(3);
    const small = Array.from({ length: 6000 }, () => next() >> 32n);
    expect(sortInCore(small)).toEqual(ascending(small));
    const same = Array.from({ length: 2000 }, () => 42n);
    expect(sortInCore(same)).toEqual(same);
  });

  it("sorts the full 64-bit range, already sorted and reversed input too", () => {
    const next = lcg(5);
    const wide = Array.from({ length: 8192 }, () => next());
    const up = ascending(wide);
    expect(sortInCore(wide)).toEqual(up);
    expect(sortInCore(up)).toEqual(up);
    expect(sortInCore([...up].reverse())).toEqual(up);
  });
});
