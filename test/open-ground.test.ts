// Regions on open ground (issue 14, the relevance-zone problems; issue 11, a group on an open
// board): a target whose empty area is large is fought for near its stones only. The far part of
// the area (more than three steps from every defender stone) is outside; the defender's plays
// next to it are exits, escapes in a proof of death and barred in a proof of life, so neither
// proof claims more than the region shows. Positions worked by hand below.
import { describe, it, expect } from "vitest";
import { preset } from "../src/ruleset/ruleset.js";
import { prove, problemFrom, ask, type ProveRequest } from "../src/prove/prove.js";
import { searchRegion } from "../src/prove/region.js";
import { proveParallel } from "../src/prove/pool.js";

const N = 19;
/** A 19x19 board with the given stones (GTP points, I skipped). */
function board(black: string[], white: string[]): Uint8Array {
  const b = new Uint8Array(N * N);
  const at = (s: string) => {
    const col = "ABCDEFGHJKLMNOPQRST".indexOf(s[0]);
    return (N - Number(s.slice(1))) * N + col;
  };
  for (const s of black) b[at(s)] = 1;
  for (const s of white) b[at(s)] = 2;
  return b;
}
const idx = (s: string) => (N - Number(s.slice(1))) * N + "ABCDEFGHJKLMNOPQRST".indexOf(s[0]);
const request = (b: Uint8Array, target: string, toMove: "B" | "W"): ProveRequest =>
  ({ width: N, height: N, board: b, rules: preset("chinese"), targets: [idx(target)], toMove, maxNodes: 2e6, timeMs: 8000 });

describe("open ground", () => {
  // a lone Black stone at C3 on an empty board: the whole board is one empty area touching it,
  // so the region used to be all 361 points; now the points within three steps of C3 (through
  // empty points), and the plays next to the rest are exits
  it("a lone stone is fought for near itself, with exits", () => {
    const b = board(["C3"], []);
    const r = searchRegion({ width: N, height: N, board: b }, [idx("C3")], "B", preset("chinese"));
    // within three steps of C3 on an empty board: the diamond of Manhattan radius 3, 25 points,
    // less the two beyond the edges (three left of C3, three below it): 23 (the stone included)
    expect(r.points.length).toBe(23);
    expect(r.points).toContain(idx("C3"));
    expect(r.points).toContain(idx("C6")); // three steps up
    expect(r.points).not.toContain(idx("C7")); // four steps up: outside
    // the exits: the points three steps away (next to the fourth ring), 12 less the same two: 10
    expect(r.exits?.size).toBe(10);
    expect(r.exits?.has(idx("C6"))).toBe(true);
    expect(r.exits?.has(idx("C5"))).toBe(false);
    expect(r.closedByLife).toBe(false);
  });

  // White first: a lone stone with four liberties on open ground cannot be captured (it runs
  // out, and the board is empty: no ladder works). Proving that needs more than the region
  // shows, so the answer is "not captured" (proven with the exits barred) or unknown, never dead.
  it("a lone stone on an empty board is never proven dead", () => {
    const res = prove(request(board(["C3"], []), "C3", "W"));
    expect(res.attackerFirst.captured).not.toBe(true);
    expect(res.assumption).toMatch(/open ground/);
  });

  // Black C3 in atari, its last liberty C4 (White B3 C2 D3): White first takes it at C4 (dead,
  // whoever's exits: the capture is inside the region). Black first extends to C4: three
  // liberties on an open board (B4 D4 C5), no ladder: never proven dead.
  it("a stone in atari: White first captures; Black first is never proven dead", () => {
    const b = board(["C3"], ["B3", "C2", "D3"]);
    const w = prove({ ...request(b, "C3", "W"), question: "attacker" });
    expect(w.attackerFirst.captured).toBe(true);
    expect(w.attackerFirst.line[0]).toBe("W C4");
    const d = prove({ ...request(b, "C3", "B"), question: "defender" });
    expect(d.defenderFirst.captured).not.toBe(true);
  });

  // Black A2 in the corner, White A3 and B2, the rest of the board empty: A2's one liberty is
  // A1. Black first: A1 makes A1-A2 with the one liberty B1, and W B1 takes both; any other
  // Black move leaves A2 in atari and W A1 takes it (neither White string can be captured in one
  // move: A3 has A4 and B3, B2 has B1, B3 and C2). So with the wall taken as safe, A2 is dead
  // whoever moves first. In a finished game's region (the wall taken as safe) a Black stone on
  // an exit apart from A2 is no escape, and the proof says so; in a problem any play on an exit
  // is one (outside, the stone could attack a wall that may not be safe), and the answer is not
  // "captured" with Black first.
  it("a play on an exit apart from the targets: no escape in a finished game's region, one in a problem", () => {
    const b = board(["A2"], ["A3", "B2"]);
    const spec = problemFrom(request(b, "A2", "B"));
    expect(spec.region.exits?.size).toBeGreaterThan(0);
    const budget = () => ({ maxNodes: 1e6, deadline: performance.now() + 8000 });
    const finished = ask({ ...spec, tuning: "finished-game" }, "B", budget(), false);
    expect(finished.captured).toBe(true);
    const problem = ask(spec, "B", budget(), false);
    expect(problem.captured).toBe(false);
    expect(problem.escapes).toBeGreaterThan(0);
  });

  it("the worker pool gives the same answers", async () => {
    const b = board(["C3"], ["B3", "C2", "D3"]);
    const w = await proveParallel({ ...request(b, "C3", "W"), question: "attacker" }, 2);
    expect(w.attackerFirst.captured).toBe(true);
    const d = await proveParallel({ ...request(b, "C3", "B"), question: "defender" }, 2);
    expect(d.defenderFirst.captured).not.toBe(true);
  });
});
