// Replays a simulated game with the TypeScript referee and lists every way the two disagree.
import { referee } from "../../src/rules/referee.js";
import type { GameRecord } from "../../src/sgf/read.js";
import type { RuleSet } from "../../src/ruleset/ruleset.js";
import type { GameOut } from "../../src/simulate/engine.js";

export function recordOf(width: number, height: number, moves: number[]): GameRecord {
  return {
    width, height, komi: null, rules: null, handicap: 0, toMove: null, setup: new Uint8Array(width * height),
    moves: moves.map((m, i) => ({ color: i % 2 === 0 ? "B" : "W", x: m < 0 ? null : m % width, y: m < 0 ? null : Math.floor(m / width),
      raw: "", offBoard: false })),
    result: null, index: 1,
  };
}

/** Differences between the core's game (or replay) and the referee's ruling of its moves. */
export function compareWithReferee(g: GameOut, moves: number[], rules: RuleSet, width: number, height: number,
  replayed = false): string[] {
  // a simulated game stopped by the move cap is counted, by the simulation's convention
  const ruling = referee(recordOf(width, height, moves), { rules, rulesFrom: "option", dead: "none", unfinished: "count" });
  const out: string[] = [];
  const s = g.summary;
  const v = g.verdict;
  const illegal = ruling.moves.find((m) => !m.legal);
  if (!replayed && illegal) out.push(`move ${illegal.n} (${illegal.color} ${illegal.point}) is illegal for the referee: ${illegal.reason}`);
  if (replayed) {
    const mine = s.illegal ? `${s.endAt}:${s.illegal}` : "none";
    const theirs = illegal ? `${illegal.n}:${illegal.reason}` : "none";
    if (mine !== theirs) out.push(`illegal move: core ${mine}, referee ${theirs}`);
  }
  if (ruling.end.reason !== v.end) out.push(`end: core ${v.end}, referee ${ruling.end.reason}`);
  if (ruling.end.atMove !== s.endAt) out.push(`end at: core ${s.endAt}, referee ${ruling.end.atMove}`);
  if (!replayed && ruling.movesAfterEnd !== 0) out.push(`referee ended ${ruling.movesAfterEnd} moves early`);
  if (ruling.result !== v.result) out.push(`result: core ${v.result}, referee ${ruling.result}`);
  if (ruling.decidedBy !== v.decidedBy) out.push(`decided by: core ${v.decidedBy}, referee ${ruling.decidedBy}`);
  if (ruling.score && v.score && (ruling.score.black !== v.score.black || ruling.score.white !== v.score.white)) {
    out.push(`score: core ${v.score.black}-${v.score.white}, referee ${ruling.score.black}-${ruling.score.white}`);
  }
  if (!replayed) {
    const theirs = ruling.cycles.filter((c) => c.ruling !== "forbidden").map((c) => `${c.firstMove}-${c.repeatMove}:${c.kind}`).join(" ");
    const mine = g.cycles.map((c) => `${c.s}-${c.t}:${c.kind}`).join(" ");
    if (theirs !== mine) out.push(`cycles: core [${mine}], referee [${theirs}]`);
  }
  return out;
}
