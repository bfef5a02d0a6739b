// Prove by capture: an exact game-tree search of continued play under the rule set's own
// legality and repetition rules: the one rule engine of the core (assembly/rules.ts), journaled
// so that every move can be taken back. The line of play, what each move ends, the table keys,
// the move order and df-pn live in the core (assembly/search.ts); this class sets a question up
// there, and walks what must be walked here: iterative deepening and (prove.ts) proof checks.
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
import { other, colorCode, type Color } from "../core/codes.js";
import { ruleKnobs, END } from "../rules/knobs.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { neighbours, suicideAllowed, type SearchRegion } from "./region.js";
import { searchHooks } from "../core/wasm.js";

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
   *  death by fill-in and stop df-pn when it goes round (assembly/search.ts filledIn, stalled): in the
   *  territories of real games both cut the search by orders of magnitude, while on the public
   *  problems, closed by thick walls, they cost more than they save (46 of the first 60 solved
   *  in 3 s without them, 40 with them, measured 2026-12-01). Default "problem": neither. */
  tuning?: "problem" | "finished-game";
  /** with the problem tuning, the positions a question asked without threats may try before
   *  death by fill-in ends its lines too (default prove.ts FILL_AFTER) */
  fillAfter?: number;
  /** outside ko threats each side holds (default none: a finished position has no threats
   *  elsewhere). A threat lets its holder make one move that a ko or repetition rule refuses:
   *  in play, the threat and its answer come between and change the whole board. */
  threats?: { B: number; W: number };
  /** on open ground, the attacker keeps the stones it plays on the region's rim, whose liberties
   *  outside no one fills (by default such a play ends the line as an escape: a proof of death
   *  may not rest on it). The gift only makes life harder, so "not captured" without an escape
   *  is still a proof of life. */
  rimGift?: boolean;
  /** a void (a cycle that ends the game without result) counts as the defender's loss: only for
   *  finding where play comes to rest (prove.ts restingLine), never for an answer */
  voidLoses?: boolean;
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

const MAX_DEPTH = 500;

/** The core's apply() word (assembly/search.ts A_OK and the bits above it). */
const WHY: Applied["why"][] = [undefined, "captured", "end", "void", "escape", "filled", "short", "alive"];
const NOT_OK: Applied = { ok: false };
function decode(a: number): Applied {
  if ((a & 1) === 0) {
    if (a === 0) return NOT_OK;
    return { ok: false, historyDependent: (a & 128) !== 0, repetition: (a & 256) !== 0 };
  }
  const t = (a >> 1) & 3;
  if (t === 0) return (a & 128) !== 0 ? OK_HISTORY : OK;
  return { ok: true, terminal: t === 1 ? WIN : LOSS, why: WHY[(a >> 3) & 7], joins: (a & 64) !== 0, historyDependent: (a & 128) !== 0 };
}
const OK: Applied = { ok: true, historyDependent: false };
const OK_HISTORY: Applied = { ok: true, historyDependent: true };

/** The point flags of a question (assembly/search.ts F_*). */
const F_REGION = 1, F_BARRED = 2, F_EXIT = 4, F_BOUNDARY = 8, F_TARGET_STONE = 16;

export class Search {
  readonly game: Game;
  readonly endPasses: number;
  /** the deepening's exact values, and for unproven positions the depth already searched below them */
  private table = new Map<number, { value: Value; best: Move; searched: number }>();
  /** escapes (a boundary string captured, a local region left) the last verified proof rests on */
  escapesUsed = 0;
  /** the exits of those escapes where the target itself reached the exit */
  escapeMoves = new Set<Move>();
  /** some escape of the proof took a boundary string, or reached an exit with another string */
  escapeElse = false;
  private historyFlag = false;
  /** a verified proof met a move of the losing side that a ko or repetition rule refused (set
   *  by proveNode): only then can outside threats change the answer */
  loserRefused = false;
  /** the searches guiding this one (its priors, in order) */
  readonly priors: Search[];
  /** the core's table slot this search writes (one its priors do not hold) */
  readonly slot: number;
  private readonly core: ReturnType<Game["searchCore"]>;
  private moveView: Int16Array;

  /** `priors`: earlier searches (at most two) of the same question with other outside threats,
   *  whose proofs guide this one where they still hold (see assembly/search.ts priorValue).
   *  Each must be the last search made of its table slot. */
  constructor(readonly spec: ProblemSpec, toMove: Color, private budget: Budget, priors: Search[] = [],
    /** df-pn's first numbers count the mover's moves (default: without outside threats; see
     *  assembly/search.ts kidNumbers) */
    readonly mobility = !(spec.threats && spec.threats.B + spec.threats.W > 0),
    /** a team's helper (team.ts): this search writes the leader's table in `slot`, guided by the
     *  leader's priors, all adopted as the leader holds them */
    join?: TeamPlace) {
    const { width, height, rules } = spec;
    this.game = new Game({ width, height, suicide: rules.suicide, ko: "none", toMove });
    this.game.setup(spec.board, toMove);
    // the rule engine plays the line and takes it back (journaled)
    this.game.startRules(ruleKnobs(rules), toMove, MAX_DEPTH + 1, true);
    // in the dispute, play ends at the rule set's end: two passes (four for `four-passes`)
    this.endPasses = rules.end === "four-passes" ? 4 : 2;
    const c = (this.core = this.game.searchCore());
    const n = width * height;
    const flags = new Uint8Array(c.memory.buffer, Number(c.S_FLAGS_IN.value), n);
    flags.fill(0);
    const region = spec.region;
    for (const p of region.points) flags[p] |= F_REGION;
    for (const p of region.barred ?? []) flags[p] |= F_BARRED;
    for (const p of region.exits ?? []) flags[p] |= F_EXIT;
    for (const p of region.boundary) flags[p] |= F_BOUNDARY;
    for (const p of region.targetStones) flags[p] |= F_TARGET_STONE;
    new Uint16Array(c.memory.buffer, Number(c.S_TARGETS_IN.value), spec.targets.length).set(spec.targets);
    const need = spec.liberties ?? [];
    new Uint16Array(c.memory.buffer, Number(c.S_NEED_IN.value), spec.targets.length).set(spec.targets.map((_, k) => need[k] ?? 0));
    const order = moveOrder(spec);
    new Uint16Array(c.memory.buffer, Number(c.S_ORDER_IN.value), order.length).set(order);
    const keepLiberties = spec.goal === "liberties";
    if (keepLiberties) this.game.setLibertyMask(spec.region.points);
    // Benson's test (an eye region's search asks it too, of the regions it keeps:
    // assembly/search.ts keptForEver); where the rules allow suicide, with the vital regions
    // that argument needs (assembly/benson.ts)
    const bensonAll = suicideAllowed(rules);
    this.game.setBensonTargets(spec.targets);
    // "finished-game": fill-in and the loop guard (see ProblemSpec.tuning)
    const finished = spec.tuning === "finished-game";
    const opts = (finished ? 3 : 0) | (mobility ? 16 : 0) | (spec.rimGift ? 32 : 0) | (join ? 64 : 0) | (bensonAll ? 128 : 0) | (spec.voidLoses ? 256 : 0);
    if (join) for (const [slot, [base, gen]] of join.tables.entries()) c.searchAdopt(slot, base, gen);
    this.slot = join ? join.slot : [0, 1, 2].find((k) => !priors.some((p) => p.slot === k))!;
    const goal = spec.goal === "any" ? 1 : keepLiberties ? 2 : 0;
    const endRule = rules.end === "null-moves" ? 1 : rules.end === "zhang-virtual" ? 2 : 0;
    const t = spec.threats ?? { B: 0, W: 0 };
    c.searchInit(colorCode(spec.defender), goal, this.endPasses, endRule, opts, t.B, t.W, spec.targets.length, order.length, this.slot);
    this.priors = priors.slice(0, 2);
    this.priorSlots = join ? join.priors : this.priors.map((q) => ({ slot: q.slot, B: q.spec.threats?.B ?? 0, W: q.spec.threats?.W ?? 0 }));
    for (const p of this.priorSlots) c.searchPrior(p.slot, p.B, p.W);
    this.moveView = new Int16Array(c.memory.buffer, Number(c.S_MOVES_OUT.value), 400);
    this.rebudget(budget);
  }

  /** A fresh budget for this search (a team's helper keeps its mirror of the leader's search,
   *  and gives it one per run). */
  rebudget(budget: Budget): void {
    this.budget = budget;
    this.hook();
    this.core.searchBudget(budget.maxNodes, budget.maxPositions ?? Infinity, budget.deadline, !!budget.cancelled);
  }

  /** Points the core's host calls (clock, cancel flag) at this search. */
  private hook(): void {
    searchHooks.cancelled = this.budget.cancelled;
  }

  /** expansions (df-pn), visits (iterative deepening, verification): the budget's unit */
  get nodes(): number { return (this.core.sNodes.value as number) + this.teamNodes + this.carried.nodes; }
  /** a team's helpers' expansions in this search's df-pn runs (team.ts) */
  teamNodes = 0;
  /** moves tried (apply calls): a unit of work that is the same for every kind of search */
  get positions(): number { return (this.core.sPositions.value as number) + this.carried.positions; }
  get budgetOut(): boolean { return (this.core.sBudgetOut.value as number) !== 0; }
  /** a void (rule-set ruling) was met somewhere in the search */
  get sawVoid(): boolean { return (this.core.sSawVoid.value as number) !== 0 || this.carried.sawVoid; }
  /** the work before the budget was counted again from zero (restartBudget) */
  private carried = { nodes: 0, positions: 0, sawVoid: false };

  /** The node and position budget counted again from zero, as a single thread starting its
   *  run now would have it (the deadline stays); the work so far stays in the counts. For a
   *  team's fallback to one thread (prove.ts settle). */
  restartBudget(): void {
    const c = this.core;
    this.carried.nodes += c.sNodes.value as number;
    this.carried.positions += c.sPositions.value as number;
    this.carried.sawVoid ||= (c.sSawVoid.value as number) !== 0;
    this.rebudget(this.budget);
  }
  /** a line ran longer than the core's state slots */
  get depthExceeded(): boolean { return (this.core.sDepthExceeded.value as number) !== 0; }
  /** df-pn stopped because it went round without learning (the loop guard) */
  get dfpnLooping(): boolean { return (this.core.sLooping.value as number) !== 0; }

  private attacker(): Color {
    return other(this.spec.defender);
  }

  /** Plays a move for `color`; on ok the caller must call undo(). */
  apply(move: Move, color: Color, depth: number): Applied {
    return decode(this.game.searchCore().searchApply(move, colorCode(color), depth));
  }

  /** Takes back the move applied at `depth`. */
  undo(depth: number): void {
    this.core.searchUndo(depth);
  }

  private key(color: Color): number {
    return this.core.searchKey(colorCode(color));
  }

  /** Candidate moves for `color` in search order: the table's best first, then by the history
   *  heuristic (moves that refuted others before), then by distance from the target; pass last. */
  moves(color: Color, best: Move | undefined): Move[] {
    const n = this.game.searchCore().searchMoves(colorCode(color), best ?? -2);
    const out = new Array<number>(n), view = this.moveView;
    for (let i = 0; i < n; i++) out[i] = view[i];
    return out;
  }

  /** Counts a visit of a verification pass against the budget; true when it has run out. */
  checkBudget(): boolean {
    this.hook();
    return this.core.searchVisit() !== 0;
  }

  /** The table key of the current position with `color` to move (for proof memos). */
  positionKey(color: Color): number {
    return this.key(color);
  }

  /** The key of the current position in prior j's table and proof memo (see priors), or -1
   *  where a proof there for `winner` need not hold here (assembly/search.ts searchPriorKey). */
  priorKey(j: number, color: Color, winner: Color): number {
    return this.core.searchPriorKey(j, colorCode(color), colorCode(winner));
  }

  /** What the rule set's repetition rule compares for the current position (the board, with the
   *  player to move under situational superko, and the virtual moves under Zhang's rules); -1
   *  where no rule looks further back than the last move (proof memos). */
  repetitionKey(): number {
    return this.core.searchRepetitionKey();
  }

  /** Runs `f` with at most `ms` of the budget's time (and at most `positions` moves tried);
   *  afterwards the budget is open again unless it is itself spent. */
  phase<T>(ms: number, f: () => T, positions = Infinity): T {
    const saved = this.phaseDeadline, savedPositions = this.phasePositions;
    this.phaseDeadline = Math.min(saved, performance.now() + ms);
    // (the core compares its own count: `positions` adds the work before a restartBudget)
    this.phasePositions = Math.min(savedPositions, (this.core.sPositions.value as number) + positions);
    this.core.searchPhase(this.phaseDeadline, this.phasePositions);
    try {
      return f();
    } finally {
      this.phaseDeadline = saved;
      this.phasePositions = savedPositions;
      this.core.searchPhase(saved, savedPositions);
      this.hook();
      this.core.searchReopen();
    }
  }
  private phaseDeadline = Infinity;
  private phasePositions = Infinity;

  /**
   * For a team's run of df-pn: each thread's share of the nodes and of the phase's positions
   * left, since the core counts its own thread's work alone. Without it a team spent twice a
   * node budget, and ran as long as one thread before death by fill-in turned on (gop/14140:
   * df-pn 2.1-2.7 s with two threads, 2.6-2.8 s alone; with the shares 1.7-1.8 s). Returns the
   * share (a helper's budget for the run) and the undo, given the helpers' work in the run.
   */
  teamShare(threads: number): { nodes: number; positions: number; undo: (helpedNodes: number, helpedPositions: number) => void } {
    const c = this.core;
    const ownNodes = c.sNodes.value as number, ownPositions = c.sPositions.value as number;
    const wasNodes = c.searchNodeLimit(Infinity);
    const nodes = Math.max(0, wasNodes - ownNodes) / threads;
    const positions = Math.max(0, Math.min(this.phasePositions, this.budget.maxPositions ?? Infinity) - ownPositions) / threads;
    c.searchNodeLimit(ownNodes + nodes);
    c.searchPhase(this.phaseDeadline, ownPositions + positions);
    const undo = (helpedNodes: number, helpedPositions: number) => {
      c.searchNodeLimit(wasNodes - helpedNodes);
      if (Number.isFinite(this.phasePositions)) this.phasePositions -= helpedPositions;
      c.searchPhase(this.phaseDeadline, this.phasePositions);
    };
    return { nodes, positions, undo };
  }

  /** Positions left in the budget (Infinity without maxPositions). */
  get positionsLeft(): number {
    return (this.budget.maxPositions ?? Infinity) - (this.core.sPositions.value as number);
  }

  /** Time left in the budget, in ms. */
  get timeLeft(): number {
    return this.budget.deadline - performance.now();
  }

  /** Depth-limited value of the position with `color` to move. */
  private value(color: Color, depth: number, limit: number): Value {
    if (this.core.searchVisit()) return UNKNOWN;
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
      const a = this.apply(mv, color, depth);
      if (a.historyDependent) this.historyFlag = true;
      if (!a.ok) continue;
      const v = a.terminal ?? this.value(other(color), depth + 1, limit);
      this.undo(depth);
      if (v === mine) {
        best = mv;
        result = mine;
        this.core.searchReward(colorCode(color), mv, (limit - depth) * (limit - depth));
        break;
      }
      if (v === UNKNOWN) allLose = false;
    }
    if (result === null) result = allLose ? (attackerMoves ? LOSS : WIN) : UNKNOWN;
    const dependent = this.historyFlag;
    this.historyFlag = outerFlag || dependent;
    const out = this.budgetOut;
    if (result !== UNKNOWN && !dependent && !out) this.table.set(key, { value: result, best, searched: remaining });
    // an unproven line that met the history (a repetition, a void, a look-back refusal) may
    // end differently on another path: keep its best move, not its depth
    else if (result === UNKNOWN && !out) this.table.set(key, { value: UNKNOWN, best: hit?.best ?? best, searched: dependent ? 0 : remaining });
    return result;
  }

  /** Iterative deepening until the value is exact or the budget runs out; `depth` is the
   *  number of moves already applied below the root (their slots are in use). */
  solve(toMove: Color, depth = 0): Value {
    this.hook();
    for (let limit = 2; limit <= MAX_DEPTH; limit += 2) {
      const v = this.value(toMove, depth, depth + limit);
      if (v !== UNKNOWN || this.budgetOut) return v;
    }
    return UNKNOWN;
  }

  get consecutivePasses(): number {
    return this.core.searchPasses();
  }

  /** The tables' suggestion for the winner at the current position, if any. */
  suggestion(color: Color): Move | undefined {
    const c = this.game.searchCore(), code = colorCode(color);
    const proven = c.searchProvenBest(code);
    if (proven > 0) return proven - 2;
    const best = this.table.get(this.key(color))?.best;
    if (best !== undefined) return best;
    this.hook();
    const elsewhere = c.searchElsewhereBest(code);
    return elsewhere > 0 ? elsewhere - 2 : undefined;
  }

  /** Positions df-pn of this question may try before death by fill-in ends its lines (see
   *  prove.ts FILL_AFTER; Infinity: never, unless the finished-game tuning has it from the start). */
  fillAfter = Infinity;

  /** Death by fill-in ends a line from now on (assembly/search.ts filledIn). */
  fillIn(): void {
    this.core.searchFillIn();
    this.filling = true;
  }
  /** fillIn() was called */
  filling = false;

  /** df-pn from the current position; exact WIN/LOSS (to be verified) or UNKNOWN. At the root,
   *  with a team joined (joinTeam), the team's threads run it together. */
  dfpn(toMove: Color, depth = 0): Value {
    if (team && !this.solo && depth === 0) return team.dfpn(this, toMove) as Value;
    return this.dfpnHere(toMove, depth);
  }

  /** df-pn runs in this thread only, though a team is joined (see prove.ts settle) */
  solo = false;

  /** The search as it was made, at its root: an empty table (a new generation), no history
   *  scores (or, with `keepHistory`, the ones it has: df-pn then orders moves differently),
   *  death by fill-in off unless the question has it from the start. */
  renew(keepHistory = false): void {
    this.core.searchRenew(keepHistory);
    this.filling = false;
  }

  /** df-pn from the current position in this thread only. */
  dfpnHere(toMove: Color, depth = 0): Value {
    this.hook();
    return this.game.searchCore().searchDfpn(colorCode(toMove), depth) as Value;
  }

  /** The tables (base, generation) and the priors' slots, as a team's helper adopts them. */
  place(): TeamPlace {
    const c = this.core;
    const tables = [0, 1, 2].map((k) => [c.searchSlotBase(k), c.searchSlotGen(k)] as [number, number]);
    return { slot: this.slot, tables, priors: this.priorSlots };
  }
  private readonly priorSlots: TeamPlace["priors"];

  /** After a stop that was not the budget's (a team's helper proved the root): the budget is
   *  open again unless it is itself spent. */
  reopen(): void {
    this.hook();
    this.core.searchReopen();
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

/** Where a team's helper search writes and what guides it (Search.place). */
export interface TeamPlace {
  slot: number;
  /** per slot 0..2: table address and generation */
  tables: [number, number][];
  /** the priors' slots and the threats each was asked with */
  priors: { slot: number; B: number; W: number }[];
}

/** A team that runs df-pn at a search's root with more threads (team.ts); joined per thread. */
export interface TeamLink {
  /** the team's threads, the leader's included */
  readonly threads: number;
  dfpn(search: Search, toMove: Color): number;
}
let team: TeamLink | undefined;
/** Joins this thread's searches to a team (undefined: leaves it). */
export function joinTeam(link: TeamLink | undefined): void {
  team = link;
}
/** The team this thread's searches are joined to. */
export function teamNow(): TeamLink | undefined {
  return team;
}
