// Reading game records from SGF with @sabaki/sgf. Sabaki's parser is lenient (it accepts an
// unclosed tree or plain garbage as an empty game), so the token stream is checked first and
// every problem is reported with its line and column.
import sgf from "@sabaki/sgf";
import { ArbiterError } from "../errors.js";
import { MAX_SIDE, MIN_SIDE, type Color } from "../core/codes.js";
import type { GameRecord, RecordClock, RecordMove } from "../record/record.js";

/** Fox's scaled komi, as KataGo and OGS read it: 275 and 550 are 5.5, 325/650 6.5, 350/700 7,
 *  375/750 7.5. */
const FOX_KOMI = new Map<number, number>([[275, 5.5], [550, 5.5], [325, 6.5], [650, 6.5], [350, 7], [700, 7], [375, 7.5], [750, 7.5]]);

interface SgfNode {
  data: Record<string, string[]>;
  children: SgfNode[];
}

/** Deepest nesting of game trees accepted: @sabaki/sgf parses variations recursively and runs
 *  out of stack at a few thousand levels. */
const MAX_TREE_DEPTH = 1000;

/** @sabaki/sgf runs out of stack on a value of several megabytes or very deep nesting: a
 *  RangeError from it is bad input, not an internal fault. */
function guarded<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof RangeError) throw new ArbiterError(`SGF too large to read: ${what}`);
    throw e;
  }
}

function checkTokens(text: string): void {
  const tokens = guarded("a property value is too long", () => sgf.tokenize(text)) as
    Array<{ type: string; value: string; row: number; col: number }>;
  const where = (t: { row: number; col: number }) => `line ${t.row + 1}, column ${t.col + 1}`;
  if (tokens.length === 0) throw new ArbiterError("broken SGF: the file holds no game record");
  const invalid = tokens.find((t) => t.type === "invalid");
  if (invalid) {
    throw new ArbiterError(`broken SGF: unexpected "${invalid.value.slice(0, 20)}" at ${where(invalid)}${invalid.value.startsWith("[") ? " (a value is not closed by ])" : ""}`);
  }
  let depth = 0;
  let expectNode = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === "parenthesis") {
      if (t.value === "(") {
        depth++;
        expectNode = true;
        if (depth > MAX_TREE_DEPTH) throw new ArbiterError(`broken SGF: variations nested more than ${MAX_TREE_DEPTH} deep at ${where(t)}`);
      } else {
        if (expectNode) throw new ArbiterError(`broken SGF: empty game tree at ${where(t)}`);
        depth--;
        if (depth < 0) throw new ArbiterError(`broken SGF: unmatched ")" at ${where(t)}`);
      }
      continue;
    }
    if (depth === 0) throw new ArbiterError(`broken SGF: text outside a game tree at ${where(t)}: "${t.value.slice(0, 20)}"`);
    if (t.type === "semicolon") {
      expectNode = false;
      continue;
    }
    if (expectNode) throw new ArbiterError(`broken SGF: a game tree must start with ";" at ${where(t)}`);
    if (t.type === "prop_ident") {
      const next = tokens[i + 1];
      if (!next || next.type !== "c_value_type") {
        throw new ArbiterError(`broken SGF: property ${t.value} has no value at ${where(t)}`);
      }
    }
  }
  if (depth !== 0) throw new ArbiterError(`broken SGF: ${depth} game tree${depth > 1 ? "s are" : " is"} not closed by ")" at the end of the file`);
}

function parseSize(node: SgfNode): { width: number; height: number } {
  const sz = node.data.SZ?.[0];
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

function setupPoints(values: string[], width: number, height: number, prop: string): number[] {
  const out: number[] = [];
  for (const value of values) {
    const [a, b] = value.split(":");
    const p = parsePoint(a, width, height, prop);
    const q = b === undefined ? p : parsePoint(b, width, height, prop);
    if (!p || !q) throw new ArbiterError(`bad setup point ${prop}[${value}]`);
    for (let x = Math.min(p.x, q.x); x <= Math.max(p.x, q.x); x++) {
      for (let y = Math.min(p.y, q.y); y <= Math.max(p.y, q.y); y++) {
        if (x >= width || y >= height) throw new ArbiterError(`setup point ${prop}[${value}] is off the ${width}x${height} board`);
        out.push(y * width + x);
      }
    }
  }
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

function readGame(root: SgfNode, index: number): GameRecord {
  const { width, height } = parseSize(root);
  const setup = new Uint8Array(width * height);
  const moves: RecordMove[] = [];
  let toMove: Color | null = null;
  const handicap = parseNumber(root.data.HA?.[0], "handicap HA") ?? 0;
  if (!Number.isInteger(handicap) || handicap < 0 || handicap > width * height) {
    throw new ArbiterError(`bad handicap HA[${root.data.HA?.[0]}]`);
  }
  const written = parseNumber(root.data.KM?.[0], "komi KM");
  if (written !== null && Math.abs(written) > 1000) throw new ArbiterError(`komi KM[${written}] is out of range`);
  // a komi no board could pay is a dialect: Fox writes komi scaled (KM[750] for 7.5)
  const scaled = written !== null ? FOX_KOMI.get(written) : undefined;
  const komi = scaled ?? written;
  const notes = scaled !== undefined
    ? [`KM[${root.data.KM?.[0]}] is no komi a board could pay: read as the scaled komi Fox writes, ${scaled}`] : [];

  let node: SgfNode | undefined = root;
  let n = 0;
  let marks: GameRecord["marks"];
  const clockLeft: RecordClock["left"] = [];
  while (node) {
    const d = node.data;
    const hasSetup = d.AB || d.AW || d.AE;
    if (hasSetup) {
      if (moves.length > 0) throw new ArbiterError(`setup (AB/AW/AE) after move ${moves.length} is not supported`);
      for (const [prop, colour] of [["AE", 0], ["AB", 1], ["AW", 2]] as const) {
        if (d[prop]) for (const i of setupPoints(d[prop], width, height, prop)) setup[i] = colour;
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
    node = node.children[0];
    n++;
  }
  // the clock is read where it is plain numbers (seconds); anything else is said, not an error
  const TM = root.data.TM ? seconds(root.data.TM[0]) : null;
  if (root.data.TM && TM === null) notes.push(`TM[${root.data.TM[0]}] is not a number of seconds: the base time is not read from the record`);
  const clock = TM !== null || clockLeft.length ? { TM, OT: root.data.OT?.[0]?.trim() || null, left: clockLeft } : undefined;
  return {
    width, height, komi, rules: root.data.RU?.[0]?.trim() || null, handicap, toMove, setup, moves,
    result: root.data.RE?.[0]?.trim() || null, index, notes, ...(marks ? { marks } : {}), ...(clock ? { clock } : {}),
  };
}

/** Every game of an SGF text (a collection holds several); the main line is the first variation. */
export function readSgfCollection(text: string): GameRecord[] {
  checkTokens(text);
  const roots = guarded("variations are nested too deep", () => sgf.parse(text)) as SgfNode[];
  return roots.map((root, i) => readGame(root, i + 1));
}

/** The first game of an SGF text. */
export function readSgf(text: string): GameRecord {
  return readSgfCollection(text)[0];
}
