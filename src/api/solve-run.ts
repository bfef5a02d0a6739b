// `arbiter solve`: the rule sets of a solve from the command line's options, and the solves one
// after another (src/solve/solve.ts), on the thread that calls (solve-thread.ts runs them off the
// main thread, so that Ctrl-C reaches the search).
import { availableParallelism } from "node:os";
import { ArbiterError } from "../errors.js";
import { resolveRules } from "../rules/resolve.js";
import { KNOB_NAMES, type RuleSet } from "../ruleset/ruleset.js";
import { MAX_SOLVE_POINTS, solve, type SolveResult } from "../solve/solve.js";
import { parseWhole } from "./operations.js";
import { fromGtp } from "../core/coords.js";
import { MAX_SIDE, MIN_CORE_SIDE } from "../core/codes.js";
import { appendMoves, rootData, writeSgf } from "../sgf/write.js";
import { searchGap, textOnlyRuleSets, type GapSearch } from "../solve/gaps.js";

export interface SolveJob {
  width: number;
  height: number;
  rules: { name: string; rules: RuleSet }[];
  maxNodes: number;
  seconds: number;
  passesFirst: boolean;
  /** passes after the points, but first in answer to a pass */
  answerPassFirst: boolean;
  tableBits: number;
  /** retrograde analysis: room for this many positions (`--max-positions`; the solver's own
   *  choice by board when not given) */
  maxPositions?: number;
  /** and for this many moves (`--max-moves`; default ten a position, at most 185 million) */
  maxMoves?: number;
  /** the proof trees as SGF (`--proof`) */
  proof?: boolean;
  /** 2: the bounds' two runs at once (`--threads`; default 2 where the machine has two cores) */
  threads?: number;
  /** `--lines`: the search over a rule's own lines, by proof numbers (default) or alpha-beta */
  lineSearch?: "alpha-beta" | "proof-numbers";
  /** `--first-goal`: the goal the search over a rule's own lines asks first */
  firstGoal?: number;
  /** `--extra-moves-clamp`: the Grand Rules' game-phase extra moves the phases' graph holds either way */
  extraMovesClamp?: number;
  /** `--goal`: only whether Black makes at least this margin (by deepening, or by proof numbers: goalSearch) */
  goal?: number;
  /** `--goal-search`: the goal by deepening (default) or by proof numbers */
  goalSearch?: "deepening" | "proof-numbers";
  /** `--moves`: the goal from the position after these moves (row-major points, -1 a pass) */
  from?: number[];
  /** `--split`: the goal split at its root, each move its own search (`threads` at once) */
  split?: boolean;
}

/** The rule set's name with the knobs the options changed, as "chinese with ko simple, longCycles
 *  void": the value is that game's, not the preset's (komi is said beside it). */
function nameWithKnobs(name: string, preset: RuleSet, r: RuleSet): string {
  const knob = (x: RuleSet, k: string) => (x as unknown as Record<string, unknown>)[k];
  const changed = KNOB_NAMES.filter((k) => k !== "komi" && knob(preset, k) !== knob(r, k)).map((k) => `${k} ${String(knob(r, k))}`);
  return changed.length === 0 ? name : `${name} with ${changed.join(", ")}`;
}

/** The job the options ask for: `--size WxH`, `--rules NAME[,NAME..]` with the knob options
 *  applied to each, `--komi` (0 unless given: the value of the game itself). */
export function solveJob(opts: Record<string, unknown>): SolveJob {
  const size = String(opts.size ?? "");
  const m = /^(\d{1,3})(?:x(\d{1,3}))?$/.exec(size.trim());
  if (!m) throw new ArbiterError(`--size takes WxH (as 3x3) or N, got "${size}"`);
  const width = Number(m[1]), height = Number(m[2] ?? m[1]);
  // (a side of 1 is linear Go, whose values Drange's table publishes: docs/solve.md)
  if (width < MIN_CORE_SIDE || height < MIN_CORE_SIDE || width > MAX_SIDE || height > MAX_SIDE) {
    throw new ArbiterError(`--size ${width}x${height}: sides must be ${MIN_CORE_SIDE} to ${MAX_SIDE}`);
  }
  if (width * height < 2) throw new ArbiterError(`--size ${width}x${height}: a board needs two points at least`);
  if (width * height > MAX_SOLVE_POINTS) {
    throw new ArbiterError(`--size ${width}x${height} has ${width * height} points: the solver takes boards of at most ${MAX_SOLVE_POINTS} points`);
  }
  // (komi 0 unless given: the value of the game itself)
  const komiGiven = typeof opts.komi === "string";
  const named = (r: RuleSet, name: string) => ({ name, rules: komiGiven ? r : { ...r, komi: 0 } });
  let rules: SolveJob["rules"];
  if (typeof opts.rulesJson === "string") {
    const r = resolveRules(opts, null).rules;
    rules = [named(r, r.name)];
  } else {
    const names = String(opts.rules ?? "tromp-taylor").split(",").map((s) => s.trim()).filter((s) => s !== "");
    if (names.length === 0) throw new ArbiterError("--rules names no rule set");
    if (names.length > 16) throw new ArbiterError("--rules: at most 16 rule sets at once");
    rules = names.map((name) => {
      const r = resolveRules({ ...opts, rules: name }, null).rules;
      return named(r, nameWithKnobs(name, resolveRules({ rules: name }, null).rules, r));
    });
  }
  // (a goal's default order is passes answering: docs/solve.md "Move order")
  const order = String(opts.order ?? (opts.goal !== undefined ? "passes-answering" : "passes-first"));
  if (order !== "passes-first" && order !== "passes-last" && order !== "passes-answering") {
    throw new ArbiterError(`--order takes passes-first, passes-last or passes-answering, got "${order}"`);
  }
  const seconds = Number(opts.time ?? 600);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 7 * 86400) throw new ArbiterError(`--time takes seconds above 0 (at most a week), got "${String(opts.time)}"`);
  const goal = opts.goal !== undefined ? halfPoints("--goal", opts.goal, width * height) : undefined;
  return {
    width, height, rules, goal,
    maxNodes: parseWhole("--max-nodes", opts.maxNodes as string | undefined, 1, 2 ** 52, 2 ** 52),
    seconds,
    passesFirst: order === "passes-first",
    answerPassFirst: order === "passes-answering",
    tableBits: parseWhole("--table-bits", opts.tableBits as string | undefined, 10, 26, 22),
    // (a position some 60 bytes with its hash slots, a move 8: 32 million positions with 7 moves
    // each is near the 4 GB one WebAssembly memory holds; a room past it is refused by the core)
    ...(opts.maxPositions !== undefined ? { maxPositions: parseWhole("--max-positions", opts.maxPositions as string, 1000, 32_000_000, 26_500_000) } : {}),
    ...(opts.maxMoves !== undefined ? { maxMoves: parseWhole("--max-moves", opts.maxMoves as string, 1000, 400_000_000, 185_000_000) } : {}),
    ...(opts.lines !== undefined ? { lineSearch: lineSearchOf(opts.lines) } : {}),
    ...(opts.goalSearch !== undefined ? { goalSearch: goalSearchOf(opts.goalSearch, goal) } : {}),
    ...(opts.moves !== undefined ? { from: movesOf(opts.moves, width, height, goal) } : {}),
    ...(opts.split ? { split: splitOf(opts.goalSearch) } : {}),
    ...(opts.firstGoal !== undefined ? { firstGoal: halfPoints("--first-goal", opts.firstGoal, width * height) } : {}),
    ...(opts.extraMovesClamp !== undefined ? { extraMovesClamp: parseWhole("--extra-moves-clamp", opts.extraMovesClamp as string, 1, 8, 2) } : {}),
    proof: typeof opts.proof === "string",
    threads: parseWhole("--threads", opts.threads as string | undefined, 1, 2, Math.min(2, availableParallelism())),
  };
}

/** `--lines`: proof-numbers or alpha-beta. */
function lineSearchOf(raw: unknown): "alpha-beta" | "proof-numbers" {
  if (raw === "alpha-beta" || raw === "proof-numbers") return raw;
  throw new ArbiterError(`--lines takes proof-numbers or alpha-beta, got "${String(raw)}"`);
}

/** `--goal-search`: deepening or proof-numbers, with a goal. */
function goalSearchOf(raw: unknown, goal: number | undefined): "deepening" | "proof-numbers" {
  if (raw !== "deepening" && raw !== "proof-numbers") throw new ArbiterError(`--goal-search takes deepening or proof-numbers, got "${String(raw)}"`);
  if (goal === undefined) throw new ArbiterError("--goal-search needs --goal");
  return raw;
}

/** `--split`: only for a goal by proof numbers. */
function splitOf(goalSearch: unknown): true {
  if (goalSearch !== "proof-numbers") throw new ArbiterError("--split takes a goal by proof numbers (--goal M --goal-search proof-numbers)");
  return true;
}

/** `--moves`: GTP points or "pass", by commas or spaces, Black first; only for a goal (the
 *  searches that start from a position). */
function movesOf(raw: unknown, width: number, height: number, goal: number | undefined): number[] {
  if (goal === undefined) throw new ArbiterError("--moves takes a goal (--goal M): only a goal's search starts from a position");
  const text = String(raw);
  if (text.length > 4000) throw new ArbiterError(`--moves is ${text.length} characters long: at most 4000`);
  const words = text.split(/[\s,]+/).filter((w) => w !== "");
  if (words.length === 0) throw new ArbiterError("--moves names no move (GTP points or pass, as C3,B2)");
  return words.map((w) => (w.toLowerCase() === "pass" ? -1 : (({ x, y }) => y * width + x)(fromGtp(w, width, height))));
}

/** Black's margin from an option: a multiple of 0.5 within the board's points and komi. */
function halfPoints(option: string, raw: unknown, points: number): number {
  const m = Number(raw);
  if (typeof raw === "boolean" || !Number.isFinite(m) || Math.round(2 * m) !== 2 * m || Math.abs(m) > points + 1000) {
    throw new ArbiterError(`${option} takes Black's margin, a multiple of 0.5 within the board's points and komi, got "${String(raw)}"`);
  }
  return m;
}

/** Solves each rule set of the job in turn; `cancelled` stops the one running (it answers with
 *  no value) and the rest. */
export function runSolveJob(job: SolveJob, hooks: { cancelled?: () => boolean; progress?: (rules: string, nodes: number, depth: number) => void } = {}): SolveResult[] {
  const out: SolveResult[] = [];
  for (const { name, rules } of job.rules) {
    if (hooks.cancelled?.()) break;
    out.push(solve({ width: job.width, height: job.height, rules, name, maxNodes: job.maxNodes, seconds: job.seconds,
      passesFirst: job.passesFirst, answerPassFirst: job.answerPassFirst, tableBits: job.tableBits, maxPositions: job.maxPositions, maxMoves: job.maxMoves, firstGoal: job.firstGoal, extraMovesClamp: job.extraMovesClamp, lineSearch: job.lineSearch, proof: job.proof, threads: job.threads, cancelled: hooks.cancelled,
      ...(job.goal !== undefined ? { method: "alpha-beta" as const, goal: job.goal, goalSearch: job.goalSearch, from: job.from, split: job.split } : {}),
      progress: hooks.progress ? (n, d) => hooks.progress!(name, n, d) : undefined }));
  }
  return out;
}

/** `arbiter solve --gaps`: each text-only rule set's search (src/solve/gaps.ts) on one board. */
export interface GapJob {
  width: number;
  height: number;
  /** the longest way into a cycle tried (`--depth`) */
  depth: number;
  /** moves tried at most, per rule set (`--max-nodes`) */
  maxLines: number;
  /** seconds per rule set (`--time`) */
  seconds: number;
}

/** Searches each text-only rule set in turn, each within the job's moves and seconds;
 *  `cancelled` stops the one running (it reports what it searched whole) and the rest. */
export function runGapJob(job: GapJob, hooks: { cancelled?: () => boolean; progress?: (rules: string, lines: number, depth: number) => void } = {}): GapSearch[] {
  return textOnlyRuleSets().map((t) => searchGap(t, job.width, job.height, job.depth, job.maxLines, {
    deadline: Date.now() + job.seconds * 1000, cancelled: hooks.cancelled,
    progress: hooks.progress ? (lines, depth) => hooks.progress!(t.name, lines, depth) : undefined,
  }));
}

/** The principal variations as SGF, one game tree per rule set, each commented with its value. */
export function solveSgf(results: SolveResult[]): string {
  return results.filter((r) => r.complete && r.goalMet === undefined).map((r) => {
    const [w, h] = r.size.split("x").map(Number);
    const moves = r.line.map((v) => (v === "pass" ? -1 : (({ x, y }) => y * w + x)(fromGtp(v, w, h))));
    const variation = r.lineStoppedBy ? `the moves of its line found before the search stopped (${r.lineStoppedBy}), not refereed`
      : `a principal variation, ruled ${r.lineRuling?.result ?? "?"} (${r.lineRuling?.end ?? "?"}) by the referee`;
    const note = `arbiter solve: ${r.size} under ${r.rules}, komi ${r.komi}: ${r.result} with perfect play (${r.nodes} nodes); ${variation}`;
    const root = { data: rootData(w, h, { RU: [r.rules], KM: [String(r.komi)], RE: [r.result ?? "?"], C: [note] }), children: [] };
    return writeSgf(appendMoves(root, moves, w, (k) => (k % 2 === 0 ? "B" : "W")));
  }).join("\n");
}

/** A solve's results as text: one line per rule set. */
export function solveText(results: SolveResult[]): string {
  return results.map((r) => {
    const head = `${r.size} ${r.rules} (komi ${r.komi}): `;
    // (a goal split at its root: each move's answer on a line of its own)
    const parts = (r.parts ?? []).map((p) => `\n  after ${p.move}: ${p.goalMet === undefined ? `no answer (${p.stoppedBy})` : p.goalMet ? "yes" : "no"}  (${p.nodes} nodes, ${p.timeMs} ms)`).join("");
    if (r.goalMet !== undefined) {
      const hz = r.goalWork?.horizon ? `, lines cut at ${r.goalWork.horizon} moves` : r.goalWork?.search === "proof-numbers" ? ", by proof numbers" : "";
      const whole = r.value !== null && r.line.length > 0 ? `; the whole board, so the value: ${r.result}  ${r.line.join(" ")} (ruled ${r.lineRuling?.result ?? "?"})` : "";
      const after = r.from ? ` after ${r.from.join(" ")}` : "";
      return `${head}Black makes at least ${r.goal}${after}: ${r.goalMet ? "yes" : "no"}  (${r.nodes} nodes, ${r.timeMs} ms${hz})${whole}${parts}`;
    }
    if (!r.complete) {
      const between = r.bounds ? `, Black makes ${r.bounds.lower} to ${r.bounds.upper}` : "";
      return `${head}no value (stopped by ${r.stoppedBy}${between}, ${r.nodes} nodes, ${r.timeMs} ms)${parts}`;
    }
    return `${head}${r.result}  ${r.line.join(" ")}  (${r.nodes} nodes, ${r.timeMs} ms${r.notes.length ? "; " + r.notes.join("; ") : ""})`;
  }).join("\n");
}

/** The rule-gap examples as SGF, one game tree each, commented with the clause and the rulings. */
export function gapSgf(found: GapSearch[]): string {
  return found.filter((g) => g.example).map((g) => {
    const e = g.example!;
    const [w, h] = e.size.split("x").map(Number);
    const moves = e.line.map((v) => (v === "pass" ? -1 : (({ x, y }) => y * w + x)(fromGtp(v, w, h))));
    const others = e.others.map((o) => `${o.rules}: ${o.result} (${o.end}${o.illegal ? `, ${o.illegal}` : ""})`).join("; ");
    const note = `arbiter solve --gaps: under ${e.rules} as its text stands (${e.clause}), moves ${e.cycleFrom + 1}-${e.cycleFrom + e.period} ` +
      `bring back the situation after move ${e.cycleFrom} and can go round for ever. The same moves: ${others}`;
    const root = { data: rootData(w, h, { RU: [e.rules], C: [note] }), children: [] };
    return writeSgf(appendMoves(root, moves, w, (k) => (k % 2 === 0 ? "B" : "W")));
  }).join("\n");
}

/** The rule-gap search as text. */
export function gapText(found: GapSearch[]): string {
  return found.map((g) => {
    if (!g.example) {
      const stop = g.stoppedBy ? ` (stopped by ${g.stoppedBy} within the ways in of ${g.maxDepth + 1} moves)` : "";
      return `${g.rules} (${g.size}): no cycle that goes on for ever in ${g.lines} moves tried, ways in up to ${g.maxDepth} moves searched whole${stop}`;
    }
    const e = g.example;
    return `${g.rules} (${g.size}): ${e.line.join(" ")}\n  moves ${e.cycleFrom + 1}-${e.cycleFrom + e.period} come back to the situation after move ${e.cycleFrom} and can go round for ever (${e.clause})\n` +
      e.others.map((o) => `  ${o.rules}: ${o.result} (${o.end}${o.illegal ? `, ${o.illegal}` : ""})`).join("\n");
  }).join("\n");
}
