// Zhang's counting (RULES.md 3.6-3.8; 001 §13-§16, 子气皆地，公气均分).
//
// By point: each side's stone points + its own liberty points (empty points adjacent only to its
// stones) + half of the shared liberty points (adjacent to both). An empty point adjacent to no
// stone is nobody's, even inside one side's region (INTERPRETATION, literal: 3.7). Nothing is
// removed after the end: every stone with liberties is alive (3.6), so listed dead stones are
// ignored and reported in `breakdown.deadIgnored`. Komi 6.5 (3.8) comes from the rule set.
import type { RuleSet } from "../ruleset/ruleset.js";
import { areaScore } from "./area.js";
import { analyse, emptyRuleOf, tallyOwners } from "./board.js";
import type { CountFacts, FinalPosition, Score } from "./types.js";

export function countZhang(pos: FinalPosition, rules: RuleSet, _facts: CountFacts = {}): Score {
  const a = analyse(pos, false); // zhang 3.6: no removal of dead stones after the end
  // zhang 3.7: stones + own liberties + half the shared liberties; a non-liberty is nobody's
  const t = tallyOwners(a, emptyRuleOf(rules));
  const score = areaScore("zhang", a, t, rules.splitShared, rules.komi);
  score.breakdown.deadIgnored = pos.dead.length ? new Set(pos.dead.filter((i) => pos.board[i] === 1 || pos.board[i] === 2)).size : 0;
  return score;
}
