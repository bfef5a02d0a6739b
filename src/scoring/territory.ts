// Territory counting (RULES.md 5 japanese, korean): territory + prisoners, komi.
//
// Territory: the empty regions bordered by one colour only, after the dead stones are removed.
// Prisoners: the stones a side captured during play plus the opponent's dead stones removed at
// the end. Regions bordered by both colours (dame, the shared liberties of a seki) count for
// nobody; so do the eyes of strings in seki ("no points in seki").
//
// LIMITATION: the engine does no life-and-death analysis, so it cannot see a seki by itself. A
// string in seki with one liberty in its own area and its shared liberties in dame of a point
// or two must fill that point (fillPoints): nobody's; any other eye in seki counts as territory
// unless the caller lists the seki strings (`facts.seki`, any stone of each string); the regions bordered
// by a listed string then count for nobody. Points a side must still fill (fillPoints) are not
// its territory. Missing prisoners (`facts.prisoners`) count as 0 and the breakdown says so.
import type { RuleSet } from "../ruleset/ruleset.js";
import { analyse, checkSides, neighbours, regionPoints, regionSize, stringsThrough, BLACK, WHITE, SHARED, type Analysis } from "./board.js";
import { neighbourTable } from "../core/grid.js";
import type { CountFacts, FinalPosition, Score } from "./types.js";

/**
 * Points a side must fill before the end, which are therefore not its territory (Japanese 1989
 * rules, art. 8 and its commentary; how KGS counts): a point of its territory that is the last
 * liberty left to one of its strings once the opponent has filled that string's liberties on
 * shared points (dame, the liberties of a seki), when the side cannot take that dame itself
 * without its stone there being in atari. A false eye, a cutting point behind a stone the
 * opponent can atari from the dame, and a seki string's liberty in its own area are such points.
 */
const DAME = 2;

export function fillPoints(a: Analysis): Set<number> {
  const out = new Set<number>();
  // each such point is the one liberty a string has in its own area: with no such string (the
  // core counted them), there is nothing to look for
  if (a.singleInside === 0) return out;
  const { board, points, region, touches } = a;
  const next = neighbourTable(a.width, a.height);
  // one flood per string: `mark` holds, for a stone, its string's number once reached, and for
  // an empty point, the number of the last string that listed it (no repeats without a Set)
  // (the arrays are made once per board size and kept: a typed array of more than 64 bytes costs
  // an allocation of its own on node 20, and four per count were a fifth of a simulated game)
  const { mark, stack, scratch } = scratchFor(points, next);
  mark.fill(-1);
  let k = -1;
  for (let i = 0; i < points; i++) {
    const c = board[i];
    if (c === 0 || mark[i] >= 0) continue;
    k++;
    let inside = -1;
    let insideCount = 0;
    let dame: number[] | null = null;
    let open = false;
    let top = 0;
    stack[top++] = i;
    mark[i] = k;
    while (top > 0) {
      const around = next[stack[--top]];
      for (let j = 0; j < around.length; j++) {
        const q = around[j];
        const b = board[q];
        if (b === c) {
          if (mark[q] < 0) { mark[q] = k; stack[top++] = q; }
          continue;
        }
        if (b !== 0 || mark[q] === k) continue;
        mark[q] = k;
        const r = region[q];
        if (touches[r] === c) { inside = q; insideCount++; }
        else if (touches[r] === SHARED) {
          // a shared region of a point or two is dame; a larger one is open ground, not filled
          if (regionSize(a, r) <= DAME) (dame ??= []).push(q);
          else open = true;
        }
      }
    }
    if (open || insideCount !== 1) continue;
    // a string in atari whose last liberty is inside its own area: the opponent takes it by
    // playing there (a capture is never suicide), so the side must connect there (KGS
    // 2006-04-14-47: Black's G10 in atari, the ko point G9 counted for nobody)
    if (dame === null) {
      out.add(inside);
      continue;
    }
    // the side can fill one of those dame itself, as the dame are filled, when its stone there
    // keeps the string out of atari once the opponent has filled the others: then no point of
    // its territory is lost. KGS counts it so: of the 11 points of this kind with one dame in
    // 896 KGS records with territory marks, 7 are marked territory; the rule without this test
    // got 870 of those records right, with it 877. Where the side's own stone would be in atari
    // (2017-01-07-2, J19), only the opponent fills the dame. A string with two dame or more
    // loses its inside point the same way (KGS 2015-04-14-35: Black's 25 stones at P13, dame L9
    // and K6, the eye Q13 counted by the players as no one's).
    if (dame.some((d) => safeFill(a, d, c, dame!, scratch))) continue;
    out.add(inside);
  }
  return out;
}

/** A stone of colour `c` at `d`, joining every string of its own next to `d`, leaves the joined
 *  string at least two liberties besides the string's dame (`dame`, which the opponent fills).
 *  Other dame next to the new stone count as its liberties: counting them as filled too took
 *  as many of the 896 marked KGS records (885), and lost 4 of the 300 games of the real-disputes
 *  benchmark that this rule keeps (2003-06-21-3: White's G1 H1, dame F1 in {E1, F1}, keeps J1). */
function safeFill(a: Analysis, d: number, c: number, dame: readonly number[], s: Scratch): boolean {
  const { board } = a;
  const { next, seen, stack } = s;
  const round = ++s.round;
  let libs = 0;
  let top = 0;
  seen[d] = round;
  stack[top++] = d;
  while (top > 0) {
    const around = next[stack[--top]];
    for (let j = 0; j < around.length; j++) {
      const q = around[j];
      if (seen[q] === round) continue;
      seen[q] = round;
      if (board[q] === c) stack[top++] = q;
      else if (board[q] === 0 && !dame.includes(q) && ++libs >= 2) return true;
    }
  }
  return false;
}

/** Flood space for safeFill, made once per count: `seen[q] === round` marks this flood's points. */
interface Scratch { next: readonly (readonly number[])[]; seen: Int32Array; stack: Int32Array; round: number }

/** fillPoints' working arrays for a board size, reused (fillPoints runs to its end without
 *  yielding, so no two counts share them at once). `seen` holds rounds: it is cleared only when
 *  the round count would overflow. */
const scratches = new Map<number, { mark: Int32Array; stack: Int32Array; scratch: Scratch }>();
function scratchFor(points: number, next: Scratch["next"]): { mark: Int32Array; stack: Int32Array; scratch: Scratch } {
  let s = scratches.get(points);
  if (!s || s.scratch.next !== next) {
    s = { mark: new Int32Array(points), stack: new Int32Array(points),
      scratch: { next, seen: new Int32Array(points), stack: new Int32Array(points), round: 0 } };
    scratches.set(points, s);
  }
  if (s.scratch.round > 0x3fffffff) {
    s.scratch.seen.fill(0);
    s.scratch.round = 0;
  }
  return s;
}

export function countTerritory(pos: FinalPosition, rules: RuleSet, facts: CountFacts = {}): Score {
  const a = analyse(pos);
  const fill = fillPoints(a);
  checkSides(facts.prisoners, "prisoners");
  const seki = stringsThrough(a, facts.seki ?? [], "seki stone");
  let blackEmpty = 0;
  let whiteEmpty = 0;
  let shared = 0;
  let neutral = 0;
  let sekiPoints = 0;
  for (let r = 0; r < a.regionCount; r++) {
    const size = regionSize(a, r);
    const touch = a.touches[r];
    if (touch === SHARED) {
      shared += size; // japanese: dame and shared liberties count for nobody
      continue;
    }
    if (touch === 0) {
      neutral += size; // an empty board
      continue;
    }
    // japanese: no points in seki — a region bordered by a listed seki string is nobody's
    // (the region's points are looked at only when there are seki strings or fill points: a
    // view per region was a good part of a simulated game's count)
    let bordersSeki = false;
    let filled = 0;
    if (seki.size > 0 || fill.size > 0) {
      const members = regionPoints(a, r);
      bordersSeki = seki.size > 0 && members.some((i) => neighbours(i, a.width, a.height).some((j) => seki.has(j)));
      for (const i of members) if (fill.has(i)) filled++;
    }
    if (bordersSeki) {
      sekiPoints += size;
      neutral += size;
    } else {
      neutral += filled;
      if (touch === BLACK) blackEmpty += size - filled;
      else if (touch === WHITE) whiteEmpty += size - filled;
    }
  }
  const captured = { black: facts.prisoners?.black ?? 0, white: facts.prisoners?.white ?? 0 };
  // japanese: prisoners = captured during play + the opponent's dead stones
  const prisoners = { black: captured.black + a.deadWhite, white: captured.white + a.deadBlack };
  return {
    method: "territory",
    black: blackEmpty + prisoners.black,
    white: whiteEmpty + prisoners.white,
    komi: rules.komi,
    shared,
    breakdown: {
      blackStones: a.blackStones,
      whiteStones: a.whiteStones,
      blackEmpty,
      whiteEmpty,
      neutral,
      deadBlack: a.deadBlack,
      deadWhite: a.deadWhite,
      sharedEach: 0,
      territory: { prisoners, captured, prisonersKnown: facts.prisoners !== undefined, sekiPoints,
        fillPoints: [...fill].sort((x, y) => x - y) },
    },
  };
}
