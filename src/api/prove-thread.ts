// A one-thread proof on a worker thread. A search in the main thread keeps the event loop from
// running, and with it the Ctrl-C handler: `arbiter prove` ran on to the end of its --time. Here
// the main thread waits, and Ctrl-C sets the flag the search reads (it answers with what it has).
import { Worker } from "node:worker_threads";
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../record/record.js";
import type { CliOptions, ProveRun } from "./operations.js";

export interface ProveJob {
  record: GameRecord;
  opts: CliOptions;
  wantProof: boolean;
  /** 1 asks the search to stop */
  cancel: Int32Array;
}

type Answer = { ok: true; run: ProveRun } | { ok: false; badInput: boolean; message: string };

/** proveRecord(record, opts) with one search thread; `cancel()` stops it (its answer then says
 *  what the budget it had found). */
export function proveInThread(record: GameRecord, opts: CliOptions, wantProof: boolean):
  { done: Promise<ProveRun>; cancel: () => void } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./prove-worker.js", import.meta.url),
    { workerData: { record, opts: { ...opts }, wantProof, cancel: flag } satisfies ProveJob });
  const done = new Promise<ProveRun>((resolve, reject) => {
    worker.once("message", (a: Answer) => {
      if (a.ok) resolve(a.run);
      else reject(a.badInput ? new ArbiterError(a.message) : new Error(a.message));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the search thread stopped (exit ${code}) without an answer`)));
  });
  return { done, cancel: () => Atomics.store(flag, 0, 1) };
}
