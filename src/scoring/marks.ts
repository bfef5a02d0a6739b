// The territory marks of a count (SGF TB and TW): the empty points each side gets by the rule
// set's own way of counting, after the dead stones are removed (a dead stone's point is marked
// as its captor's, as KGS marks dead stones). Shared points and points nobody gets are unmarked.
// Each counting method owns an empty point as its count does (board.ts emptyRuleOf; territory
// counting less the fill points): test/ruling-sgf.test.ts holds the marks equal to each count's
// empty points. Not read here: the seki strings a referee lists (territory
// counting's no points in seki) and the Grand Rules' own points (--own-black, --own-white); marks
// of such counts may differ from the count on those regions.
import type { RuleSet } from "../ruleset/ruleset.js";
import { analyse, emptyRuleOf, owners, regionPoints, regionSize, SHARED, BLACK, WHITE } from "./board.js";
import { fillPoints } from "./territory.js";
import type { FinalPosition } from "./types.js";

export function territoryMarks(pos: FinalPosition, rules: RuleSet): { TB: number[]; TW: number[] } {
  const a = analyse(pos);
  const TB: number[] = [];
  const TW: number[] = [];
  if (rules.scoring === "territory") {
    // territory: regions bordered by one colour, less the points a side must still fill
    const fill = fillPoints(a);
    for (let r = 0; r < a.regionCount; r++) {
      const touch = a.touches[r];
      if (touch !== BLACK && touch !== WHITE) continue;
      if (regionSize(a, r) === 0) continue;
      for (const i of regionPoints(a, r)) if (!fill.has(i)) (touch === BLACK ? TB : TW).push(i);
    }
  } else {
    const o = owners(a, emptyRuleOf(rules));
    for (let i = 0; i < a.points; i++) {
      if (a.board[i] !== 0 || o[i] === SHARED) continue;
      if (o[i] === BLACK) TB.push(i);
      else if (o[i] === WHITE) TW.push(i);
    }
  }
  return { TB: TB.sort((x, y) => x - y), TW: TW.sort((x, y) => x - y) };
}
