// The operations behind `arbiter referee|prove|rules --json`, shared by the command line, the
// HTTP server and the GTP engine, so that the same game gives byte-identical JSON through each.
// Options are the command line's: a record of option values as commander gives them (strings),
// which the server and the GTP engine build from their own requests (src/server/requests.ts).
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../record/record.js";
import { playRecord, deadStones, decide, type Ruling, type RefereeOptions } from "../rules/referee.js";
import { PRESETS, withKnobs, type RuleSet } from "../ruleset/ruleset.js";
import { fromGtp } from "../core/coords.js";
import { prove, type ProveResult } from "../prove/prove.js";
import { settleDisputes } from "../prove/disputes.js";
import { proveParallel } from "../prove/pool.js";
import { positionAfter, type Position } from "../prove/position.js";
import { resolveRules } from "../rules/resolve.js";
import { timeFor } from "../rules/time.js";

/** Option values as commander gives them: strings, booleans, or undefined when not given. */
export type CliOptions = Record<string, unknown>;

export function parseWhole(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || n < min || n > max) {
    throw new ArbiterError(`${name} takes a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** The text of one JSON answer: what `--json` prints and what the server sends. */
export const jsonText = (value: unknown): string => JSON.stringify(value) + "\n";

const list = (v: unknown) => typeof v === "string" ? v.split(",").map((x) => x.trim()).filter(Boolean) : undefined;

/** `arbiter referee`: rules from --rules/--rules-json/knobs, else the record's RU; komi from
 *  --komi, else the record's KM, else the rule set's. */
export function refereeRecord(record: GameRecord, opts: CliOptions,
  more: Pick<RefereeOptions, "proveBudget" | "unfinished"> = {}): Ruling {
  const { rules: resolved, from, komiGiven: komiOpt } = resolveRules(opts, record.rules);
  // the record's komi is what the players agreed, unless --komi (or komi in --rules-json) overrides it
  const rules = !komiOpt && record.komi !== null ? withKnobs(resolved, { komi: record.komi }) : resolved;
  const deadOpt = String(opts.dead ?? "none").trim();
  const dead = deadOpt === "none" || deadOpt === "" ? "none" : deadOpt === "auto" || deadOpt === "sgf" ? deadOpt
    : deadOpt.split(",").map((s) => s.trim()).filter(Boolean);
  const own = opts.ownBlack || opts.ownWhite ? { B: list(opts.ownBlack), W: list(opts.ownWhite) } : undefined;
  const notes = [...(record.notes ?? [])];
  const time = timeFor(record.clock, typeof opts.time === "string" ? opts.time : undefined,
    typeof opts.timeUsed === "string" ? opts.timeUsed : undefined, rules.timeRule, notes) ?? undefined;
  const ropts: RefereeOptions = { rules, rulesFrom: from, dead, komiGiven: komiOpt || record.komi !== null,
    own, seki: list(opts.seki), notes, ...(time ? { time } : {}), ...more };
  // the referee's steps, with the prover settling the disputes of --dead auto between them
  const played = playRecord(record, ropts);
  return decide(played, ropts, deadStones(played, ropts, settleDisputes));
}

export interface ProveRun {
  pos: Position;
  rules: RuleSet;
  result: ProveResult;
  /** what --json prints */
  out: Omit<ProveResult, "attackerFirst" | "defenderFirst"> & {
    attackerFirst: { captured: boolean | null; line: string[]; nodes: number };
    defenderFirst: { captured: boolean | null; line: string[]; nodes: number };
  };
}

export interface Cancel {
  signal?: AbortSignal;
  /** polled by the search (a shared flag set by another thread) */
  cancelled?: () => boolean;
}

/** `arbiter prove`: the position after the record (or its first --moves moves), the targets,
 *  who moves first, the budget. */
export async function proveRecord(full: GameRecord, opts: CliOptions, cancel: Cancel = {}, wantProof = false): Promise<ProveRun> {
  const keep = opts.moves === undefined ? full.moves.length : parseWhole("--moves", opts.moves as string, 0, full.moves.length, 0);
  const record = { ...full, moves: full.moves.slice(0, keep) };
  const { rules } = resolveRules(opts, record.rules);
  const pos = positionAfter(record, rules);
  const targets = String(opts.target ?? "").split(",").map((v) => v.trim()).filter(Boolean).map((v) => {
    const p = fromGtp(v, pos.width, pos.height);
    return p.y * pos.width + p.x;
  });
  const toMoveOpt = opts.toMove === undefined ? pos.toMove : String(opts.toMove).toUpperCase();
  if (toMoveOpt !== "B" && toMoveOpt !== "W") throw new ArbiterError(`--to-move takes B or W, got "${opts.toMove}"`);
  const maxNodes = parseWhole("--max-nodes", opts.maxNodes as string | undefined, 1, 1e12, 2e7);
  const seconds = opts.time === undefined ? 60 : Number(opts.time);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86400) throw new ArbiterError(`--time takes seconds above 0, at most 86400, got "${opts.time}"`);
  const workers = parseWhole("--workers", opts.workers as string | undefined, 1, 64, 1);
  const asked = opts.question === undefined ? "both" : String(opts.question);
  if (asked !== "attacker" && asked !== "defender" && asked !== "both") {
    throw new ArbiterError(`--question takes attacker, defender or both, got "${opts.question}"`);
  }
  const question: "attacker" | "defender" | undefined = asked === "both" ? undefined : asked;
  const threats = parseThreats(opts.threats);
  const req = { ...pos, rules, targets, toMove: toMoveOpt as "B" | "W", maxNodes, timeMs: seconds * 1000, question, threats };
  const { signal } = cancel;
  const cancelled = () => (signal?.aborted ?? false) || (cancel.cancelled?.() ?? false);
  const result = workers > 1 ? await proveParallel(req, workers, signal, wantProof)
    : prove({ ...req, cancelled }, wantProof);
  const { attackerFirst, defenderFirst, ...rest } = result;
  const strip = (q: typeof attackerFirst) => ({ captured: q.captured, line: q.line, nodes: q.nodes, ko: q.ko ?? null });
  return { pos, rules, result, out: { ...rest, attackerFirst: strip(attackerFirst), defenderFirst: strip(defenderFirst) } };
}

/** `--threats B:N,W:M` (either part may be left out): the outside ko threats each side holds. */
export function parseThreats(v: unknown): { B: number; W: number } | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  const out = { B: 0, W: 0 };
  for (const part of String(v).split(",")) {
    const m = /^\s*([BW]):(\d{1,2})\s*$/i.exec(part);
    if (!m || Number(m[2]) > 20) throw new ArbiterError(`--threats takes B:N,W:M with N and M from 0 to 20, got "${String(v).slice(0, 40)}"`);
    out[m[1].toUpperCase() as "B" | "W"] = Number(m[2]);
  }
  return out;
}

/** `arbiter rules [name] --json`: every preset (or one) as its knob object. */
export function rulesText(name?: string): string {
  const names = name ? [name] : Object.keys(PRESETS);
  for (const n of names) if (!Object.hasOwn(PRESETS, n)) throw new ArbiterError(`unknown rule set "${n}": use one of ${Object.keys(PRESETS).join(", ")}`);
  const picked = Object.fromEntries(names.map((n) => [n, PRESETS[n]]));
  return JSON.stringify(name ? picked[name] : picked, null, 2) + "\n";
}
