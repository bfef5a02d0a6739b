// `--dead auto`: settle every disputed group of a finished game by prove-by-capture
// (ing 1.6 提證死活, new-ing 2.7, grand 4.4): the stones are dead exactly when they can be
// captured in continued play started by the player the rule set's dispute procedure names.
import { other, type Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import type { RuleSet } from "../rules/ruleset.js";
import { bensonAlive, searchRegion } from "./region.js";
import { prove, type ProveResult } from "./prove.js";

/** A group whose search region has more empty points than this is not in dispute: it has room. */
const MAX_DISPUTE_EMPTY = 40;

export interface Dispute {
  /** one stone of each string of the group, GTP */
  target: string[];
  colour: Color;
  verdict: ProveResult["verdict"];
  firstToMove: Color;
  status: "dead" | "alive" | "unknown";
  nodes: number;
  timeMs: number;
  line: string[];
}

export interface Settlement {
  dead: number[];
  disputes: Dispute[];
}

export function settleDisputes(pos: { width: number; height: number; board: Uint8Array }, rules: RuleSet,
  firstToMove: Color, budget: { maxNodes: number; timeMs: number }): Settlement {
  const { width, height, board } = pos;
  const alive = { 1: bensonAlive(pos, 1), 2: bensonAlive(pos, 2) } as Record<number, Set<number>>;
  const claimed = new Set<number>();
  const disputes: Dispute[] = [];
  const dead: number[] = [];
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === 0 || claimed.has(i) || alive[c].has(i)) continue;
    const colour: Color = c === 1 ? "B" : "W";
    const region = searchRegion(pos, [i], colour);
    const empties = region.points.filter((p) => board[p] === 0).length;
    // every string of this colour inside the region belongs to the same dispute
    const group = region.points.filter((p) => board[p] === c);
    for (const p of group) claimed.add(p);
    for (const p of region.targetStones) claimed.add(p);
    if (empties > MAX_DISPUTE_EMPTY) continue;
    const targets = [i];
    const t0 = performance.now();
    const r = prove({ width, height, board, rules, targets, toMove: firstToMove, maxNodes: budget.maxNodes, timeMs: budget.timeMs });
    const status = r.ruling.status;
    disputes.push({ target: targets.map((p) => indexToGtp(p, width, height)), colour, verdict: r.verdict,
      firstToMove, status, nodes: r.nodes, timeMs: Math.round(performance.now() - t0),
      line: firstToMove === colour ? r.defenderFirst.line : r.attackerFirst.line });
    if (status === "dead") for (const p of region.targetStones) dead.push(p);
  }
  return { dead: dead.sort((a, b) => a - b), disputes };
}

/** Who moves first when play resumes to settle a dispute, by the rule set's procedure. */
export function disputeFirstMover(rules: RuleSet, toMoveAfterRecord: Color, endRequester: Color | null): Color {
  // new-ing 2.7: continued play is started by the opponent of the player who asked to end
  if (rules.end === "null-moves" && endRequester) return other(endRequester);
  // ing 1.6 and the others: the player whose turn it is after the passes
  return toMoveAfterRecord;
}
