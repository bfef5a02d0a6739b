// The server's pool of search threads (piscina): a bounded queue in front of it, a cancel flag
// per task (set on shutdown or when the client goes away: the search then stops at its next
// budget check and answers "unknown"), a hard time limit after which the worker is ended, and
// a worker that dies is replaced by piscina while its request fails cleanly.
import { Piscina } from "piscina";
import { esmWorker } from "../core/built.js";
import type { Task, TaskResult } from "./worker.js";

/** An answer other than 200, with the message for the JSON error body. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "HttpError";
  }
}

export interface PoolOptions {
  /** search threads */
  threads: number;
  /** requests that may wait for a thread; one more gets 503 */
  maxQueue: number;
}

export class SearchPool {
  readonly threads: number;
  readonly maxQueue: number;
  private readonly pool: Piscina;
  private readonly flags = new Set<Int32Array>();
  private pending = 0;
  private started = 0;
  private finished = 0;
  private failed = 0;
  private idle: (() => void)[] = [];

  constructor(opts: PoolOptions) {
    this.threads = opts.threads;
    this.maxQueue = opts.maxQueue;
    this.pool = new Piscina({ ...esmWorker(import.meta.url, "worker.js"), minThreads: opts.threads, maxThreads: opts.threads,
      idleTimeout: 60_000, maxQueue: Math.max(opts.maxQueue, 1) });
    // a worker that fails with no task of its own must not take the server down
    this.pool.on("error", () => { this.failed++; });
  }

  /** Runs a task; `hardMs` after the start its worker is ended whatever it does. The returned
   *  cancel function asks the search to stop (it then answers with what it has). */
  run(task: Omit<Task, "cancel">, hardMs: number): { done: Promise<TaskResult>; cancel: () => void } {
    if (this.pending >= this.threads + this.maxQueue) {
      throw new HttpError(503, `all ${this.threads} search threads are busy and ${this.maxQueue} requests are waiting: try again later`);
    }
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const cancel = () => { Atomics.store(flag, 0, 1); };
    this.flags.add(flag);
    this.pending++;
    this.started++;
    const hard = new AbortController();
    const timer = setTimeout(() => hard.abort(), hardMs);
    timer.unref();
    const done = (this.pool.run({ ...task, cancel: flag } satisfies Task, { signal: hard.signal }) as Promise<TaskResult>)
      .catch((e: Error) => {
        this.failed++;
        if (hard.signal.aborted) {
          throw new HttpError(503, `the ${task.kind} did not stop within its budget and was ended: try a smaller budget`);
        }
        throw new HttpError(503, `the search thread running this ${task.kind} failed (${e.message}); it has been replaced: try again`);
      })
      .finally(() => {
        clearTimeout(timer);
        this.flags.delete(flag);
        this.pending--;
        this.finished++;
        if (this.pending === 0) for (const f of this.idle.splice(0)) f();
      });
    return { done, cancel };
  }

  /** Asks every running and waiting task to stop. */
  cancelAll(): void {
    for (const f of this.flags) Atomics.store(f, 0, 1);
  }

  /** Resolves when no task is left, or after `ms` (true when none is left). */
  whenIdle(ms: number): Promise<boolean> {
    if (this.pending === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(this.pending === 0), ms);
      this.idle.push(() => { clearTimeout(t); resolve(true); });
    });
  }

  get stats() {
    const running = Math.min(this.pending, this.threads);
    return { threads: this.threads, running, queued: this.pending - running, maxQueue: this.maxQueue,
      started: this.started, finished: this.finished, failed: this.failed };
  }

  /** The worker threads (for tests that end one in the middle of a task). */
  get workers() {
    return this.pool.threads;
  }

  async destroy(): Promise<void> {
    this.cancelAll();
    await this.pool.destroy();
  }
}
