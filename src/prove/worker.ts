// A piscina worker: one wasm core per thread, and one search (with its tables) kept per question
// between tasks. A task is one line from the question's root: the position after it is searched
// to an exact value and its proof tree, replayed with the line's full history.
import { other, type Color } from "../core/codes.js";
import { ruleSetFrom, type RuleSet } from "../rules/ruleset.js";
import { problemFrom, proofMemo, proveNode, type ProofNode, type ProveRequest } from "./prove.js";
import { Search, SharedProofs, WIN, LOSS, UNKNOWN, PASS, type Move } from "./search.js";

export interface LineTask {
  /** names the problem and question: tasks with the same key share this worker's tables */
  key: string;
  request: Omit<ProveRequest, "cancelled" | "rules"> & { rules: RuleSet };
  /** who moves at the root of this question */
  toMove: Color;
  /** the moves from the question's root, the players alternating from `toMove` */
  line: Move[];
  /** the proof will be exported: a plain tree (otherwise transpositions are shared) */
  wantProof: boolean;
  /** the proof's table of proven positions, shared by all workers (SharedProofs words) */
  shared: Int32Array;
  deadline: number; // Date.now() based: workers have their own performance clocks
  /** the node budget of the whole proof, shared by every task through `nodesUsed` */
  maxNodes: number;
  nodesUsed: BigInt64Array;
  /** shared flags: the task stops when any element 0 becomes 1 (its question, its line's
   *  ancestors once they are decided, itself) */
  cancel: Int32Array[];
}

export interface LineResult {
  legal: boolean;
  /** attacker's view: 1 captured, -1 not, 0 unknown */
  value: number;
  nodes: number;
  positions: number;
  /** the proof below the line's last move, as a node for that move */
  proof?: ProofNode;
  voidMet: boolean;
  budgetOut: boolean;
}

/** The search of the question this worker last worked on (a thread's core holds one search). */
const kept = new Map<string, Search>();
const KEEP = 1;

function searchFor(task: LineTask): Search {
  const old = kept.get(task.key);
  if (old) return old;
  const req = { ...task.request, board: Uint8Array.from(task.request.board), rules: ruleSetFrom({ ...task.request.rules }) };
  const spec = problemFrom({ ...req, cancelled: undefined });
  const search = new Search(spec, task.toMove, { maxNodes: 0, deadline: 0 });
  if (kept.size >= KEEP) kept.delete(kept.keys().next().value as string);
  kept.set(task.key, search);
  search.share(new SharedProofs(task.shared));
  return search;
}

export default function searchLine(task: LineTask): LineResult {
  const search = searchFor(task);
  const spec = search.spec;
  const offset = Date.now() - performance.now();
  let reported = 0;
  // report nodes to the shared count as the search goes; stop when the whole proof's budget is spent
  const report = (): bigint => {
    const d = BigInt(search.nodes - reported);
    reported = search.nodes;
    return Atomics.add(task.nodesUsed, 0, d) + d;
  };
  search.rebudget({
    maxNodes: Infinity,
    deadline: task.deadline - offset,
    cancelled: () => Number(report()) >= task.maxNodes || task.cancel.some((f) => Atomics.load(f, 0) === 1),
  });
  const last = search.playLine(task.line, task.toMove);
  if (!last) return { legal: false, value: UNKNOWN, nodes: 1, positions: task.line.length, voidMet: false, budgetOut: false };
  try {
    const depth = task.line.length;
    // who made the line's last move (at the question's root: the player before `toMove`)
    const mover = depth % 2 === 1 ? task.toMove : other(task.toMove);
    const node: ProofNode = { move: depth === 0 ? PASS : task.line[depth - 1], color: mover, children: [] };
    let value: number;
    if (last.terminal !== undefined) {
      value = last.terminal;
      node.end = last.why;
    } else {
      // as in ask(): df-pn, its result verified by replay; iterative deepening if that fails
      const verify = (v: number): boolean => {
        if (v === UNKNOWN) return false;
        node.children = [];
        const winner: Color = v === WIN ? other(spec.defender) : spec.defender;
        return proveNode(search, other(mover), depth, winner, node, { memo: task.wantProof ? undefined : proofMemo() }) === true;
      };
      value = search.dfpn(other(mover), depth);
      if (!verify(value) && !search.budgetOut) value = search.solve(other(mover), depth);
      if (value !== UNKNOWN && (node.children.length === 0 || search.budgetOut) && !verify(value)) value = UNKNOWN;
    }
    report();
    return { legal: true, value, nodes: search.nodes, positions: search.positions, proof: value === UNKNOWN ? undefined : node,
      voidMet: search.sawVoid || last.why === "void", budgetOut: search.budgetOut };
  } finally {
    search.unplayLine(task.line, task.toMove);
  }
}

export { WIN, LOSS };
