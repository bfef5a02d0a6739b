// The simulation's batch driver (assembly/simulate.ts: whole games, summaries, paired replays)
// against the referee's move-by-move driver (src/rules/play.ts). Both play through the one rule
// engine (assembly/rules.ts), so this checks the two drivers and what each reports: games
// generated in the core under each rule set, replayed by `referee()` under the same rule set,
// must be legal at every move and agree on the end (reason and move), the result, the count and
// the cycles (kind, first and repeating move); paired replays must agree with the referee on the
// first illegal move and its reason. The rules themselves are checked against hand-worked rulings
// (rules-fixtures, cycles) and the independent reference board (differential).
import { describe, it, expect } from "vitest";
import { playGames, type SimSpec, type Policy } from "../src/simulate/engine.js";
import { preset, withKnobs, RULE_NAMES, type RuleSet } from "../src/ruleset/ruleset.js";
import { compareWithReferee } from "./helpers/sim-referee.js";

// [side, games per rule set]: small boards make captures, kos and cycles common
const SIZES: [number, number][] = [[5, 200], [7, 120], [9, 60]];

function check(spec: SimSpec, games: number): { games: number; cycles: number; pairs: number; illegalPairs: number } {
  const problems: string[] = [];
  let n = 0, cycles = 0, pairs = 0, illegalPairs = 0;
  playGames(spec, 0, games, (g) => {
    n++;
    cycles += g.cycles.length;
    const rules = spec.rules[g.rule].rules;
    const diffs = compareWithReferee(g, g.moves!, rules, spec.width, spec.height);
    for (const p of g.pairs) {
      pairs++;
      if (p.summary.illegal) illegalPairs++;
      const d = compareWithReferee({ ...g, summary: p.summary, verdict: p.verdict }, g.moves!, spec.rules[p.rule].rules,
        spec.width, spec.height, true);
      diffs.push(...d.map((x) => `replayed under ${spec.rules[p.rule].key}: ${x}`));
    }
    if (diffs.length && problems.length < 5) {
      problems.push(`${spec.rules[g.rule].key} ${spec.width}x${spec.height} seed ${spec.seed} game ${g.summary.game}: ${diffs.join("; ")}\nmoves ${JSON.stringify(g.moves)}`);
    }
  }, { keepMoves: true });
  expect(problems, problems.join("\n\n")).toEqual([]);
  return { games: n, cycles, pairs, illegalPairs };
}

const named = (names: string[]) => names.map((n) => ({ key: n, rules: preset(n) }));

describe("simulation in the core equals the referee", () => {
  for (const [side, games] of SIZES) {
    it(`every preset, light policy, ${side}x${side}, ${games} games each`, () => {
      const r = check({ width: side, height: side, seed: 11 + side, policy: "light", rules: named(RULE_NAMES), paired: false }, games);
      expect(r.games).toBe(games * RULE_NAMES.length);
      if (side <= 7) expect(r.cycles).toBeGreaterThan(0);
    });
  }

  it("every preset, capture policy, 5x5 and 7x7", () => {
    for (const side of [5, 7]) {
      check({ width: side, height: side, seed: 3, policy: "capture" as Policy, rules: named(RULE_NAMES), paired: false }, 50);
    }
  });

  it("knob variants: zhang long cycles void, Ing's early twin, four-passes, no ko, ssk with suicide, history cleared", () => {
    const variants: { key: string; rules: RuleSet }[] = [
      { key: "zhang-void", rules: withKnobs(preset("zhang"), { longCycles: "void" }) },
      { key: "ing-early", rules: withKnobs(preset("ing"), { ingTwin: "early" }) },
      { key: "ing-four", rules: withKnobs(preset("ing"), { end: "four-passes" }) },
      { key: "none-allowed", rules: withKnobs(preset("tromp-taylor"), { ko: "none" }) },
      { key: "ssk-allowed", rules: withKnobs(preset("nz"), { suicide: "allowed" }) },
      { key: "simple-resume", rules: withKnobs(preset("chinese"), { ko: "simple", resumeClearsHistory: true, suicide: "multi-stone" }) },
      { key: "zhang-no-virtual", rules: withKnobs(preset("zhang"), { passesInHash: false }) },
    ];
    for (const side of [4, 5, 7]) check({ width: side, height: side, seed: 5, policy: "light", rules: variants, paired: false }, 60);
  });

  it("tiny boards, where passes, pauses, suspensions and long cycles are common", () => {
    for (const side of [2, 3, 4]) {
      const r = check({ width: side, height: side, seed: 9, policy: "light", rules: named(RULE_NAMES), paired: true }, 60);
      expect(r.cycles).toBeGreaterThan(0);
    }
    check({ width: 3, height: 2, seed: 2, policy: "capture", rules: named(RULE_NAMES), paired: false }, 60);
  });

  it("chinese with long cycles void plays basic ko in the core as the referee does (coreKo): simple-ko games replay under it as the referee rules them", () => {
    // 4x4 games under simple ko repeat positions often; under chinese + longCycles void the
    // referee replaces positional superko by basic ko (RULES.md 5), so none of those moves may be
    // refused as superko in the core either
    const r = check({ width: 4, height: 4, seed: 7, policy: "light", paired: true, rules: [
      { key: "simple", rules: withKnobs(preset("chinese"), { ko: "simple" }) },
      { key: "chinese-void", rules: withKnobs(preset("chinese"), { longCycles: "void" }) },
    ] }, 300);
    expect(r.pairs).toBe(600);
  });

  it("paired replays: the first illegal move and the result under the other rule set", () => {
    const r = check({ width: 5, height: 5, seed: 21, policy: "light", rules: named(["ing", "new-ing", "zhang", "grand", "chinese", "japanese"]), paired: true }, 40);
    expect(r.pairs).toBe(40 * 6 * 5);
    expect(r.illegalPairs).toBeGreaterThan(0);
  });
});
