// The referee: replays a game record under a rule set and rules on every move, the end, the
// count and the result (DESIGN.md 3). Rule concepts are read from the knobs, never from names.
import { indexToGtp, fromGtp } from "../core/coords.js";
import { connected } from "../core/grid.js";
import { other, type Color } from "../core/codes.js";
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../record/record.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { clauseFor } from "./clauses.js";
import { countFinal, factsFromTally, resultOf, type Score } from "../scoring/count.js";
import { Referee, type MoveRuling, type Cycle } from "./play.js";
import type { EndReason } from "./knobs.js";
import { DISPUTE_BUDGET, disputeFirstMover, type Dispute, type DisputeBudget, type SettleDisputes } from "./dispute.js";
import { ruleOnTime, type TimeControl, type TimeRuling, type TimeUsed } from "./time.js";

export type { EndReason } from "./knobs.js";
export type { MoveRuling, Cycle } from "./play.js";

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
  decidedBy: "count" | "resignation" | "time" | "forfeit" | "laziness" | "cycle" | "record-ended";
  /** what the ruling had to read into the record or leave out, each in a sentence (a komi
   *  dialect, dead stones a rule set does not remove, an unfinished record) */
  notes: string[];
  /** dead stones removed before counting (GTP vertices) */
  dead: string[];
  /** why --dead was not applied (rule sets that remove no stones after the end) */
  deadIgnored?: string;
  /** --dead auto: each disputed group, its proof verdict and the resulting status */
  disputes?: Dispute[];
  /** moves the record holds after the end of the game, not refereed */
  movesAfterEnd: number;
  /** stone plays each side made before the first pause (Grand 4.5) */
  gamePhaseMoves: { B: number; W: number };
  /** New Ing: the player who asked to end */
  endRequester: Color | null;
  /** the ruling on time, where a time control and the time used are known (ing 1.10) */
  time?: TimeRuling;
  record: { result: string | null; agrees: boolean | null };
}

export interface RefereeOptions {
  rules: RuleSet;
  rulesFrom: Ruling["rulesFrom"];
  /** "none", "auto" (settled by prove-by-capture), "sgf" (the players' marks in the record), or
   *  GTP vertices each naming a dead string */
  dead: "none" | "auto" | "sgf" | string[];
  /** budget for each dispute under --dead auto, and for the whole position */
  proveBudget?: DisputeBudget;
  /** dead points as row-major indices (alternative to GTP vertices) */
  deadIndices?: number[];
  /** Grand 4.6: points a side alone has the right to occupy (GTP vertices) */
  own?: { B?: string[]; W?: string[] };
  /** territory counting: stones in seki (each names its string) */
  seki?: string[];
  /** komi was given by the user (--komi) or the record (KM), not taken from the preset */
  komiGiven?: boolean;
  /** sentences for the ruling's notes from the caller (how the record was read) */
  notes?: string[];
  /** a record that ends before play ended: no result (a game record, the default), or counted
   *  (a simulated game stopped by its move cap, DESIGN.md 2) */
  unfinished?: "no-result" | "count";
  /** the time control and the time each player used (`--time`, `--time-used`, or the record) */
  time?: { control: TimeControl; used: TimeUsed };
  /** replay in one call to the core where no move needs a ruling of its own: the ruling then
   *  lists the moves that have one (an illegal move, a cycle's), not every move (corpus mode) */
  quiet?: boolean;
}



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

/** A normalised result that the players counted (a margin: `B+3.5`, `W+0.5`). */
export const isCount = (r: string | null): boolean => r !== null && /^[BW]\+\d/.test(r);


/** A record played through: the rulings on its moves and the end of play, before any count. */
export interface Played {
  record: GameRecord;
  /** the rule set as the game was played (a handicap game's komi and tie set, ing 1.8) */
  rules: RuleSet;
  play: Referee;
  end: Ruling["end"];
  /** the record's RE, normalised */
  recorded: string | null;
  movesAfterEnd: number;
  firstToMove: Color;
  /** the final position and each side's prisoners, read from the core before a prover may
   *  take it over */
  board: Uint8Array;
  prisoners: { black: number; white: number };
}

/** The dead stones for the count, with the disputes that settled them and the notes on them. */
export interface DeadStones {
  dead: number[];
  disputes?: Dispute[];
  /** why --dead was not applied (rule sets that remove no stones after the end) */
  deadIgnored?: string;
  notes: string[];
}

/** The referee: the record played through, its dead stones, the count and the result. `--dead
 *  auto` needs a prover: src/api's refereeRecord composes the same steps with one. */
export function referee(record: GameRecord, opts: RefereeOptions): Ruling {
  const played = playRecord(record, opts, opts.quiet);
  return decide(played, opts, deadStones(played, opts));
}

/** The move-by-move referee at the start of a record: its setup stones, its first player, and
 *  the rule set as the game is played (ing 1.8: a handicap game by passes has no komi unless
 *  agreed, and White wins ties). GTP starts its games here too. */
export function startReferee(record: GameRecord, opts: Pick<RefereeOptions, "rules" | "komiGiven">, maxMoves?: number):
  { play: Referee; rules: RuleSet; firstToMove: Color } {
  const hasSetup = record.setup.some((c) => c !== 0);
  let rules = opts.rules;
  if (record.handicap >= 2 && rules.handicap === "passes") {
    rules = { ...rules, tie: "white", komi: opts.komiGiven ? rules.komi : 0 };
  }
  const firstToMove: Color = record.toMove ?? (hasSetup && record.handicap >= 2 ? "W" : "B");
  const play = new Referee({ width: record.width, height: record.height, rules, setup: hasSetup ? record.setup : undefined,
    firstToMove, maxMoves });
  return { play, rules, firstToMove };
}

/** Plays the record through the move-by-move referee, up to the end of play. `quiet`: in one
 *  call to the core when no move needs a ruling of its own (Referee.playQuietly), the moves'
 *  rulings then left out of the result (corpus replay); move by move otherwise. */
export function playRecord(record: GameRecord, opts: Pick<RefereeOptions, "rules" | "komiGiven">, quiet = false): Played {
  const n = record.moves.length;
  let { play, rules, firstToMove } = startReferee(record, opts, n + 1);
  // Zhang 3.1: the record's last two passes are both players abandoning
  const abandonFrom = rules.end === "zhang-virtual" && n >= 2 && record.moves[n - 1].x === null &&
    record.moves[n - 2].x === null && !record.moves[n - 1].offBoard && !record.moves[n - 2].offBoard ? n - 2 : n;
  let movesAfterEnd = 0;
  if (quiet && play.playQuietly(record.moves, abandonFrom)) movesAfterEnd = n - play.played;
  else {
    // a quiet replay stopped at a move that needs the referee: the game again, move by move
    if (quiet) ({ play, rules, firstToMove } = startReferee(record, opts, n + 1));
    for (let i = 0; i < n; i++) {
      if (play.end) {
        movesAfterEnd = n - i;
        break;
      }
      play.play(record.moves[i], i >= abandonFrom);
    }
  }
  const recorded = normaliseResult(record.result);
  return { record, rules, play, end: play.closeRecord(recorded), recorded, movesAfterEnd, firstToMove,
    board: play.board(), prisoners: play.prisoners() };
}

/**
 * The dead stones: listed (each point names its whole string), the players' marks (`sgf`), or
 * settled by `settle` (`auto`, the prover's settleDisputes: the rules do not import it). A rule
 * set that keeps every stone removes none, and says so.
 */
export function deadStones(played: Played, opts: RefereeOptions, settle?: SettleDisputes): DeadStones {
  const { record, rules, play } = played;
  const { width, height } = record;
  const finalBoard = played.board;
  const stringAt = (i: number) => connected([i], (q) => finalBoard[q] === finalBoard[i], width, height);
  const deadSet = new Set<number>();
  const notes: string[] = [];
  // tromp-taylor, zhang 3.6: every stone on the board counts as it stands
  const ignored = rules.deadStones === "stay" && opts.dead !== "none";
  for (const v of typeof opts.dead === "string" || ignored ? [] : opts.dead) {
    const i = deadIndex(v, width, height);
    if (finalBoard[i] === 0) throw new ArbiterError(`--dead ${v}: there is no stone at ${v} in the final position`);
    for (const j of stringAt(i)) deadSet.add(j);
  }
  if (!ignored) for (const i of opts.deadIndices ?? []) deadSet.add(i);
  // what the players agreed: the record's marks (read before a prover takes over the core)
  const agreed = record.marks && !record.marks.error ? markedDead(record.marks, finalBoard, stringAt) : undefined;
  if (opts.dead === "sgf") {
    if (!record.marks) throw new ArbiterError("--dead sgf: the record marks no dead stones (no TB, TW or DD in its last moves)");
    if (record.marks.error) throw new ArbiterError(`--dead sgf: ${record.marks.error}`);
    if (!ignored) for (const p of agreed!) deadSet.add(p);
  }
  let disputes: Dispute[] | undefined;
  if (opts.dead === "auto" && !ignored) {
    if (!settle) throw new ArbiterError("--dead auto: no prover was given to settle the disputes (call refereeRecord in src/api)");
    const lastMover = record.moves.length ? record.moves[record.moves.length - 1].color : other(played.firstToMove);
    const first = disputeFirstMover(rules, other(lastMover), play.endRequester);
    const settled = settle({ width, height, board: finalBoard }, rules, first, opts.proveBudget ?? DISPUTE_BUDGET, agreed);
    for (const p of settled.dead) deadSet.add(p);
    disputes = settled.disputes;
  }
  const kept = `${rules.name === "zhang" ? "zhang 3.6" : `the rule set (${rules.name})`}: no stones are removed after the end; every stone on the board counts`;
  if (ignored) notes.push(`--dead ${typeof opts.dead === "string" ? opts.dead : opts.dead.join(",")} is not applied: ${kept}`);
  return { dead: [...deadSet].sort((x, y) => x - y), ...(disputes ? { disputes } : {}), ...(ignored ? { deadIgnored: kept } : {}), notes };
}

/** The count of the final position and the result: by the count, or by what ended the game
 *  before one (a cycle's Void, a foul, resignation, time, laziness), then the ruling on time. */
export function decide(played: Played, opts: RefereeOptions, dead: DeadStones): Ruling {
  const { record, rules, play, end: theEnd, recorded } = played;
  const { width, height } = record;
  const gtp = (i: number) => indexToGtp(i, width, height);
  const notes: string[] = [...(opts.notes ?? []), ...dead.notes];
  const toIndices = (list: string[] | undefined) => (list ?? []).map((v) => deadIndex(v, width, height));
  const facts = factsFromTally(play.tally, { gamePhase: play.gamePhaseMoves, askedToEnd: play.endRequester, prisoners: played.prisoners });
  if (opts.own) facts.own = { black: toIndices(opts.own.B), white: toIndices(opts.own.W) };
  if (opts.seki) facts.seki = toIndices(opts.seki);
  // handicap stones placed before play (ing's handicap by passes gives no compensation)
  if (record.setup.some((c) => c !== 0) && record.handicap >= 2 && rules.handicap === "placed") facts.handicap = record.handicap;
  // counted only where the result needs the count (not after a resignation, say)
  const count = () => countFinal({ width, height, board: played.board, dead: dead.dead }, rules, facts);
  const decided = decideResult({ rules, end: theEnd.reason, voided: play.voided, illegal: play.illegal, recorded }, count, opts.unfinished, notes);
  const time = opts.time ? ruleOnTime(opts.time.control, opts.time.used, rules.timeRule) : undefined;
  if (time) applyTime(time, decided, rules, notes);
  const { result, decidedBy, score: finalScore } = decided;
  return {
    rules,
    rulesFrom: opts.rulesFrom,
    size: { width, height },
    moves: play.moves,
    cycles: play.cycles,
    end: theEnd,
    score: finalScore,
    result,
    decidedBy,
    dead: dead.dead.map(gtp),
    ...(dead.deadIgnored ? { deadIgnored: dead.deadIgnored } : {}),
    ...(dead.disputes ? { disputes: dead.disputes } : {}),
    notes,
    movesAfterEnd: played.movesAfterEnd,
    gamePhaseMoves: play.gamePhaseMoves,
    endRequester: play.endRequester,
    ...(time ? { time } : {}),
    record: { result: record.result, agrees: recorded === null ? null : sameResult(recorded, result) },
  };
}

export interface Decided { result: string; decidedBy: Ruling["decidedBy"]; score: Score | null }

/** What ended a game, as its result needs it: a refereed record's, or a simulated game's
 *  (src/simulate decides its games' results with the same decideResult). */
export interface GameOutcome {
  rules: RuleSet;
  end: EndReason;
  /** a cycle voided the game */
  voided: boolean;
  /** the illegal move that ended play, and whether it was a foul */
  illegal: { by: Color; foul: boolean } | null;
  /** the record's RE, normalised (null for a simulated game) */
  recorded: string | null;
}

/** The result before the ruling on time: what ended the game, else the count (`count`: the
 *  score, or how to count it when the result needs it). `unfinished`: whether a game that never
 *  ended is counted (a simulated game stopped by its move cap). */
export function decideResult(o: GameOutcome, count: Score | (() => Score), unfinished: RefereeOptions["unfinished"],
  notes: string[]): Decided {
  const { end, recorded, rules } = o;
  const ill = o.illegal;
  const score = () => typeof count === "function" ? count() : count;
  if (o.voided) return { result: "Void", decidedBy: "cycle", score: score() };
  if (ill && (ill.foul || rules.illegalMove === "forfeit")) return { result: `${other(ill.by)}+F`, decidedBy: "forfeit", score: null };
  if (end === "resignation" && recorded) return { result: recorded, decidedBy: "resignation", score: null };
  if (end === "record-ended" && recorded && /^[BW]\+[TF]$/.test(recorded)) {
    return { result: recorded, decidedBy: recorded.endsWith("T") ? "time" : "forfeit", score: null };
  }
  if (end === "record-ended" && unfinished !== "count" && !isCount(recorded)) {
    // play never ended and the players did not count: there is no result to give
    notes.push("the record ends before play ended (no ending passes) and its RE holds no count: no result");
    return { result: "?", decidedBy: "record-ended", score: score() };
  }
  const counted = score();
  // new-ing 2.8: the player who asked to end with 荒空 left on the board loses
  const lazy = counted.breakdown.laziness;
  if (lazy?.failed && lazy.against && end === "null-moves") return { result: `${other(lazy.against)}+F`, decidedBy: "laziness", score: counted };
  return { result: resultOf(counted, rules.tie), decidedBy: "count", score: counted };
}

/** Time (ing 1.10, new-ing 2.x 违时终局): a loss on time decides a game that was counted or
 *  left unfinished; penalty points move the count. */
function applyTime(time: TimeRuling, d: Decided, rules: RuleSet, notes: string[]): void {
  if (!(d.decidedBy === "count" || d.decidedBy === "record-ended" || d.decidedBy === "laziness")) {
    if (time.lostOnTime || time.net.against) notes.push(`the ruling on time is not applied: the game was decided by ${d.decidedBy}`);
    return;
  }
  const score = d.score;
  if (time.lostOnTime) {
    d.result = `${other(time.lostOnTime)}+T`;
    d.decidedBy = "time";
    d.score = null; // DESIGN.md: no count for a game lost on time
  } else if (time.net.against && score?.threshold !== undefined) {
    notes.push("penalty points are not applied: the rule set counts against a threshold (new-ing 2.10), which has no place for them");
  } else if (time.net.against && d.decidedBy === "count" && score && score.threshold === undefined) {
    score.penalty = { against: time.net.against, points: time.net.points, stones: time.stones };
    // 002 §4 區位: in the fill-in count the points are stones (二點折一子)
    if (score.breakdown.fillIn) score.breakdown.fillIn.penaltyStones = { against: time.net.against, stones: time.stones };
    d.result = resultOf(score, rules.tie);
  }
}

/** The stones the players marked dead: stones on the other side's territory marks (TB, TW: KGS
 *  marks dead stones so) and DD; each names its whole string. */
function markedDead(marks: NonNullable<GameRecord["marks"]>, board: Uint8Array, stringAt: (p: number) => Iterable<number>): Set<number> {
  const out = new Set<number>();
  const mark = (p: number) => { for (const q of stringAt(p)) out.add(q); };
  for (const p of marks.TB) if (board[p] === 2) mark(p);
  for (const p of marks.TW) if (board[p] === 1) mark(p);
  for (const p of marks.DD) if (board[p] !== 0) mark(p);
  return out;
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
