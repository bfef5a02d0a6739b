// Time under the seeds' rules (RULES.md 1.10): Ing's penalty points and loss on time (002 第七條
// 時限), New Ing's 违时终局 (000 第九條 3). Every figure below is worked by hand from the clause.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { readSgf } from "../src/sgf/read.js";
import { refereeRecord } from "../src/api/operations.js";
import { penaltyPoints, parseTimeControl, parseTimeUsed, ruleOnTime } from "../src/rules/time.js";

// test/fixtures/example.sgf, 9x9, KM 7.5: Black 36, White 45 by area under ing, W+16.5.
const example = () => readSgf(readFileSync("test/fixtures/example.sgf", "utf8"));
const referee = (opts: Record<string, unknown>) => refereeRecord(example(), { rules: "ing", ...opts });
/** Black's margin of a counted result: B+x is x, W+x is -x. */
const margin = (r: string) => (r.startsWith("B+") ? 1 : -1) * Number(r.slice(2));

describe("Ing's penalty-point overtime (002 §7 罰點延時)", () => {
  // base 3 h = 10800 s: 1/6 of it is 1800 s (30 min), 2/6 3600 s, 3/6 5400 s
  const base = 10800;
  it("charges 2 points once the base time is used up, 4 past 1/6 of it, 6 past 2/6", () => {
    expect(penaltyPoints(0, base)).toBe(0); // exactly the base time: not yet in overtime
    expect(penaltyPoints(1, base)).toBe(2);
    expect(penaltyPoints(1800, base)).toBe(2); // at 1/6, not past it
    expect(penaltyPoints(1801, base)).toBe(4);
    expect(penaltyPoints(3600, base)).toBe(4);
    expect(penaltyPoints(3601, base)).toBe(6);
    expect(penaltyPoints(5400, base)).toBe(6);
  });

  it("loses on time past 3/6 of the base time in overtime, not at it", () => {
    const control = parseTimeControl("10800,pp", "ing-penalty");
    expect(ruleOnTime(control, { B: 0, W: base + 5400, from: "option" }, "ing-penalty").lostOnTime).toBeNull();
    expect(ruleOnTime(control, { B: 0, W: base + 5401, from: "option" }, "ing-penalty").lostOnTime).toBe("W");
  });

  it("White 3 h 40 min and Black 2 h 50 min on a 3 h base: White pays 4 points, and the result moves 4 points Black's way", () => {
    const plain = referee({});
    const timed = referee({ time: "10800,pp", timeUsed: "B:10200,W:13200" });
    expect(timed.time!.penalty).toEqual({ B: 0, W: 4 });
    expect(timed.time!.net).toEqual({ against: "W", points: 4 });
    expect(timed.score!.penalty).toEqual({ against: "W", points: 4, stones: 2 });
    expect(timed.score!.breakdown.fillIn!.penaltyStones).toEqual({ against: "W", stones: 2 });
    expect(plain.result).toBe("W+16.5");
    expect(margin(timed.result) - margin(plain.result)).toBe(4);
    expect(timed.result).toBe("W+12.5");
    expect(timed.decidedBy).toBe("count");
  });

  it("PP is Ing's default overtime: --time 10800 alone under ing is 10800,pp", () => {
    expect(referee({ time: "10800", timeUsed: "B:10200,W:13200" }).result).toBe("W+12.5");
  });

  it("White past 3/6 (more than 90 min over a 3 h base) loses on time: B+T", () => {
    const r = referee({ time: "10800,pp", timeUsed: "B:10200,W:16201" });
    expect(r.result).toBe("B+T");
    expect(r.decidedBy).toBe("time");
    expect(r.score).toBeNull(); // DESIGN.md: no count for a game lost on time
    expect(r.time!.lines.join(" ")).toMatch(/White loses on time/);
  });

  it("both players' points offset each other: Black 2 (100 s over), White 4 (2000 s over), White pays 2", () => {
    const r = referee({ time: "10800,pp", timeUsed: "B:10900,W:12800" });
    expect(r.time!.penalty).toEqual({ B: 2, W: 4 });
    expect(r.time!.net).toEqual({ against: "W", points: 2 });
    expect(r.result).toBe("W+14.5");
  });

  it("equal penalties cancel: the count stands", () => {
    const r = referee({ time: "10800,pp", timeUsed: "B:10900,W:10901" });
    expect(r.time!.net).toEqual({ against: null, points: 0 });
    expect(r.score!.penalty).toBeUndefined();
    expect(r.result).toBe("W+16.5");
  });

  it("a game won on the board and lost on penalties: Black +2 on the board, 4 points over time, W+2", () => {
    // a reverse komi of -11 makes the board count 36 - 45 - (-11) = +2 for Black
    const board = referee({ komi: "-11" });
    expect(board.result).toBe("B+2");
    const r = referee({ komi: "-11", time: "10800,pp", timeUsed: "B:12801,W:9000" });
    expect(r.time!.penalty).toEqual({ B: 4, W: 0 });
    expect(r.result).toBe("W+2");
  });

  it("when both pass 3/6 the first to reach it loses; from the totals alone that is unknown, and said", () => {
    expect(() => referee({ time: "10800,pp", timeUsed: "B:16300,W:16400" })).toThrow(/who passed it first/);
  });
});

describe("read-second overtime (002 §7 讀秒延時) and New Ing's 违时终局 (000 §9.3)", () => {
  it("RS loses on time when its periods run out: 1 h base and 3 periods of 30 s allow 3690 s", () => {
    expect(referee({ time: "3600,rs:30:3", timeUsed: "B:3690,W:100" }).result).toBe("W+16.5");
    const r = referee({ time: "3600,rs:30:3", timeUsed: "B:3691,W:100" });
    expect(r.result).toBe("W+T");
    expect(r.time!.penalty).toEqual({ B: 0, W: 0 }); // RS charges no points
  });

  it("New Ing: any overrun of the time allowed ends the game with the violator losing, PP or not", () => {
    const ni = (opts: Record<string, unknown>) => refereeRecord(example(), { rules: "new-ing", ...opts });
    expect(ni({ time: "3600", timeUsed: "B:3600,W:3600" }).decidedBy).not.toBe("time");
    expect(ni({ time: "3600", timeUsed: "B:3600,W:3601" }).result).toBe("B+T");
    // PP has no points under New Ing: using up the base time is the violation
    const pp = ni({ time: "3600,pp", timeUsed: "B:3601,W:100" });
    expect(pp.result).toBe("W+T");
    expect(pp.time!.penalty).toEqual({ B: 0, W: 0 });
  });

  it("rule sets without a time clause report the time and rule nothing", () => {
    for (const rules of ["zhang", "grand", "tromp-taylor"]) {
      const r = refereeRecord(example(), { rules, time: "3600", timeUsed: "B:9000,W:9000" });
      expect(r.time!.lostOnTime).toBeNull();
      expect(r.decidedBy).not.toBe("time");
    }
  });
});

describe("time options and the record's clock", () => {
  it("refuses a broken --time or --time-used, naming what is wrong", () => {
    expect(() => parseTimeControl("abc", "ing-penalty")).toThrow(/base time: "abc" is not a number of seconds/);
    expect(() => parseTimeControl("3600,xx", "ing-penalty")).toThrow(/unknown overtime "xx"/);
    expect(() => parseTimeControl("3600,rs:30:0", "ing-penalty")).toThrow(/1 to 1000 periods/);
    expect(() => parseTimeControl("0", "loss")).toThrow(/more than 0 seconds/);
    expect(() => parseTimeUsed("B:5")).toThrow(/both players/);
    expect(() => parseTimeUsed("B:5,B:6")).toThrow(/names B twice/);
    expect(() => parseTimeUsed("B:-1,W:2")).toThrow(/not a number of seconds/);
    expect(() => referee({ time: "3600" })).toThrow(/--time-used/);
  });

  it("a record's TM and BL/WL give the time control and the time used (the last reading of each)", () => {
    const sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]TM[600];B[ee]BL[590];W[cc]WL[580];B[gg]BL[570.5];W[cg]WL[-20]" +
      ";B[];W[]RE[W+0.5])";
    const r = refereeRecord(readSgf(sgf), { rules: "ing" });
    // TM 600 under ing: PP; Black used 600 - 570.5 = 29.5 s, White 600 - (-20) = 620 s: 2 points
    expect(r.time!.used).toEqual({ B: 29.5, W: 620 });
    expect(r.time!.from).toBe("record");
    expect(r.time!.penalty).toEqual({ B: 0, W: 2 });
  });

  it("an overtime the reader does not know (Canadian) gives no ruling, and says so", () => {
    const sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]TM[600]OT[25/300 Canadian];B[ee]BL[590];W[cc]WL[100]OW[20];B[];W[])";
    const r = refereeRecord(readSgf(sgf), { rules: "chinese" });
    expect(r.time).toBeUndefined();
    expect(r.notes.join(" ")).toMatch(/OT\[25\/300 Canadian\] is an overtime arbiter does not read/);
  });

  it("a TM of no length, or clock readings that are not numbers, give no ruling and no crash", () => {
    for (const tm of ["0", "-600", "1e12"]) {
      const r = refereeRecord(readSgf(`(;GM[1]FF[4]SZ[9]TM[${tm}];B[ee]BL[590];W[cc]WL[580];B[];W[])`), { rules: "ing" });
      expect(r.time).toBeUndefined();
      expect(r.notes.join(" ")).toMatch(/is no base time/);
    }
    const r = refereeRecord(readSgf("(;GM[1]FF[4]SZ[9]TM[600];B[ee]BL[abc];W[cc]WL[];B[];W[])"), { rules: "ing" });
    expect(r.time).toBeUndefined(); // no reading of either player: nothing to rule on
    expect(r.result).toBeDefined();
  });

  it("a TM that is not plain seconds is said and not read", () => {
    const r = refereeRecord(readSgf("(;GM[1]FF[4]SZ[9]TM[10:00:00+1:00/5];B[ee];W[];B[])"), { rules: "chinese" });
    expect(r.time).toBeUndefined();
    expect(r.notes.join(" ")).toMatch(/TM\[10:00:00\+1:00\/5\] is not a number of seconds/);
  });

  const games = "../shared/data/gnugo-regression/regression/games";
  it.skipIf(!existsSync(games))("real server records (needs ../shared/data): KGS with byo-yomi, CGOS with absolute time", () => {
    // KGS (FSGCBot-dr.sgf): TM[1500] OT[5x30 byo-yomi]; the last readings BL[181.323], WL[1365.791]
    const kgs = refereeRecord(readSgf(readFileSync(`${games}/FSGCBot-dr.sgf`, "utf8")), { rules: "ing" });
    expect(kgs.time!.control).toEqual({ base: 1500, overtime: { kind: "rs", seconds: 30, periods: 5 } });
    expect(kgs.time!.used.B).toBeCloseTo(1500 - 181.323, 6);
    expect(kgs.time!.used.W).toBeCloseTo(1500 - 1365.791, 6);
    expect(kgs.time!.lostOnTime).toBeNull();
    // CGOS (cgos/403788.sgf): TM[300], absolute; the last readings BL[151], WL[149]
    const cgos = refereeRecord(readSgf(readFileSync(`${games}/cgos/403788.sgf`, "utf8")), {});
    expect(cgos.time!.used).toEqual({ B: 149, W: 151 });
    expect(cgos.time!.control.overtime).toEqual({ kind: "none" });
  });
});
