// The core's Benson test (assembly/benson.ts, asked by the prover after each defender move)
// against the plain one of src/prove/region.ts, which the dispute code has used since issue 5:
// on positions from random legal play, of several sizes and lengths, every stone of one colour
// is a target, and the count of targets alive must be the number of that colour's stones the
// plain algorithm calls unconditionally alive. Plus two positions worked by hand.
import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";
import { bensonAlive } from "../src/prove/region.js";

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

function coreCount(game: Game, board: Uint8Array, colour: 1 | 2): number {
  const targets = [...board.keys()].filter((p) => board[p] === colour);
  game.setBensonTargets(targets);
  return game.bensonAlive(colour === 1 ? "B" : "W");
}

describe("Benson in the core agrees with the plain algorithm", () => {
  for (const [w, h] of [[9, 9], [19, 19], [5, 7], [13, 13]] as const) {
    it(`${w}x${h}: 300 positions from random play`, () => {
      const next = rng(w * 100 + h);
      let checked = 0, withLife = 0;
      for (let g = 0; g < 30; g++) {
        const game = new Game({ width: w, height: h, suicide: "forbidden", ko: "simple" });
        const length = Math.floor(next() * w * h * 3);
        for (let m = 0; m < length; m++) {
          const p = Math.floor(next() * w * h);
          const colour = m % 2 === 0 ? 1 : 2;
          // (no play inside one's own eye: the positions fill up with living groups)
          const b = game.board();
          const x = p % w, y = Math.floor(p / w);
          const around = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1].filter((q) => q >= 0);
          if (around.every((q) => b[q] === colour)) continue;
          game.play(x, y, colour === 1 ? "B" : "W");
          if (m % Math.max(1, Math.floor(length / 10)) !== 0) continue;
          const board = game.board();
          for (const colour of [1, 2] as const) {
            const plain = bensonAlive({ width: w, height: h, board }, colour).size;
            expect(coreCount(game, board, colour)).toBe(plain);
            checked++;
            if (plain > 0) withLife++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(withLife).toBeGreaterThan(20); // the positions do hold unconditional life
    });
  }

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
});
