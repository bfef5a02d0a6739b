// The prover's search in the core (assembly/search.ts): cases where a move leaves the board as it
// was, worked by hand.
import { describe, it, expect } from "vitest";
import { preset } from "../src/ruleset/ruleset.js";
import { problemFrom, ask } from "../src/prove/prove.js";
import { Search } from "../src/prove/search.js";

/** Rows from the top, "B", "W" or "." per point. */
function boardOf(rows: string[]): Uint8Array {
  const width = rows[0].split(" ").length;
  const board = new Uint8Array(rows.length * width);
  rows.forEach((r, y) => r.split(" ").forEach((c, x) => { board[y * width + x] = c === "B" ? 1 : c === "W" ? 2 : 0; }));
  return board;
}

describe("a single-stone suicide inside a finished game's region", () => {
  // White B5 A4-E4 E5, with the liberties A5 and D5 and a Black stone at C5 (its one liberty D5);
  // Black's wall A3-E3 below. Under New Zealand rules suicide is allowed and the superko rule is
  // situational, so Black's A5 is a legal null move: it takes nothing (White keeps D5) and the
  // stone goes at once, the board as it was. Black's D5 takes nothing either (White keeps A5):
  // C5 and D5 go. White is never captured, whoever moves first. (Once, the search's test of
  // Black's strings leaving the region followed the stale string links of the empty A5 for ever:
  // a KGS game under NZ rules, 2015-07-19-8, never finished.)
  const board = boardOf([". W B . W", "W W W W W", "B B B B B", ". . . . .", ". . . . ."]);
  const rules = preset("nz");
  const spec = { ...problemFrom({ width: 5, height: 5, board, rules, targets: [1], toMove: "B", maxNodes: 1e6, timeMs: 5000 }),
    tuning: "finished-game" as const };
  for (const toMove of ["B", "W"] as const) {
    it(`${toMove} first: the search ends, and White's group is not captured`, () => {
      const q = ask(spec, toMove, { maxNodes: 1e6, deadline: performance.now() + 5000 }, false);
      expect(q.captured).toBe(false);
    });
  }
});

describe("the attacker's stones on the rim of an open region", () => {
  // A 5x5 board, Black A1 alone (the target), the region its corner A1 B1 A2 B2, everything else
  // outside (empty: no one plays there), B2 an exit. White's B2 touches C2 and B3, outside: that
  // liberty no one could fill, so White's stone could never be taken. In a proof of death the
  // move ends the line as an escape (the proof would rest on a stone made safe by the region);
  // asked with the gift (a check of life only), the line goes on.
  const board = boardOf([". . . . .", ". . . . .", ". . . . .", ". . . . .", "B . . . ."]);
  const at = (x: number, y: number) => y * 5 + x;
  const region = { points: [at(0, 4), at(1, 4), at(0, 3), at(1, 3)], boundary: new Set<number>(), closedByLife: false,
    targetStones: new Set([at(0, 4)]), exits: new Set([at(1, 3)]) };
  const spec = (rimGift: boolean) => ({ width: 5, height: 5, board, rules: preset("chinese"), defender: "B" as const,
    targets: [at(0, 4)], region, rimGift });
  const budget = { maxNodes: 1e6, deadline: performance.now() + 60_000 };
  it("White's B2 is an escape in a proof of death", () => {
    const s = new Search(spec(false), "W", budget);
    const a = s.apply(at(1, 3), "W", 0);
    expect(a.ok).toBe(true);
    expect(a.why).toBe("escape");
  });
  it("with the gift the line goes on", () => {
    const s = new Search(spec(true), "W", budget);
    const a = s.apply(at(1, 3), "W", 0);
    expect(a.ok).toBe(true);
    expect(a.terminal).toBeUndefined();
  });
});

describe("fill-in with two target strings in one area (goal: any string)", () => {
  // The top of a 9x9 board (rows 9 to 5). Black's string B9 A8 B8 C8 D8 D9 D7 has two eyes, A9
  // and C9 (alive by Benson). Black's E6 joins it diagonally: D6 and E7 are miai (White D6, Black
  // E7; White E7, Black D6), so no Black string can be captured, whoever moves first. Both
  // strings lie in one area (Black stones and empty points), and that area holds A9 and C9,
  // which touch no White stone, so fill-in may not call either string dead. White's strings
  // around all have liberties outside the region (the empty points of rows 5 to 9 beyond it).
  // Once, a test of E6's area after a test of B9's that had stopped at A9 skipped the points the
  // first had marked (B8 C9), missed the eyes, and ended White's first move as "filled": a
  // living group's string "captured" (KGS 2002-10-13-22: White J19 "took" Black's top group).
  const board = boardOf([
    ". B . B W . . . .",
    "B B B B W . . . .",
    "W W W B . W . . .",
    ". . W . B W . . .",
    ". . . W W . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . ."]);
  const at = (v: string) => (9 - Number(v.slice(1))) * 9 + "ABCDEFGHJ".indexOf(v[0]);
  const black = ["B9", "A8", "B8", "C8", "D8", "D9", "D7", "E6"].map(at);
  const region = { points: [...black, ...["A9", "C9", "D6", "E7"].map(at)].sort((x, y) => x - y),
    boundary: new Set(["E9", "E8", "A7", "B7", "C7", "C6", "F7", "F6", "D5", "E5"].map(at)), closedByLife: false,
    targetStones: new Set(black), exits: new Set<number>() };
  const spec = { width: 9, height: 9, board, rules: preset("chinese"), defender: "B" as const, targets: [at("B9"), at("E6")],
    region, goal: "any" as const, tuning: "finished-game" as const };
  const budget = () => ({ maxNodes: 1e6, deadline: performance.now() + 60_000 });
  for (const move of ["D6", "E7"]) {
    it(`White's ${move} ends nothing`, () => {
      const a = new Search(spec, "W", budget()).apply(at(move), "W", 0);
      expect(a.ok).toBe(true);
      expect(a.terminal).toBeUndefined();
    });
  }
  for (const toMove of ["W", "B"] as const) {
    it(`${toMove} first: no string is captured`, () => {
      expect(ask(spec, toMove, budget(), false).captured).toBe(false);
    });
  }
});
