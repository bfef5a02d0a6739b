// Cutting a collection into pieces as its bytes stream in (src/sgf/split.ts): each piece, read on
// its own from its origin, must give exactly what the whole text gives for the same trees (games,
// refusals and the lines and columns in their messages), whatever the chunk sizes.
import { describe, it, expect } from "vitest";
import { SgfSplitter, type SgfSplit } from "../src/sgf/split.js";
import { readSgfCollection, type ReadGame } from "../src/sgf/read.js";

function split(text: string, chunk: number, target: number, maxTree?: number): SgfSplit[] {
  const s = new SgfSplitter(target, maxTree);
  const bytes = Buffer.from(text, "utf8");
  const out: SgfSplit[] = [];
  for (let i = 0; i < bytes.length; i += chunk) out.push(...s.push(bytes.subarray(i, i + chunk)));
  out.push(...s.end());
  return out;
}

/** The games of the pieces, numbered as in the whole record. */
function readPieces(parts: SgfSplit[]): (ReadGame | { index: number; oversize: true })[] {
  const out: (ReadGame | { index: number; oversize: true })[] = [];
  for (const p of parts) {
    if (p.kind === "oversize") { out.push({ index: p.tree, oversize: true }); continue; }
    for (const g of readSgfCollection(p.text, { line: p.line, column: p.column })) out.push({ ...g, index: p.firstTree + g.index - 1 });
  }
  return out;
}

const GAME = (n: number) => `(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+R]C[game ${n}: a comment with ) ( and \\] inside, 中文];B[ee];W[cc](;B[gc])(;B[gg]))`;
const CASES: [string, string][] = [
  ["one game per line", Array.from({ length: 30 }, (_, i) => GAME(i)).join("\n") + "\n"],
  ["games on one line, no newline at the end", Array.from({ length: 12 }, (_, i) => GAME(i)).join("")],
  ["text between trees (charged to the tree after it)", `${GAME(1)}\njunk here\n${GAME(2)}\n${GAME(3)}\n`],
  ["trailing text (charged to the last tree)", `${GAME(1)}\n${GAME(2)}\n${GAME(3)} trailing words\n`],
  ["an unmatched ) between trees", `${GAME(1)})\n${GAME(2)}\n`],
  ["a tree left open at the end", `${GAME(1)}\n${GAME(2)}\n(;GM[1]SZ[9];B[ee]`],
  ["a value never closed", `${GAME(1)}\n${GAME(2)}\n(;GM[1]C[oops;B[ee])\n${GAME(4)}\n`],
  ["a broken tree among good ones", `${GAME(1)}\n(;GM[1]SZ[52];B[aa])\n(;B[dd];W[)\n${GAME(4)}\n`],
  ["escaped backslashes before ]", `(;GM[1]C[a\\\\]B[aa])\n(;GM[1]C[b\\\\\\]c];B[bb])\n${GAME(3)}\n`],
  ["CRLF line ends and a byte-order mark", "\ufeff" + Array.from({ length: 8 }, (_, i) => GAME(i)).join("\r\n") + "\r\n"],
  ["only junk", "this is not SGF\n"],
  ["empty", ""],
  ["4-byte characters before an error", `(;GM[1]C[𝄞𝄞];B[aa])\n(;GM[1]C[𝄞] x ;B[bb])\n`],
];

describe("SgfSplitter", () => {
  for (const [name, text] of CASES) {
    it(`pieces read as the whole text does: ${name}`, () => {
      const whole = readSgfCollection(text);
      for (const chunk of [1, 7, 64, 1 << 20]) {
        for (const target of [1, 40, 300, 1 << 20]) {
          const parts = split(text, chunk, target);
          expect(readPieces(parts), `chunk ${chunk}, target ${target}`).toEqual(whole);
          expect(parts.filter((p) => p.kind === "piece").length).toBeGreaterThan(0);
          // every tree is counted once (a file of junk alone has an entry and no tree)
          const trees = parts.reduce((n, p) => n + (p.kind === "piece" ? p.trees : 1), 0);
          expect(trees).toBe(name === "only junk" ? 0 : whole.length);
        }
      }
    });
  }

  it("cuts a long collection into pieces of about the target size, at tree ends", () => {
    const text = Array.from({ length: 200 }, (_, i) => GAME(i)).join("\n");
    const parts = split(text, 4096, 2000);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    for (const [k, p] of parts.entries()) {
      if (p.kind !== "piece") throw new Error("no tree is too long here");
      if (k < parts.length - 1) expect(Buffer.byteLength(p.text)).toBeGreaterThanOrEqual(2000);
      expect(Buffer.byteLength(p.text)).toBeLessThan(2000 + 200);
      expect(p.text.trimStart().startsWith("(;")).toBe(true);
      expect(p.text.trimEnd().endsWith(")")).toBe(true);
    }
  });

  it("skips a tree longer than the limit without keeping it, and names it", () => {
    const long = `(;GM[1]SZ[19]C[${"x".repeat(5000)}];B[aa])`;
    const text = [GAME(1), GAME(2), long, GAME(4)].join("\n") + "\n";
    for (const chunk of [1, 100, 1 << 20]) {
      const parts = split(text, chunk, 100, 1000);
      const over = parts.filter((p) => p.kind === "oversize");
      expect(over).toHaveLength(1);
      expect(over[0]).toMatchObject({ tree: 3, line: 3, column: 1 });
      expect(over[0].kind === "oversize" && over[0].bytes).toBeGreaterThan(5000);
      const games = readPieces(parts);
      expect(games.map((g) => g.index)).toEqual([1, 2, 3, 4]);
      const whole = readSgfCollection(text);
      expect(games[3]).toEqual(whole[3]);
    }
  });
});
