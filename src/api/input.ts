// Games given as a JSON move list (KataGo analysis style) instead of SGF text: the HTTP API and
// the GTP engine build the same GameRecord that src/sgf/read.ts builds from SGF, so every later
// step (rules, referee, prove) is one code path whatever the input was.
import { ArbiterError } from "../errors.js";
import { fromGtp } from "../core/coords.js";
import { MAX_SIDE, MIN_SIDE, type Color } from "../core/codes.js";
import type { GameRecord, RecordMove } from "../record/record.js";

/** A move or a stone: ["B", "D4"], ["W", "pass"]. */
export type JsonMove = [string, string];

export interface JsonGame {
  boardXSize?: number;
  boardYSize?: number;
  moves: JsonMove[];
  initialStones?: JsonMove[];
  /** who moves first after the initial stones (SGF PL) */
  initialPlayer?: string;
}

function colour(v: unknown, field: string): Color {
  const c = typeof v === "string" ? v.trim().toUpperCase() : "";
  if (c === "B" || c === "BLACK") return "B";
  if (c === "W" || c === "WHITE") return "W";
  throw new ArbiterError(`${field}: the colour must be "B" or "W", got ${JSON.stringify(v)}`);
}

function side(v: unknown, field: string): number {
  if (v === undefined) return 19;
  if (typeof v !== "number" || !Number.isInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
    throw new ArbiterError(`${field} must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** One GTP move as the record's move: a pass, or a point given as (x, y) from the top left. */
export function recordMove(color: Color, vertex: string, width: number, height: number, field: string): RecordMove {
  const v = vertex.trim();
  if (/^pass$/i.test(v)) return { color, x: null, y: null, raw: "", offBoard: false };
  let p;
  try {
    p = fromGtp(v, width, height);
  } catch (e) {
    throw new ArbiterError(`${field}: ${(e as Error).message}`);
  }
  const sgfLetter = (i: number) => String.fromCharCode(97 + i);
  return { color, x: p.x, y: p.y, raw: `${sgfLetter(p.x)}${sgfLetter(p.y)}`, offBoard: false };
}

function pair(v: unknown, field: string): [Color, string] {
  if (!Array.isArray(v) || v.length !== 2 || typeof v[1] !== "string") {
    throw new ArbiterError(`${field} must be a pair like ["B","D4"], got ${JSON.stringify(v)?.slice(0, 40)}`);
  }
  return [colour(v[0], `${field}[0]`), v[1]];
}

/** The game record of a JSON move list. */
export function recordFromJson(g: JsonGame): GameRecord {
  const width = side(g.boardXSize, "boardXSize");
  const height = side(g.boardYSize ?? g.boardXSize, "boardYSize");
  if (!Array.isArray(g.moves)) throw new ArbiterError("moves must be a list of moves like [[\"B\",\"D4\"],[\"W\",\"pass\"]]");
  const setup = new Uint8Array(width * height);
  (g.initialStones ?? []).forEach((s, i) => {
    const [c, v] = pair(s, `initialStones[${i}]`);
    const m = recordMove(c, v, width, height, `initialStones[${i}]`);
    if (m.x === null || m.y === null) throw new ArbiterError(`initialStones[${i}]: a stone needs a point, not a pass`);
    setup[m.y * width + m.x] = c === "B" ? 1 : 2;
  });
  const moves = g.moves.map((mv, i) => {
    const [c, v] = pair(mv, `moves[${i}]`);
    return recordMove(c, v, width, height, `moves[${i}]`);
  });
  const toMove = g.initialPlayer === undefined ? null : colour(g.initialPlayer, "initialPlayer");
  return { width, height, komi: null, rules: null, handicap: 0, toMove, setup, moves, result: null, index: 1 };
}
