// Every clause of RULES.md on an SGF fixture (test/fixtures/rules/), refereed under each preset
// where the presets differ. Every expectation was worked out by hand from the rule texts; the
// reasoning sits in the comment beside it (the count arithmetic, why a move is refused). The
// fixtures' C[] comments draw their positions.
//
// Conventions: SGF points "xy" count x from the left and y from the top (a = 0); GTP vertices
// (what the ruling reports) have columns A..T without I and row 1 at the BOTTOM, so on a board of
// height h the SGF point "cb" is C(h − 1). "B 9 / W 6" is the count (score.black / score.white).
// Komi: the record's KM if given (as the CLI does), else the preset's. A board's N is its number of
// points; New Ing's threshold is (N + 7.5)/2 (new-ing 2.10) and its margin 2·|B − threshold|.
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { readSgf } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { referee, type Ruling } from "../src/rules/referee.js";
import { preset, withKnobs } from "../src/ruleset/ruleset.js";
import { explain } from "../src/rules/explain.js";

const FIXTURES = new URL("./fixtures/rules/", import.meta.url);

function record(name: string, root = ""): GameRecord {
  const text = readFileSync(new URL(name, FIXTURES), "utf8");
  // `root` adds properties to the root node (e.g. KM[1]) for a variant of the same game
  return readSgf(root ? text.replace("(;", `(;${root}`) : text);
}

interface RunOptions {
  knobs?: Record<string, unknown>;
  dead?: string[];
  own?: { B?: string[]; W?: string[] };
  seki?: string[];
  root?: string;
}

function run(name: string, rules: string, o: RunOptions = {}): Ruling {
  const rec = record(name, o.root);
  let rs = preset(rules);
  if (o.knobs) rs = withKnobs(rs, o.knobs);
  if (rec.komi !== null) rs = withKnobs(rs, { komi: rec.komi }); // the record's KM, as the CLI
  return referee(rec, { rules: rs, rulesFrom: "option", dead: o.dead ?? "none", komiGiven: rec.komi !== null,
    own: o.own, seki: o.seki });
}

interface Want {
  /** "reason@atMove" */
  end: string;
  /** a piece of end.rule: the clause the end rests on */
  endRule?: string;
  result: string;
  by: Ruling["decidedBy"];
  /** [black, white], or null when no count is reported */
  score?: [number, number] | null;
  /** the one refused move (the replay stops there); without it every move refereed is legal */
  illegal?: { n: number; reason: string; rule: string };
  /** moves of the record after the end, not refereed */
  afterEnd?: number;
}

function expectRuling(r: Ruling, w: Want): void {
  expect(`${r.end.reason}@${r.end.atMove}`, "end").toBe(w.end);
  if (w.endRule) expect(r.end.rule).toContain(w.endRule);
  expect(r.result, "result").toBe(w.result);
  expect(r.decidedBy, "decidedBy").toBe(w.by);
  if (w.score === null) expect(r.score).toBeNull();
  else if (w.score) expect([r.score?.black, r.score?.white], "score").toEqual(w.score);
  const refused = r.moves.filter((m) => !m.legal);
  if (w.illegal) {
    expect(refused.map((m) => m.n), "refused moves").toEqual([w.illegal.n]);
    expect(refused[0].reason).toBe(w.illegal.reason);
    expect(refused[0].rule).toContain(w.illegal.rule);
    // the refused move is the last one refereed
    expect(r.moves[r.moves.length - 1].n).toBe(w.illegal.n);
  } else {
    expect(refused, "every move refereed is legal").toEqual([]);
  }
  if (w.afterEnd !== undefined) expect(r.movesAfterEnd, "moves after the end").toBe(w.afterEnd);
}

const sorted = (a: string[]) => [...a].sort();

// ---- suicide --------------------------------------------------------------------------------

describe("suicide (ing 1.3, new-ing 2.3, zhang 3.2, grand 4.2, RULES.md 5)", () => {
  // suicide-single.sgf, 5x3: Black plays A3 (aa), whose neighbours B3 and A2 are White; the White
  // string B3 A2 B2 B1 keeps A1, so nothing is captured: a single-stone suicide, which leaves the
  // board as it was (RULES.md 0: a null move).
  // The position (before and after): Black C3 C2 C1 (3) + D3..E1 (6, touching Black only) = 9;
  // White B3 A2 B2 B1 (4) + A3, A1 (touching White only) = 6. N = 15.
  const F = "suicide-single.sgf";

  it("ing: forbidden (no-change, 變窮), the replay stops; no forfeit: the count decides", () => {
    // ing 1.3 / 1A.1: P' == P[t]. illegalMove stop (ing 1.9: only fouls forfeit): 9 − 6 − 8 = −5
    expectRuling(run(F, "ing"), { end: "illegal-move@1", endRule: "ing 1.3", result: "W+5", by: "count",
      score: [9, 6], illegal: { n: 1, reason: "no-change", rule: "ing 1.3" } });
  });

  it("grand: barred by positional superko (the board recurs), a forfeit", () => {
    // grand 4.2: suicide is legal, but the single-stone suicide recreates the board (4.3)
    expectRuling(run(F, "grand"), { end: "illegal-move@1", endRule: "grand 4.3", result: "W+F", by: "forfeit",
      score: null, illegal: { n: 1, reason: "superko", rule: "grand 4.3" } });
  });

  it("chinese: suicide forbidden; tromp-taylor: barred by superko", () => {
    expectRuling(run(F, "chinese"), { end: "illegal-move@1", result: "W+F", by: "forfeit", score: null,
      illegal: { n: 1, reason: "suicide", rule: "chinese (docs/rules.md 5): suicide forbidden" } });
    // RULES.md 5 tromp-taylor: "single-stone suicide is barred by superko"
    expectRuling(run(F, "tromp-taylor"), { end: "illegal-move@1", result: "W+F", by: "forfeit", score: null,
      illegal: { n: 1, reason: "superko", rule: "psk" } });
  });

  it("nz (situational superko): legal, the situation (White to move) is new", () => {
    // area by region, shared points nobody's (none here), komi 7: 9 − 6 − 7 = −4
    expectRuling(run(F, "nz"), { end: "record-ended@1", result: "?", by: "record-ended", score: [9, 6] });
  });

  it("new-ing: legal, a null move; unanswered, the game has not ended", () => {
    // new-ing 2.3: every suicide legal; 2.4: a null move asks to end, nobody answered.
    // By point: 9 and 6 (every region touches one colour). Threshold (15 + 7.5)/2 = 11.25;
    // 9 < 11.25: White by 2·2.25 = 4.5
    const r = run(F, "new-ing");
    expectRuling(r, { end: "record-ended@1", result: "?", by: "record-ended", score: [9, 6] });
    expect(r.endRequester).toBeNull();
    // the stone is placed and removed: nothing is captured. (The ruling lists no selfCaptures for
    // a single-stone suicide, only for multi-stone ones: the core's no-change path.)
    expect(r.moves[0]).toMatchObject({ point: "A3", legal: true, captures: [] });
  });

  it("zhang: legal (the player to move changes the whole-board position); counted by liberties", () => {
    // zhang 3.2, 3.4. zhang 3.7: Black 3 stones + its liberties D3 D2 D1 (3); E3 E2 E1 touch no
    // stone: nobody's. White 4 + A3, A1 (2). 6 − 6 − 6.5 = −6.5
    const r = run(F, "zhang");
    expectRuling(r, { end: "record-ended@1", result: "?", by: "record-ended", score: [6, 6] });
    expect(r.score?.breakdown.neutral).toBe(3);
    expect(explain(r)).toContain("zhang 3.7");
  });
});

describe("multi-stone suicide (ing 1.3, new-ing 2.3, zhang 3.2, grand 4.2)", () => {
  // suicide-multi.sgf, 5x3: Black B3 (ba) joins A3 into a string A3-B3 whose neighbours A2, C3, B2
  // are White; the White string C3 A2 B2 C2 C1 keeps A1 and B1: nothing is captured, Black's two
  // stones are removed (a multi-stone suicide changes the board). Then White and Black pass.
  // After: Black D3 D2 D1 (3) + E3 E2 E1 (3) = 6; White C3 A2 B2 C2 C1 (5) + A3 B3 (touching
  // White only) + A1 B1 (2) = 9. N = 15.
  const F = "suicide-multi.sgf";

  it("ing: legal; the two passes pause play and the record ends there: ended by agreement", () => {
    // ing 1.5: "a record whose last moves are two passes is taken as paused and then ended by
    // agreement". 6 − 9 − 8 = −11
    const r = run(F, "ing");
    expectRuling(r, { end: "two-passes@3", endRule: "ing 1.5", result: "W+11", by: "count", score: [6, 9] });
    expect(sorted(r.moves[0].selfCaptures)).toEqual(["A3", "B3"]);
  });

  it("new-ing: legal; White's pass (a null move) answered by Black's ends the game, White asked", () => {
    // new-ing 2.4: the player who asked to end is the one whose null move was answered: White.
    // Threshold 11.25; 6: White by 2·5.25 = 10.5
    const r = run(F, "new-ing");
    expectRuling(r, { end: "null-moves@3", endRule: "new-ing 2.4", result: "W+10.5", by: "count", score: [6, 9] });
    expect(r.endRequester).toBe("W");
  });

  it("zhang: legal; the record's last two passes are abandon moves", () => {
    // zhang 3.1. Liberties: White's A3 (next to A2), B3 (C3, B2), A1 (A2), B1 (B2, C1) = 4;
    // Black's E3 E2 E1 = 3. 6 − 9 − 6.5 = −9.5
    expectRuling(run(F, "zhang"), { end: "two-passes@3", endRule: "zhang 3.1", result: "W+9.5", by: "count", score: [6, 9] });
  });

  it("grand: legal; Black made one real move more in the game phase (多下贴点)", () => {
    // grand 4.6: n = 1 − 0: one Black stone comes off, one dame split:
    // B = (3 − 1) + 3 + ½ = 5.5, W = 9 + ½ = 9.5; 5.5 − 9.5 − 6.5 = −10.5
    expectRuling(run(F, "grand"), { end: "two-passes@3", endRule: "grand 4.4", result: "W+10.5", by: "count", score: [5.5, 9.5] });
  });

  it("tromp-taylor and nz: legal (suicide allowed); chinese, japanese, aga: forbidden", () => {
    // 6 − 9 − 7.5 = −10.5; nz komi 7: −10
    expectRuling(run(F, "tromp-taylor"), { end: "two-passes@3", result: "W+10.5", by: "count", score: [6, 9] });
    expectRuling(run(F, "nz"), { end: "two-passes@3", result: "W+10", by: "count", score: [6, 9] });
    for (const name of ["chinese", "japanese", "aga"]) {
      expectRuling(run(F, name), { end: "illegal-move@1", result: "W+F", by: "forfeit", score: null,
        illegal: { n: 1, reason: "suicide", rule: "suicide forbidden" }, afterEnd: 2 });
    }
  });
});

// ---- ko -------------------------------------------------------------------------------------

describe("the basic ko, immediate recapture (ing 1.4/1A.2, new-ing 2.2/2.6, zhang 3.4, grand 4.3)", () => {
  // ko-immediate.sgf, 4x3: Black C2 (cb) takes White B2 (bb): B2's last liberty was C2 (both
  // stones are out of liberties: the opponent's are removed, ing 1.3 capture order); White
  // retakes at once at B2, and again: B C2, W B2, B C2, W B2.
  // After move 1: Black B3 A2 C2 B1 (4) + A3, A1, B2 (3) = 7; White C3 D2 C1 (3) + D3, D1 = 5.
  // The start (and after moves 2, 4): Black B3 A2 B1 (3) + A3, A1 = 5; White C3 B2 D2 C1 (4) +
  // C2, D3, D1 = 7. N = 12.
  const F = "ko-immediate.sgf";

  it("ing: the retake takes a single hot stone (單熱子): forbidden, no forfeit", () => {
    // 1A.2: move 1 was a capture by the opponent, move 2 captures the stone it placed, 1:1.
    // The count of the position after move 1: 7 − 5 − 8 = −6
    const r = run(F, "ing");
    expectRuling(r, { end: "illegal-move@2", endRule: "ing 1.4", result: "W+6", by: "count", score: [7, 5],
      illegal: { n: 2, reason: "hot-stone", rule: "ing 1.4 (單熱子" }, afterEnd: 2 });
    expect(r.moves[0].captures).toEqual(["B2"]);
  });

  it("zhang, grand, the common rule sets: forbidden, a forfeit", () => {
    // zhang 3.4: the whole-board position after White's retake (start board, Black to move, no
    // virtual moves) is the start's. grand 4.3, chinese, tromp-taylor: the start board recurs.
    // japanese: basic ko. nz, aga: the start situation recurs.
    const cases: [string, string, string][] = [["zhang", "no-going-back", "zhang 3.4"], ["grand", "superko", "grand 4.3"],
      ["chinese", "superko", "ko psk"], ["tromp-taylor", "superko", "ko psk"], ["japanese", "ko", "ko japanese"],
      ["nz", "superko", "ko ssk"], ["aga", "superko", "ko ssk"]];
    for (const [name, reason, rule] of cases) {
      expectRuling(run(F, name), { end: "illegal-move@2", result: "B+F", by: "forfeit", score: null,
        illegal: { n: 2, reason, rule } });
    }
  });

  it("new-ing: no ko rule; the start situation created a third time (move 4) is no result", () => {
    // new-ing 2.2: every retake legal. 2.6 (knob default void): the start situation (start board,
    // Black to move) is created by the start, move 2 and move 4: Void at move 4
    // ("any basic ko that both sides keep retaking is void at its 4th capture").
    expectRuling(run(F, "new-ing"), { end: "cycle@4", endRule: "new-ing 2.6", result: "Void", by: "cycle" });
  });

  it("new-ing with cycles allowed (longCycles rule): the record simply ends", () => {
    // the start position: by point 5 and 7; threshold 9.75; 5 < 9.75: White by 2·4.75 = 9.5
    expectRuling(run(F, "new-ing", { knobs: { longCycles: "rule" } }), { end: "record-ended@4", result: "?",
      by: "record-ended", score: [5, 7] });
  });
});

describe("a ko retaken after one pass each (ing 1A, grand 4.4, zhang 3.3-3.5, RULES.md 5)", () => {
  // ko-pass-cycle.sgf: the board of ko-immediate.sgf; take (B C2), pass, pass, retake (W B2),
  // pass, pass, take, pass, pass, retake. Positions: the start (Black 5 / White 7 by area) and,
  // after a take, Black 7 / White 5 (see the ko-immediate counts).
  const F = "ko-pass-cycle.sgf";

  it("ing: 隔虛提劫 — the retake after a pass each is legal; after the pause, two passes end", () => {
    // 1A.2 needs move t to be a capture: move 3 is a pass. 1.5: passes 2-3 pause, move 4
    // resumes, passes 5-6 end play (four-passes). The start position: 5 − 7 − 8 = −10
    const r = run(F, "ing");
    expectRuling(r, { end: "four-passes@6", endRule: "ing 1.5", result: "W+10", by: "count", score: [5, 7], afterEnd: 4 });
    // --explain says so too, with the clause that ended play
    expect(explain(r)).toMatch(/The record has 4 more moves after move 6: not refereed, since play ended there \(ing 1\.5/);
    expect(r.moves[3]).toMatchObject({ n: 4, point: "B2", captures: ["C2"] });
    // 1A after-move: the start situation recurs at move 4, a cycle started by Black's take; every
    // capture in it takes back the stone of the previous one, 1 for 1: fighting
    expect(r.cycles.some((c) => c.repeatMove === 4 && c.ing?.kind === "fighting" && c.ing.initiator === "B")).toBe(true);
  });

  it("ing, four consecutive passes end (knob): going round the cycle again is forbidden", () => {
    // 1.5 knob four-passes: passes 5-6 pause again, they do not end. 1A.4: Black initiated the
    // cycle closed at move 4 and may never again create the situation his take created (move 1):
    // move 7 would, so it is refused (disturbing-cycle; no forfeit, the count decides). The
    // position after move 6 is the start: W+10.
    expectRuling(run(F, "ing", { knobs: { end: "four-passes" } }), { end: "illegal-move@7", endRule: "ing 1.4",
      result: "W+10", by: "count", score: [5, 7], illegal: { n: 7, reason: "disturbing-cycle", rule: "越環再攪" } });
  });

  it("grand: each resumption clears the history, so every retake is legal; the third creation of the start situation is no result", () => {
    // grand 4.4: passes 2-3 suspend, move 4 resumes (history cleared: the retake is legal), 5-6
    // suspend, 7 resumes, 8-9 suspend, 10 resumes. The start situation is created by the start,
    // move 4 and move 10: Void at move 10.
    expectRuling(run(F, "grand"), { end: "cycle@10", endRule: "grand 4.4", result: "Void", by: "cycle" });
  });

  it("zhang: passes are virtual moves, so every retake is a new whole-board position; four virtual moves on one board end play", () => {
    // zhang 3.3: the virtual moves made enter the whole-board position, so nothing repeats.
    // zhang 3.5 (001 §12.2, 累计): virtual moves made while the board is the one after Black's
    // take: moves 2, 3, then 8, 9: the fourth at move 9 ends play (virtual-moves).
    // The position after the take (move 7), by liberties: Black 4 stones + A3, A1, B2 = 7; White
    // 3 + D3, D1 = 5. 7 − 5 − 6.5 = −4.5
    expectRuling(run(F, "zhang"), { end: "virtual-moves@9", endRule: "zhang 3.5", result: "W+4.5", by: "count",
      score: [7, 5], afterEnd: 1 });
  });

  it("chinese, tromp-taylor: two passes end the game before the retake; resumed without clearing, psk forbids it", () => {
    // RULES.md 5: two passes end. The position after the take: 7 − 5 − 7.5 = −5.5
    expectRuling(run(F, "chinese"), { end: "two-passes@3", endRule: "chinese", result: "W+5.5", by: "count",
      score: [7, 5], afterEnd: 7 });
    expectRuling(run(F, "tromp-taylor"), { end: "two-passes@3", result: "W+5.5", by: "count", score: [7, 5], afterEnd: 7 });
    // the same rule sets with play resuming after two passes (end ing-pairs), history kept: the
    // retake recreates the start board: positional superko forbids it
    for (const name of ["chinese", "tromp-taylor"]) {
      expectRuling(run(F, name, { knobs: { end: "ing-pairs" } }), { end: "illegal-move@4", result: "B+F", by: "forfeit",
        score: null, illegal: { n: 4, reason: "superko", rule: "psk" } });
    }
  });

  it("new-ing: White's pass answered by Black's ends the game; White asked", () => {
    // the position after the take, by point: 7 and 5; threshold 9.75: White by 2·2.75 = 5.5
    const r = run(F, "new-ing");
    expectRuling(r, { end: "null-moves@3", result: "W+5.5", by: "count", score: [7, 5] });
    expect(r.endRequester).toBe("W");
  });
});

describe("two kos, each retaken through passes (ing 1A.5, grand 4.4)", () => {
  // two-kos-pass.sgf, 6x4: Black takes ko 1 (B2 takes B3), pass, pass, White retakes; Black
  // takes ko 2 (E2 takes E3), pass, pass, White retakes (move 8): the start stands again.
  const F = "two-kos-pass.sgf";

  it("ing: the pause, the resumption, and the next two passes end play before White's second retake", () => {
    // Position after 7 (ko 1 back to the start, Black's stone E2 in ko 2): Black 7 stones +
    // A4, C4 D4, F4, E3 (5) = 12; White 7 + B2, A1, C1 D1, F1 (5) = 12. 12 − 12 − 8 = −8
    expectRuling(run(F, "ing"), { end: "four-passes@7", result: "W+8", by: "count", score: [12, 12], afterEnd: 1 });
  });

  it("ing with four consecutive passes (knob): the start situation created a third time is Void (1A.5, a gap)", () => {
    // Black was banned only from the situation of his first take (1A.4); White never initiated a
    // cycle, the moves before 8 are passes (no hot stone): the retake is legal and creates the
    // start situation a third time (start, 4, 8): 1A.5, reported as a gap of the algorithm.
    expectRuling(run(F, "ing", { knobs: { end: "four-passes" } }), { end: "cycle@8", endRule: "ing 1A.5",
      result: "Void", by: "cycle" });
  });

  it("grand: the same third creation across suspensions is Void (grand 4.4)", () => {
    expectRuling(run(F, "grand"), { end: "cycle@8", endRule: "grand 4.4", result: "Void", by: "cycle" });
  });

  it("zhang: no board gets four virtual moves; the record ends", () => {
    // The start position by liberties: Black 6 stones + A4, C4, D4, F4 = 10; White 8 + B2, E2,
    // A1, C1, D1, F1 = 14. 10 − 14 − 6.5 = −10.5
    expectRuling(run(F, "zhang"), { end: "record-ended@8", result: "?", by: "record-ended", score: [10, 14] });
  });
});

describe("triple ko (ing 1A.3, japanese long cycles, new-ing 2.6, zhang 3.5 knob)", () => {
  // triple-ko.sgf, 9x4: three basic kos; the sides capture in turn, B B2, W E3, B H2, W B3, B E2,
  // W H3: after six captures the start stands again with Black to move; the record goes round
  // twice (12 moves).
  // After move 5 (kos 1 and 3 hold the stones of White's and Black's last-but-one takes): Black
  // 11 stones + 8 empty points (A4, C4 D4, F4 G4, J4, E3, H3) = 19; White 10 + 7 (B2, A1, C1 D1,
  // F1 G1, J1) = 17. After move 3 the same numbers (mirror image): 19 and 17. N = 36.
  const F = "triple-ko.sgf";

  it("japanese and korean: the start situation created the third time (move 12) is no result", () => {
    // RULES.md 5: created by the start, move 6, move 12
    expectRuling(run(F, "japanese"), { end: "cycle@12", endRule: "japanese", result: "Void", by: "cycle" });
    expectRuling(run(F, "korean"), { end: "cycle@12", endRule: "korean", result: "Void", by: "cycle" });
  });

  it("ing (twin close): the capture that would close the pass-free cycle of captures (6th) is refused", () => {
    // 1A.3 close: moves 1..5 are all captures and move 6 would recreate S[0]: 孿熱子.
    // 19 − 17 − 8 = −6
    expectRuling(run(F, "ing"), { end: "illegal-move@6", endRule: "ing 1.4", result: "W+6", by: "count",
      score: [19, 17], illegal: { n: 6, reason: "hot-stone", rule: "孿熱子" } });
  });

  it("ing (twin early): the 4th capture takes the stone of the opponent's last capture but one", () => {
    // 1A.3 early: moves 1, 2, 3 are captures and White's move 4 takes the stone Black placed at
    // move 1. Position after 3: 19 − 17 − 8 = −6
    expectRuling(run(F, "ing", { knobs: { ingTwin: "early" } }), { end: "illegal-move@4", result: "W+6", by: "count",
      score: [19, 17], illegal: { n: 4, reason: "hot-stone", rule: "孿熱子" } });
  });

  it("new-ing: Void at the third occurrence (move 12)", () => {
    expectRuling(run(F, "new-ing"), { end: "cycle@12", endRule: "new-ing 2.6", result: "Void", by: "cycle" });
  });

  it("zhang: the 6th capture goes back (forfeit); with long cycles void the cycle is no result at once", () => {
    expectRuling(run(F, "zhang"), { end: "illegal-move@6", result: "B+F", by: "forfeit", score: null,
      illegal: { n: 6, reason: "no-going-back", rule: "zhang 3.4" } });
    // zhang 3.5 knob zhangLongCycles void (001 §9 也可判为无胜负): at the first repetition
    expectRuling(run(F, "zhang", { knobs: { longCycles: "void" } }), { end: "cycle@6", endRule: "zhang 3.5",
      result: "Void", by: "cycle" });
  });

  it("grand, chinese, tromp-taylor (psk), nz, aga (ssk): the 6th capture is forbidden", () => {
    const cases: [string, string][] = [["grand", "grand 4.3"], ["chinese", "psk"], ["tromp-taylor", "psk"], ["nz", "ssk"], ["aga", "ssk"]];
    for (const [name, rule] of cases) {
      expectRuling(run(F, name), { end: "illegal-move@6", result: "B+F", by: "forfeit", score: null,
        illegal: { n: 6, reason: "superko", rule } });
    }
    // chinese in practice (RULES.md 5: --ko simple --long-cycles void): Void like japanese
    expectRuling(run(F, "chinese", { knobs: { ko: "simple", longCycles: "void" } }), { end: "cycle@12", result: "Void", by: "cycle" });
  });
});

describe("double hot stones (ing 1A.2, 2:2)", () => {
  // double-hot.sgf, 5x3: Black C3 (ca) takes White A3 B3 (their last liberty); Black C3-D3 then
  // has only B3; White B3 at once takes C3 D3: two for two, including the stone just placed.
  // After move 1: Black C3 D3 A2 B2 (4) + A3 B3 (2) + half of the 6 shared points (E2 and row 1,
  // touching both) = 9; White E3 C2 D2 (3) + 3 = 6.
  // After move 2: Black A2 B2 (2); White B3 E3 C2 D2 (4); C3 D3 touch White only (2); A3 (touches
  // both) and E2 + row 1 (both): 7 shared.
  const F = "double-hot.sgf";

  it("ing: the 2-for-2 retake is refused (雙熱子), no forfeit", () => {
    // 9 − 6 − 8 = −5
    expectRuling(run(F, "ing"), { end: "illegal-move@2", result: "W+5", by: "count", score: [9, 6],
      illegal: { n: 2, reason: "hot-stone", rule: "雙熱子" } });
  });

  it("chinese: legal (the board after it is new)", () => {
    // B = 2 + 3.5 = 5.5, W = 4 + 2 + 3.5 = 9.5; 5.5 − 9.5 − 7.5 = −11.5
    expectRuling(run(F, "chinese"), { end: "record-ended@2", result: "?", by: "record-ended", score: [5.5, 9.5] });
  });
});

// ---- end of play ----------------------------------------------------------------------------

describe("Ing's pause and end (ing 1.5, 1.6)", () => {
  // ing-pause-resume.sgf, 5x3: White B2 inside Black's area. Both pass (pause); Black resumes at
  // B3, A2 and B1, White passing in between; B1 captures B2 (ing 1.6: dead by capture); then White
  // and Black pass. Final: Black C3 C2 C1 B3 A2 B1 (6) + A3, B2, A1 (3) = 9; White D3 D2 D1 (3) +
  // E3 E2 E1 (3) = 6.
  const F = "ing-pause-resume.sgf";

  it("ing: two passes pause, play resumes, two more passes end (four-passes)", () => {
    // 9 − 6 − 8 = −5
    const r = run(F, "ing");
    expectRuling(r, { end: "four-passes@9", endRule: "ing 1.5", result: "W+5", by: "count", score: [9, 6] });
    expect(r.moves[6]).toMatchObject({ n: 7, point: "B1", captures: ["B2"] });
  });

  it("ing, four consecutive passes (knob): the last two passes pause again; the record ends there", () => {
    expectRuling(run(F, "ing", { knobs: { end: "four-passes" } }), { end: "two-passes@9", endRule: "ing 1.5",
      result: "W+5", by: "count", score: [9, 6] });
  });

  it("chinese: the first two passes end the game with the White stone on the board (no --dead)", () => {
    // A3 B3 A2 A1 B1 form one region touching both colours: 5 shared. B = 3 + 2.5 = 5.5,
    // W = 4 + 3 + 2.5 = 9.5; 5.5 − 9.5 − 7.5 = −11.5
    expectRuling(run(F, "chinese"), { end: "two-passes@2", result: "W+11.5", by: "count", score: [5.5, 9.5], afterEnd: 7 });
  });

  it("new-ing: the two passes end the game; Black asked with 荒空 on the board and loses (laziness)", () => {
    // new-ing 2.8: the region A3..B1 touches both colours and holds points next to one colour
    // only (A2 next to White B2) or none (A3, A1): Black, whose null move was answered, loses.
    // The count (2.9, by point): B3, B1 touch both (shared 2); A2 is White's; A3, A1 nobody's.
    // B = 3 + 1 = 4, W = 4 + 1 + 3 + 1 = 9.
    const r = run(F, "new-ing");
    expectRuling(r, { end: "null-moves@2", endRule: "new-ing 2.4", result: "W+F", by: "laziness", score: [4, 9] });
    expect(r.endRequester).toBe("B");
    expect(explain(r)).toContain("new-ing 2.8");
  });

  it("zhang: passes before the last two are virtual; the last two abandon; the capture counts", () => {
    // Liberties: Black's A3, B2, A1 (3); White's E3 E2 E1 (3). 9 − 6 − 6.5 = −3.5
    expectRuling(run(F, "zhang"), { end: "two-passes@9", endRule: "zhang 3.1", result: "W+3.5", by: "count", score: [9, 6] });
  });
});

describe("four passes in a row (ing 1.5, zhang 3.5)", () => {
  // four-passes.sgf: the 6x3 board of null-moves.sgf, four passes, then Black D1 (not refereed).
  // By area: Black C3 C2 C1 E3 F2 (5) + D3 D2 E2 D1 E1 F1, F3 (7) = 12; White B3 A2 B2 B1 (4) +
  // A3, A1 = 6. By liberties (zhang 3.7): E1 touches no stone: Black 11.
  const F = "four-passes.sgf";

  it("zhang: four consecutive virtual moves end play", () => {
    // 11 − 6 − 6.5 = −1.5
    expectRuling(run(F, "zhang"), { end: "virtual-moves@4", endRule: "zhang 3.5", result: "W+1.5", by: "count",
      score: [11, 6], afterEnd: 1 });
  });

  it("ing: the first two pause, the next two end", () => {
    // 12 − 6 − 8 = −2
    expectRuling(run(F, "ing"), { end: "four-passes@4", endRule: "ing 1.5", result: "W+2", by: "count", score: [12, 6], afterEnd: 1 });
  });

  it("chinese: the first two end", () => {
    // 12 − 6 − 7.5 = −1.5
    expectRuling(run(F, "chinese"), { end: "two-passes@2", result: "W+1.5", by: "count", score: [12, 6], afterEnd: 3 });
  });
});

describe("null moves and single-stone suicides answered (new-ing 2.4, zhang 3.4, 3.5)", () => {
  // null-moves.sgf, 6x3: A3 (aa) is a single-stone suicide point for Black (next to White B3, A2),
  // F3 (fa) one for White (next to Black E3, F2). Black plays A3, White F3.
  // Counts as in four-passes.sgf: area 12 / 6; by point (new-ing) the same (no region touches
  // both colours).
  const F = "null-moves.sgf";

  it("new-ing: a suicide (null move) answered by a suicide ends the game; Black asked", () => {
    // threshold (18 + 7.5)/2 = 12.75; 12 < 12.75: White by 2·0.75 = 1.5
    const r = run(F, "new-ing");
    expectRuling(r, { end: "null-moves@2", endRule: "new-ing 2.4", result: "W+1.5", by: "count", score: [12, 6] });
    expect(r.endRequester).toBe("B");
    // a null move leaves the board as it was (RULES.md 0): the same board hash after both moves
    expect(r.moves[1]).toMatchObject({ point: "F3", legal: true, captures: [] });
    expect(r.moves[1].hash).toBe(r.moves[0].hash);
    expect(explain(r)).toContain("new-ing 2.9");
  });

  it("zhang: the answering suicide recreates the start's whole-board position: refused", () => {
    // zhang 3.4: "一方颗子自尽后另一方紧接着也颗子自尽时，后者要被禁". Move 1 (board unchanged,
    // White to move) is new; move 2 gives the start board with Black to move and no virtual moves.
    expectRuling(run(F, "zhang"), { end: "illegal-move@2", result: "B+F", by: "forfeit", score: null,
      illegal: { n: 2, reason: "no-going-back", rule: "zhang 3.4" } });
  });

  it("ing: the first suicide is already refused (no-change); nz: the answer is (situational superko)", () => {
    // ing: 12 − 6 − 8 = −2
    expectRuling(run(F, "ing"), { end: "illegal-move@1", result: "W+2", by: "count", score: [12, 6],
      illegal: { n: 1, reason: "no-change", rule: "ing 1.3" } });
    // nz: move 1 gives (start board, White to move): new; move 2 (start board, Black to move): the start
    expectRuling(run(F, "nz"), { end: "illegal-move@2", result: "B+F", by: "forfeit", score: null,
      illegal: { n: 2, reason: "superko", rule: "ssk" } });
  });
});

describe("four virtual moves under one board (zhang 3.5)", () => {
  // zhang-virtual-suicides.sgf: the board of null-moves.sgf; B pass, W suicide F3, B pass, W pass,
  // B suicide A3, W pass. The board never changes; the passes are virtual (the record's last two
  // moves are not both passes); never four in a row.
  const F = "zhang-virtual-suicides.sgf";

  it("zhang: the fourth virtual move on the same board (move 6) ends play", () => {
    // the suicides are legal: (start board, B to move, 1 virtual move by Black) after move 2,
    // (start board, W to move, 2 by Black, 1 by White) after move 5: both new. By liberties 11/6.
    expectRuling(run(F, "zhang"), { end: "virtual-moves@6", endRule: "zhang 3.5", result: "W+1.5", by: "count", score: [11, 6] });
  });

  it("new-ing: Black's pass answered by White's suicide (both null moves) ends at move 2", () => {
    const r = run(F, "new-ing");
    expectRuling(r, { end: "null-moves@2", result: "W+1.5", by: "count", score: [12, 6], afterEnd: 4 });
    expect(r.endRequester).toBe("B");
  });
});

describe("laziness (new-ing 2.8) and who asked to end (2.4)", () => {
  // newing-laziness.sgf, 5x3: Black column B, White column E; columns C and D are one region
  // touching both colours in which C points touch Black only and D points White only (荒空).
  // By point: Black 3 + A column 3 + C column 3 = 9; White 3 + D column 3 = 6.
  it("Black passes, White passes: Black asked to end and loses", () => {
    const r = run("newing-laziness.sgf", "new-ing");
    expectRuling(r, { end: "null-moves@2", result: "W+F", by: "laziness", score: [9, 6] });
    expect(r.endRequester).toBe("B");
    expect(r.score?.breakdown.laziness?.failed).toBe(true);
  });

  it("the same board under the other counts", () => {
    // chinese: C3..D1 shared (6), split: 3 + 3 + 3 = 9 / 3 + 3 = 6; 9 − 6 − 7.5 = −4.5
    expectRuling(run("newing-laziness.sgf", "chinese"), { end: "two-passes@2", result: "W+4.5", by: "count", score: [9, 6] });
    // tromp-taylor: shared nobody's: 6 / 3; 6 − 3 − 7.5 = −4.5
    expectRuling(run("newing-laziness.sgf", "tromp-taylor"), { end: "two-passes@2", result: "W+4.5", by: "count", score: [6, 3] });
    // grand, by point (4.6): C column Black's, D column White's: 9 / 6; 9 − 6 − 6.5 = −3.5
    const g = run("newing-laziness.sgf", "grand");
    expectRuling(g, { end: "two-passes@2", result: "W+3.5", by: "count", score: [9, 6] });
    expect(explain(g)).toContain("grand 4.6");
  });

  it("a request answered by a stone lapses: White asks last and loses", () => {
    // newing-laziness-lapse.sgf: B pass (asks), W D1 (a stone: the request lapses), B C1, W pass
    // (asks), B pass (agrees): White asked. C3 C2 D3 D2 touch both colours; C3 touches Black only:
    // 荒空, against White. By point: Black 4 + 3 + C3, C2 (2) = 9; White 4 + D3, D2 (2) = 6.
    const r = run("newing-laziness-lapse.sgf", "new-ing");
    expectRuling(r, { end: "null-moves@5", result: "B+F", by: "laziness", score: [9, 6] });
    expect(r.endRequester).toBe("W");
  });
});

// ---- dead stones ----------------------------------------------------------------------------

describe("dead stones by agreement (ing 1.6, new-ing 2.7, zhang 3.6, grand 4.4, RULES.md 5)", () => {
  // dead-agreement.sgf: the position of ing-pause-resume.sgf; both pass; White B2 given dead
  // (--dead B2). RE[W+4.5]. With B2 removed: Black 3 + A3 B3 A2 B2 A1 B1 (6) = 9; White 3 + E
  // column 3 = 6.
  const F = "dead-agreement.sgf";
  const dead = ["B2"];

  it("ing: removed as given, 9 − 6 − 8 = −5; the record's W+4.5 disagrees", () => {
    const r = run(F, "ing", { dead });
    expectRuling(r, { end: "two-passes@2", endRule: "ing 1.5", result: "W+5", by: "count", score: [9, 6] });
    expect(r.dead).toEqual(["B2"]);
    expect(r.record).toEqual({ result: "W+4.5", agrees: false });
  });

  it("chinese: 9 − 6 − 7.5 = −4.5, the record agrees", () => {
    const r = run(F, "chinese", { dead });
    expectRuling(r, { end: "two-passes@2", result: "W+4.5", by: "count", score: [9, 6] });
    expect(r.record.agrees).toBe(true);
  });

  it("japanese: territory + the dead stone as a prisoner", () => {
    // Black 6 + 1 = 7, White 3; 7 − 3 − 6.5 = −2.5
    expectRuling(run(F, "japanese", { dead }), { end: "two-passes@2", result: "W+2.5", by: "count", score: [7, 3] });
  });

  it("zhang: no removal after the end (3.6): B2 stays and is counted", () => {
    // Liberties: B3 (next to C3 and B2) and B1 (C1, B2) shared; A2 (B2) White's; A3, A1 nobody's;
    // E column White's. B = 3 + 1 = 4, W = 4 + 1 + 3 + 1 = 9; 4 − 9 − 6.5 = −11.5
    const r = run(F, "zhang", { dead });
    expectRuling(r, { end: "two-passes@2", result: "W+11.5", by: "count", score: [4, 9] });
    // the referee leaves the stones on the board and says why (knob deadStones: stay)
    expect(r.deadIgnored).toMatch(/zhang 3\.6/);
    expect(r.dead).toEqual([]);
    expect(r.record.agrees).toBe(false);
  });

  it("new-ing: removed, no 荒空 left; by point 9 / 6", () => {
    // threshold 11.25: White by 2·2.25 = 4.5
    const r = run(F, "new-ing", { dead });
    expectRuling(r, { end: "null-moves@2", result: "W+4.5", by: "count", score: [9, 6] });
    expect(r.score?.breakdown.laziness?.failed).toBe(false);
  });

  it("grand: settled by agreement after the suspension; 9 − 6 − 6.5 = −3.5", () => {
    expectRuling(run(F, "grand", { dead }), { end: "two-passes@2", endRule: "grand 4.4", result: "W+3.5", by: "count", score: [9, 6] });
  });
});

// ---- counting -------------------------------------------------------------------------------

describe("seki (ing 1.7, new-ing 2.9, zhang 3.7, grand 4.6, RULES.md 5)", () => {
  // seki.sgf, 11x3: the White middle string (one eye D3) and the Black middle string (one eye H3)
  // share F3 and F2. Black 13 stones, White 12. Regions: A3, A1, H3 touch Black only (3); D3,
  // L3, L1 White only (3); {F3, F2} both, and each of F3, F2 is next to both colours. Both pass.
  const F = "seki.sgf";

  it("area (chinese, ing): the shared points are split", () => {
    // B = 13 + 3 + 1 = 17, W = 12 + 3 + 1 = 16. chinese 17 − 16 − 7.5 = −6.5; ing − 8 = −7
    expectRuling(run(F, "chinese"), { end: "two-passes@2", result: "W+6.5", by: "count", score: [17, 16] });
    const r = run(F, "ing");
    expectRuling(r, { end: "two-passes@2", result: "W+7", by: "count", score: [17, 16] });
    expect(r.score?.shared).toBe(2);
    expect(explain(r)).toContain("ing 1.7");
    // fill-in (1.7): 16 stones each; Black fills 3 + 1 with 3 in the bowl: 1 empty left; White
    // fills 3 + 1 with 4: nothing left. Margin 1 = 17 − 16
    expect(r.score?.breakdown.fillIn).toMatchObject({ stonesEach: 16, margin: 1, agrees: true });
  });

  it("area with shared points nobody's (tromp-taylor, nz, aga)", () => {
    // 16 / 15: tromp-taylor, aga 16 − 15 − 7.5 = −6.5; nz − 7 = −6
    expectRuling(run(F, "tromp-taylor"), { end: "two-passes@2", result: "W+6.5", by: "count", score: [16, 15] });
    expectRuling(run(F, "aga"), { end: "two-passes@2", result: "W+6.5", by: "count", score: [16, 15] });
    expectRuling(run(F, "nz"), { end: "two-passes@2", result: "W+6", by: "count", score: [16, 15] });
  });

  it("territory (japanese): no points in seki when the seki strings are named (--seki C3,G3)", () => {
    // the eyes D3 and H3 of the strings in seki count for nobody, F3 F2 are dame: Black A3, A1
    // (2), White L3, L1 (2); 2 − 2 − 6.5 = −6.5
    const r = run(F, "japanese", { seki: ["C3", "G3"] });
    expectRuling(r, { end: "two-passes@2", result: "W+6.5", by: "count", score: [2, 2] });
    expect(r.score?.breakdown.territory?.sekiPoints).toBe(2);
    // unnamed, the eyes are points their strings must fill (each has the dame F3 F2 beside it,
    // and a stone on either would be in atari): nobody's all the same, 2 / 2
    const u = run(F, "japanese");
    expectRuling(u, { end: "two-passes@2", result: "W+6.5", by: "count", score: [2, 2] });
    expect(u.score?.breakdown.territory?.fillPoints).toHaveLength(2);
  });

  it("by point (new-ing, zhang, grand): F3 and F2 are next to both colours: half each", () => {
    // new-ing: 17 / 16, threshold (33 + 7.5)/2 = 20.25: White by 2·3.25 = 6.5; no 荒空
    const n = run(F, "new-ing");
    expectRuling(n, { end: "null-moves@2", result: "W+6.5", by: "count", score: [17, 16] });
    expect(n.score?.breakdown.laziness?.failed).toBe(false);
    // zhang: every empty point here is a liberty: the same 17 / 16; 17 − 16 − 6.5 = −5.5
    const z = run(F, "zhang");
    expectRuling(z, { end: "two-passes@2", result: "W+5.5", by: "count", score: [17, 16] });
    expect(z.score?.breakdown.sharedEach).toBe(1);
    // grand: no real moves in the game phase, no adjustment: 17 / 16; −5.5
    expectRuling(run(F, "grand"), { end: "two-passes@2", result: "W+5.5", by: "count", score: [17, 16] });
  });

  it("komi 1 in the record (KM[1]): B − W = komi is a tie, Black's under Ing (B+0), a draw under chinese", () => {
    // ing 1.8: tie → Black wins, reported B+0; chinese: 17 − 16 − 1 = 0: "0"
    const r = run(F, "ing", { root: "KM[1]" });
    expect(r.rules.komi).toBe(1);
    expectRuling(r, { end: "two-passes@2", result: "B+0", by: "count", score: [17, 16] });
    expectRuling(run(F, "chinese", { root: "KM[1]" }), { end: "two-passes@2", result: "0", by: "count", score: [17, 16] });
  });
});

describe("Ing's komi 8 and the tie (ing 1.7, 1.8; new-ing 2.10)", () => {
  // ing-tie.sgf, 19x19: Black J19-J7 and H6-H1, White L19, K18-K7 and J6-J1. Black's side: 13
  // rows of 10 points + 6 rows of 9 = 184; White's: 12·9 + 8 (row 19) + 6·10 = 176; K19 touches
  // Black J19 and White L19, K18: one shared point. B = 184½, W = 176½. Both pass.
  const F = "ing-tie.sgf";

  it("ing: 184½ − 176½ = 8 = komi: a tie, given to Black: B+0", () => {
    const r = run(F, "ing");
    expectRuling(r, { end: "two-passes@2", result: "B+0", by: "count", score: [184.5, 176.5] });
    // fill-in: 180 each; Black 19 on the board, 161 in the bowl for 165 points: 4 empty left;
    // White 161 for 157: 4 stones left; they fill Black's 4: margin 4 stones · 2 = 8; the single
    // shared point is filled by nobody (唯一分空)
    expect(r.score?.breakdown.fillIn).toMatchObject({ stonesEach: 180, sharedUnfilled: 1, margin: 8, komiStones: 4,
      emptyLeft: { black: 0, white: 0 }, agrees: true });
  });

  it("chinese and new-ing: Black by half a point", () => {
    // chinese 184.5 − 176.5 − 7.5 = 0.5; new-ing 184.5 > 184.25: 2·0.25 = 0.5
    expectRuling(run(F, "chinese"), { end: "two-passes@2", result: "B+0.5", by: "count", score: [184.5, 176.5] });
    const n = run(F, "new-ing");
    expectRuling(n, { end: "null-moves@2", result: "B+0.5", by: "count", score: [184.5, 176.5] });
    expect(n.score?.threshold).toBe(184.25);
    expect(explain(n)).toContain("new-ing 2.10");
  });
});

describe("handicap under Ing (ing 1.2, 1.8)", () => {
  // 6x3, HA[2]: Black C3 C2 C1 and its 6 points on the left (9), White D3 D2 D1 and the right
  // (9). B − W = 0.
  it("placed stones (HA + AB, White first): komi 0, the tie goes to White: W+0", () => {
    // White moves first after the setup; passes 6-7 pause, the record ends there
    const r = run("ing-handicap-setup.sgf", "ing");
    expect([r.rules.komi, r.rules.tie]).toEqual([0, "white"]);
    expectRuling(r, { end: "two-passes@7", result: "W+0", by: "count", score: [9, 9] });
    expect(r.moves[0]).toMatchObject({ color: "W", point: "D3" });
  });

  it("with KM given, that komi (ties still White's)", () => {
    // 9 − 9 − 2 = −2
    const r = run("ing-handicap-setup.sgf", "ing", { root: "KM[2]" });
    expect([r.rules.komi, r.rules.tie]).toEqual([2, "white"]);
    expectRuling(r, { end: "two-passes@7", result: "W+2", by: "count", score: [9, 9] });
  });

  it("Ing's own form: White passes N − 1 = 1 time at the start; the same count", () => {
    const r = run("ing-handicap-passes.sgf", "ing");
    expectRuling(r, { end: "two-passes@10", result: "W+0", by: "count", score: [9, 9] });
    expect(r.moves[1]).toMatchObject({ n: 2, color: "W", point: "pass", legal: true });
  });

  it("chinese (handicap placed, preset komi, White's compensation of 2 for 2 stones): 9 − (9 + 2) − 7.5", () => {
    expectRuling(run("ing-handicap-setup.sgf", "chinese"), { end: "two-passes@7", result: "W+9.5", by: "count", score: [9, 11] });
  });
});

describe("the Grand Rules' phases and 多下贴点 (grand 4.4-4.7)", () => {
  // grand-phases.sgf, 5x3 from the empty board: Black B3 B2 B1 C2 C1 and White D3 D2 D1 before
  // the first two passes (moves 10, 11): game phase Black 5 real moves, White 3. White passes,
  // Black resumes at A3 (dispute phase), two passes. Final: Black 6 stones, A2 A1 its region
  // (2); C3 is next to Black B3, C2 and White D3: a dame; White 3 stones + E column (3).
  const F = "grand-phases.sgf";

  it("grand: Black gives 2 points for 2 more real moves in the game phase; none for the dispute phase", () => {
    // n = 5 − 3 = 2: two Black stones off, two more dame: shared 1 + 2 = 3.
    // B = (6 − 2) + 2 + 1.5 = 7.5, W = 3 + 3 + 1.5 = 7.5; 0 − 6.5 → W+6.5
    const r = run(F, "grand");
    expectRuling(r, { end: "two-passes@15", endRule: "grand 4.4", result: "W+6.5", by: "count", score: [7.5, 7.5] });
    expect(r.gamePhaseMoves).toEqual({ B: 5, W: 3 });
    expect(r.score?.breakdown.grand?.adjustment).toEqual({ side: "B", moves: 2, black: -1, white: 1, known: true });
    expect(explain(r)).toContain("多下贴点 (grand 4.6)");
  });

  it("grand: C3 named Black's (单方有权独占之点, --own-black C3)", () => {
    // B = 4 + 3 + 1 = 8, W = 3 + 3 + 1 = 7; 8 − 7 − 6.5 = −5.5
    expectRuling(run(F, "grand", { own: { B: ["C3"] } }), { end: "two-passes@15", result: "W+5.5", by: "count", score: [8, 7] });
  });

  it("chinese ends at the first two passes; ing resumes and ends at the next two", () => {
    // chinese after move 11: Black 5 + 3 + ½ = 8.5, White 6.5; 8.5 − 6.5 − 7.5 = −5.5
    expectRuling(run(F, "chinese"), { end: "two-passes@11", result: "W+5.5", by: "count", score: [8.5, 6.5], afterEnd: 4 });
    // ing: 6 + 2 + ½ = 8.5, 6.5; −8 → W+6
    expectRuling(run(F, "ing"), { end: "four-passes@15", result: "W+6", by: "count", score: [8.5, 6.5] });
  });

  it("aga: area with the dame nobody's; White's final pass stone makes the territory view agree", () => {
    // after move 11: 8 / 6; 8 − 6 − 7.5 = −5.5. Turns: Black 5 stones + 1 pass, White 3 + 2:
    // Black passed last, White's final pass is added. View: Black 3 + 0 + 3 = 6, White 3 + 0 + 1 = 4:
    // 2 = 8 − 6
    const r = run(F, "aga");
    expectRuling(r, { end: "two-passes@11", result: "W+5.5", by: "count", score: [8, 6] });
    expect(r.score?.breakdown.passStones).toMatchObject({ whiteFinalPass: true, difference: 2, agrees: true });
  });
});

// ---- fouls, resignation, the record's result ------------------------------------------------

describe("fouls (ing 1.9, new-ing 2.5, RULES.md 0)", () => {
  it("a stone on an occupied point loses under every rule set", () => {
    // foul-occupied.sgf: White plays on Black's C3
    const cases: [string, string][] = [["ing", "ing 1.9"], ["new-ing", "new-ing 2.5"], ["zhang", "zhang 3.1"],
      ["grand", "grand 4.1"], ["chinese", "chinese"], ["japanese", "japanese"]];
    for (const [name, rule] of cases) {
      expectRuling(run("foul-occupied.sgf", name), { end: "illegal-move@2", endRule: rule, result: "B+F", by: "forfeit",
        score: null, illegal: { n: 2, reason: "occupied", rule } });
    }
  });

  it("two moves in a row: a foul under Ing and New Ing, accepted elsewhere", () => {
    // foul-two-moves.sgf: Black C3, Black D2
    expectRuling(run("foul-two-moves.sgf", "ing"), { end: "illegal-move@2", result: "W+F", by: "forfeit", score: null,
      illegal: { n: 2, reason: "two-moves", rule: "ing 1.9" } });
    expectRuling(run("foul-two-moves.sgf", "new-ing"), { end: "illegal-move@2", result: "W+F", by: "forfeit", score: null,
      illegal: { n: 2, reason: "two-moves", rule: "new-ing 2.5" } });
    // chinese: both stones stand; every empty point touches Black only: 25 − 0 − 7.5 = 17.5
    expectRuling(run("foul-two-moves.sgf", "chinese"), { end: "record-ended@2", result: "?", by: "record-ended", score: [25, 0] });
  });
});

describe("resignation and the record's result (ing 1.5, grand 4.7)", () => {
  it("RE[W+R]: resignation ends the game at once, under every rule set", () => {
    for (const name of ["ing", "new-ing", "zhang", "grand", "chinese", "japanese", "tromp-taylor"]) {
      const r = run("resignation.sgf", name);
      expectRuling(r, { end: "resignation@3", result: "W+R", by: "resignation", score: null });
      expect(r.record).toEqual({ result: "W+R", agrees: true });
    }
  });
});

// ---- known gaps -----------------------------------------------------------------------------

describe("gaps found by these fixtures, now closed", () => {
  // ing 1.1 "對局以實手開局" and 1A "A pass is always legal (except as the first move of the
  // game)": from the empty board Black's opening pass should be refused. The referee accepts it.
  it("ing 1.1: an opening pass from the empty board is refused", () => {
    const r = run("ing-opening-pass.sgf", "ing");
    expect(r.moves[0].legal).toBe(false);
    expect(r.end).toMatchObject({ reason: "illegal-move", atMove: 1 });
  });

  // RULES.md 5 tromp-taylor: "dead stones: none: every stone on the board is alive" (as zhang
  // 3.6, where --dead is ignored). The referee removes the stones --dead names under tromp-taylor.
  it("RULES.md 5 tromp-taylor: stones given dead stay on the board", () => {
    // dead-agreement.sgf with --dead B2: B2 stays; A3 B3 A2 A1 B1 touch both colours (nobody's):
    // Black 3, White 4 + 3 = 7; 3 − 7 − 7.5 = −11.5
    const r = run("dead-agreement.sgf", "tromp-taylor", { dead: ["B2"] });
    expectRuling(r, { end: "two-passes@2", result: "W+11.5", by: "count", score: [3, 7] });
  });
});

// ---- coverage -------------------------------------------------------------------------------

/** Each clause of RULES.md and the fixtures above that rule on it. */
const COVERAGE: Record<string, string[]> = {
  "0 (play, null move, by region / by point)": ["suicide-single.sgf", "newing-laziness.sgf"],
  "1.1 moves": ["ing-handicap-passes.sgf", "ing-opening-pass.sgf"],
  "1.2 handicap": ["ing-handicap-setup.sgf", "ing-handicap-passes.sgf"],
  "1.3 suicide, capture order": ["suicide-single.sgf", "suicide-multi.sgf", "ko-immediate.sgf"],
  "1.4 ko": ["ko-immediate.sgf", "ko-pass-cycle.sgf", "triple-ko.sgf", "double-hot.sgf"],
  "1.5 end of play": ["ing-pause-resume.sgf", "four-passes.sgf", "ko-pass-cycle.sgf", "suicide-multi.sgf", "resignation.sgf"],
  "1.6 dead stones": ["ing-pause-resume.sgf", "dead-agreement.sgf"],
  "1.7 counting, fill-in": ["seki.sgf", "ing-tie.sgf"],
  "1.8 komi and ties": ["ing-tie.sgf", "seki.sgf", "ing-handicap-setup.sgf"],
  "1.9 fouls": ["foul-occupied.sgf", "foul-two-moves.sgf", "ko-immediate.sgf"],
  "1A.1 no-change": ["suicide-single.sgf", "null-moves.sgf"],
  "1A.2 single and double hot stones": ["ko-immediate.sgf", "double-hot.sgf"],
  "1A.3 twin hot stones": ["triple-ko.sgf"],
  "1A.4 disturbing-cycle": ["ko-pass-cycle.sgf"],
  "1A.5 third creation": ["two-kos-pass.sgf"],
  "1A after every move (cycle kind, initiator)": ["ko-pass-cycle.sgf"],
  "2.1 moves": ["newing-laziness-lapse.sgf"],
  "2.2 no ko rule": ["ko-immediate.sgf"],
  "2.3 capture order, suicide": ["suicide-single.sgf", "suicide-multi.sgf", "null-moves.sgf"],
  "2.4 null moves": ["null-moves.sgf", "suicide-multi.sgf", "zhang-virtual-suicides.sgf", "newing-laziness-lapse.sgf"],
  "2.5 fouls": ["foul-occupied.sgf", "foul-two-moves.sgf"],
  "2.6 endless cycles": ["ko-immediate.sgf", "triple-ko.sgf"],
  "2.7 dead stones": ["dead-agreement.sgf"],
  "2.8 laziness": ["newing-laziness.sgf", "newing-laziness-lapse.sgf", "ing-pause-resume.sgf"],
  "2.9 counting by point": ["null-moves.sgf", "seki.sgf", "newing-laziness.sgf"],
  "2.10 result, threshold": ["ing-tie.sgf", "seki.sgf"],
  "3.1 moves, abandon": ["suicide-multi.sgf", "ing-pause-resume.sgf", "foul-occupied.sgf"],
  "3.2 suicide": ["suicide-single.sgf", "suicide-multi.sgf"],
  "3.3 whole-board position": ["ko-pass-cycle.sgf", "zhang-virtual-suicides.sgf"],
  "3.4 no going back": ["ko-immediate.sgf", "null-moves.sgf", "triple-ko.sgf"],
  "3.5 judged end, long cycles knob": ["zhang-virtual-suicides.sgf", "four-passes.sgf", "ko-pass-cycle.sgf", "triple-ko.sgf"],
  "3.6 final position, no removal": ["dead-agreement.sgf"],
  "3.7 counting": ["suicide-single.sgf", "seki.sgf", "dead-agreement.sgf"],
  "3.8 komi": ["seki.sgf"],
  "4.1 moves": ["foul-occupied.sgf", "grand-phases.sgf"],
  "4.2 capture, suicide": ["suicide-single.sgf", "suicide-multi.sgf"],
  "4.3 positional superko": ["ko-immediate.sgf", "triple-ko.sgf", "null-moves.sgf"],
  "4.4 suspension, resumption": ["ko-pass-cycle.sgf", "two-kos-pass.sgf", "grand-phases.sgf", "dead-agreement.sgf"],
  "4.5 two phases": ["grand-phases.sgf"],
  "4.6 counting, 多下贴点": ["grand-phases.sgf", "seki.sgf", "newing-laziness.sgf"],
  "4.7 komi, resignation": ["seki.sgf", "resignation.sgf"],
  "5 chinese": ["suicide-single.sgf", "ko-immediate.sgf", "ko-pass-cycle.sgf", "seki.sgf"],
  "5 japanese": ["triple-ko.sgf", "seki.sgf", "dead-agreement.sgf"],
  "5 korean": ["triple-ko.sgf"],
  "5 aga": ["grand-phases.sgf", "seki.sgf"],
  "5 nz": ["suicide-single.sgf", "null-moves.sgf", "seki.sgf"],
  "5 tromp-taylor": ["suicide-single.sgf", "seki.sgf", "ko-pass-cycle.sgf"],
  "5 long cycles void": ["triple-ko.sgf"],
};

describe("coverage", () => {
  it("every clause has a fixture, every fixture exists and is used", () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".sgf")).sort();
    const used = new Set(Object.values(COVERAGE).flat());
    expect([...used].sort()).toEqual(files);
    for (const list of Object.values(COVERAGE)) expect(list.length).toBeGreaterThan(0);
  });
});
