// The referee of play, move by move (DESIGN.md 3): each move of a game is ruled on as it comes,
// under one rule set, with the positions, cycles, passes and end of play it depends on. The
// batch `referee()` (referee.ts) is a loop over it; the GTP engine keeps one per game.
import { Game } from "../core/game.js";
import { indexToGtp } from "../core/coords.js";
import { other, type Color } from "../core/codes.js";
import type { RecordMove } from "../record/record.js";
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { clauseFor } from "./clauses.js";
import type { HistoryEntry } from "./history.js";
import { repetitionRules, proposalEntry, type Proposal, type RepetitionRule } from "./repetition.js";
import { PlayFlow, type EndReason } from "./flow.js";
import { classifyCycle } from "./cycles.js";

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

export interface CycleReport extends Cycle {
  /** the play brings back the position after firstMove */
  closes: boolean;
  situational: boolean;
  moves: string[];
  capturePoints: string[];
  reason?: string;
  ing?: { kind: "fighting" | "disturbing"; initiator: Color };
}

export interface PlayEnd { reason: EndReason; atMove: number; rule: string }

/** Where a game starts. */
export interface PlayStart {
  width: number;
  height: number;
  /** the rule set the game is played under (with a handicap game's komi and tie already set) */
  rules: RuleSet;
  /** stones on the board before the first move (row-major 0/1/2), if any */
  setup?: ArrayLike<number>;
  firstToMove: Color;
  /** the moves the record holds (a bound for the core's history; GTP games grow) */
  maxMoves?: number;
}

/** Whether a move may be played now, and if not, why and under which clause. */
export interface Legality { legal: boolean; reason: string | null; rule?: string }

const hex = (h: bigint) => h.toString(16).padStart(16, "0");

/** A stone play the core accepted and no repetition rule refused (committed or rolled back next). */
interface Tried { index: number; a: ReturnType<Game["tryPlay"]>; proposal: Proposal }
/** A refusal, with the cycle it closes where a repetition rule refused it. */
interface Refused { legality: Legality & { reason: string }; foul: boolean; cycleFrom?: number; proposal?: Proposal & { selfCaptures: number[] } }

export class Referee {
  readonly width: number;
  readonly height: number;
  readonly rules: RuleSet;
  readonly firstToMove: Color;
  readonly moves: MoveRuling[] = [];
  readonly cycles: CycleReport[] = [];
  /** stone plays each side made before the first pause (Grand 4.5) */
  readonly gamePhaseMoves = { B: 0, W: 0 };
  /** the end of play, once it came */
  end: PlayEnd | null = null;
  /** the move that ended play by being illegal, and whether it was a foul */
  illegal: { by: Color; foul: boolean } | null = null;
  /** a cycle voided the game (no result) */
  voided = false;
  private readonly game: Game;
  private readonly hasSetup: boolean;
  private readonly hist: HistoryEntry[];
  private readonly repetition: RepetitionRule[];
  private readonly flow: PlayFlow;
  /** the latest move after which each board stood (for reporting recurrences) */
  private readonly boards = new Map<bigint, number>();
  private lastLoop: { s: number; t: number } | null = null;
  private lastMover: Color | null = null;
  /** Zhang 3.3: each player's virtual moves, part of the whole-board position */
  private readonly virtual = { B: 0, W: 0 };

  constructor(start: PlayStart) {
    const { width, height, rules, firstToMove } = start;
    this.width = width;
    this.height = height;
    this.rules = rules;
    this.firstToMove = firstToMove;
    this.hasSetup = !!start.setup && Array.prototype.some.call(start.setup, (c: number) => c !== 0);
    this.game = new Game({ width, height, suicide: rules.suicide, ko: coreKo(rules), toMove: firstToMove,
      maxMoves: start.maxMoves ?? undefined });
    if (this.hasSetup) this.game.setup(start.setup!, firstToMove);
    const S = this.game.situationHash(firstToMove);
    this.hist = [{ kind: "start", n: 0, color: null, point: null, captures: [], selfCaptures: [],
      noChange: false, P: this.game.boardHash(), S, Z: this.wholeBoard(S) }];
    this.repetition = repetitionRules(rules, this.hist[0], rules.ingTwin);
    this.flow = new PlayFlow(rules);
    this.boards.set(this.hist[0].P, 0);
  }

  /** New Ing: the player who asked to end */
  get endRequester(): Color | null { return this.flow.endRequester; }
  /** Whether the referee still holds the thread's core: a search or another game made since
   *  takes it over, and this referee must then be rebuilt (its moves played again). */
  get current(): boolean { return this.game.current; }
  /** moves played (legal or not) */
  get played(): number { return this.moves.length; }

  /** Whether `m` may be played now; nothing changes. */
  isLegal(m: RecordMove): Legality {
    if (this.end) return { legal: false, reason: "ended", rule: `play has ended (${this.end.reason} at move ${this.end.atMove})` };
    const t = this.assess(m);
    if (t === "pass") return { legal: true, reason: null };
    if ("legality" in t) return t.legality;
    this.game.rollback();
    return { legal: true, reason: null };
  }

  /** Rules on `m` and plays it when legal; an illegal move ends play. `abandon`: Zhang's
   *  abandon move (3.1: the record's last two passes). Null once play has ended. */
  play(m: RecordMove, abandon = false): MoveRuling | null {
    if (this.end) return null;
    const num = this.moves.length + 1;
    const t = this.assess(m);
    if (t !== "pass" && "legality" in t) return this.refuse(m, num, t);
    this.lastMover = m.color;
    return t === "pass" ? this.pass(m.color, num, abandon) : this.stone(m.color, num, t);
  }

  /** The record ends here: a pause counts as an end by agreement, a resignation in RE ends
   *  play; otherwise play never ended (`record-ended`). */
  closeRecord(recorded: string | null): PlayEnd {
    if (this.end) return this.end;
    const n = this.moves.length;
    const ev = this.flow.atRecordEnd(n);
    this.end = recorded && /^[BW]\+R$/.test(recorded) && ev.kind === "end" && ev.reason === "record-ended"
      ? { reason: "resignation", atMove: n, rule: "the record's RE: resignation" }
      : ev.kind === "end" ? { reason: ev.reason, atMove: n, rule: ev.rule } : { reason: "record-ended", atMove: n, rule: "the record ends here" };
    return this.end;
  }

  /** The board now (row-major 0/1/2), and each side's prisoners. */
  board(): Uint8Array { return this.game.board(); }
  prisoners(): { black: number; white: number } { return { black: this.game.prisoners("B"), white: this.game.prisoners("W") }; }
  /** The stones of the string at a point (row-major indices). */
  stringAt(i: number): number[] { return this.game.stringAt(i % this.width, Math.floor(i / this.width)); }

  private gtp(i: number): string { return indexToGtp(i, this.width, this.height); }

  private wholeBoard(S: bigint): bigint {
    return this.rules.passesInHash ? S ^ this.game.passCountKey("B", this.virtual.B) ^ this.game.passCountKey("W", this.virtual.W) : S;
  }

  /** The verdict on `m` before anything is recorded: refused, a pass, or a stone play the core
   *  has tried (the board holds it until commit or rollback). */
  private assess(m: RecordMove): Refused | "pass" | Tried {
    const rules = this.rules;
    if (m.offBoard) return { legality: { legal: false, reason: "off-board", rule: "RULES.md 0: a move is a point of the board (a foul)" }, foul: true };
    if (this.lastMover === m.color && rules.consecutiveMoves === "foul") {
      return { legality: { legal: false, reason: "two-moves", rule: `${clauseFor(rules, "illegal")}: two moves in a row is a foul` }, foul: true };
    }
    if (m.x === null || m.y === null) {
      if (this.moves.length === 0 && !this.hasSetup && rules.openingPass === "forbidden") {
        return { legality: { legal: false, reason: "opening-pass", rule: "ing 1.1 (對局以實手開局: the game opens with a real move)" }, foul: false };
      }
      return "pass";
    }
    // grand 4.4: on resumption the suspended position is the new start (whether or not this
    // move stands, the next stone play resumes from it)
    if (this.flow.phase === "paused" && rules.resumeClearsHistory) this.game.restartHistory(m.color);
    const index = m.y * this.width + m.x;
    const a = this.game.tryPlay(m.x, m.y, m.color);
    if (!a.ok) return this.coreRefusal(m, index, a);
    const S = this.game.situationHash(other(m.color));
    const proposal = { color: m.color, point: index, captures: a.captures, noChange: a.noChange, P: a.hashAfter, S, Z: this.wholeBoard(S) };
    for (const r of this.repetition) {
      const refusal = r.check(proposal, this.hist);
      if (!refusal) continue;
      this.game.rollback();
      return { legality: { legal: false, reason: refusal.reason, rule: refusal.rule }, foul: false,
        ...(refusal.s >= 0 ? { cycleFrom: refusal.s, proposal: { ...proposal, selfCaptures: a.selfCaptures } } : {}) };
    }
    return { index, a, proposal };
  }

  /** A play the core refused (occupied, suicide, ko, superko), with the cycle a ko closes. */
  private coreRefusal(m: RecordMove, index: number, a: ReturnType<Game["tryPlay"]>): Refused {
    const rules = this.rules;
    let reason = a.reason ?? "illegal";
    // a single-stone suicide changes nothing (ing 1.3: 變窮)
    if (reason === "suicide" && rules.suicide === "multi-stone") reason = "no-change";
    const foul = reason === "occupied";
    const rule = foul ? `${clauseFor(rules, "occupied")} (a foul)` : clauseFor(rules, reason === "no-change" ? "suicide" : reason);
    if (reason !== "ko" && reason !== "superko") return { legality: { legal: false, reason, rule }, foul };
    const t = this.hist.length - 1;
    const probe = this.game.probeIgnoringRepetition(m.x!, m.y!, m.color);
    const S = a.hashAfter ^ this.game.situationHash(other(m.color)) ^ this.game.boardHash();
    const s = reason === "ko" ? t - 1 : coreKo(rules) === "psk" ? (this.boards.get(a.hashAfter) ?? -1) : latestSituation(this.hist, S);
    const proposal = { color: m.color, point: index, captures: probe.captures, selfCaptures: probe.selfCaptures,
      noChange: probe.noChange, P: a.hashAfter, S, Z: S };
    return { legality: { legal: false, reason, rule }, foul, ...(s >= 0 ? { cycleFrom: s, proposal } : {}) };
  }

  /** An illegal move: recorded, with the cycle it would close, and play ends. */
  private refuse(m: RecordMove, num: number, r: Refused): MoveRuling {
    if (r.cycleFrom !== undefined && r.proposal) {
      const t = this.hist.length - 1;
      this.report(r.cycleFrom, [...this.hist.slice(r.cycleFrom + 1, t + 1), { ...proposalEntry(r.proposal, num), selfCaptures: r.proposal.selfCaptures }],
        "forbidden", m.color, r.legality.reason);
    }
    const point = m.offBoard ? null : m.x === null || m.y === null ? "pass" : this.gtp(m.y * this.width + m.x);
    const ruling: MoveRuling = { n: num, color: m.color, point, ...(m.offBoard ? { sgf: m.raw } : {}), legal: false,
      reason: r.legality.reason, captures: [], selfCaptures: [], hash: hex(this.game.boardHash()),
      rule: r.legality.rule ?? clauseFor(this.rules, "illegal") };
    this.moves.push(ruling);
    this.illegal = { by: m.color, foul: r.foul };
    this.end = { reason: "illegal-move", atMove: num, rule: ruling.rule! };
    return ruling;
  }

  private pass(color: Color, num: number, abandon: boolean): MoveRuling {
    const game = this.game;
    game.pass(color);
    if (!abandon && this.rules.passesInHash) this.virtual[color]++;
    const S = game.situationHash(other(color));
    this.hist.push({ kind: "pass", n: num, color, point: null, captures: [], selfCaptures: [], noChange: true,
      P: game.boardHash(), S, Z: this.wholeBoard(S), abandon });
    const ruling: MoveRuling = { n: num, color, point: "pass", legal: true, reason: null, captures: [], selfCaptures: [], hash: hex(game.boardHash()) };
    this.moves.push(ruling);
    // the board stands again after a pass: the latest occurrence gives the shortest cycle
    this.boards.set(game.boardHash(), this.hist.length - 1);
    for (const r of this.repetition) r.after(this.hist);
    const ev = this.flow.onPass(color, num, abandon, game.boardHash());
    if (ev.kind === "end") this.end = { reason: ev.reason, atMove: num, rule: ev.rule };
    return ruling;
  }

  private stone(color: Color, num: number, t: Tried): MoveRuling {
    const { index, a, proposal } = t;
    this.game.commit(other(color));
    if (this.flow.phase === "play") this.gamePhaseMoves[color]++;
    this.hist.push({ kind: "play", n: num, color, point: index, captures: a.captures, selfCaptures: a.selfCaptures,
      noChange: a.noChange, P: a.hashAfter, S: proposal.S, Z: proposal.Z });
    const ruling: MoveRuling = { n: num, color, point: this.gtp(index), legal: true, reason: null, captures: a.captures.map((p) => this.gtp(p)),
      selfCaptures: a.selfCaptures.map((p) => this.gtp(p)), hash: hex(a.hashAfter) };
    this.moves.push(ruling);
    let ingNote = null;
    for (const r of this.repetition) ingNote = r.after(this.hist) ?? ingNote;
    let voidRule: string | null = null;
    for (const r of this.repetition) voidRule = r.voids(this.hist) ?? voidRule;
    this.recurrence(a.hashAfter, color, num, voidRule, ingNote);
    if (voidRule) {
      this.voided = true;
      this.end = { reason: "cycle", atMove: num, rule: voidRule };
      return ruling;
    }
    const ev = this.flow.onPlay(color, a.noChange);
    if (ev.kind === "end") this.end = { reason: ev.reason, atMove: num, rule: ev.rule };
    return ruling;
  }

  /** Reports the board recurring (any side to move), once per loop, with Ing's reading of it. */
  private recurrence(P: bigint, color: Color, num: number, voidRule: string | null,
    ingNote: ReturnType<RepetitionRule["after"]>): void {
    const t = this.hist.length - 1;
    const s = this.boards.get(P);
    this.boards.set(P, t);
    if (s === undefined) return;
    const continuing = this.lastLoop && s === this.lastLoop.s + (t - this.lastLoop.t);
    if (!continuing || voidRule) this.report(s, this.hist.slice(s + 1, t + 1), voidRule ? "no-result" : "allowed", color);
    this.lastLoop = { s, t };
    const c = this.cycles[this.cycles.length - 1];
    if (ingNote?.ing && c && c.repeatMove === num && ingNote.s === s) {
      c.ing = { kind: ingNote.ing.kind, initiator: ingNote.ing.initiator };
      c.by = ingNote.ing.initiator;
      c.ruling = voidRule ? "no-result" : `allowed once: ${ingNote.ing.initiator} may not go round again`;
    }
  }

  private report(s: number, list: HistoryEntry[], ruling: string, by: Color, reason?: string): void {
    const shape = classifyCycle(list);
    const last = list[list.length - 1];
    const describe = (e: HistoryEntry) => e.kind === "pass" ? `${e.color} pass` : `${e.color} ${this.gtp(e.point as number)}`;
    this.cycles.push({ firstMove: s, repeatMove: last.n, period: list.length, kind: shape.kind, captures: shape.captures,
      // false when a rule stopped the cycle before the position came back (Ing's hot stones
      // forbid a k:k retake, and the early twin-stone ban, whether or not anything repeats)
      ruling, by, closes: this.hist[s].P === last.P, situational: this.hist[s].S === last.S, moves: list.map(describe),
      capturePoints: [...new Set(list.flatMap((e) => e.captures))].map((p) => this.gtp(p)), ...(reason ? { reason } : {}) });
  }
}

function latestSituation(hist: HistoryEntry[], S: bigint): number {
  for (let s = hist.length - 1; s >= 0; s--) if (hist[s].S === S) return s;
  return -1;
}
