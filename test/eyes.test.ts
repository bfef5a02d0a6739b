// Life by eye regions (src/prove/eyes.ts): positions worked by hand, each a group that Benson's
// test does not settle (a region with an empty point that is no liberty of the group).
import { describe, it, expect } from "vitest";
import { aliveByEyeRegions } from "../src/prove/eyes.js";
import { bensonAlive } from "../src/prove/region.js";
import { preset } from "../src/ruleset/ruleset.js";

/** A board from rows of X (Black), O (White) and . (empty), the top row first. */
function board(rows: string[]) {
  const width = rows[0].length;
  const b = new Uint8Array(width * rows.length);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { b[y * width + x] = ch === "X" ? 1 : ch === "O" ? 2 : 0; }));
  return { width, height: rows.length, board: b };
}
const at = (pos: { width: number; height: number }, v: string) => (pos.height - Number(v.slice(1))) * pos.width + "ABCDEFGHJ".indexOf(v[0]);
const budget = () => ({ positions: 50_000, deadline: performance.now() + 20_000 });
const blackStones = (pos: { board: Uint8Array }) => [...pos.board.keys()].filter((p) => pos.board[p] === 1);

describe("alive by eye regions", () => {
  // Black's one string has the eye C1 (White may not play there: it would have no liberty and
  // take nothing while Black has others) and the corner A1-C4, eight points, where A3 touches no
  // Black stone (so Benson's test fails). Black keeps a liberty there whatever White does: White
  // would need all seven of A1 A2 A4 B3 B4 C3 C4 with Black answering each move, and Black lives
  // in that corner by itself (B3 makes eyes at A1-A2 and A4-C4). So White can never capture it.
  //    A B C D E
  //  6 O O O O O
  //  5 X X X X O
  //  4 . . . X O
  //  3 . . . X O
  //  2 . X X X O
  //  1 . X . X O
  const rows = ["OOOOO....", "XXXXO....", "...XO....", "...XO....", ".XXXO....", ".X.XO...."];
  const sized = (r: string[]) => [".........", ".........", ".........", ...r];

  it("counts a big corner and a one-point eye: alive where Benson is not", () => {
    const pos = board(sized(rows));
    expect(bensonAlive(pos, 1, preset("japanese")).has(at(pos, "D5"))).toBe(false);
    const life = aliveByEyeRegions(pos, 1, preset("japanese"), [at(pos, "D5")], budget());
    expect(life.alive.has(at(pos, "D5"))).toBe(true);
    expect(life.alive.has(at(pos, "B1"))).toBe(true);
    // the two regions that count, the corner keeping one liberty at least, the eye one
    expect(life.regions.map((r) => r.points.length).sort((a, b) => a - b)).toEqual([1, 8]);
  });

  it("one eye is not enough: with C1 filled the corner alone must keep two liberties", () => {
    // with C1 Black's, the corner A1-C4 (A1 now next to B1) is the only region: Black lives only
    // if it keeps two liberties there after every reply, which it does (B3 or A3 makes two eyes)
    const filled = board(sized(rows.map((r, i) => (i === 5 ? ".XXXO...." : r))));
    const life = aliveByEyeRegions(filled, 1, preset("japanese"), [at(filled, "D5")], budget());
    expect(life.alive.has(at(filled, "D5"))).toBe(true);
    expect(life.regions.map((r) => r.keeps)).toEqual([[2]]);
  });

  it("a straight three and nothing else is dead: its region keeps one liberty only", () => {
    // Black's wall around A1 B1 C1 only: White takes the middle, B1; Black may capture it, but
    // White takes it again and at the end fills the last point once the outside is filled: one
    // region keeping one liberty is no life (Black could never be sure of two)
    //    A B C D E
    //  3 O O O O .
    //  2 X X X X O
    //  1 . . . X O
    const pos = board([".........", ".........", ".........", ".........", ".........", ".........", "OOOO.....", "XXXXO....", "...XO...."]);
    const life = aliveByEyeRegions(pos, 1, preset("japanese"), blackStones(pos), budget());
    expect(life.alive.size).toBe(0);
  });

  it("a false eye counts for nothing: White takes the lone stone beside it", () => {
    // F1 is a string of its own with the one liberty E1: White at E1 takes it, so E1 keeps no
    // liberty for F1, and F1 is not alive; the wall has A1-C1 (one liberty kept) and E1 (one)
    //    A B C D E F G
    //  3 O O O O O O .
    //  2 X X X X X O .
    //  1 . . . X . X O
    const pos = board([".........", ".........", ".........", ".........", ".........", ".........", "OOOOOO...", "XXXXXO...", "...X.XO.."]);
    const life = aliveByEyeRegions(pos, 1, preset("japanese"), blackStones(pos), budget());
    expect(life.alive.has(at(pos, "F1"))).toBe(false);
    // E1 counts only while every string around it counts: without F1 the wall has one region
    expect(life.alive.has(at(pos, "D1"))).toBe(false);
  });

  it("a straight three beside a one-point eye lives: each keeps one liberty", () => {
    // (E1 is an eye: F1 joins the wall through F2; White at B1 is answered at A1 or C1, and
    // Black takes the White stones there before they take its last liberty in A1-C1)
    //    A B C D E F G
    //  3 O O O O O O O
    //  2 X X X X X X O
    //  1 . . . X . X O
    const pos = board([".........", ".........", ".........", ".........", ".........", ".........", "OOOOOOO..", "XXXXXXO..", "...X.XO.."]);
    const life = aliveByEyeRegions(pos, 1, preset("japanese"), blackStones(pos), budget());
    expect(life.alive.has(at(pos, "D1"))).toBe(true);
    expect(life.alive.has(at(pos, "F1"))).toBe(true);
  });

  it("an empty corner of nine points beside a one-point eye: proven within a small budget", () => {
    // Black's wall has the eye E9 and the empty corner A7-C9, where B8 touches no Black stone.
    // White plays first in the corner, Black answers: once two Black stones close an empty
    // point off (B7 and C8 close C7 off, say) that point is a region of its own whose every
    // empty point is the wall's liberty, and with E9 the wall is unconditionally alive: such a
    // region keeps a liberty for ever (White's stone on its last point would be suicide), so
    // the search can stop there instead of playing the corner out
    //    A B C D E F G
    //  9 . . . X . X O
    //  8 . . . X X X O
    //  7 . . . X X X O
    //  6 X X X X X X O
    //  5 O O O O O O O
    const pos = board(["...X.XO..", "...XXXO..", "...XXXO..", "XXXXXXO..", "OOOOOOO..", ".........", ".........", ".........", "........."]);
    expect(bensonAlive(pos, 1, preset("japanese")).has(at(pos, "D9"))).toBe(false);
    // (30,000 moves tried: the search that plays the corner out needs about 45,000)
    const life = aliveByEyeRegions(pos, 1, preset("japanese"), blackStones(pos), { positions: 30_000, deadline: performance.now() + 20_000 });
    expect(life.alive.has(at(pos, "D9"))).toBe(true);
    expect(life.regions.map((r) => r.points.length).sort((a, b) => a - b)).toEqual([1, 9]);
  });
});
