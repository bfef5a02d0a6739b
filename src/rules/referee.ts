// The referee: replays a game record under a rule set and rules on every move, the end, the
// count and the result (DESIGN.md 3). Rule concepts are read from the knobs, never from names.
import { Game } from "../core/game.js";
import { indexToGtp, fromGtp } from "../core/coords.js";
import { other, type Color } from "../core/codes.js";
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../record/record.js";
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { clauseFor } from "./clauses.js";
import { countFinal, factsFromMoves, resultOf, type Score } from "../scoring/count.js";
import type { HistoryEntry } from "./history.js";
import { repetitionRules, proposalEntry } from "./repetition.js";
import { PlayFlow, type EndReason } from "./flow.js";
import { classifyCycle } from "./cycles.js";
import { DISPUTE_BUDGET, disputeFirstMover, type Dispute, type SettleDisputes } from "./dispute.js";
import { ruleOnTime, type TimeControl, type TimeRuling, type TimeUsed } from "./time.js";

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
  /** the move after which the position first stood (0: the start) */
  firstMove: number;
  repeatMove: number;
  period: number;
  kind: string;
  captures: { B: number; W: number };
  ruling: string;
  by: Color;
}

export type { EndReason } from "./flow.js";

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
  proveBudget?: { positions: number; timeMs: number; totalMs?: number };
  /** what settles the disputes under --dead auto (the prover's settleDisputes, passed in by
   *  src/api: the rules do not import the prover) */
  settle?: SettleDisputes;
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

/** A normalised result that the players counted (a margin: `B+3.5`, `W+0.5`). */
export const isCount = (r: string | null): boolean => r !== null && /^[BW]\+\d/.test(r);

interface CycleReport extends Cycle {
  /** the play brings back the position after firstMove */
  closes: boolean;
  situational: boolean;
  moves: string[];
  capturePoints: string[];
  reason?: string;
  ing?: { kind: "fighting" | "disturbing"; initiator: Color };
}

export function referee(record: GameRecord, opts: RefereeOptions): Ruling {
  const { width, height } = record;
  const hasSetup = record.setup.some((c) => c !== 0);
  const handicapGame = record.handicap >= 2;
  let rules = opts.rules;
  // ing 1.8: handicap games have no komi unless agreed, and White wins ties
  if (handicapGame && rules.handicap === "passes") {
    rules = { ...rules, tie: "white", komi: opts.komiGiven ? rules.komi : 0 };
  }
  const gtp = (i: number) => indexToGtp(i, width, height);
  const firstToMove: Color = record.toMove ?? (hasSetup && handicapGame ? "W" : "B");
  const game = new Game({ width, height, suicide: rules.suicide, ko: coreKo(rules), toMove: firstToMove,
    maxMoves: record.moves.length + 1 });
  if (hasSetup) game.setup(record.setup, firstToMove);

  // Zhang 3.3: the whole-board position counts each player's virtual moves
  const virtual = { B: 0, W: 0 };
  const wholeBoard = (S: bigint) => rules.passesInHash
    ? S ^ game.passCountKey("B", virtual.B) ^ game.passCountKey("W", virtual.W) : S;
  const startS = game.situationHash(firstToMove);
  const hist: HistoryEntry[] = [{ kind: "start", n: 0, color: null, point: null, captures: [], selfCaptures: [],
    noChange: false, P: game.boardHash(), S: startS, Z: wholeBoard(startS) }];
  const repetition = repetitionRules(rules, hist[0], rules.ingTwin);
  const flow = new PlayFlow(rules);
  const cycles: CycleReport[] = [];
  const boards = new Map<bigint, number>([[hist[0].P, 0]]);
  let lastLoop: { s: number; t: number } | null = null;
  const moves: MoveRuling[] = [];
  let end: Ruling["end"] | null = null;
  let illegal: { by: Color; foul: boolean } | null = null;
  let voided = false;
  let movesAfterEnd = 0;
  let lastMover: Color | null = null;
  const gamePhaseMoves = { B: 0, W: 0 };
  // Zhang 3.1: the record's last two passes are both players abandoning
  const n = record.moves.length;
  const abandonFrom = rules.end === "zhang-virtual" && n >= 2 && record.moves[n - 1].x === null &&
    record.moves[n - 2].x === null && !record.moves[n - 1].offBoard && !record.moves[n - 2].offBoard ? n - 2 : n;

  const stop = (m: MoveRuling, by: Color, foul: boolean, reason: EndReason = "illegal-move") => {
    moves.push(m);
    illegal = { by, foul };
    end = { reason, atMove: m.n, rule: m.rule ?? clauseFor(rules, "illegal") };
  };
  const cycleMoves = (from: number, to: number) => hist.slice(from + 1, to + 1);
  const describe = (list: HistoryEntry[]) => list.map((e) => e.kind === "pass" ? `${e.color} pass` : `${e.color} ${gtp(e.point as number)}`);
  const report = (s: number, list: HistoryEntry[], ruling: string, by: Color, reason?: string) => {
    const shape = classifyCycle(list);
    const last = list[list.length - 1];
    cycles.push({ firstMove: s, repeatMove: last.n, period: list.length, kind: shape.kind, captures: shape.captures,
      // false when a rule stopped the cycle before the position came back (Ing's hot stones
      // forbid a k:k retake, and the early twin-stone ban, whether or not anything repeats)
      ruling, by, closes: hist[s].P === last.P, situational: hist[s].S === last.S, moves: describe(list),
      capturePoints: [...new Set(list.flatMap((e) => e.captures))].map(gtp), ...(reason ? { reason } : {}) });
  };

  for (let i = 0; i < n; i++) {
    const m = record.moves[i];
    const num = i + 1;
    if (end) {
      movesAfterEnd = n - i;
      break;
    }
    const hash = () => hex(game.boardHash());
    if (m.offBoard) {
      stop({ n: num, color: m.color, point: null, sgf: m.raw, legal: false, reason: "off-board", captures: [],
        selfCaptures: [], hash: hash(), rule: "RULES.md 0: a move is a point of the board (a foul)" }, m.color, true);
      continue;
    }
    if (lastMover === m.color && rules.consecutiveMoves === "foul") {
      stop({ n: num, color: m.color, point: m.x === null ? "pass" : gtp(m.y! * width + m.x), legal: false,
        reason: "two-moves", captures: [], selfCaptures: [], hash: hash(),
        rule: `${clauseFor(rules, "illegal")}: two moves in a row is a foul` }, m.color, true);
      continue;
    }
    lastMover = m.color;

    if ((m.x === null || m.y === null) && i === 0 && !hasSetup && rules.openingPass === "forbidden") {
      stop({ n: num, color: m.color, point: "pass", legal: false, reason: "opening-pass", captures: [], selfCaptures: [],
        hash: hash(), rule: "ing 1.1 (對局以實手開局: the game opens with a real move)" }, m.color, false);
      continue;
    }
    if (m.x === null || m.y === null) {
      const abandon = i >= abandonFrom;
      game.pass(m.color);
      if (!abandon && rules.passesInHash) virtual[m.color]++;
      const S = game.situationHash(other(m.color));
      hist.push({ kind: "pass", n: num, color: m.color, point: null, captures: [], selfCaptures: [], noChange: true,
        P: game.boardHash(), S, Z: wholeBoard(S), abandon });
      moves.push({ n: num, color: m.color, point: "pass", legal: true, reason: null, captures: [], selfCaptures: [], hash: hash() });
      // the board stands again after a pass: the latest occurrence gives the shortest cycle
      boards.set(game.boardHash(), hist.length - 1);
      for (const r of repetition) r.after(hist);
      const ev = flow.onPass(m.color, num, abandon, game.boardHash());
      if (ev.kind === "end") end = { reason: ev.reason, atMove: num, rule: ev.rule };
      continue;
    }

    const index = m.y * width + m.x;
    const point = gtp(index);
    if (flow.phase === "paused" && rules.resumeClearsHistory) {
      // grand 4.4: on resumption the suspended position is the new start
      game.restartHistory(m.color);
    }
    const a = game.tryPlay(m.x, m.y, m.color);
    if (!a.ok) {
      let reason = a.reason ?? "illegal";
      // a single-stone suicide changes nothing (ing 1.3: 變窮)
      if (reason === "suicide" && rules.suicide === "multi-stone") reason = "no-change";
      const foul = reason === "occupied";
      const rule = foul ? `${clauseFor(rules, "occupied")} (a foul)` : clauseFor(rules, reason === "no-change" ? "suicide" : reason);
      const t = hist.length - 1;
      if (reason === "ko" || reason === "superko") {
        const probe = game.probeIgnoringRepetition(m.x, m.y, m.color);
        const S = a.hashAfter ^ game.situationHash(other(m.color)) ^ game.boardHash();
        const s = reason === "ko" ? t - 1 : coreKo(rules) === "psk" ? (boards.get(a.hashAfter) ?? -1) : latestSituation(hist, S);
        if (s >= 0) {
          report(s, [...cycleMoves(s, t), { kind: "play", n: num, color: m.color, point: index, captures: probe.captures,
            selfCaptures: probe.selfCaptures, noChange: probe.noChange, P: a.hashAfter, S, Z: S }], "forbidden", m.color, reason);
        }
      }
      stop({ n: num, color: m.color, point, legal: false, reason, captures: [], selfCaptures: [], hash: hash(), rule }, m.color, foul);
      continue;
    }
    const S = game.situationHash(other(m.color));
    const proposal = { color: m.color, point: index, captures: a.captures, noChange: a.noChange, P: a.hashAfter, S, Z: wholeBoard(S) };
    let refusal = null;
    for (const r of repetition) {
      refusal = r.check(proposal, hist);
      if (refusal) break;
    }
    if (refusal) {
      game.rollback();
      const t = hist.length - 1;
      if (refusal.s >= 0) {
        report(refusal.s, [...cycleMoves(refusal.s, t), { ...proposalEntry(proposal, num), selfCaptures: a.selfCaptures }],
          "forbidden", m.color, refusal.reason);
      }
      stop({ n: num, color: m.color, point, legal: false, reason: refusal.reason, captures: [], selfCaptures: [],
        hash: hash(), rule: refusal.rule }, m.color, false);
      continue;
    }
    game.commit(other(m.color));
    if (flow.phase === "play") gamePhaseMoves[m.color]++;
    hist.push({ kind: "play", n: num, color: m.color, point: index, captures: a.captures, selfCaptures: a.selfCaptures,
      noChange: a.noChange, P: a.hashAfter, S, Z: proposal.Z });
    moves.push({ n: num, color: m.color, point, legal: true, reason: null, captures: a.captures.map(gtp),
      selfCaptures: a.selfCaptures.map(gtp), hash: hex(a.hashAfter) });
    let ingNote = null;
    for (const r of repetition) ingNote = r.after(hist) ?? ingNote;
    let voidRule: string | null = null;
    for (const r of repetition) voidRule = r.voids(hist) ?? voidRule;

    // report the board recurring (any side to move) once per loop
    const t = hist.length - 1;
    const s = boards.get(a.hashAfter);
    boards.set(a.hashAfter, t);
    if (s !== undefined) {
      const continuing = lastLoop && s === lastLoop.s + (t - lastLoop.t);
      if (!continuing || voidRule) report(s, cycleMoves(s, t), voidRule ? "no-result" : "allowed", m.color);
      lastLoop = { s, t };
      const c = cycles[cycles.length - 1];
      if (ingNote?.ing && c && c.repeatMove === num && ingNote.s === s) {
        c.ing = { kind: ingNote.ing.kind, initiator: ingNote.ing.initiator };
        c.by = ingNote.ing.initiator;
        c.ruling = voidRule ? "no-result" : `allowed once: ${ingNote.ing.initiator} may not go round again`;
      }
    }
    if (voidRule) {
      voided = true;
      end = { reason: "cycle", atMove: num, rule: voidRule };
      continue;
    }
    const ev = flow.onPlay(m.color, a.noChange);
    if (ev.kind === "end") end = { reason: ev.reason, atMove: num, rule: ev.rule };
  }
  if (!end) {
    const recordedEnd = normaliseResult(record.result);
    const ev = flow.atRecordEnd(n);
    end = recordedEnd && /^[BW]\+R$/.test(recordedEnd) && ev.kind === "end" && ev.reason === "record-ended"
      ? { reason: "resignation", atMove: n, rule: "the record's RE: resignation" }
      : ev.kind === "end" ? { reason: ev.reason, atMove: n, rule: ev.rule } : { reason: "record-ended", atMove: n, rule: "the record ends here" };
  }
  const theEnd = end as Ruling["end"];
  const notes: string[] = [...(opts.notes ?? [])];

  // dead stones: each listed point names its whole string
  const finalBoard = game.board();
  // read everything needed from this game before a prover takes over the core
  const prisoners = { black: game.prisoners("B"), white: game.prisoners("W") };
  const deadSet = new Set<number>();
  // tromp-taylor, zhang 3.6: every stone on the board counts as it stands
  const deadIgnored = rules.deadStones === "stay" && opts.dead !== "none";
  const deadPoints = typeof opts.dead === "string" || deadIgnored ? [] : opts.dead;
  for (const v of deadPoints) {
    const i = deadIndex(v, width, height);
    if (finalBoard[i] === 0) throw new ArbiterError(`--dead ${v}: there is no stone at ${v} in the final position`);
    for (const j of game.stringAt(i % width, Math.floor(i / width))) deadSet.add(j);
  }
  if (!deadIgnored) for (const i of opts.deadIndices ?? []) deadSet.add(i);
  // what the players agreed: the record's marks (read before a prover takes over the core)
  const agreed = record.marks && !record.marks.error ? markedDead(record.marks, finalBoard, game) : undefined;
  if (opts.dead === "sgf") {
    if (!record.marks) throw new ArbiterError("--dead sgf: the record marks no dead stones (no TB, TW or DD in its last moves)");
    if (record.marks.error) throw new ArbiterError(`--dead sgf: ${record.marks.error}`);
    if (!deadIgnored) for (const p of agreed!) deadSet.add(p);
  }
  let disputes: Dispute[] | undefined;
  if (opts.dead === "auto" && !deadIgnored) {
    const lastMover = record.moves.length ? record.moves[record.moves.length - 1].color : other(firstToMove);
    const first = disputeFirstMover(rules, other(lastMover), flow.endRequester);
    if (!opts.settle) throw new ArbiterError("--dead auto: no prover was given to settle the disputes (call refereeRecord in src/api)");
    const settled = opts.settle({ width, height, board: finalBoard }, rules, first,
      opts.proveBudget ?? DISPUTE_BUDGET, agreed);
    for (const p of settled.dead) deadSet.add(p);
    disputes = settled.disputes;
  }
  const dead = [...deadSet].sort((x, y) => x - y);
  const keptStones = `${rules.name === "zhang" ? "zhang 3.6" : `the rule set (${rules.name})`}: no stones are removed after the end; every stone on the board counts`;
  if (deadIgnored) notes.push(`--dead ${typeof opts.dead === "string" ? opts.dead : opts.dead.join(",")} is not applied: ${keptStones}`);

  const toIndices = (list: string[] | undefined) => (list ?? []).map((v) => deadIndex(v, width, height));
  const facts = factsFromMoves(moves, {
    gamePhase: gamePhaseMoves, askedToEnd: flow.endRequester,
    prisoners });
  if (opts.own) facts.own = { black: toIndices(opts.own.B), white: toIndices(opts.own.W) };
  if (opts.seki) facts.seki = toIndices(opts.seki);
  // handicap stones placed before play (ing's handicap by passes gives no compensation)
  if (hasSetup && handicapGame && rules.handicap === "placed") facts.handicap = record.handicap;
  const score = countFinal({ width, height, board: finalBoard, dead }, rules, facts);
  const lazy = score.breakdown.laziness;
  const recorded = normaliseResult(record.result);
  let result: string;
  let decidedBy: Ruling["decidedBy"];
  let finalScore: Score | null = score;
  const ill = illegal as { by: Color; foul: boolean } | null;
  if (voided) {
    result = "Void";
    decidedBy = "cycle";
  } else if (ill && (ill.foul || rules.illegalMove === "forfeit")) {
    result = `${other(ill.by)}+F`;
    decidedBy = "forfeit";
    finalScore = null;
  } else if (theEnd.reason === "resignation" && recorded) {
    result = recorded;
    decidedBy = "resignation";
    finalScore = null;
  } else if (theEnd.reason === "record-ended" && recorded && /^[BW]\+[TF]$/.test(recorded)) {
    result = recorded;
    decidedBy = recorded.endsWith("T") ? "time" : "forfeit";
    finalScore = null;
  } else if (theEnd.reason === "record-ended" && opts.unfinished !== "count" && !isCount(recorded)) {
    // play never ended and the players did not count: there is no result to give
    result = "?";
    decidedBy = "record-ended";
    notes.push("the record ends before play ended (no ending passes) and its RE holds no count: no result");
  } else if (lazy?.failed && lazy.against && theEnd.reason === "null-moves") {
    // new-ing 2.8: the player who asked to end with 荒空 left on the board loses
    result = `${other(lazy.against)}+F`;
    decidedBy = "laziness";
  } else {
    result = resultOf(score, rules.tie);
    decidedBy = "count";
  }
  // time (ing 1.10, new-ing 2.x 违时终局): a loss on time decides a game that was counted or
  // left unfinished; penalty points move the count
  const time = opts.time ? ruleOnTime(opts.time.control, opts.time.used, rules.timeRule) : undefined;
  if (time && (decidedBy === "count" || decidedBy === "record-ended" || decidedBy === "laziness")) {
    if (time.lostOnTime) {
      result = `${other(time.lostOnTime)}+T`;
      decidedBy = "time";
      finalScore = null; // DESIGN.md: no count for a game lost on time
    } else if (time.net.against && finalScore?.threshold !== undefined) {
      notes.push("penalty points are not applied: the rule set counts against a threshold (new-ing 2.10), which has no place for them");
    } else if (time.net.against && decidedBy === "count" && finalScore && finalScore.threshold === undefined) {
      finalScore.penalty = { against: time.net.against, points: time.net.points, stones: time.stones };
      // 002 §4 區位: in the fill-in count the points are stones (二點折一子)
      if (finalScore.breakdown.fillIn) finalScore.breakdown.fillIn.penaltyStones = { against: time.net.against, stones: time.stones };
      result = resultOf(finalScore, rules.tie);
    }
  } else if (time && (time.lostOnTime || time.net.against)) {
    notes.push(`the ruling on time is not applied: the game was decided by ${decidedBy}`);
  }
  return {
    rules,
    rulesFrom: opts.rulesFrom,
    size: { width, height },
    moves,
    cycles,
    end: theEnd,
    score: finalScore,
    result,
    decidedBy,
    dead: dead.map(gtp),
    ...(deadIgnored ? { deadIgnored: keptStones } : {}),
    ...(disputes ? { disputes } : {}),
    notes,
    movesAfterEnd,
    gamePhaseMoves,
    endRequester: flow.endRequester,
    ...(time ? { time } : {}),
    record: { result: record.result, agrees: recorded === null ? null : sameResult(recorded, result) },
  };
}

function latestSituation(hist: HistoryEntry[], S: bigint): number {
  for (let s = hist.length - 1; s >= 0; s--) if (hist[s].S === S) return s;
  return -1;
}

/** The stones the players marked dead: stones on the other side's territory marks (TB, TW: KGS
 *  marks dead stones so) and DD; each names its whole string. */
function markedDead(marks: NonNullable<GameRecord["marks"]>, board: Uint8Array, game: Game): Set<number> {
  const out = new Set<number>();
  const mark = (p: number) => { for (const q of game.stringAt(p % game.width, Math.floor(p / game.width))) out.add(q); };
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
