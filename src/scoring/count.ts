// Counting the final position (RULES.md 0, and each rule set's counting clause): the dispatcher
// `countFinal` picks the method by the knob `scoring`; one module per method:
//   area.ts       area (chinese, nz, tromp-taylor, ing) + Ing's fill-in view   ing 1.7, RULES.md 5
//   territory.ts  territory + prisoners (japanese, korean)                     RULES.md 5
//   newIng.ts     New Ing by point, laziness check, threshold result           new-ing 2.8-2.10
//   zhang.ts      stones + liberties, shared liberties split                   zhang 3.6-3.8
//   grand.ts      by point, one-sided points, 多下贴点, 等子比目 view            grand 4.5-4.7
//   aga.ts        area + the pass-stone territory view                         RULES.md 5 aga
import type { Color } from "../core/codes.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { countAreaMethod } from "./area.js";
import { countAga } from "./aga.js";
import { analyse } from "./board.js";
import { countGrand } from "./grand.js";
import { countNewIng, lazinessCheck, newIngResult } from "./newIng.js";
import { countTerritory } from "./territory.js";
import type { CountFacts, FinalPosition, Score } from "./types.js";
import { countZhang } from "./zhang.js";

export type * from "./types.js";
export { newIngResult, newIngThreshold } from "./newIng.js";

/** The count of a finished game under the rule set's `scoring` knob. With the `laziness` knob on,
 *  the breakdown also carries New Ing's laziness check (new-ing 2.8). */
export function countFinal(pos: FinalPosition, rules: RuleSet, facts: CountFacts = {}): Score {
  let score: Score;
  // New Ing's count and its laziness check read the same analysis (dead stones removed)
  const newIng = rules.scoring === "new-ing" ? analyse(pos) : null;
  switch (rules.scoring) {
    case "area": score = countAreaMethod(pos, rules, facts); break;
    case "territory": score = countTerritory(pos, rules, facts); break;
    case "new-ing": score = countNewIng(pos, rules, facts, newIng!); break;
    case "zhang": score = countZhang(pos, rules, facts); break;
    case "grand": score = countGrand(pos, rules, facts); break;
    case "aga-area": score = countAga(pos, rules, facts); break;
    default: {
      const never: never = rules.scoring;
      throw new Error(`no counting method for scoring ${String(never)}`);
    }
  }
  // area counting with placed handicap stones: White's compensation (Chinese N, AGA N-1)
  const n = facts.handicap ?? 0;
  const bonus = n >= 2 && rules.handicapBonus !== "none" && ["area", "aga-area"].includes(rules.scoring)
    ? (rules.handicapBonus === "n" ? n : n - 1) : 0;
  if (bonus) {
    score.white += bonus;
    score.breakdown.handicapBonus = bonus;
  }
  if (rules.laziness) {
    // new-ing 2.8: checked after dead stones are removed (none are under zhang 3.6)
    score.breakdown.laziness = lazinessCheck(newIng ?? analyse(pos, rules.scoring !== "zhang"), facts.askedToEnd ?? null);
  }
  return score;
}

/** Area counting by the rule set's knobs (kept for existing callers; `countFinal` with scoring
 *  "area" is the same). */
export function countArea(pos: FinalPosition, rules: RuleSet): Score {
  return countAreaMethod(pos, rules);
}

/** SGF result for a count. New Ing (a count with a threshold): Black wins when black > threshold,
 *  margin 2·|black − threshold| (new-ing 2.10). Otherwise the difference after komi, the tie rule
 *  deciding a tie (ing 1.8: `B+0`). */
export function resultOf(score: Score, tie: RuleSet["tie"]): string {
  if (score.threshold !== undefined) return newIngResult(score.black, score.threshold);
  // time penalty points count against their payer, as komi does (ing 1.10: 時差罰點)
  const penalty = score.penalty ? (score.penalty.against === "B" ? -score.penalty.points : score.penalty.points) : 0;
  const diff = score.black - score.white - score.komi + penalty;
  if (diff > 0) return `B+${margin(diff)}`;
  if (diff < 0) return `W+${margin(-diff)}`;
  return tie === "black" ? "B+0" : tie === "white" ? "W+0" : "0";
}

/** A margin as String(m) writes it; a whole or half margin from its whole part (a small integer
 *  converts several times faster than a fraction: a simulated game's result is made per game). */
function margin(m: number): string {
  const whole = Math.floor(m);
  if (m - whole === 0.5 && whole < 0x40000000) return `${whole}.5`;
  return `${m}`;
}

/** The fields of a refereed move that the count's facts come from (MoveRuling has them). */
export interface MoveFact {
  color: Color;
  /** GTP vertex, "pass", or null off the board */
  point: string | null;
  legal: boolean;
  captures?: string[];
  selfCaptures?: string[];
}

/** The facts of a count from the referee's tallies of each side's legal stone plays and passes,
 *  with the stone plays before the first pause (grand 4.5: the dispute phase is the rest), who
 *  asked to end (new-ing 2.4) and the prisoners, as the referee knows them. */
export function factsFromTally(tally: { stones: { black: number; white: number }; passes: { black: number; white: number } },
  known: { gamePhase: { B: number; W: number }; askedToEnd: Color | null; prisoners?: CountFacts["prisoners"] }): CountFacts {
  const game = { black: known.gamePhase.B, white: known.gamePhase.W };
  const dispute = { black: tally.stones.black - game.black, white: tally.stones.white - game.white };
  return { realMoves: { game, dispute }, passes: { ...tally.passes }, askedToEnd: known.askedToEnd, prisoners: known.prisoners };
}

/**
 * The facts a count can take from the moves: real moves per phase (grand 4.5: the game phase ends
 * at the first two consecutive passes), passes per side (AGA pass stones), and who asked to end
 * (new-ing 2.4: when the record ends with two null moves — passes or single-stone suicides — the
 * player of the first one). Illegal moves are skipped. What the referee knows better it passes in
 * `known`: the game-phase real moves by its own phase tracking (the dispute phase is then the
 * rest), the end requester, and the prisoners (`Game.prisoners`).
 */
export function factsFromMoves(moves: MoveFact[], known: {
  gamePhase?: { B: number; W: number };
  askedToEnd?: Color | null;
  prisoners?: CountFacts["prisoners"];
} = {}): CountFacts {
  const game = { black: 0, white: 0 };
  const dispute = { black: 0, white: 0 };
  const passes = { black: 0, white: 0 };
  let inDispute = false;
  let lastWasPass = false;
  const nulls: (Color | null)[] = [];
  for (const m of moves) {
    if (!m.legal || m.point === null) continue;
    const key = m.color === "B" ? "black" : "white";
    if (m.point === "pass") {
      passes[key]++;
      if (lastWasPass) inDispute = true; // grand 4.5: two consecutive passes suspend play
      lastWasPass = true;
      nulls.push(m.color);
      continue;
    }
    (inDispute ? dispute : game)[key]++;
    lastWasPass = false;
    // new-ing 2.4: a single-stone suicide leaves the board unchanged: a null move
    const self = m.selfCaptures;
    const isNull = self !== undefined && self.length === 1 && self[0] === m.point && (m.captures === undefined || m.captures.length === 0);
    nulls.push(isNull ? m.color : null);
  }
  if (known.gamePhase) {
    const total = { black: game.black + dispute.black, white: game.white + dispute.white };
    game.black = known.gamePhase.B;
    game.white = known.gamePhase.W;
    dispute.black = total.black - game.black;
    dispute.white = total.white - game.white;
  }
  const n = nulls.length;
  const askedToEnd = known.askedToEnd !== undefined ? known.askedToEnd
    : n >= 2 && nulls[n - 1] !== null && nulls[n - 2] !== null ? nulls[n - 2] : null;
  return { realMoves: { game, dispute }, passes, askedToEnd, prisoners: known.prisoners };
}
