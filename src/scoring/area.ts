// Area counting (RULES.md 1.7 ing, 5 chinese / nz / tromp-taylor): stones + empty points, empty
// points by region or by point (knob emptyCount), shared points split half each when the knob
// splitShared is on, else nobody's. With shared points split, the count also carries Ing's fill-in
// view (ing 1.7), which must give the same difference.
import type { RuleSet } from "../ruleset/ruleset.js";
import { analyse, emptyRuleOf, tallyOwners, type Analysis, type EmptyTally } from "./board.js";
import type { CountFacts, FillInSide, FillInView, FinalPosition, Score } from "./types.js";

export function countAreaMethod(pos: FinalPosition, rules: RuleSet, _facts: CountFacts = {}): Score {
  const a = analyse(pos);
  // ing 1.7 / RULES.md 0: by region (default), or by point (knob)
  const t = tallyOwners(a, emptyRuleOf(rules));
  const score = areaScore("area", a, t, rules.splitShared, rules.komi);
  // ing 1.7: fill-in counting presupposes every point counted (子空皆地), i.e. shared points split
  if (rules.splitShared) score.breakdown.fillIn = fillInView(a, t, score, rules.komi);
  return score;
}

/** Stones + owned empty points + half the shared points when `split` (else shared are nobody's). */
export function areaScore(method: Score["method"], a: Analysis, t: EmptyTally, split: boolean, komi: number): Score {
  const sharedEach = split ? t.shared / 2 : 0;
  return {
    method,
    black: a.blackStones + t.blackEmpty + sharedEach,
    white: a.whiteStones + t.whiteEmpty + sharedEach,
    komi,
    shared: t.shared,
    breakdown: {
      blackStones: a.blackStones,
      whiteStones: a.whiteStones,
      blackEmpty: t.blackEmpty,
      whiteEmpty: t.whiteEmpty,
      neutral: t.neutral,
      deadBlack: a.deadBlack,
      deadWhite: a.deadWhite,
      sharedEach,
    },
  };
}

/*
 * Ing's fill-in counting (ing 1.7; 002 §4 填滿, 區位, 計點; §12 子數), worked by hand.
 *
 * N points, K = (N − 1)/2 stones each (180 on 19x19). After the end each side's captured and dead
 * stones are back in its bowl, so side c holds K − S_c stones (S_c = its live stones on the
 * board). It fills its own empty points E_c and half the shared points, ⌊D/2⌋ (各填其半; a single
 * shared point, or the odd one of an odd number, is filled by nobody: u = D mod 2 unfilled).
 *   leftover_c = (E_c + ⌊D/2⌋) − (K − S_c)
 *              = (S_c + E_c + D/2) − K − u/2 = A_c − K − u/2,      A_c = the area count.
 * A positive leftover is 勝空 (empty points left), a negative one 負子 (stones left). So
 *   leftover_B − leftover_W = A_B − A_W                       (the difference is preserved), and
 *   leftover_B + leftover_W = A_B + A_W − 2K − u = N − 2K − u = 1 − u   (odd N, every point counted).
 * Hence one side has L ≥ 1 − u empty points left and the other M = L − 1 + u stones left (or
 * none). The M 負子 go into the L 勝空 (區位), leaving L − M = 1 − u empty points, and the margin
 * counted as "勝空 1 point, 負子 2 points" is (L − M)·1 + M·2 = L + M = leftover_B − leftover_W.
 * E.g. 19x19, A_B = 185, A_W = 176, no shared point: Black has 5 empty points left, White 4
 * stones; the 4 stones fill 4 of the 5 points: 1 + 2·4 = 9 = 185 − 176. With one shared point
 * and A_B = 184½, A_W = 176½: Black 4 empty points, White 4 stones, nothing left: 2·4 = 8, the
 * komi (4 還子, 二點折一子): a tie, which Ing gives to Black (ing 1.8).
 * The procedure below does not assume the board odd: it computes both leftovers, fills 負子 into
 * the opponent's 勝空, and reports whether its margin equals A_B − A_W (`agrees`).
 */
export function fillInView(a: Analysis, t: EmptyTally, score: Score, komi: number): FillInView {
  const stonesEach = Math.floor((a.points - 1) / 2); // ing 1.7 / 002 §12: (points − 1)/2 each
  const sharedFilledEach = Math.floor(t.shared / 2); // 002 §4: 雙方各填其半
  const sharedUnfilled = t.shared - 2 * sharedFilledEach; // 002 §4: 僅有唯一分空時，雙方不得填子
  const side = (stones: number, empty: number): FillInSide => {
    const bowl = stonesEach - stones;
    const toFill = empty + sharedFilledEach;
    const left = toFill - bowl;
    return { stonesOnBoard: stones, bowl, toFill, leftoverEmpty: Math.max(left, 0), leftoverStones: Math.max(-left, 0) };
  };
  const black = side(a.blackStones, t.blackEmpty);
  const white = side(a.whiteStones, t.whiteEmpty);
  // 002 §4 區位: 負子填入對方勝空
  const emptyLeft = {
    black: Math.max(black.leftoverEmpty - white.leftoverStones, 0),
    white: Math.max(white.leftoverEmpty - black.leftoverStones, 0),
  };
  // 002 §4 計點: 勝空差值為一點，負子…每子二點
  const margin = emptyLeft.black - emptyLeft.white + 2 * (white.leftoverStones - black.leftoverStones);
  return {
    stonesEach, black, white, sharedFilledEach, sharedUnfilled, emptyLeft, margin,
    komiStones: komi / 2, // 002 §4: 局差還點…二點折一子
    agrees: margin === score.black - score.white,
  };
}
