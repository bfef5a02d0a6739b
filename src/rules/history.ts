// A move as a cycle's shape reads it (src/rules/cycles.ts): the stone placed and the stones
// removed. The referee, the simulation and the cycle census each build these from what the rule
// engine reports; the rules themselves are the engine's (assembly/rules.ts).
import type { Color } from "../core/codes.js";

export interface CycleMove {
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
  /** the pass was an abandon move (Zhang 3.1): it does not enter the whole-board position */
  abandon?: boolean;
}
