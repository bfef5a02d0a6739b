// The dispute procedure of the rule sets (ing 1.6 提證死活, new-ing 2.7, grand 4.4): who starts
// continued play, what a ruling on a group records, and what the referee asks of whatever
// settles the disputes of a finished position (src/prove/disputes.ts; src/api passes it in, so
// that the rules do not depend on the prover).
import { other, type Color } from "../core/codes.js";
import type { RuleSet } from "../ruleset/ruleset.js";

/** A prove-by-capture verdict on stones: captured whoever moves first (dead), never (alive),
 *  neither side wanting to play (seki), captured only by the first mover (unsettled). */
export type Verdict = "dead" | "alive" | "seki" | "unsettled" | "unknown";

export type GroupStatus = "alive" | "dead" | "seki" | "unresolved";

export interface Dispute {
  /** one stone of each string of the group, GTP */
  target: string[];
  colour: Color;
  /** stones in the group */
  stones: number;
  /** the group's status; `unresolved` comes with a `reason` */
  status: GroupStatus;
  /** what settled it: Benson's unconditional life, a proof, the players' agreement (a group no
   *  proof settled, in a record that marks dead stones), or the estimate (unresolved) */
  by: "benson" | "proof" | "agreement" | "estimate";
  /** what the players' marks in the record say of the group, where it has marks */
  agreed?: "alive" | "dead";
  /** how the count treats it */
  counted: "alive" | "dead";
  /** the proof's verdict (both questions), when a proof ran to the end */
  verdict: Verdict | null;
  firstToMove: Color;
  /** why a group is unresolved, or how a proof contradicts the estimate */
  reason?: string;
  /** the playout estimate, from the group's side: 1 always its own, -1 always the opponent's */
  estimate: number;
  /** the local region searched: its points, the boundary strings taken as safe, the exits */
  region?: { points: number; boundary: string[]; exits: number };
  nodes: number;
  /** moves tried by the proof's searches (the speed unit common to every search, see bench/) */
  positions: number;
  timeMs: number;
  /** the main line of the ruling question's proof */
  line: string[];
  /** for a proof: "ko" when it met a move of the losing side that a ko or repetition rule
   *  refused, so that outside ko threats (which a finished game may still hold elsewhere) could
   *  change it (`arbiter prove --threats` asks); "unconditional" when no threats could */
  ko?: "unconditional" | "ko";
}

export interface Settlement {
  dead: number[];
  /** every group of the final position, unconditionally alive ones included */
  disputes: Dispute[];
}

export interface DisputeBudget {
  /** moves tried by the search, per group thought dead (a group thought alive gets a quarter):
   *  the budget that binds, so that a ruling does not depend on the machine's speed or load */
  positions: number;
  /** per group, a cap in time (a quarter for a group thought alive) */
  timeMs: number;
  /** set when the answer is no longer wanted (the client left, the server stops): the groups
   *  not settled yet are left unresolved, with that reason */
  cancelled?: () => boolean;
  /** for the whole position, a cap; groups left when it runs out are unresolved (budget) */
  totalMs?: number;
  /** keep each proof's tree (`referee --sgf-out` writes them): see prove/disputes.ts proofTreeOf */
  proofs?: boolean;
}

/** Who moves first when play resumes to settle a dispute, by the rule set's procedure. */
export function disputeFirstMover(rules: RuleSet, toMoveAfterRecord: Color, endRequester: Color | null): Color {
  // new-ing 2.7: continued play is started by the opponent of the player who asked to end
  if (rules.end === "null-moves" && endRequester) return other(endRequester);
  // ing 1.6 and the others: the player whose turn it is after the passes
  return toMoveAfterRecord;
}

/** What settles the disputes of a finished position: the board, the rule set, who moves first,
 *  the budget, and the stones the players marked dead where the record has marks. */
export type SettleDisputes = (pos: { width: number; height: number; board: Uint8Array }, rules: RuleSet, firstToMove: Color,
  budget: DisputeBudget, agreedDead?: Set<number>) => Settlement;

/** `--dead auto`'s budget: 120,000 moves tried a group (a quarter for a group thought alive),
 *  about 700 ms here, so that the ruling is the same on any machine; time only caps it (3 s a
 *  group, 15 s a position). (700 ms a group reproduced as many of 300 KGS results as 1 s did.) */
export const DISPUTE_BUDGET: DisputeBudget = { positions: 120_000, timeMs: 3_000, totalMs: 15_000 };
