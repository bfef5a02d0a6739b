// The worker thread of `arbiter solve` (solve-thread.ts).
import { parentPort, workerData } from "node:worker_threads";
import { ArbiterError } from "../errors.js";
import { runSolveJob } from "./solve-run.js";
import type { SolveThreadJob } from "./solve-thread.js";

const { job, cancel } = workerData as SolveThreadJob;
try {
  const results = runSolveJob(job, {
    cancelled: () => Atomics.load(cancel, 0) === 1,
    progress: (rules, nodes, depth) => parentPort!.postMessage({ progress: { rules, nodes, depth } }),
  });
  parentPort!.postMessage({ ok: true, results });
} catch (e) {
  parentPort!.postMessage({ ok: false, badInput: e instanceof ArbiterError, message: (e as Error).message });
}
