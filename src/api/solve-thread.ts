// Solves (or searches for rule gaps) on a worker thread: the main thread waits, and Ctrl-C sets
// the flag the search reads every 4,096 nodes (a solve then answers with no value, `complete:
// false`; a gap search with what it searched whole, `stoppedBy: "cancel"`).
import { Worker } from "node:worker_threads";
import { ArbiterError } from "../errors.js";
import type { GapSearch } from "../solve/gaps.js";
import type { SolveResult } from "../solve/solve.js";
import type { GapJob, SolveJob } from "./solve-run.js";

export type SolveThreadJob = ({ kind: "solve"; job: SolveJob } | { kind: "gaps"; job: GapJob }) & { cancel: Int32Array };
type Message<T> = { progress: { rules: string; nodes: number; depth: number } } | { ok: true; results: T[] } |
  { ok: false; badInput: boolean; message: string };
type Progress = (rules: string, nodes: number, depth: number) => void;

export function solveInThread(job: SolveJob, progress?: Progress): { done: Promise<SolveResult[]>; cancel: () => void } {
  return inThread<SolveResult>({ kind: "solve", job }, progress);
}

/** The rule-gap search on a worker thread (progress: the moves tried and the way in's length). */
export function gapsInThread(job: GapJob, progress?: Progress): { done: Promise<GapSearch[]>; cancel: () => void } {
  return inThread<GapSearch>({ kind: "gaps", job }, progress);
}

function inThread<T>(what: { kind: "solve"; job: SolveJob } | { kind: "gaps"; job: GapJob }, progress?: Progress):
  { done: Promise<T[]>; cancel: () => void } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./solve-worker.js", import.meta.url), { workerData: { ...what, cancel: flag } satisfies SolveThreadJob });
  const done = new Promise<T[]>((resolve, reject) => {
    worker.on("message", (m: Message<T>) => {
      if ("progress" in m) { progress?.(m.progress.rules, m.progress.nodes, m.progress.depth); return; }
      if (m.ok) resolve(m.results);
      else reject(m.badInput ? new ArbiterError(m.message) : new Error(m.message));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the solver thread stopped (exit ${code}) without an answer`)));
  });
  return { done, cancel: () => Atomics.store(flag, 0, 1) };
}
