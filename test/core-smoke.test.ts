import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";
import * as C from "../assembly/codes.js";
import { REASONS } from "../src/rules/knobs.js";

describe("core smoke", () => {
  it("captures a single stone in the corner", () => {
    // . X      (x=0,y=0 is the top-left corner)
    // X O  -> White at (0,0) after Black at (1,0) and (0,1)
    const g = new Game({ width: 3, height: 3, suicide: "forbidden", ko: "simple" });
    expect(g.play(0, 0, "W").ok).toBe(true);
    expect(g.play(1, 0, "B").ok).toBe(true);
    const a = g.play(0, 1, "B");
    expect(a.ok).toBe(true);
    expect(a.captures).toEqual([0]);
    expect(Array.from(g.board())).toEqual([0, 1, 0, 1, 0, 0, 0, 0, 0]);
  });
});

describe("the codes the core and TypeScript share (assembly/codes.ts, one table)", () => {
  it("every refusal code the rule engine reports has a name, and the board's own refusals read back", () => {
    expect(REASONS).toHaveLength(C.R_COUNT);
    expect(REASONS.every((r) => typeof r === "string")).toBe(true);
    expect(REASONS[C.R_HOT_STONE]).toBe("hot-stone");
    // a play on an occupied point and a suicide, as the core reports them
    const g = new Game({ width: 3, height: 3, suicide: "forbidden", ko: "simple" });
    expect(g.play(1, 1, "B").ok).toBe(true);
    expect(g.tryPlay(1, 1, "W").reason).toBe(REASONS[C.R_OCCUPIED]);
    expect(g.play(0, 1, "B").ok && g.play(1, 0, "B").ok).toBe(true);
    expect(g.tryPlay(0, 0, "W").reason).toBe(REASONS[C.R_SUICIDE]);
  });
});
