// Solves on a worker thread: the main thread waits, and Ctrl-C sets the flag the search reads
// every 4,096 nodes (the solve then answers with no value, `complete: false`).
import { Worker } from "node:worker_threads";
import { ArbiterError } from "../errors.js";
import type { SolveResult } from "../solve/solve.js";
import type { SolveJob } from "./solve-run.js";

export interface SolveThreadJob { job: SolveJob; cancel: Int32Array }
type Message = { progress: { rules: string; nodes: number; depth: number } } | { ok: true; results: SolveResult[] } |
  { ok: false; badInput: boolean; message: string };

export function solveInThread(job: SolveJob, progress?: (rules: string, nodes: number, depth: number) => void):
  { done: Promise<SolveResult[]>; cancel: () => void } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./solve-worker.js", import.meta.url), { workerData: { job, cancel: flag } satisfies SolveThreadJob });
  const done = new Promise<SolveResult[]>((resolve, reject) => {
    worker.on("message", (m: Message) => {
      if ("progress" in m) { progress?.(m.progress.rules, m.progress.nodes, m.progress.depth); return; }
      if (m.ok) resolve(m.results);
      else reject(m.badInput ? new ArbiterError(m.message) : new Error(m.message));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the solver thread stopped (exit ${code}) without an answer`)));
  });
  return { done, cancel: () => Atomics.store(flag, 0, 1) };
}
