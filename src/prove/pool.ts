// Parallel prove-by-capture over a work-stealing frontier. A question starts as itself (the
// single-thread search with its ko status, on one worker: see `raced`) and its root moves, one
// task each (coarse tasks; each worker keeps its wasm core and its tables per question). When a
// worker would idle, the longest-running unsplit line is split: its replies
// become tasks of their own while the line itself keeps running, and whichever settles the line
// first cancels the rest. Values are combined up the tree exactly (a winning reply decides a
// node, all replies losing decide it the other way), so the verdict is the same for any worker
// count; a proof is assembled from the tasks' verified proofs.
import { Piscina } from "piscina";
import { esmWorker } from "../core/built.js";
import { other, type Color } from "../core/codes.js";
import { Search, SharedProofs, WIN, LOSS, UNKNOWN, type Move } from "./search.js";
import { askBarred, barredRegion, fromBarred, finish, koSteps, koTimeFor, mainLine, problemFrom, type KoStatus, type ProofNode, type ProveRequest, type ProveResult, type Question } from "./prove.js";
import type { ProblemSpec } from "./search.js";
import type { LineResult, LineTask, WholeResult } from "./worker.js";

/** Lines are split no deeper than this (a split's replies are tasks one move longer). */
const MAX_SPLIT_DEPTH = 12;

/** A line from a question's root: a node of the frontier tree. */
interface LineNode {
  line: Move[];
  /** the player to move after the line */
  toMove: Color;
  parent: LineNode | null;
  children: LineNode[] | null;
  /** attacker's view, once settled */
  value: number;
  proof?: ProofNode;
  /** set to 1 when the line is settled: stops its task and every task below it */
  cancel: Int32Array;
  running: boolean;
  startedAt: number;
  /** the settled proof below met a move of the loser refused by a ko or repetition rule */
  koRefused?: boolean;
  /** a move at this node was refused by a ko or repetition rule (found when it was split) */
  splitRefused?: boolean;
}

const flag = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

/** A pool of prove workers that a caller with many proofs keeps (and destroys) itself. */
export function provePool(workers: number): Piscina {
  return new Piscina({ ...esmWorker(import.meta.url, "worker.js"), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
}

/** One question in parallel: with `toMove` to play, can the attacker capture the targets? */
export async function askParallel(req: ProveRequest, toMove: Color, workers: number, signal?: AbortSignal,
  pool?: Piscina): Promise<Question & { complete: boolean }> {
  const r = await proveParallel(req, workers, signal, false, toMove, pool);
  const q = toMove === r.defender ? r.defenderFirst : r.attackerFirst;
  return { ...q, complete: q.captured !== null };
}

export async function proveParallel(req: ProveRequest, workers: number, signal?: AbortSignal, wantProof = false,
  only?: Color, shared?: Piscina): Promise<ProveResult> {
  const t0 = performance.now();
  const spec = problemFrom(req);
  const pool = shared ?? provePool(workers);
  const stopAll = flag();
  const onAbort = () => Atomics.store(stopAll, 0, 1);
  signal?.addEventListener("abort", onAbort);
  if (signal?.aborted) onAbort();
  try {
    const frontier = new Frontier(req, spec, pool, workers, stopAll, wantProof);
    // one question when one is asked (`only`, or the request's own), else both
    const asked = only ?? (req.question === "attacker" ? other(spec.defender) : req.question === "defender" ? spec.defender : undefined);
    const questions: Color[] = asked !== undefined ? [asked] : [other(spec.defender), spec.defender];
    const given = spec.threats ?? { B: 0, W: 0 };
    // one question at a time (a thread's core holds one search): the first gets half the time
    // when both are asked, as in prove(); the second the rest
    const byColor = new Map<Color, Question>();
    let voidMet = false, complete = true;
    // With two workers or more, one worker asks the whole question as a single thread does: the
    // answer, then its ko status, whose steps read the answer's tables (only that worker holds
    // them; the frontier's ko steps, unguided, had made two workers 0.64x one on the public
    // problems). The frontier works beside it on the answer with the other workers. The first
    // answer found stands; the ko status is the whole task's, unless the answer needs none (its
    // proof met no refused move of the loser). On the 104 public problems two workers took
    // 0.80-1.00x one worker's time in four back-to-back pairs (0.64x before), the same answers
    // and ko statuses.
    const raced = async (sp: typeof spec, on: Frontier, c: Color, deadline: number) => {
      const stopWhole = flag();
      const whole = on.runWhole(c, deadline, [stopAll, stopWhole]);
      const fromFrontier = on.answer(c, deadline);
      const first = await Promise.race([whole.then((w) => ({ w, f: undefined })), fromFrontier.then((f) => ({ f, w: undefined }))]);
      if (first.w) {
        if (first.w.captured !== null) on.stop();
      } else if (first.f.captured !== null && !first.f.koRefused) {
        Atomics.store(stopWhole, 0, 1);
      }
      const [w, f] = await Promise.all([whole, fromFrontier]);
      voidMet ||= on.voidMet || w.voidMet;
      const nodes = f.nodes + w.nodes, positions = (f.positions ?? 0) + w.positions;
      if (w.captured !== null) return { captured: w.captured, line: w.line, proof: w.proof, nodes, positions, ko: w.ko };
      const { koRefused: _k, ...plain } = f;
      const ko: KoStatus = f.captured === null ? { status: "unknown", winner: null, threats: 0, upTo: null, given }
        : koSteps(f, sp.defender, given).next(f).value as KoStatus;
      return { ...plain, nodes, positions, ko };
    };
    // one question and its ko status, on a frontier for `r` (the request) and `sp` (its spec)
    const answerWithKo = async (r: ProveRequest, sp: typeof spec, on: Frontier, c: Color, deadline: number) => {
      if (workers >= 2) return raced(sp, on, c, deadline);
      const started = Date.now();
      const first = await on.answer(c, deadline);
      const koDeadline = Math.min(deadline, Date.now() + koTimeFor(Date.now() - started, deadline - started));
      // the ko status: the same question again with outside threats, where the proof met a ko
      const steps = koSteps(first, sp.defender, given);
      let step = steps.next(first);
      let nodes = first.nodes, positions = first.positions ?? 0;
      while (!step.done) {
        const more = new Frontier({ ...r, threats: step.value.threats }, { ...sp, threats: step.value.threats }, pool, workers, stopAll, false);
        const q = await more.answer(c, koDeadline);
        nodes += q.nodes; positions += q.positions ?? 0; voidMet ||= more.voidMet;
        step = steps.next(q);
      }
      voidMet ||= on.voidMet;
      const { koRefused: _k, ...plain } = first;
      return { ...plain, nodes, positions, ko: step.value };
    };
    for (const [i, c] of questions.entries()) {
      const deadline = i === 0 && questions.length === 2 ? Date.now() + req.timeMs / 2 : Date.now() + req.timeMs;
      let q: Question = await answerWithKo(req, spec, frontier, c, deadline);
      if (askBarred(q, spec.region)) {
        // open ground, as in askWithKo (the pool's answers do not say whether they escaped)
        const barred = { ...req, exitsBarred: true };
        const bSpec = { ...spec, region: barredRegion(spec.region) };
        q = fromBarred(q, await answerWithKo(barred, bSpec, new Frontier(barred, bSpec, pool, workers, stopAll, wantProof), c, deadline), given);
      }
      byColor.set(c, q);
      complete &&= q.captured !== null;
    }
    const skipped: Question = { captured: null, line: [], nodes: 0 };
    const a = byColor.get(other(spec.defender)) ?? skipped;
    const d = byColor.get(spec.defender) ?? skipped;
    return finish(req, spec, t0, a, d, voidMet, complete);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!shared) await pool.destroy();
  }
}

class Frontier {
  nodes = 0;
  positions = 0;
  voidMet = false;
  private queue: LineNode[] = [];
  private running = 0;
  /** the question being worked on (one at a time) and its key for the workers' kept searches */
  private current!: { node: LineNode; key: string };
  private readonly nodesUsed = new BigInt64Array(new SharedArrayBuffer(8));
  private readonly end: number;
  private deadline: number;
  private readonly request: LineTask["request"];
  private wake: (() => void) | null = null;
  private failure: Error | undefined;
  /** proven positions, published and read by every worker (search.ts, SharedProofs) */
  private readonly shared = new SharedProofs();
  private readonly problemKey = Math.random().toString(36).slice(2);

  constructor(private req: ProveRequest, private spec: ProblemSpec, private pool: Piscina, private workers: number,
    private stopAll: Int32Array, private wantProof: boolean) {
    this.end = Date.now() + req.timeMs;
    this.deadline = this.end;
    const { cancelled: _c, ...plain } = req;
    this.request = { ...plain, board: spec.board };
  }

  /** Workers held by a whole-question task beside the frontier (runWhole): the frontier runs
   *  on the others, without a task of its own for the whole question. */
  private reserved = 0;

  /** Runs the whole question as one task (LineTask.whole) on one worker; the frontier keeps the
   *  other workers. */
  runWhole(toMove: Color, deadline: number, cancel: Int32Array[]): Promise<WholeResult> {
    this.reserved = 1;
    const task: LineTask = { key: `${this.problemKey}:whole`, request: this.request, toMove, line: [], wantProof: this.wantProof,
      shared: this.shared.words, deadline: Math.min(deadline, this.end), maxNodes: this.req.maxNodes, nodesUsed: this.nodesUsed, cancel, whole: true };
    const none: WholeResult = { captured: null, line: [], nodes: 0, positions: 0, voidMet: false };
    return (this.pool.run(task) as Promise<WholeResult>).then((r) => {
      this.reserved = 0;
      this.wake?.();
      return r;
    }, (e: unknown) => {
      this.reserved = 0;
      this.failure ??= e instanceof Error ? e : new Error(String(e));
      Atomics.store(this.stopAll, 0, 1);
      this.wake?.();
      return none;
    });
  }

  /** Stops the current question's tasks (its answer was found elsewhere). */
  stop(): void {
    Atomics.store(this.current.node.cancel, 0, 1);
    this.wake?.();
  }

  /** Runs one question until `deadline`: its answer, with the proof's main line. */
  async answer(toMove: Color, deadline: number): Promise<Question & { koRefused: boolean }> {
    const nodes = this.nodes, positions = this.positions;
    const root = this.addQuestion(toMove);
    await this.run(deadline);
    // run() returns once the question's tasks have all returned
    return { captured: root.value === UNKNOWN ? null : root.value === WIN, line: root.proof ? mainLine(root.proof, this.spec) : [],
      nodes: this.nodes - nodes, positions: this.positions - positions,
      proof: this.wantProof && root.proof ? root.proof : undefined, koRefused: !!root.koRefused };
  }

  /** A question's root: its moves become the first tasks, in the search's own order. */
  private addQuestion(toMove: Color): LineNode {
    const root: LineNode = { line: [], toMove, parent: null, children: null, value: UNKNOWN, cancel: flag(),
      running: false, startedAt: 0 };
    this.current = { node: root, key: `${this.problemKey}:${toMove}` };
    this.split(root);
    // the whole question is a task too, first in line: one worker runs the same df-pn as a
    // single thread would, the others settle root moves (and split lines) beside it
    if (root.value === UNKNOWN && this.reserved === 0) this.queue.unshift(root);
    return root;
  }

  private stopped(): boolean {
    return Atomics.load(this.stopAll, 0) === 1 || Date.now() > this.deadline || Number(this.nodesUsed[0]) >= this.req.maxNodes
      || (this.req.cancelled?.() ?? false);
  }

  /** Runs the newest question until it is settled, or its time or the budget runs out, or
   *  nothing is left to run. */
  async run(deadline: number): Promise<void> {
    this.deadline = Math.min(deadline, this.end);
    const root = this.current.node;
    // workers see shared flags only: the question's time, the budget or a caller's cancel
    // reach them through the root's flag (every task of the question carries it)
    const stop = () => {
      if (this.stopped()) Atomics.store(root.cancel, 0, 1);
    };
    const watch = setInterval(stop, 50);
    try {
      while (true) {
        stop();
        const open = root.value === UNKNOWN && Atomics.load(root.cancel, 0) === 0;
        while (open && this.running < this.workers - this.reserved) {
          const next = this.nextTask() ?? (this.splitOne() ? this.nextTask() : undefined);
          if (!next) break;
          this.dispatch(next);
        }
        if (this.running === 0) break;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      clearInterval(watch);
      this.queue = [];
    }
    if (this.failure) throw this.failure;
  }

  private nextTask(): LineNode | undefined {
    while (this.queue.length) {
      const n = this.queue.shift()!;
      if (!this.settledAbove(n)) return n;
    }
    return undefined;
  }

  /** The line or one of its ancestors is settled: nothing to run for it. */
  private settledAbove(n: LineNode | null): boolean {
    for (; n; n = n.parent) if (n.value !== UNKNOWN) return true;
    return false;
  }

  private flagsOf(n: LineNode): Int32Array[] {
    const out = [this.stopAll];
    for (let m: LineNode | null = n; m; m = m.parent) out.push(m.cancel);
    return out;
  }

  private dispatch(n: LineNode): void {
    const { key, node: root } = this.current;
    const task: LineTask = { key, request: this.request, toMove: root.toMove, line: n.line, wantProof: this.wantProof,
      shared: this.shared.words,
      deadline: this.deadline, maxNodes: this.req.maxNodes, nodesUsed: this.nodesUsed, cancel: this.flagsOf(n) };
    n.running = true;
    n.startedAt = performance.now();
    this.running++;
    const done = (r: LineResult | null) => {
      n.running = false;
      this.running--;
      if (r) {
        this.nodes += r.nodes;
        this.positions += r.positions;
        this.voidMet ||= r.voidMet;
        if (r.legal && r.value !== UNKNOWN && n.value === UNKNOWN) this.settle(n, r.value, r.proof, r.koRefused);
      }
      this.wake?.();
    };
    (this.pool.run(task) as Promise<LineResult>).then(done, (e: unknown) => {
      // a worker that fails stops the proof; the error is the caller's to see
      this.failure ??= e instanceof Error ? e : new Error(String(e));
      Atomics.store(this.stopAll, 0, 1);
      done(null);
    });
  }

  /** Splits the longest-running unsplit line: its replies become tasks. */
  private splitOne(): boolean {
    let pick: LineNode | undefined;
    const visit = (n: LineNode) => {
      if (n.value !== UNKNOWN) return;
      if (n.running && n.children === null && n.line.length < MAX_SPLIT_DEPTH && (!pick || n.startedAt < pick.startedAt)) pick = n;
      for (const c of n.children ?? []) visit(c);
    };
    visit(this.current.node);
    if (!pick) return false;
    this.split(pick);
    return true;
  }

  /** Lists the legal replies after `n`'s line; replies that end play settle at once. */
  private split(n: LineNode): void {
    const rootToMove = this.current.node.toMove;
    // a search of the main thread's own, without tables, thrown away after: it only lists the
    // legal replies after the line
    const search = new Search(this.spec, rootToMove, { maxNodes: Infinity, deadline: Infinity });
    if (!search.playLine(n.line, rootToMove)) throw new Error("a frontier line became illegal"); // each was checked
    const depth = n.line.length;
    const children: LineNode[] = [];
    for (const mv of search.moves(n.toMove, undefined)) {
      const a = search.apply(mv, n.toMove, depth);
      if (!a.ok) {
        if (a.repetition) n.splitRefused = true;
        continue;
      }
      search.undo(depth);
      const child: LineNode = { line: [...n.line, mv], toMove: other(n.toMove), parent: n, children: null,
        value: UNKNOWN, cancel: flag(), running: false, startedAt: 0 };
      if (a.terminal !== undefined) {
        child.value = a.terminal;
        child.proof = { move: mv, color: n.toMove, children: [], end: a.why };
        if (a.why === "void") this.voidMet = true;
      }
      children.push(child);
    }
    n.children = children;
    // replies first in line: a split's tasks run before older queued work
    this.queue.unshift(...children.filter((c) => c.value === UNKNOWN));
    this.combine(n);
  }

  private settle(n: LineNode, value: number, proof: ProofNode | undefined, koRefused: boolean): void {
    n.value = value;
    n.proof = proof;
    n.koRefused = koRefused;
    Atomics.store(n.cancel, 0, 1);
    if (n.parent) this.combine(n.parent);
  }

  /** A node is settled by a reply that wins for its mover, or by every reply losing. */
  private combine(n: LineNode): void {
    if (n.value !== UNKNOWN || !n.children) return;
    const mine = n.toMove === this.spec.defender ? LOSS : WIN;
    const ownNode = (kids: LineNode[]): ProofNode => n.parent === null
      ? { move: -1, color: other(n.toMove), children: kids.map((k) => k.proof!) }
      : { move: n.line[n.line.length - 1], color: other(n.toMove), children: kids.map((k) => k.proof!) };
    // the first winning reply in move order, so that a proof reads the same way each time
    const win = n.children.find((c) => c.value === mine);
    // (the ko refusals that count are the loser's: below the winning reply, or at this node and
    // below every reply when the mover here loses)
    if (win) this.settle(n, mine, ownNode([win]), !!win.koRefused);
    else if (n.children.every((c) => c.value === -mine)) this.settle(n, -mine, ownNode(n.children), !!n.splitRefused || n.children.some((c) => c.koRefused));
  }
}
