// Prove by capture on the classical dispute shapes (issue 5, item 5): test/fixtures/prove/*.sgf.
// Every expected verdict below was worked out by hand from the shape and the rule set's ko,
// suicide and end rules (RULES.md 1.4-1.6 and 1A, 2.2-2.7, 4.3-4.4, 5), not taken from the
// program; the comment above each case gives the vital point, the liberty count or the ko and
// why it ends that way. Verdicts (PROVE.md): `dead` captured whoever moves first, `alive` never
// captured, `unsettled` captured only with the attacker first, `seki` never captured and the
// defender cannot capture its way to two eyes either.
//
// All fixtures are 9x9 with the shape in the top-left corner, White the defender, a one-stone
// Black wall around it and an empty outside (>= 4 points touching no White stone), so the search
// region (src/prove/region.ts) is the White group, the empty points it encloses and the Black
// stones inside; the region size is asserted too. Coordinates in comments are GTP (A9 is the
// top-left corner, J1 the bottom-right); the targets are given as SGF points (aa = A9).
//
// Rule sets: `ing` (hot stones 1A.2, twin hot stones 1A.3, multi-stone suicide legal),
// `new-ing` (no ko rule, every suicide legal, the third occurrence of a situation is Void),
// `grand` (positional superko, suicide legal), `japanese` (basic ko, suicide forbidden, long
// cycles Void at the third occurrence). In a dispute there are no outside ko threats: a ko is
// won by the side that takes it first unless its rule set lets the other side retake. Two
// consecutive passes end the dispute (the target stays); a Void counts as not captured.
import { describe, it, expect, beforeAll } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sgf from "@sabaki/sgf";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/ruleset/ruleset.js";
import { positionAfter, proofToSgf } from "../src/prove/position.js";
import { prove, problemFrom, askWithKo, type ProveRequest, type ProveResult, type ProofNode } from "../src/prove/prove.js";
import type { Verdict } from "../src/rules/dispute.js";
import { proveParallel } from "../src/prove/pool.js";
import { referee } from "../src/rules/referee.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIXTURES = join(ROOT, "test", "fixtures", "prove");
const RULES = ["ing", "new-ing", "grand", "japanese"] as const;
type RuleName = (typeof RULES)[number];

/** Budgets: every case here finishes far below them (0.01-2 s each on two cores). */
const MAX_NODES = 4_000_000;
const TIME_MS = 20_000;

interface Case {
  file: string;
  /** one stone of the target string, SGF point */
  target: string;
  /** empty points + White stones + Black stones inside the wall */
  regionPoints: number;
  verdicts: Partial<Record<RuleName, Verdict>>;
  /** the rule sets whose answer rests on a Void (a cycle the rules end) */
  voids?: RuleName[];
  /** a larger time budget (ms) than TIME_MS, for the slowest proofs */
  timeMs?: number;
}

const all = (v: Verdict): Record<RuleName, Verdict> => ({ ing: v, "new-ing": v, grand: v, japanese: v });

const CASES: Case[] = [
  // straight-three: White D9 A8 B8 C8 D8 around the straight three A9 B9 C9. Vital point B9.
  // White first: B9 leaves two one-point eyes A9 and C9; Black can fill neither (single-stone
  // suicide: forbidden by ing 1.3, grand's superko and japanese, a null move in new-ing).
  // Black first: B9; White A9 or C9 is self-atari (Black takes everything at the other end);
  // if White waits, Black A9, White takes two at C9 and has a two-point eye with no outside
  // liberty: Black throws in at A9, White must take at B9, Black retakes A9 capturing the whole
  // group (a many-for-one capture, no ko). No ko anywhere: unsettled under every rule set.
  { file: "straight-three", target: "ab", regionPoints: 8, verdicts: all("unsettled") },

  // bent-three: White C9 B8 C8 A7 B7 around A9 B9 A8; the vital point is the bend A9.
  // White A9 leaves the eyes B9 and A8 (Black cannot fill either while the other is a liberty
  // of the A9 stone); Black A9 leaves White one eye: White B9 or A8 is self-atari, and after a
  // wait Black fills B9, White takes two at A8 and the two-point eye dies as above. Unsettled.
  { file: "bent-three", target: "ca", regionPoints: 8, verdicts: all("unsettled") },

  // straight-four: White E9 A8-E8 around A9-D9. B9 and C9 are miai: Black B9 is answered at C9
  // (eyes A9, D9) and Black C9 at B9. White never needs to move first: alive (not seki: no
  // Black stone touches White's liberties).
  { file: "straight-four", target: "ab", regionPoints: 10, verdicts: all("alive") },

  // bent-four on the edge, away from the corner: White B9 F9 B8 C8 D8 F8 D7 E7 F7 around the
  // path C9-D9-E9-E8 (bend at E9). D9 and E9 are miai: Black D9 is answered at E9 (eyes C9 and
  // E8), Black E9 at D9 (eye C9, and Black's E9 stone, with E8 its only liberty, is White's to
  // take; Black E8 would be suicide while C9 is open). The bend is connected to F9, so unlike
  // the corner (below) there is no ko: alive.
  { file: "bent-four", target: "ba", regionPoints: 13, verdicts: all("alive") },

  // square-four: White C9 C8 A7 B7 C7 around A9 B9 A8 B8. Dead whoever moves first: any White
  // move inside leaves a bent three whose vital point Black takes (White A9 -> Black B8, White
  // B8 -> Black A9, ...). Black first plays the 2-2 point B8: White B9 ataris it, Black A8
  // gives up two stones, White takes them at A9 and is left with the two-point eye A8-B8, which
  // dies (throw-in, forced capture, recapture of the whole group). Dead.
  { file: "square-four", target: "ca", regionPoints: 9, verdicts: all("dead") },

  // bulky-five: White D9 C8 D8 A7 B7 C7 around the square A9 B9 A8 B8 plus the tail C9. The vital
  // point is B9, the square's point next to the tail (three neighbours in the space).
  // White B9: C9 is one eye; in the bent three A9-A8-B8 Black's placement A8 is put in atari by
  // White A9 (Black B8 would be suicide) and captured: a second eye. Alive.
  // Black B9: White C9 is answered at B8 (White's last liberty is then A8); White B8 at A9 (the
  // pair A9-B9 and White share A8 and C9; White can fill neither, and Black's sacrifice at A8
  // leaves White the bent three A9-B9-A8 with Black to play A9); White A9 or A8 by B8. Unsettled
  // under every rule set (no ko on the killing lines).
  { file: "bulky-five", target: "da", regionPoints: 11, verdicts: all("unsettled") },

  // flower-six (rabbity six): White C9 D9 D8 A7 C7 D7 A6 B6 C6 around A9 B9 A8 B8 C8 B7; the
  // centre B8 touches the four other branches. White B8 splits the space into A9-B9-A8, C8 and
  // B7: Black can fill none of the one-point eyes C8 and B7 (each is a liberty of both White
  // strings), so alive. Black B8 touches every branch: White B9 is answered at A8 and White A8
  // at B9 (the corner must not become an eye), White C8, B7 or A9 by almost anything; White
  // never gets two eyes, and the stones Black fills in, once captured, leave a dead nakade whose
  // vital point Black plays again. Unsettled.
  { file: "flower-six", target: "ca", regionPoints: 15, verdicts: all("unsettled") },

  // L-group: White D8 B7 C7 D7 (an L of four stones on the second and third lines); the Black
  // wall E9 E8 E7 A6-E6 leaves the space A9 B9 C9 A8 B8 C8 plus the first-line points D9 and A7,
  // which Black can take from the wall (hane). "The L group is dead even if it moves first":
  //  - White B8 (2-2): Black A7, White A8, Black C9 (placement), White D9, Black B9. Black B9-C9
  //    and White share the liberties A9 and C8 and White can fill neither (self-atari), but Black
  //    gives up three at A9: White takes them at C8 and is left with the straight three A9-C9,
  //    Black to play B9. Dead.
  //  - White D9 (descent on the short side): Black A7, White A8: the bulky five A9 B9 C9 B8 C8
  //    (square B9 C9 B8 C8, tail A9); Black plays its vital point B9.
  //  - White A7 (descent on the long side): Black D9, White C9: bulky five A9 B9 A8 B8 (square)
  //    + C8; Black plays its vital point B8.
  //  - White A8 (a 1-2 point) is answered at B9, White B9 at A8, White C8 at B8, each leaving a
  //    dead shape. Attacker first is the same with one more Black move. Dead under every rule
  //    set (no ko on the killing lines).
  { file: "l-group", target: "db", regionPoints: 12, verdicts: all("dead") },

  // L+1 group: the L group plus the leg D9, so the space is A9 B9 C9 A8 B8 C8 plus A7 (Black's
  // hane point). It stands in for the J group ("big pig's snout", which has the L+1 group's
  // status, lives or dies by who moves first): the J group's exact diagram could not be checked.
  // White first: B8 (2-2). Black's hane A7 is blocked at A8, leaving the bent four A9-B9-C9-C8
  // (miai B9/C9); Black's placement B9 is answered at C9 (eye C8; Black's B9 is caught at A9).
  // Black first: hane A7, White B8, Black C9 (placement), White A8, Black B9: the same
  // seki-looking shape as in the L group (shared liberties A9 and C8), broken by Black's throw-in
  // at A9 -> White takes three at C8 -> straight three A9-C9 with Black to play B9. Unsettled.
  { file: "l-plus-one", target: "da", regionPoints: 12, verdicts: all("unsettled") },

  // Bent four in the corner: White C9 B8 C8 C7 A6 B6 C6 with Black A9 A8 A7 inside; White's only
  // liberties are B9 and B7, shared with the Black three. White can never approach (B9 or B7 is
  // self-atari: Black takes the whole group at the other point). Black plays B9 whenever he
  // likes: White must take four at B7, leaving the bent four A9 A8 A7 B9 with the bend on the
  // 1-1 point; Black A8, White A9 (atari; White A7 or B9 lose at once), Black B9 takes the ko
  // (one stone at A9). White's group now has one liberty (A7) and it is White to move:
  //  - ing: A9 would retake a single hot stone at once (1A.2); the interval move can only be a
  //    pass, and Black does not pass back (隔虛提劫 needs one pass each), he captures: dead.
  //  - grand: retaking at A9 repeats the board (positional superko): dead.
  //  - japanese (basic ko, long cycles Void): the immediate retake is forbidden and there are no
  //    outside threats: dead. This is the 1989 rules' result (bent four in the corner is dead),
  //    but reached by capture; arbiter has no precedent or confirmation-play rule.
  //  - new-ing (no ko rule): White retakes at once, Black retakes, and neither can stop (if Black
  //    stops, White A7 captures A8 and lives; if White stops, Black captures). The situation is
  //    created a third time: Void (2.6), so the target is never captured; White cannot attack the
  //    three Black stones either: seki.
  { file: "bent-four-corner", target: "ca", regionPoints: 12,
    verdicts: { ing: "dead", "new-ing": "seki", grand: "dead", japanese: "dead" }, voids: ["new-ing"] },

  // Seki without eyes: White A8-F8 F9, Black B9 C9 D9 inside; the two groups share A9 and E9
  // and have no other liberty. Filling a shared liberty is self-atari for either side. Black's
  // sacrifice (A9 or E9) lets White take four and make the straight four B9-E9 or A9-D9, which
  // lives; White cannot approach. Neither can capture: seki.
  { file: "seki-no-eyes", target: "ab", regionPoints: 12, verdicts: all("seki") },

  // Seki with eyes: White C9 E9 C8 D8 E8 A7 C7 A6 B6 C6 with the eye D9; Black B9 A8 B8 inside
  // with the eye A9; the shared liberty B7. Whoever fills B7 is left with one liberty (his eye)
  // against the other's eye and is captured: seki.
  { file: "seki-eyes", target: "ca", regionPoints: 16, verdicts: all("seki") },

  // Eye against no eye: White D9 D8 E8 A7 B7 C7 D7 (no eye) has 4 liberties: C9 and C8, shared
  // with Black B9 A8 B8, and E9 and E7, which touch Black's wall. Black's inner group has its
  // eye A9 plus C9 and C8: 3 liberties. Yet the eye wins even with White first: to attack,
  // White must fill a shared liberty (say C9: White C8 E9 E7, Black A9 C8); Black fills E9 and
  // E7 from the wall (connected, never self-atari), and White can never fill the last shared
  // liberty: it would leave White with none while Black keeps A9 (japanese: illegal; the
  // others: a suicide that removes the target). Black first just fills E9, E7, then C9. Dead.
  { file: "eye-vs-no-eye", target: "da", regionPoints: 15, verdicts: all("dead") },

  // Ten-thousand-year ko (万年劫): White's group E9 G9 D8 E8 F8 G8 A7 C7 D7 A6 B6 C6 has the eye
  // F9, the liberty D9 and B7 (shared); White's C9 sits in Black's corner with D9 its only
  // liberty. Black B9 A8 B8 C8 has the eye A9 and B7. Ko at D9/C9.
  //  - Black starts: D9 takes C9, but White is not in atari (F9, B7); to threaten, Black must
  //    also fill B7, which leaves his own group the single liberty A9, and White retakes at C9
  //    (not an immediate retake) with Black in atari: Black loses.
  //  - White starts: B7 puts Black in atari (A9), Black D9 takes C9 with White in atari (F9) and
  //    White cannot retake at once: White loses.
  // Whoever starts lets the other take first, so nobody starts (White can make it permanent by
  // connecting at D9). ing, grand, japanese: seki. new-ing: the retakes are immediate and loop
  // until the third occurrence (Void), so again neither side captures: seki.
  { file: "mannen-ko", target: "ea", regionPoints: 21, verdicts: all("seki"), voids: ["new-ing"] },

  // Double ko: White's group B8 F9 H9 E8 F8 G8 H8 A7 B7 C7 D7 E7 B6 C6 D6 has the eye G9 and the
  // liberty E9 at the first ko (White's D9 sits in Black's group B9 C9 C8 D8, and Black E9 takes
  // it); at the second ko Black's A8 sits in White's corner with A9 its only liberty, and A9 is
  // also the Black group's only liberty.
  //  - White first: A9 captures A8 and the whole Black group: alive.
  //  - Black first must save his group: E9 takes D9 (his group has A9 and D9; White is in atari
  //    at G9). White answers by taking the other ko: A9 captures A8 (White has G9 and A8, the
  //    Black group only D9). Black cannot retake A8 at once (ing: a single hot stone, 1A.2;
  //    grand: it repeats the board after E9; japanese: basic ko) and D9 has no liberty and
  //    captures nothing (japanese: illegal; ing, grand: a suicide of his own group): White
  //    captures the group at D9 next.
  // The attacker can take one ko, never both: alive under ing, grand and japanese. new-ing
  // allows immediate retakes: after Black E9 and White A9, Black retakes A8, White retakes D9,
  // Black retakes E9, ... both kos go round until the third occurrence ends the game (Void):
  // never captured; White first still captures at A9. Alive.
  { file: "double-ko", target: "fa", regionPoints: 24, verdicts: all("alive"), voids: ["new-ing"] },

  // Triple ko: White's group E9 D8 E8 E7 D6 E6 B5 C5 D5 A4 B4 has only the liberties D9 and D7,
  // each at a ko whose White stone (C9, C7) sits inside Black's group; Black's group B9 A8 B8 C8
  // A7 B7 B6 C6 has the eye A9 and the liberty A6 at the third ko (White A6 takes Black A5).
  // Black first: D9 (takes C9, White in atari at D7), White A6 (takes A5), Black D7 (takes C7),
  // White C9 (takes D9 back), Black A5 (takes A6 back), and White's only way out of atari is C7
  // (taking D7 back), the sixth capture in a row, which recreates the start with Black to move.
  // Every White move was forced (the other captures are immediate retakes) and Black's group
  // never runs short (its eye A9).
  //  - ing: the capture that closes a pass-free cycle of captures is forbidden (twin hot stones,
  //    1A.3 close): White is captured. White first does no better: a pass, or taking A5 first
  //    (Black answers at D9), only lets Black start a new chain of six that White must close.
  //  - grand: C7 repeats the start board (positional superko): captured, either way.
  //  - japanese and new-ing allow every one of White's retakes, so the cycle runs until the
  //    third occurrence: Void, not captured (alive). The new-ing proofs are the slowest of this
  //    file (about 750,000 nodes), hence the larger time budget.
  { file: "triple-ko", target: "ea", regionPoints: 26, verdicts: { ing: "dead", grand: "dead", japanese: "alive", "new-ing": "alive" },
    voids: ["japanese", "new-ing"], timeMs: 50_000 },
];

/** The request for a fixture: the record's setup, the target string, the record's player to move. */
function request(file: string, target: string, rules: RuleName, timeMs = TIME_MS): { req: ProveRequest; pos: ReturnType<typeof positionAfter> } {
  const record = readSgf(readFileSync(join(FIXTURES, `${file}.sgf`), "utf8"));
  const rs = preset(rules);
  const pos = positionAfter(record, rs);
  const x = target.charCodeAt(0) - 97;
  const y = target.charCodeAt(1) - 97;
  return { req: { ...pos, rules: rs, targets: [y * pos.width + x], toMove: pos.toMove, maxNodes: MAX_NODES, timeMs }, pos };
}

const memo = new Map<string, ProveResult>();
/** prove() on a fixture, once per fixture, target and rule set. */
function proved(file: string, target: string, rules: RuleName, timeMs = TIME_MS): ProveResult {
  const k = `${file} ${target} ${rules}`;
  let r = memo.get(k);
  if (!r) {
    r = prove(request(file, target, rules, timeMs).req);
    memo.set(k, r);
  }
  return r;
}

/** What each verdict says about the two questions. */
const CAPTURED: Record<Exclude<Verdict, "unknown">, [boolean, boolean]> = {
  dead: [true, true],
  alive: [false, false],
  seki: [false, false],
  unsettled: [true, false],
};

// Death by fill-in (the finished-game test: the targets' area holds only points that touch an
// attacker string with a liberty outside the region, where no one plays) is turned on in a
// problem's question once it runs long (prove.ts FILL_AFTER). Turned on from the first
// position, both questions of each classical shape get the answers worked by hand above
// (japanese), and some proofs end in a fill-in, so the test is met.
describe("prove: the classical shapes with death by fill-in from the first position", () => {
  let fills = 0;
  const filled = (n: ProofNode): number => (n.end === "filled" ? 1 : 0) + n.children.reduce((k, c) => k + filled(c), 0);
  for (const c of CASES) {
    const expected = c.verdicts.japanese;
    if (!expected || expected === "unknown") continue;
    it(`${c.file}: ${expected}`, () => {
      const { req } = request(c.file, c.target, "japanese", c.timeMs);
      const spec = { ...problemFrom(req), fillAfter: 0 };
      const budget = () => ({ maxNodes: MAX_NODES, deadline: performance.now() + (c.timeMs ?? TIME_MS) });
      const a = askWithKo(spec, "B", budget(), true);
      const d = askWithKo(spec, "W", budget(), true);
      expect([a.captured, d.captured]).toEqual(CAPTURED[expected]);
      fills += (a.proof ? filled(a.proof) : 0) + (d.proof ? filled(d.proof) : 0);
    });
  }
  it("some proofs end in a fill-in", () => expect(fills).toBeGreaterThan(0));

  // Worked by hand, 9x9, top edge: White C9 F9 A8-F8; Black B9 and E9 inside White's space
  // (one liberty each, A9 and D9); Black's wall H9 H8 A7-H7, open to the right and below; G9
  // and G8 empty. Once Black has played G9 or G8 (joining the wall), every empty point of
  // White's area touches a Black stone, but B9 and E9 can be captured: not death by fill-in.
  // Black can never play A9 or D9 (suicide while White keeps the other liberty), so White,
  // with those two liberties for ever, lives whoever moves first.
  it("an area whose attacker stones inside can be captured is no fill-in: White lives", () => {
    const board = new Uint8Array(81);
    for (const p of [2, 5, 9, 10, 11, 12, 13, 14]) board[p] = 2;
    for (const p of [1, 4, 7, 16, 18, 19, 20, 21, 22, 23, 24, 25]) board[p] = 1;
    const spec = { ...problemFrom({ width: 9, height: 9, board, rules: preset("japanese"), targets: [2], toMove: "B", maxNodes: MAX_NODES, timeMs: TIME_MS }), fillAfter: 0 };
    expect(spec.region.points).toContain(6); // G9 is Black's to play
    const budget = () => ({ maxNodes: MAX_NODES, deadline: performance.now() + TIME_MS });
    expect(askWithKo(spec, "B", budget(), false).captured).toBe(false);
    expect(askWithKo(spec, "W", budget(), false).captured).toBe(false);
  });
});

describe("prove: classical shapes under the seed and Japanese rules", () => {
  for (const c of CASES) {
    for (const rules of RULES) {
      const expected = c.verdicts[rules];
      if (!expected) continue;
      it(`${c.file} under ${rules}: ${expected}`, () => {
        const r = proved(c.file, c.target, rules, c.timeMs);
        expect(r.complete, `budget ran out: ${r.nodes} nodes, ${r.timeMs} ms`).toBe(true);
        expect(r.defender).toBe("W");
        expect(r.region.points).toBe(c.regionPoints);
        const [a, d] = CAPTURED[expected as Exclude<Verdict, "unknown">];
        expect([r.attackerFirst.captured, r.defenderFirst.captured], `lines: ${r.attackerFirst.line.join(" ")} | ${r.defenderFirst.line.join(" ")}`)
          .toEqual([a, d]);
        expect(r.verdict).toBe(expected);
        if (c.voids?.includes(rules)) expect(r.voidMet).toBe(true);
      });
    }
  }

  // Double ko with a shared liberty: the fixture above with C7 empty, so White's group has G9,
  // E9 (first ko) and C7, and Black's group B9 C9 C8 D8 has A9 (second ko) and C7.
  //  - Black first: E9 takes D9 (White keeps G9 and C7); White takes the other ko at A9, and
  //    Black's group has D9 and C7. Black cannot retake A8 at once and C7 would leave him in
  //    atari, so he waits; White retakes D9 and Black must retake A8: the start again, now with
  //    White to move. Never captured.
  //  - White first: A9 (Black's group in atari at C7), Black E9 (takes D9), White C7, Black
  //    retakes A8 (White in atari at G9), White retakes D9 (not immediate) and Black's group,
  //    down to A9, cannot retake D9 at once: White captures it and lives with two eyes.
  // So the verdict is "alive", not seki: the defender can make two eyes.
  it("double-ko-shared under grand: never captured", () => {
    const r = proved("double-ko-shared", "fa", "grand");
    expect(r.complete).toBe(true);
    expect(r.region.points).toBe(24);
    expect([r.attackerFirst.captured, r.defenderFirst.captured]).toEqual([false, false]);
  });
  // KNOWN BUG (reported): looksLikeSeki (src/prove/prove.ts) looks at the starting position, where
  // White's liberty C7 touches Black's inner group, and calls this seki, though the defender can
  // capture that group (line above). Remove `.fails` once the seki test follows the defender's
  // line or asks whether the defender can make two eyes.
  it("double-ko-shared under grand: verdict alive, not seki", () => {
    expect(proved("double-ko-shared", "fa", "grand").verdict).toBe("alive");
  });
});

describe("prove: determinism and the proof record", () => {
  const worker = join(ROOT, "dist", "src", "prove", "team-worker.js");
  beforeAll(() => {
    if (!existsSync(worker)) throw new Error(`${worker} is missing: build first with \`npm run build\` (npm test does it via pretest)`);
  });

  const PARALLEL: [string, string, RuleName, Verdict][] = [
    ["straight-three", "ab", "japanese", "unsettled"],
    ["seki-eyes", "ca", "ing", "seki"],
    ["bent-four-corner", "ca", "ing", "dead"],
    ["bent-four-corner", "ca", "new-ing", "seki"],
  ];
  for (const [file, target, rules, expected] of PARALLEL) {
    it(`${file} under ${rules}: the same verdict with 1 and 2 workers`, async () => {
      const { req } = request(file, target, rules);
      const one = await proveParallel(req, 1);
      const two = await proveParallel(req, 2);
      expect(one.complete && two.complete).toBe(true);
      expect(one.verdict).toBe(expected);
      expect(two.verdict).toBe(expected);
      expect([two.attackerFirst.captured, two.defenderFirst.captured])
        .toEqual([one.attackerFirst.captured, one.defenderFirst.captured]);
    });
  }

  it("the proof of bent four in the corner (ing, attacker first) is an SGF with variations", () => {
    const { req, pos } = request("bent-four-corner", "ca", "ing");
    const r = prove(req, true);
    const proof = r.attackerFirst.proof;
    expect(proof).toBeDefined();
    const text = proofToSgf(pos, proof!, "arbiter proof, ing rules, attacker first");
    const record = readSgf(text);
    expect(record.width).toBe(9);
    expect(Array.from(record.setup)).toEqual(Array.from(pos.board));
    // B9 is Black's only killing first move (B7 would leave White the bent four A9 A8 A7 B7,
    // which is not in the corner's ko shape and lives): the record's main line starts there.
    expect(record.moves[0]).toMatchObject({ color: "B", x: 1, y: 0 });
    // at White's turns the proof holds every reply: the tree branches
    const branches = (nodes: { children: unknown[] }[]): number =>
      nodes.reduce((n, node) => n + (node.children.length > 1 ? 1 : 0) + branches(node.children as { children: unknown[] }[]), 0);
    expect(branches(sgf.parse(text))).toBeGreaterThan(0);
  });
});

// Zhang's rules make a single-stone suicide a real move (RULES.md 3.2) that leaves the board as it
// was, and no-going-back (3.4) compares whole-board positions that include the virtual moves
// made. So a suicide works as a tempo that is not a virtual move: in the L+1 group after White's
// living move B8, it lets Black make White's recapture a return to a position already faced.
// The line is in the fixture's comment; worked by hand:
//   1 B B9  2 W C9 (B9 in atari)  3 B A8  4 W pass  5 B A7 (joins the wall; White's liberties
//   are C8 and A9's capture)  6 W A9 takes B9  7 B C8: no liberty, captures nothing: a suicide,
//   legal under zhang, the board unchanged  8 W pass (B9 or C8 would leave White one liberty,
//   taken at once)  9 B B9 takes A9: White is in atari at C8  10 W A9 would take B9 back and
//   recreate the position after move 8 (same board, Black to move, White's two virtual moves):
//   refused, no-going-back. Under ing, move 7 is refused instead (a single-stone suicide is a
//   no-change move, 1.3).
describe("prove: Zhang's rules, a suicide as a tempo", () => {
  const record = readSgf(readFileSync(join(FIXTURES, "zhang-suicide-tempo.sgf"), "utf8"));
  it("zhang: the recapture at move 10 is refused (no-going-back); the suicide at move 7 is legal", () => {
    const r = referee(record, { rules: preset("zhang"), rulesFrom: "option", dead: "none" });
    expect(r.moves.filter((m) => !m.legal).map((m) => `${m.n} ${m.reason}`)).toEqual(["10 no-going-back"]);
    expect(r.moves[6].legal).toBe(true);
  });
  it("ing: the suicide at move 7 is refused (no-change)", () => {
    const r = referee(record, { rules: preset("ing"), rulesFrom: "option", dead: "none" });
    expect(r.moves.filter((m) => !m.legal).map((m) => `${m.n} ${m.reason}`)).toEqual(["7 no-change"]);
  });
});

describe("one question when one is asked (--question)", () => {
  // the L group is dead whoever moves first, the L+1 group lives if White moves first and dies
  // if Black does (both worked by hand in CASES above); one question answers only its own half
  for (const [file, target, attacker, defender] of [["l-group", "db", true, true], ["l-plus-one", "da", true, false]] as const) {
    it(`${file}: attacker first ${attacker ? "captured" : "not captured"}, defender first ${defender ? "captured" : "not captured"}, each asked alone`, async () => {
      const { req } = request(file, target, "japanese");
      const a = prove({ ...req, question: "attacker" });
      expect(a).toMatchObject({ question: "attacker", verdict: "unknown", complete: true, attackerFirst: { captured: attacker },
        defenderFirst: { captured: null, nodes: 0, line: [] } });
      const d = prove({ ...req, question: "defender" });
      expect(d).toMatchObject({ question: "defender", verdict: "unknown", complete: true, defenderFirst: { captured: defender },
        attackerFirst: { captured: null, nodes: 0, line: [] } });
      // the same answers as when both are asked, on two workers as on one
      const both = proved(file, target, "japanese");
      expect([both.attackerFirst.captured, both.defenderFirst.captured]).toEqual([attacker, defender]);
      const par = await proveParallel({ ...req, question: "defender" }, 2);
      expect(par).toMatchObject({ question: "defender", complete: true, defenderFirst: { captured: defender }, attackerFirst: { captured: null } });
    });
  }
});
