// Territory counting (RULES.md 5 japanese, korean): territory + prisoners, komi.
//
// Territory: the empty regions bordered by one colour only, after the dead stones are removed.
// Prisoners: the stones a side captured during play plus the opponent's dead stones removed at
// the end. Regions bordered by both colours (dame, the shared liberties of a seki) count for
// nobody; so do the eyes of strings in seki ("no points in seki").
//
// LIMITATION: the engine does no life-and-death analysis, so it cannot see a seki by itself. An
// eye of a group in seki counts as territory unless the caller lists the seki strings
// (`facts.seki`, any stone of each string); the regions bordered by a listed string then count for
// nobody. Missing prisoners (`facts.prisoners`) count as 0 and the breakdown says so.
import type { RuleSet } from "../rules/ruleset.js";
import { analyse, checkSides, neighbours, stringsThrough, BLACK, WHITE, SHARED } from "./board.js";
import type { CountFacts, FinalPosition, Score } from "./types.js";

export function countTerritory(pos: FinalPosition, rules: RuleSet, facts: CountFacts = {}): Score {
  const a = analyse(pos);
  checkSides(facts.prisoners, "prisoners");
  const seki = stringsThrough(a, facts.seki ?? [], "seki stone");
  let blackEmpty = 0;
  let whiteEmpty = 0;
  let shared = 0;
  let neutral = 0;
  let sekiPoints = 0;
  a.regions.forEach((members, r) => {
    const touch = a.touches[r];
    if (touch === SHARED) {
      shared += members.length; // japanese: dame and shared liberties count for nobody
      return;
    }
    if (touch === 0) {
      neutral += members.length; // an empty board
      return;
    }
    // japanese: no points in seki — a region bordered by a listed seki string is nobody's
    const bordersSeki = seki.size > 0 &&
      members.some((i) => neighbours(i, a.width, a.height).some((j) => seki.has(j)));
    if (bordersSeki) {
      sekiPoints += members.length;
      neutral += members.length;
    } else if (touch === BLACK) blackEmpty += members.length;
    else if (touch === WHITE) whiteEmpty += members.length;
  });
  const captured = { black: facts.prisoners?.black ?? 0, white: facts.prisoners?.white ?? 0 };
  // japanese: prisoners = captured during play + the opponent's dead stones
  const prisoners = { black: captured.black + a.deadWhite, white: captured.white + a.deadBlack };
  return {
    method: "territory",
    black: blackEmpty + prisoners.black,
    white: whiteEmpty + prisoners.white,
    komi: rules.komi,
    shared,
    breakdown: {
      blackStones: a.blackStones,
      whiteStones: a.whiteStones,
      blackEmpty,
      whiteEmpty,
      neutral,
      deadBlack: a.deadBlack,
      deadWhite: a.deadWhite,
      sharedEach: 0,
      territory: { prisoners, captured, prisonersKnown: facts.prisoners !== undefined, sekiPoints },
    },
  };
}
