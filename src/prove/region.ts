// Where a prove-by-capture search may play: derived from the target, never given by hand.
// Runs once per proof (not in the search loop), on plain arrays.
import type { Color } from "../core/codes.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { neighbours, connected, libertiesOf, stringsOf } from "../core/grid.js";

export interface Board2D {
  width: number;
  height: number;
  /** row-major 0 empty, 1 Black, 2 White */
  board: Uint8Array;
}

export { neighbours };

/** Connected component of `inside` points containing the seeds. */
function flood(seeds: number[], inside: (i: number) => boolean, b: Board2D): Set<number> {
  return connected(seeds, inside, b.width, b.height);
}

/** Strings of one colour: point -> string id, and the strings' points. */
const strings = (b: Board2D, colour: number) => stringsOf(b.board, b.width, b.height, colour);

/** Whether the opponent may commit suicide: Benson's argument then needs a vital region's every
 *  point to be a liberty, not only its empty ones (assembly/benson.ts). */
export const suicideAllowed = (rules: Pick<RuleSet, "suicide">): boolean => rules.suicide !== "forbidden";

/**
 * Benson's unconditional life: the points of `colour`'s strings that no sequence of opponent
 * moves can capture, even if `colour` always passes. A region (maximal connected set of points
 * without `colour` stones) is vital to a string when all its empty points are liberties of it
 * (all its points, where the rules allow suicide: see assembly/benson.ts); strings with fewer
 * than two vital regions, and regions bordered by such strings, are removed until nothing
 * changes.
 */
export function bensonAlive(b: Board2D, colour: number, rules: Pick<RuleSet, "suicide">): Set<number> {
  const allPoints = suicideAllowed(rules);
  const { id, members } = strings(b, colour);
  const regionOf = new Int32Array(b.board.length).fill(-1);
  const regions: number[][] = [];
  for (let i = 0; i < b.board.length; i++) {
    if (b.board[i] === colour || regionOf[i] >= 0) continue;
    const r = [...flood([i], (q) => b.board[q] !== colour, b)];
    for (const q of r) regionOf[q] = regions.length;
    regions.push(r);
  }
  // bordering strings and the strings each region is vital to
  const border: Set<number>[] = regions.map(() => new Set());
  const vitalTo: Set<number>[] = regions.map(() => new Set());
  regions.forEach((r, k) => {
    for (const p of r) for (const q of neighbours(p, b.width, b.height)) if (id[q] >= 0) border[k].add(id[q]);
    for (const s of border[k]) {
      const vital = r.every((p) => (b.board[p] !== 0 && !allPoints) || neighbours(p, b.width, b.height).some((q) => id[q] === s));
      if (vital) vitalTo[k].add(s);
    }
  });
  const aliveStrings = new Set(members.map((_, k) => k));
  const liveRegions = new Set(regions.map((_, k) => k));
  let changed = true;
  while (changed) {
    changed = false;
    for (const s of [...aliveStrings]) {
      let vital = 0;
      for (const k of liveRegions) if (vitalTo[k].has(s)) vital++;
      if (vital < 2) {
        aliveStrings.delete(s);
        changed = true;
      }
    }
    for (const k of [...liveRegions]) {
      for (const s of border[k]) {
        if (!aliveStrings.has(s)) {
          liveRegions.delete(k);
          changed = true;
          break;
        }
      }
    }
  }
  const out = new Set<number>();
  for (const s of aliveStrings) for (const p of members[s]) out.add(p);
  return out;
}

export interface SearchRegion {
  /** points where either side may play (empty now or emptied by captures) */
  points: number[];
  /** attacker stones that close the region; capturing one is an escape (see `closedByLife`) */
  boundary: Set<number>;
  /** the region is closed by unconditionally alive strings and the edge only: no assumption */
  closedByLife: boolean;
  /** the target's strings */
  targetStones: Set<number>;
  /** points of a local region where the defender's play reaches outside it (living stones of
   *  its own, or room the region leaves out): such a play counts as an escape */
  exits?: Set<number>;
  /** points where the defender may not play (a living group's way out of its region: barring
   *  the defender only makes life harder, so a proof of life stays sound) */
  barred?: Set<number>;
}

/** Wall strings with at most this many liberties may be raced: their liberties are searched. */
const RACE_LIBERTIES = 6;

/** Empty areas this large that touch no defender stone lie outside the fight. */
const OUTSIDE_AREA = 4;

/** An empty area this large that touches the defender is open ground: its points farther than
 *  OPEN_REACH steps (through empty points) from every defender stone lie outside the fight. */
const OPEN_AREA = 40;
const OPEN_REACH = 3;

/** The points of an empty area farther than OPEN_REACH steps from every defender stone. */
function farPoints(area: Set<number>, b: Board2D, d: number): number[] {
  const dist = new Map<number, number>();
  let ring = [...area].filter((p) => neighbours(p, b.width, b.height).some((q) => b.board[q] === d));
  for (const p of ring) dist.set(p, 1);
  for (let k = 2; k <= OPEN_REACH && ring.length; k++) {
    const next: number[] = [];
    for (const p of ring) for (const q of neighbours(p, b.width, b.height)) if (area.has(q) && !dist.has(q)) { dist.set(q, k); next.push(q); }
    ring = next;
  }
  return [...area].filter((p) => !dist.has(p));
}

/**
 * The search region: everything connected to the target strings except the outside — empty
 * areas of OUTSIDE_AREA points or more that touch no defender stone — and the attacker strings
 * that touch the outside or are unconditionally alive (the wall). Attacker stones inside (cutting
 * stones, stones in the eye space) are part of the region and can be captured. Wall strings that
 * are not unconditionally alive are assumed safe (the usual convention of local life-and-death
 * search); the proof says so.
 */
export function searchRegion(b: Board2D, targets: number[], defender: Color, rules: Pick<RuleSet, "suicide">): SearchRegion {
  const d = defender === "B" ? 1 : 2;
  const a = 3 - d;
  const { width, height, board } = b;
  const targetStones = flood(targets, (q) => board[q] === d, b);
  // empty areas, and which of them are outside
  const outside = new Set<number>();
  const openGround = new Set<number>();
  const seen = new Set<number>();
  for (let i = 0; i < board.length; i++) {
    if (board[i] !== 0 || seen.has(i)) continue;
    const area = flood([i], (q) => board[q] === 0, b);
    for (const q of area) seen.add(q);
    const touchesDefender = [...area].some((p) => neighbours(p, width, height).some((q) => board[q] === d));
    if (!touchesDefender && area.size >= OUTSIDE_AREA) for (const q of area) outside.add(q);
    // open ground around the target (a whole-board problem with the rest of the board filled,
    // a group on an open board): the far part of it is outside, and reaching it is an exit
    else if (touchesDefender && area.size >= OPEN_AREA) for (const q of farPoints(area, b, d)) { outside.add(q); openGround.add(q); }
  }
  const alive = bensonAlive(b, a, rules);
  const { id, members } = strings(b, a);
  const wallString = new Map<number, boolean>();
  const isWall = (sid: number): boolean => {
    let w = wallString.get(sid);
    if (w === undefined) {
      w = members[sid].some((p) => alive.has(p) || neighbours(p, width, height).some((q) => outside.has(q)));
      wallString.set(sid, w);
    }
    return w;
  };
  const inside = flood(targets, (q) => board[q] === d || (board[q] === 0 && !outside.has(q)) || (board[q] === a && !isWall(id[q])), b);
  const boundary = new Set<number>();
  for (const p of inside) {
    for (const q of neighbours(p, width, height)) {
      if (board[q] === a && isWall(id[q])) for (const r of members[id[q]]) boundary.add(r);
    }
  }
  // a wall string short of liberties can lose a capturing race with the target: its liberties
  // join the region so the race can be played out (capturing it is still an escape)
  const wallIds = new Set([...boundary].map((p) => id[p]));
  for (const sid of wallIds) {
    if (members[sid].some((p) => alive.has(p))) continue;
    const libs = libertiesOf(members[sid], board, width, height);
    if (libs.size <= RACE_LIBERTIES) for (const q of libs) inside.add(q);
  }
  const points = [...inside].sort((x, y) => x - y);
  if (openGround.size === 0) return { points, boundary, closedByLife: [...boundary].every((p) => alive.has(p)), targetStones };
  // the defender's plays next to the open ground leave the fight: exits (see askWithKo: an
  // escape there is no proof of life, so life is then proven again with them barred)
  const exits = new Set(points.filter((p) => board[p] === 0 && neighbours(p, width, height).some((q) => openGround.has(q))));
  return { points, boundary, closedByLife: false, targetStones, exits };
}
