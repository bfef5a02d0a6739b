// The final position as the counting methods see it (RULES.md 0): dead stones removed, the empty
// regions, which colours each region touches, which colours each empty point is adjacent to, and
// the owner of every point under each way of counting empty points.
//
// Plain TypeScript rather than the core's `countOwners`: a count runs once per game, and a scratch
// Game would take over the thread's core from the caller's game. test/scoring.test.ts checks the
// "region" and "liberty" owners against the core's region and point owners. A simulation, which
// counts a game per few microseconds, has the core analyse its final boards instead
// (assembly/score.ts analyseBoard, the same facts in the same layout: test/analysis.test.ts) and
// passes the analysis in (`FinalPosition.analysis`).
import { ArbiterError } from "../errors.js";
import { neighbours, neighbourTable } from "../core/grid.js";
import type { Analysis, FinalPosition } from "./types.js";
import type { RuleSet } from "../ruleset/ruleset.js";

export const NOBODY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const SHARED = 3;

export type { Analysis };

export { neighbours };

function checkIndex(i: number, points: number, what: string): void {
  if (!Number.isInteger(i) || i < 0 || i >= points) {
    throw new ArbiterError(`${what}: index ${i} is off the board (0 to ${points - 1})`);
  }
}

/** Removes the dead stones (unless `removeDead` is false) and finds the regions. */
export function analyse(pos: FinalPosition, removeDead = true): Analysis {
  // the caller's own analysis of this very board (the simulation's, made in the core)
  if (pos.analysis && pos.dead.length === 0) return pos.analysis;
  const { width, height } = pos;
  const points = width * height;
  if (pos.board.length !== points) {
    throw new ArbiterError(`the board has ${pos.board.length} points, ${width}x${height} needs ${points}`);
  }
  // one backing store for all the analysis's arrays: on node 20 a typed array of more than 64
  // bytes costs an allocation of its own, about 1.5 us, and six of them were most of the count of
  // a simulated 9x9 game
  const { region, members, regionStart, board, adjacent, touches } = analysisArrays(new ArrayBuffer(analysisBytes(points)), 0, points);
  region.fill(-1);
  board.set(pos.board);
  let deadBlack = 0;
  let deadWhite = 0;
  if (removeDead) {
    for (const i of new Set(pos.dead)) {
      checkIndex(i, points, "dead stone");
      if (board[i] === BLACK) deadBlack++;
      else if (board[i] === WHITE) deadWhite++;
      board[i] = 0;
    }
  }
  let blackStones = 0;
  let whiteStones = 0;
  for (let i = 0; i < points; i++) {
    const c = board[i];
    if (c === BLACK) blackStones++;
    else if (c === WHITE) whiteStones++;
    else if (c !== 0) throw new ArbiterError(`the board holds ${c}: points are 0 empty, 1 Black, 2 White`);
  }
  const next = neighbourTable(width, height);
  for (let i = 0; i < points; i++) {
    if (board[i] !== 0) continue;
    const around = next[i];
    let adj = 0;
    for (let k = 0; k < around.length; k++) adj |= board[around[k]];
    adjacent[i] = adj;
  }
  // the regions by flood fill, their points laid out one region after another in `members`
  let end = 0;
  let regionCount = 0;
  for (let start = 0; start < points; start++) {
    if (board[start] !== 0 || region[start] >= 0) continue;
    const id = regionCount++;
    const first = end;
    regionStart[id] = first;
    members[end++] = start;
    region[start] = id;
    let touch = 0;
    for (let k = first; k < end; k++) {
      const i = members[k];
      touch |= adjacent[i];
      const around = next[i];
      for (let n = 0; n < around.length; n++) {
        const j = around[n];
        if (board[j] === 0 && region[j] < 0) {
          region[j] = id;
          members[end++] = j;
        }
      }
    }
    touches[id] = touch;
  }
  regionStart[regionCount] = end;
  return { width, height, points, board, deadBlack, deadWhite, blackStones, whiteStones, region, regionCount, members, regionStart,
    touches, adjacent };
}

/** Bytes of the arrays of an analysis of n points, laid out as analysisArrays lays them. */
export const analysisBytes = (n: number): number => 15 * n + 4;

/** An analysis's arrays over `buffer` from byte `base` (4-aligned), for n points: region,
 *  members, regionStart (i32), board, adjacent, touches (u8). The core's ANALYSIS buffer has
 *  this layout too (assembly/score.ts analyseBoard). */
export function analysisArrays(buffer: ArrayBufferLike, base: number, n: number):
  Pick<Analysis, "region" | "members" | "regionStart" | "board" | "adjacent" | "touches"> {
  return {
    region: new Int32Array(buffer, base, n), members: new Int32Array(buffer, base + 4 * n, n),
    regionStart: new Int32Array(buffer, base + 8 * n, n + 1), board: new Uint8Array(buffer, base + 12 * n + 4, n),
    adjacent: new Uint8Array(buffer, base + 13 * n + 4, n), touches: new Uint8Array(buffer, base + 14 * n + 4, n),
  };
}

/** The points of region r (a view into the analysis: do not keep it past the analysis). */
export function regionPoints(a: Analysis, r: number): Int32Array {
  return a.members.subarray(a.regionStart[r], a.regionStart[r + 1]);
}

/** The number of points of region r. */
export const regionSize = (a: Analysis, r: number): number => a.regionStart[r + 1] - a.regionStart[r];

/**
 * How empty points are owned (RULES.md 0 and the counting clauses):
 * - `region`: a region touching one colour is that colour's, touching both is shared, touching
 *   none (an empty board) is nobody's.
 * - `point`: RULES.md 0 "by point": a region touching one colour is that colour's; in a region
 *   touching both, a point adjacent to one colour only is that colour's, and the other points of
 *   the region (adjacent to both, or to no stone) are shared. Also the Grand Rules' reading
 *   (grand 4.6: "the other empty points between Black and White are split").
 * - `new-ing`: as `point`, but a point adjacent to no stone in a region touching both colours is
 *   nobody's (new-ing 2.9).
 * - `liberty`: Zhang's 子气皆地 (zhang 3.7): a point adjacent to one colour only is that colour's,
 *   adjacent to both shared, adjacent to no stone nobody's, whatever its region.
 * Returns an owner per point: 0 nobody, 1 Black, 2 White, 3 shared; stones are their colour's.
 */
export type EmptyRule = "region" | "point" | "new-ing" | "liberty";

/** How the rule set's count owns an empty point (the one place each counting method's choice is
 *  made: the counts and the territory marks of scoring/marks.ts read it here). */
export function emptyRuleOf(rules: RuleSet): EmptyRule {
  switch (rules.scoring) {
    case "zhang": return "liberty"; // zhang 3.7
    case "new-ing": return "new-ing"; // new-ing 2.9
    case "grand": return "point"; // grand 4.6
    default: return rules.emptyCount === "point" ? "point" : "region";
  }
}

export function owners(a: Analysis, rule: EmptyRule): number[] {
  // a plain array: a typed one of more than 64 bytes costs an allocation of its own (node 20)
  const owner: number[] = new Array<number>(a.points).fill(0);
  for (let i = 0; i < a.points; i++) {
    const c = a.board[i];
    owner[i] = c !== 0 ? c : emptyOwner(a, i, rule);
  }
  return owner;
}

/** The owner of the empty point i under `rule` (see owners). */
function emptyOwner(a: Analysis, i: number, rule: EmptyRule): number {
  return ownerOf(a.touches[a.region[i]], a.adjacent[i], rule);
}

/** The owner under `rule` of an empty point whose region touches `touch` and which is next to
 *  `adj` (each 0 nothing, 1 Black, 2 White, 3 both). */
function ownerOf(touch: number, adj: number, rule: EmptyRule): number {
  if (rule === "region") return touch;
  if (rule === "liberty") return adj;
  if (touch !== SHARED) return touch; // one colour's region (or an empty board: nobody's)
  if (adj === BLACK || adj === WHITE) return adj;
  if (adj === SHARED) return SHARED;
  return rule === "point" ? SHARED : NOBODY;
}

export interface EmptyTally {
  blackEmpty: number;
  whiteEmpty: number;
  shared: number;
  /** empty points owned by nobody */
  neutral: number;
}

/** tallyEmpty(a, owners(a, rule)) without the array of owners (a count per simulated game). */
export function tallyOwners(a: Analysis, rule: EmptyRule): EmptyTally {
  const t: EmptyTally = { blackEmpty: 0, whiteEmpty: 0, shared: 0, neutral: 0 };
  if (a.classes) {
    // the core counted the empty points by (touches, adjacent), all an owner depends on
    for (let k = 0; k < 16; k++) {
      const n = a.classes[k];
      if (n === 0) continue;
      const o = ownerOf(k >> 2, k & 3, rule);
      if (o === BLACK) t.blackEmpty += n;
      else if (o === WHITE) t.whiteEmpty += n;
      else if (o === SHARED) t.shared += n;
      else t.neutral += n;
    }
    return t;
  }
  for (let i = 0; i < a.points; i++) {
    if (a.board[i] !== 0) continue;
    const o = emptyOwner(a, i, rule);
    if (o === BLACK) t.blackEmpty++;
    else if (o === WHITE) t.whiteEmpty++;
    else if (o === SHARED) t.shared++;
    else t.neutral++;
  }
  return t;
}

export function tallyEmpty(a: Analysis, owner: ArrayLike<number>): EmptyTally {
  const t: EmptyTally = { blackEmpty: 0, whiteEmpty: 0, shared: 0, neutral: 0 };
  for (let i = 0; i < a.points; i++) {
    if (a.board[i] !== 0) continue;
    const o = owner[i];
    if (o === BLACK) t.blackEmpty++;
    else if (o === WHITE) t.whiteEmpty++;
    else if (o === SHARED) t.shared++;
    else t.neutral++;
  }
  return t;
}

/** Every stone of the strings through the given points (stones only; empty points are an error). */
export function stringsThrough(a: Analysis, starts: number[], what: string): Set<number> {
  const out = new Set<number>();
  for (const s of starts) {
    checkIndex(s, a.points, what);
    const c = a.board[s];
    if (c === 0) throw new ArbiterError(`${what}: there is no live stone at index ${s}`);
    if (out.has(s)) continue;
    const stack = [s];
    out.add(s);
    while (stack.length) {
      const i = stack.pop()!;
      for (const j of neighbours(i, a.width, a.height)) {
        if (a.board[j] === c && !out.has(j)) {
          out.add(j);
          stack.push(j);
        }
      }
    }
  }
  return out;
}

export function checkSides(s: { black: number; white: number } | undefined, what: string): void {
  if (!s) return;
  for (const v of [s.black, s.white]) {
    if (!Number.isInteger(v) || v < 0) throw new ArbiterError(`${what}: counts must be whole numbers ≥ 0, got ${v}`);
  }
}

export { checkIndex };
