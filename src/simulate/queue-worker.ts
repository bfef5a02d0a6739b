// `arbiter worker --queue redis://HOST:PORT`: takes simulation and corpus tasks from the queue and
// runs them on this machine's threads (a piscina pool of task-worker.js), until Ctrl-C.
import { Piscina } from "piscina";
import { esmWorker } from "../core/built.js";
import { serveTasks } from "../queue/bullmq.js";
import type { QueueTask } from "./task-worker.js";

export interface WorkerOptions {
  queue: string;
  workers: number;
  lockSeconds: number;
  /** a line per event (stderr) */
  log: (line: string) => void;
}

export async function runQueueWorker(opts: WorkerOptions): Promise<{ done: number; failed: number }> {
  const pool = new Piscina({ ...esmWorker(import.meta.url, "task-worker.js"), minThreads: opts.workers, maxThreads: opts.workers,
    idleTimeout: 60_000 });
  let done = 0;
  let failed = 0;
  const kinds = new Set(["simulate", "corpus"]);
  const served = await serveTasks(opts.queue, (kind, task) => {
    if (!kinds.has(kind)) return Promise.reject(new Error(`unknown task kind "${kind}"`));
    return pool.run({ kind, task } as QueueTask);
  }, {
    concurrency: opts.workers, lockSeconds: opts.lockSeconds,
    onJob: (event, job, error) => {
      if (event === "done") done++;
      if (event === "failed") failed++;
      opts.log(`worker: ${event === "start" ? "took" : event} ${job.name} task ${job.id}${error ? `: ${error.message}` : ""}`);
    },
  });
  opts.log(`worker: taking tasks from ${served.address.shown} on ${opts.workers} thread${opts.workers > 1 ? "s" : ""} (Ctrl-C to stop)`);
  let stopping = false;
  const onSigint = () => {
    if (stopping) {
      opts.log("worker: stopping now; the tasks under way go back to the queue");
      void served.stop(true);
      return;
    }
    stopping = true;
    opts.log("worker: finishing the tasks under way, then stopping (Ctrl-C again to stop now)");
    void served.stop(false);
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);
  try {
    await served.closed;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigint);
    await pool.destroy();
  }
  return { done, failed };
}
