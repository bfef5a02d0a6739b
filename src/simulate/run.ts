// A simulation run: the game indices of a shard split into tasks for a piscina pool (one
// WebAssembly instance per worker thread), the partial statistics summed as they come back, a
// progress bar on a terminal, and a clean stop on Ctrl-C. Statistics are sums over games whose
// PRNG depends on (seed, game index) only, so any worker count and any split give the same numbers.
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { TaskQueue } from "../queue/bullmq.js";
import { mcnemarExact } from "./intervals.js";
import cliProgress from "cli-progress";
import { ArbiterError } from "../errors.js";
import { simulateRange, type SimSpec } from "./engine.js";
import { addPart, derived, emptyPart, newRuleStats, type Example, type RuleStats, type SimPart } from "./stats.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import type { SimTask } from "./worker.js";
import { esmWorker } from "../core/built.js";

export interface Shard {
  /** 1-based */
  index: number;
  count: number;
}

export interface RunOptions {
  spec: SimSpec;
  /** games per rule set in the whole run (all shards) */
  games: number;
  shard: Shard;
  workers: number;
  /** games per task */
  taskSize?: number;
  progress?: boolean;
  /** stop taking new tasks when this turns true (a server's cancel flag); the CLI uses SIGINT */
  stop?: () => boolean;
  /** handle Ctrl-C here (default true) */
  sigint?: boolean;
  /** run the tasks on a Redis queue's workers (`--queue`) instead of a local pool */
  queue?: TaskQueue;
}

/** Tasks a queue's workers hold at once for one run (each a few hundred games). */
export const QUEUE_DEPTH = 32;

export interface RuleReport extends RuleStats {
  knobs: RuleSet;
  meanLength: number;
  sdLength: number;
  /** 95% intervals of rates of games, per 1000 games (stats.ts derived) */
  ci95Per1000?: {
    results: Record<string, [number, number] | null>;
    gamesWithCycle: [number, number] | null;
    gamesWithCycleOfKind: Record<string, [number, number] | null>;
    gamesWithPassCycle: [number, number] | null;
  };
  [k: string]: unknown;
}

export interface SimReport {
  command: "simulate";
  version: 1;
  size: { width: number; height: number };
  policy: string;
  seed: number;
  /** games per rule set of the whole run (all shards) */
  games: number;
  /** the game indices this report covers, [from, to) each */
  ranges: [number, number][];
  shard: Shard | null;
  /** games per rule set done (less than the range when interrupted) */
  gamesDone: number;
  rulesOrder: string[];
  rules: Record<string, RuleReport>;
  paired: SimPart["paired"];
  examples: Example[];
  workers: number;
  ms: number;
  /** CPU time of the whole process (all threads) */
  cpuMs?: number;
  /** games (all rule sets) per second, and per worker thread */
  gamesPerSec: number;
  gamesPerSecPerThread: number;
  interrupted: boolean;
  merged?: string[];
  /** the Redis queue whose workers ran the tasks (`--queue`), without its password */
  queue?: string;
}

export function shardRange(games: number, shard: Shard): [number, number] {
  return [Math.floor((games * (shard.index - 1)) / shard.count), Math.floor((games * shard.index) / shard.count)];
}

export function parseShard(text: string | undefined): Shard {
  if (text === undefined) return { index: 1, count: 1 };
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count || count > 1_000_000) {
    throw new ArbiterError(`--shard takes i/n with 1 <= i <= n (e.g. 1/4), got "${text}"`);
  }
  return { index, count };
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** The report of a run's statistics (derived figures added; sums kept for merging). */
export type ReportBase = Omit<SimReport, "rules" | "paired" | "examples" | "gamesDone" | "gamesPerSec" | "gamesPerSecPerThread">;

export function buildReport(part: SimPart, base: ReportBase, knobs: Record<string, RuleSet>): SimReport {
  const rules: Record<string, RuleReport> = {};
  for (const key of base.rulesOrder) {
    const s = canonical(part.rules[key] ?? newRuleStats());
    rules[key] = { knobs: knobs[key], ...s, ...derived(s) };
  }
  const gamesDone = part.games;
  const total = gamesDone * base.rulesOrder.length;
  const secs = base.ms / 1000;
  return {
    ...base,
    gamesDone,
    rules,
    paired: part.paired && Object.fromEntries(Object.entries(part.paired).map(([a, row]) => [a, Object.fromEntries(
      Object.entries(row).map(([b, ps]) => [b, { ...ps, mcnemarP: mcnemarExact(ps.blackWinsHereOnly, ps.blackWinsThereOnly) }]))])),
    examples: Object.entries(part.examples).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e),
    gamesPerSec: secs > 0 ? Math.round(total / secs) : 0,
    gamesPerSecPerThread: secs > 0 ? Math.round(total / secs / Math.max(1, base.workers)) : 0,
  };
}

const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The same statistics with every map's keys in order, so that equal sums print equal JSON. */
function canonical(s: RuleStats): RuleStats {
  return {
    ...s,
    decidedBy: sortKeys(s.decidedBy),
    endReasons: sortKeys(s.endReasons),
    forbidden: sortKeys(s.forbidden),
    cycles: sortKeys(Object.fromEntries(Object.entries(s.cycles).map(([k, v]) => [k, { count: v.count, games: v.games,
      per1000Games: s.games ? Math.round((v.count / s.games) * 1e6) / 1e3 : 0, periods: v.periods }]))),
  };
}


/** Runs the shard's games; resolves with the statistics (partial if interrupted by SIGINT). */
export async function runSimulation(opts: RunOptions): Promise<{ part: SimPart; ms: number; cpuMs: number; interrupted: boolean;
  ranges: [number, number][] }> {
  const [from, to] = shardRange(opts.games, opts.shard);
  const workers = Math.max(1, opts.workers);
  const taskSize = opts.taskSize ?? Math.max(50, Math.min(1000, Math.ceil((to - from) / (opts.queue ? QUEUE_DEPTH * 2 : workers * 8))));
  const tasks: SimTask[] = [];
  for (let a = from; a < to; a += taskSize) tasks.push({ spec: opts.spec, from: a, to: Math.min(to, a + taskSize) });
  const total = tasks.reduce((a, t) => a + (t.to - t.from) * t.spec.rules.length, 0);
  const part = emptyPart();
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130); // a second Ctrl-C: stop at once
    interrupted = true;
    process.stderr.write("\narbiter: interrupted: finishing the tasks under way, then reporting what was done (Ctrl-C again to quit)\n");
  };
  const sigint = opts.sigint ?? true;
  if (sigint) process.on("SIGINT", onSigint);
  const stopped = () => interrupted || (opts.stop?.() ?? false);
  const bar = opts.progress ? new cliProgress.SingleBar({
    stream: process.stderr,
    format: "simulate |{bar}| {percentage}% | {value}/{total} games | {rate} games/s | ETA {eta_formatted}",
    hideCursor: true,
    etaBuffer: 50,
  }, cliProgress.Presets.shades_classic) : null;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage(); // all threads of the process: the workers included
  bar?.start(total, 0, { rate: "0" });
  let done = 0;
  // the games whose statistics are in `part`: an interrupted run reports only these (tasks end
  // out of order, so there may be gaps), never the range it was asked for
  const finished: [number, number][] = [];
  const tick = (n: number) => {
    done += n;
    const secs = (performance.now() - t0) / 1000;
    bar?.update(done, { rate: secs > 0 ? Math.round(done / secs).toString() : "0" });
  };
  // the tasks go to a queue's workers, to a local pool, or (one small task) run here; each
  // result is folded once, in whatever order they come
  const fold = (t: SimTask, res: SimPart) => {
    addPart(part, res);
    finished.push([t.from, t.to]);
    tick((t.to - t.from) * t.spec.rules.length);
  };
  const runAll = async (run: (t: SimTask) => Promise<SimPart>, inFlight: number) => {
    let next = 0;
    const runNext = async (): Promise<void> => {
      while (!stopped() && next < tasks.length) {
        const t = tasks[next++];
        fold(t, await run(t));
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, () => runNext()));
  };
  let pool: Piscina | null = null;
  try {
    const queue = opts.queue;
    if (queue) await runAll((t) => queue.runTask<SimPart>("simulate", t), QUEUE_DEPTH);
    else if (workers === 1 && tasks.length <= 1) {
      // one small task: no pool needed
      for (const t of tasks) if (!stopped()) fold(t, simulateRange(t.spec, t.from, t.to));
    } else {
      const p = (pool = new Piscina({ ...esmWorker(import.meta.url, "worker.js"), minThreads: workers, maxThreads: workers,
        idleTimeout: 1000, maxQueue: "auto" }));
      await runAll((t) => p.run(t) as Promise<SimPart>, workers * 2);
    }
  } finally {
    await pool?.destroy();
    if (sigint) process.off("SIGINT", onSigint);
    bar?.stop();
  }
  const cpu = process.cpuUsage(cpu0);
  return { part, ms: Math.round(performance.now() - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    interrupted: interrupted || (opts.stop?.() ?? false), ranges: mergeRanges(finished) };
}

/** Ranges of games as few as they can be: sorted, touching ones joined. */
export function mergeRanges(list: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...list].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
