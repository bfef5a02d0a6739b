// mulberry32, the common JS form, so that runs are reproducible from a seed (DESIGN.md 2).
// One generator for the core: playouts and simulations never run at the same time.

export let rngState: u32 = 0; // carries over between calls: batches continue the sequence

export function seedRng(seed: u32): void { rngState = seed; }

@inline export function rngU32(): u32 {
  rngState += 0x6d2b79f5;
  let t = rngState;
  t = (t ^ (t >> 15)) * (t | 1);
  t ^= t + (t ^ (t >> 7)) * (t | 61);
  return t ^ (t >> 14);
}

/** floor(u * m / 2^32): uniform in 0..m-1 */
@inline export function rngBelow(m: u32): u32 { return <u32>((<u64>rngU32() * <u64>m) >> 32); }

/** The splitmix64 finalizer: a 64-bit mixer, the one the core uses to turn a number into a key or
 *  a seed (Zobrist keys, pass-count keys, per-game seeds). */
@inline export function mix64(z: u64): u64 {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}
