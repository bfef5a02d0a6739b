// A team: a proof with more than one thread, all running df-pn over one table.
//
// The leader (a worker thread) asks the question exactly as a single thread does (prove.ts:
// df-pn, the proof check, the ko status's steps). Each time one of its searches runs df-pn from
// the root, the helpers (more worker threads) run the same df-pn beside it, from the same root,
// writing the leader's table: the table lives in WebAssembly memory that all the team's cores
// share (each core is built for its own place in it: src/core/wasm.ts loadTeamCore). Threads
// spread over different subtrees by a virtual loss on the positions on another thread's line,
// and each reads what the others proved (assembly/search.ts, "a team"). The run ends when the
// leader's df-pn returns, or when a helper proves the root first (then the leader stops and
// reads the root's proof from the table). The verdict rests on the leader's proof check, as
// with one thread: the table only guides it.
//
// Control words (Int32Array over shared memory): STOP, the last run stopped; RUNNING, helpers
// still in the current run; SOLVED, a run whose root a helper proved; CANCEL, the request's
// cancel (Ctrl-C, the HTTP client gone).
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { builtFile } from "../core/built.js";
import { ArbiterError } from "../errors.js";
import { TEAM_MEMORY, TEAM_PLACES } from "../core/wasm.js";
import type { Color } from "../core/codes.js";
import type { ProveRequest, ProveResult } from "./prove.js";
import { UNKNOWN, type ProblemSpec, type Search, type TeamLink, type TeamPlace } from "./search.js";

export const STOP = 0, RUNNING = 1, SOLVED = 2, CANCEL = 3;

/** What a helper is asked per run. */
export interface HelperJob {
  id: number;
  /** the leader's search this run belongs to: a helper keeps its mirror between runs of one */
  searchId: number;
  spec: ProblemSpec;
  toMove: Color;
  mobility: boolean;
  filling: boolean;
  place: TeamPlace;
  counters: number;
  /** Date.now() based: threads have their own performance clocks */
  deadline: number;
  /** the helper's share of the nodes and positions left (Search.teamShare) */
  nodes: number;
  positions: number;
}

/** The leader's side of the runs: joined to the leader thread's searches (search.ts joinTeam). */
export class Leader implements TeamLink {
  private runs = 0;
  /** the run under way, 0 between runs */
  private current = 0;
  private readonly ids = new WeakMap<Search, number>();
  private searches = 0;

  constructor(private readonly ports: { postMessage(job: HelperJob): void }[], private readonly ctrl: Int32Array,
    /** each helper's nodes, then each one's positions, in the last run */
    private readonly helperWork: Float64Array, private readonly counters: number) {}

  get threads(): number {
    return this.ports.length + 1;
  }

  /** Whether a helper proved the current run's root (the leader's search stops then). */
  solvedNow(): boolean {
    return this.current !== 0 && Atomics.load(this.ctrl, SOLVED) === this.current;
  }

  dfpn(search: Search, toMove: Color): number {
    if (this.ports.length === 0 || search.timeLeft <= 0) return search.dfpnHere(toMove);
    const id = ++this.runs;
    let searchId = this.ids.get(search);
    if (searchId === undefined) this.ids.set(search, (searchId = ++this.searches));
    Atomics.store(this.ctrl, RUNNING, this.ports.length);
    this.helperWork.fill(0);
    // (each thread's share of the budget: the core counts its own thread's work)
    const share = search.teamShare(this.threads);
    const job: HelperJob = { id, searchId, spec: search.spec, toMove, mobility: search.mobility, filling: search.filling,
      place: search.place(), counters: this.counters, deadline: Date.now() + search.timeLeft,
      nodes: share.nodes, positions: share.positions };
    for (const p of this.ports) p.postMessage(job);
    this.current = id;
    let v: number;
    try {
      v = search.dfpnHere(toMove);
    } finally {
      // every helper has left the run before the leader's search goes on (the next search may
      // start a new table generation)
      Atomics.store(this.ctrl, STOP, id);
      for (let r = Atomics.load(this.ctrl, RUNNING); r !== 0; r = Atomics.load(this.ctrl, RUNNING)) Atomics.wait(this.ctrl, RUNNING, r, 100);
      this.current = 0;
    }
    let helped = 0, helpedPositions = 0;
    for (let k = 0; k < TEAM_PLACES; k++) {
      helped += this.helperWork[k];
      helpedPositions += this.helperWork[TEAM_PLACES + k];
    }
    search.teamNodes += helped;
    share.undo(helped, helpedPositions);
    // stopped because a helper proved the root: the budget is open again, the root's proof is read
    if (Atomics.load(this.ctrl, SOLVED) === id) {
      search.reopen();
      if (v === UNKNOWN) v = search.dfpnHere(toMove);
    }
    return v;
  }
}

/** A pool of team threads: one leader and `size - 1` helpers (at most TEAM_PLACES threads). */
export class Team {
  readonly size: number;
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(16));
  private readonly leader: Worker;
  private readonly helpers: Worker[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private failed?: Error;

  constructor(threads: number) {
    this.size = Math.max(1, Math.min(threads, TEAM_PLACES));
    const memory = new WebAssembly.Memory({ ...TEAM_MEMORY, shared: true });
    const helperWork = new Float64Array(new SharedArrayBuffer(2 * 8 * TEAM_PLACES));
    const file = builtFile(import.meta.url, "team-worker.js");
    const ports: MessagePort[] = [];
    for (let place = 1; place < this.size; place++) {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      const w = new Worker(file, { workerData: { role: "helper", place, memory, ctrl: this.ctrl, helperWork, port: port2 }, transferList: [port2] });
      w.unref();
      w.on("error", (e) => { this.failed = e; });
      this.helpers.push(w);
    }
    this.leader = new Worker(file, { workerData: { role: "leader", place: 0, memory, ctrl: this.ctrl, helperWork, ports }, transferList: ports });
    this.leader.unref();
  }

  /** One question and its ko status (prove.ts askWithKo), asked by the team. */
  ask(req: ProveRequest, toMove: Color, wantProof = false, signal?: AbortSignal): Promise<AskResult> {
    return this.send({ kind: "ask", req: plain(req), toMove, wantProof }, signal) as Promise<AskResult>;
  }

  /** prove(), by the team. */
  prove(req: ProveRequest, wantProof = false, signal?: AbortSignal): Promise<ProveResult> {
    return this.send({ kind: "prove", req: plain(req), wantProof }, signal) as Promise<ProveResult>;
  }

  /** Stops the threads. */
  async close(): Promise<void> {
    await Promise.all([this.leader, ...this.helpers].map((w) => w.terminate()));
  }

  /** Requests one at a time: the leader's core holds one search. */
  private send(msg: LeaderRequest, signal?: AbortSignal): Promise<unknown> {
    const run = this.queue.then(() => this.one(msg, signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private one(msg: LeaderRequest, signal?: AbortSignal): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    Atomics.store(this.ctrl, CANCEL, 0);
    const onAbort = () => Atomics.store(this.ctrl, CANCEL, 1);
    signal?.addEventListener("abort", onAbort);
    if (signal?.aborted) onAbort();
    const w = this.leader;
    w.ref();
    return new Promise<unknown>((resolve, reject) => {
      const done = () => {
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        signal?.removeEventListener("abort", onAbort);
        w.unref();
      };
      const onMessage = (m: { result?: unknown; error?: string; bad?: boolean }) => {
        done();
        if (m.error !== undefined) reject(m.bad ? new ArbiterError(m.error) : new Error(m.error));
        else resolve(m.result);
      };
      const onError = (e: Error) => { done(); this.failed = e; reject(e); };
      const onExit = (code: number) => { done(); this.failed = new Error(`the team's leader thread exited (${code})`); reject(this.failed); };
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      w.postMessage(msg);
    });
  }
}

export type AskResult = ReturnType<typeof import("./prove.js").askWithKo>;

export type LeaderRequest =
  | { kind: "ask"; req: Omit<ProveRequest, "cancelled">; toMove: Color; wantProof: boolean }
  | { kind: "prove"; req: Omit<ProveRequest, "cancelled">; wantProof: boolean };

/** A request without its cancel function (threads get the CANCEL word instead). */
function plain(req: ProveRequest): Omit<ProveRequest, "cancelled"> {
  const { cancelled: _c, ...rest } = req;
  return rest;
}
