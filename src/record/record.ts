// A game record as data: what every reader produces (SGF in src/sgf, JSON requests and GTP in
// src/api) and what the referee, the prover and the time rules read. Low in the tree, so that
// the rules never import a reader.
import type { Color } from "../core/codes.js";

export interface RecordMove {
  color: Color;
  /** null for a pass */
  x: number | null;
  y: number | null;
  /** the SGF value, for messages */
  raw: string;
  /** the point lies outside the board */
  offBoard: boolean;
}

/** What the clock of a record says (SGF TM, OT and BL/WL, OB/OW per move). */
export interface RecordClock {
  /** TM: base time, seconds */
  TM: number | null;
  /** OT as written */
  OT: string | null;
  /** per move with a BL or WL: the time left then (in the period, once in byo-yomi), and the
   *  periods left (OB/OW) where written */
  left: { color: Color; n: number; left: number; periods?: number }[];
}

export interface GameRecord {
  width: number;
  height: number;
  komi: number | null;
  /** RU as written, or null */
  rules: string | null;
  handicap: number;
  /** PL in the root: who plays first after the setup */
  toMove: Color | null;
  /** Row-major initial stones: 0 empty, 1 Black, 2 White */
  setup: Uint8Array;
  moves: RecordMove[];
  /** RE as written, or null */
  result: string | null;
  /** 1-based index of the game in its file (collections hold several) */
  index: number;
  /** how something in the record was read that is not plain SGF (a komi dialect) */
  notes?: string[];
  /** what the players marked at the end (the last node of the main line that has marks):
   *  territory (TB, TW) and dead stones (DD), row-major; absent when nothing is marked */
  marks?: { TB: number[]; TW: number[]; DD: number[]; error?: string };
  /** the record's clock: TM (base time, seconds), OT as written, and the time left after each
   *  move that has BL or WL (with OB/OW, the byo-yomi periods left); absent without TM or BL/WL */
  clock?: RecordClock;
}
