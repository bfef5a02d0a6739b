// A piscina worker: one wasm core and one transposition table per thread; a task is one root
// move of one question, searched to an exact value with its proof tree.
import { other, type Color } from "../core/codes.js";
import { ruleSetFrom, type RuleSet } from "../rules/ruleset.js";
import { problemFrom, proveNode, type ProofNode, type ProveRequest } from "./prove.js";
import { Search, WIN, LOSS, UNKNOWN, type Move } from "./search.js";

export interface RootTask {
  request: Omit<ProveRequest, "cancelled" | "rules"> & { rules: RuleSet };
  /** who moves at the root of this question */
  toMove: Color;
  move: Move;
  maxNodes: number;
  deadline: number; // Date.now() based: workers have their own performance clocks
  /** a shared flag: element 0 becomes 1 to cancel every task */
  cancel?: Int32Array;
}

export interface RootResult {
  move: Move;
  legal: boolean;
  /** attacker's view: 1 captured, -1 not, 0 unknown */
  value: number;
  nodes: number;
  proof?: ProofNode;
  voidMet: boolean;
  budgetOut: boolean;
}

export default function searchRootMove(task: RootTask): RootResult {
  const req = { ...task.request, board: Uint8Array.from(task.request.board), rules: ruleSetFrom({ ...task.request.rules }) };
  const spec = problemFrom({ ...req, cancelled: undefined });
  const offset = Date.now() - performance.now();
  const search = new Search(spec, task.toMove, {
    maxNodes: task.maxNodes,
    deadline: task.deadline - offset,
    cancelled: () => (task.cancel ? Atomics.load(task.cancel, 0) === 1 : false),
  });
  const a = search.apply(task.move, task.toMove, 0);
  if (!a.ok) return { move: task.move, legal: false, value: UNKNOWN, nodes: 1, voidMet: false, budgetOut: false };
  const root: ProofNode = { move: task.move, color: task.toMove, children: [] };
  let value: number;
  if (a.terminal !== undefined) {
    value = a.terminal;
    root.end = a.why;
  } else {
    // as in ask(): df-pn, its result verified by replay; iterative deepening if that fails
    const verify = (v: number): boolean => {
      if (v === UNKNOWN) return false;
      root.children = [];
      const winner: Color = v === WIN ? other(spec.defender) : spec.defender;
      return proveNode(search, other(task.toMove), 1, winner, root) === true;
    };
    value = search.dfpn(other(task.toMove), 1);
    if (!verify(value) && !search.budgetOut) value = search.solve(other(task.toMove), 1);
    if (value !== UNKNOWN && (root.children.length === 0 || search.budgetOut) && !verify(value)) value = UNKNOWN;
  }
  return { move: task.move, legal: true, value, nodes: search.nodes, proof: value === UNKNOWN ? undefined : root,
    voidMet: search.sawVoid || a.why === "void", budgetOut: search.budgetOut };
}

export { WIN, LOSS };
