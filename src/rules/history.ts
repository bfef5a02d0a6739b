// What the referee remembers of every move: enough for every repetition rule of RULES.md
// (board, situation and whole-board hashes, the stone placed, the stones captured).
import type { Color } from "../core/codes.js";

export interface HistoryEntry {
  kind: "start" | "play" | "pass";
  /** 1-based move number in the record (0 for the start) */
  n: number;
  color: Color | null;
  /** row-major index of the stone placed, null for a pass or the start */
  point: number | null;
  captures: number[];
  selfCaptures: number[];
  /** a play that left the board as it was (single-stone suicide) */
  noChange: boolean;
  /** board hash after this entry */
  P: bigint;
  /** situation hash: board + player to move */
  S: bigint;
  /** whole-board position hash (Zhang): situation + virtual moves made by each player */
  Z: bigint;
  /** the pass was an abandon move (Zhang 3.1): it does not enter the whole-board position */
  abandon?: boolean;
}

/** Entries s+1..t: the moves of a cycle from the position after entry s. */
export function between(hist: HistoryEntry[], s: number, t: number): HistoryEntry[] {
  return hist.slice(s + 1, t + 1);
}
