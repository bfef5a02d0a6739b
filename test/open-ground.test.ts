// Regions on open ground (issue 14, the relevance-zone problems; issue 11, a group on an open
// board): a target whose empty area is large is fought for near its stones only. The far part of
// the area (more than three steps from every defender stone) is outside; the defender's plays
// next to it are exits, escapes in a proof of death and barred in a proof of life, so neither
// proof claims more than the region shows. Positions worked by hand below.
import { describe, it, expect } from "vitest";
import { preset } from "../src/ruleset/ruleset.js";
import { prove, type ProveRequest } from "../src/prove/prove.js";
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
    const r = searchRegion({ width: N, height: N, board: b }, [idx("C3")], "B");
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

  it("the worker pool gives the same answers", async () => {
    const b = board(["C3"], ["B3", "C2", "D3"]);
    const w = await proveParallel({ ...request(b, "C3", "W"), question: "attacker" }, 2);
    expect(w.attackerFirst.captured).toBe(true);
    const d = await proveParallel({ ...request(b, "C3", "B"), question: "defender" }, 2);
    expect(d.defenderFirst.captured).not.toBe(true);
  });
});
