// Reading game records (src/sgf/read.ts): the properties arbiter uses, and every broken input
// refused with an ArbiterError whose message names the problem.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isRefused, readSgf, readSgfCollection } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { ArbiterError } from "../src/errors.js";

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), "utf8");

/** The setup as a list of "x,y=colour" for the stones placed. */
function stones(r: GameRecord): string[] {
  const out: string[] = [];
  r.setup.forEach((c, i) => {
    if (c !== 0) out.push(`${i % r.width},${Math.floor(i / r.width)}=${c === 1 ? "B" : "W"}`);
  });
  return out;
}

/** Asserts that reading the first game of `text` throws an ArbiterError whose message matches `message`. */
function refuses(text: string, message: RegExp): void {
  let caught: unknown = null;
  try {
    readSgf(text);
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected an ArbiterError for ${JSON.stringify(text.slice(0, 60))}`).toBeInstanceOf(ArbiterError);
  expect((caught as Error).message).toMatch(message);
  // one line, naming the problem: no stack or multi-line dump in the message
  expect((caught as Error).message).not.toContain("\n");
}

describe("readSgf: properties", () => {
  it("reads the bundled example game", () => {
    const r = readSgf(fixture("example.sgf"));
    expect(r.width).toBe(9);
    expect(r.height).toBe(9);
    expect(r.komi).toBe(7.5);
    expect(r.rules).toBe("Chinese");
    expect(r.result).toBe("W+16.5");
    expect(r.moves).toHaveLength(28);
    expect(r.moves[0]).toEqual({ color: "B", x: 3, y: 0, raw: "da", offBoard: false });
    expect(r.moves[27]).toMatchObject({ color: "W", x: null, y: null, raw: "" });
    expect(r.index).toBe(1);
  });

  it("defaults: 19x19, no komi, no rules, no handicap, no PL, no result, empty board", () => {
    const r = readSgf("(;GM[1]FF[4])");
    expect([r.width, r.height]).toEqual([19, 19]);
    expect(r.komi).toBeNull();
    expect(r.rules).toBeNull();
    expect(r.handicap).toBe(0);
    expect(r.toMove).toBeNull();
    expect(r.result).toBeNull();
    expect(r.moves).toEqual([]);
    expect(r.setup).toHaveLength(361);
    expect(r.setup.every((c) => c === 0)).toBe(true);
  });

  it("SZ: square and rectangular (width:height)", () => {
    const sq = readSgf("(;SZ[13])");
    expect([sq.width, sq.height]).toEqual([13, 13]);
    expect(sq.setup).toHaveLength(169);
    const rect = readSgf("(;SZ[19:13])");
    expect([rect.width, rect.height]).toEqual([19, 13]);
    expect(rect.setup).toHaveLength(19 * 13);
    const smallest = readSgf("(;SZ[2])");
    expect([smallest.width, smallest.height]).toEqual([2, 2]);
    const spaced = readSgf("(;SZ[ 9 : 7 ])");
    expect([spaced.width, spaced.height]).toEqual([9, 7]);
  });

  it("KM: komi as a number, null when absent or empty", () => {
    expect(readSgf("(;KM[6.5])").komi).toBe(6.5);
    expect(readSgf("(;KM[-3])").komi).toBe(-3);
    expect(readSgf("(;KM[0])").komi).toBe(0);
    expect(readSgf("(;KM[])").komi).toBeNull();
  });

  it("RU: the rules as written", () => {
    expect(readSgf("(;RU[Japanese])").rules).toBe("Japanese");
    expect(readSgf("(;RU[ GOE ])").rules).toBe("GOE");
    expect(readSgf("(;RU[])").rules).toBeNull();
  });

  it("HA: the handicap", () => {
    expect(readSgf("(;SZ[9]HA[2]AB[cc][gg])").handicap).toBe(2);
    expect(readSgf("(;HA[0])").handicap).toBe(0);
  });

  it("PL: who plays first after the setup", () => {
    expect(readSgf("(;SZ[9]AB[cc]PL[W])").toMove).toBe("W");
    expect(readSgf("(;SZ[9]AB[cc]PL[B])").toMove).toBe("B");
    expect(readSgf("(;SZ[9]AB[cc]PL[w])").toMove).toBe("W");
  });

  it("AB/AW setup, single points and compressed ranges", () => {
    const r = readSgf("(;SZ[5]AB[aa:cc]AW[ed][ee])");
    expect(stones(r)).toEqual([
      "0,0=B", "1,0=B", "2,0=B",
      "0,1=B", "1,1=B", "2,1=B",
      "0,2=B", "1,2=B", "2,2=B",
      "4,3=W", "4,4=W",
    ]);
    // a range may name its corners in either order
    expect(stones(readSgf("(;SZ[5]AW[cb:ba])"))).toEqual(["1,0=W", "2,0=W", "1,1=W", "2,1=W"]);
  });

  it("AB/AW on a rectangular board: row-major with width as the stride", () => {
    const r = readSgf("(;SZ[19:13]AB[sm]AW[am])");
    expect(stones(r)).toEqual(["0,12=W", "18,12=B"]);
    expect(r.setup[12 * 19 + 18]).toBe(1);
  });

  it("AE clears stones placed by an earlier setup node", () => {
    const r = readSgf("(;SZ[5]AB[aa:cc];AE[bb]AW[dd])");
    expect(stones(r)).toEqual([
      "0,0=B", "1,0=B", "2,0=B",
      "0,1=B", "2,1=B",
      "0,2=B", "1,2=B", "2,2=B",
      "3,3=W",
    ]);
    expect(r.moves).toEqual([]);
  });

  it("B/W moves with their coordinates and SGF value", () => {
    const r = readSgf("(;SZ[19];B[pd];W[dp];B[qq])");
    expect(r.moves).toEqual([
      { color: "B", x: 15, y: 3, raw: "pd", offBoard: false },
      { color: "W", x: 3, y: 15, raw: "dp", offBoard: false },
      { color: "B", x: 16, y: 16, raw: "qq", offBoard: false },
    ]);
  });

  it("passes: B[] and W[tt] on boards up to 19x19, rectangular included", () => {
    for (const sz of ["19", "9", "19:13"]) {
      const r = readSgf(`(;SZ[${sz}];B[];W[tt])`);
      expect(r.moves.map((m) => [m.color, m.x, m.y, m.offBoard])).toEqual([["B", null, null, false], ["W", null, null, false]]);
    }
  });

  it("a point outside the board is read and flagged offBoard (the referee rules on it)", () => {
    const r = readSgf("(;SZ[9];B[cc];W[jj])");
    expect(r.moves[1]).toEqual({ color: "W", x: 9, y: 9, raw: "jj", offBoard: true });
    const rect = readSgf("(;SZ[19:13];B[am];W[an])");
    expect(rect.moves[0].offBoard).toBe(false);
    expect(rect.moves[1]).toMatchObject({ x: 0, y: 13, offBoard: true });
    // upper-case letters are columns 26.. (SGF for boards over 26), off any supported board
    expect(readSgf("(;SZ[19];B[AA])").moves[0]).toMatchObject({ x: 26, y: 26, offBoard: true });
  });

  it("the main line is the first variation at every branch", () => {
    const r = readSgf("(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff];B[gg]))");
    expect(r.moves.map((m) => m.raw)).toEqual(["aa", "bb", "cc", "dd"]);
  });

  it("a collection holds several games; readSgf is the first", () => {
    const text = "(;SZ[9]KM[7]RE[B+R];B[ee])\n(;SZ[13]RU[Japanese]RE[W+2.5];B[dd];W[jj])";
    const games = readSgfCollection(text);
    expect(games).toHaveLength(2);
    expect(games.map((g) => [g.index, g.width, g.moves.length, g.result])).toEqual([
      [1, 9, 1, "B+R"],
      [2, 13, 2, "W+2.5"],
    ]);
    expect(games[1].rules).toBe("Japanese");
    expect(readSgf(text).width).toBe(9);
  });

  it("RE is kept as written (trimmed)", () => {
    expect(readSgf("(;RE[W+16.5])").result).toBe("W+16.5");
    expect(readSgf("(;RE[ B+Resign ])").result).toBe("B+Resign");
    expect(readSgf("(;RE[0])").result).toBe("0");
  });

  it("tolerates a byte-order mark, line breaks, escaped ] in a comment and unknown properties", () => {
    const r = readSgf("\uFEFF(;GM[1]FF[4]\r\nSZ[9]C[a \\] b]XX[whatever]\n;B[ee]\n)\n");
    expect(r.width).toBe(9);
    expect(r.moves).toHaveLength(1);
  });
});

describe("readSgf: broken input is an ArbiterError naming the problem", () => {
  it("unclosed tree", () => {
    refuses("(;SZ[9];B[cc];W[gg]", /game tree is not closed by "\)"/);
    refuses("(;SZ[9](;B[cc]", /2 game trees are not closed/);
  });

  it("unclosed value", () => {
    refuses("(;SZ[9];B[cc];W[gg", /value is not closed by \]/);
    refuses("(;SZ[9];B[cc];W[gg", /at line 1, column 16/);
  });

  it("text outside a game tree, before or after it", () => {
    refuses("hello (;SZ[9];B[cc])", /text outside a game tree at line 1, column 1/);
    refuses("(;SZ[9];B[cc])\nGN[x]", /text outside a game tree at line 2, column 1/);
  });

  it("empty file, blank file, a file of no SGF", () => {
    refuses("", /no game record/);
    refuses("  \n\t\n", /no game record/);
    refuses("#!?", /broken SGF: unexpected "#"/);
  });

  it("empty game tree, a tree without a node, unmatched parenthesis, property without a value", () => {
    refuses("()", /empty game tree/);
    refuses("(B[aa])", /must start with ";"/);
    refuses("(;B[aa]))", /unmatched "\)"/);
    refuses("(;SZ[9]B;W[aa])", /property B has no value/);
  });

  it("SZ[0], SZ[1], SZ[52] and 19:0 are unsupported sizes", () => {
    refuses("(;SZ[0];B[aa])", /board size SZ\[0\] is not supported: sides must be 2 to 19/);
    refuses("(;SZ[1])", /board size SZ\[1\] is not supported/);
    refuses("(;SZ[52];B[aa])", /board size SZ\[52\] is not supported/);
    refuses("(;SZ[21])", /board size SZ\[21\] is not supported/);
    refuses("(;SZ[19:0])", /board size SZ\[19:0\] is not supported/);
  });

  it("SZ[abc] and other non-numbers", () => {
    refuses("(;SZ[abc])", /bad board size SZ\[abc\]/);
    refuses("(;SZ[9x9])", /bad board size SZ\[9x9\]/);
    refuses("(;SZ[-9])", /bad board size SZ\[-9\]/);
    refuses("(;SZ[])", /bad board size SZ\[\]/);
  });

  it("a bad point value in a move", () => {
    refuses("(;SZ[9];B[a])", /bad point B\[a\]/);
    refuses("(;SZ[9];B[cc];W[abc])", /bad point W\[abc\]/);
    refuses("(;SZ[9];B[c1])", /bad point B\[c1\]/);
  });

  it("setup off the board, or not a point", () => {
    refuses("(;SZ[9]AB[jj])", /setup point AB\[jj\] is off the 9x9 board/);
    refuses("(;SZ[9]AW[aa:jj])", /setup point AW\[aa:jj\] is off the 9x9 board/);
    refuses("(;SZ[19:13]AB[an])", /setup point AB\[an\] is off the 19x13 board/);
    refuses("(;SZ[9]AB[a])", /bad point AB\[a\]/);
    refuses("(;SZ[9]AB[])", /bad setup point AB\[\]/);
  });

  it("setup after the first move", () => {
    refuses("(;SZ[9];B[cc];AB[dd])", /setup \(AB\/AW\/AE\) after move 1 is not supported/);
  });

  it("KM[abc] and an absurd komi", () => {
    refuses("(;KM[abc])", /bad komi KM: "abc" is not a number/);
    refuses("(;KM[1e9])", /komi KM\[1000000000\] is out of range/);
  });

  it("HA that is not a whole number of stones", () => {
    refuses("(;HA[two])", /handicap HA/);
    refuses("(;HA[-1])", /bad handicap HA\[-1\]/);
    refuses("(;HA[1.5])", /bad handicap HA\[1.5\]/);
  });

  it("both B and W in one node", () => {
    refuses("(;SZ[9];B[aa]W[bb])", /node 1 holds both a black and a white move/);
  });

  it("PL[X]", () => {
    refuses("(;SZ[9]PL[X])", /bad PL\[X\]: expected B or W/);
  });

  it("an error in the second game of a collection refuses that game only, naming it", () => {
    const games = readSgfCollection("(;SZ[9];B[aa])(;SZ[52])(;SZ[9];W[bb];B[");
    expect(games).toHaveLength(3);
    expect(isRefused(games[0])).toBe(false);
    expect((games[0] as GameRecord).moves).toHaveLength(1);
    expect(games[1]).toEqual({ index: 2, error: expect.stringMatching(/SZ\[52\]/) });
    expect(games[2]).toEqual({ index: 3, error: expect.stringMatching(/line 1, column 39 \(a value is not closed by \]\)/) });
    // the first game is read whatever follows it
    expect(readSgf("(;SZ[9];B[aa])(;SZ[52])").moves).toHaveLength(1);
  });

  it("variations nested deeper than the reader's stack allows", () => {
    const depth = 5000;
    refuses(`(;SZ[9]${"(;B[aa]".repeat(depth)}${")".repeat(depth)})`, /variations nested more than 1000 deep/);
  });

  it("a property value of several megabytes is read (it is skipped, not kept: it is a comment)", () => {
    const r = readSgf(`(;SZ[9]C[${"x".repeat(8_000_000)}];B[aa])`);
    expect(r.moves).toHaveLength(1);
  });
});
