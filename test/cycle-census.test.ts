// Cycles found by the core's playout bookkeeping agree with the TypeScript referee: each logged
// cycle, replayed from its game's PRNG state as SGF, is found by the referee at the same plies
// with the same kind. The census itself is deterministic for a seed, and batching (2000 games a
// call) does not change the games.
import { describe, it, expect } from "vitest";
import { cycleCensus, playoutAsSgf } from "../src/simulate/cycle-census.js";
import { readSgf } from "../src/sgf/read.js";
import { referee } from "../src/rules/referee.js";
import { preset, withKnobs } from "../src/ruleset/ruleset.js";

// the playouts' own rules: suicide forbidden, simple ko, no end but two passes
const playoutRules = withKnobs(preset("tromp-taylor"), { ko: "simple", suicide: "forbidden" });

describe("cycle census of light playouts", () => {
  for (const size of [5, 7]) {
    it(`${size}x${size}: every logged cycle is found by the referee with the same kind`, () => {
      const census = cycleCensus({ width: size, height: size, games: 6000, seed: 11, ko: "simple", examplesPerKind: 6 });
      const examples = Object.values(census.examples).flat();
      // random play on small boards repeats positions: there must be something to check
      expect(census.gamesWithCycle).toBeGreaterThan(10);
      expect(examples.length).toBeGreaterThan(5);
      for (const cy of examples) {
        const record = readSgf(playoutAsSgf(size, size, "simple", cy));
        const r = referee(record, { rules: playoutRules, rulesFrom: "option", dead: "none" });
        expect(r.moves.every((m) => m.legal)).toBe(true);
        const found = r.cycles.find((c) => c.repeatMove === cy.t);
        expect(found, `game ${cy.game} ply ${cy.t}`).toBeDefined();
        expect(found!.firstMove).toBe(cy.s);
        expect(found!.kind).toBe(cy.kind);
        expect(found!.period).toBe(cy.period);
      }
    });
  }

  it("is the same for the same seed, and does not depend on batching", () => {
    const a = cycleCensus({ width: 5, height: 5, games: 4500, seed: 3, ko: "simple" });
    const b = cycleCensus({ width: 5, height: 5, games: 4500, seed: 3, ko: "simple" });
    expect(b.byKind).toEqual(a.byKind);
    expect(b.moves).toBe(a.moves);
    // 4500 games run as batches of 2000, 2000, 500: the first 2000 games are the same games
    const first = cycleCensus({ width: 5, height: 5, games: 2000, seed: 3, ko: "simple" });
    const inA = a.others.length + Object.values(a.byKind).reduce((x, y) => x + y, 0);
    const inFirst = Object.values(first.byKind).reduce((x, y) => x + y, 0);
    expect(inA).toBeGreaterThanOrEqual(inFirst);
  });

  it("under positional superko no board position ever recurs", () => {
    const census = cycleCensus({ width: 5, height: 5, games: 3000, seed: 5, ko: "psk" });
    expect(census.gamesWithCycle).toBe(0);
  });
});
