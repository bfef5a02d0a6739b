// The arithmetic of proof and disproof numbers that the searches by them share (retro.ts over a
// rule's own lines, goalpn.ts for a goal): a position's numbers from its open moves', and the
// thresholds of the most proving move (df-pn, with the 1+e trick). The numbers are for Black's
// goal: the proof number counts what Black must still show, the disproof number what White must.

export const PN_INF: i32 = 0x3fffffff; // a settled position's other number

@inline export function addPn(a: i32, b: i32): i32 { return min(a + b, PN_INF - 1); }

export let pnSumP: i32 = 0, pnSumD: i32 = 0; // the position's numbers (combine)
export let pnBest: i32 = -1; // the most proving move's index
let pnSecond: i32 = 0; // the mover's number of the next best
export let pnThP: i32 = 0, pnThD: i32 = 0; // the best move's thresholds (thresholds)

// Both searches play a position's moves first and then touch their table entries in one short
// loop, so that the cache misses overlap; what the touches read is kept here, so that the loads
// are made (a value nobody keeps, the compiler may drop).
let touched: u64 = 0;
@inline export function keepTouched(v: u64): void { touched ^= v; }

/** The numbers of a position whose k open moves are listed from `base`, `stride` bytes each,
 *  their numbers at offset `at` (proof) and `at + 4` (disproof), Black to move if `black`: the
 *  mover's number the least of its moves', the other's their sum; the best move the first
 *  with the least. */
export function combine(base: usize, k: i32, stride: i32, at: i32, black: bool): void {
  let p: i32, d: i32, best = -1, second = PN_INF;
  if (black) { p = PN_INF; d = 0; } else { p = 0; d = PN_INF; }
  for (let a = 0; a < k; a++) {
    const r = base + <usize>(a * stride + at);
    const cp = load<i32>(r), cd = load<i32>(r + 4);
    const mine = black ? cp : cd;
    const now = black ? p : d;
    if (mine < now) { second = now; best = a; if (black) p = cp; else d = cd; }
    else if (mine < second) second = mine;
    if (black) d = addPn(d, cd); else p = addPn(p, cp);
  }
  pnSumP = p; pnSumD = d; pnBest = best; pnSecond = second;
}

/** The thresholds of the best move (numbers cp, cd) of the position combine just summed, within
 *  the position's own (thP, thD): they send the search back up when another move would be
 *  better. The 1+e trick: the mover's threshold past the second best by e = 2^-eShift of it,
 *  so that two close moves do not hand the search back and forth at every step (measured best:
 *  a half over a rule's lines, an eighth for a goal; docs/solve.md). */
export function thresholds(black: bool, thP: i32, thD: i32, cp: i32, cd: i32, eShift: i32): void {
  const second = pnSecond;
  const next = second >= PN_INF ? PN_INF : min(PN_INF - 1, second + max(1, second >> eShift));
  if (black) { pnThP = min(thP, next); pnThD = min(thD >= PN_INF ? PN_INF : thD - pnSumD + cd, PN_INF); }
  else { pnThD = min(thD, next); pnThP = min(thP >= PN_INF ? PN_INF : thP - pnSumP + cp, PN_INF); }
}
