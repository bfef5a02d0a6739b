// Positions from ASCII diagrams, for tests a referee can check by eye.
//
// A diagram lists the rows from the top of the board to the bottom, one row a line; spaces and
// blank lines are ignored. `X` is a Black stone, `O` a White stone, `.` (or `+`) an empty point,
// and a lowercase letter or digit (not `x` or `o`) is an empty point with a name, so a test can
// say "Black plays a" instead of working out a vertex. Moves are given either as such a mark or as
// a GTP vertex ("D4": columns A..T without I, row 1 at the BOTTOM), or "pass".
//
// Boards are compared as diagrams (`Position.diagram()` against `clean(expected)`) so that a
// failing test prints two boards.
import { Game, type PlayAttempt, type CountMethod } from "../../src/core/game.js";
import { fromGtp, indexToGtp, type Point } from "../../src/core/coords.js";
import { other, type Color, type CoreKo, type SuicideKnob } from "../../src/core/codes.js";

export interface Diagram {
  width: number;
  height: number;
  /** Row-major, 0 empty, 1 Black, 2 White (index y*width+x, y from the top). */
  stones: Uint8Array;
  /** Named empty points. */
  marks: Map<string, Point>;
}

const CELL_EMPTY = new Set([".", "+"]);
const MARK = /^[a-np-wyz0-9]$/;

function rowsOf(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, ""))
    .filter((line) => line.length > 0);
}

export function parseDiagram(text: string): Diagram {
  const rows = rowsOf(text);
  if (rows.length === 0) throw new Error("empty diagram");
  const width = rows[0].length;
  const height = rows.length;
  const stones = new Uint8Array(width * height);
  const marks = new Map<string, Point>();
  rows.forEach((row, y) => {
    if (row.length !== width) {
      throw new Error(`diagram row ${y + 1} has ${row.length} points, the first row ${width}`);
    }
    [...row].forEach((ch, x) => {
      if (ch === "X") stones[y * width + x] = 1;
      else if (ch === "O") stones[y * width + x] = 2;
      else if (CELL_EMPTY.has(ch)) stones[y * width + x] = 0;
      else if (MARK.test(ch)) {
        if (marks.has(ch)) throw new Error(`mark "${ch}" appears twice in the diagram`);
        marks.set(ch, { x, y });
      } else {
        throw new Error(`diagram row ${y + 1}: "${ch}" is not X, O, '.', or a mark [a-z0-9] other than x and o`);
      }
    });
  });
  return { width, height, stones, marks };
}

/** Renders row-major 0/1/2 stones as a diagram: rows top to bottom, cells separated by a space. */
export function boardDiagram(stones: ArrayLike<number>, width: number): string {
  const rows: string[] = [];
  for (let i = 0; i < stones.length; i += width) {
    const cells: string[] = [];
    for (let x = 0; x < width; x++) cells.push(".XO"[stones[i + x]] ?? "?");
    rows.push(cells.join(" "));
  }
  return rows.join("\n");
}

/** The canonical form of a diagram for comparison: marks become empty points. */
export function clean(text: string): string {
  const d = parseDiagram(text);
  return boardDiagram(d.stones, d.width);
}

/** The canonical form of any grid of one-character cells (e.g. an owner map), spaces normalized. */
export function grid(text: string): string {
  return rowsOf(text).map((row) => [...row].join(" ")).join("\n");
}

export interface Attempt extends PlayAttempt {
  /** GTP vertices of the opponent stones removed, sorted. */
  captured: string[];
  /** GTP vertices of the mover's own stones removed (suicide), sorted. */
  selfCaptured: string[];
}

export interface PositionOptions {
  suicide?: SuicideKnob;
  ko?: CoreKo;
  /** Player to move in the diagram (default Black). */
  toMove?: Color;
}

/**
 * A Game set up from a diagram, which keeps track of the player to move so that sequences can be
 * given as alternating moves.
 */
export class Position {
  readonly game: Game;
  readonly width: number;
  readonly height: number;
  readonly marks: Map<string, Point>;
  toMove: Color;

  constructor(text: string, opts: PositionOptions = {}) {
    const d = parseDiagram(text);
    this.width = d.width;
    this.height = d.height;
    this.marks = d.marks;
    this.toMove = opts.toMove ?? "B";
    this.game = new Game({
      width: d.width,
      height: d.height,
      suicide: opts.suicide ?? "forbidden",
      ko: opts.ko ?? "simple",
      toMove: this.toMove,
    });
    this.game.setup(d.stones, this.toMove);
  }

  /** A mark of the diagram or a GTP vertex. */
  point(v: string): Point {
    const m = this.marks.get(v);
    if (m) return m;
    if (v.length === 1) throw new Error(`no mark "${v}" in the diagram`);
    return fromGtp(v, this.width, this.height);
  }

  vertex(index: number): string {
    return indexToGtp(index, this.width, this.height);
  }

  /** Plays v for `color` (default: the player to move). On success the other player is to move. */
  play(v: string, color: Color = this.toMove): Attempt {
    const p = this.point(v);
    const a = this.game.play(p.x, p.y, color);
    if (a.ok) this.toMove = other(color);
    const names = (xs: number[]) => xs.map((i) => this.vertex(i)).sort();
    return { ...a, captured: names(a.captures), selfCaptured: names(a.selfCaptures) };
  }

  pass(color: Color = this.toMove): void {
    this.game.pass(color);
    this.toMove = other(color);
  }

  /**
   * Plays a sequence of alternating moves, starting with the player to move: tokens separated by
   * spaces or commas, each a mark, a GTP vertex or "pass". Every play must be legal; a refusal
   * throws with the move number, so a sequence is for the moves leading up to what is tested.
   */
  moves(seq: string): Attempt[] {
    const out: Attempt[] = [];
    const tokens = seq.split(/[\s,]+/).filter((t) => t.length > 0);
    tokens.forEach((t, i) => {
      if (t.toLowerCase() === "pass") {
        this.pass();
        return;
      }
      const color = this.toMove;
      const a = this.play(t);
      if (!a.ok) {
        throw new Error(`move ${i + 1} of "${seq}" (${color} ${t}) was refused: ${a.reason}\n${this.diagram()}`);
      }
      out.push(a);
    });
    return out;
  }

  diagram(): string {
    return boardDiagram(this.game.board(), this.width);
  }

  /**
   * The owner of every point as a grid: stones as `X`/`O`, empty points `b` (Black's), `w`
   * (White's), `=` (shared) or `.` (nobody's); a stone not owned by its colour shows as `!`.
   */
  ownerDiagram(method: CountMethod): string {
    const owner = this.game.owners(method).owner;
    const stones = this.game.board();
    // a stone whose owner is not its own colour shows as "!"
    const cells = Array.from(owner, (o, i) =>
      stones[i] === 0 ? ".bw="[o] : o === stones[i] ? " XO"[o] : "!");
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += this.width) rows.push(cells.slice(i, i + this.width).join(" "));
    return rows.join("\n");
  }
}
