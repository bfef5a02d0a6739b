// The core's Benson test (assembly/benson.ts, asked by the prover after each defender move)
// against the plain one of src/prove/region.ts, which the dispute code has used since issue 5:
// on positions from random legal play, of several sizes and lengths, every stone of one colour
// is a target, and the count of targets alive must be the number of that colour's stones the
// plain algorithm calls unconditionally alive. Plus two positions worked by hand.
import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";
import { bensonAlive } from "../src/prove/region.js";

// the two kinds of suicide rule Benson's argument tells apart (the vital regions' condition)
const FORBIDDEN = { suicide: "forbidden" } as const;
const ALLOWED = { suicide: "allowed" } as const;

/** A 32-bit PRNG (mulberry32) for reproducible positions. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays `colour` at row-major p (legal or not) unless p lies inside one of its own eyes, where
 *  random play would fill the positions up with living groups; false when it did not play. */
function playOutsideOwnEye(game: Game, p: number, colour: 1 | 2): boolean {
  const w = game.width, h = game.height;
  const b = game.board();
  const x = p % w, y = Math.floor(p / w);
  const around = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1].filter((q) => q >= 0);
  if (around.every((q) => b[q] === colour)) return false;
  game.play(x, y, colour === 1 ? "B" : "W");
  return true;
}

function coreCount(game: Game, board: Uint8Array, colour: 1 | 2, suicideAllowed = false): number {
  const targets = [...board.keys()].filter((p) => board[p] === colour);
  game.setBensonTargets(targets);
  return game.bensonAlive(colour === 1 ? "B" : "W", suicideAllowed);
}

describe("Benson in the core agrees with the plain algorithm", () => {
  for (const [w, h] of [[9, 9], [19, 19], [5, 7], [13, 13]] as const) {
    it(`${w}x${h}: 300 positions from random play`, () => {
      const next = rng(w * 100 + h);
      let checked = 0, withLife = 0, withStrictLife = 0;
      for (let g = 0; g < 30; g++) {
        const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "simple" });
        const length = Math.floor(next() * w * h * 3);
        for (let m = 0; m < length; m++) {
          if (!playOutsideOwnEye(game, Math.floor(next() * w * h), m % 2 === 0 ? 1 : 2)) continue;
          if (m % Math.max(1, Math.floor(length / 10)) !== 0) continue;
          const board = game.board();
          for (const colour of [1, 2] as const) {
            const plain = bensonAlive({ width: w, height: h, board }, colour, FORBIDDEN).size;
            expect(coreCount(game, board, colour)).toBe(plain);
            // where suicide is allowed too (every point of a vital region a liberty)
            const strict = bensonAlive({ width: w, height: h, board }, colour, ALLOWED).size;
            expect(coreCount(game, board, colour, true)).toBe(strict);
            expect(strict).toBeLessThanOrEqual(plain);
            checked++;
            if (plain > 0) withLife++;
            if (strict > 0) withStrictLife++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(withLife).toBeGreaterThan(20); // the positions do hold unconditional life
      expect(withStrictLife).toBeGreaterThan(10);
    });
  }

  // Where suicide is allowed, an attacker stone inside an eye on a point that touches no
  // defender stone can be removed by the attacker's own suicide, and the point it leaves is no
  // liberty: the eye is no longer vital. 9x9, from the top: White C9 E9 C8 E8 A7 B7 C7 D7 E7,
  // eyes A9-B9-A8-B8 and D9-D8; a Black stone on A9, which touches B9 and A8 only.
  it("where suicide is allowed, an eye holding an attacker stone on a point that is no liberty is not vital", () => {
    const white = [2, 4, 11, 13, 18, 19, 20, 21, 22];
    const board = new Uint8Array(81);
    for (const p of white) board[p] = 2;
    board[0] = 1;
    for (const suicide of ["forbidden", "allowed"] as const) {
      const game = new Game({ width: 9, height: 9, suicide, ko: "simple" });
      game.setup(board);
      expect(bensonAlive({ width: 9, height: 9, board }, 2, FORBIDDEN).size).toBe(9);
      expect(coreCount(game, board, 2)).toBe(9);
      expect(bensonAlive({ width: 9, height: 9, board }, 2, ALLOWED).size).toBe(0);
      expect(coreCount(game, board, 2, true)).toBe(0);
    }
    // Why, played out with White passing throughout. Black fills the outside liberties
    // (A6-E6, F7-F9), then B9 and A8; B8 fills the eye's last point: refused as suicide where
    // suicide is forbidden (White is alive), but where it is allowed Black's four stones are
    // removed, the eye is empty with A9 no liberty, and Black's B9, A8, B8 (liberty A9) stand
    // while D9 and D8 take White's last liberties: all nine captured.
    const xy = (s: string): [number, number] => [s.charCodeAt(0) - 65 - (s[0] > "I" ? 1 : 0), 9 - Number(s.slice(1))];
    for (const suicide of ["forbidden", "allowed"] as const) {
      const game = new Game({ width: 9, height: 9, suicide, ko: "simple" });
      game.setup(board);
      const black = (s: string): boolean => game.play(...xy(s), "B").ok;
      for (const s of ["A6", "B6", "C6", "D6", "E6", "F7", "F8", "F9", "B9", "A8"]) expect(black(s)).toBe(true);
      if (suicide === "forbidden") { expect(black("B8")).toBe(false); continue; }
      expect(black("B8")).toBe(true);
      expect(game.board()[0]).toBe(0); // A9 emptied by the suicide
      for (const s of ["B9", "A8", "B8", "D9", "D8"]) expect(black(s)).toBe(true);
      const after = game.board();
      for (const p of white) expect(after[p]).toBe(0);
    }
  });

  it("two eyes (A9 and C9 inside White's wall) are alive; one eye and an open point are not", () => {
    // W: B9 D9 A8 B8 C8 D8 (eyes A9, C9) on 5x5, Black around it at E9 E8 A7-E7
    const game = new Game({ width: 5, height: 5, suicide: "forbidden", ko: "simple" });
    const board = new Uint8Array(25);
    for (const p of [1, 3, 5, 6, 7, 8]) board[p] = 2;
    for (const p of [4, 9, 10, 11, 12, 13, 14]) board[p] = 1;
    game.setup(board);
    expect(coreCount(game, board, 2)).toBe(6);
    // White fills C9 and leaves D9: D9's region runs through Black's E9 to the open points
    // below Black's wall, so only the eye A9 is vital: not alive
    const one = Uint8Array.from(board);
    one[2] = 2;
    one[3] = 0;
    game.setup(one);
    expect(coreCount(game, one, 2)).toBe(0);
  });

  // The prover fixes, once per search, the points outside its region that stay open for the
  // defender whatever is played inside (assembly/benson.ts bensonFixOpen). That must never
  // change an answer: from random positions, with a random rectangle as the region, random
  // play inside it (captures included) keeps the fixed test equal to the plain one.
  for (const [w, h] of [[9, 9], [19, 19], [7, 5]] as const) {
    it(`${w}x${h}: the outside of a region fixed open gives the same answers during play inside it`, () => {
      const next = rng(w * 1000 + h + 7);
      let checked = 0, withLife = 0;
      for (let g = 0; g < 30; g++) {
        const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "simple" });
        const start = Math.floor(next() * w * h * 2);
        const fill = (m: number, inside: (p: number) => boolean): void => {
          const p = Math.floor(next() * w * h);
          if (inside(p)) playOutsideOwnEye(game, p, m % 2 === 0 ? 1 : 2);
        };
        for (let m = 0; m < start; m++) fill(m, () => true);
        const x0 = Math.floor(next() * w), y0 = Math.floor(next() * h);
        const x1 = Math.min(w, x0 + 2 + Math.floor(next() * w / 2)), y1 = Math.min(h, y0 + 2 + Math.floor(next() * h / 2));
        const inRegion = (p: number): boolean => p % w >= x0 && p % w < x1 && Math.floor(p / w) >= y0 && Math.floor(p / w) < y1;
        const region = [...Array(w * h).keys()].filter(inRegion);
        const colour = next() < 0.5 ? 1 : 2;
        const name = colour === 1 ? "B" : "W";
        game.fixBensonRegion(region, name);
        for (let m = 0; m < 60; m++) {
          fill(m + g, inRegion);
          const board = game.board();
          game.setBensonTargets([...board.keys()].filter((p) => board[p] === colour));
          const plain = bensonAlive({ width: w, height: h, board }, colour, FORBIDDEN).size;
          expect(game.bensonAliveFixed(name)).toBe(plain);
          checked++;
          if (plain > 0) withLife++;
        }
      }
      expect(checked).toBe(30 * 60);
      expect(withLife).toBeGreaterThan(50);
    });
  }

  it("a point outside the region next to it is not fixed open: White's play beside it can close it into an eye", () => {
    // 5x5, rows from the top: A5 (outside) empty; B5 and A4 the region; White C5 E5, B4-E4;
    // Black's wall A3-E3, open points below. D5 is an eye. A5's area runs through A4 and
    // Black's wall to the open points: one vital region, not alive.
    const game = new Game({ width: 5, height: 5, suicide: "forbidden", ko: "simple" });
    const board = new Uint8Array(25);
    for (const p of [2, 4, 6, 7, 8, 9]) board[p] = 2;
    for (const p of [10, 11, 12, 13, 14]) board[p] = 1;
    game.setup(board);
    game.fixBensonRegion([1, 5], "W");
    game.setBensonTargets([2, 4, 6, 7, 8, 9]);
    expect(game.bensonAliveFixed("W")).toBe(0);
    // White A4 closes A5 and B5 into a second eye (only the region was played on): alive
    game.play(0, 1, "W");
    game.setBensonTargets([2, 4, 5, 6, 7, 8, 9]);
    expect(game.bensonAliveFixed("W")).toBe(7);
  });
});

/** The safe area worked the plain way, from the plain test's alive stones: those stones, and every
 *  point of each region (a maximal connected set of points not the colour's) whose strings around
 *  it are all alive, whose empty points all touch one of them, and of whose points at most one
 *  (none where suicide is allowed) touches none; for a bound, two next to each other too. */
function plainArea(w: number, h: number, board: Uint8Array, colour: 1 | 2, allPoints: boolean, bound = false): number {
  const alive = bensonAlive({ width: w, height: h, board }, colour, allPoints ? ALLOWED : FORBIDDEN);
  const around = (p: number) => {
    const x = p % w, y = Math.floor(p / w);
    return [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1].filter((q) => q >= 0);
  };
  const component = (start: number, inside: (q: number) => boolean) => {
    const seen = new Set([start]);
    for (const p of seen) for (const q of around(p)) if (inside(q)) seen.add(q);
    return seen;
  };
  let area = alive.size;
  const done = new Set<number>();
  for (let p = 0; p < w * h; p++) {
    if (board[p] === colour || done.has(p)) continue;
    const region = component(p, (q) => board[q] !== colour);
    for (const q of region) done.add(q);
    const next = new Set<number>(); // the strings around it, by a stone of each
    for (const q of region) for (const n of around(q)) if (board[n] === colour) next.add(n);
    if (next.size === 0 || ![...next].every((n) => alive.has(n))) continue;
    const apart = [...region].filter((q) => !around(q).some((a) => alive.has(a)));
    // (for a bound, where play that never ends is void, two inside points next to each other too)
    const inside = apart.length <= (allPoints ? 0 : 1) ||
      (bound && !allPoints && apart.length === 2 && around(apart[0]).includes(apart[1]));
    const touching = apart.every((q) => board[q] !== 0) && inside;
    if (touching) area += region.size;
  }
  return area;
}

// The solver's bound (assembly/benson.ts bensonArea): the points a colour keeps whatever is
// played, where every stone on the board counts at the end: its unconditionally alive stones and
// every point of each region whose strings around it are all alive and every point of which
// touches one of them, worked by hand below.
describe("Benson's safe area", () => {
  it("3x3: Black's middle column with White A3 inside one of its two regions keeps the whole board", () => {
    // rows from the top: White A3; Black B3 B2 B1. The regions A3-A2-A1 and C3-C2-C1: every
    // empty point touches Black's string, so both are vital, and White's A3 cannot live there
    const board = new Uint8Array(9);
    board[0] = 2;
    for (const p of [1, 4, 7]) board[p] = 1;
    const game = new Game({ width: 3, height: 3, suicide: "forbidden", ko: "simple" });
    game.setup(board);
    expect(game.bensonArea("B")).toBe(9);
    expect(game.bensonArea("W")).toBe(0);
    // a Black stone taken off the column (B1 empty): the string B3-B2 has two regions that
    // meet at B1 and are one region, A1-B1-C1 and both columns: one vital region, nothing safe
    const open = Uint8Array.from(board);
    open[7] = 0;
    game.setup(open);
    expect(game.bensonArea("B")).toBe(0);
  });

  it("5x5: White's two eyes keep its six stones and both eyes; one eye keeps nothing", () => {
    // W: B5 D5 A4 B4 C4 D4 (eyes A5, C5); Black E5 E4 A3-E3; open points below Black's wall
    const board = new Uint8Array(25);
    for (const p of [1, 3, 5, 6, 7, 8]) board[p] = 2;
    for (const p of [4, 9, 10, 11, 12, 13, 14]) board[p] = 1;
    const game = new Game({ width: 5, height: 5, suicide: "forbidden", ko: "simple" });
    game.setup(board);
    expect(game.bensonArea("W")).toBe(8);
    expect(game.bensonArea("B")).toBe(0); // (Black's wall has the open board below it)
    const one = Uint8Array.from(board);
    one[2] = 2;
    one[3] = 0;
    game.setup(one);
    expect(game.bensonArea("W")).toBe(0);
  });

  it("5x5: a region vital to Black's wall with White stones inside that touch no Black stone does not count", () => {
    // rows from the top: White A5-E5; row 4 empty; Black A3-E3, A2-E2, B1 D1 E1 (eyes A1, C1).
    // The top region's empty points are all liberties of the wall (Benson's vital region), but
    // White's row touches none of Black's stones: once captured it leaves points out of reach of
    // Black's wall, so the top is not counted; the stones and the two eyes are (13 + 2)
    const board = new Uint8Array(25);
    for (let p = 0; p < 5; p++) board[p] = 2;
    for (let p = 10; p < 25; p++) board[p] = 1;
    board[20] = 0;
    board[22] = 0;
    const game = new Game({ width: 5, height: 5, suicide: "forbidden", ko: "simple" });
    game.setup(board);
    expect(game.bensonArea("B")).toBe(15);
    // Black on row 4 too, White on B5 and D5 only: every point of the top row touches Black's
    // wall, so it counts with White's two stones in it, the whole board
    const touching = Uint8Array.from(board);
    for (let p = 0; p < 5; p++) { touching[p] = p === 1 || p === 3 ? 2 : 0; touching[p + 5] = 1; }
    game.setup(touching);
    expect(game.bensonArea("B")).toBe(25);
  });

  it("2x3 and 2x4: one point of the region out of reach of Black's strings is allowed, three are not", () => {
    // 2x3, rows from the top: White A3 B3; A2 empty, Black B2; Black A1, B1 empty. Black's two
    // stones each have the regions A2-A3-B3 and B1 as vital ones: alive. Of the top region only
    // A3 touches no Black stone: White's eye there is the one it can have, Black A2 captures
    // both stones and then joins A2 to the rest (B3, emptied, touches B2): the whole board
    const board = Uint8Array.from([2, 2, 0, 1, 1, 0]);
    const game = new Game({ width: 2, height: 3, suicide: "forbidden", ko: "simple" });
    game.setup(board);
    expect(game.bensonArea("B")).toBe(6);
    // (where suicide is allowed a vital region's every point must touch the string, and A3
    // touches neither: each string has one vital region, B1, and nothing is alive)
    const nz = new Game({ width: 2, height: 3, suicide: "allowed", ko: "simple" });
    nz.setup(board);
    expect(nz.bensonArea("B", true)).toBe(0);
    // 2x4 with White's block two rows deep (A4 B4 A3 B3): A4, B4 and A3 touch no Black stone;
    // the region does not count, only the two stones and B1
    const deep = Uint8Array.from([2, 2, 2, 2, 0, 1, 1, 0]);
    const g4 = new Game({ width: 2, height: 4, suicide: "forbidden", ko: "simple" });
    g4.setup(deep);
    expect(g4.bensonArea("B")).toBe(3);
  });

  for (const [w, h] of [[6, 5], [7, 9]] as const) {
    it(`${w}x${h}: two alive strings share a region, each point of it touching one of them, not all one: it counts`, () => {
      // Black: column B with A's even rows (eyes on A's odd rows) and, right of the open
      // columns C-D, column E with ${w === 7 ? "column G and " : ""}F's even rows (eyes on F's odd
      // rows). C touches only the left string and D only the right one, so the region C-D is
      // vital to neither, yet White can make no eye in it: the whole board is Black's
      const board = new Uint8Array(w * h);
      for (let y = 0; y < h; y++) {
        const row = y * w;
        board[row + 1] = 1;
        board[row + 4] = 1;
        if (w === 7) board[row + 6] = 1;
        if (y % 2 === 1) { board[row] = 1; board[row + 5] = 1; }
      }
      const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "simple" });
      game.setup(board);
      expect(game.bensonArea("B")).toBe(w * h);
      // a White stone in the middle changes nothing: it touches the left string
      const inside = Uint8Array.from(board);
      inside[2 * w + 2] = 2;
      game.setup(inside);
      expect(game.bensonArea("B")).toBe(w * h);
      // column B cut at its second row from the top (that point empty): the left string is two,
      // the upper one with a single eye, so it is not alive and the middle region joins A's
      const cut = Uint8Array.from(board);
      cut[w + 1] = 0;
      game.setup(cut);
      expect(game.bensonArea("B")).toBeLessThan(w * h);
    });
  }

  it("for a bound, a region with two inside points next to each other counts too (2x4, 3x3)", () => {
    // 2x4, rows from the top: White A4 B4; row 3 empty; Black A2 B2; row 1 empty. Black's
    // string has the regions row 1 and the top (its empty points A3 B3 its liberties): alive.
    // A4 and B4 touch no Black stone: White's eye there is one at most (of one point or two),
    // so Black always has a move in the top while White has stones there (a fill of A3 or B3, a
    // capture, or a stone thrown in beside the other inside point) and play that ends leaves
    // the top Black's: 8 for a bound; the leaf's count, which needs play to end, is 4
    const game = new Game({ width: 2, height: 4, suicide: "forbidden", ko: "simple" });
    game.setup(Uint8Array.from([2, 2, 0, 0, 1, 1, 0, 0]));
    expect(game.bensonArea("B")).toBe(4);
    expect(game.bensonBoundArea("B")).toBe(8);
    // 3x3: White A3 B3 C3 A2; B2 empty; Black C2, A1 B1; C1 empty. Black's two strings share the
    // regions B2 (with White's stones) and C1, both vital to both: alive. A3 and B3 touch no
    // Black stone: 9 for a bound, the stones and C1 (4) for the leaf
    const g3 = new Game({ width: 3, height: 3, suicide: "forbidden", ko: "simple" });
    g3.setup(Uint8Array.from([2, 2, 2, 2, 0, 1, 1, 1, 0]));
    expect(g3.bensonArea("B")).toBe(4);
    expect(g3.bensonBoundArea("B")).toBe(9);
    // three inside points (2x5, White A5 B5 A4 B4 with row 3 empty): neither count takes the top
    const g5 = new Game({ width: 2, height: 5, suicide: "forbidden", ko: "simple" });
    g5.setup(Uint8Array.from([2, 2, 2, 2, 0, 0, 1, 1, 0, 0]));
    expect(g5.bensonBoundArea("B")).toBe(4);
  });

  it("on every legal board of 2x3 and 3x3, each colour's area is the plain count's", () => {
    let boards = 0, withArea = 0;
    for (const [w, h] of [[3, 3], [2, 3]] as const) {
      const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "simple" });
      for (let code = 0; code < 3 ** (w * h); code++) {
        const board = new Uint8Array(w * h);
        for (let i = 0, c = code; i < w * h; i++, c = Math.floor(c / 3)) board[i] = c % 3;
        try { game.setup(board); } catch { continue; } // (a string without a liberty)
        if (w === 3) boards++;
        for (const colour of [1, 2] as const) {
          const area = game.bensonArea(colour === 1 ? "B" : "W");
          expect(area).toBe(plainArea(w, h, board, colour, false));
          expect(game.bensonBoundArea(colour === 1 ? "B" : "W")).toBe(plainArea(w, h, board, colour, false, true));
          if (area > 0) withArea++;
        }
      }
    }
    expect(boards).toBe(12675); // (3x3's legal positions, Tromp and Farnebäck's count)
    expect(withArea).toBeGreaterThan(100);
  });

  for (const [w, h, suicide] of [[5, 5, FORBIDDEN], [7, 7, FORBIDDEN], [9, 9, FORBIDDEN], [4, 4, ALLOWED], [6, 6, ALLOWED]] as const) {
    it(`${w}x${h}, suicide ${suicide.suicide}: on positions from random play, a colour's area holds its alive stones, is none without them, and the two areas never meet`, () => {
      const next = rng(w * 31 + h);
      let checked = 0, withArea = 0;
      for (let g = 0; g < 40; g++) {
        const game = new Game({ width: w, height: h, suicide: suicide.suicide, ko: "simple" });
        const length = Math.floor(next() * w * h * 3);
        for (let m = 0; m < length; m++) playOutsideOwnEye(game, Math.floor(next() * w * h), m % 2 === 0 ? 1 : 2);
        const board = game.board();
        const areas = [1, 2].map((colour) => {
          const alive = bensonAlive({ width: w, height: h, board }, colour as 1 | 2, suicide).size;
          const area = game.bensonArea(colour === 1 ? "B" : "W", suicide === ALLOWED);
          expect(area).toBeGreaterThanOrEqual(alive);
          // (an alive string's two vital regions count: some area exactly where a string is alive;
          // on the boards up to 7x7 the area is counted in bitboards, on 9x9 point by point)
          expect(area > 0).toBe(alive > 0);
          expect(area).toBe(plainArea(w, h, board, colour as 1 | 2, suicide === ALLOWED));
          expect(game.bensonBoundArea(colour === 1 ? "B" : "W", suicide === ALLOWED))
            .toBe(plainArea(w, h, board, colour as 1 | 2, suicide === ALLOWED, true));
          // (no stone that is not alive counts, the opponent's inside a region apart)
          const own = board.filter((v) => v === colour).length;
          expect(area - alive).toBeLessThanOrEqual(w * h - own);
          return area;
        });
        expect(areas[0] + areas[1]).toBeLessThanOrEqual(w * h);
        checked++;
        if (areas[0] + areas[1] > 0) withArea++;
      }
      expect(checked).toBe(40);
      expect(withArea).toBeGreaterThan(5);
    });
  }
});
