// The referee: replays a game record under a rule set and rules on every move, the end, the
// count and the result (DESIGN.md 3). Rule concepts are read from the knobs, never from names.
import { Game } from "../core/game.js";
import { indexToGtp, fromGtp } from "../core/coords.js";
import { other, type Color } from "../core/codes.js";
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../sgf/read.js";
import { coreKo, type RuleSet } from "./ruleset.js";
import { clauseFor } from "./clauses.js";
import { countArea, resultOf, type Score } from "../scoring/count.js";

export interface MoveRuling {
  n: number;
  color: Color;
  /** GTP vertex, "pass", or null for a point off the board (see `sgf`) */
  point: string | null;
  legal: boolean;
  reason: string | null;
  captures: string[];
  selfCaptures: string[];
  /** board hash after the move, 16 hex digits */
  hash: string;
  /** the clause an illegal move breaks */
  rule?: string;
  /** the SGF value, when the point is off the board */
  sgf?: string;
}

export interface Cycle {
  firstMove: number;
  repeatMove: number;
  period: number;
  kind: string;
  captures: { B: number; W: number };
  ruling: string;
  by: Color;
}

export type EndReason = "four-passes" | "two-passes" | "null-moves" | "virtual-moves" | "resignation" |
  "illegal-move" | "cycle" | "record-ended";

export interface Ruling {
  rules: RuleSet;
  /** where the rule set came from: the --rules option, the record's RU, or the default */
  rulesFrom: "option" | "record" | "default";
  size: { width: number; height: number };
  moves: MoveRuling[];
  cycles: Cycle[];
  end: { reason: EndReason; atMove: number; rule: string };
  score: Score | null;
  result: string;
  decidedBy: "count" | "resignation" | "time" | "forfeit" | "laziness" | "cycle";
  /** dead stones removed before counting (GTP vertices) */
  dead: string[];
  /** moves the record holds after the end of the game, not refereed */
  movesAfterEnd: number;
  record: { result: string | null; agrees: boolean | null };
}

export interface RefereeOptions {
  rules: RuleSet;
  rulesFrom: Ruling["rulesFrom"];
  /** "none", or GTP vertices each naming a dead string */
  dead: "none" | string[];
  /** dead points as row-major indices (alternative to GTP vertices) */
  deadIndices?: number[];
}

const hex = (h: bigint) => h.toString(16).padStart(16, "0");

/** The RE property in the canonical SGF form: B+R, W+T, B+F, 0, Void, B+3.5; null if unreadable. */
export function normaliseResult(re: string | null): string | null {
  if (!re) return null;
  const s = re.trim();
  if (/^(0|draw|jigo|[bw]\+0?\.?0*j(igo)?)$/i.test(s)) return "0";
  if (/^void$/i.test(s)) return "Void";
  const m = /^([BW])\+(.*)$/i.exec(s);
  if (!m) return null;
  const who = m[1].toUpperCase();
  const how = m[2].trim();
  if (/^r(esign)?$/i.test(how)) return `${who}+R`;
  if (/^t(ime)?$/i.test(how)) return `${who}+T`;
  if (/^f(orfeit)?$/i.test(how)) return `${who}+F`;
  if (how === "") return `${who}+`;
  const n = Number(how);
  return Number.isFinite(n) ? `${who}+${n}` : null;
}

export function referee(record: GameRecord, opts: RefereeOptions): Ruling {
  const { rules } = opts;
  const { width, height } = record;
  const gtp = (i: number) => indexToGtp(i, width, height);
  const hasSetup = record.setup.some((c) => c !== 0);
  const firstToMove: Color = record.toMove ?? (hasSetup && record.handicap >= 2 ? "W" : "B");
  const game = new Game({ width, height, suicide: rules.suicide, ko: coreKo(rules), toMove: firstToMove,
    maxMoves: record.moves.length + 1 });
  if (hasSetup) game.setup(record.setup, firstToMove);

  const moves: MoveRuling[] = [];
  let end: Ruling["end"] | null = null;
  let consecutivePasses = 0;
  let illegalBy: Color | null = null;
  let movesAfterEnd = 0;

  for (let i = 0; i < record.moves.length; i++) {
    const m = record.moves[i];
    const n = i + 1;
    if (end) {
      movesAfterEnd = record.moves.length - i;
      break;
    }
    if (m.offBoard) {
      moves.push({ n, color: m.color, point: null, sgf: m.raw, legal: false, reason: "off-board",
        captures: [], selfCaptures: [], hash: hex(game.boardHash()), rule: "RULES.md 0: a move is a point of the board" });
      illegalBy = m.color;
      end = { reason: "illegal-move", atMove: n, rule: clauseFor(rules, "illegal") };
      continue;
    }
    if (m.x === null || m.y === null) {
      game.pass(m.color);
      consecutivePasses++;
      moves.push({ n, color: m.color, point: "pass", legal: true, reason: null, captures: [], selfCaptures: [],
        hash: hex(game.boardHash()) });
      if (consecutivePasses >= 2) end = { reason: "two-passes", atMove: n, rule: clauseFor(rules, "end") };
      continue;
    }
    const point = gtp(m.y * width + m.x);
    const a = game.tryPlay(m.x, m.y, m.color);
    if (!a.ok) {
      moves.push({ n, color: m.color, point, legal: false, reason: a.reason, captures: [], selfCaptures: [],
        hash: hex(game.boardHash()), rule: clauseFor(rules, a.reason ?? "illegal") });
      illegalBy = m.color;
      end = { reason: "illegal-move", atMove: n, rule: clauseFor(rules, "illegal") };
      continue;
    }
    game.commit(other(m.color));
    consecutivePasses = 0;
    moves.push({ n, color: m.color, point, legal: true, reason: null, captures: a.captures.map(gtp),
      selfCaptures: a.selfCaptures.map(gtp), hash: hex(a.hashAfter) });
  }

  const recorded = normaliseResult(record.result);
  if (!end) {
    const resigned = recorded && /^[BW]\+[RTF]$/.test(recorded);
    end = resigned && recorded.endsWith("R")
      ? { reason: "resignation", atMove: record.moves.length, rule: "the record's RE" }
      : { reason: "record-ended", atMove: record.moves.length, rule: "the record ends here" };
  }

  // dead stones: each listed point names its whole string
  const finalBoard = game.board();
  const deadSet = new Set<number>();
  const deadPoints = opts.dead === "none" ? [] : opts.dead;
  for (const v of deadPoints) {
    const i = deadIndex(v, width, height);
    if (finalBoard[i] === 0) throw new ArbiterError(`--dead ${v}: there is no stone at ${v} in the final position`);
    for (const j of game.stringAt(i % width, Math.floor(i / width))) deadSet.add(j);
  }
  for (const i of opts.deadIndices ?? []) deadSet.add(i);
  const dead = [...deadSet].sort((a, b) => a - b);

  const score = countArea({ width, height, board: finalBoard, dead }, rules);
  let result: string;
  let decidedBy: Ruling["decidedBy"];
  let finalScore: Score | null = score;
  if (end.reason === "illegal-move" && rules.illegalMove === "forfeit" && illegalBy) {
    result = `${other(illegalBy)}+F`;
    decidedBy = "forfeit";
    finalScore = null;
  } else if (end.reason !== "two-passes" && end.reason !== "illegal-move" && recorded && /^[BW]\+[RTF]$/.test(recorded)) {
    result = recorded;
    decidedBy = recorded.endsWith("R") ? "resignation" : recorded.endsWith("T") ? "time" : "forfeit";
    finalScore = null;
  } else {
    result = resultOf(score, rules.tie);
    decidedBy = "count";
  }
  return {
    rules,
    rulesFrom: opts.rulesFrom,
    size: { width, height },
    moves,
    cycles: [],
    end,
    score: finalScore,
    result,
    decidedBy,
    dead: dead.map(gtp),
    movesAfterEnd,
    record: { result: record.result, agrees: recorded === null ? null : sameResult(recorded, result) },
  };
}

function deadIndex(v: string, width: number, height: number): number {
  try {
    const p = fromGtp(v, width, height);
    return p.y * width + p.x;
  } catch (e) {
    throw new ArbiterError(`--dead: ${(e as Error).message}`);
  }
}

/** Whether the record's result says the same as ours (a margin-less "B+" agrees on the winner). */
function sameResult(recorded: string, ours: string): boolean {
  if (recorded === ours) return true;
  if (/^[BW]\+$/.test(recorded)) return ours.startsWith(recorded);
  return false;
}
