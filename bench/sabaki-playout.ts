// The light playout of DESIGN.md section 2, driven through @sabaki/go-board's public API.
// It is the "plain TypeScript on a general-purpose board library" baseline for the benchmark:
// candidates drawn uniformly without replacement among the empty points (rebuilt each ply by a
// row-major scan), own eyes skipped, the first legal move played (suicide forbidden, simple ko),
// a pass when none is left; the game stops after two consecutive passes or 3 x N x N plies.
import { createRequire } from "node:module";
import type * as GoBoardModule from "@sabaki/go-board";

// The package is CommonJS (`module.exports = GoBoard`) while its typings declare `export default`;
// under NodeNext an ESM default import is typed as the whole module (the class then sits at
// `.default.default`), so take the class type from there and load the module with require.
type GoBoardClass = typeof GoBoardModule.default.default;
type GoBoard = InstanceType<GoBoardClass>;
const GoBoard = createRequire(import.meta.url)("@sabaki/go-board") as GoBoardClass;

type Sign = -1 | 1;
type Vertex = [number, number];

/** mulberry32: returns uniform floats in [0, 1) with 32-bit resolution. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SabakiTotals {
  games: number;
  /** stone plays */
  moves: number;
  /** stone plays + passes */
  plies: number;
  capped: number;
}

export function newTotals(): SabakiTotals {
  return { games: 0, moves: 0, plies: 0, capped: 0 };
}

/** DESIGN.md eye rule: every on-board orthogonal neighbour is an own stone, and the diagonals
 *  hold at most one opponent stone, none when the point is on the edge or in a corner. */
function isOwnEye(board: GoBoard, x: number, y: number, sign: Sign): boolean {
  for (const v of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as Vertex[]) {
    if (board.has(v) && board.get(v) !== sign) return false;
  }
  let bad = 0;
  for (const v of [[x - 1, y - 1], [x + 1, y - 1], [x - 1, y + 1], [x + 1, y + 1]] as Vertex[]) {
    if (!board.has(v)) bad = 1; // edge or corner: no opponent diagonal allowed
  }
  for (const v of [[x - 1, y - 1], [x + 1, y - 1], [x - 1, y + 1], [x + 1, y + 1]] as Vertex[]) {
    if (board.has(v) && board.get(v) === -sign) bad++;
  }
  return bad < 2;
}

/**
 * Plays one light playout on an empty size x size board and adds it to `totals`.
 * `record`, when given, receives each ply's move as y * size + x, or -1 for a pass.
 */
export function sabakiPlayout(size: number, rng: () => number, totals: SabakiTotals, record?: number[]): void {
  let board = GoBoard.fromDimensions(size, size);
  const cap = 3 * size * size;
  const cand: number[] = new Array(size * size);
  let sign: Sign = 1;
  let passes = 0;
  let plies = 0;
  let moves = 0;
  while (passes < 2 && plies < cap) {
    let m = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (board.get([x, y]) === 0) cand[m++] = y * size + x;
      }
    }
    let played = -1;
    while (m > 0) {
      const k = Math.floor(rng() * m);
      const p = cand[k];
      cand[k] = cand[--m];
      const x = p % size;
      const y = (p - x) / size;
      if (isOwnEye(board, x, y, sign)) continue;
      try {
        board = board.makeMove(sign, [x, y], { preventSuicide: true, preventKo: true, preventOverwrite: true });
      } catch {
        continue; // suicide or ko: try the next candidate
      }
      played = p;
      break;
    }
    if (played >= 0) {
      passes = 0;
      moves++;
    } else {
      passes++;
    }
    record?.push(played);
    plies++;
    sign = -sign as Sign;
  }
  totals.games++;
  totals.moves += moves;
  totals.plies += plies;
  if (plies >= cap) totals.capped++;
}
