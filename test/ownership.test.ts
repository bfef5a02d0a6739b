// The ownership estimate (assembly/playout.ts runOwnership): the playout policy that chooses what
// to prove and counts what no proof settles.
import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";

/** A board from rows of X (Black), O (White) and . (empty), the top row first. */
function board(rows: string[]): Uint8Array {
  const w = rows[0].length;
  const b = new Uint8Array(w * rows.length);
  rows.forEach((r, y) => [...r].forEach((ch, x) => { b[y * w + x] = ch === "X" ? 1 : ch === "O" ? 2 : 0; }));
  return b;
}

describe("ownership playouts", () => {
  // A corner seki worked by hand: White's A3 B3 C3 C2 C1 and Black's B2 and A1 share the only
  // liberties A2 and B1. Whoever plays either of them puts their own string in atari (White at A2:
  // White's string keeps B1 only; Black at A2 or B1: A1 A2 B2 keeps one liberty) and the other
  // takes it, so neither plays there: White's five stones and Black's two stay. Black's wall
  // around them lives with the eyes B7, E7, C5, F5, E3, E1 and G1.
  //    A B C D E F G
  //  7 X . X X . X X
  //  6 X X X X X X X
  //  5 X X . X X . X
  //  4 X X X X X X X
  //  3 O O O X . X X
  //  2 . X O X X X X
  //  1 X . O X . X .
  const seki = board(["X.XX.XX", "XXXXXXX", "XX.XX.X", "XXXXXXX", "OOOX.XX", ".XOXXXX", "X.OX.X."]);
  const own = (policy: "light" | "tactical") => {
    const g = new Game({ width: 7, height: 7, suicide: "forbidden", ko: "simple", toMove: "B" });
    g.setup(seki, "B");
    return g.ownership(2000, 0x9e3779b9, "B", policy);
  };
  const at = (o: Float32Array, v: string) => o[(7 - Number(v.slice(1))) * 7 + "ABCDEFG".indexOf(v[0])];

  it("tactical play keeps a seki: neither side self-ataris its string of two or more", () => {
    const o = own("tactical");
    for (const v of ["A3", "C1"]) expect(at(o, v)).toBe(-1); // White's stones stay White's
    for (const v of ["A1", "B2", "D4"]) expect(at(o, v)).toBe(1);
  });

  it("uniform play loses the seki in most playouts (the reason for the tactical policy)", () => {
    const o = own("light");
    expect(at(o, "C1")).toBeGreaterThan(-0.9);
  });
});
