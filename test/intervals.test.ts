// Confidence intervals and the exact McNemar test, against published values (R's binom.test for
// Clopper-Pearson, prop.test without continuity correction for Wilson) and binomial sums worked by hand.
import { describe, it, expect } from "vitest";
import { interval95, mcnemarExact, per1000Interval } from "../src/simulate/intervals.js";

const close = (got: [number, number] | null, want: [number, number], digits = 6) => {
  expect(got).not.toBeNull();
  expect(got![0]).toBeCloseTo(want[0], digits);
  expect(got![1]).toBeCloseTo(want[1], digits);
};

describe("95% intervals of a proportion", () => {
  it("exact (Clopper-Pearson) where fewer than 10 games fall on a side", () => {
    close(interval95(0, 10), [0, 0.3084971]);
    close(interval95(1, 10), [0.002528579, 0.4450161]);
    close(interval95(5, 10), [0.1870860, 0.8129140]);
    close(interval95(10, 10), [0.6915029, 1]);
    // 0 of 2000: the upper bound is 1 - 0.025^(1/2000)
    close(interval95(0, 2000), [0, 1 - 0.025 ** (1 / 2000)], 9);
  });

  it("Wilson's score interval otherwise", () => {
    close(interval95(50, 100), [0.4038315, 0.5961685]);
    // p = 0.3, n = 1000: centre (p + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n)·sqrt(p(1-p)/n + z²/4n²)
    const z = 1.959963984540054, n = 1000, p = 0.3, z2 = z * z;
    const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const half = (z / (1 + z2 / n)) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    close(interval95(300, 1000), [centre - half, centre + half], 12);
  });

  it("none for no games; per 1000 games as the reports print rates", () => {
    expect(interval95(0, 0)).toBeNull();
    expect(per1000Interval(50, 100)).toEqual([403.832, 596.168]);
  });
});

describe("exact McNemar test", () => {
  it("two-sided binomial p-values of the discordant games", () => {
    expect(mcnemarExact(1, 9)).toBeCloseTo((2 * (1 + 10)) / 1024, 12);
    expect(mcnemarExact(0, 5)).toBeCloseTo(2 / 32, 12);
    expect(mcnemarExact(9, 1)).toBeCloseTo(mcnemarExact(1, 9), 12);
    expect(mcnemarExact(3, 3)).toBe(1);
    expect(mcnemarExact(0, 0)).toBe(1);
    // 400 against 600: far from even (normal approximation: z = 200/sqrt(1000) = 6.3, p ~ 2.5e-10)
    const p = mcnemarExact(400, 600);
    expect(p).toBeGreaterThan(1e-11);
    expect(p).toBeLessThan(1e-9);
  });
});
