// `referee --sgf-out`: the record with the rulings written in, read back through @sabaki/sgf (as
// Sabaki reads it) and through arbiter's own reader: every ruling present, the count's marks the
// count's own points, the dead stones read back as the players' marks give the same result.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import sgf from "@sabaki/sgf";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, arbiter } from "./helpers/serve.js";
import { readSgf } from "../src/sgf/read.js";
import { refereeRecord } from "../src/api/operations.js";
import { playRecord } from "../src/rules/referee.js";
import { territoryMarks } from "../src/scoring/marks.js";
import { fromGtp } from "../src/core/coords.js";

const fixture = (p: string) => join(ROOT, "test", "fixtures", p);
let tmp: string;
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), "arbiter-sgf-out-")); });
afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

interface Node { data: Record<string, string[]>; children: Node[] }
/** The main line's nodes (first children) of a parsed tree. */
function mainLine(root: Node): Node[] {
  const out = [root];
  let at = root;
  while (at.children.length) { at = at.children[0]; out.push(at); }
  return out;
}

describe("referee --sgf-out", () => {
  it("writes every move's ruling, the illegal move and its clause, the cycle and the end (a triple ko under chinese)", () => {
    const out = join(tmp, "triple.sgf");
    const r = arbiter("referee", fixture("cycles/triple-ko.sgf"), "--rules", "chinese", "--sgf-out", out);
    expect(r.status).toBe(3); // an illegal move in the record
    const [root] = sgf.parse(readFileSync(out, "utf8")) as Node[];
    expect(root.data.RE).toEqual(["B+F"]);
    expect(root.data.RU).toEqual(["chinese"]);
    const nodes = mainLine(root);
    const moves = nodes.filter((n) => n.data.B || n.data.W);
    expect(moves).toHaveLength(6);
    moves.forEach((n, k) => expect(n.data.C[0]).toMatch(new RegExp(`^Move ${k + 1}: `)));
    expect(moves[0].data.C[0]).toBe("Move 1: legal; captures D7.");
    // White's sixth move repeats the start: forbidden by positional superko, a forfeit
    expect(moves[5].data.C[0]).toMatch(/^Move 6: ILLEGAL: superko \(chinese \(docs\/rules\.md 5\): ko psk\); cycle: moves 1-6 \(period 6\) bring back the starting position, triple-ko; ruling forbidden for W; end of play: illegal-move/);
    expect(nodes[nodes.length - 1].data.C[0]).toMatch(/Result: B\+F \(forfeit\)/);
    // arbiter's own reader: the same six moves, and the record's setup
    const back = readSgf(readFileSync(out, "utf8"));
    const orig = readSgf(readFileSync(fixture("cycles/triple-ko.sgf"), "utf8"));
    expect(back.moves.map((m) => m.raw)).toEqual(orig.moves.slice(0, 6).map((m) => m.raw));
    expect(Array.from(back.setup)).toEqual(Array.from(orig.setup));
  });

  it("marks the count (TB, TW, DD), puts each proof line in a variation, and the marks read back give the same result", () => {
    const out = join(tmp, "corner.sgf");
    const file = fixture("server/corner.sgf");
    const auto = arbiter("referee", file, "--rules", "chinese", "--dead", "auto", "--sgf-out", out, "--json");
    expect(auto.status, auto.stderr).toBe(0);
    const ruling = JSON.parse(auto.stdout);
    expect(ruling.dead.sort()).toEqual(["A3", "B3", "C1", "C2", "C3"]);
    const [root] = sgf.parse(readFileSync(out, "utf8")) as Node[];
    const end = root.children[0]; // the count's node (the record has no moves)
    expect(end.data.DD.sort()).toEqual(["ag", "bg", "cg", "ch", "ci"]);
    // area counting with White's corner dead: every point not a Black stone is Black's (81 - 7)
    expect(end.data.TB).toHaveLength(81 - 7);
    expect(end.data.TW).toBeUndefined();
    expect(end.data.C[0]).toMatch(/Count \(area\): Black 81, White 0, komi 7\./);
    // the proof of the dead corner, its whole tree, as a variation beside the main line: every
    // defence of White's answered, each line ending with the capture
    const proof = root.children.slice(1).find((n) => /proof: the group at A3 is dead/.test(n.data.C?.[0] ?? ""));
    expect(proof?.data.B).toEqual(["ah"]); // B A2
    const leaves: Node[] = [];
    const walk = (n: Node) => { if (n.children.length === 0) leaves.push(n); n.children.forEach(walk); };
    walk(proof!);
    expect(leaves.length).toBeGreaterThan(3);
    for (const leaf of leaves) expect(leaf.data.C).toEqual(["the target is captured"]);
    // the JSON is the same with or without the trees kept (they are not in it)
    const noTime = (t: string) => t.replace(/"(timeMs|nodes|positions)":\d+/g, '"$1":0');
    expect(noTime(arbiter("referee", file, "--rules", "chinese", "--dead", "auto", "--json").stdout)).toBe(noTime(auto.stdout));
    // the marks as the players' marks: --dead sgf gives what --dead auto gave
    const sgfDead = JSON.parse(arbiter("referee", out, "--rules", "chinese", "--dead", "sgf", "--json").stdout);
    expect(sgfDead.dead.sort()).toEqual(ruling.dead.sort());
    expect(sgfDead.score).toEqual(ruling.score);
  });

  it("a directory that does not exist is bad input, named before the referee runs", () => {
    const r = arbiter("referee", fixture("example.sgf"), "--sgf-out", "/nonexistent/dir/out.sgf");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--sgf-out \/nonexistent\/dir\/out.sgf: there is no directory \/nonexistent\/dir/);
  });
});

describe("the count's territory marks are the count's own points", () => {
  // every rule fixture and cycle fixture, under every preset: the marked points of each colour
  // are the empty points its count gives it (dead stones from --dead sgf where the record marks them)
  const files = [...readdirSync(fixture("rules")).map((f) => `rules/${f}`), ...readdirSync(fixture("cycles")).filter((f) => f.endsWith(".sgf")).map((f) => `cycles/${f}`), "example.sgf"];
  const presets = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese", "aga", "tromp-taylor"];
  it.each(presets)("under %s", (rules) => {
    let checked = 0;
    for (const f of files) {
      const record = readSgf(readFileSync(fixture(f), "utf8"));
      const ruling = refereeRecord(record, { rules, dead: record.marks ? "sgf" : "none" }, { unfinished: "count" });
      const s = ruling.score;
      if (!s) continue;
      const board = playRecord({ ...record, moves: record.moves.slice(0, ruling.moves.length) }, { rules: ruling.rules, komiGiven: true }).board;
      const dead = ruling.dead.map((v) => { const p = fromGtp(v, record.width, record.height); return p.y * record.width + p.x; });
      const { TB, TW } = territoryMarks({ width: record.width, height: record.height, board, dead }, ruling.rules);
      expect([TB.length, TW.length], `${f} under ${rules}`).toEqual([s.breakdown.blackEmpty, s.breakdown.whiteEmpty]);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
