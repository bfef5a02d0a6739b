// The statistics a paper prints with a rate: a 95% confidence interval for a proportion, and an
// exact McNemar test for two rule sets judged on the same games.
//
// Interval: Wilson's score interval, except where fewer than 10 games fall on either side of the
// count, where the normal approximation behind it is poor: there the exact (Clopper-Pearson)
// interval, from the binomial tails. McNemar: the two-sided exact test, a binomial test of the
// discordant games (b one way, c the other) against p = 1/2.

const Z95 = 1.959963984540054;

/** log(n!) for whole n >= 0 (Stirling's series past a table; exact enough for p-values). */
const LOG_FACT: number[] = [0];
for (let i = 1; i <= 256; i++) LOG_FACT[i] = LOG_FACT[i - 1] + Math.log(i);
function logFactorial(n: number): number {
  if (n <= 256) return LOG_FACT[n];
  const x = n + 1;
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x) - 1 / (360 * x ** 3) + 1 / (1260 * x ** 5);
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** P(X <= k) for X ~ Binomial(n, p), summed from the short side (k small). */
function lowerTail(k: number, n: number, p: number): number {
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  let s = 0;
  const lp = Math.log(p), lq = Math.log1p(-p);
  for (let i = 0; i <= k; i++) s += Math.exp(logChoose(n, i) + i * lp + (n - i) * lq);
  return Math.min(1, s);
}

/** The p at which `f(p)` (decreasing in p) crosses `target`, by bisection on [0, 1]. */
function solve(f: (p: number) => number, target: number): number {
  let lo = 0, hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > target) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Clopper-Pearson: the exact 95% interval of k successes in n, for k or n - k small. */
function exactInterval(k: number, n: number): [number, number] {
  // lower bound: P(X >= k) = 2.5%, i.e. P(X <= k - 1) = 97.5%; upper: P(X <= k) = 2.5%
  if (k <= n - k) {
    const lower = k === 0 ? 0 : solve((p) => lowerTail(k - 1, n, p), 0.975);
    const upper = k === n ? 1 : solve((p) => lowerTail(k, n, p), 0.025);
    return [lower, upper];
  }
  // the short side is the failures: the interval of n - k failures, mirrored
  const [lo, hi] = exactInterval(n - k, n);
  return [1 - hi, 1 - lo];
}

function wilsonInterval(k: number, n: number): [number, number] {
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The 95% interval of a proportion k of n (null when n is 0). */
export function interval95(k: number, n: number): [number, number] | null {
  if (!(n > 0)) return null;
  return Math.min(k, n - k) < 10 ? exactInterval(k, n) : wilsonInterval(k, n);
}

/** The same, per 1000 games, rounded to 3 decimals (as the reports' rates are). */
export function per1000Interval(k: number, n: number): [number, number] | null {
  const ci = interval95(k, n);
  return ci && [Math.round(ci[0] * 1e6) / 1e3, Math.round(ci[1] * 1e6) / 1e3];
}

/** Exact two-sided McNemar test: b games changed one way, c the other; p-value (1 when b = c = 0). */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const p = 2 * lowerTail(Math.min(b, c), n, 0.5);
  return Math.min(1, p);
}
