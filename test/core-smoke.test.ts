import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";

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
