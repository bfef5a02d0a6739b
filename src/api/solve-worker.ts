// The worker thread of `arbiter solve` (solve-thread.ts).
import { parentPort, workerData } from "node:worker_threads";
import { ArbiterError } from "../errors.js";
import { runGapJob, runSolveJob } from "./solve-run.js";
import type { SolveThreadJob } from "./solve-thread.js";

const data = workerData as SolveThreadJob;
try {
  const hooks = {
    cancelled: () => Atomics.load(data.cancel, 0) === 1,
    progress: (rules: string, nodes: number, depth: number) => parentPort!.postMessage({ progress: { rules, nodes, depth } }),
  };
  const results = data.kind === "gaps" ? runGapJob(data.job, hooks) : runSolveJob(data.job, hooks);
  parentPort!.postMessage({ ok: true, results });
} catch (e) {
  parentPort!.postMessage({ ok: false, badInput: e instanceof ArbiterError, message: (e as Error).message });
}
