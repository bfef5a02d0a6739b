// Life by eye regions: Benson's unconditional life with each region's part proven by a local
// search instead of read off its shape (the idea of Müller's safe regions, "Playing it safe",
// 1997; the design and its soundness argument are ours, in docs/prove.md).
//
// A region is a maximal connected set of points without the defender's stones; every point
// around it is a defender stone, so play inside it touches nothing else. A region *keeps* k(s)
// liberties for each string s around it (k = 1 or 2) when the defender, answering every attacker
// move inside it inside it (and passing when the attacker plays elsewhere), can see to it that
// after each of its own replies every string s around the region has at least k(s) empty
// neighbours in it. A local search decides that with the attacker moving first and either side
// free to pass.
//
// Strings around which the regions keep two liberties in all (two regions keeping one, or one
// keeping two) can never be captured, whatever the attacker does: its move lands in one region
// at most, so a string keeps at least one liberty in the others, or one of the two that region
// keeps. As in Benson's algorithm, a region counts only while every string around it counts,
// and strings with fewer than two are dropped until nothing changes. What is left is alive
// without any assumption about the rest of the board (no safe boundary: the attacker's stones
// inside the regions are fought in the searches).
//
// The local search keeps the liberties the strings have outside the region (no one plays there),
// which play on the whole board may fill: that makes it no kinder to the defender, since a string
// that counts cannot be captured anyway (above), a defender move that would be suicide on the
// whole board leaves a string short (a loss in the search), and an attacker move is legal in both
// or in neither. A capture the search finds is a loss for the defender, never an assumption. A ko
// inside a region is fought with threats from everywhere else, which no local search sees: the
// attacker is bound by no ko or repetition rule there (the defender is), and a void is the
// attacker's win.
import type { Color } from "../core/codes.js";
import { fromGtp } from "../core/coords.js";
import { Game } from "../core/game.js";
import { connected, libertiesOf, neighbours, stringsOf } from "../core/grid.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { ask } from "./prove.js";
import type { SearchRegion } from "./region.js";

interface Board { width: number; height: number; board: Uint8Array }

/** A region with more empty points than this is not searched (it keeps nothing). */
export const MAX_EYE_REGION = 20;

export interface EyeRegion {
  /** the region's points (empty points and the attacker's stones inside it) */
  points: number[];
  /** one stone of each string around it */
  around: number[];
  /** the liberties it keeps for each of those strings (0, 1 or 2), in the order of `around`;
   *  null when it was not searched or keeps nothing */
  keeps: number[] | null;
  positions: number;
}

/** What regions were found to keep, by a key of everything their search depends on: a second
 *  call on the same position with some stones taken off searches only the regions that changed. */
export type EyeCache = Map<string, Map<number, number> | null>;

export interface EyeLife {
  /** the defender's stones alive by their eye regions */
  alive: Set<number>;
  /** the regions that count for them (each keeping at least one liberty) */
  regions: EyeRegion[];
  /** moves tried by all the searches */
  positions: number;
}

/**
 * The stones of colour `d` alive by their eye regions. `wanted`: the stones whose life is asked
 * (only the regions that can bear on them are searched). `budget`: moves tried per search, and a
 * deadline for all of them.
 */
export function aliveByEyeRegions(pos: Board, d: 1 | 2, rules: RuleSet, wanted: number[],
  budget: { positions: number; deadline: number }, cache: EyeCache = new Map()): EyeLife {
  const { width, height, board } = pos;
  const defender: Color = d === 1 ? "B" : "W";
  const attacker: Color = d === 1 ? "W" : "B";
  const { id, members } = stringsOf(board, width, height, d);
  // the regions, each with the strings around it and their liberties inside it
  const regionAt = new Int32Array(board.length).fill(-1);
  const regions: (EyeRegion & { strings: Set<number>; libs: Map<number, number>; empty: number })[] = [];
  for (let p = 0; p < board.length; p++) {
    if (board[p] === d || regionAt[p] >= 0) continue;
    const points = [...connected([p], (q) => board[q] !== d, width, height)].sort((x, y) => x - y);
    const strings = new Set<number>();
    const libPoints = new Map<number, Set<number>>();
    let empty = 0;
    for (const q of points) {
      regionAt[q] = regions.length;
      if (board[q] === 0) empty++;
      for (const r of neighbours(q, width, height)) {
        if (board[r] !== d) continue;
        strings.add(id[r]);
        if (board[q] === 0) (libPoints.get(id[r]) ?? libPoints.set(id[r], new Set()).get(id[r])!).add(q);
      }
    }
    const libs = new Map([...strings].map((s) => [s, libPoints.get(s)?.size ?? 0]));
    regions.push({ points, around: [...strings].map((s) => members[s][0]), keeps: null, positions: 0, strings, libs, empty });
  }
  // each string's liberties on the whole board (more than in a region: it has some outside it)
  const allLibs = members.map((m) => (m.length && board[m[0]] === d ? libertiesOf(m, board, width, height).size : 0));
  type Region = (typeof regions)[number];
  // the most a region could keep for a string: the liberties it gives it now, up to two (an
  // upper bound, no search)
  const most = (r: Region, s: number): number => (r.empty > MAX_EYE_REGION ? 0 : Math.min(2, r.libs.get(s) ?? 0));
  const regionsOf = (s: number) => regions.filter((r) => r.strings.has(s));
  // Benson's fixpoint over the strings, with each region keeping for each string what `keeps` says
  const fixpoint = (keeps: (r: Region, s: number) => number, counts: Set<Region>): Set<number> => {
    const alive = new Set<number>(members.map((_, s) => s).filter((s) => members[s].length > 0 && board[members[s][0]] === d));
    for (let changed = true; changed;) {
      changed = false;
      for (const s of [...alive]) {
        let kept = 0;
        for (const r of counts) if (r.strings.has(s)) kept += keeps(r, s);
        if (kept < 2) { alive.delete(s); changed = true; }
      }
      for (const r of [...counts]) if ([...r.strings].some((s) => !alive.has(s))) { counts.delete(r); changed = true; }
    }
    return alive;
  };
  // only the regions that could count for the wanted strings are searched: those around the
  // strings alive even if every region kept the most it could
  const hopeful = fixpoint(most, new Set(regions.filter((r) => [...r.strings].some((s) => most(r, s) > 0))));
  const wantedStrings = new Set(wanted.map((p) => id[p]).filter((s) => s >= 0 && hopeful.has(s)));
  if (!wantedStrings.size) return { alive: new Set(), regions: [], positions: 0 };
  // the strings and regions joined to the wanted ones through hopeful regions
  const toSearch = new Set<Region>();
  const seen = new Set(wantedStrings);
  const queue = [...wantedStrings];
  for (let h = 0; h < queue.length; h++) {
    for (const r of regionsOf(queue[h])) {
      if (toSearch.has(r) || [...r.strings].every((s) => most(r, s) === 0)) continue;
      if ([...r.strings].some((s) => !hopeful.has(s))) continue;
      toSearch.add(r);
      for (const s of r.strings) if (!seen.has(s)) { seen.add(s); queue.push(s); }
    }
  }
  const kept = new Map<Region, Map<number, number>>();
  let positions = 0;
  /** What a region keeps for each string around it, or null. */
  const keepsOf = (r: Region): Map<number, number> | null => {
    const strings = [...r.strings];
    const inside = new Set(r.points);
    const region: SearchRegion = { points: r.points, boundary: new Set(), closedByLife: false,
      targetStones: new Set(strings.flatMap((s) => members[s])), exits: new Set() };
    /** Does the region keep `need` (string by string)? With the attacker's winning line when not. */
    const holds = (need: number[]): { ok: boolean | null; line: string[] } => {
      const q = ask({ width, height, board, rules, defender, targets: strings.map((s) => members[s][0]), region, goal: "liberties", liberties: need },
        attacker, { maxNodes: Number.MAX_SAFE_INTEGER, maxPositions: budget.positions, deadline: budget.deadline }, false);
      positions += q.positions ?? 0;
      r.positions += q.positions ?? 0;
      if (q.captured === null) return { ok: null, line: [] };
      return { ok: !q.captured, line: q.captured ? q.line : [] };
    };
    /** The string the attacker's line leaves short: its index, or -1. */
    const shortAfter = (line: string[], need: number[]): number => {
      const g = new Game({ width, height, suicide: "allowed", ko: "none" });
      g.setup(board, attacker);
      for (const m of line) {
        const [c, v] = m.split(" ");
        if (v === "pass") continue;
        const { x, y } = fromGtp(v, width, height);
        g.play(x, y, c as Color);
      }
      const now = g.board();
      return strings.findIndex((s, i) => {
        const at = members[s][0];
        if (now[at] !== d) return true;
        return [...libertiesOf(connected([at], (q) => now[q] === d, width, height), now, width, height)].filter((q) => inside.has(q)).length < need[i];
      });
    };
    // the most it could keep; where the attacker leaves a string short of that, one liberty
    // fewer for that string, and again, while the search can answer (a region that keeps two
    // liberties for the wall around it and none for a cutting stone still counts for the wall)
    let need = strings.map((s) => Math.min(2, r.libs.get(s) ?? 0));
    for (let tries = 0; tries <= 2 * strings.length && need.some((k) => k > 0); tries++) {
      if (performance.now() > budget.deadline) return null;
      const h = holds(need);
      if (h.ok === true) return new Map(strings.map((s, i) => [s, need[i]]));
      if (h.ok === null) return null;
      const k = shortAfter(h.line, need);
      if (k < 0 || need[k] === 0) break;
      need = need.map((n, i) => (i === k ? n - 1 : n));
    }
    return null;
  };
  // a region's search depends on its points and what is on them, the strings around it, and
  // whether each has a liberty outside it (a string without one could be captured in it)
  const keyOf = (r: Region) => `${d}|${r.points.join(",")}|${r.points.map((q) => board[q]).join("")}|${[...r.strings]
    .map((s) => `${members[s].join(".")}${allLibs[s] > r.libs.get(s)! ? "+" : "-"}`).join(";")}`;
  for (const r of toSearch) {
    if (performance.now() > budget.deadline) break;
    const key = keyOf(r);
    const known = cache.get(key);
    // (kept liberties are found per string of this call: the cache holds them by stone)
    const k = known !== undefined ? known && new Map([...known].map(([p, n]) => [id[p], n])) : keepsOf(r);
    if (known === undefined && performance.now() <= budget.deadline) cache.set(key, k && new Map([...k].map(([s, n]) => [members[s][0], n])));
    if (k) kept.set(r, k);
  }
  const counts = new Set(kept.keys());
  const aliveStrings = fixpoint((r, s) => kept.get(r)?.get(s) ?? 0, counts);
  const alive = new Set<number>();
  for (const s of aliveStrings) for (const p of members[s]) alive.add(p);
  return { alive, regions: [...counts].map((r) => ({ points: r.points, around: [...r.strings].map((s) => members[s][0]),
    keeps: [...r.strings].map((s) => kept.get(r)!.get(s)!), positions: r.positions })), positions };
}
