// Tasks on a Redis queue through BullMQ (DESIGN.md, second round: `--queue redis://HOST:PORT`).
// The command that has the work (simulate, corpus) adds each task as a job and waits for its
// result; `arbiter worker` processes on any machines take the jobs and run them on their own
// threads. Only tasks and results cross: a task's result depends on the task alone (a simulated
// game on the seed and its index, a record on its text), so where it ran changes nothing, and the
// command folds each task's result exactly once, however many times a failed or abandoned job was
// run. A worker that dies holding a job loses its lock; another worker takes the job again.
import { Queue, QueueEvents, Worker, type ConnectionOptions, type Job } from "bullmq";
import { connect } from "node:net";
import { ArbiterError } from "../errors.js";

/** The one queue every arbiter command and worker uses (jobs are named by their kind). */
export const QUEUE_NAME = "arbiter-tasks";

export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  password?: string;
  /** the address as given, without a password, for messages */
  shown: string;
}

/** redis://[:PASSWORD@]HOST[:PORT][/DB], or an error naming what is wrong. */
export function parseQueueUrl(url: string): QueueAddress {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ArbiterError(`--queue ${url}: expected redis://HOST:PORT`);
  }
  if (u.protocol !== "redis:") throw new ArbiterError(`--queue ${url}: expected redis://HOST:PORT (only redis: is supported)`);
  if (!u.hostname) throw new ArbiterError(`--queue ${url}: no host`);
  const port = u.port === "" ? 6379 : Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ArbiterError(`--queue ${url}: bad port`);
  const dbText = u.pathname.replace(/^\//, "");
  const db = dbText === "" ? 0 : Number(dbText);
  if (!/^\d*$/.test(dbText) || db > 15) throw new ArbiterError(`--queue ${url}: the database must be a number from 0 to 15`);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  return { host: u.hostname.replace(/^\[|\]$/g, ""), port, db, ...(password ? { password } : {}), shown: `redis://${u.host}${dbText ? `/${dbText}` : ""}` };
}

function connection(a: QueueAddress): ConnectionOptions {
  // a worker's blocking reads must not be cut by ioredis's retry limit (BullMQ requires null)
  return { host: a.host, port: a.port, db: a.db, ...(a.password ? { password: a.password } : {}), maxRetriesPerRequest: null,
    // fail fast when nothing listens, instead of retrying for ever
    retryStrategy: (times: number) => (times > 20 ? null : Math.min(times * 200, 2000)) };
}

/** Asks Redis for a PONG before any BullMQ connection is made (whose reconnection attempts would
 *  hold a process that cannot reach Redis for half a minute): an error naming the address if
 *  nothing answers within `seconds`, or if Redis refuses (a password, say). */
function ping(a: QueueAddress, seconds = 5): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      socket.destroy();
      reject(new ArbiterError(`--queue ${a.shown}: cannot reach Redis: ${why}`));
    };
    const socket = connect(a.port, a.host);
    socket.setTimeout(seconds * 1000, () => fail(`no answer within ${seconds} s`));
    socket.once("error", (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
    let got = "";
    const expected = a.password ? 2 : 1; // +OK to AUTH, then +PONG
    socket.on("data", (d) => {
      got += d.toString("latin1");
      const lines = got.split("\r\n").filter(Boolean);
      const refused = lines.find((l) => l.startsWith("-"));
      if (refused) return fail(refused.slice(1));
      if (lines.length >= expected && got.endsWith("\r\n")) {
        socket.end();
        if (lines.at(-1) === "+PONG") resolve();
        else fail(`unexpected answer ${JSON.stringify(lines.at(-1)!.slice(0, 40))} (is it Redis?)`);
      }
    });
    socket.once("connect", () => {
      const cmd = (...args: string[]) => `*${args.length}\r\n${args.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join("")}`;
      socket.write((a.password ? cmd("AUTH", a.password) : "") + cmd("PING"));
    });
  });
}

export interface JobOptions {
  /** tries of a job that fails (an exception in the task, not a worker that died) */
  attempts?: number;
}

/** The side that has the work: adds tasks as jobs, resolves each with its result. */
export class TaskQueue {
  private readonly run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  private next = 0;
  private readonly pending = new Set<string>();

  private constructor(private readonly queue: Queue, private readonly events: QueueEvents, readonly address: QueueAddress,
    private readonly attempts: number) {}

  static async open(url: string, opts: JobOptions = {}): Promise<TaskQueue> {
    const a = parseQueueUrl(url);
    await ping(a);
    const queue = new Queue(QUEUE_NAME, { connection: connection(a) });
    queue.on("error", () => {}); // reported through the calls that fail
    const events = new QueueEvents(QUEUE_NAME, { connection: connection(a) });
    events.on("error", () => {});
    // every task in flight listens for its end
    queue.setMaxListeners(0);
    events.setMaxListeners(0);
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    } catch (e) {
      // drop the connections at once (close would wait for their reconnection attempts)
      await Promise.allSettled([queue.disconnect(), events.disconnect()]);
      throw e;
    }
    return new TaskQueue(queue, events, a, opts.attempts ?? 3);
  }

  /** Runs a task on some worker: its result, once (a retried job's first success). */
  async runTask<T>(kind: string, task: unknown): Promise<T> {
    const id = `${this.run}-${this.next++}`;
    this.pending.add(id);
    try {
      const job = await this.queue.add(kind, task, { jobId: id, attempts: this.attempts, backoff: { type: "fixed", delay: 1000 },
        removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } });
      try {
        return (await job.waitUntilFinished(this.events)) as T;
      } catch (e) {
        throw new ArbiterError(`a ${kind} task failed on the queue's workers ${this.attempts} times: ${(e as Error).message}`);
      }
    } finally {
      this.pending.delete(id);
    }
  }

  /** Takes back the jobs no worker has started (after Ctrl-C), and closes the connections. */
  async close(): Promise<void> {
    for (const id of this.pending) {
      try {
        const job = await this.queue.getJob(id);
        if (job && (await job.getState()) === "waiting") await job.remove();
      } catch {
        // a job a worker took meanwhile is left to finish
      }
    }
    await Promise.allSettled([this.events.close(), this.queue.close()]);
  }
}

export interface ServeOptions {
  /** jobs run at once */
  concurrency: number;
  /** a job whose worker stops renewing its lock (a dead process) is taken again after about this long */
  lockSeconds: number;
  /** told of each job as it starts and ends */
  onJob?: (event: "start" | "done" | "failed", job: Job, error?: Error) => void;
}

/** The worker side: takes jobs and runs `handle(kind, task)` until `stop` is called. */
export async function serveTasks(url: string, handle: (kind: string, task: unknown) => Promise<unknown>, opts: ServeOptions):
  Promise<{ stop: (force?: boolean) => Promise<void>; closed: Promise<void>; address: QueueAddress }> {
  const a = parseQueueUrl(url);
  await ping(a);
  const lockDuration = Math.round(opts.lockSeconds * 1000);
  const worker = new Worker(QUEUE_NAME, async (job: Job) => {
    opts.onJob?.("start", job);
    return handle(job.name, job.data);
  }, {
    connection: connection(a), concurrency: opts.concurrency, lockDuration,
    // the check for jobs whose worker died runs this often, in every live worker
    stalledInterval: Math.max(1000, Math.round(lockDuration / 2)), maxStalledCount: 5,
  });
  worker.on("completed", (job) => opts.onJob?.("done", job));
  worker.on("failed", (job, err) => { if (job) opts.onJob?.("failed", job, err); });
  worker.on("error", () => {}); // connection trouble: ioredis reconnects
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => { resolveClosed = r; });
  await worker.waitUntilReady();
  return {
    address: a,
    closed,
    stop: async (force = false) => {
      await worker.close(force);
      resolveClosed();
    },
  };
}
