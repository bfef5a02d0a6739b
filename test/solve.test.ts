// `arbiter solve` (docs/solve.md): values of small empty boards against the published ones, the
// counts of legal positions against Tromp and Farnebäck's, the search's own checks (no table, no
// kept counts, the other method), budgets, Ctrl-C and bad input.
import { describe, it, expect } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { preset, withKnobs, type RuleSet } from "../src/ruleset/ruleset.js";
import { solve } from "../src/solve/solve.js";
import { solveJob, solveSgf } from "../src/api/solve-run.js";
import { searchGap, textOnlyRuleSets } from "../src/solve/gaps.js";
import { ROOT, MAIN, arbiter } from "./helpers/serve.js";
import sgf from "@sabaki/sgf";
import { readSgf } from "../src/sgf/read.js";
import { referee } from "../src/rules/referee.js";
import { marginTwice } from "../src/simulate/engine.js";
import { loadCore } from "../src/core/wasm.js";
import { releaseCore } from "../src/core/game.js";
import { END_NONE, END_VIRTUAL_MOVES, FLOW_ING_PAIRS, FLOW_ZHANG_VIRTUAL, R_HOT_STONE, REP_ING, REP_SIMPLE, REP_ZHANG, RW_ENDED, SUICIDE_MULTI_STONE } from "../assembly/codes.js";

/** The command run with `args`, sent `signal` after 4 s (after its handler is surely set: a
 *  loaded machine starts node slowly): its exit status, output and time. */
function stopAfter(args: string[], signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: "pipe" });
    let stdout = "", stderr = "";
    p.stdout.on("data", (d) => { stdout += d; });
    p.stderr.on("data", (d) => { stderr += d; });
    const start = Date.now();
    setTimeout(() => p.kill(signal), 4000);
    p.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - start }));
  });
}

interface SgfTree { data: Record<string, string[]>; children: SgfTree[] }
interface HotCore {
  memory: WebAssembly.Memory; SETUP_IN: WebAssembly.Global;
  newGame(w: number, h: number, suicide: number, ko: number, toMove: number, moveLimit: number): number;
  loadSetup(toMove: number): number;
  rulesStart(suicide: number, rep: number, twinEarly: number, void3: number, zhangVoid: number, passesInHash: number,
    end: number, resumeClears: number, toMove: number, cap: number, journal: number): void;
  rulesPlay(x: number, y: number, c: number, commit: number, free: number): number;
  setHotStones(on: number): void;
  setVirtualFree(on: number): void;
  rulesPass(c: number, abandon: number): number;
  RULING_OUT: WebAssembly.Global;
  /** the position key's terms for the flow of play and for simple ko's (and the hot stones') memory */
  flowKey(): bigint;
  simpleKoKey(): bigint;
}

const rules = (name: string, knobs: Record<string, unknown> = {}): RuleSet => ({ ...withKnobs(preset(name), knobs), komi: 0 });
/** Chinese rules as practised: basic ko, a long cycle voids the game (docs/rules.md 5). */
const chineseBasicKo = () => rules("chinese", { longCycles: "void" });

describe("published values", () => {
  it("2x2 under Tromp-Taylor is Black +1 (Tromp), with a line the referee rules B+1", () => {
    const r = solve({ width: 2, height: 2, rules: rules("tromp-taylor") });
    expect(r.complete).toBe(true);
    expect(r.value).toBe(1);
    expect(r.result).toBe("B+1");
    expect(r.lineRuling).toEqual({ result: "B+1", end: "two-passes", agrees: true });
    // the line by hand: B A2, W B1, B B2; A1 touches both colours: Black 2 stones, White 1
    expect(r.line).toEqual(["A2", "B1", "B2", "pass", "pass"]);
    // Tromp's program, passes first: 1,446 nodes; this search's order is no worse than twice that
    expect(r.nodes).toBeLessThan(2 * 1446);
  });

  it("2x2 is a draw under Japanese rules (Sei and Kawashima)", () => {
    for (const name of ["japanese", "korean"]) {
      const r = solve({ width: 2, height: 2, rules: rules(name), verifyLeaves: true });
      expect(r.value).toBe(0);
      expect(r.result).toBe("0");
      expect(r.leafMismatches).toBe(0);
    }
  });

  it("3x3 under Chinese rules with basic ko is Black +9: Black takes the centre, White cannot live", () => {
    const r = solve({ width: 3, height: 3, rules: chineseBasicKo() });
    expect(r.method).toBe("retrograde");
    expect(r.value).toBe(9);
    expect(r.line[0]).toBe("B2"); // the centre
    expect(r.lineRuling?.agrees).toBe(true);
    expect(r.lineRuling?.result).toBe("B+9");
  });

  // T. Drange's table of area counting's values (mathpuzzle.com/go, worked out in 1998):
  // 1x2 0 (a pass first), 1x3 +3, 1x4 +4, 1x5 0, 1x6 +1, 1x7 +2, 1x8 +3, 1x9 0; 2x5 +10
  // (1x8 and 1x9 by the superko's lines searched by proof numbers: alpha-beta took 4 million
  // nodes on 1x8 and did not answer 1x9)
  it.each([[2, 0], [3, 3], [4, 4], [5, 0], [6, 1], [7, 2], [8, 3], [9, 0]])("linear Go 1x%i under Chinese rules is Drange's %i, with a line the referee rules so", (n, value) => {
    const r = solve({ width: 1, height: n, rules: rules("chinese"), threads: 1 });
    expect(r.complete).toBe(true);
    expect(r.value).toBe(value);
    expect(r.lineRuling?.agrees).toBe(true);
  }, 60_000);

  it("1x3 by hand: Black's stone in the middle owns the line (White's stone beside it has no liberty)", () => {
    const r = solve({ width: 1, height: 3, rules: rules("tromp-taylor"), threads: 1 });
    expect(r.value).toBe(3);
    expect(r.line[0]).toBe("A2");
    expect(r.lineRuling?.result).toBe("B+3");
  });

  it("2x5 under area counting is Drange's +10 (basic ko and a superko alike)", () => {
    for (const r of [rules("chinese"), chineseBasicKo()]) {
      const s = solve({ width: 2, height: 5, rules: r, threads: 1 });
      expect(s.value).toBe(10);
      expect(s.lineRuling?.agrees).toBe(true);
    }
  });
});

describe("a superko by simple ko's game (docs/solve.md, \"A superko by bounds\")", () => {
  it("3x3 under area counting with a superko is Black +9 (the published value), each bound a strategy that repeats no board", () => {
    // (nz: situational superko with suicide; simple ko's game there bans a lone stone's suicide
    // right after a pass, which brings back the situation before the pass)
    for (const name of ["tromp-taylor", "chinese", "aga", "nz"]) {
      const r = solve({ width: 3, height: 3, rules: rules(name) });
      expect(r.method, name).toBe("retrograde");
      expect(r.bounds, name).toEqual({ lower: 9, upper: 9 });
      expect(r.value, name).toBe(9);
      expect(r.line[0], name).toBe("B2");
      // the line is refereed under the superko itself: every move legal, the count B+9
      expect(r.lineRuling, name).toMatchObject({ result: "B+9", agrees: true });
    }
  });

  it("2x4 under positional superko: Black takes the whole board, +8", () => {
    const r = solve({ width: 2, height: 4, rules: rules("tromp-taylor") });
    expect(r.bounds).toEqual({ lower: 8, upper: 8 });
    expect(r.value).toBe(8);
    expect(r.lineRuling?.agrees).toBe(true);
  });

  it("with suicide (Tromp-Taylor, New Zealand) classes under the symmetries mark simple ko's memory after a lone suicide: the same values and bounds as every position", () => {
    for (const name of ["tromp-taylor", "nz"]) {
      const classes = solve({ width: 3, height: 3, rules: rules(name), method: "retrograde" });
      const every = solve({ width: 3, height: 3, rules: rules(name), method: "retrograde", symmetry: false });
      expect(classes.bounds, name).toEqual(every.bounds);
      expect(classes.value, name).toBe(9);
      expect(every.value, name).toBe(9);
      expect(classes.positions!, name).toBeLessThan(every.positions! / 4);
    }
  });

  it("3x4 under positional superko: Black's strategy keeps a bound (a pass is never banned, earlier positions rank above); the bounds do not meet, so the superko's own lines show it as their first goal, then give +4", () => {
    const r = solve({ width: 3, height: 4, rules: rules("chinese"), method: "retrograde" });
    // White's bound says nothing (Black can force a cycle under simple ko): no strategy played
    // out; the superko's lines were searched from Black's bound, 3, up: +4, as under Chinese
    // practice (basic ko, a cycle worth 0)
    expect(r.boundsWork!.playedOut).toBe(0);
    expect(r.boundsWork!.history!.from).toEqual({ lower: 3, upper: 12 });
    expect(r.boundsWork!.history!.goals).toBeGreaterThanOrEqual(3); // (3 and 4 yes, 5 no)
    expect(r.boundsWork!.history!.nodes).toBeGreaterThan(0);
    expect(r.boundsWork!.history!.cutBlack + r.boundsWork!.history!.cutWhite).toBeGreaterThan(0);
    expect(r.bounds).toEqual({ lower: 4, upper: 4 });
    expect(r.value).toBe(4);
    expect(r.lineRuling).toMatchObject({ result: "B+4", agrees: true });
  });

  it("where either side can force a cycle under simple ko (2x2), the bounds say nothing; the superko's own lines give Tromp's +1, as alpha-beta over the superko does", () => {
    const r = solve({ width: 2, height: 2, rules: rules("tromp-taylor") });
    expect(r.method).toBe("retrograde");
    expect(r.boundsWork!.history!.goals).toBeGreaterThan(1);
    expect(r.value).toBe(1);
    expect(r.lineRuling).toMatchObject({ result: "B+1", agrees: true });
    const ab = solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta" });
    expect(ab.value).toBe(1);
    // the null window: at least 1 and not at least 2 (Tromp: +1)
    expect(solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta", goal: 1 }).goalMet).toBe(true);
    expect(solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta", goal: 2 }).goalMet).toBe(false);
    // (a goal is alpha-beta's alone: named, not ignored)
    expect(() => solve({ width: 2, height: 2, rules: rules("tromp-taylor"), goal: 1 })).toThrow(/alpha-beta's check/);
  });
});

describe("a goal by deepening with Benson's test (area counting, basic ko: the way to 5x5)", () => {
  const basicKo = (): RuleSet => rules("chinese", { ko: "simple", longCycles: "void" });
  it("gives the values retrograde analysis gives: 2x2 and 2x3 0, 3x3 +9, 2x4 +8 (each at least the value, not one more)", () => {
    for (const [w, h, v] of [[2, 2, 0], [2, 3, 0], [3, 3, 9], [2, 4, 8]] as const) {
      const at = solve({ width: w, height: h, rules: basicKo(), method: "alpha-beta", goal: v, seconds: 60 });
      const above = solve({ width: w, height: h, rules: basicKo(), method: "alpha-beta", goal: v + 1, seconds: 60 });
      expect([at.goalMet, above.goalMet], `${w}x${h}`).toEqual([true, false]);
      expect(at.goalWork!.horizon, `${w}x${h}`).toBeLessThan(1000);
    }
    // 3x3 +9 is the whole board: Benson's test ends the lines where Black's stones and their
    // regions cover it (without it every line is played to two passes)
    const r = solve({ width: 3, height: 3, rules: basicKo(), method: "alpha-beta", goal: 9, seconds: 60 });
    expect(r.goalWork!.bySafeArea).toBeGreaterThan(0);
    expect(solve({ width: 3, height: 3, rules: basicKo(), method: "retrograde" }).value).toBe(9);
  });

  it("alpha-beta's table by class under the symmetries gives the values of the table by position (2x2 and 2x3 basic ko 0, 2x2 Japanese 0), in fewer nodes", () => {
    for (const [w, h, r, v] of [[2, 2, basicKo(), 0], [2, 3, basicKo(), 0], [2, 2, rules("japanese"), 0]] as const) {
      const byClass = solve({ width: w, height: h, rules: r, method: "alpha-beta", seconds: 60 });
      const byPosition = solve({ width: w, height: h, rules: r, method: "alpha-beta", seconds: 60, symmetry: false });
      expect([byClass.value, byPosition.value], `${w}x${h} ${r.name}`).toEqual([v, v]);
      expect(byClass.nodes, `${w}x${h} ${r.name}`).toBeLessThan(byPosition.nodes);
    }
  });

  it("by proof numbers gives the same values (2x2 and 2x3 0, 3x3 +9, 2x4 +8), and refutes 4x4's +2, which deepening leaves open (retrograde analysis: +1)", () => {
    const pn = (w: number, h: number, goal: number) => solve({ width: w, height: h, rules: basicKo(), method: "alpha-beta", goal, goalSearch: "proof-numbers", seconds: 60 });
    for (const [w, h, v] of [[2, 2, 0], [2, 3, 0], [3, 3, 9], [2, 4, 8]] as const) {
      const at = pn(w, h, v), above = pn(w, h, v + 0.5);
      expect([at.goalMet, above.goalMet], `${w}x${h}`).toEqual([true, false]);
      expect([at.method, at.goalWork!.search, at.goalWork!.horizon]).toEqual(["proof-numbers", "proof-numbers", null]);
    }
    // (2x3: "at least +0.5" is refuted only through lines that come back to a position, a void;
    // each such answer rests on its line and is kept as a guess, not an answer)
    expect(pn(2, 3, 0.5).goalWork!.repetitions).toBeGreaterThan(0);
    const four = pn(4, 4, 2);
    expect(four).toMatchObject({ goalMet: false, complete: true, value: null });
    // (the whole board is the value where Black makes it: the proving move, two passes, refereed)
    const nine = pn(3, 3, 9);
    expect(nine).toMatchObject({ value: 9, result: "B+9", lineRuling: { result: "B+9", agrees: true } });
    expect(nine.line.slice(1)).toEqual(["pass", "pass"]);
    expect(pn(2, 3, 0)).toMatchObject({ goalMet: true, value: null, line: [] });
  });

  it("a goal by proof numbers from a position: 3x3 after the centre (and after any reply) +9, as the published value; a position of the moves given is on the line", () => {
    const from = (w: number, h: number, goal: number, moves: number[]) =>
      solve({ width: w, height: h, rules: basicKo(), method: "alpha-beta", goal, goalSearch: "proof-numbers", from: moves, seconds: 60 });
    // (3x3 +9 from the centre: White's replies, a side point, a corner and a pass, each lose the board)
    for (const moves of [[4], [4, 1], [4, 0], [4, -1]]) {
      expect(from(3, 3, 9, moves), JSON.stringify(moves)).toMatchObject({ goalMet: true, complete: true, value: null, line: [] });
    }
    expect(from(3, 3, 9, [4]).from).toEqual(["B2"]);
    expect(from(3, 3, 9.5, [4]).goalMet).toBe(false); // (the board has 9 points)
    // 2x2 (row-major: A2 B2 / A1 B1): Black A1, White B2, Black A2, White B1 takes two, Black A1,
    // White A2 takes one. Black to move: A1 takes three and brings back the board after the first
    // move (a void, 0); a pass lets White pass too, W+4. So Black makes 0 (by the void) and not +0.5.
    const cycle = [2, 1, 0, 3, 2, 0];
    const zero = from(2, 2, 0, cycle);
    expect(zero).toMatchObject({ goalMet: true, complete: true });
    expect(zero.goalWork!.repetitions).toBeGreaterThan(0);
    expect(from(2, 2, 0.5, cycle).goalMet).toBe(false);
    // (the moves themselves may not come back to a position of theirs: that void is the end of play)
    expect(() => from(2, 2, 0, [...cycle, 2])).toThrow(/move 7 to start after \(Black A1\) brings back the position after move 1: a void here/);
  });

  it("a goal split at its root: White's three classes of reply to 3x3's centre each lose the board; Black's centre answers for the empty board; 2x3's +0.5 needs every move's no", () => {
    const split = (w: number, h: number, goal: number, moves: number[]) =>
      solve({ width: w, height: h, rules: basicKo(), method: "alpha-beta", goal, goalSearch: "proof-numbers", from: moves, split: true, threads: 1, seconds: 60 });
    // (after the centre, White's moves by class: a side point, a corner, a pass; each its own search)
    const replies = split(3, 3, 9, [4]);
    expect(replies).toMatchObject({ goalMet: true, complete: true, from: ["B2"] });
    expect(replies.parts!.map((p) => [p.move, p.goalMet])).toEqual([["B3", true], ["A3", true], ["pass", true]]);
    expect(replies.nodes).toBe(replies.parts!.reduce((a, p) => a + p.nodes, 0));
    // (Black's root: the centre first, which wins; the rest are not needed)
    const root = split(3, 3, 9, []);
    expect(root.goalMet).toBe(true);
    expect(root.parts![0]).toMatchObject({ move: "B2", goalMet: true });
    expect(root.parts!.slice(1).every((p) => p.goalMet === undefined && p.stoppedBy === "not needed")).toBe(true);
    // (2x3's value is 0: no move of Black's makes +0.5, and a no needs each one's)
    const none = split(2, 3, 0.5, []);
    expect(none.goalMet).toBe(false);
    expect(none.parts!.length).toBeGreaterThan(1);
    expect(none.parts!.every((p) => p.goalMet === false)).toBe(true);
    expect(() => solve({ width: 2, height: 2, rules: basicKo(), method: "alpha-beta", goal: 0, split: true })).toThrow(/a split at the root is a goal's by proof numbers/);
    // (the node budget is the split's: it stops there, the parts not reached named)
    const short = solve({ width: 4, height: 4, rules: basicKo(), method: "alpha-beta", goal: 1.5, goalSearch: "proof-numbers", from: [5], split: true, threads: 1, maxNodes: 2000 });
    expect(short).toMatchObject({ complete: false, stoppedBy: "nodes" });
    expect(short.goalMet).toBeUndefined();
    expect(short.nodes).toBeLessThan(2000 + 5000);
    expect(short.parts!.at(-1)!.stoppedBy).toBe("nodes");
  });

  it("a goal by deepening from a position: 3x3 +9 after the centre and a reply; the 2x2 cycle's void; Tromp-Taylor's 2x2 B+1 after A2 (Tromp), the superko reading the moves given", () => {
    const from = (w: number, h: number, r: RuleSet, goal: number, moves: number[]) =>
      solve({ width: w, height: h, rules: r, method: "alpha-beta", goal, from: moves, seconds: 60 });
    expect(from(3, 3, basicKo(), 9, [4, 1])).toMatchObject({ goalMet: true, from: ["B2", "B3"] });
    // (the moves of the test above: Black's A1 brings back the board after the first move, a void)
    expect(from(2, 2, basicKo(), 0, [2, 1, 0, 3, 2, 0]).goalMet).toBe(true);
    expect(from(2, 2, basicKo(), 0.5, [2, 1, 0, 3, 2, 0]).goalMet).toBe(false);
    // (Tromp's line A2 B1 B2, two passes: B+1 under positional superko; row-major A2 is 0)
    expect(from(2, 2, rules("tromp-taylor"), 1, [0]).goalMet).toBe(true);
    expect(from(2, 2, rules("tromp-taylor"), 1.5, [0]).goalMet).toBe(false);
    expect(from(2, 2, rules("tromp-taylor"), 1, [0, 3, 1]).goalMet).toBe(true);
  });

  it("a goal from a position refuses moves it cannot start after, by name", () => {
    const from = (moves: number[], goalSearch: "proof-numbers" | "deepening" = "proof-numbers") =>
      () => solve({ width: 2, height: 2, rules: basicKo(), method: "alpha-beta", goal: 0, goalSearch, from: moves, seconds: 10 });
    expect(from([2, 2])).toThrow(/move 2 to start after \(White A1\) is refused by the rule set/); // (occupied)
    expect(from([-1, -1])).toThrow(/move 2 to start after \(White pass\) is refused by the rule set, or ends play/); // (two passes end play)
    expect(from([4])).toThrow(/move 1 to start after \(4\) is neither a point of the 2x2 board nor a pass/);
    expect(from([0.5])).toThrow(/neither a point/);
    expect(from(new Array(401).fill(-1))).toThrow(/401 moves to start after: at most 400/);
    expect(() => solve({ width: 2, height: 2, rules: basicKo(), method: "alpha-beta", from: [2], seconds: 10 })).toThrow(/a search from a position .* needs a goal/);
    expect(from([2, 1, 0, 3, 2, 0, 2], "deepening")).toThrow(/move 7 to start after \(Black A1\) brings back the position after move 1/);
  });

  it("a goal by proof numbers refuses what it cannot do, by name", () => {
    expect(() => solve({ width: 2, height: 2, rules: rules("chinese"), method: "alpha-beta", goal: 1, goalSearch: "proof-numbers" })).toThrow(/reads no history and voids long cycles/);
    expect(() => solve({ width: 2, height: 2, rules: basicKo(), method: "alpha-beta", goalSearch: "proof-numbers" })).toThrow(/needs a goal/);
    expect(() => solve({ width: 2, height: 2, rules: basicKo(), method: "alpha-beta", goal: 1, goalSearch: "pn" as never })).toThrow(/"deepening" or "proof-numbers"/);
  });

  it("without deepening, 3x3 has no verdict in 10 s in Tromp's order: its lines run hundreds of moves deep (the value's are 18 at most)", () => {
    const tromps = { passesFirst: true, answerPassFirst: false, historyOrder: true };
    const r = solve({ width: 3, height: 3, rules: basicKo(), method: "alpha-beta", goal: 9, seconds: 10, deepening: false, safeArea: false, ...tromps });
    expect(r.goalMet).toBeUndefined();
    expect(["time", "depth"]).toContain(r.stoppedBy);
    expect(r.stats.maxDepth).toBeGreaterThan(100);
    // (without the table by class it ran past the engine's 1,000 entries: said as the depth)
    const flat = solve({ width: 3, height: 3, rules: basicKo(), method: "alpha-beta", goal: 9, seconds: 10, deepening: false, safeArea: false, symmetry: false, ...tromps });
    expect(flat.stoppedBy).toBe("depth");
    // the goal's own order (passes answering, centre out) finds the yes even so, by lines far
    // longer than the value's (a success never leans on a cut line, so it holds)
    const own = solve({ width: 3, height: 3, rules: basicKo(), method: "alpha-beta", goal: 9, seconds: 10, deepening: false, safeArea: false });
    expect(own.goalMet).toBe(true);
    expect(own.stats.maxDepth).toBeGreaterThan(18);
  });
});

describe("a superko over its own lines (docs/solve.md)", () => {
  it("every cut-off's strategy holds when played out under the superko itself, and the search gives the same value with the check (2x2, 2x3, each superko rule set)", () => {
    for (const [w, h, want] of [[2, 2, 1], [2, 3, 0]] as const) {
      for (const name of ["tromp-taylor", "chinese", "aga", "nz"]) {
        const r = solve({ width: w, height: h, rules: rules(name), checkCutoffs: true });
        const label = `${w}x${h} ${name}`;
        expect(r.boundsWork!.history!.checkFailed, label).toBe(0);
        expect(r.boundsWork!.history!.cutBlack + r.boundsWork!.history!.cutWhite, label).toBeGreaterThan(0);
        expect(r.value, label).toBe(want);
        expect(r.lineRuling?.agrees, label).toBe(true);
        const plain = solve({ width: w, height: h, rules: rules(name) });
        expect(plain.value, label).toBe(want);
        expect(plain.lineRuling?.agrees, label).toBe(true);
      }
    }
  });

  it("New Zealand rules (situational superko, suicide): a lone stone's suicide left out where a pass answers it changes no value, and the search that leaves them out is smaller (3x4, +4)", () => {
    // a lone stone's suicide leaves the board as it was: answered by a pass, the mover is back at
    // the same position with one more of his plays banned, so the search tries it only where the
    // end after the two passes meets the mover's goal (docs/solve.md, "A lone stone's suicide")
    const answered = solve({ width: 3, height: 4, rules: rules("nz"), threads: 1 });
    const every = solve({ width: 3, height: 4, rules: rules("nz"), threads: 1, loneSuicideAnswered: false });
    for (const [label, r] of [["answered", answered], ["every", every]] as const) {
      expect(r.value, label).toBe(4);
      expect(r.lineRuling, label).toMatchObject({ result: "B+4", agrees: true });
    }
    expect(every.boundsWork!.history!.loneSuicides).toBeUndefined();
    expect(answered.boundsWork!.history!.loneSuicides).toBeGreaterThan(0);
    expect(answered.boundsWork!.history!.nodes).toBeLessThan(every.boundsWork!.history!.nodes);
    expect(answered.notes.join(" ")).toMatch(/lone stones' suicides not tried, a pass answering each/);
  }, 60_000);

  it("a komi above 0 takes nothing from a superko's solve: 3x4 under Chinese rules at komi 0.5 is +3.5, the +4 of komi 0 less the komi (White's bound at the whole board less komi is not played out: no game under a superko ends above it)", () => {
    const r = solve({ width: 3, height: 4, rules: { ...rules("chinese"), komi: 0.5 }, threads: 1, seconds: 120 });
    expect(r.complete).toBe(true);
    expect(r.value).toBe(3.5);
    expect(r.lineRuling).toMatchObject({ result: "B+3.5", agrees: true });
    expect(r.boundsWork!.history!.from.upper).toBe(11.5); // (12 points less the komi)
    expect(r.boundsWork!.playedOut).toBe(0);
  }, 120_000);

  it("a search with no budget left stops with no value, never a guess", () => {
    const r = solve({ width: 3, height: 4, rules: rules("chinese"), maxNodes: 400_000 });
    expect(r.complete).toBe(false);
    expect(r.value).toBeNull();
    expect(r.stoppedBy).toBe("nodes");
  });
});

describe("Ing's rules by their hot stones (docs/solve.md, \"Ing's and the Grand Rules' lines\")", () => {
  it("the relaxation's engine: under simple ko the 2-for-2 retake of double-hot.sgf is legal; with Ing's hot stones it is refused, as Ing's 1A refuses it", () => {
    // double-hot.sgf, 5x3 (top row first): Black C3 takes White A3 B3; White B3 at once takes
    // C3 D3 back, two for two, with the stone just placed (1A.2 雙熱子)
    const c = loadCore() as unknown as HotCore;
    const setup = [2, 2, 0, 1, 2, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0]; // O O . X O / X X O O . / . . . . .
    const retake = (hot: boolean, rep: number): number => {
      c.newGame(5, 3, SUICIDE_MULTI_STONE, 0, 1, 4096);
      new Uint8Array(c.memory.buffer, Number(c.SETUP_IN.value), 15).set(setup);
      expect(c.loadSetup(1)).toBe(-1);
      c.rulesStart(SUICIDE_MULTI_STONE, rep, 0, 0, 0, 0, FLOW_ING_PAIRS, 0, 1, 4096, 1);
      if (hot) c.setHotStones(1);
      expect(c.rulesPlay(2, 0, 1, 1, 0)).toBe(0); // Black C3 takes two
      return c.rulesPlay(1, 0, 2, 1, 0); // White B3 takes two back
    };
    try {
      expect(retake(false, REP_SIMPLE)).toBe(0);
      expect(retake(true, REP_SIMPLE)).toBe(R_HOT_STONE);
      expect(retake(false, REP_ING)).toBe(R_HOT_STONE);
    } finally {
      c.setHotStones(0);
      releaseCore();
    }
  });

  it("the relaxation's key keeps a hot stone's memory only where the stone can be taken back at once, and a pause as a resumption under ing 1.5's pairs", () => {
    const c = loadCore() as unknown as HotCore;
    // double-hot.sgf as above: after Black C3 takes A3 B3, C3 D3 have one liberty (B3), so White
    // may not take them back at once with two stones: the memory is part of the position. With D2
    // empty they have two (B3, D2): no play takes them at once, and no play after the next reads
    // the memory (1A.2: "at once"), so the position is the same as one without it.
    const afterCapture = (setup: number[]): bigint => {
      c.newGame(5, 3, SUICIDE_MULTI_STONE, 0, 1, 4096);
      new Uint8Array(c.memory.buffer, Number(c.SETUP_IN.value), 15).set(setup);
      expect(c.loadSetup(1)).toBe(-1);
      c.rulesStart(SUICIDE_MULTI_STONE, REP_SIMPLE, 0, 0, 0, 0, FLOW_ING_PAIRS, 0, 1, 4096, 1);
      c.setHotStones(1);
      expect(c.rulesPlay(2, 0, 1, 1, 0)).toBe(0); // Black C3 takes two
      return c.simpleKoKey();
    };
    // ing 1.5: the first two passes pause play, the next two end it, whether a stone was played
    // between or not; where a resumption clears the history (the Grand Rules' knob) it differs
    const flows = (resumeClears: number): bigint[] => {
      c.newGame(3, 3, SUICIDE_MULTI_STONE, 0, 1, 4096);
      c.rulesStart(SUICIDE_MULTI_STONE, REP_SIMPLE, 0, 0, 0, 0, FLOW_ING_PAIRS, resumeClears, 1, 4096, 1);
      const start = c.flowKey();
      expect(c.rulesPass(1, 0)).toBe(0);
      expect(c.rulesPass(2, 0)).toBe(0);
      const paused = c.flowKey();
      expect(c.rulesPlay(0, 0, 1, 1, 0)).toBe(0);
      expect(c.rulesPlay(2, 2, 2, 1, 0)).toBe(0);
      return [start, paused, c.flowKey()];
    };
    try {
      expect(afterCapture([2, 2, 0, 1, 2, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0])).not.toBe(0n);
      expect(afterCapture([2, 2, 0, 1, 2, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0])).toBe(0n);
      const [start, paused, resumed] = flows(0);
      expect(paused).toBe(resumed);
      expect(paused).not.toBe(start);
      const [, pausedClears, resumedClears] = flows(1);
      expect(pausedClears).not.toBe(resumedClears);
    } finally {
      c.setHotStones(0);
      releaseCore();
    }
  });

  it("2x2 is B+0 (the tie rule's 0, as alpha-beta over Ing's 1A gives), 2x3 0, 3x3 +9 (Black takes the centre): each line opens with a stone and is refereed under Ing's rules", () => {
    for (const [w, h, want] of [[2, 2, 0], [2, 3, 0], [3, 3, 9]] as const) {
      const r = solve({ width: w, height: h, rules: rules("ing") });
      const label = `${w}x${h}`;
      expect(r.complete, label).toBe(true);
      expect(r.method, label).toBe("retrograde");
      expect(r.value, label).toBe(want);
      expect(r.result, label).toBe(`B+${want}`);
      expect(r.line[0], label).not.toBe("pass");
      expect(r.lineRuling?.agrees, label).toBe(true);
      expect(r.boundsWork!.history!.goals, label).toBeGreaterThan(0);
    }
    // 2x2 by alpha-beta over Ing's 1A itself: the same value
    expect(solve({ width: 2, height: 2, rules: rules("ing"), method: "alpha-beta" }).value).toBe(0);
  }, 60_000);

  it("every cut-off's strategy holds when played out under Ing's 1A with its void (2x2)", () => {
    const r = solve({ width: 2, height: 2, rules: rules("ing"), checkCutoffs: true });
    const hs = r.boundsWork!.history!;
    expect(hs.checkFailed).toBe(0);
    expect(hs.proofFailed).toBe(0);
    expect(hs.cutBlack + hs.cutWhite).toBeGreaterThan(0);
    expect(hs.proofLeaves).toBeGreaterThan(0);
    expect(r.value).toBe(0);
  });
});

describe("Zhang's rules by their passes (docs/solve.md, \"Zhang's rules by their passes\")", () => {
  it("the relaxation's engine: under Zhang's rules four virtual moves in a row end play (3.5); with the virtual moves counted nowhere no pass ends it", () => {
    const c = loadCore() as unknown as HotCore;
    const endAfterPasses = (rep: number, free: boolean): number[] => {
      c.newGame(2, 2, SUICIDE_MULTI_STONE, 0, 1, 4096);
      c.rulesStart(SUICIDE_MULTI_STONE, rep, 0, 0, 0, 0, FLOW_ZHANG_VIRTUAL, 0, 1, 4096, 1);
      if (free) c.setVirtualFree(1);
      const ended: number[] = [];
      for (let k = 0; k < 6; k++) {
        expect(c.rulesPass(k % 2 === 0 ? 1 : 2, 0)).toBe(0);
        ended.push(new Int32Array(c.memory.buffer, Number(c.RULING_OUT.value), 22)[RW_ENDED]);
      }
      return ended;
    };
    try {
      expect(endAfterPasses(REP_ZHANG, false).slice(0, 4)).toEqual([END_NONE, END_NONE, END_NONE, END_VIRTUAL_MOVES]);
      expect(endAfterPasses(REP_SIMPLE, true)).toEqual(Array(6).fill(END_NONE));
    } finally {
      c.setVirtualFree(0);
      releaseCore();
    }
  });

  it("2x3 is 0: both sides keep every pass at a board worth 0 (the bounds meet, no search over the lines); the line is refereed under Zhang's rules", () => {
    const r = solve({ width: 2, height: 3, rules: rules("zhang") });
    expect(r.complete).toBe(true);
    expect(r.method).toBe("retrograde");
    expect(r.bounds).toEqual({ lower: 0, upper: 0 });
    expect(r.boundsWork!.history).toBeUndefined();
    expect(r.value).toBe(0);
    // Black passes and White ends play at the empty board: no point touches a stone, nobody's (zhang 3.7)
    expect(r.line).toEqual(["pass", "pass"]);
    expect(r.lineRuling).toEqual({ result: "0", end: "two-passes", agrees: true });
  });

  it("3x3 is B+9: Black takes the centre and White cannot live; White's passes while Black's area is not yet whole do not end play (no abandon move answers them, none is a fourth virtual move)", () => {
    const r = solve({ width: 3, height: 3, rules: rules("zhang") });
    expect(r.complete).toBe(true);
    expect(r.bounds).toEqual({ lower: 9, upper: 9 });
    expect(r.value).toBe(9);
    expect(r.line[0]).toBe("B2");
    expect(r.lineRuling).toEqual({ result: "B+9", end: "two-passes", agrees: true });
  });

  it("2x4 is B+8 (Black takes the whole board, as under area counting), each bound kept by the other's region or by Zhang's own lines; Black must fill until every empty point touches only his stones", () => {
    const r = solve({ width: 2, height: 4, rules: rules("zhang") });
    expect(r.complete).toBe(true);
    expect(r.bounds).toEqual({ lower: 8, upper: 8 });
    expect(r.value).toBe(8);
    expect(r.lineRuling).toEqual({ result: "B+8", end: "two-passes", agrees: true });
    // (an empty point that touches no stone is nobody's: one stone alone does not take 2x4)
    expect(r.line.filter((m) => m !== "pass").length).toBeGreaterThan(1);
  }, 60_000);

  it("2x2 is 0, below area counting's +1 (the regions bound it -1 to +1): Zhang's own lines, deepened, settle it in seconds where the search to 1,000 moves took 35 minutes", () => {
    // (alpha-beta over the lines: the answers resting on the cap are its own; proof numbers keep theirs in the run's table)
    const r = solve({ width: 2, height: 2, rules: rules("zhang"), lineSearch: "alpha-beta" });
    expect(r.complete).toBe(true);
    expect(r.value).toBe(0);
    const hs = r.boundsWork!.history!;
    expect(hs.from).toEqual({ lower: -1, upper: 1 });
    // Black makes 0 (yes) and not +1 (no): at least these two goals, each answered under a cap
    // that stopped lines, so each answer came from the run whose cap counted against its winner
    expect(hs.goals).toBeGreaterThanOrEqual(2);
    expect(hs.capped).toBeGreaterThan(0);
    // (no going back keys a position by the boards since the last virtual move, so lines meet
    // again within a run: answers resting on the cap are read back, not searched again)
    expect(hs.capHits).toBeGreaterThan(0);
    expect(hs.capHits).toBeLessThanOrEqual(hs.capped!);
    expect(hs.deepestCap).toBeLessThan(1000);
    // Black passes and White ends play at the empty board: no point touches a stone, nobody's (zhang 3.7)
    expect(r.line).toEqual(["pass", "pass"]);
    expect(r.lineRuling).toEqual({ result: "0", end: "two-passes", agrees: true });
  }, 60_000);

  it("the stages of a solve, in order, with their nodes adding up to the solve's (2x2: the graph, the regions, each goal's strategies and lines, the line)", () => {
    const r = solve({ width: 2, height: 2, rules: rules("zhang"), threads: 1 });
    // (the goals -1, 0 and +1: the regions bound it at -1 to +1, and the lines answer yes, yes, no)
    expect(r.stages!.map((x) => x.stage)).toEqual(["the graph", "the regions' bounds", "goal -1: the strategies", "goal -1: the lines",
      "goal 0: the strategies", "goal 0: the lines", "goal 1: the strategies", "goal 1: the lines", "the line"]);
    expect(r.stages!.reduce((a, x) => a + x.nodes, 0)).toBe(r.nodes);
    expect(r.stages![0].nodes).toBe(r.positions);
  }, 60_000);

  it("a first goal only changes where the answers start: 2x2 asked +1 first (no), then 0 (yes), is 0; one past the bounds is held to them", () => {
    const r = solve({ width: 2, height: 2, rules: rules("zhang"), firstGoal: 1 });
    expect(r.value).toBe(0);
    expect(r.boundsWork!.history!.answers).toEqual([{ goal: 1, makes: false }, { goal: 0, makes: true }]);
    // (the regions bound 2x2 at -1 to +1: a first goal of +5 is asked as +1)
    const past = solve({ width: 2, height: 2, rules: rules("zhang"), firstGoal: 5 });
    expect(past.value).toBe(0);
    expect(past.boundsWork!.history!.answers![0]).toEqual({ goal: 1, makes: false });
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), firstGoal: 0.25 })).toThrow(/a first goal of 0.25: it takes Black's margin, a multiple of 0.5/);
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), lineSearch: "dfpn" as "alpha-beta" })).toThrow(/a line search "dfpn": it takes proof-numbers or alpha-beta/);
    // (the check plays a strategy out by falling ranks: a region that passes again and again
    // would read "did not hold" at every cut-off; refused, not reported wrong)
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), checkCutoffs: true })).toThrow(/checkCutoffs\) under Zhang's rules/);
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), checkCutoffs: "proof" })).toThrow(/checkCutoffs\) under Zhang's rules/);
  }, 60_000);

  it("2x6 asked +12 first is B+12 (Drange's area value) with a line refereed B+12: the judged end checked board by board lets the region cut off after the other side's pass", () => {
    // (where the cut-off added the line's most virtual moves at one board to the region's most
    // kept turns at any board, no position after White's pass was cut off: the line took
    // 101,612,340 nodes; checked at each board, each of Black's moves is cut off by his region at
    // once, and the solve's 305,336 nodes are the graph's positions)
    const r = solve({ width: 2, height: 6, rules: rules("zhang"), firstGoal: 12, threads: 1, maxNodes: 3_000_000 });
    expect(r.value).toBe(12);
    expect(r.complete).toBe(true);
    expect(r.lineStoppedBy).toBeUndefined();
    expect(r.lineRuling!.result).toBe("B+12");
    expect(r.lineRuling!.agrees).toBe(true);
  }, 120_000);

  it("the lines' table takes --table-bits under retrograde analysis: a small one costs nodes, never the value", () => {
    const small = solve({ width: 2, height: 2, rules: rules("zhang"), tableBits: 10 });
    expect(small.value).toBe(0);
    expect(small.lineRuling!.agrees).toBe(true);
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), tableBits: 27 })).toThrow(/a table of 2\^27 entries: out of range \(10 to 26\)/);
  }, 60_000);

  it("a lines' table that does not fit beside the graph is made smaller, and the notes say so: the same value, no stop", () => {
    // (room for 32 million positions and 185 million moves takes some 3.4 GB of the core's 4 GB
    // before the lines: 2^26 entries of 32 bytes, 2 GB, cannot follow; before, the goal's
    // strategies found no memory, and alpha-beta over the rules, which followed, threw for want
    // of its own table; a process of its own, as the core's memory only grows)
    const run = arbiter("solve", "--size", "2x2", "--rules", "zhang", "--json", "--threads", "1", "--max-positions", "32000000", "--max-moves", "185000000", "--table-bits", "26");
    expect(run.status, run.stderr).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r.value).toBe(0);
    expect(r.complete).toBe(true);
    const bits = r.boundsWork!.history!.tableBits!;
    expect(bits).toBeLessThan(26);
    expect(bits).toBeGreaterThanOrEqual(10);
    expect(r.notes.join("\n")).toContain(`the lines' table 2^${bits} entries, no memory for the 2^26 asked`);
  }, 120_000);
});

describe("the lines by proof numbers (docs/solve.md, \"The lines by proof numbers\")", () => {
  it("proof numbers and alpha-beta over a rule's own lines give the same values: Tromp's 2x2 +1, Zhang's 2x2 0, Ing's 2x2 0 and 2x4 +8, New Zealand's 2x3 0, Drange's 1x7 +2", () => {
    const cases = [["tromp-taylor", 2, 2, 1], ["zhang", 2, 2, 0], ["ing", 2, 2, 0], ["ing", 2, 4, 8], ["nz", 2, 3, 0], ["tromp-taylor", 1, 7, 2]] as const;
    for (const [name, w, h, value] of cases) {
      for (const lineSearch of ["proof-numbers", "alpha-beta"] as const) {
        const r = solve({ width: w, height: h, rules: rules(name), lineSearch });
        expect([name, w, h, lineSearch, r.value]).toEqual([name, w, h, lineSearch, value]);
        // (the goals were answered over the rule's lines, and the line refereed gives the value back)
        expect(r.boundsWork!.history!.goals).toBeGreaterThan(0);
        expect(r.lineRuling!.agrees).toBe(true);
      }
    }
  }, 120_000);

  it("proof numbers are the default, and where alpha-beta's order misleads it they take far fewer nodes: 1x7 under Tromp-Taylor", () => {
    const pn = solve({ width: 1, height: 7, rules: rules("tromp-taylor") });
    const ab = solve({ width: 1, height: 7, rules: rules("tromp-taylor"), lineSearch: "alpha-beta" });
    expect(pn.value).toBe(2); // (Drange's value)
    // (measured: 1,512 nodes against 108,568; a tenth is far from either)
    expect(pn.boundsWork!.history!.nodes * 10).toBeLessThan(ab.boundsWork!.history!.nodes);
  }, 120_000);
});

describe("lines past the cap (docs/solve.md, \"Lines past the cap\")", () => {
  it("a cap on the lines' moves stops a search or leaves its value, never changes it (2x3 under Ing's, Tromp-Taylor's and Zhang's rules, 2x2 under Zhang's)", () => {
    const cases = [["ing", 2, 3, 0], ["tromp-taylor", 2, 3, 0], ["zhang", 2, 2, 0]] as const;
    const stopped = new Set<string>(), kept = new Set<string>();
    for (const [name, w, h, want] of cases) {
      for (const lineCap of [6, 10, 14, 20, 28, 64]) {
        const r = solve({ width: w, height: h, rules: rules(name), lineCap, seconds: 30 });
        const label = `${name} ${w}x${h} cap ${lineCap}`;
        if (r.value === null) {
          expect(r.stoppedBy, label).toBe("depth");
          stopped.add(name);
        } else {
          expect(r.value, label).toBe(want);
          expect(r.lineRuling?.agrees, label).toBe(true);
          kept.add(name);
        }
      }
    }
    // (for each rule set the caps both stopped searches and let some through: the test saw both sides)
    expect([...stopped].sort()).toEqual(["ing", "tromp-taylor", "zhang"]);
    expect([...kept].sort()).toEqual(["ing", "tromp-taylor", "zhang"]);
  }, 120_000);
});

describe("the Grand Rules by their phases (docs/solve.md, \"The Grand Rules by their phases\")", () => {
  it("2x2 is 0 (a draw or a Void): neither side forces a count past 0 with the Void left out; both pass four times and the referee counts the empty board 0", () => {
    const r = solve({ width: 2, height: 2, rules: rules("grand") });
    expect(r.complete).toBe(true);
    expect(r.bounds).toEqual({ lower: 0, upper: 0 });
    expect(r.value).toBe(0);
    // (two passes suspend play, two more decline to resume: grand 4.4)
    expect(r.line).toEqual(["pass", "pass", "pass", "pass"]);
    expect(r.lineRuling).toEqual({ result: "0", end: "two-passes", agrees: true });
    expect(r.notes[0]).toMatch(/the Grand Rules by their phases/);
    // (the phases' searches deepen as the rules' own lines do: a phase's line can outlast the
    // first cap of 16 moves, each suspension and resumption adding to it)
    const graph = r.notes.find((n) => n.startsWith("the phases' graph"));
    expect(graph).toMatch(/\d+ runs of its searches, deepened to lines of at most \d+ moves, [1-9]\d* lines stopped at the cap/);
  });

  it("2x3 is 0 too, by the phases' graph (alpha-beta over every phase did not finish it in 1,500 s); the line, four passes, is refereed 0", () => {
    const r = solve({ width: 2, height: 3, rules: rules("grand"), seconds: 120 });
    expect(r.complete).toBe(true);
    expect(r.bounds).toEqual({ lower: 0, upper: 0 });
    expect(r.value).toBe(0);
    expect(r.line).toEqual(["pass", "pass", "pass", "pass"]);
    expect(r.lineRuling).toEqual({ result: "0", end: "two-passes", agrees: true });
  }, 150_000);

  it("2x4 is B+7: the relaxation bounds it 0 to 7, and Black's +7 holds under the rules themselves, the Void on; the line A3 and four passes is refereed B+7 (area B+8, less one for Black's extra game-phase stone, grand 4.6)", () => {
    const r = solve({ width: 2, height: 4, rules: rules("grand"), seconds: 120, maxNodes: 3_000_000 });
    expect(r.complete).toBe(true);
    expect(r.notes[0]).toMatch(/the Void left out .*: Black makes at least 0 and at most 7/);
    expect(r.notes.some((n) => /under the rules themselves, the Void on: .*: Black makes at least 7 and at most 7/.test(n))).toBe(true);
    expect(r.bounds).toEqual({ lower: 7, upper: 7 });
    expect(r.value).toBe(7);
    expect(r.line).toEqual(["A3", "pass", "pass", "pass", "pass"]);
    expect(r.lineRuling).toEqual({ result: "B+7", end: "two-passes", agrees: true });
  }, 150_000);

  it("the strategies the rules' search keeps for the goals and extra moves it reads again change no answer: 2x4 the same B+7, the same positions searched, the same line", () => {
    const o = { width: 2, height: 4, rules: rules("grand"), seconds: 120, maxNodes: 3_000_000 };
    const kept = solve(o);
    const each = solve({ ...o, keepPhaseStrategies: false });
    const copies = (r: typeof kept) => Number(r.notes.join(" ").match(/the graph's strategies taken from a kept copy (\d+) times/)![1]);
    expect(kept.value).toBe(7);
    expect(each.value).toBe(7);
    expect(kept.boundsWork?.rulesSearch?.positions).toBeGreaterThan(0);
    expect(kept.boundsWork?.rulesSearch?.positions).toBe(each.boundsWork?.rulesSearch?.positions);
    expect(kept.line).toEqual(each.line);
    expect(copies(kept)).toBeGreaterThan(0);
    expect(copies(each)).toBe(0);
  }, 150_000);

  it("2x4 without the rules' search (voidPlayOut: false): the relaxation's bounds 0 to 7 alone, no value", () => {
    const r = solve({ width: 2, height: 4, rules: rules("grand"), seconds: 120, maxNodes: 3_000_000, voidPlayOut: false });
    expect(r.bounds).toEqual({ lower: 0, upper: 7 });
    expect(r.value).toBeNull();
    expect(r.notes[0]).toMatch(/Black makes at least 0 and at most 7/);
  }, 150_000);

  it("a stop says where the relaxation stood: the goal it was asking and what it had granted, each named as no bound", () => {
    // (Black's goals are asked from +1 up, then White's from 0 down: grand.ts grandBounds; 2x4's
    // relaxation grants Black +7 and not +8, the test above)
    const o = { width: 2, height: 4, rules: rules("grand"), seconds: 120, voidPlayOut: false };
    const early = solve({ ...o, maxNodes: 30_000 });
    expect(early.complete).toBe(false);
    expect(early.notes.join("\n")).toMatch(/the relaxation \(the Void left out\) when it stopped: no goal answered yet; asking whether Black makes at least \+1, in the fixed points its game phase reads/);
    const late = solve({ ...o, maxNodes: 100_000 });
    expect(late.complete).toBe(false);
    // (the bound it names is kept in the result; below it, the counts' range: 2x4 has 8 points)
    expect(late.bounds).toEqual({ lower: -8, upper: 7 });
    expect(early.bounds).toBeUndefined();
    expect(late.notes.join("\n")).toMatch(/it grants Black makes at least \+7 \(no bound under the rules\); it denies Black \+8, so under the rules Black makes at most \+7 \(a bound\); asking whether White keeps Black below 0/);
    expect(early.notes.join("\n")).not.toMatch(/it denies Black/);
  }, 150_000);

  it("a stop in the rules' own search keeps the relaxation's upper bound and names its lower as none; a budget spent on the line keeps the proven value, the line unrefereed", () => {
    // (2x4: the relaxation 0 to 7 ends within 120,000 nodes, the rules' search for +7 within
    // 138,000, the line within the 160,850 of the whole solve)
    const o = { width: 2, height: 4, rules: rules("grand"), seconds: 120 };
    const rulesStopped = solve({ ...o, maxNodes: 125_000 });
    expect(rulesStopped.complete).toBe(false);
    expect(rulesStopped.value).toBeNull();
    expect(rulesStopped.bounds).toEqual({ lower: -8, upper: 7 });
    expect(rulesStopped.notes.join("\n")).toMatch(/the Void on: .* when it stopped: Black makes at most 7 \(the relaxation's 0 below is no bound under the rules\)/);
    const lineCut = solve({ ...o, maxNodes: 150_000 });
    expect(lineCut.complete).toBe(true);
    expect(lineCut.value).toBe(7);
    expect(lineCut.result).toBe("B+7");
    expect(lineCut.lineStoppedBy).toBe("nodes");
    expect(lineCut.lineRuling).toBeNull();
    expect(lineCut.stoppedBy).toBeUndefined();
    expect(lineCut.notes.join("\n")).toMatch(/the value is proven, but the search stopped \(nodes\) while its line was being found: \d+ moves found, not refereed/);
    expect(lineCut.notes.join("\n")).not.toMatch(/the referee rules the line/);
    // (the command's SGF says the same: the value, no refereed line)
    expect(solveSgf([lineCut])).toMatch(/RE\[B\+7\]C\[[^\]]*the moves of its line found before the search stopped \(nodes\), not refereed\]/);
  }, 150_000);

  it("the fixed points of the goals around one read change none: on 2x4 and 3x3 every suspension's bits at every goal are those of each fixed point taken alone, in fewer searches", () => {
    // (a harder goal's members are in an easier goal's fixed point, and an easier goal's closed
    // fixed point holds a harder goal's: docs/solve.md, "The fixed points nested")
    const searches = (notes: string[]) => Number(notes[0].match(/ (\d+) searches/)![1]);
    for (const [w, h, upper] of [[2, 4, 7], [3, 3, 8]]) {
      const o = { width: w, height: h, rules: rules("grand"), seconds: 120, maxNodes: 3_000_000, voidPlayOut: false };
      const nested = solve(o);
      const nestedBits = loadCore().suspDigest();
      const alone = solve({ ...o, nestedFixedPoints: false });
      const aloneBits = loadCore().suspDigest();
      expect(nested.bounds).toEqual({ lower: 0, upper });
      expect(alone.bounds).toEqual(nested.bounds);
      expect(nestedBits).toBe(aloneBits);
      expect(searches(nested.notes)).toBeLessThan(searches(alone.notes) / 2);
    }
  }, 150_000);

  it("no room for the phases' graph: every phase by alpha-beta, the same value, and a note that says so", () => {
    const r = solve({ width: 2, height: 2, rules: rules("grand"), maxPositions: 100 });
    expect(r.complete).toBe(true);
    expect(r.value).toBe(0);
    expect(r.notes).toContain("the phases' graph: no room for it: every phase by alpha-beta");
  });

  it("a solve after the phases' reads no suspension as a leaf: alpha-beta over the whole history does not finish 2x2 in 100,000 nodes", () => {
    expect(solve({ width: 2, height: 2, rules: rules("grand") }).value).toBe(0);
    const ab = solve({ width: 2, height: 2, rules: rules("grand"), method: "alpha-beta", maxNodes: 100_000 });
    expect(ab.complete).toBe(false);
    expect(ab.stoppedBy).toBe("nodes");
  });

  it("past the graph's clamp (one extra move on 2x3) a game-phase position is decided by the same board's strategy at the clamp's edge, for the side the extra moves favour: 2x3 stays 0, every such cut-off played out at the engine's own count holds", () => {
    // (from there the same moves make the same boards and extra moves, and every end counts
    // better for the favoured side by what it is ahead past the edge: docs/solve.md)
    const edge = (notes: string[]) => Number(notes.join(" ").match(/(\d+) game-phase positions past its clamp decided at the clamp's edge/)![1]);
    const one = solve({ width: 2, height: 3, rules: rules("grand"), extraMovesClamp: 1, checkCutoffs: true, voidPlayOut: false });
    expect(one.complete).toBe(true);
    expect(one.value).toBe(0);
    expect(edge(one.notes)).toBeGreaterThan(0);
    expect(one.notes.join(" ")).toMatch(/each cut-off played out under the rules' engine, the Void off: 0 did not hold/);
    // (two extra moves either way, the default: the graph holds every game-phase position 2x3 needs)
    expect(edge(solve({ width: 2, height: 3, rules: rules("grand"), voidPlayOut: false }).notes)).toBe(0);
    for (const bad of [0, 1.5, 9]) {
      expect(() => solve({ width: 2, height: 3, rules: rules("grand"), extraMovesClamp: bad })).toThrow(/extraMovesClamp must be a whole number from 1 to 8, not /);
    }
    // (the command's flag reaches the solve)
    const cli = arbiter("solve", "--size", "2x3", "--rules", "grand", "--extra-moves-clamp", "1", "--json", "--threads", "1");
    expect(cli.status).toBe(0);
    const r = JSON.parse(cli.stdout);
    expect(r.value).toBe(0);
    expect(edge(r.notes)).toBeGreaterThan(0);
  });

  it("the phases' graph changes no bound: its cut-offs by simple ko's strategies give 2x2 what alpha-beta over every phase gives, under komi of either sign too", () => {
    for (const komi of [0, 1, -0.5]) {
      // (each cut-off's strategy played out under the rules' engine, the Void off: every one holds)
      const graph = solve({ width: 2, height: 2, rules: { ...rules("grand"), komi }, checkCutoffs: true });
      const ab = solve({ width: 2, height: 2, rules: { ...rules("grand"), komi }, phaseGraph: false });
      expect(graph.complete && ab.complete).toBe(true);
      expect(graph.bounds).toEqual(ab.bounds);
      expect(graph.value).toBe(ab.value);
      // (the graph did the work: both sides' strategies cut lines off)
      const m = graph.notes.join(" ").match(/its strategies cut off (\d+) positions for Black and (\d+) for White/);
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThan(0);
      expect(Number(m![2])).toBeGreaterThan(0);
      expect(graph.notes.join(" ")).toMatch(/each cut-off played out under the rules' engine, the Void off: 0 did not hold/);
      expect(ab.notes.join(" ")).not.toMatch(/the phases' graph/);
    }
  });

  it("the cut by one side's passes changes no bound: 2x2 searched whole gives the same (alpha-beta over every phase)", () => {
    const cut = solve({ width: 2, height: 2, rules: rules("grand"), phaseGraph: false });
    const whole = solve({ width: 2, height: 2, rules: rules("grand"), settleByPasses: false, phaseGraph: false });
    expect(whole.bounds).toEqual(cut.bounds);
    expect(cut.boundsWork!.updates).toBeGreaterThan(0);
    expect(whole.boundsWork!.updates).toBeUndefined();
  });
});

describe("territory counting by total payoff (docs/solve.md)", () => {
  it("2x2 and 2x3 under Japanese rules are draws by the two payoff games alone, over simple ko's positions without the prisoners", () => {
    for (const [w, h] of [[2, 2], [2, 3]]) {
      const r = solve({ width: w, height: h, rules: rules("japanese") });
      expect(r.value).toBe(0);
      // no check of a strategy: the low game gives at most 0, the high one at least 0
      expect(r.bounds).toEqual({ lower: 0, upper: 0 });
      expect(r.notes.join(" ")).toMatch(/territory counting by total payoff: Black makes at least 0 and at most 0/);
      // the graph is simple ko's game's: as many positions as Chinese practice (basic ko, no
      // suicide) reaches, where the prisoners in the position took some ten times as many
      const area = solve({ width: w, height: h, rules: chineseBasicKo() });
      expect(r.positions).toBe(area.positions);
      // the line keeps both games' sides and ends in a count of 0 under the rule as written
      expect(r.lineRuling).toMatchObject({ result: "0", end: "two-passes", agrees: true });
    }
  });

  it("a value other than 0 (3x3: at most 5 by the low game) holds once Black's strategy is played out with the Void on; the prisoners in the position give the same", () => {
    const r = solve({ width: 3, height: 3, rules: rules("korean") });
    expect(r.notes.join(" ")).toMatch(/by total payoff: Black makes at least 5 and at most 5 \(\d+ updates; the winner's strategy played out with the Void on: \d+ nodes\)/);
    expect(r.positions).toBe(solve({ width: 3, height: 3, rules: chineseBasicKo() }).positions);
    expect(r.lineRuling).toMatchObject({ result: "B+5", agrees: true });
    // the two graphs, one value: 3x3 and 2x4
    for (const [w, h] of [[3, 3], [2, 4]]) {
      const payoff = solve({ width: w, height: h, rules: rules("japanese") });
      const prisoners = solve({ width: w, height: h, rules: rules("japanese"), prisonersInPosition: true });
      expect(prisoners.notes.join(" ")).toMatch(/with the prisoners in the position/);
      expect(prisoners.positions!).toBeGreaterThan(10 * payoff.positions!);
      expect(payoff.value).toBe(prisoners.value);
    }
  });

  it("a budget that runs out while the strategy is played out still reports the payoff games' bounds, which hold without it (3x3: 0 to 5)", () => {
    // (the games reach their fixpoints first: at most max(L, 0) = 5, the low game's value, which
    // the play-out then shows; at least min(H, 0) = 0, H being at least the value; the graph takes
    // some 7,000 nodes, the play-out 6,603 more)
    const r = solve({ width: 3, height: 3, rules: rules("japanese"), threads: 1, maxNodes: 10_000 });
    expect(r.complete).toBe(false);
    expect(r.stoppedBy).toBe("nodes");
    expect(r.bounds).toEqual({ lower: 0, upper: 5 });
    expect(r.notes.join(" ")).toMatch(/by total payoff: Black makes at least 0 and at most 5 \(\d+ updates\); the search stopped while Black's strategy for 5 was played out with the Void on \(\d+ nodes\)/);
    // (where the budget went: the games, then the play-out where it stopped)
    expect(r.stages!.map((x) => x.stage)).toEqual(["the payoff games", "Black's strategy for 5 played out with the Void on"]);
    expect(r.stages!.reduce((a, x) => a + x.nodes, 0)).toBe(r.nodes);
    expect(r.notes.join(" ")).toMatch(/where the time went: the payoff games [\d.]+ s \(\d+ nodes\); Black's strategy for 5 played out with the Void on [\d.]+ s \(\d+ nodes\)/);
  });
});

describe("territory counting by the prisoners in the position (docs/solve.md)", () => {
  it("3x3 under Japanese rules: Black wins (Sei and Kawashima), B+5 with every stone on the board alive at the end", () => {
    const r = solve({ width: 3, height: 3, rules: rules("japanese"), prisonersInPosition: true });
    expect(r.method).toBe("retrograde");
    expect(r.bounds).toEqual({ lower: 5, upper: 5 });
    expect(r.value).toBe(5);
    expect(r.line[0]).toBe("B2");
    // the line refereed with the third-occurrence Void on: B+5 (e.g. B2 B3 A2 pass B1 C2 A3 pass
    // C3 pass C1 pass pass: Black captures B3 and C2, territory A1 B3 C2: 3 + 2 prisoners)
    expect(r.lineRuling).toMatchObject({ result: "B+5", agrees: true });
  });
});

describe("the third-occurrence Void where a strategy may meet a situation three times", () => {
  it("3x4 under Chinese practice: simple ko's points make three positions of one situation; the strategy is played out with the Void on and holds", () => {
    const r = solve({ width: 3, height: 4, rules: chineseBasicKo() });
    expect(r.complete).toBe(true);
    expect(r.notes.join(" ")).toMatch(/situations the winner's strategy may meet three times: played out against every reply with the Void on \(\d+ nodes\), it holds/);
    // the line refereed with the Void as the rule set has it gives the value back
    expect(r.lineRuling?.agrees).toBe(true);
    expect(r.value).toBeGreaterThan(0);
  }, 60_000);
});

describe("retrograde analysis reaches every legal position", () => {
  // every legal position can be reached by play and then ended by two passes: the distinct final
  // positions counted are the legal positions, 57 on 2x2 and 12,675 on 3x3 (Tromp and Farnebäck)
  it.each([[2, 57], [3, 12675]])("%ix%i: the final positions counted are the legal positions", (n, legal) => {
    const r = solve({ width: n, height: n, rules: chineseBasicKo(), symmetry: false });
    expect(r.complete).toBe(true);
    expect(r.stats.counted).toBe(legal);
    // by class under the board's eight symmetries: the same value, about an eighth of the positions
    const s = solve({ width: n, height: n, rules: chineseBasicKo() });
    expect(s.value).toBe(r.value);
    expect(s.positions!).toBeLessThan(r.positions! / 4);
  });
});

describe("the search checks itself", () => {
  it("the transposition table changes no value (2x2, five rule sets)", () => {
    for (const name of ["tromp-taylor", "chinese", "aga", "nz", "japanese"]) {
      const withTable = solve({ width: 2, height: 2, rules: rules(name), method: "alpha-beta" });
      const without = solve({ width: 2, height: 2, rules: rules(name), method: "alpha-beta", noTable: true });
      expect(without.value, name).toBe(withTable.value);
      expect(without.nodes, name).toBeGreaterThan(withTable.nodes);
    }
  });

  it("the move order changes the nodes, not the value: passes last takes Tromp's 19 million-odd", () => {
    const last = solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta", passesFirst: false, seconds: 120 });
    expect(last.value).toBe(1);
    expect(last.lineRuling?.agrees).toBe(true);
    // Tromp: 19,397,529 nodes without passes first
    expect(last.nodes).toBeGreaterThan(10_000_000);
  }, 180_000);

  it("passes after the points but first in answer to a pass: 2x2 Tromp-Taylor's +1 in Tromp's passes-first thousands, not millions", () => {
    const answering = solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta", passesFirst: false, answerPassFirst: true });
    expect(answering.value).toBe(1);
    expect(answering.lineRuling?.agrees).toBe(true);
    // Tromp: 1,446 nodes with passes first, 19,397,529 without
    expect(answering.nodes).toBeLessThan(3_000);
    expect(solveJob({ size: "2x2", order: "passes-answering" }).answerPassFirst).toBe(true);
  });

  it("alpha-beta and retrograde analysis agree where both finish (2x2: memoryless rule sets, territory counting)", () => {
    for (const r of [chineseBasicKo(), rules("new-ing"), rules("japanese"), rules("korean")]) {
      const a = solve({ width: 2, height: 2, rules: r, method: "alpha-beta" });
      const b = solve({ width: 2, height: 2, rules: r, method: "retrograde" });
      expect(a.value, r.name).toBe(b.value);
      expect(b.lineRuling?.agrees, r.name).toBe(true);
    }
  });

  it("a kept count is the count the referee makes of the same final position (2x2, every count checked)", () => {
    for (const name of ["tromp-taylor", "aga", "nz", "japanese", "new-ing"]) {
      const r = solve({ width: 2, height: 2, rules: rules(name), verifyLeaves: true });
      expect(r.complete, name).toBe(true);
      expect(r.leafMismatches, name).toBe(0);
    }
  });

  it("a final position counted in the core (area by region, every stone alive) is the referee's count: basic ko, komi, suicide", () => {
    const basic = (name: string, komi: number) => ({ ...withKnobs(preset(name), { ko: "simple", longCycles: "void" }), komi });
    for (const [name, komi] of [["chinese", 0], ["chinese", 0.5], ["tromp-taylor", -2.5]] as const) {
      for (const [w, h] of [[2, 2], [2, 3]]) {
        const r = solve({ width: w, height: h, rules: basic(name, komi), method: "alpha-beta", verifyLeaves: true, answerPassFirst: true, passesFirst: false });
        expect(r.complete, `${name} ${w}x${h} ${komi}`).toBe(true);
        expect(r.stats.leaves, `${name} ${w}x${h} ${komi}`).toBeGreaterThan(0);
        expect(r.leafMismatches, `${name} ${w}x${h} ${komi}`).toBe(0);
      }
    }
    // 3x3's goal +9 meets final positions with stones of both colours and shared points
    const g = solve({ width: 3, height: 3, rules: basic("chinese", 0), method: "alpha-beta", goal: 9, verifyLeaves: true, answerPassFirst: true, passesFirst: false });
    expect(g.goalMet).toBe(true);
    expect(g.stats.leaves).toBeGreaterThan(10);
    expect(g.leafMismatches).toBe(0);
  });

  it("komi moves the value and no line", () => {
    const r = solve({ width: 2, height: 2, rules: { ...rules("tromp-taylor"), komi: 0.5 } });
    expect(r.value).toBe(0.5);
    expect(r.result).toBe("B+0.5");
  });

  it("Ing's game opens with a real move (ing 1.1): no line starts with a pass", () => {
    const r = solve({ width: 2, height: 2, rules: rules("ing"), seconds: 60 });
    if (!r.complete) return; // (the budget, on a slow machine: the first move is what is checked)
    expect(r.line[0]).not.toBe("pass");
    expect(r.lineRuling?.agrees).toBe(true);
  }, 90_000);
});

describe("budgets and bad input", () => {
  it.each([0, 3, 1001, 12.5, Number.NaN])("a line cap of %s moves is refused by name, before any search", (lineCap) => {
    expect(() => solve({ width: 2, height: 2, rules: rules("zhang"), lineCap })).toThrow(/a line cap of .* moves: it takes a whole number from 4 to 1,000/);
  });

  it("a node budget stops the search with no value", () => {
    const r = solve({ width: 3, height: 3, rules: rules("tromp-taylor"), maxNodes: 10_000 });
    expect(r.complete).toBe(false);
    expect(r.value).toBeNull();
    expect(r.stoppedBy).toBe("nodes");
  });

  it("a budget that runs out over the rule's own lines keeps what the goals answered: Zhang's 2x2, whose regions say Black makes -1, stopped after that goal", () => {
    const r = solve({ width: 2, height: 2, rules: rules("zhang"), maxNodes: 30_000 });
    expect(r.value).toBeNull();
    expect(r.stoppedBy).toBe("nodes");
    const note = r.notes.find((n) => n.startsWith("over the rule's own lines"));
    expect(note).toMatch(/^over the rule's own lines Black makes -1(, makes 0)? before the stop \(on the goal (0|1); /);
    // (the bounds so far: each "yes" a proof, the regions' -1 to +1 kept above)
    const lower = /makes 0 before/.test(note!) ? 0 : -1;
    expect(r.bounds).toEqual({ lower, upper: 1 });
    expect(note).toMatch(new RegExp(`: Black makes at least ${lower} and at most 1 \\(before the lines, at least -1 and at most 1\\)$`));
  });

  it("a stop after a \"no\" keeps the upper bound it proved: Ing's 2x2 at its komi of 8, whose first goal (the whole board, -4) Black does not make", () => {
    const ing = preset("ing");
    expect(ing.komi).toBe(8);
    const full = solve({ width: 2, height: 2, rules: ing });
    expect(full.value).toBe(-8); // (0 at komi 0, as Ing's 2x2 is solved above)
    const r = solve({ width: 2, height: 2, rules: ing, maxNodes: 20_000 });
    expect(r.value).toBeNull();
    expect(r.stoppedBy).toBe("nodes");
    const note = r.notes.find((n) => n.startsWith("over the rule's own lines"));
    // (the budget stops it after the first answer or a later one: each a "no" on the way down)
    expect(note).toMatch(/^over the rule's own lines Black does not make -4(, does not make -\d+)* before the stop/);
    // (below the goal refused, above the least count, and the value inside)
    expect(r.bounds!.upper).toBeLessThan(-4);
    expect(r.bounds!.lower).toBe(-12);
    expect(full.value).toBeGreaterThanOrEqual(r.bounds!.lower);
    expect(full.value).toBeLessThanOrEqual(r.bounds!.upper);
    // at komi 0 the first goal is 0, which Black makes (the value): the lower bound rises to it
    // (by proof numbers the whole of it takes 15,582 nodes; 10,000 stop it after the first goal)
    const even = solve({ width: 2, height: 2, rules: rules("ing"), maxNodes: 10_000 });
    expect(even.notes.find((n) => n.startsWith("over the rule's own lines"))).toMatch(/^over the rule's own lines Black makes 0 before the stop/);
    expect(even.bounds).toEqual({ lower: 0, upper: 4 });
  });

  it.each([
    [{ size: "7x7" }, /49 points: the solver takes boards of at most 36 points/],
    [{ size: "400x400" }, /sides must be 1 to 19/],
    [{ size: "nine" }, /--size takes WxH/],
    [{ size: "0x3" }, /sides must be 1 to 19/],
    [{ size: "1x1" }, /a board needs two points at least/],
    [{ size: "3x3", rules: "fish" }, /unknown rule set "fish"/],
    [{ size: "3x3", rules: "," }, /names no rule set/],
    [{ size: "3x3", order: "random" }, /--order takes passes-first, passes-last or passes-answering, got "random"/],
    [{ size: "3x3", time: "0" }, /--time takes seconds above 0/],
    [{ size: "3x3", tableBits: "40" }, /--table-bits/],
    [{ size: "3x3", threads: "3" }, /--threads takes a whole number from 1 to 2, got "3"/],
  ])("%j is refused: %s", (opts, message) => {
    expect(() => solveJob(opts)).toThrow(message);
  });

  it("the bounds' two runs on two threads give what one thread gives (the built command: the worker's file is there)", () => {
    const work: unknown[] = [];
    for (const threads of ["1", "2"]) {
      const r = arbiter("solve", "--size", "3x3", "--rules", "japanese,aga", "--threads", threads, "--json");
      expect(r.status, threads).toBe(0);
      const out = JSON.parse(r.stdout) as { value: number; bounds: unknown; boundsWork: unknown; lineRuling: { agrees: boolean } }[];
      expect(out.map((x) => x.value), threads).toEqual([5, 9]);
      expect(out.map((x) => x.bounds), threads).toEqual([{ lower: 5, upper: 5 }, { lower: 9, upper: 9 }]);
      expect(out.every((x) => x.lineRuling.agrees), threads).toBe(true);
      work.push(out.map((x) => x.boundsWork));
    }
    // the same checks, whichever thread ran the upper bound
    expect(work[1]).toEqual(work[0]);
  });

  it("the table's script (npm run bench:solve-table) reads its options as the command does and names a bad one before any solve", () => {
    const script = join(ROOT, "dist", "bench", "solve-table.js");
    for (const [args, message] of [
      [["--sizes", "2x2", "--time", "abc"], /solve-table: --time takes seconds above 0/],
      [["--sizes", "9x", "--rules", "nz"], /solve-table: --size takes WxH/],
      [["--sizes", "2x2", "--rules", "nope"], /solve-table: unknown rule set "nope"/],
      [["--sizes", "7x7"], /49 points: the solver takes boards of at most 36/],
      // (an option it does not know, or a stray word, is named: not ignored for a run of every preset)
      [["--help-me"], /solve-table: unknown option --help-me/],
      [["2x2"], /solve-table: unexpected argument 2x2/],
    ] as [string[], RegExp][]) {
      const r = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe(""); // (no row, not even the header)
    }
    // and Chinese practice by its table name: basic ko, 2x2 a cycle's value (0, not Tromp's +1)
    const ok = spawnSync(process.execPath, [script, "--sizes", "2x2", "--rules", "chinese-basic-ko", "--time", "30"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/\| 2x2 \| chinese-basic-ko \| 0 \| 0 \| retrograde \|/);
  });

  it("the command names bad options before any search: --depth, --max-nodes and --time of --gaps, --max-positions, --max-moves, --lines, --goal-search, --first-goal, --extra-moves-clamp, --moves, --proof into no directory", () => {
    const depth = arbiter("solve", "--gaps", "--size", "2x2", "--depth", "0");
    expect(depth.status).toBe(2);
    expect(depth.stderr).toMatch(/--depth takes a whole number from 1 to 40, got "0"/);
    const lines = arbiter("solve", "--gaps", "--size", "2x2", "--max-nodes", "many");
    expect(lines.status).toBe(2);
    expect(lines.stderr).toMatch(/--max-nodes takes a whole number/);
    const room = arbiter("solve", "--size", "3x3", "--max-positions", "40000000");
    expect(room.status).toBe(2);
    expect(room.stderr).toMatch(/--max-positions takes a whole number from 1000 to 32000000, got "40000000"/);
    const moveRoom = arbiter("solve", "--size", "3x3", "--max-moves", "1e9");
    expect(moveRoom.status).toBe(2);
    expect(moveRoom.stderr).toMatch(/--max-moves takes a whole number from 1000 to 400000000, got "1e9"/);
    const search = arbiter("solve", "--size", "2x2", "--lines", "pn");
    expect(search.status).toBe(2);
    expect(search.stderr).toMatch(/--lines takes proof-numbers or alpha-beta, got "pn"/);
    const goalSearch = arbiter("solve", "--size", "2x2", "--goal", "1", "--goal-search", "pn");
    expect(goalSearch.status).toBe(2);
    expect(goalSearch.stderr).toMatch(/--goal-search takes deepening or proof-numbers, got "pn"/);
    expect(arbiter("solve", "--size", "2x2", "--goal-search", "proof-numbers").stderr).toMatch(/--goal-search needs --goal/);
    const first = arbiter("solve", "--size", "2x2", "--first-goal", "1.2");
    expect(first.status).toBe(2);
    expect(first.stderr).toMatch(/--first-goal takes Black's margin, a multiple of 0.5 within the board's points and komi, got "1.2"/);
    const clamp = arbiter("solve", "--size", "2x3", "--rules", "grand", "--extra-moves-clamp", "0");
    expect(clamp.status).toBe(2);
    expect(clamp.stderr).toMatch(/--extra-moves-clamp takes a whole number from 1 to 8, got "0"/);
    expect(arbiter("solve", "--size", "2x3", "--rules", "grand", "--extra-moves-clamp", "4x").stderr).toMatch(/--extra-moves-clamp takes a whole number from 1 to 8, got "4x"/);
    const time = arbiter("solve", "--gaps", "--size", "2x2", "--time", "0");
    expect(time.status).toBe(2);
    expect(time.stderr).toMatch(/--time takes seconds above 0/);
    const moves = arbiter("solve", "--size", "3x3", "--moves", "B2");
    expect(moves.status).toBe(2);
    expect(moves.stderr).toMatch(/--moves takes a goal \(--goal M\)/);
    const offBoard = arbiter("solve", "--size", "3x3", "--goal", "9", "--goal-search", "proof-numbers", "--moves", "B2,D4");
    expect(offBoard.status).toBe(2);
    expect(offBoard.stderr).toMatch(/point D4 is off the 3x3 board/);
    expect(arbiter("solve", "--size", "3x3", "--goal", "9", "--goal-search", "proof-numbers", "--moves", ",").stderr).toMatch(/--moves names no move/);
    const proof = arbiter("solve", "--size", "2x2", "--proof", "/no/such/dir/p.sgf");
    expect(proof.status).toBe(2);
    expect(proof.stderr).toMatch(/--proof/);
    expect(proof.stdout).toBe(""); // refused before the search
  });

  it("--goal asks only whether Black makes a margin (3x3 under basic ko: +9 yes, +10 no), and names a goal that is no margin", () => {
    const yes = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--ko", "simple", "--long-cycles", "void", "--goal", "9");
    expect(yes.status).toBe(0);
    // (the rule set named with the knobs the options changed: Chinese rules' own game is positional superko's)
    expect(yes.stdout).toMatch(/^3x3 chinese with ko simple, longCycles void \(komi 0\): Black makes at least 9: yes {2}\(\d+ nodes/);
    const no = JSON.parse(arbiter("solve", "--size", "3x3", "--rules", "chinese", "--ko", "simple", "--long-cycles", "void", "--goal", "10", "--json").stdout);
    expect(no).toMatchObject({ goal: 10, goalMet: false, complete: true, method: "alpha-beta", value: null, rules: "chinese with ko simple, longCycles void" });
    const pn = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--ko", "simple", "--long-cycles", "void", "--goal", "9", "--goal-search", "proof-numbers");
    expect(pn.stdout).toMatch(/Black makes at least 9: yes {2}\(\d+ nodes, \d+ ms, by proof numbers\)/);
    const after = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--ko", "simple", "--long-cycles", "void", "--goal", "9", "--goal-search", "proof-numbers", "--moves", "B2, A1");
    expect(after.stdout).toMatch(/Black makes at least 9 after B2 A1: yes {2}\(\d+ nodes/);
    // (split on two worker threads: each class of White's reply its own search)
    const split = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--ko", "simple", "--long-cycles", "void", "--goal", "9", "--goal-search", "proof-numbers", "--moves", "B2", "--split", "--threads", "2", "--json");
    expect(JSON.parse(split.stdout)).toMatchObject({ goalMet: true, complete: true, parts: [{ move: "B3", goalMet: true }, { move: "A3", goalMet: true }, { move: "pass", goalMet: true }] });
    expect(arbiter("solve", "--size", "3x3", "--goal", "9", "--split").stderr).toMatch(/--split takes a goal by proof numbers/);
    // (by proof numbers a repetition is a void: Chinese rules' positional superko reads the history)
    const superko = arbiter("solve", "--size", "2x2", "--goal", "1", "--goal-search", "proof-numbers");
    expect(superko.status).toBe(2);
    expect(superko.stderr).toMatch(/reads no history and voids long cycles/);
    for (const bad of ["9.3", "many", "1e9"]) {
      const r = arbiter("solve", "--size", "3x3", "--goal", bad);
      expect(r.status, bad).toBe(2);
      expect(r.stderr, bad).toMatch(new RegExp(`--goal takes Black's margin, a multiple of 0.5 .*got "${bad}"`));
      expect(r.stdout, bad).toBe("");
    }
  });

  it("the command prints DESIGN.md's JSON and the SGF of the line", () => {
    const r = arbiter("solve", "--size", "2x2", "--rules", "tromp-taylor", "--json");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ size: "2x2", rules: "tromp-taylor", value: 1, complete: true });
    expect(Array.isArray(out.line)).toBe(true);
    expect(typeof out.nodes).toBe("number");
    expect(typeof out.timeMs).toBe("number");
    const two = JSON.parse(arbiter("solve", "--size", "2x2", "--rules", "tromp-taylor,japanese", "--json").stdout);
    expect(two.map((x: { value: number }) => x.value)).toEqual([1, 0]);
  });

  it("Ctrl-C stops a solve: no value, a note, exit status 130", async () => {
    // (a solve that runs far longer than the signal's 4 s: 3x4 under the Grand Rules takes some
    // 36 minutes; 3x3 now ends in about 3 s, before the signal)
    const r = await stopAfter(["solve", "--size", "3x4", "--rules", "grand", "--time", "120"], "SIGINT");
    expect(r.code, r.stderr).toBe(130);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.stdout).toMatch(/3x4 grand \(komi 0\): no value \(stopped by cancel/);
    expect(r.stderr).toMatch(/interrupted \(Ctrl-C\)/);
  }, 60_000);

  it("--max-positions and --max-moves set retrograde analysis's room, and a graph past it stops the solve with a note naming the room", () => {
    // 3x3 under Chinese rules has 6,990 classes of positions (the table): 2,000 is too few
    const r = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--max-positions", "2000", "--json");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { value: unknown; stoppedBy: string; notes: string[] };
    expect(out).toMatchObject({ value: null, stoppedBy: "positions" });
    expect(out.notes.join(" ")).toMatch(/the graph outgrew its room of 2000 positions and 20000 moves \(2000 positions/);
    // with room enough, the value (B+9)
    const ok = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--max-positions", "8000", "--json");
    expect(JSON.parse(ok.stdout)).toMatchObject({ value: 9 });
    // --max-moves: the moves' room apart (3x3 has some six moves a class: 20,000 are too few for
    // its 6,990, found before the positions' room of 8,000 fills)
    const few = JSON.parse(arbiter("solve", "--size", "3x3", "--rules", "chinese", "--max-positions", "8000", "--max-moves", "20000", "--json").stdout) as { value: unknown; stoppedBy: string; notes: string[] };
    expect(few).toMatchObject({ value: null, stoppedBy: "positions" });
    expect(few.notes.join(" ")).toMatch(/the graph outgrew its room of 8000 positions and 20000 moves \(\d+ positions and 20000 moves found/);
    const enough = arbiter("solve", "--size", "3x3", "--rules", "chinese", "--max-positions", "8000", "--max-moves", "60000", "--json");
    expect(JSON.parse(enough.stdout)).toMatchObject({ value: 9 });
  });

  it("SIGTERM (a job scheduler's stop) stops a solve as Ctrl-C does: the JSON printed, exit status 143", async () => {
    const r = await stopAfter(["solve", "--size", "3x4", "--rules", "grand", "--time", "120", "--json"], "SIGTERM");
    expect(r.code, r.stderr).toBe(143);
    expect(JSON.parse(r.stdout)).toMatchObject({ size: "3x4", rules: "grand", value: null, complete: false, stoppedBy: "cancel" });
    expect(r.stderr).toMatch(/interrupted \(SIGTERM\): the solve stopped without a value/);
  }, 60_000);
});

describe("the proof trees", () => {
  it("every line of Black's tree ends at least B+1 and of White's at most B+1, refereed move by move (2x2 Tromp-Taylor)", () => {
    const r = solve({ width: 2, height: 2, rules: rules("tromp-taylor"), method: "alpha-beta", proof: true });
    expect(r.proofSgf).toBeDefined();
    const trees = sgf.parse(r.proofSgf!) as SgfTree[];
    expect(trees).toHaveLength(2);
    // Black's tree: one first move; White's: every first move Black has (four points and a pass)
    expect(trees[0].children).toHaveLength(1);
    expect(trees[1].children).toHaveLength(5);
    const margins: number[][] = [];
    for (const tree of trees) {
      const lines: string[][] = [];
      const walk = (node: SgfTree, line: string[]) => {
        const move = node.data.B ?? node.data.W;
        const next = move ? [...line, move[0]] : line;
        if (node.children.length === 0) lines.push(next);
        for (const child of node.children) walk(child, next);
      };
      walk(tree, []);
      margins.push(lines.map((line) => {
        const text = `(;GM[1]SZ[2]KM[0]${line.map((m, i) => `;${i % 2 === 0 ? "B" : "W"}[${m}]`).join("")})`;
        const ruling = referee(readSgf(text), { rules: rules("tromp-taylor"), rulesFrom: "option", dead: "none", komiGiven: true });
        expect(ruling.end.reason, line.join(" ")).not.toBe("record-ended"); // every line is a finished game
        return marginTwice(ruling.result)!;
      }));
    }
    expect(Math.min(...margins[0])).toBeGreaterThanOrEqual(2); // at least B+1 (twice the margin)
    expect(Math.max(...margins[1])).toBeLessThanOrEqual(2);
    expect(margins[0].length + margins[1].length).toBeGreaterThan(10);
  });
});

describe("the superko's proof trees (docs/solve.md, \"A superko over its own lines\")", () => {
  it("2x3 under Chinese rules (0): every line of Black's tree that ends is refereed at least 0 and of White's at most 0; the others end where a strategy holds", () => {
    const r = solve({ width: 2, height: 3, rules: rules("chinese"), proof: true });
    expect(r.value).toBe(0);
    expect(r.proofSgf).toBeDefined();
    const trees = sgf.parse(r.proofSgf!) as SgfTree[];
    expect(trees).toHaveLength(2);
    const ends: number[][] = [[], []];
    const cuts = [0, 0];
    trees.forEach((tree, t) => {
      const walk = (node: SgfTree, line: string[]) => {
        const move = node.data.B ?? node.data.W;
        const next = move ? [...line, move[0]] : line;
        if (node.children.length > 0) { for (const child of node.children) walk(child, next); return; }
        const comment = node.data.C?.[0] ?? "";
        if (/strategy of simple ko's game holds/.test(comment)) {
          // (Black's tree is cut off only where Black's strategy holds, White's where White's does)
          expect(comment.startsWith(t === 0 ? "Black" : "White"), next.join(" ")).toBe(true);
          cuts[t]++;
          return;
        }
        const text = `(;GM[1]SZ[2:3]KM[0]${next.map((m, i) => `;${i % 2 === 0 ? "B" : "W"}[${m}]`).join("")})`;
        const ruling = referee(readSgf(text), { rules: rules("chinese"), rulesFrom: "option", dead: "none", komiGiven: true });
        expect(ruling.end.reason, next.join(" ")).not.toBe("record-ended");
        ends[t].push(marginTwice(ruling.result)!);
      };
      walk(tree, []);
    });
    expect(Math.min(...ends[0])).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ends[1])).toBeLessThanOrEqual(0);
    expect(cuts[0] + cuts[1]).toBeGreaterThan(0);
    expect(ends[0].length + ends[1].length).toBeGreaterThan(0);
  });
});

describe("rule gaps", () => {
  const gap = (name: string, w: number, h: number, depth: number) =>
    searchGap(textOnlyRuleSets().find((t) => t.name === name)!, w, h, depth);

  it("New Ing as its text stands (no cycle rule, 2.6): a basic ko retaken for ever on 2x3, which every other preset forbids or voids", () => {
    const r = gap("new-ing", 2, 3, 8);
    const e = r.example!;
    expect(e).not.toBeNull();
    // by hand: A3 A2 B2 B3, then Black takes B3 at A3 and White retakes at B3, for ever
    expect(e.line.slice(0, 6)).toEqual(["A3", "A2", "B2", "B3", "A3", "B3"]);
    expect(e.period).toBe(2);
    const by = Object.fromEntries(e.others.map((o) => [o.rules, o]));
    expect(by["new-ing"].result).toBe("Void"); // arbiter's interpretation
    expect(by.japanese.illegal).toBe("move 5: ko");
    expect(by["tromp-taylor"].illegal).toBe("move 5: superko");
  });

  it("the Grand Rules as their text stands (history cleared on resumption, 4.4): a ko retaken across suspensions", () => {
    const r = gap("grand", 2, 3, 10);
    const e = r.example!;
    expect(e).not.toBeNull();
    const round = e.line.slice(e.cycleFrom, e.cycleFrom + e.period);
    // take or retake, then two passes, twice: pass pass B3 pass pass A3
    expect(round.filter((m) => m === "pass")).toHaveLength(4);
    expect(Object.fromEntries(e.others.map((o) => [o.rules, o.result])).grand).toBe("Void");
  });

  it("reports how much it searched when it finds none (Ing's 1A on 2x2)", () => {
    const r = gap("ing", 2, 2, 8);
    expect(r.example).toBeNull();
    expect(r.lines).toBeGreaterThan(1000);
    expect(r.maxDepth).toBe(8);
    expect(r.stoppedBy).toBeUndefined(); // every way in up to 8 moves searched
  });

  it("a gap search keeps to its limits and says which stopped it, with the ways in it searched whole", () => {
    const ing = textOnlyRuleSets().find((t) => t.name === "ing")!;
    // Ing's 1A on 2x3 has no example up to 12 moves (docs/solve.md): 30 moves cannot finish in 0.3 s
    const timed = searchGap(ing, 2, 3, 30, 1e12, { deadline: Date.now() + 300 });
    expect(timed.example).toBeNull();
    expect(timed.stoppedBy).toBe("time");
    expect(timed.maxDepth).toBeGreaterThanOrEqual(1);
    expect(timed.maxDepth).toBeLessThan(30);
    const budget = searchGap(ing, 2, 3, 30, 100_000);
    expect(budget.stoppedBy).toBe("nodes");
    expect(budget.lines).toBeGreaterThan(100_000); // (the moves past the budget: those of one node at most)
    expect(budget.lines).toBeLessThan(100_100);
    const seen: number[] = [];
    const cancelled = searchGap(ing, 2, 3, 30, 1e12, { cancelled: () => seen.length >= 3, progress: (lines) => { seen.push(lines); } });
    expect(cancelled.stoppedBy).toBe("cancel");
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // progress: the moves tried so far, growing
    expect(cancelled.lines).toBeGreaterThanOrEqual(seen[2]);
    // an example found is an answer whatever the limits: New Ing's basic ko on 2x3 within 8 moves
    const newIng = searchGap(textOnlyRuleSets().find((t) => t.name === "new-ing")!, 2, 3, 8, 1e12, { deadline: Date.now() + 60_000 });
    expect(newIng.example).not.toBeNull();
    expect(newIng.stoppedBy).toBeUndefined();
  });

  it("SIGTERM stops the gap search: what it searched whole printed as JSON, exit status 143", async () => {
    const r = await stopAfter(["solve", "--gaps", "--size", "2x3", "--depth", "30", "--max-nodes", "1000000000000", "--time", "120", "--json"], "SIGTERM");
    expect(r.code, r.stderr).toBe(143);
    const found = JSON.parse(r.stdout) as { rules: string; example: unknown; stoppedBy?: string; maxDepth: number }[];
    expect(found.map((f) => f.rules)).toEqual(["new-ing", "ing", "grand"]);
    // New Ing's example comes in well under a second; Ing's 1A has none, and its search is the one stopped
    expect(found[0].example).not.toBeNull();
    expect(found[1]).toMatchObject({ example: null, stoppedBy: "cancel" });
    expect(found[1].maxDepth).toBeLessThan(30);
    expect(r.stderr).toMatch(/interrupted \(SIGTERM\): the gap search stopped/);
  }, 60_000);
});
