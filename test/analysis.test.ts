// The final position's analysis made in the core (assembly/score.ts analyseBoard, which a
// simulation's count reads) against the reference in TypeScript (src/scoring/board.ts analyse):
// a position worked by hand, random boards of every shape field by field, and the counts of
// simulated games under every rule set with and without the core's analysis.
import { describe, it, expect } from "vitest";
import { loadCore } from "../src/core/wasm.js";
import { releaseCore } from "../src/core/game.js";
import { analyse, analysisArrays, analysisBytes, neighbours, tallyOwners, type Analysis } from "../src/scoring/board.js";
import { countFinal } from "../src/scoring/count.js";
import { fillPoints } from "../src/scoring/territory.js";
import { preset } from "../src/ruleset/ruleset.js";
import { playGames } from "../src/simulate/engine.js";
import { parseDiagram } from "./helpers/diagram.js";
import { mulberry32 } from "../bench/sabaki-playout.js";

interface AnalysisCore {
  memory: WebAssembly.Memory;
  analyseBoard(src: number, w: number, h: number, strings: number): number;
  ANALYSIS: WebAssembly.Global;
  BOARDS_OUT: WebAssembly.Global;
  anRegions: WebAssembly.Global;
  anBlack: WebAssembly.Global;
  anWhite: WebAssembly.Global;
  anSingleInside: WebAssembly.Global;
  AN_CLASSES: WebAssembly.Global;
}

/** The core's analysis of a board (with the strings counted unless `strings` is false), copied
 *  out of linear memory; null when the core refuses it. */
function coreAnalyse(board: Uint8Array, width: number, height: number, strings = true): Analysis | null {
  releaseCore();
  const c = loadCore() as unknown as AnalysisCore;
  const src = Number(c.BOARDS_OUT.value);
  new Uint8Array(c.memory.buffer, src, board.length).set(board);
  if (!c.analyseBoard(src, width, height, +strings)) return null;
  const single = c.anSingleInside.value as number;
  const n = width * height;
  const base = Number(c.ANALYSIS.value);
  const buf = c.memory.buffer;
  return {
    width, height, points: n, deadBlack: 0, deadWhite: 0,
    blackStones: c.anBlack.value as number, whiteStones: c.anWhite.value as number, regionCount: c.anRegions.value as number,
    singleInside: single < 0 ? undefined : single,
    classes: new Int32Array(c.memory.buffer.slice(Number(c.AN_CLASSES.value), Number(c.AN_CLASSES.value) + 64)),
    ...analysisArrays(buf.slice(base, base + analysisBytes(n)), 0, n), // (a copy: the core's buffer is reused)
  };
}

/** The strings with exactly one liberty in a region touching their colour only, by a flood of
 *  each string (the reference for the core's union-find). */
function singleInsideByFlood(a: Analysis): number {
  const seen = new Set<number>();
  let single = 0;
  for (let i = 0; i < a.points; i++) {
    const c = a.board[i];
    if (c === 0 || seen.has(i)) continue;
    const stack = [i];
    const inside = new Set<number>();
    seen.add(i);
    while (stack.length > 0) {
      const p = stack.pop()!;
      for (const q of neighbours(p, a.width, a.height)) {
        if (a.board[q] === c && !seen.has(q)) { seen.add(q); stack.push(q); }
        else if (a.board[q] === 0 && a.touches[a.region[q]] === c) inside.add(q);
      }
    }
    if (inside.size === 1) single++;
  }
  return single;
}

/** The fields a count reads, regions by their members (the arrays past the region count are scratch). */
function facts(a: Analysis) {
  const regions: number[][] = [];
  for (let r = 0; r < a.regionCount; r++) regions.push(Array.from(a.members.subarray(a.regionStart[r], a.regionStart[r + 1])));
  const empty = (i: number) => a.board[i] === 0;
  return {
    blackStones: a.blackStones, whiteStones: a.whiteStones, regionCount: a.regionCount, regions,
    touches: Array.from(a.touches.subarray(0, a.regionCount)), region: Array.from(a.region),
    adjacent: Array.from(a.adjacent).map((v, i) => (empty(i) ? v : 0)), board: Array.from(a.board),
  };
}

describe("the core's analysis of a final position", () => {
  it("finds the regions, what each touches and what each point is next to, worked by hand", () => {
    // 5x3:
    //   . X . O .      region 0: (0,0) (0,1) (0,2) (1,2): next to X only        -> touches 1
    //   . X O . .      region 1: (2,0): next to X and O                         -> touches 3
    //   . . X O .      region 2: (4,0) (3,1) (4,1) (4,2): next to O only         -> touches 2
    const d = parseDiagram(`
      . X . O .
      . X O . .
      . . X O .`);
    const a = coreAnalyse(d.stones, 5, 3)!;
    expect(a.blackStones).toBe(3);
    expect(a.whiteStones).toBe(3);
    expect(a.regionCount).toBe(3);
    const regions = facts(a).regions.map((r) => [...r].sort((x, y) => x - y));
    expect(regions).toEqual([[0, 5, 10, 11], [2], [4, 8, 9, 14]]);
    expect(facts(a).touches).toEqual([1, 3, 2]);
    // (1,2) = index 11 is next to X (1,1) and X (2,2); (3,1) = 8 is next to O (2,1), O (3,0), O (3,2)
    expect(a.adjacent[11]).toBe(1);
    expect(a.adjacent[8]).toBe(2);
    expect(a.adjacent[2]).toBe(3); // (2,0): X (1,0), O (3,0), O (2,1)
    expect(a.adjacent[0]).toBe(1); // (0,0): X (1,0)
    expect(a.adjacent[14]).toBe(2); // (4,2): O (3,2)
    expect(a.region[1]).toBe(-1);
  });

  it("equals board.ts's analysis on random boards of every shape, field by field", () => {
    const rnd = mulberry32(7);
    const shapes = [[1, 1], [1, 7], [7, 1], [2, 2], [3, 5], [9, 9], [13, 7], [19, 19], [19, 2]];
    for (const [w, h] of shapes) {
      for (let k = 0; k < 40; k++) {
        const fill = rnd();
        const board = Uint8Array.from({ length: w * h }, () => (rnd() < fill ? 1 + Math.floor(rnd() * 2) : 0));
        const core = coreAnalyse(board, w, h)!;
        expect(facts(core), `${w}x${h} board ${k}`).toEqual(facts(analyse({ width: w, height: h, board, dead: [] })));
      }
    }
  });

  it("counts the strings with one liberty in their own area, worked by hand", () => {
    // 5x3: Black's 5 stones have one liberty, b (next to three of them: counted once), and b's
    // region touches Black only; White's 7 stones have three, all in a region touching White only
    const atari = parseDiagram(`
      X b X O .
      X X X O .
      O O O O .`);
    const a = coreAnalyse(atari.stones, 5, 3)!;
    expect(a.singleInside).toBe(1);
    expect([...fillPoints(a)]).toEqual([1]); // b: Black must fill it (the string is in atari)
    // 5x3: a is the one liberty in Black's own area of two Black strings: the three stones at the
    // left (whose other liberty, c, touches White too) and the lone stone at the top (whose other
    // neighbours are White's); White's string has two, d and e
    const two = parseDiagram(`
      X a X O d
      X X O O O
      c O O e O`);
    expect(coreAnalyse(two.stones, 5, 3)!.singleInside).toBe(2);
    // an empty board and a board of one colour: no string, or one with many liberties
    expect(coreAnalyse(new Uint8Array(9), 3, 3)!.singleInside).toBe(0);
    expect(coreAnalyse(Uint8Array.from([1, 1, 1, 0, 0, 0, 1, 1, 1]), 3, 3)!.singleInside).toBe(0);
    // without `strings` the core leaves them uncounted, and fillPoints floods every string
    expect(coreAnalyse(atari.stones, 5, 3, false)!.singleInside).toBeUndefined();
  });

  it("counts them as a flood of each string does, and fillPoints finds the same points with the count", () => {
    const rnd = mulberry32(11);
    const shapes = [[1, 1], [1, 7], [7, 1], [2, 2], [3, 5], [5, 5], [9, 9], [13, 7], [19, 19], [19, 2]];
    let withFill = 0;
    let single = 0;
    for (const [w, h] of shapes) {
      for (let k = 0; k < 60; k++) {
        const fill = 0.5 + rnd() / 2;
        const board = Uint8Array.from({ length: w * h }, () => (rnd() < fill ? 1 + Math.floor(rnd() * 2) : 0));
        const core = coreAnalyse(board, w, h)!;
        const ts = analyse({ width: w, height: h, board, dead: [] });
        expect(core.singleInside, `${w}x${h} board ${k}`).toBe(singleInsideByFlood(ts));
        const points = [...fillPoints(ts)].sort((x, y) => x - y);
        expect([...fillPoints(core)].sort((x, y) => x - y), `${w}x${h} board ${k}`).toEqual(points);
        if (points.length > 0) withFill++;
        if (core.singleInside! > 0) single++;
      }
    }
    // the boards reach both sides of the shortcut
    expect(withFill).toBeGreaterThan(20);
    expect(single).toBeGreaterThan(withFill);
  });

  it("counts the empty points by what their region touches and what they are next to; every tally of owners follows", () => {
    // the 5x3 position worked by hand above: region 0 (touches Black) has (0,0) (0,1) (0,2) (1,2),
    // next to Black (1,0), Black (1,1), nothing, Black (1,1); region 1 (both) is (2,0), next to
    // both; region 2 (White) has (4,0) (3,1) (4,1) (4,2), next to White (3,0), White, nothing,
    // White (3,2)
    const d = parseDiagram(`
      . X . O .
      . X O . .
      . . X O .`);
    const classes = Array.from(coreAnalyse(d.stones, 5, 3)!.classes!);
    const expected = new Array(16).fill(0);
    expected[1 * 4 + 1] = 3; expected[1 * 4 + 0] = 1; expected[3 * 4 + 3] = 1; expected[2 * 4 + 2] = 3; expected[2 * 4 + 0] = 1;
    expect(classes).toEqual(expected);
    const rnd = mulberry32(13);
    for (const [w, h] of [[1, 1], [2, 2], [3, 5], [9, 9], [19, 19], [19, 2]]) {
      for (let k = 0; k < 40; k++) {
        const fill = rnd();
        const board = Uint8Array.from({ length: w * h }, () => (rnd() < fill ? 1 + Math.floor(rnd() * 2) : 0));
        const core = coreAnalyse(board, w, h)!;
        const ts = analyse({ width: w, height: h, board, dead: [] });
        const byPoint = new Array(16).fill(0);
        for (let i = 0; i < ts.points; i++) if (ts.board[i] === 0) byPoint[ts.touches[ts.region[i]] * 4 + ts.adjacent[i]]++;
        expect(Array.from(core.classes!), `${w}x${h} board ${k}`).toEqual(byPoint);
        for (const rule of ["region", "point", "new-ing", "liberty"] as const) {
          expect(tallyOwners(core, rule), `${rule} ${w}x${h} board ${k}`).toEqual(tallyOwners(ts, rule));
        }
      }
    }
  });

  it("refuses a board it cannot analyse", () => {
    expect(coreAnalyse(new Uint8Array(20 * 20), 20, 20)).toBeNull();
    expect(coreAnalyse(new Uint8Array(4), 0, 4)).toBeNull();
    expect(coreAnalyse(Uint8Array.from([0, 1, 3, 2]), 2, 2)).toBeNull();
  });

  it("gives every rule set's count of simulated games as the TypeScript analysis does", () => {
    const names = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese", "aga", "tromp-taylor"];
    const spec = { width: 7, height: 7, seed: 5, policy: "light" as const, rules: names.map((key) => ({ key, rules: preset(key) })),
      paired: false };
    let games = 0;
    playGames(spec, 0, 150, (g) => {
      const rules = spec.rules[g.rule].rules;
      const board = g.summary.board.slice();
      const facts = { passes: g.summary.passes, askedToEnd: g.summary.requester, prisoners: g.summary.prisoners,
        realMoves: { game: g.summary.gamePhase, dispute: { black: g.summary.stonePlaysB - g.summary.gamePhase.black,
          white: g.summary.stonePlays - g.summary.stonePlaysB - g.summary.gamePhase.white } } };
      const alone = countFinal({ width: 7, height: 7, board, dead: [] }, rules, facts);
      expect(g.verdict.score, `${spec.rules[g.rule].key} game ${g.summary.game}`).toEqual(g.verdict.score === null ? null : alone);
      games++;
    });
    expect(games).toBe(150 * names.length);
  });
});
