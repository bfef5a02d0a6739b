// Counting (src/scoring/): every method of RULES.md on small hand-worked positions, then random
// checks of the equivalences RULES.md states. Every expected number below was worked out by hand
// from the rules, in the comment beside it, not taken from the program.
// Diagrams: rows top to bottom, `X` Black, `O` White, `.` empty. A point (x, y) counts x from the
// left and y from the top, both from 0; its index is y·width + x. GTP vertices have row 1 at the
// bottom.
import { describe, it, expect } from "vitest";
import { parseDiagram } from "./helpers/diagram.js";
import { countFinal, countArea, resultOf, factsFromMoves, type CountFacts, type FinalPosition,
  type MoveFact, type Score } from "../src/scoring/count.js";
import { analyse, owners, neighbours } from "../src/scoring/board.js";
import { lazinessCheck } from "../src/scoring/newIng.js";
import { preset, withKnobs, type RuleSet } from "../src/ruleset/ruleset.js";
import { Game } from "../src/core/game.js";
import { fromGtp, indexToGtp } from "../src/core/coords.js";
import { other, type Color } from "../src/core/codes.js";
import { referee } from "../src/rules/referee.js";
import type { GameRecord } from "../src/sgf/read.js";
import { mulberry32 } from "../bench/sabaki-playout.js"; // the same generator as the benchmarks

function position(diagram: string, dead: string[] = []): FinalPosition {
  const d = parseDiagram(diagram);
  return { width: d.width, height: d.height, board: d.stones,
    dead: dead.map((v) => { const p = fromGtp(v, d.width, d.height); return p.y * d.width + p.x; }) };
}

const idx = (p: FinalPosition, x: number, y: number) => y * p.width + x;

function count(p: FinalPosition, rules: string | RuleSet, facts: CountFacts = {}): Score {
  return countFinal(p, typeof rules === "string" ? preset(rules) : rules, facts);
}

function result(p: FinalPosition, rules: string | RuleSet, facts: CountFacts = {}): string {
  const r = typeof rules === "string" ? preset(rules) : rules;
  return resultOf(countFinal(p, r, facts), r.tie);
}

// A seki between the two middle strings, on an 11x3 board (33 points; columns A..H, J..L).
//   Black left (A2, B3, B2, B1: 4 stones) has two eyes, A3 and A1.
//   White right (K3, K2, K1, L2: 4 stones) has two eyes, L3 and L1.
//   White middle (C3 C2 C1 D2 D1 E3 E2 E1: 8 stones) has one eye, D3.
//   Black middle (F1 G3 G2 G1 H2 H1 J3 J2 J1: 9 stones) has one eye, H3.
//   The two middle strings share the liberties F3 and F2. Whoever fills the second of them is
//   left with one liberty (its eye) and is captured; filling the first gains nothing: seki.
// Black stones 4 + 9 = 13, White 8 + 4 = 12, empty 8: 13 + 12 + 8 = 33.
const SEKI = `
  . X O . O . X . X O .
  X X O O O . X X X O O
  . X O O O X X X X O .`;

describe("area counting (ing 1.7, RULES.md 5)", () => {
  it("seki: shared points split (chinese), nobody's (tromp-taylor)", () => {
    const p = position(SEKI);
    // By region: A3, A1, H3 are regions touching Black only (3); L3, L1, D3 White only (3);
    // {F3, F2} touches both: 2 shared. chinese splits them: B = 13 + 3 + 1 = 17, W = 12 + 3 + 1 = 16.
    const c = count(p, "chinese");
    expect([c.black, c.white, c.shared]).toEqual([17, 16, 2]);
    expect(c.breakdown).toMatchObject({ blackStones: 13, whiteStones: 12, blackEmpty: 3, whiteEmpty: 3, neutral: 0, sharedEach: 1 });
    // 17 − 16 − 7.5 = −6.5
    expect(result(p, "chinese")).toBe("W+6.5");
    // tromp-taylor: the 2 shared points are nobody's: B = 16, W = 15; 16 − 15 − 7.5 = −6.5
    const t = count(p, "tromp-taylor");
    expect([t.black, t.white, t.shared, t.breakdown.sharedEach]).toEqual([16, 15, 2, 0]);
    expect(result(p, "tromp-taylor")).toBe("W+6.5");
    // countArea (the referee's old entry) is the same count
    expect(countArea(p, preset("chinese")).black).toBe(17);
  });

  it("region and point counting differ", () => {
    // 5x4 = 20 points. Black B1..B4 (4 stones); White D3, D2 (2 stones).
    //   Column A (4 points) touches Black only: Black's either way.
    //   The other 10 empty points form one region touching both colours:
    //     adjacent to Black only: C4 (2,0), C1 (2,3)                         → 2
    //     adjacent to White only: D4 (3,0), E3 (4,1), E2 (4,2), D1 (3,3)    → 4
    //     adjacent to both:       C3 (2,1), C2 (2,2)                         → 2
    //     adjacent to no stone:   E4 (4,0), E1 (4,3)                         → 2
    const p = position(`
      . X . . .
      . X . O .
      . X . O .
      . X . . .`);
    // by region (chinese): the 10 are shared: B = 4 + 4 + 5 = 13, W = 2 + 5 = 7; 13 − 7 − 7.5 = −1.5
    const r = count(p, "chinese");
    expect([r.black, r.white, r.shared]).toEqual([13, 7, 10]);
    expect(result(p, "chinese")).toBe("W+1.5");
    // by point (RULES.md 0): one-colour points to their colour, the other 4 shared:
    // B = 4 + 4 + 2 + 2 = 12, W = 2 + 4 + 2 = 8; 12 − 8 − 7.5 = −3.5
    const byPoint = withKnobs(preset("chinese"), { emptyCount: "point" });
    const q = count(p, byPoint);
    expect([q.black, q.white, q.shared]).toEqual([12, 8, 4]);
    expect(result(p, byPoint)).toBe("W+3.5");
    // tromp-taylor: B = 4 + 4 = 8, W = 2, 10 nobody's; 8 − 2 − 7.5 = −1.5
    const t = count(p, "tromp-taylor");
    expect([t.black, t.white]).toEqual([8, 2]);
    expect(result(p, "tromp-taylor")).toBe("W+1.5");
  });

  it("Ing: fill-in view on the seki board", () => {
    // 33 points: 16 stones each. Black: 13 on the board, 3 in the bowl; it fills A3, A1, H3 and
    // one of the two shared points (各填其半): 4 points, 1 left empty (勝空). White: 12 on the
    // board, 4 in the bowl, fills L3, L1, D3 + one shared: nothing left. Margin 1 = 17 − 16.
    const s = count(position(SEKI), "ing");
    expect([s.black, s.white]).toEqual([17, 16]);
    expect(s.breakdown.fillIn).toMatchObject({
      stonesEach: 16, sharedFilledEach: 1, sharedUnfilled: 0,
      black: { stonesOnBoard: 13, bowl: 3, toFill: 4, leftoverEmpty: 1, leftoverStones: 0 },
      white: { stonesOnBoard: 12, bowl: 4, toFill: 4, leftoverEmpty: 0, leftoverStones: 0 },
      emptyLeft: { black: 1, white: 0 }, margin: 1, komiStones: 4, agrees: true,
    });
    // 17 − 16 − 8 = −7
    expect(result(position(SEKI), "ing")).toBe("W+7");
  });
});

// 19x19 boards for Ing's tie and New Ing's threshold. Black owns x ≤ c on each row, White x > c:
// Black wall at x = c, White wall at x = c + 1; c = 9 on rows 0..12 and c = 8 on rows 13..18 (the
// walls step by one, so no empty point touches both). Black has 13·10 + 6·9 = 184 points, White
// 361 − 184 = 177. TIE is the same board with White's stone on row 0 moved from x = 10 to x = 11:
// (10, 0) is an empty point between X (9,0), O (11,0) and O (10,1): one shared point. Black keeps
// 184 whole points, White 176, and each gets half the shared one: 184½ and 176½.
const ROW9 = ". . . . . . . . . X O . . . . . . . .";
const ROW8 = ". . . . . . . . X O . . . . . . . . .";
const B184 = [...Array(13).fill(ROW9), ...Array(6).fill(ROW8)].join("\n");
const B184_5 = [". . . . . . . . . X . O . . . . . . .", ...Array(12).fill(ROW9), ...Array(6).fill(ROW8)].join("\n");

describe("Ing (ing 1.7, 1.8)", () => {
  it("B − W = 8 is a tie, given to Black: B+0", () => {
    const p = position(B184_5);
    const s = count(p, "ing");
    expect([s.black, s.white, s.shared]).toEqual([184.5, 176.5, 1]);
    // fill-in: 180 each. Black: 19 stones on the board, 161 in the bowl, 165 own empty points
    // (the single shared point is filled by nobody): 4 empty points left. White: 19 stones, 161
    // in the bowl, 157 empty points: 4 stones left. The 4 負子 go into Black's 4 勝空: nothing
    // left; margin 4 stones · 2 = 8 points = komi (4 還子): a tie, Black's (ing 1.8).
    expect(s.breakdown.fillIn).toMatchObject({
      stonesEach: 180, sharedUnfilled: 1,
      black: { stonesOnBoard: 19, bowl: 161, toFill: 165, leftoverEmpty: 4, leftoverStones: 0 },
      white: { stonesOnBoard: 19, bowl: 161, toFill: 157, leftoverEmpty: 0, leftoverStones: 4 },
      emptyLeft: { black: 0, white: 0 }, margin: 8, komiStones: 4, agrees: true,
    });
    expect(result(p, "ing")).toBe("B+0");
    // the same count with a draw rule would be a draw, with a White tie rule a White win
    expect(resultOf(s, "draw")).toBe("0");
  });
});

describe("New Ing (new-ing 2.8-2.10)", () => {
  it("19x19 threshold 184¼: B = 184½ → B+0.5, B = 184 → W+0.5", () => {
    const hi = count(position(B184_5), "new-ing");
    expect([hi.black, hi.white, hi.threshold]).toEqual([184.5, 176.5, 184.25]);
    // 2·(184.5 − 184.25) = 0.5
    expect(resultOf(hi, "draw")).toBe("B+0.5");
    expect(hi.breakdown.laziness?.failed).toBe(false); // the shared point touches both colours
    const lo = count(position(B184), "new-ing");
    expect([lo.black, lo.white]).toEqual([184, 177]);
    // 184 is not > 184.25: White wins by 2·0.25 = 0.5
    expect(resultOf(lo, "draw")).toBe("W+0.5");
  });

  it("counts by point, and the seki board passes the laziness check", () => {
    // On the seki board every empty point of a two-colour region (F3, F2) is adjacent to both
    // colours, so New Ing's count is the split area count: B = 17, W = 16, all 33 points counted.
    // Threshold (33 + 7.5)/2 = 20.25; 17 < 20.25: White by 2·3.25 = 6.5 (B + W = 33, so this is
    // also B − W − 7.5 = −6.5).
    const s = count(position(SEKI), "new-ing");
    expect([s.black, s.white, s.threshold]).toEqual([17, 16, 20.25]);
    expect(s.breakdown.laziness).toEqual({ failed: false, points: [], against: null });
    expect(resultOf(s, "draw")).toBe("W+6.5");
  });

  it("a laziness failure (荒空), and nobody's points", () => {
    // The 5x4 board of "region and point counting differ". By point (new-ing 2.9): Black 4 stones
    // + column A 4 + C4, C1 (2) + half of C3, C2 (1) = 11; White 2 + D4, E3, E2, D1 (4) + 1 = 7;
    // E4, E1 (adjacent to no stone, in a two-colour region) are nobody's: 11 + 7 + 2 = 20.
    // The region touches both colours and has points adjacent to one colour only (C4, C1, D4,
    // E3, E2, D1) and to none (E4, E1): the laziness check fails, against the one who asked to
    // end (White here).
    const p = position(`
      . X . . .
      . X . O .
      . X . O .
      . X . . .`);
    const s = count(p, "new-ing", { askedToEnd: "W" });
    expect([s.black, s.white, s.shared, s.breakdown.neutral]).toEqual([11, 7, 2, 2]);
    const pts = [[2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [2, 3], [3, 3], [4, 3]].map(([x, y]) => idx(p, x, y));
    expect(s.breakdown.laziness).toEqual({ failed: true, points: pts, against: "W" });
    // threshold (20 + 7.5)/2 = 13.75; 11 < 13.75: W by 5.5. (B − W − 7.5 would say W+3.5: the two
    // nobody's points make the komi form wrong, which is why the result uses the threshold.)
    expect(s.threshold).toBe(13.75);
    expect(resultOf(s, "draw")).toBe("W+5.5");
  });
});

describe("Zhang (zhang 3.6-3.8)", () => {
  it("shared liberties split; a point adjacent to no stone is nobody's", () => {
    // The same 5x4 board: Black 4 stones + its liberties A4..A1 (4), C4, C1 (2) + half of the
    // shared liberties C3, C2 (1) = 11; White 2 + D4, E3, E2, D1 (4) + 1 = 7; E4, E1 nobody's.
    // 11 − 7 − 6.5 = −2.5
    const p = position(`
      . X . . .
      . X . O .
      . X . O .
      . X . . .`);
    const s = count(p, "zhang");
    expect([s.black, s.white, s.shared, s.breakdown.neutral, s.komi]).toEqual([11, 7, 2, 2, 6.5]);
    expect(result(p, "zhang")).toBe("W+2.5");
  });

  it("inside a territory, points that are no liberty are nobody's; dead stones are not removed", () => {
    // 5x5. Black's corner region A5 B5 C5 A4 B4 C4 (6 points) touches Black only; but A5 (0,0) and
    // B5 (1,0) are adjacent to no stone: nobody's under Zhang (literal 3.7). Black: 6 stones + 4
    // liberties = 10. White: 8 stones + row 1's 5 liberties = 13. 10 + 13 + 2 = 25.
    // 10 − 13 − 6.5 = −9.5.
    const diagram = `
      . . . X O
      . . . X O
      X X X X O
      O O O O O
      . . . . .`;
    const s = count(position(diagram), "zhang");
    expect([s.black, s.white, s.breakdown.neutral]).toEqual([10, 13, 2]);
    expect(result(position(diagram), "zhang")).toBe("W+9.5");
    // New Ing counts the whole region (实空): B = 6 + 6 = 12, W = 13; threshold (25 + 7.5)/2 =
    // 16.25: W by 2·4.25 = 8.5
    const n = count(position(diagram), "new-ing");
    expect([n.black, n.white]).toEqual([12, 13]);
    expect(resultOf(n, "draw")).toBe("W+8.5");
    // a stone listed dead stays on the board under Zhang (and is reported)
    const d = count(position(diagram, ["D5"]), "zhang");
    expect([d.black, d.white, d.breakdown.deadIgnored]).toEqual([10, 13, 1]);
  });
});

describe("territory (RULES.md 5 japanese, korean)", () => {
  it("territory + prisoners, dead stones as prisoners", () => {
    // 5x5. White B4 (1,1) is dead inside Black's corner. After removing it Black's region A5 B5
    // A4 B4 A3 B3 is 6 points; White's column E is 5. Prisoners taken in play: Black 2, White 1.
    // Black: 6 + 2 + 1 (the dead White stone) = 9; White: 5 + 1 = 6. 9 − 6 − 6.5 = −3.5.
    const p = position(`
      . . X O .
      . O X O .
      . . X O .
      X X X O .
      O O O O .`, ["B4"]);
    const facts = { prisoners: { black: 2, white: 1 } };
    const s = count(p, "japanese", facts);
    expect([s.black, s.white]).toEqual([9, 6]);
    expect(s.breakdown.territory).toEqual({ prisoners: { black: 3, white: 1 }, captured: { black: 2, white: 1 },
      prisonersKnown: true, sekiPoints: 0, fillPoints: [] });
    expect(result(p, "japanese", facts)).toBe("W+3.5");
    expect(result(p, "korean", facts)).toBe("W+3.5");
  });

  it("no points in seki", () => {
    // The seki board. Territory: Black A3, A1 (bordered by Black's two-eyed group) = 2; White L3,
    // L1 = 2; the shared liberties F3, F2 are dame. The eyes D3 (White's) and H3 (Black's) belong
    // to the strings in seki: listed as seki (any stone of each string: C3 and G3), they count
    // for nobody. B = 2, W = 2, 2 − 2 − 6.5 = −6.5.
    const p = position(SEKI);
    const sekiStones = [idx(p, 2, 0), idx(p, 6, 0)];
    const s = count(p, "japanese", { seki: sekiStones, prisoners: { black: 0, white: 0 } });
    expect([s.black, s.white, s.shared, s.breakdown.neutral]).toEqual([2, 2, 2, 2]);
    expect(s.breakdown.territory?.sekiPoints).toBe(2);
    expect(result(p, "japanese", { seki: sekiStones })).toBe("W+6.5");
    // without the seki list the two eyes are points their sides must fill: each middle string
    // has the two dame F3 F2 beside its eye, and a stone on either dame would be in atari, so
    // the opponent fills them and the string must fill its eye (or be taken): 2 and 2 again
    const u = count(p, "japanese");
    expect([u.black, u.white]).toEqual([2, 2]);
    expect(u.breakdown.territory?.fillPoints).toEqual([idx(p, 3, 0), idx(p, 7, 0)]);
    expect(u.breakdown.territory?.prisonersKnown).toBe(false);
  });
});

describe("AGA (RULES.md 5 aga)", () => {
  it("area + komi, and the pass-stone territory view", () => {
    // The 5x5 board of the territory test. Area: Black 6 stones + 6 = 12; White 8 + 5 = 13;
    // 12 − 13 − 7.5 = −8.5. The facts are those of one game: Black placed 6 + 1 (captured) = 7
    // stones and passed 5 times: 12 turns; White placed 8 + 2 + 1 (captured, dead) = 11 and
    // passed once: 12 turns. Territory view: Black 6 + 3 prisoners + 1 pass stone = 10, White
    // 5 + 1 + 5 = 11: difference −1 = 12 − 13.
    const p = position(`
      . . X O .
      . O X O .
      . . X O .
      X X X O .
      O O O O .`, ["B4"]);
    const facts = { prisoners: { black: 2, white: 1 }, passes: { black: 5, white: 1 } };
    const s = count(p, "aga", facts);
    expect([s.black, s.white, s.komi]).toEqual([12, 13, 7.5]);
    expect(result(p, "aga", facts)).toBe("W+8.5");
    expect(s.breakdown.passStones).toEqual({
      passes: { black: 5, white: 1 }, whiteFinalPass: false,
      black: { territory: 6, prisoners: 3, passStones: 1, total: 10 },
      white: { territory: 5, prisoners: 1, passStones: 5, total: 11 },
      difference: -1, agrees: true,
    });
    // Black passed last (White 0 passes: 12 turns against 11): White's final pass is added.
    const t = count(p, "aga", { ...facts, passes: { black: 5, white: 0 } });
    expect(t.breakdown.passStones).toMatchObject({ passes: { black: 5, white: 1 }, whiteFinalPass: true, agrees: true });
  });
});

describe("Grand Rules (grand 4.5-4.7)", () => {
  // 5x3 = 15. Black 5 stones, White 3; column A is Black's (3), column E White's (3); C3 (2,0)
  // is adjacent to B3 and C2 (Black) and D3 (White): a dame.
  const DAME = `
    . X . O .
    . X X O .
    . X X O .`;

  it("by point, a named one-sided point, and 多下贴点", () => {
    const p = position(DAME);
    // nothing named, no moves known: B = 5 + 3 + ½ = 8.5, W = 3 + 3 + ½ = 6.5
    const plain = count(p, "grand");
    expect([plain.black, plain.white]).toEqual([8.5, 6.5]);
    expect(plain.breakdown.grand?.adjustment.known).toBe(false);
    // C3 named Black's (单方有权独占之点); Black made 5 real moves in the game phase, White 3
    // (White passed twice): Black gives 2 points — 2 of its stones come off, 2 dame split.
    // B = (5 − 2) + (3 + 1) + 2/2 = 8, W = 3 + 3 + 1 = 7; 8 − 7 − 6.5 = −5.5.
    const facts: CountFacts = { own: { black: [idx(p, 2, 0)] }, realMoves: { game: { black: 5, white: 3 } },
      prisoners: { black: 0, white: 0 } };
    const s = count(p, "grand", facts);
    expect([s.black, s.white, s.shared, s.breakdown.blackStones]).toEqual([8, 7, 2, 3]);
    expect(s.breakdown.grand?.adjustment).toEqual({ side: "B", moves: 2, black: -1, white: 1, known: true });
    expect(result(p, "grand", facts)).toBe("W+5.5");
    // 等子比目: no prisoners or dead stones to refill; Black's 目 = 4, White's 3; stones 3 each
    // after the 2 come off; the 2 points are split. 4 − 3 = 1 = 8 − 7.
    expect(s.breakdown.grand?.territoryView).toEqual({
      black: { enclosed: 4, refilled: 0, disputeGain: 0, territory: 4 },
      white: { enclosed: 3, refilled: 0, disputeGain: 0, territory: 3 },
      balance: 0, split: 2, equalStones: { black: 3, white: 3 }, difference: 1, agrees: true,
    });
  });

  it("the seki board: Black's one extra move costs half a point", () => {
    // 13 Black stones, 12 White, no captures: Black made one real move more (it played last).
    // B = (13 − 1) + 3 + (2 + 1)/2 = 16.5, W = 12 + 3 + 1.5 = 16.5; 0 − 6.5 → W+6.5
    // (without the adjustment 17 − 16 − 6.5 = −5.5).
    const p = position(SEKI);
    const s = count(p, "grand", { realMoves: { game: { black: 13, white: 12 } }, prisoners: { black: 0, white: 0 } });
    expect([s.black, s.white]).toEqual([16.5, 16.5]);
    expect(resultOf(s, "draw")).toBe("W+6.5");
    expect(resultOf(count(p, "grand"), "draw")).toBe("W+5.5");
    expect(s.breakdown.grand?.territoryView).toMatchObject({ difference: 0, equalStones: { black: 12, white: 12 }, agrees: true });
  });

  it("多下得目 in the dispute phase, with a prisoner refilled", () => {
    // The DAME board. White captured 1 Black stone. Game phase: Black 5 real moves, White 3;
    // dispute phase: Black 1, White 0 (Black placed 6 = 5 on the board + 1 captured).
    // Area: 多下贴点 n = 2 only (none in the dispute phase): B = 3 + 3 + (1 + 2)/2 = 7.5,
    // W = 3 + 3 + 1.5 = 7.5. Territory: Black refills its prisoner: 3 − 1 = 2, + 1 for 多下得目
    // = 3; White 3. Stones: Black 5 + 1 − 2 − 1 = 3, White 3. 3 − 3 = 0 = 7.5 − 7.5.
    const p = position(DAME);
    const s = count(p, "grand", { realMoves: { game: { black: 5, white: 3 }, dispute: { black: 1, white: 0 } },
      prisoners: { black: 0, white: 1 } });
    expect([s.black, s.white]).toEqual([7.5, 7.5]);
    expect(s.breakdown.grand?.territoryView).toEqual({
      black: { enclosed: 3, refilled: 1, disputeGain: 1, territory: 3 },
      white: { enclosed: 3, refilled: 0, disputeGain: 0, territory: 3 },
      balance: 0, split: 3, equalStones: { black: 3, white: 3 }, difference: 0, agrees: true,
    });
  });
});

describe("facts from the moves", () => {
  it("real moves per phase, passes, who asked to end", () => {
    const m = (color: Color, point: string, extra: Partial<MoveFact> = {}): MoveFact =>
      ({ color, point, legal: true, captures: [], selfCaptures: [], ...extra });
    const moves = [m("B", "D4"), m("W", "pass"), m("B", "C3"), m("W", "pass"), m("B", "pass"),
      m("W", "E5"), m("B", "pass"), m("W", "pass")];
    // game phase up to the first two consecutive passes (W pass, B pass): B 2, W 0;
    // dispute: W E5. Passes: B 2, W 3. The last two are passes: B asked, W agreed.
    expect(factsFromMoves(moves)).toEqual({ realMoves: { game: { black: 2, white: 0 }, dispute: { black: 0, white: 1 } },
      passes: { black: 2, white: 3 }, askedToEnd: "B" });
    // new-ing 2.4: a single-stone suicide is a null move too
    const suicide = [m("B", "D4"), m("W", "A1", { selfCaptures: ["A1"] }), m("B", "pass")];
    expect(factsFromMoves(suicide).askedToEnd).toBe("W");
    // what the referee knows better: its own game-phase count, end requester and prisoners
    const k = factsFromMoves(moves, { gamePhase: { B: 1, W: 0 }, askedToEnd: null, prisoners: { black: 1, white: 0 } });
    expect(k).toEqual({ realMoves: { game: { black: 1, white: 0 }, dispute: { black: 1, white: 1 } },
      passes: { black: 2, white: 3 }, askedToEnd: null, prisoners: { black: 1, white: 0 } });
  });
});

// ---- random checks -------------------------------------------------------------------------

const prng = mulberry32;

interface Played {
  pos: FinalPosition;
  prisoners: { black: number; white: number };
  moves: MoveFact[];
}

/** A game played from the empty board with the core: Black first, alternating, random legal
 *  plays and some passes; `whiteLast` makes White's turn the last one. Random strings are then
 *  declared dead. */
function randomGame(width: number, height: number, rnd: () => number, whiteLast: boolean): Played {
  const game = new Game({ width, height, suicide: "allowed", ko: "psk" });
  const n = width * height;
  const moves: MoveFact[] = [];
  let color: Color = "B";
  const turns = Math.floor(rnd() * n * 2);
  const passRate = rnd() * 0.3;
  for (let t = 0; t < turns || (whiteLast && color === "W"); t++) {
    let played = false;
    if (rnd() >= passRate) {
      for (let k = 0; k < 12 && !played; k++) {
        const i = Math.floor(rnd() * n);
        const a = game.play(i % width, Math.floor(i / width), color);
        if (a.ok) {
          played = true;
          const g = (j: number) => indexToGtp(j, width, height);
          moves.push({ color, point: g(i), legal: true, captures: a.captures.map(g), selfCaptures: a.selfCaptures.map(g) });
        }
      }
    }
    if (!played) {
      game.pass(color);
      moves.push({ color, point: "pass", legal: true });
    }
    color = other(color);
  }
  const board = game.board();
  const prisoners = { black: game.prisoners("B"), white: game.prisoners("W") };
  const a = analyse({ width, height, board, dead: [] });
  const dead: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (board[i] === 0 || seen.has(i)) continue;
    const string = [i];
    seen.add(i);
    for (let k = 0; k < string.length; k++) {
      for (const j of neighbours(string[k], width, height)) {
        if (a.board[j] === board[i] && !seen.has(j)) { seen.add(j); string.push(j); }
      }
    }
    if (rnd() < 0.15) dead.push(...string);
  }
  return { pos: { width, height, board, dead }, prisoners, moves };
}

const SIZES: [number, number][] = [[2, 2], [3, 3], [4, 4], [5, 5], [7, 7], [9, 9], [3, 5], [6, 4], [13, 13], [19, 19]];

describe("random checks", () => {
  it("owners agree with the core's region and point owners", () => {
    // The core's countOwners: by region = our "region"; by point (adjacency alone) = Zhang's
    // "liberty" reading.
    const rnd = prng(1);
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 20; g++) {
        const { pos } = randomGame(w, h, rnd, false);
        const board = pos.board;
        const a = analyse({ ...pos, dead: [] });
        const core = new Game({ width: w, height: h, suicide: "allowed", ko: "none" });
        core.setup(board);
        expect(Array.from(owners(a, "region"))).toEqual(Array.from(core.owners("region").owner));
        expect(Array.from(owners(a, "liberty"))).toEqual(Array.from(core.owners("point").owner));
      }
    }
  });

  it("Ing: the fill-in margin equals the area difference", () => {
    // Shown in src/scoring/area.ts: leftover_c = A_c − K − u/2, so leftover_B − leftover_W =
    // A_B − A_W whatever the position; and with every point counted (shared points split, no
    // nobody's point but on an empty board) the leftovers sum to N − 2K − u ≥ 0, so the 負子 always
    // fit into the opponent's 勝空 and the "1 point / 2 points" margin is exactly that difference.
    const rnd = prng(2);
    const ing = preset("ing");
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 30; g++) {
        const { pos } = randomGame(w, h, rnd, false);
        for (const rules of [ing, withKnobs(ing, { emptyCount: "point" })]) {
          const s = countFinal(pos, rules);
          const f = s.breakdown.fillIn!;
          expect(f.agrees).toBe(true);
          expect(f.margin).toBe(s.black - s.white);
          const leftB = f.black.leftoverEmpty - f.black.leftoverStones;
          const leftW = f.white.leftoverEmpty - f.white.leftoverStones;
          if ((w * h) % 2 === 1 && s.black + s.white === w * h) expect(leftB + leftW).toBe(1 - f.sharedUnfilled);
        }
      }
    }
  });

  it("AGA: area and the pass-stone territory view give the same difference", () => {
    // Each game is played from the empty board, Black first, one stone or one pass a turn, and
    // White has the last turn (or, when Black had it, the view adds White's final pass): both made
    // the same number of turns, P_B + passes_B = P_W + passes_W (P = stones placed). A stone
    // placed is now on the board, captured (a prisoner of the opponent, a suicide's stones
    // included: Game.prisoners counts them for the opponent) or dead (also the opponent's
    // prisoner). Both views count the same owned empty points, so area − territory view
    // = (S_B − S_W) − (prisoners_B − prisoners_W) − (passes_W − passes_B) = (P_B − P_W) −
    // (passes_W − passes_B) = 0. Seki: the territory view here counts the same owned regions as
    // the area count (a region bordered by one colour is its territory, seki or not), so a seki
    // in a random position cannot break the equality; it would break only under a territory
    // count that drops seki eyes (Japanese), which is why RULES.md states the equivalence for
    // AGA's own counting, and why the positions need not be checked for seki.
    const rnd = prng(3);
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 30; g++) {
        const whiteLast = rnd() < 0.7;
        const { pos, prisoners, moves } = randomGame(w, h, rnd, whiteLast);
        const { passes } = factsFromMoves(moves);
        const s = countFinal(pos, preset("aga"), { prisoners, passes });
        const v = s.breakdown.passStones!;
        expect(v.agrees).toBe(true);
        expect(v.difference).toBe(s.black - s.white);
        if (whiteLast) expect(v.whiteFinalPass).toBe(false);
      }
    }
  });

  it("Grand Rules: area with 多下贴点 and 等子比目 give the same difference", () => {
    // Stones placed P = on the board + captured + dead; the game phase ends at the first two
    // consecutive passes. 多下贴点 removes g_B − g_W stones from the side that played more in the
    // game phase, 多下得目 d_B − d_W in the dispute phase, so the stones left are P_c − n_c − m_c,
    // equal for both since P_B − P_W = (g_B − g_W) + (d_B − d_W). With equal stones on the board,
    // the difference of territories equals the difference of points (003 §7).
    const rnd = prng(4);
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 30; g++) {
        const { pos, prisoners, moves } = randomGame(w, h, rnd, rnd() < 0.5);
        const { realMoves } = factsFromMoves(moves);
        const s = countFinal(pos, preset("grand"), { prisoners, realMoves });
        const v = s.breakdown.grand!.territoryView!;
        expect(v.agrees).toBe(true);
        expect(v.equalStones.black).toBe(v.equalStones.white);
      }
    }
  });

  it("New Ing on positions that pass the laziness check: the split area count, komi 7.5", () => {
    // Positions are made to pass the check by filling every failing point (in a two-colour
    // region, adjacent to one colour only or to none) with a stone of a colour it touches, until
    // none is left. Then every empty point of a two-colour region is adjacent to both colours, so
    // counting by point (new-ing 2.9) and by region with sharing (chinese) give the same owners,
    // no point is nobody's, B + W = N, and B > (N + 7.5)/2 ⇔ B − W − 7.5 > 0 with margin
    // 2B − N − 7.5 = B − W − 7.5 (RULES.md 2.10).
    const rnd = prng(5);
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 20; g++) {
        const { pos } = randomGame(w, h, rnd, false);
        const board = pos.board.slice();
        for (;;) {
          const a = analyse({ ...pos, board, dead: [] });
          const lazy = lazinessCheck(a, null);
          if (!lazy.failed) break;
          for (const i of lazy.points) {
            const adj = neighbours(i, w, h).map((j) => board[j]).filter((c) => c !== 0);
            board[i] = adj.length ? adj[Math.floor(rnd() * adj.length)] : 1 + Math.floor(rnd() * 2);
            break; // one at a time: each stone changes its neighbours' adjacency
          }
        }
        const p = { ...pos, board, dead: [] };
        const n = countFinal(p, preset("new-ing"));
        const c = countFinal(p, preset("chinese"));
        expect(n.breakdown.laziness?.failed).toBe(false);
        expect([n.black, n.white]).toEqual([c.black, c.white]);
        if (c.black + c.white > 0) {
          expect(n.black + n.white).toBe(w * h);
          expect(resultOf(n, "draw")).toBe(resultOf(c, "draw"));
        }
      }
    }
  });
});

// ---- the referee's count against an independent count -----------------------------------------

/**
 * A plain area count written for this test alone (it shares no code with src/scoring): the dead
 * strings are taken off, then each empty region is found by flood fill and given to the colour it
 * touches, or marked shared (touches both) or neutral (touches none: an empty board).
 */
function plainArea(board: ArrayLike<number>, w: number, h: number, deadStones: number[]) {
  const b = Array.from(board);
  const around = (i: number): number[] => {
    const x = i % w, y = (i - x) / w, out: number[] = [];
    if (x > 0) out.push(i - 1);
    if (x + 1 < w) out.push(i + 1);
    if (y > 0) out.push(i - w);
    if (y + 1 < h) out.push(i + w);
    return out;
  };
  // each dead stone names its whole string
  for (const d of deadStones) {
    const c = b[d];
    if (c === 0) continue;
    const stack = [d];
    b[d] = 0;
    while (stack.length) for (const j of around(stack.pop()!)) if (b[j] === c) { b[j] = 0; stack.push(j); }
  }
  const out = { blackStones: 0, whiteStones: 0, blackEmpty: 0, whiteEmpty: 0, shared: 0, neutral: 0 };
  const seen = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    if (b[i] === 1) out.blackStones++;
    else if (b[i] === 2) out.whiteStones++;
    if (b[i] !== 0 || seen[i]) continue;
    let size = 0, touch = 0;
    const stack = [i];
    seen[i] = 1;
    while (stack.length) {
      const k = stack.pop()!;
      size++;
      for (const j of around(k)) {
        if (b[j] === 0) { if (!seen[j]) { seen[j] = 1; stack.push(j); } } else touch |= b[j];
      }
    }
    if (touch === 1) out.blackEmpty += size;
    else if (touch === 2) out.whiteEmpty += size;
    else if (touch === 3) out.shared += size;
    else out.neutral += size;
  }
  return out;
}

function plainResult(black: number, white: number, komi: number, tie: "draw" | "black"): string {
  const d = black - white - komi;
  return d > 0 ? `B+${d}` : d < 0 ? `W+${-d}` : tie === "black" ? "B+0" : "0";
}

function recordOfMoves(w: number, h: number, moves: (number | null)[]): GameRecord {
  return { width: w, height: h, komi: null, rules: null, handicap: 0, toMove: null, setup: new Uint8Array(w * h),
    moves: moves.map((m, i) => ({ color: i % 2 === 0 ? "B" : "W", x: m === null ? null : m % w,
      y: m === null ? null : Math.floor(m / w), raw: "", offBoard: false })),
    result: null, index: 1 };
}

/** A finished random game: Black first, alternating, stones legal under chinese knobs (suicide
 *  forbidden, positional superko) and single passes, never two passes in a row until the two
 *  that end the record. */
function finishedGame(w: number, h: number, rnd: () => number): (number | null)[] {
  const n = w * h;
  const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "psk" });
  const moves: (number | null)[] = [];
  let color: Color = "B";
  const turns = 1 + Math.floor(rnd() * n * 1.5);
  for (let t = 0; t < turns; t++) {
    const afterPass = moves.length > 0 && moves[moves.length - 1] === null;
    let played: number | null = null;
    if (t === 0 || afterPass || rnd() > 0.1) {
      for (let k = 0; k < 24 && played === null; k++) {
        const i = Math.floor(rnd() * n);
        if (game.play(i % w, Math.floor(i / w), color).ok) played = i;
      }
    }
    if (played === null) {
      if (afterPass) break; // no stone after a pass: the pass below ends the game
      game.pass(color);
    }
    moves.push(played);
    color = other(color);
  }
  return endWithTwoPasses(moves);
}

function endWithTwoPasses(moves: (number | null)[]): (number | null)[] {
  const out = moves.slice();
  while (out.length >= 1 && out[out.length - 1] === null && (out.length < 2 || out[out.length - 2] === null)) out.pop();
  if (out.length === 0 || out[out.length - 1] !== null) out.push(null);
  out.push(null);
  return out;
}

describe("random finished games: the referee's count against an independent count", () => {
  it("chinese and ing (shared split), tromp-taylor, nz and aga (shared nobody's) agree with a plain area count", () => {
    // RULES.md 1.7 and 5: chinese and ing count area by region with the shared points split, so
    // both give the plain count's B = stones + Black's regions + shared/2; tromp-taylor, nz and aga
    // (area, the shared points nobody's) give B = stones + Black's regions. Only komi and the tie
    // rule differ: 7.5 (draw), 8 (Black wins ties), 7.5, 7, 7.5. Ing's fill-in margin must equal
    // the area difference (ing 1.7). The games are played from the empty board by the core and
    // refereed as records ending in two passes, some strings given dead.
    const rnd = prng(6);
    const cases: [string, boolean][] = [["chinese", true], ["ing", true], ["tromp-taylor", false], ["nz", false], ["aga", false]];
    let games = 0;
    for (const [w, h] of SIZES) {
      for (let g = 0; g < 6; g++) {
        let moves = finishedGame(w, h, rnd);
        // Ing may refuse a play the core's superko allows (hot stones, 1A): cut the record before it
        for (;;) {
          const probe = referee(recordOfMoves(w, h, moves), { rules: preset("ing"), rulesFrom: "option", dead: "none" });
          const refused = probe.moves.find((m) => !m.legal);
          if (!refused) break;
          moves = endWithTwoPasses(moves.slice(0, refused.n - 1));
        }
        // the final board, and some strings declared dead (one stone of each names it)
        const replay = new Game({ width: w, height: h, suicide: "allowed", ko: "none" });
        moves.forEach((m, i) => {
          const c: Color = i % 2 === 0 ? "B" : "W";
          if (m === null) replay.pass(c);
          else expect(replay.play(m % w, Math.floor(m / w), c).ok).toBe(true);
        });
        const board = replay.board();
        const deadStones: number[] = [];
        const named = new Set<number>();
        for (let i = 0; i < w * h; i++) {
          if (board[i] === 0 || named.has(i)) continue;
          const string = replay.stringAt(i % w, Math.floor(i / w));
          for (const j of string) named.add(j);
          if (rnd() < 0.15) deadStones.push(i);
        }
        const removed = plainArea(board, w, h, deadStones);
        // tromp-taylor removes nothing: every stone on the board counts (deadStones: stay)
        const asItStands = plainArea(board, w, h, []);
        const dead = deadStones.map((i) => indexToGtp(i, w, h));
        for (const [name, split] of cases) {
          const rules = preset(name);
          const plain = rules.deadStones === "stay" ? asItStands : removed;
          const r = referee(recordOfMoves(w, h, moves), { rules, rulesFrom: "option", dead });
          expect(r.moves.every((m) => m.legal)).toBe(true);
          expect(r.end).toMatchObject({ reason: "two-passes", atMove: moves.length });
          const half = split ? plain.shared / 2 : 0;
          const black = plain.blackStones + plain.blackEmpty + half;
          const white = plain.whiteStones + plain.whiteEmpty + half;
          expect([r.score?.black, r.score?.white, r.score?.shared], `${name} ${w}x${h}`).toEqual([black, white, plain.shared]);
          expect(r.score?.breakdown.neutral).toBe(plain.neutral);
          expect(r.result).toBe(plainResult(black, white, rules.komi, rules.tie === "black" ? "black" : "draw"));
          if (name === "ing") expect(r.score?.breakdown.fillIn?.margin).toBe(black - white);
        }
        games++;
      }
    }
    expect(games).toBe(SIZES.length * 6);
  });
});

describe("the result's text", () => {
  // a bare count: only black, white, komi (and no penalty or threshold) make the result
  const score = (black: number, white: number, komi: number): Score =>
    ({ method: "area", black, white, komi, shared: 0, breakdown: {} } as unknown as Score);
  it("writes the margin as a number is written: whole, half and other fractions", () => {
    expect(resultOf(score(45, 30, 7.5), "draw")).toBe("B+7.5"); // 45 − 30 − 7.5
    expect(resultOf(score(30, 45, 7.5), "draw")).toBe("W+22.5"); // 30 − 45 − 7.5
    expect(resultOf(score(40.5, 40, 0), "draw")).toBe("B+0.5");
    expect(resultOf(score(40, 37, 0), "draw")).toBe("B+3");
    expect(resultOf(score(37, 40, 0), "draw")).toBe("W+3");
    expect(resultOf(score(50, 41, 6.25), "draw")).toBe("B+2.75"); // a komi of quarters
    expect(resultOf(score(361, 0, 0.5), "draw")).toBe("B+360.5");
    expect(resultOf(score(40, 40, 0), "draw")).toBe("0");
    expect(resultOf(score(40, 40, 0), "white")).toBe("W+0");
  });
});
