// The referee of play, move by move (DESIGN.md 3): each move of a game is ruled on as it comes,
// under one rule set, with the positions, cycles, passes and end of play it depends on. The
// batch `referee()` (referee.ts) is a loop over it; the GTP engine keeps one per game.
import { Game, type Removed } from "../core/game.js";
import { vertexTable } from "../core/coords.js";
import { other, MAX_HISTORY, type Color } from "../core/codes.js";
import type { RecordMove } from "../record/record.js";
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { clauseFor, endClause, repetitionClause, voidClause } from "./clauses.js";
import { ruleKnobs, refereeEnd, REASONS, END, type EndReason } from "./knobs.js";
import { classifyCycle, isFighting, type CycleMove } from "./cycles.js";
import * as C from "../../assembly/codes.js";

export type { EndReason };

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

// hashes as 16 hex digits, from a byte table (Number.toString(16) per move was a third of the referee's time)
const HEX2 = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const hex32 = (v: number) => HEX2[(v >>> 24) & 255] + HEX2[(v >>> 16) & 255] + HEX2[(v >>> 8) & 255] + HEX2[v & 255];
const hex = (h: bigint) => hex32(Number(h >> 32n)) + hex32(Number(h & 0xffffffffn));
/** The board hash the engine's ruling words hold (the board after the latest call). */
const hexWords = (w: Int32Array) => hex32(w[C.RW_HASH_HI]) + hex32(w[C.RW_HASH_LO]);

const NO_POINTS = Object.freeze([]) as unknown as string[];

/** playQuietly's moves before they go to the core, kept between calls (on node 20 a typed array of
 *  more than 64 bytes costs an allocation of its own, per game and rule set here) */
let replayWords = new Uint16Array(512);

/** A move as the referee's reports read it: its shape, the board after it (hex) and who is to move. */
interface Entry extends CycleMove { hash: string; next: Color }

/** A stone play the rule engine accepted (made on the board, with `commit`). */
interface Accepted { index: number }
/** A refusal, with the earlier entry whose position the play would repeat, if any. */
interface Refused { legality: Legality & { reason: string }; foul: boolean; cycleFrom?: number }

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
  /** New Ing: the player who asked to end */
  endRequester: Color | null = null;
  /** the legal stone plays and passes of each side so far (the count's facts) */
  readonly tally = { stones: { black: 0, white: 0 }, passes: { black: 0, white: 0 } };
  /** moves played by playQuietly, with no ruling kept for each */
  private quietMoves = 0;
  private readonly game: Game;
  private readonly hasSetup: boolean;
  /** the moves as the cycle reports read them (the rules themselves are the engine's) */
  private readonly hist: Entry[];
  private lastMover: Color | null = null;
  private paused = false;
  private readonly vertices: readonly string[];

  constructor(start: PlayStart) {
    const { width, height, rules, firstToMove } = start;
    this.width = width;
    this.height = height;
    this.rules = rules;
    this.firstToMove = firstToMove;
    this.vertices = vertexTable(width, height);
    this.hasSetup = !!start.setup && Array.prototype.some.call(start.setup, (c: number) => c !== 0);
    this.game = new Game({ width, height, suicide: rules.suicide, ko: coreKo(rules), toMove: firstToMove,
      maxMoves: start.maxMoves ?? undefined });
    if (this.hasSetup) this.game.setup(start.setup!, firstToMove);
    this.game.startRules(ruleKnobs(rules), firstToMove, start.maxMoves ?? MAX_HISTORY);
    this.hist = [{ kind: "start", n: 0, color: null, point: null, captures: [], selfCaptures: [], noChange: false,
      hash: hexWords(this.game.ruling()), next: firstToMove }];
  }

  /** Whether the referee still holds the thread's core: a search or another game made since
   *  takes it over, and this referee must then be rebuilt (its moves played again). */
  get current(): boolean { return this.game.current; }
  /** moves played (legal or not) */
  get played(): number { return this.quietMoves + this.moves.length; }

  /** Whether `m` may be played now; nothing changes. */
  isLegal(m: RecordMove): Legality {
    if (this.end) return { legal: false, reason: "ended", rule: `play has ended (${this.end.reason} at move ${this.end.atMove})` };
    const t = this.assess(m, false);
    return t === "pass" || !("legality" in t) ? { legal: true, reason: null } : t.legality;
  }

  /** Rules on `m` and plays it when legal; an illegal move ends play. `abandon`: Zhang's
   *  abandon move (3.1: the record's last two passes). Null once play has ended. */
  play(m: RecordMove, abandon = false): MoveRuling | null {
    if (this.end) return null;
    // a quiet replay kept no history for the cycle reports: it plays a whole record or nothing
    if (this.quietMoves) throw new Error("internal: a move played after a quiet replay");
    const num = this.played + 1;
    const t = this.assess(m, true);
    if (t !== "pass" && "legality" in t) return this.refuse(m, num, t);
    this.lastMover = m.color;
    return t === "pass" ? this.pass(m.color, num, abandon) : this.stone(m.color, num, t);
  }

  /**
   * Plays a record's moves from the start in one call to the core, keeping no ruling per move,
   * as long as none needs one (corpus replay): play that ends leaves the rest unplayed. Returns
   * false, with this referee spent (start a new one and play move by move), at a move the
   * referee must rule on itself: an off-board point, two moves of one colour in a row, an
   * opening pass, a refused play, a recurring board, a void. `abandonFrom` as in playRecord.
   */
  playQuietly(moves: readonly RecordMove[], abandonFrom: number): boolean {
    if (this.played || this.end) return false;
    const n = moves.length;
    if (replayWords.length < n) replayWords = new Uint16Array(Math.max(n, 2 * replayWords.length));
    const words = replayWords.subarray(0, n);
    let last: Color | null = null;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      if (m.offBoard || m.color === last) return false;
      last = m.color;
      const white = m.color === "W" ? C.REPLAY_WHITE : 0;
      if (m.x === null || m.y === null) {
        if (i === 0) return false;
        words[i] = C.REPLAY_PASS | white;
      } else words[i] = (m.y * this.width + m.x) | white;
    }
    const r = this.game.rulesReplay(words, abandonFrom);
    if (r.status === C.REPLAY_NEEDS_REFEREE) return false;
    for (let i = 0; i < r.played; i++) {
      const m = moves[i];
      const side = m.color === "B" ? "black" : "white";
      if (m.x === null) this.tally.passes[side]++;
      else this.tally.stones[side]++;
    }
    this.quietMoves = r.played;
    if (r.played) this.lastMover = moves[r.played - 1].color;
    if (r.requester) this.endRequester = r.requester === C.BLACK ? "B" : "W";
    this.afterMove(r.played, this.game.ruling());
    return true;
  }

  /** The record ends here: a pause counts as an end by agreement, a resignation in RE ends
   *  play; otherwise play never ended (`record-ended`). */
  closeRecord(recorded: string | null): PlayEnd {
    if (this.end) return this.end;
    const n = this.played;
    const r = this.rules;
    // ing 1.5: "a record whose last moves are two passes is taken as paused and then ended by
    // agreement"; grand 4.4: after a suspension the players settle by agreement (协商终局)
    if (this.paused) {
      const rule = r.end === "ing-pairs" || r.end === "four-passes" ? "ing 1.5 (play paused and the record ends: ended by agreement)"
        : r.resumeClearsHistory ? "grand 4.4 (play suspended and the record ends: ended by agreement)"
        : "play paused and the record ends: ended by agreement";
      this.end = { reason: "two-passes", atMove: n, rule };
    } else if (recorded && /^[BW]\+R$/.test(recorded)) {
      this.end = { reason: "resignation", atMove: n, rule: "the record's RE: resignation" };
    } else this.end = { reason: "record-ended", atMove: n, rule: "the record ends here" };
    return this.end;
  }

  /** The board now (row-major 0/1/2), and each side's prisoners. */
  board(): Uint8Array { return this.game.board(); }
  /** Whether point i is an eye of c's as the light playouts read one (GTP's genmove). */
  ownEye(i: number, c: Color): boolean { return this.game.ownEye(i, c); }
  prisoners(): { black: number; white: number } { return { black: this.game.prisoners("B"), white: this.game.prisoners("W") }; }
  /** The stones of the string at a point (row-major indices). */
  stringAt(i: number): number[] { return this.game.stringAt(i % this.width, Math.floor(i / this.width)); }

  private gtp(i: number): string { return this.vertices[i]; }
  /** Points as vertices (most plays remove nothing: one shared empty list, never written to). */
  private named(points: readonly number[]): string[] {
    return points.length === 0 ? NO_POINTS : points.map((p) => this.vertices[p]);
  }

  /** The record-level checks (off the board, two moves in a row, the opening pass), then the
   *  rule engine's verdict on a stone play: refused, a pass, or accepted (made with `commit`). */
  private assess(m: RecordMove, commit: boolean): Refused | "pass" | Accepted {
    const rules = this.rules;
    if (m.offBoard) return { legality: { legal: false, reason: "off-board", rule: "docs/rules.md 0.3: a move is a point of the board (a foul)" }, foul: true };
    if (this.lastMover === m.color && rules.consecutiveMoves === "foul") {
      return { legality: { legal: false, reason: "two-moves", rule: `${clauseFor(rules, "illegal")}: two moves in a row is a foul` }, foul: true };
    }
    if (m.x === null || m.y === null) {
      if (this.played === 0 && !this.hasSetup && rules.openingPass === "forbidden") {
        return { legality: { legal: false, reason: "opening-pass", rule: "ing 1.1 (對局以實手開局: the game opens with a real move)" }, foul: false };
      }
      return "pass";
    }
    const code = this.game.rulesPlay(m.x, m.y, m.color, commit);
    if (code === C.R_OK) return { index: m.y * this.width + m.x };
    return this.refusal(code, this.game.ruling());
  }

  /** A refusal by the rule engine, with the clause it rests on. */
  private refusal(code: number, w: Int32Array): Refused {
    const rules = this.rules;
    const reason: string = REASONS[code] ?? `code ${code}`;
    const foul = reason === "occupied";
    const rule = foul ? `${clauseFor(rules, "occupied")} (a foul)`
      : reason === "hot-stone" || reason === "disturbing-cycle" || reason === "no-going-back" ? repetitionClause(reason, w[C.RW_HOT_STONES])
      : clauseFor(rules, reason === "no-change" ? "suicide" : reason);
    return { legality: { legal: false, reason, rule }, foul, ...(w[C.RW_REFUSED_FROM] >= 0 ? { cycleFrom: w[C.RW_REFUSED_FROM] } : {}) };
  }

  /** An illegal move: recorded, with the cycle it would close, and play ends. */
  private refuse(m: RecordMove, num: number, r: Refused): MoveRuling {
    if (r.cycleFrom !== undefined && m.x !== null && m.y !== null) {
      // what the play would have done with no repetition rule in its way (the board is kept)
      const a = this.game.probeIgnoringRepetition(m.x, m.y, m.color);
      const t = this.hist.length - 1;
      const entry: Entry = { kind: "play", n: num, color: m.color, point: m.y * this.width + m.x, captures: a.captures,
        selfCaptures: a.selfCaptures, noChange: a.noChange, hash: hex(a.hashAfter), next: other(m.color) };
      this.report(r.cycleFrom, [...this.hist.slice(r.cycleFrom + 1, t + 1), entry], "forbidden", m.color, r.legality.reason);
    }
    const point = m.offBoard ? null : m.x === null || m.y === null ? "pass" : this.gtp(m.y * this.width + m.x);
    const ruling: MoveRuling = { n: num, color: m.color, point, ...(m.offBoard ? { sgf: m.raw } : {}), legal: false,
      reason: r.legality.reason, captures: [], selfCaptures: [], hash: hexWords(this.game.ruling()),
      rule: r.legality.rule ?? clauseFor(this.rules, "illegal") };
    this.moves.push(ruling);
    this.illegal = { by: m.color, foul: r.foul };
    this.end = { reason: "illegal-move", atMove: num, rule: ruling.rule! };
    return ruling;
  }

  private pass(color: Color, num: number, abandon: boolean): MoveRuling {
    this.game.rulesPass(color, abandon);
    const w = this.game.ruling();
    const hash = hexWords(w);
    this.tally.passes[color === "B" ? "black" : "white"]++;
    this.hist.push({ kind: "pass", n: num, color, point: null, captures: [], selfCaptures: [], noChange: true, abandon, hash, next: other(color) });
    const ruling: MoveRuling = { n: num, color, point: "pass", legal: true, reason: null, captures: [], selfCaptures: [], hash };
    this.moves.push(ruling);
    this.afterMove(num, w);
    return ruling;
  }

  private stone(color: Color, num: number, t: Accepted): MoveRuling {
    const { captures, selfCaptures }: Removed = this.game.removed();
    const w = this.game.ruling();
    const hash = hexWords(w);
    this.tally.stones[color === "B" ? "black" : "white"]++;
    this.hist.push({ kind: "play", n: num, color, point: t.index, captures, selfCaptures, noChange: w[C.RW_NO_CHANGE] !== 0,
      hash, next: other(color) });
    const ruling: MoveRuling = { n: num, color, point: this.vertices[t.index], legal: true, reason: null,
      captures: this.named(captures), selfCaptures: this.named(selfCaptures), hash };
    this.moves.push(ruling);
    const tNow = this.hist.length - 1;
    const voidKind = w[C.RW_VOID_KIND];
    const voidRule = w[C.RW_ENDED] === END.cycle
      ? voidClause(this.rules, voidKind, voidKind === C.VOID_ZHANG_LONG ? classifyCycle(this.hist.slice(w[C.RW_VOID_FROM] + 1, tNow + 1)).kind : "")
      : null;
    if (w[C.RW_RECUR_FROM] >= 0) this.recurrence(w, color, num, voidRule);
    if (voidRule) this.voided = true;
    this.afterMove(num, w, voidRule);
    return ruling;
  }

  /** The phase, the stone plays before the first pause, and the end, as the engine has them. */
  private afterMove(num: number, w: Int32Array, voidRule: string | null = null): void {
    this.paused = w[C.RW_PHASE] === C.PHASE_PAUSED;
    this.gamePhaseMoves.B = w[C.RW_GAME_PHASE_B];
    this.gamePhaseMoves.W = w[C.RW_GAME_PHASE_W];
    if (w[C.RW_REQUESTER]) this.endRequester = w[C.RW_REQUESTER] === C.BLACK ? "B" : "W";
    const ended = w[C.RW_ENDED];
    if (ended === END.none || ended === END.record) return;
    this.end = { reason: refereeEnd(ended, false), atMove: num, rule: voidRule ?? endClause(this.rules, ended, w[C.RW_END_DETAIL]) };
  }

  /** The board recurred (any side to move): reported once per loop (the engine says when),
   *  with Ing's reading of it. */
  private recurrence(w: Int32Array, color: Color, num: number, voidRule: string | null): void {
    const t = this.hist.length - 1;
    const s = w[C.RW_RECUR_FROM];
    if (w[C.RW_RECUR_REPORT]) this.report(s, this.hist.slice(s + 1, t + 1), voidRule ? "no-result" : "allowed", color);
    const c = this.cycles[this.cycles.length - 1];
    if (w[C.RW_ING_CYCLE_AT] === t && c && c.repeatMove === num && w[C.RW_ING_CYCLE_FROM] === s) {
      const initiator: Color = w[C.RW_ING_INITIATOR] === C.BLACK ? "B" : "W";
      c.ing = { kind: isFighting(this.hist.slice(s + 1, t + 1)) ? "fighting" : "disturbing", initiator };
      c.by = initiator;
      c.ruling = voidRule ? "no-result" : `allowed once: ${initiator} may not go round again`;
    }
  }

  private report(s: number, list: Entry[], ruling: string, by: Color, reason?: string): void {
    const shape = classifyCycle(list);
    const last = list[list.length - 1];
    const describe = (e: Entry) => e.kind === "pass" ? `${e.color} pass` : `${e.color} ${this.gtp(e.point as number)}`;
    this.cycles.push({ firstMove: s, repeatMove: last.n, period: list.length, kind: shape.kind, captures: shape.captures,
      // false when a rule stopped the cycle before the position came back (Ing's hot stones
      // forbid a k:k retake, and the early twin-stone ban, whether or not anything repeats)
      ruling, by, closes: this.hist[s].hash === last.hash,
      situational: this.hist[s].hash === last.hash && this.hist[s].next === last.next, moves: list.map(describe),
      capturePoints: [...new Set(list.flatMap((e) => e.captures))].map((p) => this.gtp(p)), ...(reason ? { reason } : {}) });
  }
}
