// Board symmetries, colour swap and embedding for game records (the parsed GameRecord: setup,
// moves, size, player to move), so that a fixture can be replayed in every orientation, with the
// colours exchanged, or on a larger board. A cycle's kind and the rulings on it must not change.
//
// Points are (x, y) with y from the top, as in the record. The board edges a shape needs (its
// stones rely on the edge for their liberties) are tracked as `Edge`s so that an embedding can
// keep them on the big board's edges.
import type { GameRecord, RecordMove } from "../../src/record/record.js";
import type { Color } from "../../src/core/codes.js";

export type Edge = "top" | "bottom" | "left" | "right";

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const swap = (c: Color): Color => (c === "B" ? "W" : "B");

/** A record with every point moved by `map` onto a `width` x `height` board. */
function remap(record: GameRecord, width: number, height: number,
  map: (x: number, y: number) => { x: number; y: number }): GameRecord {
  const setup = new Uint8Array(width * height);
  for (let i = 0; i < record.setup.length; i++) {
    if (record.setup[i] === 0) continue;
    const p = map(i % record.width, Math.floor(i / record.width));
    setup[p.y * width + p.x] = record.setup[i];
  }
  const moves = record.moves.map((m): RecordMove => {
    if (m.x === null || m.y === null || m.offBoard) return { ...m };
    const p = map(m.x, m.y);
    return { ...m, x: p.x, y: p.y, raw: LETTERS[p.x] + LETTERS[p.y] };
  });
  return { ...record, width, height, setup, moves };
}

/** A quarter turn clockwise: the top edge becomes the right edge. */
export function rotate90(record: GameRecord): GameRecord {
  return remap(record, record.height, record.width, (x, y) => ({ x: record.height - 1 - y, y: x }));
}

/** `quarterTurns` quarter turns clockwise. */
export function rotate(record: GameRecord, quarterTurns: number): GameRecord {
  let r = record;
  for (let i = 0; i < ((quarterTurns % 4) + 4) % 4; i++) r = rotate90(r);
  return r;
}

/** Left and right exchanged. */
export function mirror(record: GameRecord): GameRecord {
  return remap(record, record.width, record.height, (x, y) => ({ x: record.width - 1 - x, y }));
}

/** Black and White exchanged: setup stones, the colour of every move, and the player to move. */
export function swapColors(record: GameRecord): GameRecord {
  const setup = record.setup.map((c) => (c === 1 ? 2 : c === 2 ? 1 : 0));
  const moves = record.moves.map((m) => ({ ...m, color: swap(m.color) }));
  return { ...record, setup, moves, toMove: record.toMove === null ? null : swap(record.toMove) };
}

/** Where `edges` go under a quarter turn clockwise / a mirror. */
export function rotateEdges(edges: Edge[], quarterTurns: number): Edge[] {
  const next: Record<Edge, Edge> = { top: "right", right: "bottom", bottom: "left", left: "top" };
  let out = [...edges];
  for (let i = 0; i < ((quarterTurns % 4) + 4) % 4; i++) out = out.map((e) => next[e]);
  return out;
}
export function mirrorEdges(edges: Edge[]): Edge[] {
  return edges.map((e) => (e === "left" ? "right" : e === "right" ? "left" : e));
}

export interface Embedding {
  width: number;
  height: number;
  /** where the small board's top-left point goes */
  x: number;
  y: number;
}

/** Where to put a `width` x `height` record on a `bigWidth` x `bigHeight` board so that the edges
 *  it needs stay edges; a side that needs no edge is moved `margin` points in from the big edge. */
export function embedding(width: number, height: number, edges: Edge[], bigWidth: number, bigHeight: number,
  margin = 2): Embedding {
  const has = (e: Edge) => edges.includes(e);
  if ((has("left") && has("right") && width !== bigWidth) || (has("top") && has("bottom") && height !== bigHeight)) {
    throw new Error(`a ${width}x${height} shape using opposite edges cannot be embedded in ${bigWidth}x${bigHeight}`);
  }
  const x = has("left") ? 0 : has("right") ? bigWidth - width : Math.min(margin, bigWidth - width);
  const y = has("top") ? 0 : has("bottom") ? bigHeight - height : Math.min(margin, bigHeight - height);
  return { width: bigWidth, height: bigHeight, x, y };
}

/** The record on a larger board at `at`, with a few unrelated stones added far away: single
 *  stones of both colours, two points apart from each other and from the embedded board, so
 *  that they touch nothing and are never captured. */
export function embed(record: GameRecord, at: Embedding, farStones = true): GameRecord {
  if (at.x < 0 || at.y < 0 || at.x + record.width > at.width || at.y + record.height > at.height) {
    throw new Error("the record does not fit at that place");
  }
  const out = remap(record, at.width, at.height, (x, y) => ({ x: x + at.x, y: y + at.y }));
  if (farStones) {
    // at least two points from the embedded board: neither the stone nor its liberties touch it
    const near = (x: number, y: number) =>
      x >= at.x - 1 && x <= at.x + record.width && y >= at.y - 1 && y <= at.y + record.height;
    const stone = (x: number, y: number) =>
      x >= 0 && y >= 0 && x < at.width && y < at.height && out.setup[y * at.width + x] !== 0;
    let colour = 1;
    let placed = 0;
    for (let y = at.height - 1; y >= 0 && placed < 6; y--) {
      for (let x = at.width - 1; x >= 0 && placed < 6; x--) {
        if (near(x, y) || stone(x - 1, y) || stone(x + 1, y) || stone(x, y - 1) || stone(x, y + 1)) continue;
        out.setup[y * at.width + x] = colour;
        colour = 3 - colour;
        placed++;
      }
    }
  }
  return out;
}
