// The options of a simulation (the CLI's flags or an HTTP request's JSON body), validated into a
// run, and `simulate`: one call from options to the report.
import { ArbiterError } from "../errors.js";
import { KNOB_NAMES, preset, withKnobs, type RuleSet } from "../ruleset/ruleset.js";
import { MAX_RULE_SETS, POLICIES, type NamedRules, type Policy, type SimSpec } from "./engine.js";
import type { TaskQueue } from "../queue/bullmq.js";
import { buildReport, defaultWorkers, parseShard, runSimulation, type Shard, type SimReport } from "./run.js";

export const DEFAULT_RULES = "ing,new-ing,zhang,grand,chinese,japanese";
const BOOLEAN_KNOBS = new Set(["passesInHash", "resumeClearsHistory", "splitShared", "laziness"]);

export function whole(name: string, raw: unknown, min: number, max: number): number {
  const text = String(raw);
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || n < min || n > max) {
    throw new ArbiterError(`${name} takes a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

export function parseSize(raw: unknown): { width: number; height: number } {
  const m = /^\s*(\d+)\s*(?:[x:]\s*(\d+)\s*)?$/i.exec(String(raw));
  if (!m) throw new ArbiterError(`--size takes a side (9) or width x height (9x7), got "${String(raw)}"`);
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  for (const v of [width, height]) {
    if (v < 2 || v > 19) throw new ArbiterError(`--size: sides must be 2 to 19, got "${String(raw)}"`);
  }
  return { width, height };
}

/** A knob value from the command line (a string) or JSON (typed). */
function knobValue(knob: string, raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  if (knob === "komi") {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) throw new ArbiterError(`--komi takes a number, got "${raw}"`);
    return n;
  }
  if (BOOLEAN_KNOBS.has(knob)) {
    if (raw !== "true" && raw !== "false") throw new ArbiterError(`--${knob} takes true or false, got "${raw}"`);
    return raw === "true";
  }
  return raw;
}

/** The rule sets of a comma-separated list (or an array), each a preset with the knob overrides
 *  found in opts (`komi`, `ko`, ... by knob name). */
export function ruleList(list: unknown, opts: Record<string, unknown>): NamedRules[] {
  const names = (Array.isArray(list) ? list.map(String) : String(list ?? "").split(",")).map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new ArbiterError("--rules needs at least one rule set, e.g. --rules ing,chinese");
  if (names.length > MAX_RULE_SETS) throw new ArbiterError(`--rules takes at most ${MAX_RULE_SETS} rule sets`);
  const overrides: Record<string, unknown> = {};
  for (const knob of KNOB_NAMES) if (opts[knob] !== undefined) overrides[knob] = knobValue(knob, opts[knob]);
  const seen = new Set<string>();
  return names.map((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) throw new ArbiterError(`--rules names ${key} twice`);
    seen.add(key);
    const rules: RuleSet = withKnobs(preset(key), overrides);
    return { key, rules };
  });
}

export interface SimulateRun {
  spec: SimSpec;
  games: number;
  shard: Shard;
  workers: number;
  taskSize?: number;
}

/** Validates options named as the CLI's flags: rules, size, games, seed, workers, policy, paired,
 *  shard, taskSize, and knob overrides. */
export function simulateRun(opts: Record<string, unknown>): SimulateRun {
  const rules = ruleList(opts.rules ?? DEFAULT_RULES, opts);
  const { width, height } = parseSize(opts.size ?? 9);
  const games = whole("--games", opts.games ?? 1000, 1, 2 ** 31 - 1);
  const seed = whole("--seed", opts.seed ?? 1, 0, 2 ** 32 - 1);
  const workers = whole("--workers", opts.workers ?? defaultWorkers(), 1, 64);
  const policy = String(opts.policy ?? "light") as Policy;
  if (!POLICIES.includes(policy)) throw new ArbiterError(`--policy takes ${POLICIES.join(" or ")}, got "${policy}"`);
  const shard = parseShard(opts.shard === undefined ? undefined : String(opts.shard));
  const taskSize = opts.taskSize === undefined ? undefined : whole("--task-size", opts.taskSize, 1, 1_000_000);
  return { spec: { width, height, seed, policy, rules, paired: !!opts.paired }, games, shard, workers, taskSize };
}

/** Runs a simulation and returns its report. `stop` cancels (the report is then partial). */
export async function simulate(run: SimulateRun, how: { progress?: boolean; stop?: () => boolean; sigint?: boolean;
  queue?: TaskQueue } = {}): Promise<SimReport> {
  const { spec, games, shard, workers } = run;
  const r = await runSimulation({ spec, games, shard, workers, taskSize: run.taskSize, progress: how.progress, stop: how.stop,
    sigint: how.sigint, queue: how.queue });
  return buildReport(r.part, {
    command: "simulate", version: 1, size: { width: spec.width, height: spec.height }, policy: spec.policy, seed: spec.seed,
    games, ranges: r.ranges, shard: shard.count > 1 ? shard : null, rulesOrder: spec.rules.map((x) => x.key), workers,
    ms: r.ms, cpuMs: r.cpuMs, interrupted: r.interrupted, ...(how.queue ? { queue: how.queue.address.shown } : {}),
  }, Object.fromEntries(spec.rules.map((x) => [x.key, x.rules])));
}
