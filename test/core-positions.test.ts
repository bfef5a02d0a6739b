// Hand-worked positions for the core (RULES.md 0; the ko and suicide knobs of assembly/board.ts).
// Every expected result below was worked out from the rules, not taken from the program; the
// comment next to each case says why it is right. Diagrams: rows top to bottom, `X` Black,
// `O` White, `.` empty, lowercase letters name empty points; GTP vertices have row 1 at the bottom.
import { describe, it, expect } from "vitest";
import { Position, clean, grid } from "./helpers/diagram.js";
import type { CoreKo, SuicideKnob } from "../src/core/codes.js";

const KOS: CoreKo[] = ["none", "simple", "psk", "ssk"];

describe("captures", () => {
  it("single stone in the centre", () => {
    // White C3 has three Black neighbours (C4, B3, D3); its last liberty is C2.
    const p = new Position(`
      . . . . .
      . . X . .
      . X O X .
      . . . . .
      . . . . .`);
    const a = p.play("C2");
    expect(a.ok).toBe(true);
    expect(a.captured).toEqual(["C3"]);
    expect(p.diagram()).toBe(clean(`
      . . . . .
      . . X . .
      . X . X .
      . . X . .
      . . . . .`));
    expect(p.game.prisoners("B")).toBe(1);
    expect(p.game.prisoners("W")).toBe(0);
  });

  it("single stone on the edge", () => {
    // White C1 on the first line has only three points around it: B1 and D1 are Black, C2 (a) is
    // its last liberty.
    const p = new Position(`
      . . . . .
      . . . . .
      . . . . .
      . . a . .
      . X O X .`);
    const a = p.play("a");
    expect(a.captured).toEqual(["C1"]);
    expect(p.diagram()).toBe(clean(`
      . . . . .
      . . . . .
      . . . . .
      . . X . .
      . X . X .`));
  });

  it("single stone in the corner", () => {
    // White A5 in the corner has two liberties, A4 (Black) and B5 (a).
    const p = new Position(`
      O a . . .
      X . . . .
      . . . . .
      . . . . .
      . . . . .`);
    const a = p.play("a");
    expect(a.captured).toEqual(["A5"]);
    expect(p.diagram()).toBe(clean(`
      . X . . .
      X . . . .
      . . . . .
      . . . . .
      . . . . .`));
    expect(p.game.prisoners("B")).toBe(1);
  });

  it("a string of three stones", () => {
    // White B4-C4-D4 is surrounded by B5 C5 D5, A4, E4, B3 C3; its last liberty is D3 (a).
    const p = new Position(`
      . X X X .
      X O O O X
      . X X a .
      . . . . .
      . . . . .`);
    const a = p.play("a");
    expect(a.captured).toEqual(["B4", "C4", "D4"]);
    expect(p.diagram()).toBe(clean(`
      . X X X .
      X . . . X
      . X X X .
      . . . . .
      . . . . .`));
    expect(p.game.prisoners("B")).toBe(3);
  });

  it("two strings at once", () => {
    // White B5 (liberties: C5 only, A5 and B4 are Black) and White D4-D5 (liberties: C5 only:
    // E5, E4, D3 and C4 are Black) share their last liberty C5 (a). Black a removes both: 3 stones.
    const p = new Position(`
      X O a O X
      . X X O X
      . . . X .
      . . . . .
      . . . . .`);
    const a = p.play("a");
    expect(a.ok).toBe(true);
    expect(a.captured).toEqual(["B5", "D4", "D5"]);
    expect(p.diagram()).toBe(clean(`
      X . X . X
      . X X . X
      . . . X .
      . . . . .
      . . . . .`));
    expect(p.game.prisoners("B")).toBe(3);
  });

  it("a capture saves the capturer's string in atari (capture before the suicide check)", () => {
    // Black A2-B2-C2-C1 has one liberty, B1 (a). B1's neighbours are A1 (White), B2 and C1
    // (Black): playing there leaves no empty neighbour, so without a capture it would be suicide.
    // But White A1's only liberty is B1 as well (A2 is Black): the play captures A1 first, and the
    // Black string then has the liberty A1. Legal even with suicide forbidden.
    const p = new Position(`
      . . . . .
      . . . . .
      O O O . .
      X X X O .
      O a X O .`, { suicide: "forbidden" });
    const a = p.play("a");
    expect(a.ok).toBe(true);
    expect(a.captured).toEqual(["A1"]);
    expect(a.selfCaptured).toEqual([]);
    expect(p.diagram()).toBe(clean(`
      . . . . .
      . . . . .
      O O O . .
      X X X O .
      . X X O .`));
  });
});

describe("snapback", () => {
  // White A2-B2-C2-C1 has two liberties, A1 and B1. Black throws in at B1 (its one liberty is A1);
  // White captures it with A1, and White's string A1-A2-B2-C2-C1 is left with the one liberty B1,
  // where Black captures all five. The capture-back takes 5 stones for 1 and makes a position that
  // never occurred (no White stone is left there), so no ko rule forbids it.
  const start = `
      . . . . .
      . . . . .
      X X X X .
      O O O X .
      . . O X .`;
  for (const ko of KOS) {
    it(`the capture-back is legal (ko ${ko})`, () => {
      const p = new Position(start, { ko });
      const [throwIn, take] = p.moves("B1 A1");
      expect(throwIn.captured).toEqual([]);
      expect(take.captured).toEqual(["B1"]);
      const back = p.play("B1");
      expect(back.ok).toBe(true);
      expect(back.captured).toEqual(["A1", "A2", "B2", "C1", "C2"]);
      expect(p.diagram()).toBe(clean(`
        . . . . .
        . . . . .
        X X X X .
        . . . X .
        . X . X .`));
      expect(p.game.prisoners("B")).toBe(5);
      expect(p.game.prisoners("W")).toBe(1);
    });
  }
});

describe("suicide knob", () => {
  // a = B4: all four neighbours are White stones with other liberties (A4: A5, A3; B5: A5, C5;
  // C4: C5, D4, C3; B3: A3, C3, B2), so Black a captures nothing and has no liberty: a
  // single-stone suicide.
  const single = `
      . O . . .
      O a O . .
      . O . . .
      . . . . .
      . . . . .`;
  // a = B1: joins Black A1 (whose one liberty is B1); A1-B1 then touches only White A2, B2, C1,
  // which keep liberties (A2-B2: A3, B3, C2; C1: C2, D1). A two-stone suicide.
  const multi = `
      . . . . .
      . . . . .
      . . . . .
      O O . . .
      X a O . .`;
  const multiAfter = `
      . . . . .
      . . . . .
      . . . . .
      O O . . .
      . . O . .`;

  it("forbidden: single- and multi-stone suicide are refused, the board unchanged", () => {
    for (const shape of [single, multi]) {
      const p = new Position(shape, { suicide: "forbidden" });
      const a = p.play("a");
      expect(a.ok).toBe(false);
      expect(a.reason).toBe("suicide");
      expect(p.diagram()).toBe(clean(shape));
    }
  });

  it("multi-stone: the single-stone suicide is refused", () => {
    const p = new Position(single, { suicide: "multi-stone" });
    const a = p.play("a");
    expect(a.ok).toBe(false);
    expect(a.reason).toBe("suicide");
    expect(p.diagram()).toBe(clean(single));
  });

  for (const suicide of ["multi-stone", "allowed"] as SuicideKnob[]) {
    it(`${suicide}: the multi-stone suicide removes the mover's string, White's prisoners +2`, () => {
      const p = new Position(multi, { suicide });
      const a = p.play("a");
      expect(a.ok).toBe(true);
      expect(a.captured).toEqual([]);
      expect(a.selfCaptured).toEqual(["A1", "B1"]);
      expect(a.noChange).toBe(false);
      expect(p.diagram()).toBe(clean(multiAfter));
      expect(p.game.prisoners("W")).toBe(2);
      expect(p.game.prisoners("B")).toBe(0);
    });
  }

  it("allowed: the single-stone suicide is legal and leaves the board unchanged", () => {
    // The stone would be put down and taken off again: a null move (RULES.md 0).
    const p = new Position(single, { suicide: "allowed" });
    const before = p.game.boardHash();
    const a = p.play("a");
    expect(a.ok).toBe(true);
    expect(a.noChange).toBe(true);
    expect(a.captured).toEqual([]);
    expect(p.diagram()).toBe(clean(single));
    expect(p.game.boardHash()).toBe(before);
  });
});

describe("basic ko", () => {
  // Black C3 (a) captures White B3, whose other neighbours A3, B4, B2 are Black. The Black stone
  // on C3 then has one liberty, B3 (C4, D3, C2 are White, each with other liberties), and White
  // B3 would capture it at once, recreating the starting position.
  const start = `
      . . . . .
      . X O . .
      X O a O .
      . X O . .
      . . . . .`;
  const taken = `
      . . . . .
      . X O . .
      X . X O .
      . X O . .
      . . . . .`;

  it("Black's capture is legal under every ko knob", () => {
    for (const ko of KOS) {
      const p = new Position(start, { ko });
      const a = p.play("a");
      expect(a.captured).toEqual(["B3"]);
      expect(p.diagram()).toBe(clean(taken));
    }
  });

  const refusals: [CoreKo, string][] = [["simple", "ko"], ["psk", "superko"], ["ssk", "superko"]];
  for (const [ko, reason] of refusals) {
    it(`immediate retake refused under ${ko} (${reason})`, () => {
      // simple: it recreates the position before Black's capture; psk: that board is the start;
      // ssk: the start board with Black to move is the starting situation.
      const p = new Position(start, { ko });
      p.moves("a");
      const r = p.play("B3");
      expect(r.ok).toBe(false);
      expect(r.reason).toBe(reason);
      expect(p.diagram()).toBe(clean(taken));
      expect(p.toMove).toBe("W");
    });
  }

  it("immediate retake allowed under none, and back again", () => {
    const p = new Position(start, { ko: "none" });
    p.moves("a");
    const r = p.play("B3");
    expect(r.ok).toBe(true);
    expect(r.captured).toEqual(["C3"]);
    expect(p.diagram()).toBe(clean(start));
    expect(p.play("a").captured).toEqual(["B3"]);
    expect(p.diagram()).toBe(clean(taken));
  });

  for (const ko of ["simple", "psk", "ssk"] as CoreKo[]) {
    it(`retake after a ko threat and its answer is legal (${ko})`, () => {
      // White E1 (threat) and Black E5 (answer) are new stones, so the retake makes a board that
      // has two more stones than any earlier one: no repetition for any knob.
      const p = new Position(start, { ko });
      p.moves("a E1 E5");
      const r = p.play("B3");
      expect(r.ok).toBe(true);
      expect(r.captured).toEqual(["C3"]);
      expect(p.diagram()).toBe(clean(`
        . . . . X
        . X O . .
        X O . O .
        . X O . .
        . . . . O`));
    });
  }

  describe("retaken after one pass each", () => {
    // Black takes, White passes, Black passes, White retakes. The retake recreates the start
    // board, with Black to move, as at the start.
    it("simple: legal (the position before Black's last move, his pass, is the taken one)", () => {
      const p = new Position(start, { ko: "simple" });
      p.moves("a pass pass");
      const r = p.play("B3");
      expect(r.ok).toBe(true);
      expect(r.captured).toEqual(["C3"]);
      expect(p.diagram()).toBe(clean(start));
    });
    it("psk: refused, the start board repeats", () => {
      const p = new Position(start, { ko: "psk" });
      p.moves("a pass pass");
      expect(p.play("B3").reason).toBe("superko");
      expect(p.diagram()).toBe(clean(taken));
    });
    it("ssk: refused, the start board with Black to move repeats", () => {
      const p = new Position(start, { ko: "ssk" });
      p.moves("a pass pass");
      expect(p.play("B3").reason).toBe("superko");
      expect(p.diagram()).toBe(clean(taken));
    });
  });
});

describe("sending two, returning one", () => {
  // P0: Black B1 stands between A1 and C1. C1 is surrounded by Black (B1, C2, D1): Black's eye.
  //  1. Black A1 (send): A1-B1 touches White A2, B2 and has the one liberty C1 (A2-B2 keeps A3, B3).
  //  2. White C1 takes the two (C1's other neighbours C2, D1 are Black; after the capture C1 has
  //     the one liberty B1).
  //  3. Black B1 takes C1 back (one stone): B1 black, A1 and C1 empty = P0 again, now with White
  //     to move. Three moves, so the player to move is the other one.
  // Board-wise the cycle closes at move 3 (psk forbids the return); situation-wise only when
  // White passes and Black sends again (ssk forbids that send). Simple ko forbids neither: the
  // return (1 for 2) does not recreate the position before White's capture (P1).
  const p0 = `
      . . . . .
      . . . . .
      . . . . .
      O O X X .
      . X . X .`;
  const p1 = `
      . . . . .
      . . . . .
      . . . . .
      O O X X .
      X X . X .`;
  const p2 = `
      . . . . .
      . . . . .
      . . . . .
      O O X X .
      . . O X .`;

  it("simple: the return is legal, and the cycle can be played again after a White pass", () => {
    const p = new Position(p0, { ko: "simple" });
    for (let round = 0; round < 2; round++) {
      const [send, take, back] = p.moves("A1 C1 B1");
      expect(send.captured).toEqual([]);
      expect(take.captured).toEqual(["A1", "B1"]);
      expect(back.captured).toEqual(["C1"]);
      expect(p.diagram()).toBe(clean(p0));
      p.pass(); // White
    }
    expect(p.game.prisoners("W")).toBe(4);
    expect(p.game.prisoners("B")).toBe(2);
  });

  it("psk: the send and the take are legal, the return is refused", () => {
    const p = new Position(p0, { ko: "psk" });
    p.moves("A1");
    expect(p.diagram()).toBe(clean(p1));
    p.moves("C1");
    expect(p.diagram()).toBe(clean(p2));
    const back = p.play("B1");
    expect(back.ok).toBe(false);
    expect(back.reason).toBe("superko");
    expect(p.diagram()).toBe(clean(p2));
  });

  it("ssk: the return is legal (other player to move), the next send is refused", () => {
    const p = new Position(p0, { ko: "ssk" });
    p.moves("A1 C1");
    const back = p.play("B1");
    expect(back.ok).toBe(true);
    expect(p.diagram()).toBe(clean(p0));
    p.pass(); // White: P0 with Black to move, the starting situation (passes are not checked)
    const send = p.play("A1"); // P1 with White to move: the situation after move 1
    expect(send.ok).toBe(false);
    expect(send.reason).toBe("superko");
    expect(p.diagram()).toBe(clean(p0));
  });
});

describe("triple ko", () => {
  // Three basic kos on 9x9, far apart. In ko 1 (B7/C7) and ko 3 (B3/C3) White holds the ko
  // stone (B7, B3) and Black can take at a (C7) or c (C3); in ko 2 (G7/H7) Black holds H7 and
  // White can take at b (G7). With Black to move the captures go round:
  //   1 B C7 (ko 1)  2 W G7 (ko 2)  3 B C3 (ko 3)  4 W B7 (ko 1)  5 B H7 (ko 2)  6 W B3 (ko 3)
  // Writing each ko as who holds it (ko1, ko2, ko3): start WBW, then BBW, BWW, BWB, WWB, WBB, and
  // move 6 gives WBW again, with Black to move again. Moves 1-5 make five different new boards;
  // each retake (4, 5, 6) is in another ko than the opponent's last capture, so simple ko allows
  // all six and the game cycles; psk and ssk refuse the 6th, which recreates the start.
  const start = `
      . . . . . . . . .
      . X O . . . X O .
      X O a O . X b X O
      . X O . . . X O .
      . . . . . . . . .
      . X O . . . . . .
      X O c O . . . . .
      . X O . . . . . .
      . . . . . . . . .`;
  const cycle = ["C7", "G7", "C3", "B7", "H7", "B3"];
  const capturedBy = [["B7"], ["H7"], ["B3"], ["C7"], ["G7"], ["C3"]];
  const afterFive = `
      . . . . . . . . .
      . X O . . . X O .
      X O . O . X . X O
      . X O . . . X O .
      . . . . . . . . .
      . X O . . . . . .
      X . X O . . . . .
      . X O . . . . . .
      . . . . . . . . .`;

  it("simple: all six captures are legal and the position repeats", () => {
    const p = new Position(start, { ko: "simple" });
    const h0 = p.game.situationHash("B");
    const got = p.moves(cycle.join(" "));
    expect(got.map((a) => a.captured)).toEqual(capturedBy);
    expect(p.diagram()).toBe(clean(start));
    expect(p.toMove).toBe("B");
    expect(p.game.situationHash("B")).toBe(h0);
    // and round again
    expect(p.play("C7").captured).toEqual(["B7"]);
  });

  for (const ko of ["psk", "ssk"] as CoreKo[]) {
    it(`${ko}: the 6th capture is refused`, () => {
      const p = new Position(start, { ko });
      p.moves(cycle.slice(0, 5).join(" "));
      expect(p.diagram()).toBe(clean(afterFive));
      const sixth = p.play("B3");
      expect(sixth.ok).toBe(false);
      expect(sixth.reason).toBe("superko");
      expect(p.diagram()).toBe(clean(afterFive));
    });
  }
});

describe("psk and ssk differ", () => {
  it("multi-stone suicide, a pass, then re-placing the stone: psk refuses, ssk allows", () => {
    // Black B1 (a) kills A1-B1 by suicide, White passes, Black plays A1 again (one liberty, B1).
    // The board is the start board again, but now White is to move; at the start Black was.
    const shape = `
      . . . . .
      . . . . .
      . . . . .
      O O . . .
      X a O . .`;
    for (const [ko, ok] of [["psk", false], ["ssk", true]] as [CoreKo, boolean][]) {
      const p = new Position(shape, { suicide: "multi-stone", ko });
      p.moves("a pass");
      const r = p.play("A1");
      expect(r.ok).toBe(ok);
      if (ok) expect(p.diagram()).toBe(clean(shape));
      else expect(r.reason).toBe("superko");
    }
  });

  it("single-stone suicide (null move): psk refuses it, ssk allows one but not the reply", () => {
    // a = B4 is a single-stone suicide for Black, b = D2 one for White (all four neighbours are
    // the other colour, each with other liberties). The null move repeats the board: psk refuses
    // it. Under ssk Black's gives (same board, White to move), new; White's null move in reply
    // gives (same board, Black to move), the starting situation: refused.
    const shape = `
      . O . . .
      O a O . .
      . O . X .
      . . X b X
      . . . X .`;
    const psk = new Position(shape, { suicide: "allowed", ko: "psk" });
    expect(psk.play("a").reason).toBe("superko");

    const ssk = new Position(shape, { suicide: "allowed", ko: "ssk" });
    const a = ssk.play("a");
    expect(a.ok).toBe(true);
    expect(a.noChange).toBe(true);
    const b = ssk.play("b");
    expect(b.ok).toBe(false);
    expect(b.reason).toBe("superko");
    expect(ssk.diagram()).toBe(clean(shape));

    // simple ko concerns captures only: both null moves are legal
    const simple = new Position(shape, { suicide: "allowed", ko: "simple" });
    expect(simple.play("a").ok).toBe(true);
    expect(simple.play("b").ok).toBe(true);
  });
});

describe("counting", () => {
  it("area score by region with neutral points", () => {
    // Black C5-C1 (5 stones) and the A, B columns (10 points, touching only Black): 15.
    // White E5 E4 E3 D2 D1 (5 stones) and E2 E1 (touching only White: E3, D2, D1): 7.
    // D5 D4 D3 touch Black C5-C3 and White E5-E3, D2: 3 shared. 15 + 7 + 3 = 25.
    const p = new Position(`
      . . X . O
      . . X . O
      . . X . O
      . . X O .
      . . X O .`);
    const o = p.game.owners("region");
    expect([o.black, o.white, o.shared]).toEqual([15, 7, 3]);
    expect(p.ownerDiagram("region")).toBe(grid(`
      b b X = O
      b b X = O
      b b X = O
      b b X O w
      b b X O w`));
  });

  it("by point and by region differ in a region touching both colours", () => {
    // Black A5 A4 A3 B3 B2 B1 (6), White E3 D2 E2 D1 (4).
    // By region: A2-A1 touch only Black (2), E1 only White (1); the other 12 empty points form
    // one region touching both: shared. Black 8, White 5, shared 12.
    // By point, inside that region: B5, B4, C3 touch Black only; E4, D3 White only; C2, C1
    // both (shared); C5, D5, E5, C4, D4 no stone at all (nobody's). Black 6+2+3 = 11,
    // White 4+1+2 = 7, shared 2, nobody 5.
    const p = new Position(`
      X . . . .
      X . . . .
      X X . . O
      . X . O O
      . X . O .`);
    const r = p.game.owners("region");
    expect([r.black, r.white, r.shared]).toEqual([8, 5, 12]);
    expect(p.ownerDiagram("region")).toBe(grid(`
      X = = = =
      X = = = =
      X X = = O
      b X = O O
      b X = O w`));
    const q = p.game.owners("point");
    expect([q.black, q.white, q.shared]).toEqual([11, 7, 2]);
    expect(p.ownerDiagram("point")).toBe(grid(`
      X b . . .
      X b . . w
      X X b w O
      b X = O O
      b X = O w`));
  });
});

describe("hashes", () => {
  it("the same position by two move orders has the same board hash", () => {
    const empty = `
      . . . . .
      . . . . .
      . . . . .
      . . . . .
      . . . . .`;
    const first = new Position(empty);
    first.moves("C3 D3 C4");
    const h1 = first.game.boardHash();
    const s1 = first.game.situationHash("W");
    const d1 = first.diagram();

    const second = new Position(empty);
    second.moves("C4 D3 C3");
    expect(second.diagram()).toBe(d1);
    expect(second.game.boardHash()).toBe(h1);
    expect(second.game.situationHash("W")).toBe(s1);

    // White first, with a Black pass: the same stones, so the same board
    const third = new Position(empty, { toMove: "W" });
    third.moves("D3 C3 pass C4");
    expect(third.diagram()).toBe(d1);
    expect(third.game.boardHash()).toBe(h1);

    // the situation hash tells the player to move apart
    expect(third.game.situationHash("B")).not.toBe(third.game.situationHash("W"));
    expect(third.game.situationHash("W")).toBe(s1);
  });

  it("the hash after captures equals the hash of the same position set up directly", () => {
    // The three-stone capture from above: incremental hashing must forget the removed stones.
    const p = new Position(`
      . X X X .
      X O O O X
      . X X a .
      . . . . .
      . . . . .`);
    p.moves("a");
    const h = p.game.boardHash();
    const q = new Position(`
      . X X X .
      X . . . X
      . X X X .
      . . . . .
      . . . . .`);
    expect(q.game.boardHash()).toBe(h);
  });
});
