// `referee --dead auto` on a whole 19x19 record: the disputed group is settled by prove-by-capture
// under the rule set's procedure, removed when dead, and the count follows.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { readSgf, type GameRecord } from "../src/sgf/read.js";
import { referee } from "../src/rules/referee.js";
import { preset } from "../src/rules/ruleset.js";

/** The 9x9 square-four corner (White's four-point eye space A9 B9 A8 B8, dead whoever moves
 *  first: test/prove.test.ts works it out) placed in the top-left corner of an empty 19x19
 *  board, and the record closed by two passes. */
function squareFourOn19(): GameRecord {
  const small = readSgf(readFileSync("test/fixtures/prove/square-four.sgf", "utf8"));
  const setup = new Uint8Array(19 * 19);
  for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) setup[y * 19 + x] = small.setup[y * 9 + x];
  return { ...small, width: 19, height: 19, setup, toMove: "B", komi: 0,
    moves: [{ color: "B", x: null, y: null, raw: "", offBoard: false }, { color: "W", x: null, y: null, raw: "", offBoard: false }] };
}

describe("referee --dead auto", () => {
  for (const name of ["chinese", "ing", "new-ing", "grand"]) {
    it(`${name}: the square four in the corner is proven dead and removed`, () => {
      const r = referee(squareFourOn19(), { rules: preset(name), rulesFrom: "option", dead: "auto", komiGiven: true });
      const white = r.disputes?.find((d) => d.colour === "W");
      expect(white?.verdict).toBe("dead");
      expect(white?.status).toBe("dead");
      // the five White stones (C9 C8 A7 B7 C7 of the 9x9 diagram) are, on 19x19, in rows 17-19
      expect([...r.dead].sort()).toEqual(["A17", "B17", "C17", "C18", "C19"]);
      // everything is Black's then: 7 stones + 354 empty points (area) on an otherwise empty board
      if (r.score?.method === "area") expect(r.score.black).toBe(361);
    });
  }

  it("tromp-taylor removes nothing: every stone counts as it stands", () => {
    const r = referee(squareFourOn19(), { rules: preset("tromp-taylor"), rulesFrom: "option", dead: "auto", komiGiven: true });
    expect(r.dead).toEqual([]);
    expect(r.deadIgnored).toBeDefined();
  });
});
