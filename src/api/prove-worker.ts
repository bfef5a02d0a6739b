// The worker thread of a one-thread proof (prove-thread.ts): the same proveRecord as everywhere,
// off the main thread, so that the main thread stays free to take Ctrl-C and set the cancel flag
// the search reads.
import { parentPort, workerData } from "node:worker_threads";
import { proveRecord } from "./operations.js";
import { ArbiterError } from "../errors.js";
import type { ProveJob } from "./prove-thread.js";

const job = workerData as ProveJob;
const cancelled = () => Atomics.load(job.cancel, 0) === 1;
try {
  const run = await proveRecord(job.record, job.opts, { cancelled }, job.wantProof);
  parentPort!.postMessage({ ok: true, run });
} catch (e) {
  parentPort!.postMessage({ ok: false, badInput: e instanceof ArbiterError, message: (e as Error).message });
}
