// Prove by capture: an exact game-tree search of continued play under the rule set's own
// legality and repetition rules: the one rule engine of the core (assembly/rules.ts), journaled
// so that every move can be taken back.
//
// The question: with `toMove` to play, can the attacker capture every target string?
// Values are from the attacker's side: WIN (captured), LOSS (never captured: play ends with the
// target on the board, the defender captures a boundary string, or the rules void the game),
// UNKNOWN (a depth limit or the budget cut the search). Iterative deepening repeats the search
// with a larger depth until the root is exact.
//
// Graph history interaction: a position's value can depend on the path (superko, hot stones,
// cycle bans, third-occurrence voids). The transposition table is keyed by the situation, the
// consecutive passes, the last capture (simple ko and hot stones look one move back) and the
// targets captured so far; a result whose subtree met any other history-based refusal or void is
// not stored. The verdict does not rest on the table: `verify` replays the proof tree with the
// full path history and no table, and an exact verdict is only given when it holds.
import { Game } from "../core/game.js";
import { other, type Color } from "../core/codes.js";
import { ruleKnobs, END } from "../rules/knobs.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import * as C from "../../assembly/codes.js";
import { neighbours, type SearchRegion } from "./region.js";

export const WIN = 1;
export const LOSS = -1;
export const UNKNOWN = 0;
type Value = typeof WIN | typeof LOSS | typeof UNKNOWN;

export interface Budget {
  maxNodes: number;
  /** moves tried (`positions`), where that is the budget: the unit whose cost varies least with
   *  the region (a node of df-pn tries every move), so a budget in it tracks time on any machine */
  maxPositions?: number;
  /** performance.now() deadline */
  deadline: number;
  /** set by a canceller (worker message, SIGINT) */
  cancelled?: () => boolean;
}

export interface ProblemSpec {
  width: number;
  height: number;
  board: Uint8Array;
  rules: RuleSet;
  defender: Color;
  /** one point of each target string */
  targets: number[];
  region: SearchRegion;
  /** the attacker wins by capturing every target string ("all", the default: a dead group), or
   *  any one of them ("any": a group claimed alive must lose none of its strings) */
  goal?: "all" | "any" | "liberties";
  /** with goal "liberties" (an eye region's question, see eyes.ts): the attacker wins as soon as,
   *  after a move or pass of the defender, a target string has fewer empty neighbours inside the
   *  region than its entry here (target by target), or a target is captured */
  liberties?: number[];
  /** "finished-game": a local region of a finished game (--dead auto). Its searches test for
   *  death by fill-in (see filledIn) and stop df-pn when it goes round (see stalled): in the
   *  territories of real games both cut the search by orders of magnitude, while on the public
   *  problems, closed by thick walls, they cost more than they save (46 of the first 60 solved
   *  in 3 s without them, 40 with them, measured 2026-12-01). Default "problem": neither. */
  tuning?: "problem" | "finished-game";
  /** outside ko threats each side holds (default none: a finished position has no threats
   *  elsewhere). A threat lets its holder make one move that a ko or repetition rule refuses:
   *  in play, the threat and its answer come between and change the whole board. */
  threats?: { B: number; W: number };
}

/** A move: a point index, or -1 for a pass. */
export type Move = number;
export const PASS = -1;

export interface Applied {
  ok: boolean;
  /** terminal value of the move, if it ends the question */
  terminal?: Value;
  why?: "captured" | "end" | "void" | "escape" | "filled" | "short" | "alive";
  /** an escape at an exit: the stone played there is in a string that holds a target stone */
  joins?: boolean;
  /** a refusal or void that looked further back than the last move */
  historyDependent?: boolean;
  /** refused by a ko or repetition rule, with no outside threat left to lift it */
  repetition?: boolean;
}

const TWO32 = 4294967296;
/** A 64-bit hash (its two halves, as the engine's ruling words hold them) as a 53-bit number:
 *  tables keyed by numbers are far cheaper than by BigInt. A collision can only mislead the
 *  search, never the verdict (proofs are replayed). */
const wordsKey = (lo: number, hi: number): number => (hi & 0x1fffff) * TWO32 + (lo >>> 0);
/** What the search keeps of a move: what it removed (for the targets and the key's look-back). */
interface PathEntry { kind: "start" | "play" | "pass"; captures: number[]; selfCaptures: number[]; threat?: boolean }
const NO_STONES: number[] = [];
const PASS_ENTRY: PathEntry = { kind: "pass", captures: NO_STONES, selfCaptures: NO_STONES };
/** The engine's refusals that are repetition rules (the others are the board's own). */
const REPETITION = new Set<number>([C.R_KO, C.R_SUPERKO, C.R_HOT_STONE, C.R_DISTURBING, C.R_NO_GOING_BACK]);
/** Mixes a small integer into a 53-bit key (32-bit multiplies on its two halves). */
const mixKey = (k: number, x: number): number => {
  const lo = (k >>> 0) ^ Math.imul(x ^ 0x5bd1e995, 0x9e3779b1);
  const hi = (Math.floor(k / TWO32) ^ (Math.imul(x + 0x27d4eb2f, 0x85ebca77) >>> 11)) & 0x1fffff;
  return hi * TWO32 + (lo >>> 0);
};

const MAX_DEPTH = 500;
const INF = 100_000_000;
/** the core keeps 512 state slots; a line may not be longer */
const MAX_PLY = 500;

export class Search {
  readonly game: Game;
  /** the moves of the current line (entry 0 the start) */
  private path: PathEntry[];
  private passes = 0;
  private capturedTargets = 0;
  private targetMarks: number[];
  readonly endPasses: number;
  private readonly order: number[];
  /** exact values, and for unproven positions the depth already searched below them */
  private table = new Map<number, { value: Value; best: Move; searched: number }>();
  /** expansions (df-pn), visits (iterative deepening, verification): the budget's unit */
  nodes = 0;
  /** moves tried (apply calls): a unit of work that is the same for every kind of search */
  positions = 0;
  budgetOut = false;
  /** escapes (a boundary string captured, a local region left) the last verified proof rests on */
  escapesUsed = 0;
  /** the exits of those escapes where the target itself reached the exit */
  escapeMoves = new Set<Move>();
  /** some escape of the proof took a boundary string, or reached an exit with another string */
  escapeElse = false;
  /** a void (rule-set ruling) was met somewhere in the search */
  sawVoid = false;
  private historyFlag = false;
  /** how often each situation occurs on the current path: a line that comes back to one of them
   *  depends on the history (third-occurrence voids and cycle bans count occurrences) */
  private onPathCount = new Map<number, number>();
  /** passes made on the current path while each board position stood (zhang 3.5) */
  private virtualAtBoard = new Map<number, number>();
  /** the history's situation and board hashes as numbers (wordsKey), entry by entry */
  private keyS: number[] = [];
  private keyP: number[] = [];
  /** a line ran longer than MAX_PLY moves */
  depthExceeded = false;
  /** a verified proof met a move of the losing side that a ko or repetition rule refused (set
   *  by proveNode): only then can outside threats change the answer */
  loserRefused = false;
  /** outside ko threats left to each side on the current line (B, W) */
  private threatsLeft: [number, number];
  /** the path index of the latest move an outside threat came before (-1 none), and the ones
   *  before it */
  private lastThreat = -1;
  private threatPrev: number[] = [];
  /** threats are in play: the key holds the counts */
  private readonly withThreats: boolean;

  constructor(readonly spec: ProblemSpec, toMove: Color, private budget: Budget) {
    const { width, height, rules } = spec;
    this.game = new Game({ width, height, suicide: rules.suicide, ko: "none", toMove });
    this.game.setup(spec.board, toMove);
    // the rule engine plays the line and takes it back (journaled)
    this.game.startRules(ruleKnobs(rules), toMove, MAX_PLY + 1, true);
    this.path = [{ kind: "start", captures: NO_STONES, selfCaptures: NO_STONES }];
    const w = this.game.ruling();
    this.keyS.push(wordsKey(w[C.RW_SIT_LO], w[C.RW_SIT_HI]));
    this.keyP.push(wordsKey(w[C.RW_HASH_LO], w[C.RW_HASH_HI]));
    this.onPathCount.set(this.keyS[0], 1);
    this.targetMarks = [...spec.targets];
    // in the dispute, play ends at the rule set's end: two passes (four for `four-passes`)
    this.endPasses = rules.end === "four-passes" ? 4 : 2;
    this.order = moveOrder(spec);
    this.fillIn = this.loopGuard = spec.tuning === "finished-game";
    const attacker = spec.defender === "B" ? 2 : 1;
    // (problems' regions are drawn around the target and closed by living walls or the edge;
    // only the local regions of finished games cut through open ground)
    this.regionAttacker = this.fillIn ? new Set(spec.region.points.filter((p) => spec.board[p] === attacker)) : new Set();
    this.inRegion = new Uint8Array(width * height);
    for (const p of spec.region.points) this.inRegion[p] = 1;
    this.seen = new Int32Array(width * height);
    this.safeAt = new Int32Array(width * height);
    this.threatsLeft = [spec.threats?.B ?? 0, spec.threats?.W ?? 0];
    this.withThreats = this.threatsLeft[0] + this.threatsLeft[1] > 0;
    this.keepLiberties = spec.goal === "liberties";
    if (this.keepLiberties) this.game.setLibertyMask(spec.region.points);
    // (Benson's argument needs the attacker's suicide refused; see assembly/benson.ts)
    this.benson = !this.keepLiberties && rules.suicide === "forbidden";
    if (this.benson) this.game.setBensonTargets(spec.targets);
  }

  /** A fresh budget for the next task on this search: a worker keeps one search, and its
   *  tables, for all its tasks of one question. */
  rebudget(budget: Budget): void {
    this.budget = budget;
    this.nodes = 0;
    this.positions = 0;
    this.budgetOut = false;
    this.sawVoid = false;
    this.depthExceeded = false;
  }

  private attacker(): Color {
    return other(this.spec.defender);
  }

  /** Plays a move for `color`; on ok the caller must call undo(). */
  apply(move: Move, color: Color, depth: number): Applied {
    this.positions++;
    const { width } = this.spec;
    if (depth + 1 >= MAX_PLY) return this.tooLong();
    // (a pass changes the board's simple-ko memory: every move is taken back from a saved slot)
    this.game.save(depth + 1);
    if (move === PASS) {
      if (!this.game.rulesPass(color, false, "report")) return this.tooLong();
      this.passes++;
      const w = this.game.ruling();
      this.path.push(PASS_ENTRY);
      const pKey = this.keyP[this.keyP.length - 1];
      const repeated = this.enterPath(wordsKey(w[C.RW_SIT_LO], w[C.RW_SIT_HI]), pKey);
      if (this.keepLiberties && color === this.spec.defender && this.short()) return { ok: true, terminal: WIN, why: "short" };
      if (this.passes >= this.endPasses) return { ok: true, terminal: LOSS, why: "end" };
      // zhang 3.5: four virtual moves made while the board position was the same end play
      const underBoard = (this.virtualAtBoard.get(pKey) ?? 0) + 1;
      this.virtualAtBoard.set(pKey, underBoard);
      if (this.spec.rules.end === "zhang-virtual" && underBoard >= 4) return { ok: true, terminal: LOSS, why: "end" };
      return { ok: true, historyDependent: repeated || underBoard > 1 };
    }
    // an eye region's attacker has every ko threat of the rest of the board: no ko or
    // repetition rule binds it (see eyes.ts)
    const free = this.keepLiberties && color !== this.spec.defender;
    const x = move % width, y = (move - (move % width)) / width;
    let code = this.game.rulesPlay(x, y, color, true, free, "report");
    if (code === C.HISTORY_FULL) return this.tooLong();
    let threat = false, lookedBack = false;
    if (code !== C.R_OK) {
      if (!REPETITION.has(code)) return { ok: false };
      // a refusal that repeats the position before the opponent's last move (simple ko, an
      // immediate superko retake, a single hot stone) looks one move back: the key holds that
      const s = this.game.ruling()[C.RW_REFUSED_FROM];
      lookedBack = !(code === C.R_KO || s === this.path.length - 2);
      const ci = color === "B" ? 0 : 1;
      // a position that stood before an outside threat was played does not come back: the
      // threat and its answer stand on the board elsewhere since. (The position just before the
      // move the threat came before stood again, threat and answer added, when it was played.)
      const beforeThreat = s >= 0 && s < this.lastThreat - 1;
      if (!beforeThreat && this.threatsLeft[ci] === 0) return { ok: false, historyDependent: lookedBack, repetition: true };
      // (or an outside threat and its answer come first): the move is played free of the rule
      code = this.game.rulesPlay(x, y, color, true, true, "report");
      if (code === C.HISTORY_FULL) return this.tooLong();
      if (code !== C.R_OK) return { ok: false };
      if (!beforeThreat) {
        this.threatsLeft[ci]--;
        threat = true;
      }
    }
    const a = this.game.removed();
    const w = this.game.ruling();
    const noChange = w[C.RW_NO_CHANGE] !== 0;
    const nullMove = noChange && this.spec.rules.end === "null-moves";
    this.passes = nullMove ? this.passes + 1 : 0;
    this.path.push({ kind: "play", captures: a.captures, selfCaptures: a.selfCaptures, threat });
    if (threat) {
      this.threatPrev.push(this.lastThreat);
      this.lastThreat = this.path.length - 1;
    }
    const repeated = this.enterPath(wordsKey(w[C.RW_SIT_LO], w[C.RW_SIT_HI]), wordsKey(w[C.RW_HASH_LO], w[C.RW_HASH_HI])) || lookedBack;
    if (w[C.RW_ENDED] === END.cycle) {
      this.sawVoid = true;
      // (a void keeps the target on the board, but it is no proof that a region keeps liberties)
      return { ok: true, terminal: this.keepLiberties ? WIN : LOSS, why: "void", historyDependent: true };
    }
    // targets: a capture by the attacker, or the defender's own suicide
    const removed = color === this.spec.defender ? a.selfCaptures : a.captures;
    if (removed.length) {
      for (let k = 0; k < this.targetMarks.length; k++) {
        if (this.targetMarks[k] >= 0 && removed.includes(this.targetMarks[k])) {
          this.targetMarks[k] = -1 - this.targetMarks[k];
          this.capturedTargets++;
        }
      }
      if (this.capturedTargets === this.targetMarks.length || ((this.spec.goal === "any" || this.keepLiberties) && this.capturedTargets > 0)) return { ok: true, terminal: WIN, why: "captured" };
    }
    if (color === this.spec.defender && a.captures.length && this.capturesOutsideHold(a.captures)) {
      return { ok: true, terminal: LOSS, why: "escape" };
    }
    // the attacker's own stones inside the region (strings thought dead) that reach a liberty
    // outside it, where no one plays, could never be taken again: the proof is no longer local
    if (color !== this.spec.defender && this.regionAttacker.size && this.attackerLeaves(move)) {
      return { ok: true, terminal: LOSS, why: "escape" };
    }
    // a local region's way out: the defender reaching it joins stones or room outside the region
    // (whether the stone played there holds the target is noted: only such an escape is the
    // target's own way out, see disputes.ts)
    if (color === this.spec.defender && this.spec.region.exits?.has(move)) {
      return { ok: true, terminal: LOSS, why: "escape", joins: this.joinsTarget(move) };
    }
    if (this.keepLiberties && color === this.spec.defender && this.short()) return { ok: true, terminal: WIN, why: "short" };
    if (nullMove && this.passes >= this.endPasses) return { ok: true, terminal: LOSS, why: "end" };
    if (this.fillIn && this.filledIn()) return { ok: true, terminal: WIN, why: "filled" };
    // a target made unconditionally alive can never be captured (Benson, in the core)
    if (this.benson && color === this.spec.defender && this.capturedTargets === 0) {
      const alive = this.game.bensonAlive(color);
      if (alive > 0 && (this.spec.goal !== "any" || alive === this.targetMarks.length)) return { ok: true, terminal: LOSS, why: "alive" };
    }
    return { ok: true, historyDependent: repeated };
  }

  /** Goal "liberties": some target string has fewer empty neighbours inside the region than it
   *  must keep (a captured target has none). */
  private short(): boolean {
    const need = this.spec.liberties ?? [];
    for (let k = 0; k < this.targetMarks.length; k++) {
      const m = this.targetMarks[k];
      if (m < 0 || this.game.libertiesIn(m) < need[k]) return true;
    }
    return false;
  }

  /**
   * The defender's capture took a string whose fate the region does not hold: a boundary string
   * (taken as safe), or an attacker string that touched the defender's own stones outside the
   * region, from which it could have taken liberties in play the region leaves out (KGS
   * 2002-02-25-3: Black's A14 "lived" by taking White's C17 group, which wins its race with
   * Black's C19 outside the region). Either is an escape, not a local proof.
   */
  private capturesOutsideHold(captured: number[]): boolean {
    const { width, height, region } = this.spec;
    const board = this.game.boardView();
    const d = this.spec.defender === "B" ? 1 : 2;
    for (const p of captured) {
      if (region.boundary.has(p)) return true;
      for (const q of neighbours(p, width, height)) if (board[q] === d && !this.inRegion[q] && !region.targetStones.has(q)) return true;
    }
    return false;
  }

  /** The attacker's string just played at `move` holds stones that were inside the region at
   *  the start, no boundary stone, and a liberty outside the region. */
  private attackerLeaves(move: Move): boolean {
    const { width, height } = this.spec;
    const string = this.stringAt(move);
    if (!string.some((p) => this.regionAttacker.has(p)) || string.some((p) => this.spec.region.boundary.has(p))) return false;
    const board = this.game.boardView();
    return string.some((p) => neighbours(p, width, height).some((q) => board[q] === 0 && !this.inRegion[q]));
  }

  /** The points of the string at `move`. */
  private stringAt(move: Move): number[] {
    const { width } = this.spec;
    return this.game.stringAt(move % width, (move - (move % width)) / width);
  }

  /** The string just played at `move` holds a target stone. */
  private joinsTarget(move: Move): boolean {
    const string = this.stringAt(move);
    return this.targetMarks.some((m) => m >= 0 && string.includes(m));
  }

  /** goal "liberties" (an eye region's question) */
  private readonly keepLiberties: boolean;
  /** the static life test after the defender's moves */
  private readonly benson: boolean;
  /** the attacker's stones inside the region at the start (strings thought dead) */
  private readonly regionAttacker: Set<number>;
  private readonly fillIn: boolean;
  private readonly loopGuard: boolean;
  /** region membership by point, for filledIn */
  private inRegion: Uint8Array;
  /** visit marks of filledIn's floods (a stamp per call, no clearing) */
  private seen: Int32Array;
  /** attacker stones known safe (stamp) or not (-stamp) in the current call */
  private safeAt: Int32Array;
  private stamp = 0;

  /**
   * Dead by fill-in: the target strings (all, or for "any" one of them) lie in areas of empty
   * points and defender stones where every empty point is in the region and touches an attacker
   * string that can never be captured in the search (it has a liberty outside the region, where
   * no one plays), and every attacker string around the area is such a string. Then the attacker
   * wins by filling the area: each of its stones joins a safe string (never captured, never
   * suicide, never a repetition, since a safe stone never leaves the board), the defender can
   * make no eye (every empty point touches the attacker) and take nothing, and the targets run
   * out of liberties. Found with the target still on the board, it cuts the longest lines of a
   * dead group in a large territory.
   */
  filledIn(): boolean {
    const { width, height } = this.spec;
    const board = this.game.boardView();
    const d = this.spec.defender === "B" ? 1 : 2;
    const a = 3 - d;
    const stamp = ++this.stamp;
    const seen = this.seen, safeAt = this.safeAt, inRegion = this.inRegion;
    const safe = (q: number): boolean => {
      if (safeAt[q] === stamp) return true;
      if (safeAt[q] === -stamp) return false;
      const chain = [q];
      safeAt[q] = -stamp;
      let ok = false;
      for (let h = 0; h < chain.length; h++) {
        for (const r of neighbours(chain[h], width, height)) {
          if (board[r] === 0 && !inRegion[r]) ok = true;
          else if (board[r] === a && safeAt[r] !== -stamp) { safeAt[r] = -stamp; chain.push(r); }
        }
      }
      if (ok) for (const r of chain) safeAt[r] = stamp;
      return ok;
    };
    // the area first (cheap: most positions fail at an empty point that touches no attacker
    // stone), then the safety of the attacker strings around it (a flood of each)
    const areaDead = (start: number): boolean => {
      const area = [start];
      const around: number[] = [];
      seen[start] = stamp;
      for (let h = 0; h < area.length; h++) {
        const p = area[h];
        let touches = false;
        for (const q of neighbours(p, width, height)) {
          if (board[q] === a) {
            touches = true;
            around.push(q);
          } else if (seen[q] !== stamp) {
            seen[q] = stamp;
            area.push(q);
          }
        }
        if (board[p] === 0 && (!touches || !inRegion[p])) return false;
      }
      return around.every(safe);
    };
    const any = this.spec.goal === "any";
    let all = true;
    for (const m of this.targetMarks) {
      if (m < 0 || board[m] !== d) continue;
      if (seen[m] === stamp) continue;
      const dead = areaDead(m);
      if (dead && any) return true;
      if (!dead) all = false;
      if (!all && !any) return false;
    }
    return all && !any;
  }

  /** passes before each move of the line playLine() played, for unplayLine() */
  private lineUndo: number[] = [];

  /**
   * Plays a line from the root, the players alternating from `toMove` (a parallel task's start).
   * Returns the last move's result, or null when a move is refused or play ends before the line
   * does (then nothing stays played). unplayLine() takes a played line back.
   */
  playLine(line: Move[], toMove: Color): Applied | null {
    let last: Applied = { ok: true };
    for (let i = 0; i < line.length; i++) {
      const passesBefore = this.passes;
      last = this.apply(line[i], i % 2 === 0 ? toMove : other(toMove), i);
      if (!last.ok) break;
      this.lineUndo.push(passesBefore);
      if (last.terminal !== undefined && i < line.length - 1) {
        last = { ok: false };
        break;
      }
    }
    if (last.ok) return last;
    this.unplayLine(line, toMove);
    return null;
  }

  unplayLine(line: Move[], toMove: Color): void {
    for (let i = this.lineUndo.length - 1; i >= 0; i--) {
      this.undo(line[i], i % 2 === 0 ? toMove : other(toMove), i, this.lineUndo[i]);
    }
    this.lineUndo = [];
  }

  /** A line longer than the core's state slots: the question stays open (unknown). */
  private tooLong(): Applied {
    this.depthExceeded = true;
    this.budgetOut = true;
    return { ok: false };
  }

  /** Counts a situation (its key) entering the path; true when it was already on it. */
  private enterPath(s: number, pKey: number): boolean {
    this.keyS.push(s);
    this.keyP.push(pKey);
    const n = this.onPathCount.get(s) ?? 0;
    this.onPathCount.set(s, n + 1);
    return n > 0;
  }

  undo(move: Move, color: Color, depth: number, passesBefore: number): void {
    this.game.rulesUndo();
    const e = this.path.pop()!;
    const s = this.keyS.pop()!;
    const pKey = this.keyP.pop()!;
    const n = this.onPathCount.get(s)!;
    if (n > 1) this.onPathCount.set(s, n - 1);
    else this.onPathCount.delete(s);
    this.passes = passesBefore;
    if (move === PASS) {
      const n = this.virtualAtBoard.get(pKey) ?? 0;
      if (n > 1) this.virtualAtBoard.set(pKey, n - 1);
      else this.virtualAtBoard.delete(pKey);
      this.game.restore(depth + 1);
      return;
    }
    if (e.threat) {
      this.threatsLeft[color === "B" ? 0 : 1]++;
      this.lastThreat = this.threatPrev.pop()!;
    }
    const removed = color === this.spec.defender ? e.selfCaptures : e.captures;
    if (removed.length) {
      for (let k = 0; k < this.targetMarks.length; k++) {
        const m = this.targetMarks[k];
        if (m < 0 && removed.includes(-1 - m)) {
          this.targetMarks[k] = -1 - m;
          this.capturedTargets--;
        }
      }
    }
    this.game.restore(depth + 1);
  }

  /** Fewest liberties of a target string still on the board (for df-pn's first estimates). */
  private targetLiberties(): number {
    let fewest = Infinity;
    for (const mark of this.targetMarks) {
      if (mark < 0) continue;
      const libs = this.game.liberties(mark); // 0: the point is empty
      if (libs > 0 && libs < fewest) fewest = libs;
    }
    return fewest === Infinity ? 1 : fewest;
  }

  private key(color: Color): number {
    const k = this.baseKey(color);
    // (the counts only when a side holds threats: a position with none left has the key it has
    // in a search without threats, so that such a search's proofs can guide this one)
    return this.countsZero() ? k : mixKey(k, 0x7000 + this.threatsLeft[0] * 64 + this.threatsLeft[1]);
  }

  private countsZero(): boolean {
    return !this.withThreats || (this.threatsLeft[0] | this.threatsLeft[1]) === 0;
  }

  /** The key without the outside threats' counts: the position's key in a search without threats. */
  private baseKey(color: Color): number {
    const t = this.path.length - 1;
    const last = this.path[t];
    let k = mixKey(this.keyS[t], (this.passes * 64 + this.capturedTargets) * 2 + (color === "W" ? 1 : 0));
    // the one-move look-back: a capture's key holds the board before it (ko)
    if (last.kind === "play" && last.captures.length > 0 && t >= 1) {
      const p = this.keyP[t - 1];
      k = mixKey(mixKey(k, (p >>> 0) ^ last.captures.length), Math.floor(p / TWO32));
    }
    return k;
  }

  /**
   * What a search of the same question without threats proved of the current position (`color`
   * to move), where it still holds: every value where no side has a threat left (the same
   * position), and elsewhere the values that favour the side the threats were given to (more
   * threats only add moves for it). Undefined where there is no such prior or value.
   */
  private priorValue(color: Color): { value: number; best: Move } | undefined {
    if (!this.prior) return undefined;
    const e = this.prior.proofs.get(this.baseKey(color));
    if (!e) return undefined;
    return this.countsZero() || e.value === this.prior.favours ? e : undefined;
  }

  /** the proofs of an earlier search without threats, and the value (WIN or LOSS) that the
   *  threats given here cannot take away */
  private prior?: { proofs: Proofs; favours: number };
  usePrior(proofs: Proofs, favours: number): void {
    this.prior = { proofs, favours };
  }

  /** Candidate moves for `color` in search order: the table's best first, then by the history
   *  heuristic (moves that refuted others before), then by distance from the target; pass last. */
  moves(color: Color, best: Move | undefined): Move[] {
    const out: Move[] = [];
    const board = this.game.boardView();
    const score = this.historyScore[color === "B" ? 0 : 1];
    const barred = color === this.spec.defender ? this.spec.region.barred : undefined;
    for (const p of this.order) if (p !== best && board[p] === 0 && !barred?.has(p)) out.push(p);
    // a stable sort keeps the static order among equal scores, so the order is deterministic
    out.sort((a, b) => score[b] - score[a]);
    if (best !== undefined && best !== PASS) out.unshift(best);
    out.push(PASS);
    return out;
  }

  private historyScore = [new Float64Array(19 * 19), new Float64Array(19 * 19)];

  /** Counts a visit of a verification pass against the budget; true when it has run out. */
  checkBudget(): boolean {
    this.nodes++;
    return this.outOfBudget();
  }

  /** The table key of the current position with `color` to move (for proof memos). */
  positionKey(color: Color): number {
    return this.key(color);
  }

  private outOfBudget(): boolean {
    if (this.budgetOut) return true;
    if ((this.nodes & 1023) === 0) {
      if (this.spent() || this.positions >= this.phasePositions || performance.now() > this.phaseDeadline) this.budgetOut = true;
    }
    return this.budgetOut;
  }

  private spent(): boolean {
    return this.nodes >= this.budget.maxNodes || this.positions >= (this.budget.maxPositions ?? Infinity) || performance.now() > this.budget.deadline || !!this.budget.cancelled?.();
  }

  /** the end of the current phase (see phase) */
  private phaseDeadline = Infinity;

  /** Runs `f` with at most `ms` of the budget's time (and at most `positions` moves tried);
   *  afterwards the budget is open again unless it is itself spent. */
  phase<T>(ms: number, f: () => T, positions = Infinity): T {
    const saved = this.phaseDeadline, savedPositions = this.phasePositions;
    this.phaseDeadline = Math.min(saved, performance.now() + ms);
    this.phasePositions = Math.min(savedPositions, this.positions + positions);
    try {
      return f();
    } finally {
      this.phaseDeadline = saved;
      this.phasePositions = savedPositions;
      if (this.budgetOut && !this.spent()) this.budgetOut = false;
    }
  }

  /** the positions count at which the current phase ends (see phase) */
  private phasePositions = Infinity;

  /** Positions left in the budget (Infinity without maxPositions). */
  get positionsLeft(): number {
    return (this.budget.maxPositions ?? Infinity) - this.positions;
  }

  /** Time left in the budget, in ms. */
  get timeLeft(): number {
    return this.budget.deadline - performance.now();
  }

  /** Depth-limited value of the position with `color` to move. */
  private value(color: Color, depth: number, limit: number): Value {
    this.nodes++;
    if (this.outOfBudget()) return UNKNOWN;
    const key = this.key(color);
    const hit = this.table.get(key);
    if (hit && hit.value !== UNKNOWN) return hit.value;
    const remaining = limit - depth;
    if (remaining <= 0) return UNKNOWN;
    // already searched this deep without a proof (in this iteration or an earlier one)
    if (hit && hit.searched >= remaining) return UNKNOWN;
    const attackerMoves = color === this.attacker();
    const mine: Value = attackerMoves ? WIN : LOSS;
    let allLose = true;
    let best: Move = PASS;
    const outerFlag = this.historyFlag;
    this.historyFlag = false;
    let result: Value | null = null;
    for (const mv of this.moves(color, hit?.best)) {
      const passesBefore = this.passes;
      const a = this.apply(mv, color, depth);
      if (a.historyDependent) this.historyFlag = true;
      if (!a.ok) continue;
      const v = a.terminal ?? this.value(other(color), depth + 1, limit);
      this.undo(mv, color, depth, passesBefore);
      if (v === mine) {
        best = mv;
        result = mine;
        if (mv !== PASS) this.historyScore[color === "B" ? 0 : 1][mv] += (limit - depth) * (limit - depth);
        break;
      }
      if (v === UNKNOWN) allLose = false;
    }
    if (result === null) result = allLose ? (attackerMoves ? LOSS : WIN) : UNKNOWN;
    const dependent = this.historyFlag;
    this.historyFlag = outerFlag || dependent;
    if (result !== UNKNOWN && !dependent && !this.budgetOut) this.table.set(key, { value: result, best, searched: remaining });
    // an unproven line that met the history (a repetition, a void, a look-back refusal) may
    // end differently on another path: keep its best move, not its depth
    else if (result === UNKNOWN && !this.budgetOut) this.table.set(key, { value: UNKNOWN, best: hit?.best ?? best, searched: dependent ? 0 : remaining });
    return result;
  }

  /** Iterative deepening until the value is exact or the budget runs out; `depth` is the
   *  number of moves already applied below the root (their slots are in use). */
  solve(toMove: Color, depth = 0): Value {
    for (let limit = 2; limit <= MAX_DEPTH; limit += 2) {
      const v = this.value(toMove, depth, depth + limit);
      if (v !== UNKNOWN || this.budgetOut) return v;
    }
    return UNKNOWN;
  }

  get consecutivePasses(): number {
    return this.passes;
  }

  /** The tables' suggestion for the winner at the current position, if any. */
  suggestion(color: Color): Move | undefined {
    const k = this.key(color);
    const d = this.pn.get(k);
    if (d && (d.pn === 0 || d.dn === 0) && d.best !== undefined) return d.best;
    const best = this.table.get(k)?.best;
    if (best !== undefined) return best;
    const proven = this.shared?.get(k) ?? this.priorValue(color);
    return proven ? proven.best : undefined;
  }

  /** Proven results from elsewhere: the other workers of a parallel proof (SharedProofs), or an
   *  earlier search of the same question (priorOf). They guide the search; the verified proof
   *  does not rest on them. */
  private shared?: SharedProofs;
  share(table: SharedProofs | undefined): void {
    this.shared = table;
  }

  /** This search's proven positions, read-only, for a later search of the same question with
   *  outside threats (a position where no side has a threat left has the same key there). */
  priorOf(): Proofs {
    return {
      get: (key: number) => {
        const e = this.pn.get(key);
        if (e && (e.pn === 0 || e.dn === 0)) return { value: e.pn === 0 ? WIN : LOSS, best: e.best ?? PASS };
        const t = this.table.get(key);
        return t && t.value !== UNKNOWN ? { value: t.value, best: t.best } : undefined;
      },
    };
  }

  // ---- depth-first proof-number search (df-pn, with the 1+epsilon threshold trick) ----------
  // pn: how many leaves must still be proven for the attacker to win; dn: to disprove it.
  private pn = new Map<number, { pn: number; dn: number; best?: Move }>();
  private onPath = new Set<number>();

  /** df-pn from the current position; exact WIN/LOSS (to be verified) or UNKNOWN. */
  dfpn(toMove: Color, depth = 0): Value {
    const key = this.key(toMove);
    this.onPath.clear();
    this.dfpnStart = this.nodes;
    this.dfpnLooping = false;
    this.mid(toMove, depth, INF - 1, INF - 1);
    if (this.dfpnLooping) return UNKNOWN;
    const e = this.pn.get(key);
    if (!e) return UNKNOWN;
    return e.pn === 0 ? WIN : e.dn === 0 ? LOSS : UNKNOWN;
  }

  /** nodes at the start of the current df-pn run */
  private dfpnStart = 0;
  /** df-pn stopped because it went round without learning (see stalled) */
  dfpnLooping = false;

  /**
   * df-pn with repetitions can go round for ever: a position's numbers depend on which positions
   * are on the path, so the same few positions are expanded again and again while the table
   * stops growing (measured on a real game: 500,000 expansions over 248 positions, where
   * iterative deepening proves the answer in 7,000 nodes). On the 60 first public problems a
   * df-pn that proves its answer expands at most about 1.5 times the positions it keeps; eight
   * times as many (past a start of 2,000) means it is looping: stop, and let the caller try
   * iterative deepening. Only with the "finished-game" tuning: on the problems, a df-pn that
   * looks stalled by this measure still gets there first more often than deepening.
   */
  private stalled(): boolean {
    if (this.dfpnLooping) return true;
    if (!this.loopGuard) return false;
    if ((this.nodes & 1023) === 0 && this.nodes - this.dfpnStart > 2_000 + 8 * this.pn.size) this.dfpnLooping = true;
    return this.dfpnLooping;
  }

  private mid(color: Color, depth: number, thpn: number, thdn: number): void {
    this.nodes++;
    const key = this.key(color);
    const orNode = color === this.attacker();
    // children: legality, terminal values and keys, found once per visit
    const kids: { move: Move; key: number; terminal?: Value; libs: number; elsewhere?: Value }[] = [];
    for (const mv of this.moves(color, this.pn.get(key)?.best)) {
      // the attacker's pass always loses when two passes end play: the defender passes too
      if (orNode && mv === PASS && this.endPasses === 2) {
        kids.push({ move: mv, key: 0, terminal: LOSS, libs: 0 });
        continue;
      }
      const passesBefore = this.passes;
      const a = this.apply(mv, color, depth);
      if (!a.ok) continue;
      const kid: (typeof kids)[number] = { move: mv, key: a.terminal === undefined ? this.key(other(color)) : 0,
        terminal: a.terminal, libs: a.terminal === undefined ? this.targetLiberties() : 0 };
      // proven by another worker (looked up once per visit, not in the loop below)
      if (this.shared && a.terminal === undefined && !this.pn.has(kid.key)) kid.elsewhere = this.shared.get(kid.key)?.value as Value | undefined;
      if (this.prior && a.terminal === undefined && kid.elsewhere === undefined && !this.pn.has(kid.key)) kid.elsewhere = this.priorValue(other(color))?.value as Value | undefined;
      kids.push(kid);
      this.undo(mv, color, depth, passesBefore);
    }
    // a child's proof and disproof numbers, into kp and kd (no tuple per call: this is the hot loop)
    let kp = 0, kd = 0;
    const pnOf = (k: (typeof kids)[number]): void => {
      if (k.terminal !== undefined) {
        kp = k.terminal === WIN ? 0 : k.terminal === LOSS ? INF : 1;
        kd = k.terminal === WIN ? INF : k.terminal === LOSS ? 0 : 1;
      } else if (this.onPath.has(k.key)) {
        // repeating a position on the current path counts as a loss for the player repeating it
        kp = orNode ? INF : 0;
        kd = orNode ? 0 : INF;
      } else {
        const e = this.pn.get(k.key);
        if (!e && k.elsewhere !== undefined) {
          kp = k.elsewhere === WIN ? 0 : INF;
          kd = k.elsewhere === WIN ? INF : 0;
        } else {
          // unexplored: a target short of liberties is cheaper to prove captured
          kp = e ? e.pn : Math.max(1, k.libs - 1);
          kd = e ? e.dn : 1;
        }
      }
    };
    this.onPath.add(key);
    while (true) {
      let pn: number, dn: number;
      let bestI = -1, second = INF, bestV = INF, bestOther = 0;
      if (orNode) {
        pn = INF; dn = 0;
        for (let i = 0; i < kids.length; i++) {
          pnOf(kids[i]);
          dn = Math.min(INF, dn + kd);
          if (kp < bestV) { second = bestV; bestV = kp; bestI = i; bestOther = kd; } else if (kp < second) second = kp;
        }
        pn = bestV;
      } else {
        pn = 0; dn = INF;
        for (let i = 0; i < kids.length; i++) {
          pnOf(kids[i]);
          pn = Math.min(INF, pn + kp);
          if (kd < bestV) { second = bestV; bestV = kd; bestI = i; bestOther = kp; } else if (kd < second) second = kd;
        }
        dn = bestV;
      }
      const proven = pn === 0 || dn === 0;
      if (pn >= thpn || dn >= thdn || proven || this.outOfBudget() || this.stalled() || bestI < 0) {
        const best = bestI >= 0 ? kids[bestI].move : undefined;
        const e = this.pn.get(key);
        if (e) {
          e.pn = pn;
          e.dn = dn;
          e.best = best;
        } else this.pn.set(key, { pn, dn, best });
        if (proven && best !== undefined && best !== PASS) this.historyScore[color === "B" ? 0 : 1][best] += 1;
        if (proven) this.shared?.put(key, pn === 0 ? WIN : LOSS, best ?? PASS);
        break;
      }
      const k = kids[bestI];
      // 1+epsilon: let the child run a little past the second-best before switching
      const eps = (x: number) => (x >= INF ? INF : Math.ceil(x * 1.25) + 1);
      let cpn: number, cdn: number;
      if (orNode) {
        cpn = Math.min(thpn, eps(second));
        cdn = Math.min(INF - 1, thdn - dn + bestOther);
      } else {
        cdn = Math.min(thdn, eps(second));
        cpn = Math.min(INF - 1, thpn - pn + bestOther);
      }
      const passesBefore = this.passes;
      const a = this.apply(k.move, color, depth);
      if (!a.ok) { kids.splice(bestI, 1); continue; } // cannot happen: legality was just checked
      if (a.terminal === undefined) this.mid(other(color), depth + 1, cpn, cdn);
      this.undo(k.move, color, depth, passesBefore);
    }
    this.onPath.delete(key);
  }

  /** Exact value of the current position with no table (for verification). */
  exactValue(color: Color, depth: number): Value {
    const saved = this.table;
    this.table = new Map();
    try {
      for (let limit = depth + 2; limit <= MAX_DEPTH; limit += 2) {
        const v = this.value(color, depth, limit);
        if (v !== UNKNOWN || this.budgetOut) return v;
      }
      return UNKNOWN;
    } finally {
      this.table = saved;
    }
  }

  get historyLength(): number {
    return this.path.length;
  }
}

/** Static move order: points next to the target first, then by distance from it. */
function moveOrder(spec: ProblemSpec): number[] {
  const { width, height, region } = spec;
  const inRegion = new Set(region.points);
  const dist = new Map<number, number>();
  const queue: number[] = [];
  for (const p of region.targetStones) {
    dist.set(p, 0);
    queue.push(p);
  }
  for (let h = 0; h < queue.length; h++) {
    const p = queue[h];
    for (const q of neighbours(p, width, height)) {
      if (!dist.has(q) && (inRegion.has(q) || region.targetStones.has(q))) {
        dist.set(q, dist.get(p)! + 1);
        queue.push(q);
      }
    }
  }
  return [...inRegion].filter((p) => !region.targetStones.has(p) || true)
    .sort((a, b) => (dist.get(a) ?? 99) - (dist.get(b) ?? 99) || a - b);
}

/** Proven positions by key: value (WIN or LOSS) and the winning move. */
export interface Proofs {
  get(key: number): { value: number; best: Move } | undefined;
}

/**
 * A table of proven df-pn results in shared memory, one per parallel proof: every worker
 * publishes the positions it proves and reads the others'. Direct-mapped, last writer wins,
 * no locks: an entry is 4 int32 (key low, key high, value, best move) and is only believed when
 * both key words match. A torn or stale entry can only mislead the search the way its own
 * table can; verdicts rest on the replayed proof.
 */
export class SharedProofs implements Proofs {
  static readonly SLOTS = 1 << 20;
  readonly words: Int32Array;
  constructor(words?: Int32Array) {
    this.words = words ?? new Int32Array(new SharedArrayBuffer(SharedProofs.SLOTS * 16));
  }

  get(key: number): { value: number; best: Move } | undefined {
    const w = this.words;
    const lo = key >>> 0;
    const hi = Math.floor(key / 4294967296) | 0;
    const i = (lo & (SharedProofs.SLOTS - 1)) * 4;
    if (Atomics.load(w, i) !== (lo | 0) || Atomics.load(w, i + 1) !== hi) return undefined;
    const value = Atomics.load(w, i + 2);
    if (value !== WIN && value !== LOSS) return undefined;
    const best = Atomics.load(w, i + 3);
    if (Atomics.load(w, i) !== (lo | 0)) return undefined; // overwritten meanwhile
    return { value, best };
  }

  put(key: number, value: number, best: Move): void {
    const w = this.words;
    const lo = key >>> 0;
    const hi = Math.floor(key / 4294967296) | 0;
    const i = (lo & (SharedProofs.SLOTS - 1)) * 4;
    Atomics.store(w, i + 2, 0); // invalid while the entry changes
    Atomics.store(w, i, lo | 0);
    Atomics.store(w, i + 1, hi);
    Atomics.store(w, i + 3, best);
    Atomics.store(w, i + 2, value);
  }
}
