// The exact value of a small empty board under a rule set (docs/solve.md): the core's search
// (assembly/solve.ts) over the one rule engine, the count of each finished game by the referee's
// own judge (src/simulate/engine.ts judge: the count of src/scoring, Void, New Ing's laziness),
// and the principal variation replayed through the move-by-move referee, whose ruling must give
// the value back.
import type { Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import { checkSize, releaseCore } from "../core/game.js";
import { loadCore, solveHooks, searchHooks, type CoreExports } from "../core/wasm.js";
import { ArbiterError } from "../errors.js";
import type { GameRecord, RecordMove } from "../record/record.js";
import { ruleKnobs } from "../rules/knobs.js";
import { referee, type Ruling } from "../rules/referee.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { judge, marginTwice, type GameSummary } from "../simulate/engine.js";
import { SUICIDE } from "../core/codes.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { REP_ING, REP_PSK, REP_SIMPLE, REP_SSK, REP_ZHANG } from "../../assembly/codes.js";
import { rootData, sgfPoint, writeSgf, type SgfNode } from "../sgf/write.js";

const REP = { simple: REP_SIMPLE, psk: REP_PSK, ssk: REP_SSK, ing: REP_ING, zhang: REP_ZHANG };

/** The core's codes (assembly/solve.ts). */
const LEAF_VOID = 1 << 24;
const LEAF_FORFEIT = 30000;
const MOVE_PASS = -1;
const MOVE_ABANDON = -2;
const OPT = { memoryless: 1, cyclesVoid: 2, passesFirst: 4, verifyLeaves: 8, zhangAbandon: 16, grandAgreement: 32, symmetry: 64, noOpeningPass: 128, noTable: 256, historyOrder: 512, answerPassFirst: 1024 };
/** Boards the solver takes: at most this many points (the search is exponential). */
export const MAX_SOLVE_POINTS = 36;

export interface SolveOptions {
  width: number;
  height: number;
  /** the rule set, its komi the komi of the solve (the command line's default is 0) */
  rules: RuleSet;
  /** the name the report uses */
  name?: string;
  maxNodes?: number;
  /** wall-clock limit */
  seconds?: number;
  /** passes tried before the points (Tromp's order, the default but for a goal), else after them */
  passesFirst?: boolean;
  /** with passes after the points: a pass first where it answers a pass (a goal's default) */
  answerPassFirst?: boolean;
  /** count every final position again and compare with the kept count (tests) */
  verifyLeaves?: boolean;
  /** only one move of each class under the empty board's symmetries at the root */
  symmetry?: boolean;
  /** the points in the order of their cutoffs so far (the history heuristic, the default but for
   *  a goal), else centre out */
  historyOrder?: boolean;
  /** search without the transposition table (a check of it) */
  noTable?: boolean;
  /** alpha-beta, or retrograde analysis (memoryless rule sets only); default: retrograde for a
   *  memoryless rule set on at most 12 points */
  method?: "alpha-beta" | "retrograde";
  /** the Grand Rules by their phases: a phase's search cut short where one side's passes settle
   *  it (the board graph, 12 points at most); false: searched whole (a check of the cut) */
  settleByPasses?: boolean;
  /** the Grand Rules by their phases: a phase's lines cut short where a side's strategy of simple
   *  ko's game over the phases' graph wins whatever the line's boards; false: alpha-beta over
   *  every phase (a check of the cut) */
  phaseGraph?: boolean;
  /** the Grand Rules by their phases: a goal's fixed point over the suspensions starts from what
   *  a harder goal's holds and searches only what an easier goal's closed one holds (default);
   *  false: each taken alone (a check: the same fixed points) */
  nestedFixedPoints?: boolean;
  /** the Grand Rules under the rules themselves: the phases' graph's strategies kept for the
   *  goals and extra moves its lines read again (default); false: computed at each reading (a check) */
  keepPhaseStrategies?: boolean;
  /** the Grand Rules by their phases: the game phase's extra moves the phases' graph holds either
   *  way (default 2); past them a position is decided by the same board's strategies at the
   *  edge where they favour the side ahead, else searched without strategies */
  extraMovesClamp?: number;
  /** the Grand Rules by their phases: where the relaxation's bounds do not meet, the goals
   *  between them searched under the rules themselves, the Void on (default); false: the bounds
   *  alone, then alpha-beta over the rule set */
  voidPlayOut?: boolean;
  /** territory counting: the prisoners in the position (the larger graph of the bounds), not the
   *  total-payoff games first (a check of them) */
  prisonersInPosition?: boolean;
  /** alpha-beta only: whether Black makes at least this margin, in a null window (`goalMet`), not
   *  the value (a check of the other methods on boards alpha-beta cannot solve whole; the way to
   *  boards past retrograde analysis's room, 5x5) */
  goal?: number;
  /** a goal by deepening (default): lines cut at a horizon that grows until the verdict leans on
   *  none; false: one search with no horizon but the engine's 1,000 entries */
  deepening?: boolean;
  /** deepening: the first horizon, in moves (default twice the points) */
  firstHorizon?: number;
  /** a goal's search: alpha-beta by deepening (default), or proof and disproof numbers (df-pn,
   *  memoryless rule sets; docs/solve.md "A goal by proof numbers") */
  goalSearch?: "deepening" | "proof-numbers";
  /** a goal (by deepening or proof numbers) from the position after these moves (row-major points, -1 a pass;
   *  Black first, then by turns), not the empty board: their positions are on the line (a move
   *  back to one is void, as in the game) */
  from?: number[];
  /** a goal by proof numbers split at its root (after `from`): each of the mover's moves, one a
   *  class under the board's symmetries, its own search: with `threads` 2 two at once on worker
   *  threads (goal-worker.ts, a table each), else one after another sharing the table; Black's
   *  first yes or White's first no answers, the rest are stopped */
  split?: boolean;
  /** alpha-beta under area counting with a memoryless rule set: Benson's test bounds the count
   *  (default); false: every line played to its end (a check of the test) */
  safeArea?: boolean;
  /** a superko searched over its lines: each cut-off's strategy played out under the superko
   *  itself (`boundsWork.history.checkFailed`: those that did not hold; a check of the search);
   *  "proof": only the cut-off leaves of the proof trees, the ones the value rests on (walked
   *  without being written where there is no `proof` or the tree outgrows a million nodes;
   *  `boundsWork.history.proofLeaves`, `proofFailed`, `proofNodes`) */
  checkCutoffs?: boolean | "proof";
  /** a superko's own lines under situational superko with suicide (New Zealand rules): each lone
   *  stone's suicide left out, which a pass does or answers (default true; docs/solve.md "A lone
   *  stone's suicide"); false tries every one */
  loneSuicideAnswered?: boolean;
  /** the rule's own lines: the moves a line may reach before the cap stops it (default and most
   *  1,000; docs/solve.md "Lines past the cap"); a smaller one is a check that the answers the
   *  cap touched stay proofs */
  lineCap?: number;
  /** retrograde analysis: room for this many positions (some 60 bytes each with their hash slots) */
  maxPositions?: number;
  /** retrograde analysis: room for this many moves (8 bytes each, 9 under territory counting;
   *  default ten a position, at most 185 million) */
  maxMoves?: number;
  /** the search over a rule's own lines: by proof and disproof numbers (df-pn, the default;
   *  docs/solve.md "The lines by proof numbers") or alpha-beta */
  lineSearch?: "alpha-beta" | "proof-numbers";
  /** the search over a rule's own lines: the goal (Black's margin) asked first, where it lies
   *  between the bounds (default: the lower bound, or Ing's relaxation's value); the answers
   *  then go up or down from it as from any start */
  firstGoal?: number;
  /** retrograde analysis: what play that never ends is worth, twice Black's margin (0, a void,
   *  unless a check of what cycles cost asks otherwise) */
  endlessValue?: number;
  /** alpha-beta: also the proof trees (at least the value, at most the value) as SGF */
  proof?: boolean;
  /** log2 of the table's entries (16 bytes each; default 22): alpha-beta's transposition table, or under
   *  retrograde analysis the table of the search over a rule's own lines (and as many entries
   *  for its answers resting on the cap) */
  tableBits?: number;
  /** 2: the bounds' two runs at once, the upper one on a worker thread (bound-worker.ts; only
   *  from the built code, where the worker's file is) */
  threads?: number;
  /** (the worker's part: only the upper bound) */
  part?: "upper";
  progress?: (nodes: number, depth: number) => void;
  cancelled?: () => boolean;
}

/** One move of a goal split at its root: whether Black makes the goal after it (absent: not
 *  answered, `stoppedBy` why), its search's nodes and time (0 where the move settled it at once:
 *  a final position, a move back to the line, Benson's test). */
export interface GoalPart {
  move: string;
  goalMet?: boolean;
  nodes: number;
  timeMs: number;
  stoppedBy?: SolveResult["stoppedBy"] | "not needed";
}

export interface SolveResult {
  size: string;
  rules: string;
  komi: number;
  /** the final margin for Black with perfect play (0 a draw), "Void", or null when the search
   *  did not finish */
  value: number | "Void" | null;
  /** the result as the referee writes it (the tie rule applied: Ing's B+0) */
  result: string | null;
  /** a principal variation: GTP vertices, "pass"; Zhang's final abandon moves are "pass" too */
  line: string[];
  /** the move-by-move referee's ruling on the line */
  lineRuling: { result: string; end: string; agrees: boolean } | null;
  nodes: number;
  /** where the time and nodes went, stage by stage (the graph, bounds, each goal's strategies
   *  and lines, the line), in order; a stopped solve's last stage is where it stopped */
  stages?: SolveStage[];
  timeMs: number;
  complete: boolean;
  /** how the table key reads the history (docs/solve.md) */
  regime: "memoryless" | "history";
  /** (a goal by proof numbers: "proof-numbers") */
  method: "alpha-beta" | "retrograde" | "proof-numbers";
  /** retrograde analysis: the positions play can reach, and their moves */
  positions?: number;
  stats: { leaves: number; counted: number; stored: number; hits: number; cycles: number; maxDepth: number };
  /** lines that repeated a position under a rule set with no rule for it (a rule gap) */
  gaps: number;
  /** verifyLeaves: kept counts the host counted differently (must be 0) */
  leafMismatches?: number;
  /** `goal`: whether Black makes at least that margin (absent when the search stopped) */
  goalMet?: boolean;
  /** the goal asked */
  goal?: number;
  /** a goal from a position: the moves it starts after (GTP points or "pass", Black first) */
  from?: string[];
  /** a goal split at its root: each move's search (or what was known of it at once), in order */
  parts?: GoalPart[];
  /** a goal by deepening: the last horizon, and the positions Benson's test decided */
  goalWork?: { horizon: number | null; horizonLeaves: number; bySafeArea: number;
    /** by proof numbers: the positions whose moves were generated, the moves back to a position
     *  on the line (void) and the positions past the engine's moves, both answers that rest on
     *  their line; entries written over in the table */
    search?: "deepening" | "proof-numbers"; expanded?: number; repetitions?: number; tooDeep?: number; replaced?: number };
  stoppedBy?: "nodes" | "time" | "cancel" | "depth" | "positions" | "bounds" | "unproven";
  /** a proven value whose line the budget cut short: what stopped it (the line is then the
   *  moves found so far, not refereed) */
  lineStoppedBy?: "nodes" | "time" | "cancel" | "depth" | "positions";
  /** a superko or territory counting by retrograde analysis (docs/solve.md, "A superko by
   *  bounds"): the margins Black's and White's checked strategies guarantee */
  bounds?: { lower: number; upper: number };
  /** the bounds' checks: rounds of bans, moves banned or positions left out, and the nodes of
   *  Black's strategy played out with the Void on (0: none); territory counting: the total-payoff
   *  games' updates */
  boundsWork?: { rounds: number; changes: number; playedOut: number; updates?: number;
    /** where the bounds did not meet: the superko searched over its own lines (goals tried,
     *  nodes, positions each side's strategy decided) */
    history?: { goals: number; nodes: number; cutBlack: number; cutWhite: number; checkFailed?: number;
      /** how the lines were searched (`lineSearch`) */
      search?: "proof-numbers" | "alpha-beta";
      /** lone stones' suicides not tried: answered by a pass, they give nothing another move does not */
      loneSuicides?: number;
      /** where a cap on the line's moves touched a search (docs/solve.md, "Lines past the cap"):
       *  the lines it stopped, the searches run (each goal deepened from 16 moves, twice at each
       *  cap: the cap the side's loss, then its win), and the deepest cap a goal's answer needed;
       *  `capHits`: of the lines stopped, answers resting on the cap met again in the same run
       *  (a position with its history, as many moves left or fewer) and not searched again */
      capped?: number; runs?: number; deepestCap?: number; capHits?: number;
      /** each goal answered, in order (as a margin: whether Black makes it), and the goal the
       *  search was on when the budget ran out */
      answers?: { goal: number; makes: boolean }[]; stoppedAt?: number;
      /** the search stopped for want of memory for a goal's strategies beside the graph (not
       *  for its budget) */
      noRoom?: boolean;
      /** log2 of the lines' table's entries, where memory held fewer than asked (`tableBits`) */
      tableBits?: number;
      /** the first goal (as a margin): the lower bound, or Ing's relaxation's value */
      start: number;
      proofLeaves?: number; proofFailed?: number; proofNodes?: number;
      /** the bounds before the search, as margins */
      from: { lower: number; upper: number } };
    /** the Grand Rules: the goals between the relaxation's bounds (`from`, as margins) searched
     *  under the rules themselves, the Void on (searches, positions, those the relaxation cut
     *  off, lines a Void ended) */
    rulesSearch?: { searches: number; positions: number; cut: number; voided: number; from: { lower: number; upper: number } } };
  /** `proof`: the two proof trees as SGF (not part of the JSON: the command writes them to a file) */
  proofSgf?: string;
  notes: string[];
}

interface SolveCore extends CoreExports {
  solveTables(ttBits: number, leafBits: number): number;
  solveProof(toMove: number, v: number, atLeast: number): number;
}

/** Whether a position's value is a function of the position (docs/solve.md, "Two regimes"): the
 *  rule engine reads no history beyond the last move (simple ko or no ko rule; the third
 *  occurrence of a situation apart, replaced by a void at a line's first cycle), and the count
 *  is a function of the final position (not territory counting's prisoners or the Grand Rules'
 *  game-phase moves, which a void's 0 does not add up with). */
function isMemoryless(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return (k.rep === 0 || k.rep === 1) && !k.resumeClears && offsetKindOf(rules) === 0;
}

/** A positional or situational superko with nothing else of the history read: solved by
 *  retrograde analysis of the same rules under simple ko, whose strategies are then checked for
 *  a repeated board (docs/solve.md, "A superko by bounds"). */
function superkoByBounds(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return (k.rep === REP.psk || k.rep === REP.ssk) && !k.resumeClears && !k.void3 && offsetKindOf(rules) === 0;
}

/** Situational superko with suicide, two passes to end, and a count of the final board alone
 *  (New Zealand rules): a lone stone's suicide, answered by a pass, gives the mover nothing that
 *  another move does not (assembly/retro.ts retroLoneSuicides). */
function loneSuicideAnswerable(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  // (the mover's pass must be there to do what the suicide does: not at a start that bars it)
  return k.rep === REP.ssk && rules.suicide === "allowed" && !k.void3 && !k.resumeClears && rules.end === "two-passes" &&
    rules.scoring === "area" && !k.passesInHash && rules.openingPass !== "forbidden";
}

/** Ing's rules (1A, the twin hot stones at the close of a cycle): bounded, as a superko is, by
 *  retrograde analysis of their history-free part, simple ko with the hot stones of two or more
 *  stones (rules.ts setHotStones): every other ban of 1A, and its void, needs a situation that
 *  came earlier, which the strategies are checked against (docs/solve.md, "Ing's rules by their
 *  hot stones"). */
function ingByBounds(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return k.rep === REP.ing && !k.twinEarly && !k.resumeClears && offsetKindOf(rules) === 0;
}

/** Zhang's rules (no going back, virtual moves, the judged end): bounded by retrograde analysis
 *  of their history-free part, simple ko with Zhang's moves and the virtual moves counted
 *  nowhere (rules.ts setVirtualFree): play ends only at a pass, so a side that keeps every pass
 *  at a board that meets its goal wins it (docs/solve.md, "Zhang's rules by their passes"). */
function zhangByBounds(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return k.rep === REP.zhang && !k.zhangVoid && rules.end === "zhang-virtual" && offsetKindOf(rules) === 0;
}

/** The Grand Rules (positional superko within a phase, the history cleared on resumption, the
 *  Void at a situation's third creation across phases): bounded by their phases, the Void left
 *  out with play that never ends lost for the side with a goal (assembly/grand.ts; docs/solve.md,
 *  "The Grand Rules by their phases"). */
function grandByPhases(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return k.rep === REP.psk && k.resumeClears && rules.end === "two-passes" && offsetKindOf(rules) !== 1;
}

/** Territory counting with simple ko and a long cycle void (Japanese and Korean rules): solved
 *  by retrograde analysis, first as two total-payoff games over simple ko's positions, then
 *  where needed over positions that hold the prisoners so far, the strategies checked against a
 *  situation's third occurrence (docs/solve.md, "Territory counting by total payoff"). */
function territoryByBounds(rules: RuleSet): boolean {
  const k = ruleKnobs(rules);
  return k.rep === REP.simple && k.void3 && !k.resumeClears && offsetKindOf(rules) === 1;
}

/** What the count adds up along the line (assembly/solve.ts offsetNow): 1 territory counting's
 *  prisoners, 2 the Grand Rules' game-phase moves (多下贴点), 0 nothing. */
function offsetKindOf(rules: RuleSet): number {
  return rules.scoring === "territory" ? 1 : rules.scoring === "grand" ? 2 : 0;
}

const seconds = (ms: number): string => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

/** A stage of a solve: its name, time and nodes. */
export interface SolveStage { stage: string; ms: number; nodes: number }

/** The value of the empty WxH board under `o.rules`. */
export function solve(o: SolveOptions): SolveResult {
  const first = solveOnce(o);
  if (first.stoppedBy !== "bounds" || o.method === "retrograde") return first;
  // bounds that do not meet: alpha-beta over the rule set itself, in the budget left
  const seconds = o.seconds !== undefined ? Math.max(o.seconds - first.timeMs / 1000, 0.001) : undefined;
  const maxNodes = o.maxNodes !== undefined ? Math.max(o.maxNodes - first.nodes, 1) : undefined;
  let second: SolveResult;
  try {
    second = solveOnce({ ...o, method: "alpha-beta", seconds, maxNodes });
  } catch (e) {
    // (the core's memory only grows: after a large graph alpha-beta may find no room for its
    // table; what the first search proved stands)
    if (!(e instanceof ArbiterError)) throw e;
    return { ...first, notes: [...first.notes, `alpha-beta over the rules themselves could not follow: ${e.message}`] };
  }
  return { ...second, nodes: first.nodes + second.nodes, timeMs: first.timeMs + second.timeMs,
    stages: [...first.stages ?? [], ...(second.stages ?? []).map((x) => ({ ...x, stage: `alpha-beta over the rules themselves: ${x.stage}` }))],
    ...(first.bounds ? { bounds: first.bounds } : {}), notes: [...first.notes.filter((n) => !n.startsWith("the search stopped")), ...second.notes] };
}

/** A goal from the position after `from` (`search`: the core's solveGoalPn or
 *  solveGoalDeepening with the moves' number): 1 yes, 0 no, -1 no answer; a move refused, named. */
function goalFrom(c: SolveCore, from: number[], width: number, height: number, search: (fromLen: number) => number): number {
  new Int32Array(c.memory.buffer, Number(c.GOAL_FROM.value), from.length).set(from);
  const r = search(from.length);
  if (r === -2) throw fromRefusedError(c, from, width, height);
  return r;
}

/** The move of `from` the core refused (fromRefused, fromBack), named. */
function fromRefusedError(c: SolveCore, from: number[], width: number, height: number): ArbiterError {
  const i = Number(c.fromRefused.value);
  const move = `${i % 2 === 0 ? "Black" : "White"} ${from[i] < 0 ? "pass" : indexToGtp(from[i], width, height)}`;
  const back = Number(c.fromBack.value);
  if (back >= 0) return new ArbiterError(`move ${i + 1} to start after (${move}) brings back the position ${back === 0 ? "at the start" : `after move ${back}`}: a void here (play is over), so there is no position to search from`);
  return new ArbiterError(`move ${i + 1} to start after (${move}) is refused by the rule set, or ends play: the search starts from a position in play`);
}

/** A goal by proof numbers split at its root (`split`): the mover's moves after `from`, one a
 *  class, those not settled at once each searched from the position after it (`from` and the
 *  move: on two worker threads, each its own solve and table, where `threads` is 2; else here
 *  one after another, sharing the table).
 *  The mover wins where one move wins; a loss needs every move's. The time is the whole split's
 *  (each part gets what is left); so is the node budget (each part gets what the finished ones
 *  left). */
function goalSplit(c: SolveCore, o: SolveOptions, from: number[], t0: number, g: (name: string) => number,
  stopCause: (nodes: number) => NonNullable<SolveResult["stoppedBy"]>): SolveResult {
  const theta = Math.round(2 * o.goal!);
  new Int32Array(c.memory.buffer, Number(c.GOAL_FROM.value), from.length).set(from);
  const n = c.goalRootMoves(theta, from.length);
  if (n === -2) throw fromRefusedError(c, from, o.width, o.height);
  const pairs = Array.from(new Int32Array(c.memory.buffer, Number(c.GOAL_ROOT_OUT.value), 2 * n));
  const blackMoves = from.length % 2 === 0;
  const name = (m: number) => (m < 0 ? "pass" : indexToGtp(m, o.width, o.height));
  const parts: GoalPart[] = [];
  const open: { move: number; part: GoalPart }[] = [];
  for (let i = 0; i < n; i++) {
    const move = pairs[2 * i], known = pairs[2 * i + 1];
    const part: GoalPart = { move: name(move), nodes: 0, timeMs: 0 };
    // (known: what the move gives its mover; Black makes the goal where Black's move wins or White's loses)
    if (known !== 0) part.goalMet = (known > 0) === blackMoves;
    else open.push({ move, part });
    parts.push(part);
  }
  // the mover's win: one move; the mover's loss: every move
  const answer = (): boolean | undefined => {
    if (parts.some((p) => p.goalMet === blackMoves)) return blackMoves;
    return parts.every((p) => p.goalMet !== undefined) ? !blackMoves : undefined;
  };
  const deadline = o.seconds !== undefined ? t0 + o.seconds * 1000 : Infinity;
  let nodesLeft = o.maxNodes ?? Infinity;
  const sub = (move: number): SolveOptions => {
    const { progress: _p, cancelled: _c, ...plain } = o;
    return { ...plain, split: false, from: [...from, move], threads: 1,
      seconds: Number.isFinite(deadline) ? Math.max((deadline - performance.now()) / 1000, 0.001) : undefined,
      maxNodes: Number.isFinite(nodesLeft) ? Math.max(nodesLeft, 1) : undefined };
  };
  const settle = (part: GoalPart, r: SolveResult) => {
    part.nodes = r.nodes; part.timeMs = r.timeMs;
    if (r.goalMet !== undefined) part.goalMet = r.goalMet; else part.stoppedBy = r.stoppedBy;
    nodesLeft -= r.nodes;
  };
  const stopped = () => answer() !== undefined || !!o.cancelled?.() || performance.now() >= deadline || nodesLeft <= 0;
  const threads = Math.max(1, Math.min(o.threads ?? 1, 2));
  const file = new URL("./goal-worker.js", import.meta.url);
  if (threads > 1 && open.length > 1 && existsSync(fileURLToPath(file))) {
    releaseCore();
    // (two at a time: each worker its own core; the shared words say cancel, done, its nodes)
    type Running = { part: GoalPart; words: Int32Array; nodes: Float64Array; port: MessagePort; worker: Worker };
    const running: Running[] = [];
    let next = 0;
    let doneNodes = 0;
    while (running.length > 0 || (next < open.length && !stopped())) {
      while (running.length < threads && next < open.length && !stopped()) {
        const { move, part } = open[next++];
        const words = new Int32Array(new SharedArrayBuffer(2 * 4));
        const nodes = new Float64Array(new SharedArrayBuffer(8));
        const { port1, port2 } = new MessageChannel();
        const worker = new Worker(file, { workerData: { o: sub(move), words, nodes, port: port2 } satisfies GoalWorkerData, transferList: [port2] });
        worker.unref();
        running.push({ part, words, nodes, port: port1, worker });
      }
      const r0 = running[0];
      Atomics.wait(r0.words, 1, 0, 100);
      if (o.cancelled?.() || performance.now() >= deadline + 60_000 || answer() !== undefined) for (const r of running) Atomics.store(r.words, 0, 1);
      o.progress?.(doneNodes + running.reduce((a, r) => a + r.nodes[0], 0), from.length + 1);
      for (let i = running.length - 1; i >= 0; i--) {
        const r = running[i];
        if (Atomics.load(r.words, 1) === 0) continue;
        const msg = receiveMessageOnPort(r.port)?.message as { result?: SolveResult; error?: string } | undefined;
        r.port.close();
        void r.worker.terminate();
        running.splice(i, 1);
        if (msg?.error) { for (const x of running) { Atomics.store(x.words, 0, 1); void x.worker.terminate(); } throw new ArbiterError(msg.error); }
        if (msg?.result) { settle(r.part, msg.result); doneNodes += msg.result.nodes; }
        else r.part.stoppedBy = "cancel";
        // (a part stopped because another answered was not needed)
        if (r.part.goalMet === undefined && answer() !== undefined) r.part.stoppedBy = "not needed";
      }
    }
  } else {
    // (one after another in this core, the table shared: what one part showed, the next reads)
    let first = true;
    for (const { move, part } of open) {
      if (stopped()) break;
      const before = g("solNodes"), t = performance.now();
      const line = [...from, move];
      new Int32Array(c.memory.buffer, Number(c.GOAL_FROM.value), line.length).set(line);
      const v = c.solveGoalPn(theta, line.length, first ? 0 : 1);
      first = false;
      part.nodes = g("solNodes") - before; part.timeMs = Math.round(performance.now() - t);
      nodesLeft -= part.nodes;
      if (v === 0 || v === 1) part.goalMet = v === 1;
      else part.stoppedBy = g("gpnTainted") ? "unproven" : stopCause(g("solNodes"));
      if (g("solOut")) break;
    }
    c.tableCleared();
    releaseCore();
  }
  const met = answer();
  // (why the split stopped short: the budget as a whole)
  const cause = o.cancelled?.() ? "cancel" : nodesLeft <= 0 ? "nodes" : "time";
  for (const p of parts) if (p.goalMet === undefined && p.stoppedBy === undefined) p.stoppedBy = met !== undefined ? "not needed" : cause;
  const nodes = parts.reduce((a, p) => a + p.nodes, 0);
  const r: SolveResult = { size: `${o.width}x${o.height}`, rules: o.name ?? o.rules.name, komi: o.rules.komi, value: null, result: null,
    line: [], lineRuling: null, nodes, timeMs: Math.round(performance.now() - t0), complete: met !== undefined, regime: "memoryless",
    method: "proof-numbers", stats: { leaves: 0, counted: 0, stored: 0, hits: 0, cycles: 0, maxDepth: 0 }, gaps: 0, notes: [], goal: o.goal, parts };
  if (from.length > 0) r.from = from.map(name);
  if (met !== undefined) r.goalMet = met;
  else r.stoppedBy = cause;
  r.notes.push(`split at the root: ${parts.length} moves of ${blackMoves ? "Black" : "White"}'s (one a class), ${open.length} searched apart`);
  return r;
}

/** What a goal's part gets on its worker thread (goal-worker.ts): its options, the words (0:
 *  cancel, 1: done) and its nodes so far, and the port its result goes back on. */
export interface GoalWorkerData { o: SolveOptions; words: Int32Array; nodes: Float64Array; port: MessagePort }

/** The worker's side (goal-worker.ts): the part's solve, its result on the port. */
export function goalWorker(d: GoalWorkerData): void {
  try {
    const r = solve({ ...d.o, cancelled: () => Atomics.load(d.words, 0) === 1, progress: (nodes) => { d.nodes[0] = nodes; } });
    d.port.postMessage({ result: r });
  } catch (e) {
    d.port.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
  Atomics.store(d.words, 1, 1);
  Atomics.notify(d.words, 1);
}

function solveOnce(o: SolveOptions): SolveResult {
  checkSize(o.width, o.height);
  const points = o.width * o.height;
  if (points > MAX_SOLVE_POINTS) {
    throw new ArbiterError(`a ${o.width}x${o.height} board has ${points} points: the solver takes boards of at most ${MAX_SOLVE_POINTS}`);
  }
  if (o.goal !== undefined && (o.method !== "alpha-beta" || !Number.isFinite(o.goal))) {
    throw new ArbiterError(`a goal (${o.goal}) is alpha-beta's check: it needs method "alpha-beta" and a finite margin`);
  }
  if (o.lineSearch !== undefined && o.lineSearch !== "proof-numbers" && o.lineSearch !== "alpha-beta") {
    throw new ArbiterError(`a line search "${String(o.lineSearch)}": it takes proof-numbers or alpha-beta`);
  }
  // (the check plays a strategy out by ranks that fall with every move; a region of Zhang's
  // rules forces a pass again and again, its ranks rising after each, so every such cut-off
  // would read "did not hold" whether it holds or not)
  if (o.checkCutoffs && zhangByBounds(o.rules)) {
    throw new ArbiterError("a check of the cut-offs (checkCutoffs) under Zhang's rules: it plays a superko's strategy out move by move, and Zhang's regions, whose strategies pass again and again, are not checked that way");
  }
  if (o.firstGoal !== undefined && (!Number.isFinite(o.firstGoal) || Math.round(2 * o.firstGoal) !== 2 * o.firstGoal)) {
    throw new ArbiterError(`a first goal of ${o.firstGoal}: it takes Black's margin, a multiple of 0.5`);
  }
  // (the goal the search over a rule's lines asks first: the caller's, held within the bounds)
  const firstGoal = (start: number, lower: number, upper: number): number =>
    o.firstGoal === undefined ? start : Math.min(Math.max(2 * o.firstGoal, lower), upper);
  const lineCap = o.lineCap ?? 1000;
  if (!Number.isInteger(lineCap) || lineCap < 4 || lineCap > 1000) {
    throw new ArbiterError(`a line cap of ${o.lineCap} moves: it takes a whole number from 4 to 1,000 (the engine's longest line)`);
  }
  const rules = o.rules;
  const knobs = ruleKnobs(rules);
  const memoryless = isMemoryless(rules);
  const cyclesVoid = knobs.void3;
  if (o.goalSearch !== undefined && o.goalSearch !== "deepening" && o.goalSearch !== "proof-numbers") {
    throw new ArbiterError(`a goal's search "${String(o.goalSearch)}": it takes "deepening" or "proof-numbers"`);
  }
  // (by proof numbers a line back to a position on it is a void: the rule set must read no
  // history and void long cycles)
  if (o.goalSearch === "proof-numbers" && (o.goal === undefined || !memoryless || !cyclesVoid)) {
    throw new ArbiterError(o.goal === undefined ? "a goal's search by proof numbers needs a goal" :
      `a goal by proof numbers takes a rule set that reads no history and voids long cycles (as chinese with --ko simple --long-cycles void); ${rules.name} does not`);
  }
  const goalByPn = o.goalSearch === "proof-numbers";
  const from = o.from ?? [];
  if (from.length > 0 && (o.goal === undefined || o.deepening === false)) throw new ArbiterError("a search from a position (moves to start after) is a goal's: it needs a goal (by deepening or by proof numbers)");
  if (o.split && !goalByPn) throw new ArbiterError("a split at the root is a goal's by proof numbers: it needs a goal and goalSearch \"proof-numbers\"");
  from.forEach((m, i) => {
    if (!Number.isInteger(m) || m < -1 || m >= points) throw new ArbiterError(`move ${i + 1} to start after (${String(m)}) is neither a point of the ${o.width}x${o.height} board nor a pass`);
  });
  const c = loadCore() as SolveCore;
  const fromMost = Number(c.SOLVE_FROM_MOST.value);
  if (from.length > fromMost) throw new ArbiterError(`${from.length} moves to start after: at most ${fromMost}`);
  releaseCore();
  c.newGame(o.width, o.height, SUICIDE[rules.suicide], 0, 1, 4096);
  // retrograde analysis where it takes the rule set (a memoryless one, territory counting, a
  // superko by bounds) and the board is small enough; else alpha-beta
  // (a game that must open with a stone: the start is a position of its own, solve.ts keyOf)
  const byRetro = o.method !== "alpha-beta" && (o.method === "retrograde" || points <= 16);
  const ing = byRetro && ingByBounds(rules);
  // a rule that reads the history bounded by a history-free relaxation, then searched over its
  // own lines: a superko by simple ko, Ing's 1A by its hot stones
  const relaxed = byRetro && (superkoByBounds(rules) || ing);
  // (Ing's bounds are not played out, which its long lines make too costly: its own lines'
  // search shows each goal, the bounds' included)
  const linesOnly = ing;
  const territory = byRetro && territoryByBounds(rules);
  const zhang = byRetro && zhangByBounds(rules);
  // (one bit per count a board can give: 31 points at most)
  const grand = byRetro && grandByPhases(rules) && 2 * points + 2 <= 64;
  const bounds = relaxed || territory || zhang;
  const retro = byRetro && (bounds || memoryless);
  // (the table's size: alpha-beta's, or under retrograde analysis that of the search over a
  // rule's own lines, alpha-beta's then kept at its default)
  const tableBits = o.tableBits ?? 22;
  if (!Number.isInteger(tableBits) || tableBits < 10 || tableBits > 26 || !c.solveTables(retro ? Math.min(tableBits, 22) : tableBits, 20)) {
    throw new ArbiterError(`a table of 2^${tableBits} entries: out of range (10 to 26), or no memory for it`);
  }
  c.retroHistoryTableBits(retro ? tableBits : 22);
  const lineSearch = o.lineSearch ?? "proof-numbers";
  c.retroHistoryProofNumbers(+(lineSearch === "proof-numbers"));
  // the engine reads no history where retrograde analysis runs: simple ko for a superko's
  // bounds, and the third-occurrence Void off (endless play is worth 0 there: docs/solve.md)
  const engineMemoryless = memoryless || retro;
  const rep = relaxed || zhang ? REP.simple : knobs.rep;
  // (the engine's game from the start under the rule set's knobs, with this repetition rule;
  // Ing's own with its void, its relaxation with its hot stones, both with their memory in the keys)
  const startEngine = (repetition: number): void => {
    c.rulesStart(knobs.suicide, repetition, +knobs.twinEarly, +(linesOnly ? repetition === knobs.rep && knobs.void3 : engineMemoryless ? false : knobs.void3),
      +knobs.zhangVoid, +knobs.passesInHash, knobs.end, +knobs.resumeClears, 1, 4096, 1);
    if (ing) c.setHotStones(1);
    if (zhang && repetition === REP.simple) c.setVirtualFree(1);
  };
  startEngine(rep);
  // (Zhang's graph and lines: an abandon move may answer a pass; no other rule set's)
  c.retroAbandons(+zhang);
  const offset = offsetKindOf(rules);
  // (a goal's search by default: passes answering, the points from the centre out, which the
  // history heuristic only made worse on every board measured, docs/solve.md "Move order")
  const goalOrder = o.goal !== undefined && !retro;
  const opts = (engineMemoryless ? OPT.memoryless : 0) | (cyclesVoid ? OPT.cyclesVoid : 0) |
    (o.passesFirst ?? !goalOrder ? OPT.passesFirst : 0) | (o.verifyLeaves ? OPT.verifyLeaves : 0) |
    (rules.end === "zhang-virtual" ? OPT.zhangAbandon : 0) |
    (rules.resumeClearsHistory && rules.end === "two-passes" ? OPT.grandAgreement : 0) | (o.symmetry ?? true ? OPT.symmetry : 0) |
    (rules.openingPass === "forbidden" ? OPT.noOpeningPass : 0) | (o.noTable ? OPT.noTable : 0) |
    (o.historyOrder ?? !goalOrder ? OPT.historyOrder : 0) | (o.answerPassFirst ?? goalOrder ? OPT.answerPassFirst : 0);
  const t0 = performance.now();
  const deadline = o.seconds !== undefined ? t0 + o.seconds * 1000 : Infinity;
  let leafError: unknown = null;
  solveHooks.leaf = () => {
    try {
      return leafCount(c, o.width, o.height, rules);
    } catch (e) {
      leafError ??= e;
      return 0;
    }
  };
  solveHooks.progress = o.progress;
  searchHooks.cancelled = o.cancelled;
  const g = (name: string): number => Number((c as unknown as Record<string, WebAssembly.Global>)[name].value);
  // why a search stopped short of its answer (one place for the value's and the goal's)
  const stopCause = (nodes: number): "depth" | "positions" | "cancel" | "nodes" | "time" =>
    g("solDepthOut") ? "depth" : retro && g("raTooMany") ? "positions" : o.cancelled?.() ? "cancel" : nodes >= (o.maxNodes ?? Infinity) ? "nodes" : "time";
  // (where the time went, stage by stage: what a long or stopped solve reports)
  const stages: SolveStage[] = [];
  let stageAt = { name: "the search", t: performance.now(), nodes: 0 };
  const stage = (name: string): void => {
    const t = performance.now(), nodes = g("solNodes");
    stages.push({ stage: stageAt.name, ms: Math.round(t - stageAt.t), nodes: nodes - stageAt.nodes });
    stageAt = { name, t, nodes };
  };
  try {
    c.solveInit(opts, offset, o.maxNodes ?? Infinity, deadline);
    // (set for every solve: the core outlives it; only a superko's lines may leave them out)
    c.retroHistoryCapAt(lineCap);
    c.retroLoneSuicides(+(relaxed && !ing && loneSuicideAnswerable(rules) && (o.loneSuicideAnswered ?? true)));
    // (Benson's test where the count is area's and every stone at the end counts: docs/solve.md)
    const safeArea = !retro && engineMemoryless && rules.scoring === "area" && offset === 0 && (o.safeArea ?? true);
    c.setSafeArea(+safeArea, +(rules.suicide !== "forbidden"), Math.round(2 * rules.komi));
    // (the final positions counted in the core where the count is area's by region with every
    // stone alive: the referee's own count gives the same margin, shared points split or not,
    // and verifyLeaves checks it)
    c.setAreaLeaves(+(!retro && engineMemoryless && rules.scoring === "area" && rules.emptyCount === "region" && offset === 0));
    // (alpha-beta's table by class under the symmetries, as retrograde analysis's: memoryless only)
    c.setSymmetricTable(+(!retro && !grand && engineMemoryless && (o.symmetry ?? true)));
    // (a 4x4 board has 12.4 million classes of positions under basic ko: 1.5 GB; with the
    // prisoners in the position 16-18 times as many as under simple ko: 3x4 some 8 million)
    // (past 12 points 26.5 million: Ing's 4x4 has 25 million, with 6.9 moves each)
    const roomFor = (prisoners: boolean): number => o.maxPositions ?? (points <= (prisoners ? 9 : 12) ? 4_000_000 : 26_500_000);
    const maxPositions = roomFor(territory);
    // (the moves' room beside the positions': ten a position, more than a board's moves average,
    // and at most 185 million, what one memory's 4 GB holds beside 26.5 million positions)
    const movesFor = (positions: number): number => o.maxMoves ?? Math.min(10 * positions, 185_000_000);
    // (classes under the symmetries hold simple ko's memory as a point, or after a lone stone's
    // suicide as a mark: assembly/solve.ts canonicalKeyOf)
    const symmetric = o.symmetry ?? true;
    let v: number;
    let twiceBounds: { lower: number; upper: number } | undefined;
    let boundsWork: SolveResult["boundsWork"];
    let helperNodes = 0; // (the upper bound's thread)
    let phaseGraphNote: string | undefined; // (the Grand Rules' phases: their graph's work)
    // (the Grand Rules: the relaxation's bounds where the rules themselves narrowed them, and how)
    let grandRelaxed: { lower: number; upper: number } | undefined;
    let grandRulesNote: string | undefined;
    // (a stopped Grand Rules solve: what it has shown, the counts' range where it showed nothing)
    let grandShown: { lower: number; upper: number } | undefined;
    let grandRulesWork: NonNullable<SolveResult["boundsWork"]>["rulesSearch"];
    let historySlots: { low: number; high: number } | undefined; // (the goals whose searches give the line)
    // territory counting: first the two total-payoff games over positions without the count so
    // far (docs/solve.md, "Territory counting by total payoff"); they settle a draw by themselves
    let payoff: { lower: number; upper: number; updates: number; playedOut: number; proving?: number } | undefined;
    const notes: string[] = [];
    if (territory && !o.prisonersInPosition) {
      const room = roomFor(false);
      stage("the payoff games");
      if (c.retroPayoff(room, movesFor(room), +symmetric, points)) {
        // Black makes at least the high game's value where it is 0 or less (a void is 0: Black's
        // goal), at most the low game's where it is 0 or more (a void is White's goal)
        payoff = { lower: Math.min(g("raPayoffHigh"), 0), upper: Math.max(g("raPayoffLow"), 0), updates: g("raPayoffUpdates"), playedOut: 0 };
        // a value other than 0: the winner's strategy played out with the Void on
        const goal = payoff.upper > 0 ? payoff.upper : payoff.lower < 0 ? payoff.lower : 0;
        if (goal !== 0) {
          stage(`${goal > 0 ? "Black's" : "White's"} strategy for ${goal / 2} played out with the Void on`);
          const held = c.payoffProve(goal);
          payoff.playedOut = g("raProveNodes");
          if (held) payoff.lower = payoff.upper = goal;
          else if (g("solOut")) payoff.proving = goal; // (stopped while it was played out)
        }
      }
    }
    const payoffSettles = payoff !== undefined && payoff.lower === payoff.upper;
    // the count in the position (3x4 at most: 8 million positions), where the payoff games leave a gap
    const countState = bounds && !payoffSettles && !g("solOut") && (!territory || points <= 12);
    if (territory && !countState) {
      // (no payoff bounds without the budget or the room: stopped; a value that ran away: no bound)
      const whole = 2 * points;
      twiceBounds = payoff ? { lower: payoff.lower, upper: payoff.upper } : { lower: -whole, upper: whole };
      boundsWork = { rounds: 0, changes: 0, playedOut: payoff?.playedOut ?? 0, updates: payoff?.updates ?? g("raPayoffUpdates") };
      v = twiceBounds.lower;
      if (!payoff && g("raPayoffRunaway")) notes.push("territory counting by total payoff: a value ran past any count (the iteration would not end): no bound");
    } else if (zhang) {
      // one graph, then each side's region for each goal: every pass at a board that meets it
      stage("the graph");
      c.retroRun(maxPositions, movesFor(maxPositions), +symmetric, 0, 0, 0, 0);
      // (no room or no budget left: no bounds, the solve stopped)
      stage("the regions' bounds");
      const held = !g("solOut") && !!c.retroVirtualBounds() && !g("solOut");
      let lowerSafe = held ? g("raVirtualLower") : -2 * points, upperSafe = held ? g("raVirtualUpper") : 2 * points;
      boundsWork = { rounds: g("raVirtualRounds"), changes: g("raVirtualBans"), playedOut: 0 };
      // bounds that do not meet: Zhang's own lines searched, cut off where a side's region holds
      // whatever the line's phase so far (docs/solve.md)
      if (lowerSafe < upperSafe && !g("solOut")) {
        c.retroHistoryCheck(0, 0);
        c.retroHistoryVoid(0);
        const h = historySearch(c, g, startEngine, knobs.rep, lowerSafe, upperSafe, firstGoal(lowerSafe, lowerSafe, upperSafe), lineSearch, tableBits, stage);
        boundsWork.history = h.work;
        lowerSafe = h.lower; upperSafe = h.upper; historySlots = h.slots;
      }
      twiceBounds = { lower: lowerSafe, upper: upperSafe };
      v = twiceBounds.lower;
    } else if (bounds) {
      // the game twice: play that never ends worth the most a count can give (White's strategy
      // must end play: at most the value), then less than the least (Black's must: at least
      // the value); each holds under the rule when no move of it repeats a board (a superko,
      // run as simple ko) or may make a situation's third occurrence (territory counting, whose
      // positions hold the prisoners so far, up to `clamp` ahead: beyond, lost for the winner)
      const clamp = territory ? 2 * points : 0;
      // (the counts run from the whole board and the clamp each way, less komi: a superko's game
      // ends, so a bound at `most` holds without a strategy)
      const komi2 = Math.round(2 * rules.komi);
      const most = 2 * points + clamp - komi2, least = -2 * points - clamp - komi2;
      // (a play that leaves the board as it was, a lone stone's suicide, repeats it: positional
      // superko bans it, situational superko not always)
      const samePsk = +(relaxed && knobs.rep === REP.psk);
      const safety = !relaxed ? 2 : knobs.rep === REP.psk ? 1 : 3;
      // (the upper run on a worker thread where there is one, this thread running the lower)
      // (Ing's rules: no bounds looked for, one run for the graph and the search's first goal)
      const helper = o.part === undefined && (o.threads ?? 1) > 1 && !linesOnly ? upperOnThread(o) : undefined;
      c.retroWantBound(+!linesOnly);
      let upperSafe = most, rounds = 0, changes = 0, playedOut = 0;
      // a superko: the bound's strategy played out against every reply under the superko itself
      // (the engine restarted with it), then the engine under simple ko again
      const byRule = (): boolean => {
        startEngine(knobs.rep);
        const held = !!c.retroProveKept();
        playedOut += g("raProveNodes");
        return held;
      };
      if (!helper && !linesOnly) {
        stage("the graph and the upper bound");
        c.retroRun(maxPositions, movesFor(maxPositions), +symmetric, most, safety, samePsk, clamp);
        upperSafe = Math.min(g("raSafeBound"), most);
        rounds = g("raSafeRounds"); changes = g("raSafeChanges");
        if (relaxed && upperSafe < most && !g("solOut")) {
          if (!byRule() && !g("solOut")) upperSafe = most;
          startEngine(rep);
        }
      }
      if (o.part === "upper") return upperPart(o, upperSafe, rounds, changes, g("solNodes"), !g("solOut"), playedOut);
      // (Ing's one run: play that never ends worth 0, as Ing's void makes the cycles it stops,
      // for the search's first goal and its move order)
      stage(helper ? "the graph and the bounds (the upper on a second thread)" : linesOnly ? "the graph" : "the lower bound");
      const lower = g("solOut") ? 0 : c.retroRun(maxPositions, movesFor(maxPositions), +symmetric, linesOnly ? 0 : least - 2, safety, samePsk, clamp);
      if (helper) {
        const u = helper.wait(o.cancelled);
        if (!u.finished) c.setSolOut();
        upperSafe = Math.min(u.upperSafe, most); rounds += u.rounds; changes += u.changes; helperNodes = u.nodes; playedOut += u.playedOut;
      }
      let lowerSafe = linesOnly ? least : Math.max(g("raSafeBound"), least);
      // Black's strategy played out only where the bounds meet (the value): where they do not,
      // the search over the rule's lines that follows shows the lower bound as its first goal
      const lowerPlayedOut = relaxed && !linesOnly && lowerSafe > least && lowerSafe >= upperSafe && !g("solOut");
      if (lowerPlayedOut && !byRule() && !g("solOut")) lowerSafe = least;
      // (the engine under the rule itself: the line is played under it)
      if (relaxed && !lowerPlayedOut) startEngine(knobs.rep);
      // territory counting: Black's strategy for the upper bound played out against every reply
      // with the engine's Void on, where the checks were too coarse to keep it
      rounds += g("raSafeRounds"); changes += g("raSafeChanges");
      if (territory && lowerSafe < upperSafe && lower >= upperSafe && !g("solOut") && c.retroProve(upperSafe, 1)) lowerSafe = upperSafe;
      boundsWork = { rounds, changes, playedOut: relaxed ? playedOut : g("raProveNodes"), ...(payoff ? { updates: payoff.updates } : {}) };
      // (the payoff games' bounds hold too)
      if (payoff) { lowerSafe = Math.max(lowerSafe, payoff.lower); upperSafe = Math.min(upperSafe, payoff.upper); }
      // bounds that do not meet under a superko: its own lines searched, cut off where either
      // side's strategy from simple ko's game holds whatever the line's boards (docs/solve.md)
      if (relaxed && (lowerSafe < upperSafe || linesOnly) && !g("solOut")) {
        c.retroHistoryCheck(+(o.checkCutoffs === true), +!!o.checkCutoffs);
        c.retroHistoryVoid(+(linesOnly && knobs.void3));
        // (the goals start at the lower bound, which the search shows as its first goal where it
        // was not played out; for Ing's rules, with no bounds, at the relaxation's value)
        const h = historySearch(c, g, startEngine, knobs.rep, lowerSafe, upperSafe,
          firstGoal(linesOnly ? Math.min(Math.max(lower, lowerSafe), upperSafe) : lowerSafe, lowerSafe, upperSafe), lineSearch, tableBits, stage);
        if (o.checkCutoffs === true) h.work!.checkFailed = g("hsCheckFailed");
        boundsWork.history = h.work;
        lowerSafe = h.lower; upperSafe = h.upper; historySlots = h.slots;
      }
      twiceBounds = { lower: lowerSafe, upper: upperSafe };
      v = twiceBounds.lower;
    } else if (grand) {
      // the phases' fixed points, then each goal from the start (docs/solve.md)
      const lowest = Math.round(-2 * points - 2 * rules.komi);
      // (the suspensions met are few: 16 on 2x2, some hundreds on 2x3)
      const room = Math.min(maxPositions, 1 << 20);
      if (!c.suspReset(room, lowest, 2 * points + 2)) throw new ArbiterError("no memory for the suspended positions");
      c.grandKnobs(knobs.suicide, knobs.rep, +knobs.passesInHash, knobs.end);
      // (the board graph that settles a phase by one side's passes: 12 points at most)
      const graph = (o.settleByPasses ?? true) && !!c.grandGraph(points);
      // (the phases' graph: simple ko's game of a phase, every board: 2x3 takes 3,010 classes, 2x4
      // 24,446, 3x3 41,742, some 3 to 6 for each of the 3^points boards; a 4x4 board would need
      // millions more than the room: there the phases go by alpha-beta alone)
      const clamp = o.extraMovesClamp ?? 2;
      if (!Number.isInteger(clamp) || clamp < 1 || clamp > 8) throw new ArbiterError(`extraMovesClamp must be a whole number from 1 to 8, not ${clamp}`);
      c.grandPhaseRoom(o.phaseGraph === false ? 0 : Math.min(maxPositions, 4_000_000, 8 * 3 ** points + 4096), clamp);
      c.grandNested(+(o.nestedFixedPoints !== false));
      c.retroKeepStrategies(+(o.keepPhaseStrategies !== false));
      // (checkCutoffs: each cut-off's strategy played out under the rules' engine, the Void off)
      c.retroHistoryCheck(+(o.checkCutoffs === true), 0);
      stage("the phases' fixed points");
      const held = !!c.grandBounds(lowest, lowest + 4 * points) && !g("solOut");
      twiceBounds = held ? { lower: g("gpLower"), upper: g("gpUpper") } : { lower: lowest, upper: lowest + 4 * points };
      // (positions one side's passes settled: in alpha-beta's phases and in the graph's)
      boundsWork = { rounds: g("gpRounds"), changes: g("suspCount"), playedOut: g("gpSearches"), ...(graph ? { updates: g("solStatic") + g("phStatic") } : {}) };
      if (g("suspFull")) notes.push(`the Grand Rules by their phases: more than ${room} suspended positions: no room`);
      else if (!held) notes.push(`the Grand Rules by their phases: ${g("suspCount")} suspended positions, ${g("gpRounds")} rounds of the fixed points, ${g("gpSearches")} searches, ${g("solStatic") + g("phStatic")} positions settled by one side's passes when it stopped`);
      if (!held) notes.push(grandStopNote(g));
      phaseGraphNote = g("gpGraphPositions") > 0 ? `the phases' graph: ${g("gpGraphPositions")} positions; its strategies cut off ${g("phCutB")} positions for Black and ${g("phCutW")} for White in ${g("phNodes")} nodes of the phases' lines (${g("phRuns")} runs of its searches${g("phCapped") > 0 ? `, deepened to lines of at most ${g("phDeepest")} moves, ${g("phCapped")} lines stopped at the cap` : ""}; ${g("phMissing")} moves to a position it lacks; ${g("phBeyond")} game-phase positions past its clamp decided at the clamp's edge; ${g("phOutOfReach")} game-phase positions whose extra moves put the goal out of the side's reach)${o.checkCutoffs === true ? `; each cut-off played out under the rules' engine, the Void off: ${g("hsCheckFailed")} did not hold` : ""}`
        : o.phaseGraph !== false ? "the phases' graph: no room for it: every phase by alpha-beta" : undefined;
      // the goals between the bounds under the rules themselves, the Void on (sound where it
      // stops: each goal narrows them once its search ends)
      if (held && twiceBounds.lower < twiceBounds.upper && o.voidPlayOut !== false) {
        grandRelaxed = twiceBounds;
        stage("the goals under the rules, the Void on");
        const ended = !!c.grandRulesBounds() && !g("solOut");
        twiceBounds = { lower: g("gpLower"), upper: g("gpUpper") };
        grandRulesWork = { searches: g("gvSearches"), positions: g("gvNodes"), cut: g("gvCuts"), voided: g("gvVoids"),
          from: { lower: grandRelaxed.lower / 2, upper: grandRelaxed.upper / 2 } };
        const w = grandRulesWork;
        grandRulesNote = `the goals between those bounds under the rules themselves, the Void on: ${w.searches} searches, ${w.positions} positions (${w.cut} cut off where the relaxation denies the goal, ${g("gvHits")} from the table, ${w.voided} lines voided, ${g("gvUnknown")} verdicts of the relaxation cut short, the graph's strategies taken from a kept copy ${g("phKeptHits")} times)` +
          (ended ? `: Black makes at least ${twiceBounds.lower / 2} and at most ${twiceBounds.upper / 2}`
            // (stopped: the relaxation's lower bound is none under the rules until a goal there answers)
            : ` when it stopped: Black makes ${g("gpLowerShown") ? `at least ${twiceBounds.lower / 2} and ` : ""}at most ${twiceBounds.upper / 2}${g("gpLowerShown") ? "" : ` (the relaxation's ${grandRelaxed.lower / 2} below is no bound under the rules)`}`);
      }
      if (!held && phaseGraphNote) { notes.push(phaseGraphNote); phaseGraphNote = undefined; }
      if (g("gpUpperShown") || g("gpLowerShown")) {
        grandShown = { lower: g("gpLowerShown") ? g("gpLower") : lowest, upper: g("gpUpperShown") ? g("gpUpper") : lowest + 4 * points };
      }
      v = twiceBounds.lower;
    } else {
      // (alpha-beta's first window: every count lies within twice the points each way, a
      // forfeit apart, New Ing's laziness)
      if (o.split && goalByPn) return goalSplit(c, o, from, t0, g, stopCause);
      v = retro ? c.retroRun(maxPositions, movesFor(maxPositions), +symmetric, o.endlessValue ?? 0, 0, 0, 0)
        : o.goal !== undefined ? goalByPn ? goalFrom(c, from, o.width, o.height, (n) => c.solveGoalPn(Math.round(2 * o.goal!), n, 0))
          : (o.deepening ?? true) ? goalFrom(c, from, o.width, o.height, (n) => c.solveGoalDeepening(Math.round(2 * o.goal!), o.firstHorizon ?? 2 * points, n))
          : c.solveAtLeast(Math.round(2 * o.goal))
        : c.solveRun(1, 2 * points + 1);
    }
    if (leafError) throw leafError;
    // a memoryless rule set that voids long cycles: where the winner's strategy may meet a
    // situation three times (tripleCheck), it is played out with the engine's Void on
    let voidCheck: "held" | "failed" | undefined;
    if (retro && !bounds && knobs.void3 && !g("solOut") && g("raTriples") > 0 && v !== 0) {
      voidCheck = c.retroProve(v > 0 ? v : v + 1, +(v > 0)) ? "held" : "failed";
    }
    if (leafError) throw leafError;
    // (by proof numbers an answer resting on its line, a repetition or the engine's depth, is no proof)
    const goalTainted = goalByPn && !!g("gpnTainted");
    const finished = !g("solOut") && !goalTainted;
    if (o.goal !== undefined && !retro) {
      const r: SolveResult = { size: `${o.width}x${o.height}`, rules: o.name ?? rules.name, komi: rules.komi, value: null, result: null,
        line: [], lineRuling: null, nodes: g("solNodes"), timeMs: Math.round(performance.now() - t0), complete: finished, regime: memoryless ? "memoryless" : "history",
        method: goalByPn ? "proof-numbers" : "alpha-beta", stats: { leaves: g("solLeaves"), counted: g("solLeafCalls"), stored: g("solStored"), hits: g("solHits"),
        cycles: g("solCycles"), maxDepth: g("solMaxDepth") }, gaps: g("solGaps"), notes };
      r.goal = o.goal;
      if (from.length > 0) r.from = from.map((m) => (m < 0 ? "pass" : indexToGtp(m, o.width, o.height)));
      if (finished) r.goalMet = v === 1;
      else r.stoppedBy = goalTainted ? "unproven" : stopCause(g("solNodes"));
      r.goalWork = { horizon: !goalByPn && (o.deepening ?? true) ? g("solHorizon") : null, horizonLeaves: g("solHorizonLeaves"), bySafeArea: g("solSafe"),
        search: goalByPn ? "proof-numbers" : "deepening",
        ...(goalByPn ? { expanded: g("gpnExpanded"), repetitions: g("gpnRepetitions"), tooDeep: g("gpnTooDeep"), replaced: g("gpnReplaced") } : {}) };
      if (goalTainted) notes.push("by proof numbers the root's answer rests on a line that repeats a position or runs past the engine's moves: no proof either way");
      // (Black makes the whole board: nothing is above it, so that is the value; the line is
      // the move that proved it and two passes, whatever White does being no better for him)
      const whole = 2 * points - Math.round(2 * rules.komi);
      if (goalByPn && finished && v === 1 && Math.round(2 * o.goal) === whole && g("gpnRootMove") >= 0 && from.length === 0) {
        const moves = [g("gpnRootMove"), -1, -1];
        releaseCore();
        const ruled = refereeLine(moves, o.width, o.height, rules);
        r.value = o.goal; r.result = resultText(whole, ruled.result);
        r.line = moves.map((m) => (m < 0 ? "pass" : indexToGtp(m, o.width, o.height)));
        r.lineRuling = { result: ruled.result, end: ruled.end.reason, agrees: marginTwice(ruled.result) === whole };
        if (!r.lineRuling.agrees) notes.push(`the referee rules the line ${ruled.result}, not the whole board: the line is not a proof`);
      }
      if (o.verifyLeaves) r.leafMismatches = g("solLeafMismatch");
      return r;
    }
    const complete = finished && (!twiceBounds || twiceBounds.lower === twiceBounds.upper) && voidCheck !== "failed";
    let moves: number[] = [];
    let lineEnd = 0, cycleAt = -1;
    // the proof trees from the start (alpha-beta only), before the line plays its moves
    let proofSgf: string | undefined;
    if (complete && o.proof && !retro) proofSgf = proofTrees(c, o.width, o.height, rules, o.name ?? rules.name, v);
    // (a superko's lines: each tree the search's own, the engine under the superko from the start)
    const slots = historySlots;
    if (complete && slots && (o.proof || o.checkCutoffs)) {
      if (o.proof) {
        proofSgf = proofTrees(c, o.width, o.height, rules, o.name ?? rules.name, v, (atLeast) => {
          startEngine(knobs.rep);
          return atLeast ? !!c.retroHistoryProof(slots.low, 1) : !!c.retroHistoryProof(slots.high, 0);
        });
      }
      const hs = boundsWork!.history!;
      if (o.checkCutoffs) {
        // (no tree written, or one too large: the two trees walked with nothing stored, each
        // cut-off leaf played out)
        let walked = true;
        if (!proofSgf) {
          c.retroHistoryCheck(0, 1);
          for (const atLeast of [true, false]) {
            startEngine(knobs.rep);
            walked = !!(atLeast ? c.retroHistoryWalk(slots.low, 1) : c.retroHistoryWalk(slots.high, 0)) && walked;
            hs.proofNodes = (hs.proofNodes ?? 0) + g("hsWalkNodes");
          }
        }
        if (walked) { hs.proofLeaves = g("hsProofLeaves"); hs.proofFailed = g("hsProofFailed"); }
      }
    }
    if (leafError) throw leafError;
    if (complete) {
      stage("the line");
      // (the payoff games' line: stone plays first where that line ends within 400 moves, else passes first)
      if (territory && !countState) { if (c.payoffLine(400, 1, v) && g("raLineEnd") !== 1) c.payoffLine(400, 0, v); }
      else if (historySlots) { startEngine(knobs.rep); c.retroHistoryLine(historySlots.low, historySlots.high, 400); }
      else if (zhang) c.retroVirtualLine(400);
      else if (grand) c.grandLine(400);
      else if (retro) c.retroLine(400); else c.solveLine(1, v, 400);
      if (leafError) throw leafError;
      const n = g(retro ? "raLineLen" : grand ? "gpLineLen" : "solLineLen");
      const out = new Int32Array(c.memory.buffer, g(retro ? "RA_LINE_OUT" : "SOLVE_LINE_OUT"), n);
      moves = Array.from(out);
      lineEnd = g(retro ? "raLineEnd" : grand ? "gpLineEnd" : "solLineEnd");
      cycleAt = g(retro ? "raLineCycle" : "solLineCycle");
    }
    // (the budget spent while the line was found: the value stands, the line does not)
    const lineCause = complete && g("solOut") ? stopCause(g("solNodes") + helperNodes) : undefined;
    stage("");
    const timeMs = performance.now() - t0;
    const stats = { leaves: g("solLeaves"), counted: g("solLeafCalls"), stored: g("solStored"), hits: g("solHits"),
      cycles: g("solCycles"), maxDepth: g("solMaxDepth") };
    const gaps = g("solGaps");
    const nodes = g("solNodes") + helperNodes;
    const stoppedBy = complete ? undefined : voidCheck === "failed" && finished ? "unproven" : finished ? "bounds" : stopCause(nodes);
    const result: SolveResult = {
      size: `${o.width}x${o.height}`, rules: o.name ?? rules.name, komi: rules.komi, value: null, result: null,
      line: [], lineRuling: null, nodes, timeMs: Math.round(timeMs), complete, regime: memoryless || retro ? "memoryless" : "history",
      method: retro ? "retrograde" : "alpha-beta", ...(retro ? { positions: g("raPositions") } : {}),
      stats, gaps, notes, stages: stages.filter((x, i) => i > 0 || x.nodes > 0 || stages.length === 1), // (not the set-up before the first stage)
    };
    if (o.verifyLeaves) result.leafMismatches = g("solLeafMismatch");
    if (o.proof) {
      if (proofSgf) result.proofSgf = proofSgf;
      else notes.push(retro && !historySlots ? "no proof tree: retrograde analysis proves by every position, not by a tree" : "no proof tree: it outgrew a million nodes");
    }
    if (stoppedBy) result.stoppedBy = stoppedBy;
    // (the bounds: where they finished, or proven so far where the search over the rule's own
    // lines stopped)
    if (twiceBounds && (finished || boundsWork?.history?.stoppedAt !== undefined)) {
      result.bounds = { lower: twiceBounds.lower / 2, upper: twiceBounds.upper / 2 };
      result.boundsWork = boundsWork;
    } else if (payoff) {
      // (the payoff games ran to their fixpoints: their bounds hold whatever stopped after them)
      result.bounds = { lower: payoff.lower / 2, upper: payoff.upper / 2 };
      notes.push(`territory counting by total payoff: Black makes at least ${payoff.lower / 2} and at most ${payoff.upper / 2} (${payoff.updates} updates)` +
        (payoff.proving !== undefined ? `; the search stopped while ${payoff.proving > 0 ? "Black's" : "White's"} strategy for ${payoff.proving / 2} was played out with the Void on (${payoff.playedOut} nodes)` : ""));
    } else if (grandShown) result.bounds = { lower: grandShown.lower / 2, upper: grandShown.upper / 2 };
    if (twiceBounds && finished) {
      if (grandRulesWork) boundsWork!.rulesSearch = grandRulesWork;
      const w = boundsWork!;
      const how = grand ? "the Grand Rules by their phases, the Void left out (play that never ends lost for the side with the goal)" : zhang ? "Zhang's rules by their passes, each kept at a board that meets the goal" : ing ? "Ing's rules by their hot stones alone" : relaxed ? "a superko by simple ko's game" : countState ? "territory counting with the prisoners in the position"
        : "territory counting by total payoff";
      const work = grand ? `${w.changes} suspended positions, ${w.rounds} rounds of the fixed points, ${w.playedOut} searches` +
        `${w.updates !== undefined ? `, ${w.updates} positions settled by one side's passes` : ""}` : zhang ? `${w.rounds} rounds, ${w.changes} stone plays banned that may come back to a position of their phase` : countState || relaxed ? `the checks: ${w.rounds} rounds, ${w.changes} moves banned or positions left out` +
        `${w.playedOut > 0 ? relaxed ? `; the strategies played out under the superko itself: ${w.playedOut} nodes` : `; Black's strategy played out with the Void on: ${w.playedOut} nodes` : ""}`
        : `${w.updates} updates${w.playedOut > 0 ? `; the winner's strategy played out with the Void on: ${w.playedOut} nodes` : ""}`;
      const hs = w.history;
      if (linesOnly) notes.push(`${how}: its value with play that never ends worth 0, ${hs?.start ?? "none"}, the search's first goal (no bounds looked for)`);
      else notes.push(`${how}: Black makes at least ${hs ? hs.from.lower : (grandRelaxed ?? twiceBounds).lower / 2} and at most ${hs ? hs.from.upper : (grandRelaxed ?? twiceBounds).upper / 2} (${work})`);
      if (grand && phaseGraphNote) { notes.push(phaseGraphNote); phaseGraphNote = undefined; }
      if (grandRulesNote) { notes.push(grandRulesNote); grandRulesNote = undefined; }
      const itself = zhang ? "Zhang's rules" : ing ? "Ing's rules" : "the superko";
      if (hs) notes.push(`${zhang ? "Zhang's rules'" : ing ? "Ing's rules'" : "the superko's"} own lines: Black makes at least ${twiceBounds.lower / 2} and at most ${twiceBounds.upper / 2} ` +
        `(${hs.goals} goals searched${hs.search === "proof-numbers" ? " by proof numbers" : " by alpha-beta"}, ${hs.nodes} nodes, ${hs.cutBlack} cut off by Black's strategy and ${hs.cutWhite} by White's` +
        `${hs.loneSuicides ? `; ${hs.loneSuicides} lone stones' suicides not tried, a pass answering each` : ""}` +
        `${hs.capped ? `; deepened to lines of at most ${hs.deepestCap} moves in ${hs.runs} searches, ${hs.capped} lines stopped at the cap${hs.capHits ? ` (${hs.capHits} of them answers resting on the cap met again in a run)` : ""}` : ""}` +
        `${hs.checkFailed !== undefined ? `; each cut-off played out under ${itself}: ${hs.checkFailed} did not hold` : ""}` +
        `${hs.tableBits !== undefined ? `; the lines' table 2^${hs.tableBits} entries, no memory for the 2^${tableBits} asked` : ""}` +
        `${hs.proofLeaves !== undefined ? `; the proof trees'${hs.proofNodes ? ` (${hs.proofNodes} nodes, walked)` : ""} ${hs.proofLeaves} cut-off leaves played out under ${itself}: ${hs.proofFailed} did not hold` : ""})`);
      if (countState && payoff) notes.push(`first by total payoff: at least ${payoff.lower / 2} and at most ${payoff.upper / 2} (${payoff.updates} updates` +
        `${payoff.playedOut > 0 ? `; the strategy played out with the Void on, ${payoff.playedOut} nodes: it did not hold` : ""})`);
    }
    // (a stop within the search over the rule's own lines: the goals it answered, each a proof)
    const hsStopped = !complete ? boundsWork?.history : undefined;
    if (hsStopped?.stoppedAt !== undefined) {
      const said = (hsStopped.answers ?? []).map((a) => `${a.makes ? "makes" : "does not make"} ${a.goal}`).join(", ");
      notes.push(`over the rule's own lines Black ${said || "answered no goal"} before the stop` +
        ` (on the goal ${hsStopped.stoppedAt}${hsStopped.noRoom ? `, stopped for want of memory for its strategies beside the graph of ${g("raPositions")} positions (34 bytes a position)` : ""}; ` +
        `${hsStopped.goals} goals, ${hsStopped.nodes} nodes${hsStopped.capped ? `, deepened to ${hsStopped.deepestCap} moves` : ""}${hsStopped.tableBits !== undefined ? `; the lines' table 2^${hsStopped.tableBits} entries, no memory for the 2^${tableBits} asked` : ""})` +
        (result.bounds ? `: Black makes at least ${result.bounds.lower} and at most ${result.bounds.upper} (before the lines, at least ${hsStopped.from.lower} and at most ${hsStopped.from.upper})` : ""));
    }
    // (a stop within the rules' search: what the phases' graph and that search did)
    if (phaseGraphNote) notes.push(phaseGraphNote);
    if (grandRulesNote) notes.push(grandRulesNote);
    if (retro && !bounds && g("raTriples") > 0) {
      const played = voidCheck === "held" ? `played out against every reply with the Void on (${g("raProveNodes")} nodes), it holds`
        : voidCheck === "failed" ? `played out with the Void on, it did not hold: no value` : "not played out";
      notes.push(`${g("raTriples")} situations the winner's strategy may meet three times: ${played}`);
    }
    if (!complete) {
      // (the graph's room: what a researcher needs to know before asking for more)
      if (stoppedBy === "positions") {
        notes.push(g("raPositions") === 0
          ? `retrograde analysis: no memory for a room of ${maxPositions} positions and ${movesFor(maxPositions)} moves (some 60 bytes a position with its hash slots and 8 a move; one WebAssembly memory holds 4 GB)`
          : `retrograde analysis: the graph outgrew its room of ${maxPositions} positions and ${movesFor(maxPositions)} moves (${g("raPositions")} positions and ${g("raEdges")} moves found when it stopped; --max-positions and --max-moves set the room, some 60 bytes a position with its hash slots and 8 a move, up to what one WebAssembly memory of 4 GB holds)`);
      }
      notes.push(`the search stopped (${stoppedBy}) after ${nodes} nodes: no value`);
      if ((result.stages ?? []).length > 1) notes.push(`where the time went: ${result.stages!.map((x) => `${x.stage} ${seconds(x.ms)} (${x.nodes} nodes)`).join("; ")}`);
      return result;
    }
    // the line as a game record, refereed move by move under the rule set as written
    releaseCore();
    const line = lineMoves(moves, lineEnd, cycleAt);
    result.line = line.map((m) => (m < 0 ? "pass" : indexToGtp(m, o.width, o.height)));
    if (lineCause) {
      result.lineStoppedBy = lineCause;
      // (0 where cycles void: only the line's ruling tells a draw from the Void)
      if (v === 0 && cyclesVoid) {
        result.complete = false; result.stoppedBy = result.lineStoppedBy;
        notes.push(`the search gives 0 or the Void, but it stopped (${result.lineStoppedBy}) while the line that tells them apart was being found (${line.length} moves found): no value`);
        return result;
      }
      result.value = v / 2;
      result.result = resultText(v, "");
      notes.push(`the value is proven, but the search stopped (${result.lineStoppedBy}) while its line was being found: ${line.length} moves found, not refereed`);
      return result;
    }
    const ruled = refereeLine(line, o.width, o.height, rules);
    const ruling = { result: ruled.result, end: ruled.end.reason };
    const twice = marginTwice(ruling.result);
    const voidValue = v === 0 && ruling.result === "Void";
    result.value = voidValue ? "Void" : v / 2;
    result.result = voidValue ? "Void" : resultText(v, ruling.result);
    result.lineRuling = { result: ruling.result, end: ruling.end, agrees: voidValue || twice === v || (Math.abs(v) === LEAF_FORFEIT && /\+F$/.test(ruling.result)) };
    if (!result.lineRuling.agrees) notes.push(`the referee rules the line ${ruling.result}, not the value: the line is not a proof`);
    if (lineEnd === 2) {
      notes.push(cyclesVoid ? `the line goes round a cycle (from move ${cycleAt + 1}), repeated until the referee voids it`
        : "the line goes round a cycle that no rule of this rule set ends: play goes on forever without a ruling (a rule gap)");
    }
    if (gaps > 0) notes.push(`${gaps} lines repeated a position under a rule set with no rule for it: those lines count as no result (docs/solve.md, "Rule gaps")`);
    return result;
  } finally {
    solveHooks.leaf = undefined;
    solveHooks.progress = undefined;
    searchHooks.cancelled = undefined;
    releaseCore();
  }
}

// ---- a superko over its own lines --------------------------------------------------------------
const NO_GOAL = 0x7fffffff;

/** Black's value under the rule, twice the margin: each count tried as a goal by a search over
 *  the rule's own lines (assembly/retro.ts retroHistory), the engine restarted with it for each,
 *  from `start` up while Black makes the goal and down while not, until two neighbouring counts
 *  answer yes and no. Each answer goes in the slot the one before did not take, so the last two,
 *  which bracket the value, stay in the core's two slots for the line (`slots`: high -1 where no
 *  count is above the value). `lower` and `upper` are what the result keeps if the budget runs out. */
/** Where the Grand Rules' bounds stood when the search stopped (grand.ts gpAsked): the goal asked
 *  from the start, what the relaxation had granted each side (no bound under the rules: the Void
 *  may take it back; it says how far the search came) and, once Black's goals met one he does
 *  not force, the upper bound that is. */
function grandStopNote(g: (name: string) => number): string {
  const none = g("ASKED_NONE");
  const margin = (v: number): string => `${v > 0 ? "+" : ""}${v / 2}`;
  const granted: string[] = [];
  if (g("gpForcedB") !== none) granted.push(`Black makes at least ${margin(g("gpForcedB"))}`);
  if (g("gpForcedW") !== none) granted.push(`White keeps Black below ${margin(g("gpForcedW"))}`);
  const asked = g("gpAsked");
  const goal = asked === none ? "" : asked > 0 ? `Black makes at least ${margin(asked)}` : `White keeps Black below ${margin(asked)}`;
  const stage = g("gpAskedStage") === 2 ? "its search of the game phase from the empty board" : "the fixed points its game phase reads";
  // (what Black does not force there he does not under the rules, where the Void is his loss too)
  const upper = g("gpUpperShown") ? `; it denies Black ${margin(g("gpUpper") + 2)}, so under the rules Black makes at most ${margin(g("gpUpper"))} (a bound)` : "";
  return `the relaxation (the Void left out) when it stopped: ${granted.length > 0 ? `it grants ${granted.join(" and ")} (no bound under the rules)` : "no goal answered yet"}` +
    upper + (goal ? `; asking whether ${goal}, in ${stage}` : "");
}

function historySearch(c: SolveCore, g: (name: string) => number, startEngine: (rep: number) => void, rep: number,
  lower: number, upper: number, start: number, search: "proof-numbers" | "alpha-beta", tableBits: number, stage: (name: string) => void): { lower: number; upper: number; slots?: { low: number; high: number }; work: NonNullable<SolveResult["boundsWork"]>["history"] } {
  const counts: number[] = [];
  for (let i = 0; c.retroTheta(i) !== NO_GOAL; i++) counts.push(c.retroTheta(i));
  const work: NonNullable<NonNullable<SolveResult["boundsWork"]>["history"]> = { goals: 0, nodes: 0, cutBlack: 0, cutWhite: 0, from: { lower: lower / 2, upper: upper / 2 }, start: start / 2, search };
  let slot = 0, low = -1, high = -1, fresh = true;
  // (each goal: the strategies over the graph, then the search; -1 when the budget ran out)
  const tryGoal = (theta: number, s: number, noFirst: boolean): number => {
    stage(`goal ${theta / 2}: the strategies`);
    if (!c.retroHistoryGoal(theta, s, +fresh)) {
      if (g("hsNoRoom")) work.noRoom = true;
      return -1;
    }
    if (c.hsTableBits() < tableBits) work.tableBits = c.hsTableBits();
    fresh = false;
    startEngine(rep);
    stage(`goal ${theta / 2}: the lines`);
    const r = c.retroHistory(s, +noFirst);
    work.goals++; work.nodes += g("hsNodes"); work.cutBlack += g("hsCutB"); work.cutWhite += g("hsCutW");
    if (g("hsLoneSkipped") > 0) work.loneSuicides = (work.loneSuicides ?? 0) + g("hsLoneSkipped");
    if (g("hsCapped") > 0) {
      work.capped = (work.capped ?? 0) + g("hsCapped");
      if (g("hsCapHits") > 0) work.capHits = (work.capHits ?? 0) + g("hsCapHits");
      work.deepestCap = Math.max(work.deepestCap ?? 0, g("hsCapUsed"));
    }
    work.runs = (work.runs ?? 0) + g("hsCapRuns");
    return r;
  };
  let i = Math.max(counts.findIndex((t) => t >= start), 0);
  let yes = -1, no = -1;
  for (;;) {
    // (the goal above one Black makes is the likely "no": its proof first)
    const r = tryGoal(counts[i], slot, yes >= 0 && yes === i - 1);
    if (r < 0) {
      // (stopped: no value, but each goal answered is a proof: "yes" raises the lower bound to
      // it, "no" lowers the upper one to the count below it)
      work.stoppedAt = counts[i] / 2;
      return { lower: yes >= 0 ? Math.max(lower, counts[yes]) : lower, upper: no > 0 ? Math.min(upper, counts[no - 1]) : upper, work };
    }
    (work.answers ??= []).push({ goal: counts[i] / 2, makes: r === 1 });
    if (r === 1) { yes = i; low = slot; } else { no = i; high = slot; }
    slot ^= 1;
    if (yes >= 0 && no === yes + 1) break;
    if (r === 1 && i === counts.length - 1) { high = -1; break; } // (the top count: nothing above)
    if (r === 0 && i === 0) throw new ArbiterError("Black does not make the least count (an error in the solver)");
    i += r === 1 ? 1 : -1;
  }
  return { lower: counts[yes], upper: counts[yes], slots: { low, high }, work };
}

// ---- the bounds' upper run on a worker thread ---------------------------------------------------
// The two runs of the bounds are independent: the upper one runs on a worker (bound-worker.ts, a
// core of its own), the lower one on the calling thread, which then waits for the other in short
// slices (passing Ctrl-C on). They share a few words: 0 cancel, 1 done, 2 the bound (twice the
// margin), 3 rounds, 4 changes, 5 nodes, 6 finished, 7 failed.
const W_CANCEL = 0, W_DONE = 1, W_BOUND = 2, W_ROUNDS = 3, W_CHANGES = 4, W_NODES = 5, W_FINISHED = 6, W_FAILED = 7, W_PLAYED = 8;

export interface BoundWorkerData { o: Omit<SolveOptions, "progress" | "cancelled">; words: Int32Array }
interface UpperPart { upperSafe: number; rounds: number; changes: number; nodes: number; finished: boolean; playedOut: number }

/** The worker for the upper run, or undefined where there is none to start (the sources run
 *  as TypeScript, as under the tests: the run stays on this thread). */
function upperOnThread(o: SolveOptions): { wait: (cancelled?: () => boolean) => UpperPart } | undefined {
  const file = new URL("./bound-worker.js", import.meta.url);
  if (!existsSync(fileURLToPath(file))) return undefined;
  const words = new Int32Array(new SharedArrayBuffer(9 * 4));
  const { progress: _p, cancelled: _c, ...plain } = o;
  let worker: Worker;
  try {
    worker = new Worker(file, { workerData: { o: { ...plain, part: "upper" }, words } satisfies BoundWorkerData });
  } catch {
    return undefined; // (no thread to be had: both runs here)
  }
  worker.unref();
  return {
    wait(cancelled) {
      // (short slices: Ctrl-C passed on; a worker that died without a word counts as stopped)
      const limit = o.seconds !== undefined ? performance.now() + o.seconds * 1000 + 60_000 : Infinity;
      while (Atomics.load(words, W_DONE) === 0) {
        if (cancelled?.()) Atomics.store(words, W_CANCEL, 1);
        if (performance.now() > limit) { Atomics.store(words, W_CANCEL, 1); break; }
        Atomics.wait(words, W_DONE, 0, 100);
      }
      const ok = Atomics.load(words, W_DONE) === 1 && words[W_FAILED] === 0;
      return { upperSafe: words[W_BOUND], rounds: words[W_ROUNDS], changes: words[W_CHANGES], nodes: words[W_NODES], playedOut: words[W_PLAYED],
        finished: ok && words[W_FINISHED] === 1 };
    },
  };
}

/** What the worker's solve hands back (read by boundWorker). */
function upperPart(o: SolveOptions, upperSafe: number, rounds: number, changes: number, nodes: number, finished: boolean, playedOut: number): SolveResult {
  return { size: `${o.width}x${o.height}`, rules: o.name ?? o.rules.name, komi: o.rules.komi, value: null, result: null, line: [],
    lineRuling: null, nodes, timeMs: 0, complete: false, regime: "memoryless", method: "retrograde",
    stats: { leaves: 0, counted: 0, stored: 0, hits: 0, cycles: 0, maxDepth: 0 }, gaps: 0, notes: [],
    bounds: { lower: -Infinity, upper: upperSafe / 2 }, boundsWork: { rounds, changes, playedOut },
    ...(finished ? {} : { stoppedBy: "time" as const }) };
}

/** The worker's side (bound-worker.ts): the upper run, its answer in the shared words. */
export function boundWorker(data: BoundWorkerData): void {
  const w = data.words;
  try {
    const r = solveOnce({ ...data.o, part: "upper", cancelled: () => Atomics.load(w, W_CANCEL) === 1 });
    w[W_BOUND] = Math.round(r.bounds!.upper * 2); w[W_ROUNDS] = r.boundsWork!.rounds; w[W_CHANGES] = r.boundsWork!.changes;
    w[W_NODES] = r.nodes; w[W_FINISHED] = r.stoppedBy === undefined ? 1 : 0; w[W_PLAYED] = r.boundsWork!.playedOut;
  } catch {
    w[W_FAILED] = 1;
  } finally {
    Atomics.store(w, W_DONE, 1);
    Atomics.notify(w, W_DONE);
  }
}

/** The two proof trees of value v (twice Black's margin) from the start, as SGF game trees:
 *  Black's strategy for at least v (one move at Black's turns, every legal move at White's), and
 *  White's for at most v; undefined when one outgrew the core's room. */
function proofTrees(c: SolveCore, width: number, height: number, rules: RuleSet, name: string, v: number,
  make: (atLeast: boolean) => boolean = (atLeast) => !!c.solveProof(1, v, +atLeast)): string | undefined {
  const trees: SgfNode[] = [];
  let cut = 0;
  for (const atLeast of [true, false]) {
    if (!make(atLeast)) return undefined;
    const n = Number((c as unknown as Record<string, WebAssembly.Global>).proofLen.value);
    // (an address the core grew past 2 GB reads as a negative i32: unsigned here)
    const words = new Int32Array(c.memory.buffer, Number((c as unknown as Record<string, WebAssembly.Global>).proofBase.value) >>> 0, 2 * n);
    let k = 0;
    const node = (depth: number): SgfNode => {
      const m = words[2 * k], kids = words[2 * k + 1];
      k++;
      const colour = depth % 2 === 1 ? "B" : "W";
      const data: Record<string, string[]> = m === -9 ? {} : { [colour]: [m < 0 ? "" : sgfPoint(m, width)] };
      const out: SgfNode = { data, children: [] };
      // (a leaf the superko's search cut off: a strategy of simple ko's game holds from here)
      if (kids < 0) {
        cut++;
        data.C = [`${kids === -1 ? "Black" : "White"}'s strategy of simple ko's game holds from here (docs/solve.md)`];
      }
      for (let j = 0; j < kids; j++) out.children.push(node(depth + 1));
      return out;
    };
    const root = node(0);
    const margin = v / 2;
    const claim = atLeast ? `Black makes at least ${margin}` : `Black makes at most ${margin}`;
    root.data = { ...rootData(width, height, { RU: [name], KM: [String(rules.komi)],
      C: [`arbiter solve: ${claim} (komi ${rules.komi}); ${atLeast ? "Black" : "White"} plays one move at each turn, ` +
        `the other side every legal move (${n} nodes${cut > 0 ? `; ${cut} leaves cut off by a strategy` : ""})`] }) };
    trees.push(root);
    cut = 0;
  }
  return trees.map(writeSgf).join("\n");
}

/** The result text for a value (twice the margin), as the referee writes it. */
function resultText(v: number, refereed: string): string {
  if (v === LEAF_FORFEIT) return "B+F";
  if (v === -LEAF_FORFEIT) return "W+F";
  if (v === 0) return refereed === "B+0" || refereed === "W+0" ? refereed : "0";
  return v > 0 ? `B+${v / 2}` : `W+${-v / 2}`;
}

/** The finished game the core wrote out, counted and ruled as the simulation judges its games. */
function leafCount(c: CoreExports, width: number, height: number, rules: RuleSet): number {
  const w = new Int32Array(c.memory.buffer, Number((c as unknown as Record<string, WebAssembly.Global>).SOLVE_LEAF_OUT.value), 20);
  const board = new Uint8Array(c.memory.buffer, Number((c as unknown as Record<string, WebAssembly.Global>).SOLVE_BOARD_OUT.value), width * height).slice();
  const flags = w[5];
  const colour = (k: number): Color | null => (k === 1 ? "B" : k === 2 ? "W" : null);
  const s: GameSummary = {
    game: 0, plies: w[1], stonePlays: w[2], stonePlaysB: w[17], endCode: w[3], endAt: w[4],
    voided: (flags & 1) !== 0, capped: false, paused: (flags & 4) !== 0,
    prisoners: { black: w[6], white: w[7] }, passes: { black: w[8], white: w[9] },
    gamePhase: { black: w[10], white: w[11] }, requester: colour(w[12]), illegal: null, movesOffset: 0, events: 0,
    ingBans: w[16], trivialCycles: 0, firstTrivialAt: 0, board,
  };
  const verdict = judge(s, rules, width, height);
  if (verdict.result === "Void") return LEAF_VOID;
  const m = marginTwice(verdict.result);
  if (m !== null) return m;
  if (verdict.result === "B+F") return LEAF_FORFEIT;
  if (verdict.result === "W+F") return -LEAF_FORFEIT;
  throw new Error(`the solver cannot rank the result ${verdict.result}`);
}

/** The line's moves (row-major, -1 pass); a line ending on a cycle goes round it again until a
 *  rule ends it (or three more times). */
function lineMoves(moves: number[], lineEnd: number, cycleAt: number): number[] {
  const line = moves.map((m) => (m === MOVE_ABANDON ? MOVE_PASS : m));
  if (lineEnd === 2 && cycleAt >= 0) {
    const round = line.slice(cycleAt);
    for (let k = 0; k < 3; k++) line.push(...round);
  }
  return line;
}

/** The move-by-move referee's ruling of a line from the empty board (row-major moves, -1 a pass,
 *  Black first), as of a game record of it. */
export function refereeLine(line: number[], width: number, height: number, rules: RuleSet): Ruling {
  const moves: RecordMove[] = line.map((m, i) => ({
    color: i % 2 === 0 ? "B" : "W", x: m < 0 ? null : m % width, y: m < 0 ? null : Math.floor(m / width),
    raw: m < 0 ? "" : indexToGtp(m, width, height), offBoard: false,
  }));
  const record: GameRecord = { width, height, komi: rules.komi, rules: null, handicap: 0, toMove: "B",
    setup: new Uint8Array(width * height), moves, result: null, index: 1 };
  return referee(record, { rules, rulesFrom: "option", dead: "none", komiGiven: true });
}
