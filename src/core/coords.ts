// GTP coordinates (DESIGN.md 3): columns A..T without I, row 1 at the bottom.
// Internally a point is (x, y) with x from the left and y from the TOP (as SGF), index y*width+x.
import { ArbiterError } from "../errors.js";

const LETTERS = "ABCDEFGHJKLMNOPQRST";

export interface Point { x: number; y: number }

export function toGtp(p: Point, height: number): string {
  return `${LETTERS[p.x]}${height - p.y}`;
}

export function fromGtp(text: string, width: number, height: number): Point {
  const m = /^([A-HJ-Ta-hj-t])(\d{1,2})$/.exec(text.trim());
  if (!m) throw new ArbiterError(`bad point "${text}": expected a GTP vertex like D4 (columns A-T without I)`);
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const row = Number(m[2]);
  if (x >= width || row < 1 || row > height) {
    throw new ArbiterError(`point ${text} is off the ${width}x${height} board`);
  }
  return { x, y: height - row };
}

// the vertices of a board size, named once (the referee names every move and capture)
const vertexTables = new Map<number, string[]>();

/** The GTP vertex of every row-major index of a width x height board. */
export function vertexTable(width: number, height: number): readonly string[] {
  const key = width * 65536 + height;
  let t = vertexTables.get(key);
  if (!t) {
    t = Array.from({ length: width * height }, (_, i) => toGtp({ x: i % width, y: Math.floor(i / width) }, height));
    vertexTables.set(key, t);
  }
  return t;
}

export function indexToGtp(i: number, width: number, height: number): string {
  return vertexTable(width, height)[i] ?? toGtp({ x: i % width, y: Math.floor(i / width) }, height);
}
