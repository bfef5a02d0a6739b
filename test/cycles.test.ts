// The cycle catalogue (test/fixtures/cycles/): every fixture under every preset, then the same
// fixtures rotated, mirrored, with the colours swapped and embedded on larger boards. The
// expected rulings in catalogue.json were worked out by hand from RULES.md (each has a "why");
// docs/cycles.md describes the kinds.
import { describe, it, expect } from "vitest";
import fs from "node:fs";
import { readSgf } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { referee, type Ruling } from "../src/rules/referee.js";
import { preset, withKnobs, RULE_NAMES, type RuleSet } from "../src/ruleset/ruleset.js";
import { classifyCycle } from "../src/rules/cycles.js";
import type { CycleMove } from "../src/rules/cycles.js";
import {
  rotate, mirror, swapColors, embed, embedding, rotateEdges, mirrorEdges, type Edge,
} from "./helpers/transform.js";

interface Expected {
  refused?: number;
  reason?: string;
  void?: number;
  end?: string;
  at?: number;
  /** the kind of every cycle the referee lists; null: none is listed; absent: the fixture's */
  kind?: string | null;
  why: string;
}
interface Fixture {
  file: string;
  shape: string;
  kind: string | null;
  edges: Edge[];
  source: string;
  rulings: Record<string, Expected>;
  variants?: { rules: string; knobs: Record<string, unknown>; ruling: Expected; knownIssue?: string }[];
}

const DIR = new URL("./fixtures/cycles/", import.meta.url);
const catalogue = JSON.parse(fs.readFileSync(new URL("catalogue.json", DIR), "utf8")) as { fixtures: Fixture[] };
const load = (f: Fixture): GameRecord => readSgf(fs.readFileSync(new URL(f.file, DIR), "utf8"));
const run = (record: GameRecord, rules: RuleSet): Ruling => referee(record, { rules, rulesFrom: "option", dead: "none" });

function describeExpected(e: Expected): string {
  if (e.refused !== undefined) return `move ${e.refused} refused (${e.reason})`;
  if (e.void !== undefined) return `Void at move ${e.void}`;
  return `ends ${e.end} at move ${e.at}`;
}

/** Asserts a ruling against the catalogue's expectation; `where` names the case in messages. */
function check(r: Ruling, e: Expected, fixtureKind: string | null, where: string): void {
  const kind = e.kind === undefined ? fixtureKind : e.kind;
  const last = e.refused ?? e.void ?? e.at as number;
  const illegal = r.moves.filter((m) => !m.legal).map((m) => `${m.n} ${m.reason}`);
  if (e.refused !== undefined) {
    expect(illegal, `${where}: refused moves`).toEqual([`${e.refused} ${e.reason}`]);
    expect(r.end.reason, `${where}: end`).toBe("illegal-move");
  } else {
    expect(illegal, `${where}: refused moves`).toEqual([]);
    if (e.void !== undefined) {
      expect([r.end.reason, r.result, r.decidedBy], `${where}: Void`).toEqual(["cycle", "Void", "cycle"]);
    } else {
      expect(r.end.reason, `${where}: end`).toBe(e.end);
    }
  }
  expect(r.end.atMove, `${where}: end at`).toBe(last);
  expect(r.moves.length, `${where}: moves refereed`).toBe(last);
  if (kind === null) {
    expect(r.cycles, `${where}: no cycle`).toEqual([]);
    return;
  }
  expect(r.cycles.length, `${where}: a cycle is listed`).toBeGreaterThan(0);
  expect([...new Set(r.cycles.map((c) => c.kind))], `${where}: cycle kinds`).toEqual([kind]);
  if (e.refused !== undefined) {
    const c = r.cycles.find((x) => x.repeatMove === e.refused);
    expect(c, `${where}: the refused move's cycle`).toBeDefined();
    expect(c?.ruling, `${where}: its ruling`).toBe("forbidden");
  }
  if (e.void !== undefined) {
    const c = r.cycles.find((x) => x.repeatMove === e.void);
    expect(c?.ruling, `${where}: the voiding cycle`).toBe("no-result");
  }
}

describe("cycle catalogue", () => {
  it("has at least twelve cycle positions, each ruled under every preset", () => {
    const cycles = catalogue.fixtures.filter((f) => f.kind !== null);
    expect(cycles.length).toBeGreaterThanOrEqual(12);
    for (const f of catalogue.fixtures) expect(Object.keys(f.rulings).sort(), f.file).toEqual([...RULE_NAMES].sort());
  });

  for (const f of catalogue.fixtures) {
    describe(`${f.file}: ${f.shape}`, () => {
      const record = load(f);
      for (const name of RULE_NAMES) {
        const e = f.rulings[name];
        it(`${name}: ${describeExpected(e)}`, () => check(run(record, preset(name)), e, f.kind, `${f.file} ${name}`));
      }
      for (const v of f.variants ?? []) {
        const title = `${v.rules} ${JSON.stringify(v.knobs)}: ${describeExpected(v.ruling)}`;
        const test = () => check(run(record, withKnobs(preset(v.rules), v.knobs)), v.ruling, f.kind, `${f.file} ${title}`);
        if (v.knownIssue) it.fails(`${title} [known issue: ${v.knownIssue}]`, test);
        else it(title, test);
      }
    });
  }
});

interface Variant { name: string; apply: (r: GameRecord, edges: Edge[]) => { record: GameRecord; edges: Edge[] } }

const turn = (k: number): Variant => ({ name: `rotated ${90 * k}`,
  apply: (r, e) => ({ record: rotate(r, k), edges: rotateEdges(e, k) }) });
const mirrored = (k: number): Variant => ({ name: k ? `mirrored, rotated ${90 * k}` : "mirrored",
  apply: (r, e) => ({ record: rotate(mirror(r), k), edges: rotateEdges(mirrorEdges(e), k) }) });
const embedded = (size: number, before?: Variant): Variant => ({
  name: `${before ? `${before.name}, ` : ""}embedded in ${size}x${size}`,
  apply: (r0, e0) => {
    const { record: r, edges: e } = before ? before.apply(r0, e0) : { record: r0, edges: e0 };
    return { record: embed(r, embedding(r.width, r.height, e, size, size)), edges: e };
  },
});
const swapped = (before?: Variant): Variant => ({ name: `${before ? `${before.name}, ` : ""}colours swapped`,
  apply: (r0, e0) => {
    const { record: r, edges: e } = before ? before.apply(r0, e0) : { record: r0, edges: e0 };
    return { record: swapColors(r), edges: e };
  } });

const VARIANTS: Variant[] = [
  turn(1), turn(2), turn(3),
  mirrored(0), mirrored(1), mirrored(2), mirrored(3),
  swapped(), swapped(turn(1)), swapped(mirrored(0)),
  embedded(19), embedded(13), embedded(19, swapped(mirrored(3))), embedded(13, turn(2)),
];

/** The cycles as the referee lists them, without what names a colour or a point. */
function cycleFacts(r: Ruling, colorsSwapped: boolean) {
  return r.cycles.map((c) => ({ firstMove: c.firstMove, repeatMove: c.repeatMove, period: c.period, kind: c.kind,
    captures: colorsSwapped ? { B: c.captures.W, W: c.captures.B } : c.captures }));
}

describe("cycle catalogue, transformed", () => {
  it("rotating a record four times, mirroring or swapping colours twice gives it back", () => {
    const r = load(catalogue.fixtures[0]);
    const same = (a: GameRecord) => ({ w: a.width, h: a.height, setup: Array.from(a.setup), toMove: a.toMove,
      moves: a.moves.map((m) => [m.color, m.x, m.y]) });
    expect(same(rotate(r, 4))).toEqual(same(r));
    expect(same(mirror(mirror(r)))).toEqual(same(r));
    expect(same(swapColors(swapColors(r)))).toEqual(same(r));
    expect(same(rotate(r, 1))).not.toEqual(same(r));
  });

  for (const f of catalogue.fixtures) {
    const record = load(f);
    const reference = Object.fromEntries(RULE_NAMES.map((name) => [name, run(record, preset(name))]));
    for (const v of VARIANTS) {
      it(`${f.file} ${v.name}: same kind and rulings under every preset`, () => {
        const { record: t } = v.apply(record, f.edges);
        const colorsSwapped = v.name.includes("colours swapped");
        for (const name of RULE_NAMES) {
          const r = run(t, preset(name));
          check(r, f.rulings[name], f.kind, `${f.file} ${v.name} ${name}`);
          expect(cycleFacts(r, colorsSwapped), `${f.file} ${v.name} ${name}: cycles`).toEqual(cycleFacts(reference[name], false));
          expect(r.moves.map((m) => m.captures.length), `${f.file} ${v.name} ${name}: captures`)
            .toEqual(reference[name].moves.map((m) => m.captures.length));
        }
        for (const x of f.variants ?? []) {
          if (x.knownIssue) continue;
          check(run(t, withKnobs(preset(x.rules), x.knobs)), x.ruling, f.kind, `${f.file} ${v.name} ${x.rules} ${JSON.stringify(x.knobs)}`);
        }
      });
    }
  }
});

// The classifier on hand-made move lists: one per kind, including the two provisional ones
// (docs/cycles.md), which the catalogue reaches only with constructed positions.
describe("classifyCycle", () => {
  let n = 0;
  const play = (color: "B" | "W", point: number, captures: number[] = [], selfCaptures: number[] = []): CycleMove =>
    ({ kind: "play", n: ++n, color, point, captures, selfCaptures, noChange: false });
  const pass = (color: "B" | "W"): CycleMove =>
    ({ kind: "pass", n: ++n, color, point: null, captures: [], selfCaptures: [], noChange: true });
  const nullMove = (color: "B" | "W", point: number): CycleMove => ({ ...play(color, point), noChange: true });
  const kind = (moves: CycleMove[]) => classifyCycle(moves).kind;

  it("names ko cycles by their number of ko sites", () => {
    expect(kind([play("W", 1, [2]), play("B", 2, [1])])).toBe("basic-ko");
    expect(kind([play("W", 1, [2]), pass("B"), pass("W"), play("B", 2, [1])])).toBe("pass-cycle");
    // a double ko cycles only through passes: still a double ko (a seki, usually)
    expect(kind([play("W", 1, [2]), play("B", 11, [12]), pass("W"), play("B", 2, [1]), play("W", 12, [11]), pass("B")]))
      .toBe("double-ko-seki");
    const triple = [play("B", 1, [2]), play("W", 11, [12]), play("B", 21, [22]), play("W", 2, [1]), play("B", 12, [11]), play("W", 22, [21])];
    expect(kind(triple)).toBe("triple-ko");
    expect(kind([...triple.slice(0, 3), play("W", 31, [32]), play("B", 2, [1]), play("W", 12, [11]), play("B", 22, [21]), play("W", 32, [31])]))
      .toBe("quadruple-ko");
  });

  it("names the shapes of multi-stone captures", () => {
    // eternal life: throw-in, sacrifice, two for two back
    expect(kind([play("B", 1), play("W", 2, [1, 3]), play("B", 3, [2, 4]), play("W", 4)])).toBe("eternal-life");
    expect(kind([play("W", 1), play("B", 3, [1, 2]), play("W", 2, [3]), pass("B")])).toBe("sending-two-returning-one");
    expect(kind([play("W", 1), play("B", 4, [1, 2, 3]), play("W", 2, [4]), pass("B"), play("W", 3), pass("B")]))
      .toBe("sending-n-returning-m");
  });

  it("names cycles without captures", () => {
    expect(kind([nullMove("B", 5), pass("W")])).toBe("pass-cycle");
    expect(kind([play("B", 5, [], [5, 6]), pass("W"), play("B", 6), pass("W")])).toBe("suicide-cycle");
  });

  it("gives the provisional kinds to mixed capture sizes with both sides capturing alike", () => {
    // each side sends two and returns one; no passes / with passes
    const mutual = [play("B", 1), play("W", 11), play("B", 13, [11, 12]), play("W", 3, [1, 2]), play("B", 2, [3]), play("W", 12, [13])];
    expect(kind(mutual)).toBe("round-robin-ko");
    expect(kind([...mutual, pass("B"), pass("W")])).toBe("molasses-ko");
  });
});
