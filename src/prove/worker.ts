// A piscina worker: one wasm core per thread, and one search (with its tables) kept per question
// between tasks. A task is one line from the question's root: the position after it is searched
// to an exact value and its proof tree, replayed with the line's full history. Or a task is the
// whole question, asked as a single thread asks it, with its ko status (LineTask.whole).
import { other, type Color } from "../core/codes.js";
import { ruleSetFrom, type RuleSet } from "../ruleset/ruleset.js";
import { askWithKoIn, problemFrom, settle, type KoStatus, type ProofNode, type ProveRequest } from "./prove.js";
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
  /** the whole question, as a single thread asks it: its answer and then its ko status (the
   *  steps guided by the answer's tables, which only this worker holds); `line` is empty */
  whole?: boolean;
}

/** A whole question's answer and ko status (LineTask.whole). */
export interface WholeResult {
  captured: boolean | null;
  line: string[];
  nodes: number;
  positions: number;
  proof?: ProofNode;
  ko?: KoStatus;
  voidMet: boolean;
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
  /** a ko or repetition rule refused a loser's move in the proof */
  koRefused: boolean;
}

/** The search of the question this worker last worked on (a thread's core holds one search). */
let kept: { key: string; search: Search } | undefined;

function searchFor(task: LineTask): Search {
  if (kept?.key === task.key) return kept.search;
  const req = { ...task.request, board: Uint8Array.from(task.request.board), rules: ruleSetFrom({ ...task.request.rules }) };
  const spec = problemFrom({ ...req, cancelled: undefined });
  const search = new Search(spec, task.toMove, { maxNodes: 0, deadline: 0 });
  kept = { key: task.key, search };
  search.share(new SharedProofs(task.shared));
  return search;
}

/** LineTask.whole: askWithKoIn in this worker. (Reading the frontier's shared proofs misled it:
 *  on gop/14937 its answer took 190K nodes instead of 21K, and once its proof's check failed.) */
function wholeQuestion(task: LineTask): WholeResult {
  // (its searches take this thread's core and tables: a kept search is gone)
  kept = undefined;
  const req = { ...task.request, board: Uint8Array.from(task.request.board), rules: ruleSetFrom({ ...task.request.rules }) };
  const spec = problemFrom({ ...req, cancelled: undefined });
  const offset = Date.now() - performance.now();
  const q = askWithKoIn(spec, task.toMove, {
    maxNodes: task.maxNodes,
    deadline: task.deadline - offset,
    cancelled: () => task.cancel.some((f) => Atomics.load(f, 0) === 1),
  }, task.wantProof);
  Atomics.add(task.nodesUsed, 0, BigInt(q.nodes));
  return { captured: q.captured, line: q.line, nodes: q.nodes, positions: q.positions ?? 0, proof: q.proof, ko: q.ko, voidMet: q.voidMet };
}

export default function searchLine(task: LineTask): LineResult | WholeResult {
  if (task.whole) return wholeQuestion(task);
  const search = searchFor(task);
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
  if (!last) return { legal: false, value: UNKNOWN, nodes: 1, positions: task.line.length, voidMet: false, budgetOut: false, koRefused: false };
  try {
    const depth = task.line.length;
    // who made the line's last move (at the question's root: the player before `toMove`)
    const mover = depth % 2 === 1 ? task.toMove : other(task.toMove);
    const node: ProofNode = { move: depth === 0 ? PASS : task.line[depth - 1], color: mover, children: [] };
    let value: number;
    search.loserRefused = false;
    if (last.terminal !== undefined) {
      value = last.terminal;
      node.end = last.why;
    } else {
      value = settle(search, other(mover), depth, node, task.wantProof); // as ask() does at the root
    }
    report();
    return { legal: true, value, nodes: search.nodes, positions: search.positions, proof: value === UNKNOWN ? undefined : node,
      voidMet: search.sawVoid || last.why === "void", budgetOut: search.budgetOut, koRefused: value !== UNKNOWN && search.loserRefused };
  } finally {
    search.unplayLine();
  }
}

export { WIN, LOSS };
