// The Grand Rules' counting (RULES.md 4.5-4.7; 003 §6.1, §6.2, §6.4, §7).
//
// Area by point (grand 4.6, 003 §6.1 子空皆地): stones + points that side alone has the right to
// occupy (named by the caller: `facts.own`) + its surrounded empty points (regions touching its
// colour only) + its sole liberties; the other empty points between Black and White (adjacent to
// both, or to no stone, in a region touching both) are split.
//
// 多下贴点 (grand 4.6, 003 §6.4a, §7.1(1)): a side that made n more real moves than the other in the
// game phase takes n of its stones off the boundary; the n empty points are unfilled dame, split.
// So its points go down by n/2 and the opponent's up by n/2. The count shows this literally:
// `breakdown.blackStones`/`whiteStones` are the stones after the n are taken off, `shared`
// includes the n points. No adjustment in the dispute phase for area counting (003 §6.4b).
//
// 等子比目, the territory view (003 §6.2, §7.2), when prisoners are known: each side's prisoners
// and dead stones are filled back into its own enclosed points (围空 = surrounded empty + sole
// liberties + its named points); then 多下贴点 (game phase) and 多下得目 (dispute phase: a side with m
// more real moves takes m of its stones out of its own area, m more 目) make the stones equal; the
// points outside the territories (shared + the n of 多下贴点) are split. §7 says the difference of
// 目 equals the difference of points; `agrees` checks it (it holds exactly when the stones come
// out equal, i.e. when the facts are those of one game from an empty board).
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { analyse, checkIndex, checkSides, emptyRuleOf, owners, tallyEmpty, tallyOwners, BLACK, WHITE } from "./board.js";
import type { CountFacts, FinalPosition, GrandDetail, GrandSide, Score } from "./types.js";

export function countGrand(pos: FinalPosition, rules: RuleSet, facts: CountFacts = {}): Score {
  const a = analyse(pos);
  checkSides(facts.prisoners, "prisoners");
  checkSides(facts.realMoves?.game, "real moves (game phase)");
  checkSides(facts.realMoves?.dispute, "real moves (dispute phase)");
  // grand 4.6: by point; the other points between Black and White are split
  const ownB = facts.own?.black ?? [];
  const ownW = facts.own?.white ?? [];
  // (the owner array only when the caller names one-sided points: a simulated game names none)
  const owner = ownB.length + ownW.length ? owners(a, emptyRuleOf(rules)) : null;
  const named = new Set<number>();
  for (const [list, colour] of [[ownB, BLACK], [ownW, WHITE]] as const) {
    for (const i of list) {
      checkIndex(i, a.points, "one-sided point");
      if (a.board[i] !== 0) throw new ArbiterError(`one-sided point ${i} is not empty`);
      if (named.has(i)) throw new ArbiterError(`one-sided point ${i} is named twice`);
      named.add(i);
      owner![i] = colour; // grand 4.6: 单方有权独占之点, as the caller names them
    }
  }
  const t = owner ? tallyEmpty(a, owner) : tallyOwners(a, emptyRuleOf(rules));

  // grand 4.6 多下贴点: n more real moves in the game phase → n stones off the boundary, split
  const game = facts.realMoves?.game;
  const n = game ? game.black - game.white : 0;
  const k = Math.abs(n);
  const offB = n > 0 ? k : 0;
  const offW = n < 0 ? k : 0;
  const shared = t.shared + k;
  const sharedEach = rules.splitShared ? shared / 2 : 0;
  const blackStones = a.blackStones - offB;
  const whiteStones = a.whiteStones - offW;
  const black = blackStones + t.blackEmpty + sharedEach;
  const white = whiteStones + t.whiteEmpty + sharedEach;

  const detail: GrandDetail = {
    own: { black: ownB.length, white: ownW.length },
    adjustment: {
      side: n > 0 ? "B" : n < 0 ? "W" : null,
      moves: k,
      black: rules.splitShared ? -offB + k / 2 : -offB,
      white: rules.splitShared ? -offW + k / 2 : -offW,
      known: game !== undefined,
    },
  };

  if (facts.prisoners) {
    // 003 §7.2(1)-(2): own dead stones and prisoners are refilled into one's own enclosed points
    const refilledB = facts.prisoners.white + a.deadBlack;
    const refilledW = facts.prisoners.black + a.deadWhite;
    // 003 §6.2(1): a side with more to refill than room sets the rest aside; the other side takes
    // as many of its own stones out of its area, so both set aside the same number
    const balance = Math.max(0, refilledB - t.blackEmpty, refilledW - t.whiteEmpty);
    // 003 §6.4b 多下得目: m more real moves in the dispute phase → m stones out of one's own area
    const d = facts.realMoves?.dispute;
    const gainB = d ? Math.max(0, d.black - d.white) : 0;
    const gainW = d ? Math.max(0, d.white - d.black) : 0;
    const sideOf = (enclosed: number, refilled: number, disputeGain: number): GrandSide =>
      ({ enclosed, refilled, disputeGain, territory: enclosed - refilled + balance + disputeGain });
    const tb = sideOf(t.blackEmpty, refilledB, gainB);
    const tw = sideOf(t.whiteEmpty, refilledW, gainW);
    const difference = tb.territory - tw.territory;
    detail.territoryView = {
      black: tb,
      white: tw,
      balance,
      split: shared,
      equalStones: {
        black: a.blackStones + refilledB - balance - offB - gainB,
        white: a.whiteStones + refilledW - balance - offW - gainW,
      },
      difference,
      agrees: difference === black - white,
    };
  }

  return {
    method: "grand",
    black,
    white,
    komi: rules.komi,
    shared,
    breakdown: {
      blackStones,
      whiteStones,
      blackEmpty: t.blackEmpty,
      whiteEmpty: t.whiteEmpty,
      neutral: t.neutral,
      deadBlack: a.deadBlack,
      deadWhite: a.deadWhite,
      sharedEach,
      grand: detail,
    },
  };
}
