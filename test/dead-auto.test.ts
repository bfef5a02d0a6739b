// `referee --dead auto` on a whole 19x19 record: the disputed group is settled by prove-by-capture
// under the rule set's procedure, removed when dead, and the count follows.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { readSgf } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { referee, playRecord, deadStones, decide, type RefereeOptions } from "../src/rules/referee.js";
import { preset } from "../src/ruleset/ruleset.js";
import { refereeRecord } from "../src/api/operations.js";
import { sources } from "../src/simulate/corpus.js";
import { existsSync } from "node:fs";
import { widen, localRegion, askLocal, raceRegion, settleDisputes } from "../src/prove/disputes.js";
import { positionAfter } from "../src/prove/position.js";
import { Game } from "../src/core/game.js";
import { connected } from "../src/core/grid.js";
import { indexToGtp } from "../src/core/coords.js";

/** The referee's steps with the prover settling --dead auto, as src/api composes them. */
const refereeAuto = (record: GameRecord, opts: RefereeOptions) => {
  const played = playRecord(record, opts);
  return decide(played, opts, deadStones(played, opts, settleDisputes));
};

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
      const r = refereeAuto(squareFourOn19(), { rules: preset(name), rulesFrom: "option", dead: "auto", komiGiven: true });
      const white = r.disputes?.find((d) => d.colour === "W");
      expect(white?.status).toBe("dead");
      expect(white?.by).toBe("proof");
      // the five White stones (C9 C8 A7 B7 C7 of the 9x9 diagram) are, on 19x19, in rows 17-19
      expect([...r.dead].sort()).toEqual(["A17", "B17", "C17", "C18", "C19"]);
      // everything is Black's then: 7 stones + 354 empty points (area) on an otherwise empty board
      if (r.score?.method === "area") expect(r.score.black).toBe(361);
    });
  }

  it("tromp-taylor removes nothing: every stone counts as it stands", () => {
    const r = refereeAuto(squareFourOn19(), { rules: preset("tromp-taylor"), rulesFrom: "option", dead: "auto", komiGiven: true });
    expect(r.dead).toEqual([]);
    expect(r.deadIgnored).toBeDefined();
  });

  it("the rules alone do not prove: --dead auto without a settlement passed in names what is missing", () => {
    expect(() => referee(squareFourOn19(), { rules: preset("chinese"), rulesFrom: "option", dead: "auto", komiGiven: true }))
      .toThrow(/no prover was given/);
  });
});

describe("--dead auto lists every group", () => {
  // 9x9, drawn by hand: Black's wall is unconditionally alive (one-point eyes A9, C9, F2, H2,
  // D1, G1) and encloses a White stone at G5 in a 3x3 territory; White lives on the left with the
  // one-point eyes A4, C4, A2 and A1... (A2 and A1 are one two-point eye), Benson-alive too.
  //   A B C D E F G H J
  // 9 . X . X X X X X X
  // 8 X X X X X X X X X
  // 7 . . . X X X X X X
  // 6 . . . X X . . . X
  // 5 O O O X X . O . X     <- White's lone stone at G5, inside Black's territory
  // 4 . O . O X . . . X
  // 3 O O O O X X X X X
  // 2 . O X X X . X . X
  // 1 O O X . X X . X X
  const rows = [
    ".X.XXXXXX",
    "XXXXXXXXX",
    "...XXXXXX",
    "...XX...X",
    "OOOXX.O.X",
    ".O.OX...X",
    "OOOOXXXXX",
    ".OXXX.X.X",
    "OOX.XX.XX",
  ];
  const setup = new Uint8Array(81);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { setup[y * 9 + x] = ch === "X" ? 1 : ch === "O" ? 2 : 0; }));
  const record: GameRecord = { width: 9, height: 9, komi: 0, rules: null, handicap: 0, toMove: "B", setup, index: 1,
    result: null, moves: [{ color: "B", x: null, y: null, raw: "", offBoard: false }, { color: "W", x: null, y: null, raw: "", offBoard: false }] };

  it("the lone stone in Black's territory is proven dead; every string is in some group", () => {
    const r = refereeAuto(record, { rules: preset("chinese"), rulesFrom: "option", dead: "auto", komiGiven: true });
    const stones = setup.reduce((t, c) => t + (c ? 1 : 0), 0);
    expect(r.disputes!.reduce((t, d) => t + d.stones, 0)).toBe(stones);
    const g5 = r.disputes!.find((d) => d.target.includes("G5"))!;
    expect(g5.status).toBe("dead");
    expect(g5.by).toBe("proof");
    expect(r.dead).toEqual(["G5"]);
    // every empty point of the 3x3 territory touches Black's wall (F6 E6, G6 G7, H6 J6, F5 E5,
    // H5 J5, F4 E4, G4 G3, H4 H3): dead by fill-in after any first move, so the proof is tiny
    expect(g5.nodes).toBeLessThanOrEqual(10);
    // nothing of Black's is counted dead
    expect(r.disputes!.filter((d) => d.colour === "B").every((d) => d.counted === "alive")).toBe(true);
  });
});

describe("widen: the region one step wider after an escape", () => {
  // 5x5, drawn by hand; White (the defender) has the lone stone C3's string C5 C4 C3 and A5 is
  // the region, bordered by Black's string B5 A4 B4 (two liberties, A3 and B3):
  //   A B C D E
  // 5 . X O . .
  // 4 X X O . .
  // 3 . . O . .
  // 2 . . . . .
  // 1 . . . . .
  // The boundary string has at most four liberties, so it joins the region with them: points
  // A5 B5 A4 B4 A3 B3; no Black string is left around it; the exits are A3 (next to A2, empty
  // outside, not Black's area) and B3 (next to White's C3 and to B2).
  const rows = [".XO..", "XXO..", "..O..", ".....", "....."];
  const board = new Uint8Array(25);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { board[y * 5 + x] = ch === "X" ? 1 : ch === "O" ? 2 : 0; }));
  const at = (v: string) => (5 - Number(v.slice(1))) * 5 + "ABCDE".indexOf(v[0]);
  const region = { points: [at("A5")], boundary: new Set([at("B5"), at("A4"), at("B4")]), closedByLife: false,
    targetStones: new Set([at("C5")]), exits: new Set<number>() };
  it("takes in a boundary string short of liberties, with its liberties, and finds the new exits", () => {
    const w = widen({ width: 5, height: 5, board }, region, "W", () => false)!;
    expect(w.points).toEqual(["A5", "B5", "A4", "B4", "A3", "B3"].map(at).sort((x, y) => x - y));
    expect([...w.boundary]).toEqual([]);
    expect([...w.exits!].sort((x, y) => x - y)).toEqual([at("A3"), at("B3")].sort((x, y) => x - y));
  });
  it("the attacker's clear area next to the new points comes in whole (no one could fill a liberty left outside)", () => {
    // A2 and B2 Black's area: both join; then the exits are A2 (A1 outside), B2 (B1, C2 outside)
    // and B3 (White's C3); A3 touches only points of the region now
    const w = widen({ width: 5, height: 5, board }, region, "W", (p) => p === at("A2") || p === at("B2"))!;
    expect(w.points).toEqual(["A5", "B5", "A4", "B4", "A3", "B3", "A2", "B2"].map(at).sort((x, y) => x - y));
    expect([...w.exits!].sort((x, y) => x - y)).toEqual([at("B3"), at("A2"), at("B2")].sort((x, y) => x - y));
  });
});

// GNU Go's regression position owl.tst 44 (games/incident239.sgf before move 58): Black's A3
// group lives by taking White's C1, whose last liberties are B1 and D1; D1 is outside the
// group's region, so a region that took C1 as a safe wall "proved" the group captured.
const regression = "../shared/data/gnugo-regression/regression/games/incident239.sgf";
describe("raceRegion: two groups in a race fought in one region", () => {
  // 5x5, top rows: Black's A4 B4 C4 B5 and White's D5 D4 E4 race; White's A3 B3 C3 and Black's
  // D3 E3 close them in.
  //    A B C D E
  //  5 . X . O .
  //  4 X X X O O
  //  3 O O O X X
  //  2 O O O X X
  //  1 O O O X X
  const rows = [".X.O.", "XXXOO", "OOOXX", "OOOXX", "OOOXX"];
  const board = new Uint8Array(25);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { board[y * 5 + x] = ch === "X" ? 1 : ch === "O" ? 2 : 0; }));
  const at = (v: string) => (5 - Number(v.slice(1))) * 5 + "ABCDE".indexOf(v[0]);
  const black = ["A4", "B4", "C4", "B5"].map(at), white = ["D5", "D4", "E4"].map(at);
  // each proof's own region: the group, its liberties (C5 is shared)
  const r1 = { points: [...black, at("A5"), at("C5")], boundary: new Set(white), closedByLife: false, targetStones: new Set(black) };
  const r2 = { points: [...white, at("C5"), at("E5")], boundary: new Set(black), closedByLife: false, targetStones: new Set(white) };
  const both = raceRegion({ width: 5, height: 5, board }, r1, r2, black, white)!;
  it("holds both groups and both regions, so each may take the other", () => {
    for (const c of [1, 2]) expect(both.get(c)!.points).toEqual([...Array(10).keys()]); // the top two rows
  });
  it("is closed, for each side, by the opponent's strings outside it, and has no exits", () => {
    expect([...both.get(1)!.boundary].sort((x, y) => x - y)).toEqual([10, 11, 12, 15, 16, 17, 20, 21, 22]);
    expect([...both.get(2)!.boundary].sort((x, y) => x - y)).toEqual([13, 14, 18, 19, 23, 24]);
    expect(both.get(1)!.targetStones).toEqual(new Set(black));
    expect(both.get(1)!.exits!.size).toBe(0);
    expect(both.get(2)!.exits!.size).toBe(0);
  });
});

describe.skipIf(!existsSync(regression))("a boundary string short of liberties is no safe wall (needs ../shared/data)", () => {
  it("owl.tst 44: Black A3, Black first, is not proven captured in its local region", () => {
    const rec = readSgf(readFileSync(regression, "utf8"));
    const pos = positionAfter({ ...rec, moves: rec.moves.slice(0, 57) }, preset("chinese"));
    const at = (v: string) => (pos.height - Number(v.slice(1))) * pos.width + "ABCDEFGHJ".indexOf(v[0]);
    const target = at("A3");
    const game = new Game({ width: pos.width, height: pos.height, suicide: "forbidden", ko: "simple", toMove: "B" });
    game.setup(pos.board, "B");
    const own = game.ownership(2000, 0x9e3779b9, "B");
    const group = [...connected([target], (q) => pos.board[q] === 1, pos.width, pos.height)];
    const region = localRegion(pos, group, "B", own, "W", (p) => group.includes(p))!;
    expect(region.points).toContain(at("D1")); // C1's other liberty
    const { q } = askLocal(pos, preset("chinese"), "B", [target], region, own, "all", "B", { positions: 5e6, deadline: performance.now() + 5000 });
    expect(q.captured).not.toBe(true);
  });
});

describe("counting found wrong on real records", () => {
  const rec = (sgfText: string) => readSgf(sgfText);
  // 5x5, two handicap stones and nothing else: Black has all 25 points (area), 23 (territory)
  const handicap2 = "(;GM[1]SZ[5]HA[2]KM[0.5]AB[bb][dd];W[];B[])";

  it("area counting gives White N points for N handicap stones under chinese", () => {
    const r = refereeRecord(rec(handicap2), { rules: "chinese" });
    expect(r.score!.white).toBe(2);
    expect(r.result).toBe("B+22.5"); // 25 - 2 - 0.5
  });

  it("the handicapBonus knob takes none, n or n-1 only", () => {
    expect(() => refereeRecord(rec(handicap2), { rules: "chinese", handicapBonus: "2" })).toThrow(/handicapBonus: use one of none, n, n-1/);
    expect(refereeRecord(rec(handicap2), { rules: "chinese", handicapBonus: "none" }).result).toBe("B+24.5");
  });

  it("aga gives N-1; nz nothing (White's n-1 passes of its handicap are worth nothing in area counting)", () => {
    expect(refereeRecord(rec(handicap2), { rules: "aga" }).score!.breakdown.handicapBonus).toBe(1);
    const nz = refereeRecord(rec(handicap2), { rules: "nz" });
    expect(nz.score!.breakdown.handicapBonus).toBeUndefined();
    expect(nz.result).toBe("B+24.5"); // 25 - 0.5
  });

  it("territory counting gives nothing for handicap stones", () => {
    const r = refereeRecord(rec(handicap2), { rules: "japanese" });
    expect(r.score!.breakdown.handicapBonus).toBeUndefined();
    expect(r.result).toBe("B+22.5"); // 23 points of territory - 0.5
  });

  it("Fox's scaled komi is read as such and said", () => {
    for (const [km, k] of [["750", 7.5], ["375", 7.5], ["650", 6.5], ["550", 5.5], ["350", 7], ["275", 5.5]] as const) {
      const r = refereeRecord(rec(`(;GM[1]SZ[19]KM[${km}];B[dd];W[];B[])`), {});
      expect(r.rules.komi).toBe(k);
      expect(r.notes.join(" ")).toMatch(/scaled komi/);
    }
    expect(refereeRecord(rec("(;GM[1]SZ[19]KM[6.5];B[dd];W[];B[])"), {}).notes).toEqual([]);
  });

  it("a record that stops in play has no counted result", () => {
    const r = refereeRecord(rec("(;GM[1]SZ[9]KM[7];B[ee])"), { rules: "chinese" });
    expect(r.end.reason).toBe("record-ended");
    expect(r.result).toBe("?");
    expect(r.decidedBy).toBe("record-ended");
    // the players' own count stands where the record has one
    expect(refereeRecord(rec("(;GM[1]SZ[9]KM[7]RE[B+3];B[ee])"), { rules: "chinese" }).decidedBy).toBe("count");
  });

  it("--dead under a rule set that keeps every stone says it is not applied", () => {
    const r = refereeRecord(rec("(;GM[1]SZ[9];B[ee];W[dd];B[];W[])"), { dead: "D6" });
    expect(r.rules.name).toBe("tromp-taylor");
    expect(r.dead).toEqual([]);
    expect(r.notes.join(" ")).toMatch(/not applied/);
  });
});

// Real finished games (../shared/data/kgs-6d): the players' recorded result, and GNU Go 3.8's
// `final_status_list dead` for the same positions (J17 and M14; C12 D12 K6 B4 B3).
const kgs = "../shared/data/kgs-6d/KGS-2006-19-10388-.tar.gz";
const kgs2015 = "../shared/data/kgs-6d/KGS-2015-19-8133-.tar.gz";
describe.skipIf(!existsSync(kgs))("--dead auto on real KGS games (needs ../shared/data)", () => {
  const load = async (tarball: string, name: string) => {
    for await (const s of sources([tarball])) if (s.kind === "item" && s.file.endsWith(name)) return readSgf(s.text);
    throw new Error(`${name} not found in ${tarball}`);
  };
  it("2015-02-04-28: J17 and M14 are proven dead and the recorded B+0.50 follows", async () => {
    const r = refereeRecord(await load(kgs2015, "2015-02-04-28.sgf"), { dead: "auto" });
    expect(r.dead).toEqual(expect.arrayContaining(["J17", "M14"]));
    for (const v of ["J17", "M14"]) expect(r.disputes!.find((d) => d.target.includes(v))?.by).toBe("proof");
    expect(r.result).toBe("B+0.5");
  }, 60_000);
  it("2015-09-29-16: White's P8 Q8, which Black moving first takes inside Black's R11 group, do not give R11 life (GNU Go and the players count R11 dead); the recorded B+5.50 follows", async () => {
    const r = refereeRecord(await load(kgs2015, "2015-09-29-16.sgf"), { dead: "auto" });
    expect(r.disputes!.find((d) => d.target.includes("R11"))?.counted).toBe("dead");
    expect(r.dead).toEqual(expect.arrayContaining(["R11", "S12", "T11"]));
    expect(r.result).toBe("B+5.5");
  }, 60_000);
  it("2015-06-15-1: Black's M19 N19 (liberties L19, N18, O19), Black moving first, join K19 L18 by L19: alive by proof, not a string lost because its ways out were barred", async () => {
    const r = refereeRecord(await load(kgs2015, "2015-06-15-1.sgf"), { dead: "auto" });
    const d = r.disputes!.find((x) => x.target.length === 1 && x.target[0] === "M19")!;
    expect(d.firstToMove).toBe("B");
    expect(d.status).toBe("alive");
    expect(d.by).toBe("proof");
    expect(d.line[0]).toBe("B L19");
  }, 60_000);
  it("2006-05-23-1: Black's H10 and J9 (two strings, White moving first) live: White's H9 is taken by B G9, and after W J10 B H9 joins both to H8 (alive by proof, though barred from G9 in its own area a string is lost)", async () => {
    const r = refereeRecord(await load(kgs, "2006-05-23-1.sgf"), { dead: "auto" });
    const d = r.disputes!.find((x) => x.target.includes("H10"))!;
    expect(d.target).toEqual(["H10", "J9"]);
    expect(d.firstToMove).toBe("W");
    expect(d.status).toBe("alive");
    expect(d.by).toBe("proof");
    expect(r.dead).not.toContain("H10");
  }, 60_000);
  it("2006-02-01-11 (NZ, 3 handicap stones): no compensation for White, and the recorded B+25 follows", async () => {
    const r = refereeRecord(await load(kgs, "2006-02-01-11.sgf"), { dead: "auto" });
    expect(r.rules.name).toBe("nz");
    expect(r.score!.breakdown.handicapBonus).toBeUndefined();
    expect(r.result).toBe("B+25");
  }, 60_000);
  it("2015-04-14-35: Q13 must be filled (Black's P13 string has the dame L9 and K6 besides it), and the recorded W+1.50 follows", async () => {
    const r = refereeRecord(await load(kgs2015, "2015-04-14-35.sgf"), { dead: "auto" });
    expect(r.score!.breakdown.territory!.fillPoints.map((p) => indexToGtp(p, 19, 19))).toContain("Q13");
    expect(r.result).toBe("W+1.5");
  }, 60_000);
  it("2017-01-07-2 with the players' marks: J19 must be filled (the dame G19 ataris White), and the recorded W+15.50 follows", async () => {
    const r = refereeRecord(await load("../shared/data/kgs-6d/KGS-2017_01-19-733-.tar.gz", "2017-01-07-2.sgf"), { dead: "sgf" });
    expect(r.score!.breakdown.territory!.fillPoints).toEqual([8]); // J19: top row, ninth column
    expect(r.result).toBe("W+15.5");
  }, 60_000);
  it("2006-07-05-1: two groups in a race are not both dead; GNU Go's E19 F19 F18 G17 are, and the recorded B+18.50 follows", async () => {
    const r = refereeRecord(await load(kgs, "2006-07-05-1.sgf"), { dead: "auto" });
    expect(r.dead).toEqual(expect.arrayContaining(["E19", "F19", "F18", "G17"]));
    expect(r.dead).not.toContain("J19");
    expect(r.result).toBe("B+18.5");
  }, 60_000);
  const kgs2001 = "../shared/data/kgs-6d/KGS-2001-19-2298-.tar.gz";
  const kgs2002 = "../shared/data/kgs-6d/KGS-2002-19-3646-.tar.gz";
  const kgs2003 = "../shared/data/kgs-6d/KGS-2003-19-7582-.tar.gz";
  it("2002-10-13-22: GNU Go's dead L9 J8 K7 in Black's area are proven dead (df-pn went round 500,000 times there; the proof takes a few thousand nodes)", async () => {
    const r = refereeRecord(await load(kgs2002, "2002-10-13-22.sgf"), { dead: "auto" });
    const g = r.disputes!.find((d) => d.target.includes("L9"))!;
    expect(g.status).toBe("dead");
    expect(g.by).toBe("proof");
    expect(g.nodes).toBeLessThan(20_000);
    expect(r.dead).toEqual(expect.arrayContaining(["L9", "J8", "K7"]));
    expect(r.result).toBe("W+3.5");
  }, 60_000);
  it("2001-10-24-3: with K18 K17 K16 proven dead, White's G19 group around them is counted alive (GNU Go's list), and the recorded W+29.50 follows", async () => {
    const r = refereeRecord(await load(kgs2001, "2001-10-24-3.sgf"), { dead: "auto" });
    expect(r.disputes!.find((d) => d.target.includes("K18"))?.status).toBe("dead");
    const g19 = r.disputes!.find((d) => d.target.includes("G19"))!;
    expect(g19.counted).toBe("alive");
    expect(r.dead).not.toContain("G19");
    expect(r.result).toBe("W+29.5");
  }, 60_000);
  it("2003-08-06-15: Black's B5 stones live by joining the group at B7, proven alive (GNU Go counts B5 alive); the recorded B+6.50 follows", async () => {
    const r = refereeRecord(await load(kgs2003, "2003-08-06-15.sgf"), { dead: "auto" });
    const b5 = r.disputes!.find((d) => d.target.includes("B5"))!;
    expect(b5.status).toBe("alive");
    expect(b5.by).toBe("proof");
    // settled with the string B7 C7 D7 C6 that B6 joins it to: in one group with it, or by joining it
    if (!b5.target.some((t) => ["B11", "D8"].includes(t))) expect(b5.reason).toMatch(/joining its own living stones \((B7|C7|D7|C6)\)/);
    expect(r.disputes!.find((d) => d.target.some((t) => ["B7", "B11", "D8"].includes(t)))?.status).toBe("alive");
    expect(r.result).toBe("B+6.5");
  }, 60_000);
  it("2017-06-23-34: White's L19 group, alive for the players and GNU Go, is not proven dead by Black's K11 saving its stones thought dead through the region's edge; the recorded B+1.50 follows", async () => {
    const r = refereeRecord(await load("../shared/data/kgs-6d/KGS-2017_06-19-910-.tar.gz", "2017-06-23-34.sgf"), { dead: "auto" });
    const l19 = r.disputes!.find((d) => d.target.includes("L19"))!;
    expect(l19.status).not.toBe("dead");
    expect(l19.counted).toBe("alive");
    expect(r.dead).toEqual(expect.arrayContaining(["K12", "L12", "J11"]));
    expect(r.result).toBe("B+1.5");
  }, 60_000);
  it("2003-09-09-6: White's 18 stones at F10, alive for GNU Go, are not proven dead while Black's E11 F11 E10 inside the region keep liberties outside it; the recorded W+2.50 follows", async () => {
    const r = refereeRecord(await load(kgs2003, "2003-09-09-6.sgf"), { dead: "auto" });
    const f10 = r.disputes!.find((d) => d.target.includes("F10"))!;
    expect(f10.status).not.toBe("dead");
    expect(f10.counted).toBe("alive");
    expect(r.result).toBe("W+2.5");
  }, 60_000);
  it("2002-02-25-3: White's C17 group, alive for the players and GNU Go (its race with Black's C19 is White's), is not proven dead; the recorded W+27.50 follows", async () => {
    const r = refereeRecord(await load(kgs2002, "2002-02-25-3.sgf"), { dead: "auto" });
    const c17 = r.disputes!.find((d) => d.target.includes("C17"))!;
    expect(c17.status).not.toBe("dead");
    expect(c17.counted).toBe("alive");
    expect(r.dead).not.toContain("C17");
    expect(r.dead).toEqual(expect.arrayContaining(["C19", "B18", "B16", "A14"]));
    expect(r.result).toBe("W+27.5");
  }, 60_000);
  it("2003-12-01-8: Black's 39 stones at E13, alive for the players and GNU Go, are not proven dead while White's C9 beside them, taken as safe, can itself lose a string", async () => {
    const r = refereeRecord(await load(kgs2003, "2003-12-01-8.sgf"), { dead: "auto" });
    const e13 = r.disputes!.find((d) => d.target.includes("E13"))!;
    expect(e13.status).not.toBe("dead");
    expect(e13.counted).toBe("alive");
    expect(r.dead).not.toContain("E13");
  }, 60_000);
  it("2006-01-02-24: GNU Go's dead stones C12 D12 K6 B4 B3 are counted dead and the recorded B+1 follows", async () => {
    const r = refereeRecord(await load(kgs, "2006-01-02-24.sgf"), { dead: "auto" });
    expect(r.dead).toEqual(expect.arrayContaining(["C12", "D12", "K6", "B4", "B3"]));
    expect(r.result).toBe("B+1");
    // White's seven stones Q6 Q5 R5 S6 T6 T5 around the corner space Q7-T7 R6, alive for the
    // players and for GNU Go, are proven alive by that space alone (src/prove/eyes.ts: it keeps
    // their liberties whatever Black plays), where the local proof had lost a string of them
    const q6 = r.disputes!.find((d) => d.target.includes("Q6") || d.target.includes("S6"));
    expect(q6).toMatchObject({ status: "alive", by: "proof" });
    expect(q6!.reason).toMatch(/eye regions/);
    expect(q6!.region?.boundary).toEqual([]);
  }, 60_000);
});

describe("territory counting: points a side must fill are not territory (Japanese 1989 art. 8, as KGS counts)", () => {
  // 5x5, drawn by hand. Black's lone stone A5 has the liberties A4 (in Black's area) and the dame
  // B5. If White fills B5, A5 is in atari and Black must connect at A4; but Black can fill B5
  // itself as the dame are filled: its stone joins A5 to the B4 string, which keeps A4 and A2.
  // KGS counts such a point as territory (measured: 7 of the 11 points of this kind in 896 KGS
  // records with territory marks, and 5 of 15 games that differed by a point), so A4 stays
  // Black's: Black has A4 and A2; White the ten points of columns D and E.
  //   A B C D E
  // 5 X . O . .
  // 4 . X O . .
  // 3 X X O . .
  // 2 . X O . .
  // 1 X X O . .
  // The case where the side cannot fill the dame itself (its stone there would be in atari) is
  // 2017-01-07-2 above: J19, which White must fill once Black plays G19.
  const sgfText = "(;GM[1]SZ[5]KM[0]RU[Japanese]AB[aa][bb][ac][bc][bd][ae][be]AW[ca][cb][cc][cd][ce];B[];W[])";
  it("A4 is not a point Black must fill when Black can take the dame B5 itself: Black 2, White 10", () => {
    const r = refereeRecord(readSgf(sgfText), {});
    expect(r.score!.black).toBe(2);
    expect(r.score!.white).toBe(10);
    expect(r.score!.breakdown.territory!.fillPoints).toEqual([]);
    expect(r.result).toBe("W+8");
  });
});

describe("points a side must fill: a string with two dame", () => {
  // Black's C9 C8 has three liberties: the dame B9 and D9 (each between it and White) and C7,
  // Black's eye next to the living wall. Filling either dame gains Black nothing (the stone
  // there touches only White), so White fills both and Black must connect at C7: C7 is not
  // Black's territory (Japanese 1989 art. 8 commentary; KGS 2015-04-14-35, Q13 by the dame L9
  // and K6). Black: C5 D5 C4 D4 C3 D3 = 6. White: F6-F9, columns G H J = 4 + 27 = 31.
  //   A B C D E F G H J
  // 9 O . X . O . . . .
  // 8 O O X O O . . . .
  // 7 O X . X O . . . .
  // 6 O X X X O . . . .
  // 5 O X . . X O . . .
  // 4 O X . . X O . . .
  // 3 O X . . X O . . .
  // 2 O X X X X O . . .
  // 1 O O O O O O . . .
  const t = "(;GM[1]SZ[9]KM[0]RU[Japanese]AB[ca][cb][bc][dc][bd][cd][dd][be][ee][bf][ef][bg][eg][bh][ch][dh][eh]" +
    "AW[aa][ab][ac][ad][ae][af][ag][ah][ai][bb][db][ea][eb][ec][ed][bi][ci][di][ei][fi][fh][fg][ff][fe];B[];W[])";
  it("C7 must be filled: Black 6, White 31", () => {
    const r = refereeRecord(readSgf(t), {});
    expect(r.score!.breakdown.territory!.fillPoints).toEqual([2 * 9 + 2]); // C7
    expect(r.score!.black).toBe(6);
    expect(r.score!.white).toBe(31);
    expect(r.result).toBe("W+25");
  });
});

describe("points a side must fill: a string in atari in its own area", () => {
  // Black's C4 has one liberty, B4, inside Black's area: White takes it by playing B4 (the
  // capture makes White's stone legal), so Black must connect at B4, which is no one's.
  // Black: A5, A2, A1 = 3 (B4 filled). White: E5-E1, D2, D1 = 7. W+4 (W+3 counting B4).
  //   A B C D E
  // 5 . X O O .
  // 4 X . X O .
  // 3 X X O O .
  // 2 . X O . .
  // 1 . X O . .
  it("B4 must be filled: Black 3, White 7", () => {
    const r = refereeRecord(readSgf("(;GM[1]SZ[5]KM[0]RU[Japanese]AB[ba][ab][cb][ac][bc][bd][be]AW[ca][da][db][cc][dc][cd][ce];B[];W[])"), {});
    expect(r.score!.breakdown.territory!.fillPoints).toEqual([1 * 5 + 1]); // B4
    expect([r.score!.black, r.score!.white]).toEqual([3, 7]);
    expect(r.result).toBe("W+4");
  });
});

describe("--dead sgf: the players' marks", () => {
  // the 9x9 position of "--dead auto lists every group", with KGS-style marks: Black's territory
  // (TB) over the 3x3 area that holds White's stone G5
  const rows = [".X.XXXXXX", "XXXXXXXXX", "...XXXXXX", "...XX...X", "OOOXX.O.X", ".O.OX...X", "OOOOXXXXX", ".OXXX.X.X", "OOX.XX.XX"];
  const pt = (x: number, y: number) => `[${String.fromCharCode(97 + x)}${String.fromCharCode(97 + y)}]`;
  const all = (ch: string) => rows.flatMap((r, y) => [...r].map((c, x) => (c === ch ? pt(x, y) : ""))).join("");
  const territory = [[5, 3], [6, 3], [7, 3], [5, 4], [6, 4], [7, 4], [5, 5], [6, 5], [7, 5]].map(([x, y]) => pt(x, y)).join("");
  const game = (marks: string) => readSgf(`(;GM[1]SZ[9]KM[0]RU[Chinese]AB${all("X")}AW${all("O")};B[];W[]${marks})`);

  it("stones on the other side's territory marks are dead", () => {
    const r = refereeRecord(game(`TB${territory}`), { dead: "sgf" });
    expect(r.dead).toEqual(["G5"]);
  });

  it("with --dead auto, each group says what the players agreed, and a contradiction is named", () => {
    // the players also (wrongly) mark Black's unconditionally alive wall dead at B9
    const r = refereeRecord(game(`TB${territory}TW[ba]`), { dead: "auto" });
    const g5 = r.disputes!.find((d) => d.target.includes("G5"))!;
    expect(g5.agreed).toBe("dead");
    const wall = r.disputes!.find((d) => d.target.includes("B9"))!;
    expect(wall.by).toBe("benson");
    expect(wall.agreed).toBe("dead");
    expect(wall.reason).toMatch(/the players agreed it dead; Benson shows it alive/);
    expect(r.dead).not.toContain("B9");
  });

  it("refuses a record without marks, and a broken mark, naming why", () => {
    expect(() => refereeRecord(game(""), { dead: "sgf" })).toThrow(/marks no dead stones/);
    expect(() => refereeRecord(game("TB[zz]"), { dead: "sgf" })).toThrow(/--dead sgf: .*TB\[zz\]/);
    // the broken mark spoils only --dead sgf
    expect(refereeRecord(game("TB[zz]"), {}).result).toBeDefined();
  });
});
