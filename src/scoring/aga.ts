// AGA counting (RULES.md 5 aga: "area with pass stones (= territory)", komi 7.5).
//
// The count is area counting by the knobs (preset: by region, shared points nobody's). Beside it,
// the territory view the AGA rules make equivalent: territory (the same owned empty points) +
// prisoners (captured during play + the opponent's dead stones) + pass stones (each pass hands the
// opponent a prisoner), White passing last. Why the two agree: with Black first and White last,
// both sides made the same number of turns, P_B + passes_B = P_W + passes_W (P = stones placed).
// Stones on the board are S = P − (own stones captured or dead), so
//   area difference  = S_B + E_B − S_W − E_W
//                    = E_B − E_W + (P_B − P_W) − (capturedOrDead_B − capturedOrDead_W)
//                    = E_B − E_W + (passes_W − passes_B) + (prisoners_B − prisoners_W)
//                    = territory-view difference.
// When the facts show Black made one turn more (Black passed last), White's final pass stone is
// added, as the AGA rules require White to pass last. The view needs `facts.prisoners` and
// `facts.passes`; without them it is left out. Setup (handicap) stones are not placed by turns, so
// the view does not agree there (`agrees` false).
import type { RuleSet } from "../ruleset/ruleset.js";
import { areaScore } from "./area.js";
import { analyse, checkSides, emptyRuleOf, tallyOwners } from "./board.js";
import type { CountFacts, FinalPosition, PassStoneView, Score } from "./types.js";

export function countAga(pos: FinalPosition, rules: RuleSet, facts: CountFacts = {}): Score {
  const a = analyse(pos);
  checkSides(facts.prisoners, "prisoners");
  checkSides(facts.passes, "passes");
  // RULES.md 5 aga: area counting (by region by default; shared points nobody's unless split)
  const t = tallyOwners(a, emptyRuleOf(rules));
  const score = areaScore("aga-area", a, t, rules.splitShared, rules.komi);
  if (facts.prisoners && facts.passes) {
    const prisB = facts.prisoners.black + a.deadWhite;
    const prisW = facts.prisoners.white + a.deadBlack;
    // turns = stones placed + passes; stones placed = on the board + captured + dead
    const turnsB = a.blackStones + prisW + facts.passes.black;
    const turnsW = a.whiteStones + prisB + facts.passes.white;
    const whiteFinalPass = turnsB === turnsW + 1; // RULES.md 5 aga: White passes last
    const passes = { black: facts.passes.black, white: facts.passes.white + (whiteFinalPass ? 1 : 0) };
    const black = { territory: t.blackEmpty, prisoners: prisB, passStones: passes.white, total: 0 };
    const white = { territory: t.whiteEmpty, prisoners: prisW, passStones: passes.black, total: 0 };
    black.total = black.territory + black.prisoners + black.passStones;
    white.total = white.territory + white.prisoners + white.passStones;
    const difference = black.total - white.total;
    const view: PassStoneView = { passes, whiteFinalPass, black, white, difference,
      agrees: difference === score.black - score.white };
    score.breakdown.passStones = view;
  }
  return score;
}
