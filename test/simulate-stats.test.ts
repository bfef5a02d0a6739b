// The statistics a paper prints from a simulation: pass cycles counted apart from real cycles,
// 95% intervals beside every rate of games, the exact McNemar test of --paired, and the chart's
// intervals. (The interval and test formulas themselves: intervals.test.ts.)
import { describe, it, expect, beforeAll } from "vitest";
import { simulate, simulateRun } from "../src/simulate/options.js";
import { per1000Interval, mcnemarExact } from "../src/simulate/intervals.js";
import { csvReport, markdownReport, svgReport } from "../src/simulate/report.js";
import type { SimReport } from "../src/simulate/run.js";
import { playGames, simulateRange, marginTwice } from "../src/simulate/engine.js";
import { isTrivialPassCycle } from "../src/rules/cycles.js";
import { preset } from "../src/ruleset/ruleset.js";

let r: SimReport;
beforeAll(async () => {
  r = await simulate(simulateRun({ rules: "chinese,new-ing,zhang", size: 7, games: 600, seed: 11, workers: 1, paired: true }), { sigint: false });
}, 60_000);

describe("simulate statistics", () => {
  it("reads twice a result's margin, and nothing from a result without one", () => {
    expect(marginTwice("B+3.5")).toBe(7);
    expect(marginTwice("W+2")).toBe(-4);
    expect(marginTwice("W+0.5")).toBe(-1);
    expect(marginTwice("B+2.75")).toBe(6); // 5.5, rounded as Math.round does
    expect(marginTwice("B+0")).toBe(0);
    expect(marginTwice("0")).toBe(0);
    for (const r of ["B+F", "W+T", "B+R", "Void", "?", "B+", "B+1.", "B+.5", "B+1.2.3", "X+3", "B-3", "B+ 3", "b+3"]) {
      expect(marginTwice(r), r).toBeNull();
    }
  });

  it("counts pass cycles apart: an answered pass under new-ing or zhang is not a game with a cycle", () => {
    for (const k of ["new-ing", "zhang"]) {
      const s = r.rules[k];
      // what stays a "pass-cycle" captured stones (a ko retaken after passes): rare
      expect(s.cycles["pass-cycle"]?.games ?? 0).toBeLessThan(0.05 * s.games);
      // play ends by passes in nearly every game, each answered pass bringing the position back
      expect(s.gamesWithPassCycle).toBeGreaterThan(0.9 * s.games);
      expect(s.passCycles.count).toBeGreaterThanOrEqual(s.gamesWithPassCycle);
      expect(s.gamesWithCycle).toBeLessThan(0.5 * s.games);
      // a game with a cycle has one of some kind, and no kind has more games than that
      for (const c of Object.values(s.cycles)) expect(c.games).toBeLessThanOrEqual(Math.min(c.count, s.gamesWithCycle));
      expect(Object.values(s.cycleLengths).reduce((a, b) => a + b, 0)).toBe(s.gamesWithCycle);
    }
  });

  it("counts in the core the trivial pass cycles that the named cycles hold, game by game", () => {
    // simulateRange has the core count them apart (trivialApart); playGames, by default, names
    // every cycle: both must give the same counts, periods and games
    for (const key of ["new-ing", "zhang", "ing", "tromp-taylor"]) {
      const spec = { width: 5, height: 5, seed: 3, policy: "light" as const, rules: [{ key, rules: preset(key) }], paired: false };
      const part = simulateRange(spec, 0, 400);
      let count = 0, games = 0;
      const periods: Record<string, number> = {};
      playGames(spec, 0, 400, (g) => {
        const trivial = g.cycles.filter(isTrivialPassCycle);
        count += trivial.length;
        if (trivial.length) games++;
        for (const c of trivial) periods[c.period] = (periods[c.period] ?? 0) + 1;
        expect(g.summary.trivialCycles).toBe(0); // not apart here
      });
      if (key === "new-ing" || key === "zhang") expect(count, key).toBeGreaterThan(300);
      expect(part.rules[key].passCycles, key).toEqual({ count, periods });
      expect(part.rules[key].gamesWithPassCycle, key).toBe(games);
    }
  });

  it("gives each rate of games its 95% interval, per 1000 games", () => {
    for (const k of r.rulesOrder) {
      const s = r.rules[k];
      expect(s.ci95Per1000!.results.B).toEqual(per1000Interval(s.results.B, s.games));
      expect(s.ci95Per1000!.gamesWithCycle).toEqual(per1000Interval(s.gamesWithCycle, s.games));
      expect(s.ci95Per1000!.gamesWithPassCycle).toEqual(per1000Interval(s.gamesWithPassCycle, s.games));
      const [lo, hi] = s.ci95Per1000!.gamesWithCycle!;
      const rate = (s.gamesWithCycle / s.games) * 1000;
      expect(lo).toBeLessThanOrEqual(rate);
      expect(hi).toBeGreaterThanOrEqual(rate);
    }
    expect(markdownReport(r)).toMatch(/\| per 1000 games \(95% interval\) \|/);
  });

  it("tests each pair of rule sets on the same games with the exact McNemar test", () => {
    for (const [a, row] of Object.entries(r.paired!)) {
      for (const [b, p] of Object.entries(row)) {
        // a changed Black win is a changed winner; a winner may also change between White, draw and void
        expect(p.blackWinsHereOnly + p.blackWinsThereOnly).toBeLessThanOrEqual(p.winnerChanged);
        expect(p.mcnemarP).toBe(mcnemarExact(p.blackWinsHereOnly, p.blackWinsThereOnly));
        expect(csvReport(r)).toContain(`${a}>${b},pairedMcNemarP,,`);
      }
    }
    // zhang scores by liberties (子气皆地) where chinese counts regions: the winner changes somewhere
    expect(Object.values(r.paired!).some((row) => Object.values(row).some((p) => p.winnerChanged > 0))).toBe(true);
  });

  it("draws the intervals in the chart as whiskers", () => {
    const svg = svgReport(r);
    expect(svg).toContain("95% intervals");
    const kinds = new Set(r.rulesOrder.flatMap((k) => Object.keys(r.rules[k].cycles)));
    // a whisker for every rule set and kind with an upper bound above 0 (every one here)
    expect((svg.match(/<path d="M/g) ?? []).length).toBe(kinds.size * r.rulesOrder.length);
  });
});
