// The shapes a count works on and returns (RULES.md 0 and each rule set's counting clause).
// Every method returns both sides' points, the komi, and a breakdown whose first fields are common
// to all methods; the method-specific views (fill-in, laziness, prisoners, pass stones, the Grand
// Rules' territory view) are optional fields of the breakdown.
import type { Color } from "../core/codes.js";
import type { RuleSet } from "../ruleset/ruleset.js";

export type ScoringMethod = RuleSet["scoring"];

export interface FinalPosition {
  width: number;
  height: number;
  /** row-major 0/1/2 */
  board: Uint8Array;
  /** row-major indices of stones declared dead */
  dead: number[];
  /** this board's analysis when the caller has it already, as board.ts's `analyse` makes it (a
   *  simulation's, made in the core: assembly/score.ts analyseBoard); used when no stone is dead */
  analysis?: Analysis;
}

/** The final position as the counting methods see it (board.ts `analyse`). */
export interface Analysis {
  width: number;
  height: number;
  /** width × height */
  points: number;
  /** the board after dead stones are removed */
  board: Uint8Array;
  deadBlack: number;
  deadWhite: number;
  blackStones: number;
  whiteStones: number;
  /** region number of each empty point, -1 on a stone */
  region: Int32Array;
  /** the number of empty regions */
  regionCount: number;
  /** the empty points grouped by region: region r's are members[regionStart[r] .. regionStart[r + 1])
   *  (r < regionCount; the arrays are longer) */
  members: Int32Array;
  regionStart: Int32Array;
  /** per region: bit 1 touches Black, bit 2 touches White */
  touches: Uint8Array;
  /** per point (empty ones): bit 1 adjacent to a Black stone, bit 2 adjacent to a White stone */
  adjacent: Uint8Array;
  /** the number of strings with exactly one liberty in their own area (an empty region touching
   *  their colour only), where the analysis counted them (the core's, assembly/score.ts):
   *  territory.ts `fillPoints` finds its points among these strings only */
  singleInside?: number;
  /** the empty points by class, touches × 4 + adjacent (what the point's region touches, what
   *  the point is next to: 16 counts), where the analysis counted them (the core's): a tally of
   *  owners is then a sum over 16 classes, not over the board */
  classes?: Int32Array;
}


export interface Sides {
  black: number;
  white: number;
}

/** What a count may need beyond the final position. Every field is optional; a method that needs a
 *  missing one says so in its breakdown (see each method). */
export interface CountFacts {
  /** Prisoners taken during play, by the side that holds them: `black` = White stones Black
   *  captured (a White suicide's stones count for Black), as `Game.prisoners("B")`. Dead stones
   *  removed at the end are NOT included (they come from `FinalPosition.dead`). */
  prisoners?: Sides;
  /** Real moves (stone plays) each side made: `game` = the game phase, before the first two
   *  consecutive passes; `dispute` = after a resumption (grand 4.5). */
  realMoves?: { game: Sides; dispute?: Sides };
  /** Points the caller names as one side's (grand 4.6 单方有权独占之点, e.g. a one-sided dame):
   *  row-major indices of empty points (after dead stones are removed). */
  own?: { black?: number[]; white?: number[] };
  /** Passes each side made (AGA pass stones, RULES.md 5). */
  passes?: Sides;
  /** Who asked to end (New Ing 2.4): the side the laziness check goes against (2.8). */
  askedToEnd?: Color | null;
  /** Territory counting: row-major indices of stones in seki (each names its whole string); the
   *  empty points of regions bordered by those strings count for nobody (RULES.md 5 japanese). */
  seki?: number[];
  /** Handicap stones placed before play (SGF HA): area counting gives White the rule set's
   *  `handicapBonus` for them. */
  handicap?: number;
}

export interface Score {
  /** the scoring method that produced the count (RuleSet.scoring) */
  method: ScoringMethod;
  black: number;
  white: number;
  komi: number;
  /** empty points shared between the sides (split half each where `breakdown.sharedEach` > 0,
   *  else nobody's) */
  shared: number;
  breakdown: Breakdown;
  /** New Ing (new-ing 2.10): Black wins when `black` > threshold; absent for the other methods,
   *  which compare `black - white - komi` with 0. */
  threshold?: number;
  /** penalty points charged for time (ing 1.10, 002 §7), after both players' points offset
   *  each other: they move the result by `points` against `against` (every 2 are one stone in
   *  the fill-in count, 二點折一子) */
  penalty?: { against: "B" | "W"; points: number; stones: number };
}

export interface Breakdown {
  /** stones counted for each side (the Grand Rules' game-phase adjustment takes n of them off,
   *  grand 4.6; under territory counting stones are listed but not counted) */
  blackStones: number;
  whiteStones: number;
  /** empty points counted whole for each side (territory under territory counting) */
  blackEmpty: number;
  whiteEmpty: number;
  /** empty points that count for nobody, other than `shared` */
  neutral: number;
  /** dead stones removed before counting */
  deadBlack: number;
  deadWhite: number;
  /** what each side gets from the shared points: shared/2, or 0 when they are nobody's */
  sharedEach: number;
  /** area counting with shared points split: Ing's fill-in view (ing 1.7) */
  fillIn?: FillInView;
  /** New Ing's laziness check (new-ing 2.8), when the `laziness` knob is on */
  laziness?: Laziness;
  /** territory counting: prisoners and seki */
  territory?: TerritoryDetail;
  /** aga-area: the territory view with pass stones */
  passStones?: PassStoneView;
  /** grand: one-sided points, the game-phase adjustment and the territory view (等子比目) */
  grand?: GrandDetail;
  /** zhang: stones listed as dead that were not removed (zhang 3.6: no removal after the end) */
  deadIgnored?: number;
  /** points added to White for a placed handicap (the `handicapBonus` knob) */
  handicapBonus?: number;
}

export interface FillInSide {
  /** live stones on the board */
  stonesOnBoard: number;
  /** stones left in the bowl to fill with: stonesEach − stonesOnBoard */
  bowl: number;
  /** points the side fills: its own empty points + its half of the shared points */
  toFill: number;
  /** 勝空: empty points left after filling */
  leftoverEmpty: number;
  /** 負子: stones left in the bowl after filling */
  leftoverStones: number;
}

export interface FillInView {
  /** (points − 1)/2 stones each (ing 1.7, 002 §12: 180 on 19x19) */
  stonesEach: number;
  black: FillInSide;
  white: FillInSide;
  /** shared points each side fills: half of them, rounded down (ing 1.7 各填其半) */
  sharedFilledEach: number;
  /** shared points nobody fills: a single one (ing 1.7 唯一分空), or the odd one out */
  sharedUnfilled: number;
  /** 負子 are filled into the opponent's 勝空 (002 §4 區位); 勝空 still empty after that */
  emptyLeft: Sides;
  /** margin before komi, in points, Black's favour: 勝空 1 point, 負子 2 points (002 §4 計點) */
  margin: number;
  /** komi in stones (二點折一子) */
  komiStones: number;
  /** time penalty points in stones (時差罰點，二點折一子), paid by `against` into the opponent's
   *  area (ing 1.10); absent without penalty points */
  penaltyStones?: { against: "B" | "W"; stones: number };
  /** the fill-in margin equals black − white of the area count */
  agrees: boolean;
}

export interface Laziness {
  failed: boolean;
  /** row-major indices of the points that fail the check: in a region touching both colours,
   *  adjacent to one colour only, or to no stone */
  points: number[];
  /** the side that asked to end, who loses when the check fails (new-ing 2.8); null if unknown */
  against: Color | null;
}

export interface TerritoryDetail {
  /** prisoners each side holds: captured during play + the opponent's dead stones */
  prisoners: Sides;
  captured: Sides;
  /** whether `CountFacts.prisoners` was given (else captured counts as 0) */
  prisonersKnown: boolean;
  /** empty points of regions bordered by seki strings (count for nobody) */
  sekiPoints: number;
  /** points of a side's territory it must still fill (row-major; count for nobody) */
  fillPoints: number[];
}

export interface PassStoneView {
  /** passes as given, plus White's final pass when Black passed last (White passes last) */
  passes: Sides;
  whiteFinalPass: boolean;
  /** per side: territory + prisoners (captured + dead) + the opponent's pass stones */
  black: { territory: number; prisoners: number; passStones: number; total: number };
  white: { territory: number; prisoners: number; passStones: number; total: number };
  difference: number;
  /** the difference equals the area count's black − white */
  agrees: boolean;
}

export interface GrandSide {
  /** 围空: surrounded empty + sole liberties + named one-sided points */
  enclosed: number;
  /** own dead stones + prisoners taken from it, filled back into its enclosed points */
  refilled: number;
  /** 多下得目: real moves more than the opponent in the dispute phase (grand 4.6, 003 §6.4b) */
  disputeGain: number;
  /** 目: enclosed − refilled + disputeGain + balance */
  territory: number;
}

export interface GrandDetail {
  own: Sides;
  /** 多下贴点 (grand 4.6, 003 §6.4a): the side with n more real moves in the game phase */
  adjustment: { side: Color | null; moves: number; black: number; white: number; known: boolean };
  /** 等子比目 (003 §6.2, §7.2), when prisoners are known */
  territoryView?: {
    black: GrandSide;
    white: GrandSide;
    /** stones each side set aside when a side had more to refill than room (003 §6.2(1)) */
    balance: number;
    /** points outside the territories, split: shared points + the n points of 多下贴点 */
    split: number;
    /** stones each side has on the board in the equal-stones position */
    equalStones: Sides;
    difference: number;
    /** the difference equals the area count's black − white (003 §7) */
    agrees: boolean;
  };
}
