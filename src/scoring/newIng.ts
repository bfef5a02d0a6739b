// New Ing counting (RULES.md 2.8-2.10; 000 §6.9-6.10, §10.2-10.4).
//
// Count, by point: live stones + empty points adjacent only to one's own stones (every point of a
// region touching one colour only, 实空) + half of the empty points adjacent to live stones of
// both colours; a point adjacent to no stone in a region touching both colours is nobody's.
// Result: Black wins when B > threshold (184¼ on 19x19), otherwise White; the margin is
// 2·|B − threshold| points; there are no draws.
import type { RuleSet } from "../ruleset/ruleset.js";
import { areaScore } from "./area.js";
import { analyse, emptyRuleOf, tallyOwners, SHARED, type Analysis } from "./board.js";
import type { CountFacts, FinalPosition, Laziness, Score } from "./types.js";

/** `a`: the position's analysis with the dead stones removed, when the caller has it already
 *  (countFinal shares it with the laziness check). */
export function countNewIng(pos: FinalPosition, rules: RuleSet, _facts: CountFacts = {}, a: Analysis = analyse(pos)): Score {
  // new-ing 2.9: stones + own points + half of the points adjacent to both; no-stone points of a
  // two-colour region are nobody's
  const t = tallyOwners(a, emptyRuleOf(rules));
  const score = areaScore("new-ing", a, t, rules.splitShared, rules.komi);
  score.threshold = newIngThreshold(a.points, rules.komi);
  return score;
}

/**
 * new-ing 2.10: Black's threshold. The text gives 184¼ on 19x19 (= (361 + 7.5)/2); other boards,
 * INTERPRETATION (RULES.md 2.10): (points + 7.5)/2. We write it (points + komi)/2 so that the
 * preset's komi 7.5 gives exactly those values and the komi knob still means something.
 */
export function newIngThreshold(points: number, komi: number): number {
  return (points + komi) / 2;
}

/**
 * new-ing 2.10: `B+x` when black > threshold, else `W+x`, with x = 2·|black − threshold|.
 * With komi 7.5 the threshold is a quarter point off the half-point grid, so black never equals
 * it and x is never 0: no draws. (With a whole-number komi knob, black = threshold is a White win,
 * `W+0`: "超过称为黑胜，否则…黑负".)
 *
 * Why not `resultOf`'s black − white − komi: it equals 2·(black − threshold) with
 * threshold = (points + komi)/2 only when black + white = points, i.e. when no point counts for
 * nobody (2·black − 2·threshold = 2·black − points − komi = black − white − komi). A position that
 * fails the laziness check may have nobody's points, and the text's margin is counted from Black's
 * points alone (胜负的子数是其实地数与该数之差), so the threshold form is the exact one.
 */
export function newIngResult(black: number, threshold: number): string {
  const x = 2 * (black - threshold);
  return x > 0 ? `B+${x}` : `W+${-x}`;
}

/**
 * new-ing 2.8 (000 §6.10 荒空, §10.2): after dead stones are removed, a region touching both
 * colours that holds a point adjacent to stones of one colour only fails the check; so does a
 * point adjacent to no stone in such a region (RULES.md 2.9: "it also fails the laziness check").
 * INTERPRETATION of "一个以上": one or more (RULES.md 2.8).
 */
export function lazinessCheck(a: Analysis, against: Laziness["against"]): Laziness {
  const points: number[] = [];
  for (let i = 0; i < a.points; i++) {
    if (a.board[i] !== 0 || a.touches[a.region[i]] !== SHARED) continue;
    if (a.adjacent[i] !== SHARED) points.push(i);
  }
  return { failed: points.length > 0, points, against };
}
