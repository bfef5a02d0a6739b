// The rule engine's undo journal (assembly/journal.ts), which the prover's search stands on: a
// game played through the engine, taken back move by move and played again, must be ruled the
// same at every move (refusal codes, what a refusal repeats, Ing's cycles, voids, ends, hashes).
// A slot the journal missed (a hot-stone ban, a Zhang position, a count of virtual moves, a
// superko position) would refuse a move the second time, or accept one the first time refused.
import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";
import { playGames } from "../src/simulate/engine.js";
import { preset, RULE_NAMES, withKnobs } from "../src/ruleset/ruleset.js";
import { ruleKnobs } from "../src/rules/knobs.js";
import type { Color } from "../src/core/codes.js";
import * as C from "../assembly/codes.js";

/** Plays moves from..to (row-major, -1 pass, Black first) and returns each move's ruling: the
 *  code, then the engine's words; the board is saved before each move in slot k + 1. */
function playFrom(g: Game, moves: number[], from: number, to: number, width: number): number[][] {
  const out: number[][] = [];
  for (let k = from; k < to; k++) {
    const color: Color = k % 2 === 0 ? "B" : "W";
    g.save(k + 1);
    const m = moves[k];
    const code = m < 0 ? (g.rulesPass(color, false, "report") ? C.R_OK : -1) : g.rulesPlay(m % width, Math.floor(m / width), color, true, false, "report");
    out.push([code, ...g.ruling()]);
    if (code !== C.R_OK) break;
  }
  return out;
}

function undoTo(g: Game, from: number, to: number): void {
  for (let k = from - 1; k >= to; k--) {
    g.rulesUndo();
    g.restore(k + 1);
  }
}

describe("the rule engine takes moves back exactly", () => {
  const variants = [...RULE_NAMES.map((n) => ({ key: n, rules: preset(n) })),
    { key: "zhang-void", rules: withKnobs(preset("zhang"), { longCycles: "void" }) },
    { key: "ing-early", rules: withKnobs(preset("ing"), { ingTwin: "early" }) }];
  for (const side of [3, 4]) {
    it(`${side}x${side}: every preset, games with cycles, taken back to the start and halfway, ruled the same again`, () => {
      let checked = 0, withRepeats = 0;
      playGames({ width: side, height: side, seed: 31 + side, policy: "light", rules: variants, paired: false }, 0, 40, (gm) => {
        const moves = gm.moves!.slice(0, 400);
        const rules = variants[gm.rule].rules;
        const g = new Game({ width: side, height: side, suicide: rules.suicide, ko: "none", toMove: "B" });
        g.startRules(ruleKnobs(rules), "B", 500, true);
        const first = playFrom(g, moves, 0, moves.length, side);
        const n = first.length;
        const half = Math.floor(n / 2);
        undoTo(g, n, half);
        const again = playFrom(g, moves, half, n, side);
        expect(again, `${variants[gm.rule].key} game ${gm.summary.game}: replay from ${half}`).toEqual(first.slice(half));
        undoTo(g, n, 0);
        const whole = playFrom(g, moves, 0, n, side);
        expect(whole, `${variants[gm.rule].key} game ${gm.summary.game}: replay from the start`).toEqual(first);
        checked++;
        if (gm.cycles.length > 0) withRepeats++;
      }, { keepMoves: true });
      expect(checked).toBe(40 * variants.length);
      expect(withRepeats).toBeGreaterThan(10);
    });
  }
});

describe("the rule engine's bounds", () => {
  it("a game longer than the history it was started with is refused with an error naming the limit, not cut short", async () => {
    const { Referee } = await import("../src/rules/play.js");
    const { ArbiterError } = await import("../src/errors.js");
    const ref = new Referee({ width: 5, height: 5, rules: preset("chinese"), firstToMove: "B", maxMoves: 3 });
    const at = (x: number, y: number, color: Color) => ({ color, x, y, raw: "", offBoard: false });
    expect(ref.play(at(0, 0, "B"))?.legal).toBe(true);
    expect(ref.play(at(1, 1, "W"))?.legal).toBe(true);
    expect(ref.play(at(2, 2, "B"))?.legal).toBe(true);
    expect(() => ref.play(at(3, 3, "W"))).toThrow(ArbiterError);
    expect(() => ref.play(at(3, 3, "W"))).toThrow("the record is longer than the 3 moves a game may have");
    expect(ref.played).toBe(3);
  });
});

describe("a resumption taken back (grand 4.4)", () => {
  it("the game phase's boards come back with it: a lone suicide repeats the board and is refused again after a resumption is taken back", () => {
    // 3x3, row-major: Black B3 and A2 make A3 an eye; White's lone stone at A3 would leave the
    // board as it was (a single-stone suicide), which positional superko refuses (grand 4.3)
    const rules = preset("grand");
    const g = new Game({ width: 3, height: 3, suicide: rules.suicide, ko: "none", toMove: "B" });
    g.startRules(ruleKnobs(rules), "B", 500, true);
    // B B3, W C1, B A2, W pass, B pass (suspended), W B1 (resumes: the history starts again)
    const moves = [1, 8, 3, -1, -1, 7];
    const first = playFrom(g, moves, 0, 3, 3);
    expect(first.map((r) => r[0])).toEqual([C.R_OK, C.R_OK, C.R_OK]);
    g.save(20);
    expect(g.rulesPlay(0, 0, "W", false, false, "report")).toBe(C.R_SUPERKO);
    g.restore(20);
    const rest = playFrom(g, moves, 3, 6, 3);
    expect(rest.map((r) => r[0])).toEqual([C.R_OK, C.R_OK, C.R_OK]);
    // back before the passes: the game phase's history is whole again
    undoTo(g, 6, 3);
    expect(g.rulesPlay(0, 0, "W", false, false, "report")).toBe(C.R_SUPERKO);
  });
});
