// Reading game records from SGF: lex.ts reads the text's structure in one linear pass (every
// problem reported with its line and column, each game tree of a collection on its own), then
// each main line becomes a GameRecord. SGF is written with @sabaki/sgf (write.ts).
import { ArbiterError } from "../errors.js";
import { MAX_SIDE, MIN_SIDE, type Color } from "../core/codes.js";
import type { GameRecord, RecordClock, RecordMove } from "../record/record.js";
import { lexSgf, SGF_LIMITS, type SgfOrigin, type SgfProps } from "./lex.js";

/** Fox's scaled komi, as KataGo and OGS read it: 275 and 550 are 5.5, 325/650 6.5, 350/700 7,
 *  375/750 7.5. */
const FOX_KOMI = new Map<number, number>([[275, 5.5], [550, 5.5], [325, 6.5], [650, 6.5], [350, 7], [700, 7], [375, 7.5], [750, 7.5]]);

/** The properties a game record reads (lexSgf keeps these of the main line, skips the rest). */
const READ = new Set(["SZ", "HA", "KM", "AB", "AW", "AE", "PL", "B", "W", "BL", "WL", "OB", "OW", "TB", "TW", "DD", "TM", "OT", "RU", "RE"]);

/** A record file (or, in a collection, a game tree) longer than this is refused unread. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** What a game tree of a collection gave: its record, or why it was refused. */
export type ReadGame = GameRecord | { index: number; error: string };
export const isRefused = (g: ReadGame): g is { index: number; error: string } => "error" in g;

function parseSize(root: SgfProps): { width: number; height: number } {
  const sz = root.SZ?.[0];
  if (sz === undefined) return { width: 19, height: 19 };
  const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(sz);
  if (!m) throw new ArbiterError(`bad board size SZ[${sz}]: expected a number like 19 or 19:13`);
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  for (const side of [width, height]) {
    if (side < MIN_SIDE || side > MAX_SIDE) {
      throw new ArbiterError(`board size SZ[${sz}] is not supported: sides must be ${MIN_SIDE} to ${MAX_SIDE}`);
    }
  }
  return { width, height };
}

function coord(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 97 && c <= 122) return c - 97; // a..z
  if (c >= 65 && c <= 90) return c - 65 + 26; // A..Z
  return -1;
}

/** An SGF point "cd" as (x, y), or null for a pass ("" or "tt" on boards up to 19). */
function parsePoint(value: string, width: number, height: number, what: string): { x: number; y: number } | null {
  const v = value.trim();
  if (v === "" || (v === "tt" && width <= 19 && height <= 19)) return null;
  if (v.length !== 2 || coord(v[0]) < 0 || coord(v[1]) < 0) {
    throw new ArbiterError(`bad point ${what}[${value}]: expected two letters such as "dd"`);
  }
  return { x: coord(v[0]), y: coord(v[1]) };
}

/** Calls `each` on every point the values name (compressed lists "aa:cc" expanded), once per
 *  value and point: memory stays that of the board, whatever the values repeat. */
function eachPoint(values: string[], width: number, height: number, prop: string, each: (i: number) => void): void {
  for (const value of values) {
    const [a, b] = value.split(":");
    const p = parsePoint(a, width, height, prop);
    const q = b === undefined ? p : parsePoint(b, width, height, prop);
    if (!p || !q) throw new ArbiterError(`bad setup point ${prop}[${value}]`);
    for (let x = Math.min(p.x, q.x); x <= Math.max(p.x, q.x); x++) {
      for (let y = Math.min(p.y, q.y); y <= Math.max(p.y, q.y); y++) {
        if (x >= width || y >= height) throw new ArbiterError(`setup point ${prop}[${value}] is off the ${width}x${height} board`);
        each(y * width + x);
      }
    }
  }
}

/** The points the values name, each once, in row-major order. */
function setupPoints(values: string[], width: number, height: number, prop: string): number[] {
  const named = new Uint8Array(width * height);
  eachPoint(values, width, height, prop, (i) => { named[i] = 1; });
  const out: number[] = [];
  named.forEach((v, i) => { if (v) out.push(i); });
  return out;
}

function parseNumber(value: string | undefined, what: string): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value.trim());
  if (!Number.isFinite(n)) throw new ArbiterError(`bad ${what}: "${value}" is not a number`);
  return n;
}

/** A clock value in seconds, or null when it is not a plain number. */
function seconds(value: string): number | null {
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? n : null;
}

function readGame(line: SgfProps[], index: number): GameRecord {
  const root = line[0];
  const { width, height } = parseSize(root);
  const setup = new Uint8Array(width * height);
  const moves: RecordMove[] = [];
  let toMove: Color | null = null;
  const handicap = parseNumber(root.HA?.[0], "handicap HA") ?? 0;
  if (!Number.isInteger(handicap) || handicap < 0 || handicap > width * height) {
    throw new ArbiterError(`bad handicap HA[${root.HA?.[0]}]`);
  }
  const written = parseNumber(root.KM?.[0], "komi KM");
  if (written !== null && Math.abs(written) > 1000) throw new ArbiterError(`komi KM[${written}] is out of range`);
  // a komi no board could pay is a dialect: Fox writes komi scaled (KM[750] for 7.5)
  const scaled = written !== null ? FOX_KOMI.get(written) : undefined;
  const komi = scaled ?? written;
  const notes = scaled !== undefined
    ? [`KM[${root.KM?.[0]}] is no komi a board could pay: read as the scaled komi Fox writes, ${scaled}`] : [];

  let n = 0;
  let marks: GameRecord["marks"];
  const clockLeft: RecordClock["left"] = [];
  for (const d of line) {
    const hasSetup = d.AB || d.AW || d.AE;
    if (hasSetup) {
      if (moves.length > 0) throw new ArbiterError(`setup (AB/AW/AE) after move ${moves.length} is not supported`);
      for (const [prop, colour] of [["AE", 0], ["AB", 1], ["AW", 2]] as const) {
        if (d[prop]) eachPoint(d[prop], width, height, prop, (i) => { setup[i] = colour; });
      }
    }
    // an empty PL[] says nothing (seen in published problem files)
    if (d.PL && d.PL[0].trim() !== "" && moves.length === 0) {
      const pl = d.PL[0].trim().toUpperCase();
      if (pl !== "B" && pl !== "W") throw new ArbiterError(`bad PL[${d.PL[0]}]: expected B or W`);
      toMove = pl;
    }
    for (const colour of ["B", "W"] as const) {
      const v = d[colour];
      if (!v) continue;
      if (d.B && d.W) throw new ArbiterError(`node ${n} holds both a black and a white move`);
      const p = parsePoint(v[0], width, height, colour);
      const offBoard = p !== null && (p.x >= width || p.y >= height);
      moves.push({ color: colour, x: p?.x ?? null, y: p?.y ?? null, raw: v[0], offBoard });
    }
    for (const [prop, periods, colour] of [["BL", "OB", "B"], ["WL", "OW", "W"]] as const) {
      const left = d[prop] ? seconds(d[prop][0]) : null;
      if (left === null || moves.length === 0) continue;
      const p = d[periods] ? seconds(d[periods][0]) : null;
      clockLeft.push({ color: colour, n: moves.length, left, ...(p !== null ? { periods: p } : {}) });
    }
    // the players' marks of the end: the last node that has any (KGS writes TB/TW on the last pass)
    // (a broken mark spoils only `--dead sgf`, which then says why, not the rest of the record)
    if (d.TB || d.TW || d.DD) {
      marks = { TB: [], TW: [], DD: [] };
      try {
        for (const prop of ["TB", "TW", "DD"] as const) if (d[prop]) marks[prop] = setupPoints(d[prop], width, height, prop);
      } catch (e) {
        marks.error = (e as Error).message;
      }
    }
    n++;
  }
  // the clock is read where it is plain numbers (seconds); anything else is said, not an error
  const TM = root.TM ? seconds(root.TM[0]) : null;
  if (root.TM && TM === null) notes.push(`TM[${root.TM[0]}] is not a number of seconds: the base time is not read from the record`);
  const clock = TM !== null || clockLeft.length ? { TM, OT: root.OT?.[0]?.trim() || null, left: clockLeft } : undefined;
  return {
    width, height, komi, rules: root.RU?.[0]?.trim() || null, handicap, toMove, setup, moves,
    result: root.RE?.[0]?.trim() || null, index, notes, ...(marks ? { marks } : {}), ...(clock ? { clock } : {}),
  };
}

/** The text of a record file's bytes: UTF-8, or UTF-16 where a byte-order mark says so (a
 *  UTF-8 mark is dropped). */
export function decodeRecord(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString("utf16le");
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const le = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    le.swap16();
    return le.toString("utf16le");
  }
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Every game tree of an SGF text, each read or refused on its own (a collection holds several);
 *  the main line is the first variation. `origin`: where the text starts in its file (a piece of
 *  a collection, src/sgf/split.ts), for the lines and columns of messages. */
export function readSgfCollection(text: string, origin?: SgfOrigin): ReadGame[] {
  return lexSgf(text, READ, SGF_LIMITS, Infinity, origin).map((g) => {
    if ("error" in g) return g;
    try {
      return readGame(g.nodes, g.index);
    } catch (e) {
      if (e instanceof ArbiterError) return { index: g.index, error: e.message };
      throw e;
    }
  });
}

/** The first game of an SGF text (a game after it that is refused does not matter). */
export function readSgf(text: string): GameRecord {
  const first = lexSgf(text, READ, SGF_LIMITS, 1).at(0);
  if (!first) throw new ArbiterError("broken SGF: the file holds no game record");
  if ("error" in first) throw new ArbiterError(first.error);
  return readGame(first.nodes, 1);
}
