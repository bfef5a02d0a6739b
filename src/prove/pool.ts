// Parallel prove-by-capture: each question's root moves are tasks for a piscina pool (coarse
// tasks, one wasm instance and table per worker). The verdict is exact, so it is the same for
// any worker count; the main line is the first winning root move in the fixed move order.
import { Piscina } from "piscina";
import { builtFile } from "../core/built.js";
import { other, type Color } from "../core/codes.js";
import { Search, WIN, LOSS, UNKNOWN } from "./search.js";
import { finish, mainLine, problemFrom, type ProofNode, type ProveRequest, type ProveResult, type Question } from "./prove.js";
import type { RootResult, RootTask } from "./worker.js";

const workerFile = (): string => builtFile(import.meta.url, "worker.js");

/** One question in parallel: with `toMove` to play, can the attacker capture the targets? */
export async function askParallel(req: ProveRequest, toMove: Color, workers: number, signal?: AbortSignal): Promise<Question & { complete: boolean }> {
  const r = await proveParallel(req, workers, signal, false, toMove);
  const q = toMove === r.defender ? r.defenderFirst : r.attackerFirst;
  return { ...q, complete: q.captured !== null };
}

export async function proveParallel(req: ProveRequest, workers: number, signal?: AbortSignal, wantProof = false,
  only?: Color): Promise<ProveResult> {
  const t0 = performance.now();
  const spec = problemFrom(req);
  const pool = new Piscina({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
  const cancels: Int32Array[] = [];
  const onAbort = () => cancels.forEach((c) => Atomics.store(c, 0, 1));
  signal?.addEventListener("abort", onAbort);
  const deadline = Date.now() + req.timeMs;
  const { cancelled: _c, ...plain } = req;
  let voidMet = false;
  let complete = true;
  try {
    const question = async (toMove: Color, share: number): Promise<Question> => {
      // the root moves, in the search's own order (the same for every worker count)
      const probe = new Search(spec, toMove, { maxNodes: 1, deadline: Infinity });
      const moves = probe.moves(toMove, undefined);
      const attackerMoves = toMove === other(spec.defender);
      const mine = attackerMoves ? WIN : LOSS;
      // set when the question is decided (or on abort): the remaining tasks stop
      const qCancel = new Int32Array(new SharedArrayBuffer(4));
      cancels.push(qCancel);
      if (signal?.aborted) Atomics.store(qCancel, 0, 1);
      const results: (RootResult | null)[] = moves.map(() => null);
      let decided = false;
      const tasks = moves.map((move, k) => {
        const task: RootTask = { request: { ...plain, board: spec.board }, toMove, move, deadline,
          maxNodes: Math.max(1000, Math.floor((req.maxNodes * share) / moves.length)), cancel: qCancel };
        return (pool.run(task) as Promise<RootResult>).then((r) => {
          results[k] = r;
          // decided once the first winning move in order is known and all before it are resolved
          const firstWin = results.findIndex((x) => x?.legal && x.value === mine);
          if (firstWin >= 0 && results.slice(0, firstWin).every((x) => x !== null)) decided = true;
          if (decided) Atomics.store(qCancel, 0, 1);
        });
      });
      await Promise.all(tasks);
      const legal = results.filter((r): r is RootResult => r !== null && r.legal);
      const nodes = results.reduce((n, r) => n + (r?.nodes ?? 0), 0);
      voidMet ||= legal.some((r) => r.voidMet);
      const win = legal.find((r) => r.value === mine);
      let captured: boolean | null;
      let root: ProofNode = { move: -1, color: other(toMove), children: [] };
      if (win) {
        captured = attackerMoves;
        if (win.proof) root.children.push(win.proof);
      } else if (legal.every((r) => r.value === -mine)) {
        captured = !attackerMoves;
        root.children = legal.map((r) => r.proof!).filter(Boolean);
      } else {
        captured = null;
        complete = false;
      }
      if (legal.some((r) => r.budgetOut) && captured === null) complete = false;
      const line = captured === null ? [] : mainLine(root, spec);
      return { captured, line, nodes, proof: wantProof && captured !== null ? root : undefined };
    };
    const skipped: Question = { captured: null, line: [], nodes: 0 };
    const a = only === undefined || only !== spec.defender ? await question(other(spec.defender), only ? 1 : 0.5) : skipped;
    const d = only === undefined || only === spec.defender ? await question(spec.defender, only ? 1 : 0.5) : skipped;
    return finish(req, spec, t0, a, d, voidMet, complete);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await pool.destroy();
  }
}

export { UNKNOWN };
