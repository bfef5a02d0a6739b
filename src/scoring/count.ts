// Counting the final position (RULES.md 0, and each rule set's counting clause).
import { Game } from "../core/game.js";
import type { RuleSet } from "../rules/ruleset.js";

export interface Score {
  method: string;
  black: number;
  white: number;
  komi: number;
  /** empty points bordering both colours (split half each where the rule set says so) */
  shared: number;
  breakdown: {
    blackStones: number;
    whiteStones: number;
    blackEmpty: number;
    whiteEmpty: number;
    /** empty points that count for nobody */
    neutral: number;
    deadBlack: number;
    deadWhite: number;
  };
}

export interface FinalPosition {
  width: number;
  height: number;
  /** row-major 0/1/2 */
  board: Uint8Array;
  /** row-major indices of stones declared dead */
  dead: number[];
}

/** Area counting: stones + empty points owned (by region or by point), shared points split
 *  when the rule set splits them. */
export function countArea(pos: FinalPosition, rules: RuleSet): Score {
  const board = pos.board.slice();
  let deadBlack = 0;
  let deadWhite = 0;
  for (const i of pos.dead) {
    if (board[i] === 1) deadBlack++;
    else if (board[i] === 2) deadWhite++;
    board[i] = 0;
  }
  const scratch = new Game({ width: pos.width, height: pos.height, suicide: "allowed", ko: "none" });
  scratch.setup(board);
  const owners = scratch.owners(rules.emptyCount);
  let blackStones = 0;
  let whiteStones = 0;
  for (const c of board) {
    if (c === 1) blackStones++;
    else if (c === 2) whiteStones++;
  }
  const neutral = pos.width * pos.height - owners.black - owners.white - owners.shared;
  const half = rules.splitShared ? owners.shared / 2 : 0;
  return {
    method: "area",
    black: owners.black + half,
    white: owners.white + half,
    komi: rules.komi,
    shared: owners.shared,
    breakdown: {
      blackStones, whiteStones,
      blackEmpty: owners.black - blackStones,
      whiteEmpty: owners.white - whiteStones,
      neutral, deadBlack, deadWhite,
    },
  };
}

/** SGF result for a count: the difference after komi, the tie rule deciding a tie. */
export function resultOf(score: Score, tie: RuleSet["tie"]): string {
  const diff = score.black - score.white - score.komi;
  if (diff > 0) return `B+${diff}`;
  if (diff < 0) return `W+${-diff}`;
  return tie === "black" ? "B+0" : tie === "white" ? "W+0" : "0";
}
