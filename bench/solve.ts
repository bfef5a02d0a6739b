// The solver (docs/solve.md), measured against published figures in one run:
//   node dist/bench/solve.js [--big]
// - 2x2 under Tromp-Taylor (area counting, positional superko): the nodes alpha-beta searches,
//   passes first, last and answering, against J. Tromp's program (1,446 and 19,397,529 nodes), and
//   the value (+1); the history heuristic on and off; tinybench's time per solve.
// - Retrograde analysis, Chinese rules with basic ko (a long cycle voids): the final positions
//   counted on 2x2 and 3x3 against the legal positions (Tromp and Farnebäck: 57 and 12,675), 3x3's
//   value (+9) with and without the board's symmetries; --big: 4x4 (2.5 minutes, 1.5 GB).
// - A goal by deepening (the way past retrograde analysis's room): 3x3, 2x4 and 4x4 under
//   Chinese rules with basic ko at their values, Benson's test on and off, in the goal's order
//   (passes answering, centre out) and on 4x4 also passes last with the history heuristic; a goal
//   by proof numbers against deepening, a yes and the no a half point above (2x3 to 3x5); --big:
//   3x6's +18, the whole board, by both.
// - Ing's rules by their hot stones alone, then their own lines, against alpha-beta over Ing's
//   1A on 2x2 and 2x3.
// - Zhang's rules by their passes (each side's region), then their own lines (deepened: lines
//   past a cap), against alpha-beta over Zhang's rules on 2x2, 2x3 and 3x3.
// - A rule's own lines by proof numbers against alpha-beta: Tromp-Taylor 2x2, New Zealand 2x3,
//   Zhang's 2x2, Ing's 2x2 to 2x4, Tromp-Taylor 1x7, Chinese 1x8 (nodes over the lines, the
//   values the same); --big: Ing's 3x4
//   by proof numbers (7 minutes; alpha-beta did not answer "+5" in 30).
// - The Grand Rules by their phases (the Void left out) against alpha-beta over the whole
//   history on 2x2 (the peer: 20 s); the phases' lines cut short by simple ko's strategies over
//   their graph against each phase by alpha-beta alone, 2x2 and 2x3 (20 s); on 2x4, the goals
//   between the relaxation's bounds under the rules themselves (the Void on) against the bounds
//   alone then alpha-beta (20 s).
// - The bounds of a superko by simple ko's game: 3x3 under area counting against the published
//   +9, 2x4, 3x4; --big: 4x4 under Chinese rules (positional superko) against the published +2,
//   and 3x4 under Japanese rules with the prisoners in the position on one thread and on two.
// - Territory counting (Japanese rules) by total payoff against the prisoners in the position,
//   the same board in the same run: positions, time, value (published: 2x2 a draw, 3x3 Black
//   wins); --big: 3x4 too, and 4x4 by total payoff against the published draw.
// - T. Drange's table of area counting's values (mathpuzzle.com/go, 1998): linear Go 1x2 to 1x9
//   and 2x5, 2x6 under Chinese rules, each against the published value; --big: 1x10 and 3x5 too.
import { Bench } from "tinybench";
import { preset, withKnobs, type RuleSet } from "../src/ruleset/ruleset.js";
import { solve, type SolveOptions, type SolveResult } from "../src/solve/solve.js";

const rules = (name: string, knobs: Record<string, unknown> = {}): RuleSet => ({ ...withKnobs(preset(name), knobs), komi: 0 });
const basicKo = rules("chinese", { longCycles: "void" });
const big = process.argv.includes("--big");

function line(label: string, r: SolveResult, extra = ""): void {
  console.log(`  ${label.padEnd(44)} ${String(r.result).padStart(5)}  ${String(r.nodes).padStart(11)} nodes  ${String(r.timeMs).padStart(7)} ms${extra}`);
}

async function main(): Promise<void> {
  console.log("Solving small boards (docs/solve.md)");
  console.log("2x2 Tromp-Taylor, alpha-beta (Tromp's program: 1,446 nodes passes first, 19,397,529 passes last)");
  const tt = rules("tromp-taylor");
  const runs: [string, SolveOptions, number][] = [
    ["passes first, history heuristic", { width: 2, height: 2, rules: tt, method: "alpha-beta" }, 1446],
    ["passes first, centre out", { width: 2, height: 2, rules: tt, method: "alpha-beta", historyOrder: false }, 1446],
    ["passes last, history heuristic", { width: 2, height: 2, rules: tt, method: "alpha-beta", passesFirst: false }, 19_397_529],
    ["passes last, centre out", { width: 2, height: 2, rules: tt, method: "alpha-beta", passesFirst: false, historyOrder: false }, 19_397_529],
    // (passes last, but first in answer to a pass: against Tromp's better order)
    ["passes answering, history heuristic", { width: 2, height: 2, rules: tt, method: "alpha-beta", passesFirst: false, answerPassFirst: true }, 1446],
  ];
  for (const [label, o, tromp] of runs) {
    const r = solve(o);
    line(label, r, `  ${(r.nodes / tromp).toFixed(3)}x Tromp's nodes`);
  }
  const bench = new Bench({ time: 500, warmupTime: 100 });
  bench.add("2x2 Tromp-Taylor, passes first", () => { solve({ width: 2, height: 2, rules: tt, method: "alpha-beta" }); });
  bench.add("2x2 Japanese (territory, basic ko, void)", () => { solve({ width: 2, height: 2, rules: rules("japanese") }); });
  await bench.run();
  for (const t of bench.tasks) console.log(`  tinybench ${t.name.padEnd(40)} ${(t.result as { latency?: { mean: number } }).latency?.mean?.toFixed(2) ?? "?"} ms per solve`);

  console.log("Retrograde analysis, Chinese with basic ko (legal positions: Tromp and Farnebäck)");
  for (const [n, legal] of [[2, 57], [3, 12675]] as const) {
    const r = solve({ width: n, height: n, rules: basicKo, symmetry: false });
    line(`${n}x${n}, every position`, r, `  ${r.positions} positions, ${r.stats.counted} final boards counted (legal: ${legal})`);
  }
  const plain = solve({ width: 3, height: 3, rules: basicKo, symmetry: false });
  const sym = solve({ width: 3, height: 3, rules: basicKo });
  line("3x3, by class under the 8 symmetries", sym, `  ${sym.positions} classes, ${(plain.positions! / sym.positions!).toFixed(2)}x fewer, ` +
    `${(plain.timeMs / Math.max(1, sym.timeMs)).toFixed(2)}x faster`);
  const ni = solve({ width: 3, height: 3, rules: rules("new-ing") });
  line("3x3 New Ing", ni, `  ${ni.positions} classes`);
  const r34 = solve({ width: 3, height: 4, rules: basicKo });
  line("3x4, the Void played out where it may bind", r34, `  ${r34.positions} classes; ${r34.notes.join("; ")}`);
  if (big) {
    const r = solve({ width: 4, height: 4, rules: basicKo, seconds: 3600 });
    line("4x4, by class", r, `  ${r.positions} classes; line ${r.line.join(" ")} ruled ${r.lineRuling?.result}`);
  }

  console.log("A goal by deepening, with Benson's test and without (Chinese with basic ko; retrograde analysis: 3x3 +9, 2x4 +8, 4x4 +1)");
  {
    const goals: [number, number, number, Partial<SolveOptions>][] = [[3, 3, 9, {}], [2, 4, 8, {}], [4, 4, 1, {}],
      [4, 4, 1, { passesFirst: false, answerPassFirst: false, historyOrder: true }]];
    for (const [w, h, goal, extra] of goals) {
      const on = solve({ width: w, height: h, rules: basicKo, method: "alpha-beta", goal, seconds: 600, tableBits: 24, ...extra });
      const off = solve({ width: w, height: h, rules: basicKo, method: "alpha-beta", goal, seconds: 600, tableBits: 24, safeArea: false, ...extra });
      const said = (r: SolveResult): string => r.goalMet === undefined ? `stopped (${r.stoppedBy})` : r.goalMet ? "yes" : "no";
      // (the goal's own order: passes answering, centre out; the one before: passes last, history heuristic)
      const order = extra.historyOrder ? ", passes last, history heuristic" : "";
      line(`${w}x${h} at least +${goal}${order}, Benson`, on,
        `  ${said(on)} at a horizon of ${on.goalWork?.horizon}; ${on.goalWork?.bySafeArea} positions by Benson's test`);
      line(`${w}x${h} at least +${goal}${order}, no Benson`, off, `  ${said(off)}: ${(off.nodes / Math.max(1, on.nodes)).toFixed(2)}x the nodes, ` +
        `${(off.timeMs / Math.max(1, on.timeMs)).toFixed(2)}x the time`);
    }
    // (without deepening, lines run past the engine's 1,000 moves before any verdict)
    const flat = solve({ width: 3, height: 3, rules: basicKo, method: "alpha-beta", goal: 9, seconds: 20, deepening: false, safeArea: false });
    line("3x3 at least +9, no deepening, no Benson", flat, `  ${flat.goalMet === undefined ? `stopped (${flat.stoppedBy})` : flat.goalMet}`);
  }

  console.log("A goal by proof numbers against deepening (Chinese with basic ko; retrograde analysis: 2x3 0, 3x4 +4, 4x4 +1, 3x5 +15): a yes, and a no one step above");
  {
    // (a no by deepening must meet no cut line, so it is the whole tree: 60 s each at most)
    const goals: [number, number, number][] = [[2, 3, 0.5], [3, 4, 4], [3, 4, 4.5], [4, 4, 1], [4, 4, 1.5], [3, 5, 15]];
    for (const [w, h, goal] of goals) {
      const pn = solve({ width: w, height: h, rules: basicKo, method: "alpha-beta", goal, goalSearch: "proof-numbers", seconds: 300, tableBits: 24 });
      const ab = solve({ width: w, height: h, rules: basicKo, method: "alpha-beta", goal, seconds: 60, tableBits: 24 });
      const said = (r: SolveResult): string => r.goalMet === undefined ? `stopped (${r.stoppedBy})` : r.goalMet ? "yes" : "no";
      line(`${w}x${h} at least +${goal}, proof numbers`, pn, `  ${said(pn)}; ${pn.goalWork?.expanded} positions expanded, ${pn.goalWork?.repetitions} moves back to the line`);
      line(`${w}x${h} at least +${goal}, deepening`, ab, `  ${said(ab)}; proof numbers ${(ab.timeMs / Math.max(1, pn.timeMs)).toFixed(2)}x as fast` +
        `${ab.goalMet === undefined ? " (at least: deepening stopped)" : ""}`);
    }
    // (a proof from a position, and split at its root: each part's table starts empty)
    const empty = solve({ width: 4, height: 4, rules: basicKo, method: "alpha-beta", goal: 1, goalSearch: "proof-numbers", seconds: 300, tableBits: 24 });
    const given = solve({ width: 4, height: 4, rules: basicKo, method: "alpha-beta", goal: 1, goalSearch: "proof-numbers", seconds: 300, tableBits: 24, from: [5] });
    const parts = solve({ width: 4, height: 4, rules: basicKo, method: "alpha-beta", goal: 1, goalSearch: "proof-numbers", seconds: 300, tableBits: 24, from: [5], split: true, threads: 1 });
    line("4x4 at least +1 from the empty board", empty, `  ${empty.goalMet}`);
    line("4x4 at least +1 after B3 (--moves B3)", given, `  ${given.goalMet}; ${(given.nodes / Math.max(1, empty.nodes)).toFixed(2)}x the nodes from the empty board`);
    line("4x4 at least +1 after B3, split (one thread, the table shared)", parts, `  ${parts.goalMet}; ${parts.parts?.length} parts, ${(parts.nodes / Math.max(1, given.nodes)).toFixed(2)}x the nodes of one search`);
    if (big) {
      // (18 points, past retrograde analysis's room: the whole board, so the value)
      const pn = solve({ width: 3, height: 6, rules: basicKo, method: "alpha-beta", goal: 18, goalSearch: "proof-numbers", seconds: 900, tableBits: 24 });
      const ab = solve({ width: 3, height: 6, rules: basicKo, method: "alpha-beta", goal: 18, seconds: 900, tableBits: 24 });
      line("3x6 at least +18, proof numbers", pn, `  ${pn.goalMet}; ${pn.result ?? ""} ${pn.line.join(" ")} ruled ${pn.lineRuling?.result ?? "-"}`);
      line("3x6 at least +18, deepening", ab, `  ${ab.goalMet}; deepening ${(pn.timeMs / Math.max(1, ab.timeMs)).toFixed(2)}x as fast`);
    }
  }

  console.log("A superko: bounds by simple ko's game, then the superko's own lines where they do not meet (published: 2x2 +1, 3x3 area +9; 4x4 area +2)");
  const superko: [string, number, number][] = [["tromp-taylor", 2, 2], ["tromp-taylor", 2, 3], ["chinese", 2, 3], ["tromp-taylor", 3, 3],
    ["chinese", 3, 3], ["aga", 3, 3], ["nz", 3, 3], ["tromp-taylor", 2, 4], ["chinese", 2, 4], ["chinese", 3, 4], ["aga", 3, 4]];
  if (big) superko.push(["chinese", 4, 4], ["nz", 4, 4]);
  for (const [name, w, h] of superko) {
    const r = solve({ width: w, height: h, rules: rules(name), method: "retrograde", seconds: 3600 });
    const b = r.bounds ? `[${r.bounds.lower}, ${r.bounds.upper}]` : "-";
    const hs = r.boundsWork?.history;
    const lines = hs ? `; its lines: ${hs.goals} goals, ${hs.nodes} nodes, ${hs.cutBlack + hs.cutWhite} cut off by a strategy` : "";
    line(`${w}x${h} ${name}`, r, `  bounds ${b}, ${r.positions} classes${lines}${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
  }
  // New Zealand rules over the superko's lines: the lone stones' suicides left out, and tried
  // (the search before they were left out), in the same run
  {
    const answered = solve({ width: 3, height: 4, rules: rules("nz"), method: "retrograde", threads: 1, seconds: 600 });
    const every = solve({ width: 3, height: 4, rules: rules("nz"), method: "retrograde", threads: 1, seconds: 600, loneSuicideAnswered: false });
    const a = answered.boundsWork?.history, e = every.boundsWork?.history;
    if (a && e) {
      console.log(`  3x4 nz, its lines with the lone suicides left out: ${answered.result}, ${a.nodes} nodes (${a.loneSuicides ?? 0} left out); ` +
        `every one tried: ${every.result}, ${e.nodes} nodes: ${(e.nodes / Math.max(1, a.nodes)).toFixed(2)}x`);
    }
  }
  // the peer within arbiter: alpha-beta over the superko itself, whose table keys hold the history
  for (const [w, h] of [[2, 2], [2, 3]] as const) {
    const ab = solve({ width: w, height: h, rules: tt, method: "alpha-beta", seconds: 20 });
    const hs = solve({ width: w, height: h, rules: tt, method: "retrograde" });
    line(`${w}x${h} tromp-taylor, alpha-beta over the superko`, ab, ab.complete ? `  ${(ab.nodes / Math.max(1, hs.nodes)).toFixed(1)}x the nodes of the bounds and the lines (${hs.nodes})`
      : `  not solved in 20 s; the bounds and the lines: ${hs.nodes} nodes, ${hs.timeMs} ms`);
  }

  console.log("Ing's rules (1A): bounds by their hot stones alone, then their own lines (no published value; the peer: alpha-beta over Ing's 1A)");
  for (const [w, h] of [[2, 2], [2, 3], [3, 3], [2, 4]] as const) {
    const r = solve({ width: w, height: h, rules: rules("ing"), method: "retrograde", seconds: 600 });
    const hs = r.boundsWork?.history;
    line(`${w}x${h} ing`, r, `  ${r.positions} classes${hs ? `; its lines: ${hs.goals} goals, ${hs.nodes} nodes, ${hs.cutBlack + hs.cutWhite} cut off` : ""}` +
      `${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
    if (w * h > 6) continue;
    const ab = solve({ width: w, height: h, rules: rules("ing"), method: "alpha-beta", seconds: 20 });
    line(`${w}x${h} ing, alpha-beta over Ing's 1A`, ab, ab.complete ? `  ${(ab.nodes / Math.max(1, r.nodes)).toFixed(1)}x the nodes of the bounds and the lines (${r.nodes})`
      : `  not solved in 20 s; the bounds and the lines: ${r.nodes} nodes, ${r.timeMs} ms`);
  }
  console.log("Zhang's rules (3.4, 3.5): each side's region, every pass at a board that meets its goal, then their own lines (no published value; the peer: alpha-beta over Zhang's rules)");
  // (2x2: the regions give -1 to +1 and Zhang's own lines, deepened, the 0; to the 1,000 moves at once they took 35 minutes)
  for (const [w, h] of [[2, 2], [2, 3], [3, 3], [2, 4]] as const) {
    const r = solve({ width: w, height: h, rules: rules("zhang"), method: "retrograde", seconds: 600 });
    const hs = r.boundsWork?.history;
    line(`${w}x${h} zhang`, r, `  ${r.positions} classes, ${r.boundsWork?.rounds} rounds${hs ? `; its lines: ${hs.goals} goals, ${hs.nodes} nodes` +
      `${hs.capped ? `, deepened to ${hs.deepestCap} moves in ${hs.runs} runs` : ""}` : ""}` +
      `${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
    if (w * h > 9) continue;
    const ab = solve({ width: w, height: h, rules: rules("zhang"), method: "alpha-beta", seconds: 20 });
    line(`${w}x${h} zhang, alpha-beta over Zhang's rules`, ab, ab.complete ? `  ${(ab.nodes / Math.max(1, r.nodes)).toFixed(1)}x the nodes of the regions`
      : `  not solved in 20 s; the regions: ${r.timeMs} ms`);
  }
  // (2x6 asked +12 first, Drange's area value, which Zhang's rules give on every board solved but
  // 2x2: the line by the regions' cut-offs, the judged end checked board by board; added up over
  // every board at once, the line took 101,612,340 nodes)
  {
    const r = solve({ width: 2, height: 6, rules: rules("zhang"), threads: 1, seconds: 600, firstGoal: 12 });
    line("2x6 zhang asked +12 first (Drange's area value: 12)", r, `  ${r.value === 12 ? "agrees" : "DIFFERS"}; ${r.positions} classes, its lines ${r.boundsWork?.history?.nodes ?? "-"} nodes` +
      `${r.complete ? `, line ruled ${r.lineRuling?.result}${r.lineStoppedBy ? ` (stopped: ${r.lineStoppedBy})` : ""}` : ""}`);
  }
  console.log("A rule's own lines by proof numbers (df-pn) against alpha-beta, the same bounds, leaves, caps and table (no published value; docs/solve.md)");
  const pnCases: [string, number, number][] = [["tromp-taylor", 2, 2], ["nz", 2, 3], ["zhang", 2, 2], ["ing", 2, 2], ["ing", 2, 3], ["ing", 3, 3], ["ing", 2, 4], ["tromp-taylor", 1, 7], ["chinese", 1, 8]];
  for (const [name, w, h] of pnCases) {
    const ab = solve({ width: w, height: h, rules: rules(name), threads: 1, seconds: 600, lineSearch: "alpha-beta" });
    const pn = solve({ width: w, height: h, rules: rules(name), threads: 1, seconds: 600, lineSearch: "proof-numbers" });
    const a = ab.boundsWork?.history?.nodes ?? 0, p = pn.boundsWork?.history?.nodes ?? 0;
    line(`${w}x${h} ${name}, the lines by proof numbers`, pn, `  lines ${p} nodes against alpha-beta's ${a}: ${(p / Math.max(1, a)).toFixed(2)}x; ` +
      `${pn.value === ab.value ? "the same value" : "ANOTHER VALUE"}${pn.complete ? `, line ruled ${pn.lineRuling?.result}` : ""}`);
  }
  if (big) {
    // (Ing's 3x4: alpha-beta left "+5" open after 30 minutes in two runs)
    const r = solve({ width: 3, height: 4, rules: rules("ing"), threads: 1, seconds: 3600, tableBits: 24, lineSearch: "proof-numbers", firstGoal: 5 });
    const hs = r.boundsWork?.history;
    line("3x4 ing, the lines by proof numbers", r, `  answers ${JSON.stringify(hs?.answers ?? [])}, lines ${hs?.nodes} nodes${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
  }
  console.log("The Grand Rules (4.4): by their phases, the Void left out (no published value; the peer: alpha-beta over the whole history)");
  {
    const r = solve({ width: 2, height: 2, rules: rules("grand"), seconds: 600 });
    line("2x2 grand", r, `  bounds [${r.bounds?.lower}, ${r.bounds?.upper}], ${r.boundsWork?.changes} suspensions, ${r.boundsWork?.playedOut} searches` +
      `${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
    const ab = solve({ width: 2, height: 2, rules: rules("grand"), method: "alpha-beta", seconds: 20 });
    line("2x2 grand, alpha-beta over the whole history", ab, ab.complete ? `  ${(ab.nodes / Math.max(1, r.nodes)).toFixed(1)}x the nodes of the phases`
      : `  not solved in 20 s; the phases: ${r.nodes} nodes, ${r.timeMs} ms`);
    // the phases' lines cut short by simple ko's strategies over their graph, against each phase
    // searched by alpha-beta alone (the method of the session before)
    for (const [w, h] of [[2, 2], [2, 3]]) {
      const g = solve({ width: w, height: h, rules: rules("grand"), seconds: 600 });
      line(`${w}x${h} grand, the phases' graph`, g, `  bounds [${g.bounds?.lower}, ${g.bounds?.upper}], ${g.boundsWork?.playedOut} searches` +
        `${g.complete ? `, line ruled ${g.lineRuling?.result}` : ""}`);
      const alone = solve({ width: w, height: h, rules: rules("grand"), phaseGraph: false, seconds: 20 });
      line(`${w}x${h} grand, each phase by alpha-beta alone`, alone, alone.complete ? `  ${(alone.timeMs / Math.max(1, g.timeMs)).toFixed(1)}x the time of the graph's`
        : `  not solved in 20 s; the graph's: ${g.timeMs} ms`);
    }
    // where the relaxation's bounds do not meet: the goals between them under the rules
    // themselves, the Void on, against the bounds alone then alpha-beta over the whole history
    {
      const g = solve({ width: 2, height: 4, rules: rules("grand"), seconds: 600 });
      const rs = g.boundsWork?.rulesSearch;
      line("2x4 grand, then the rules, the Void on", g, `  bounds [${g.bounds?.lower}, ${g.bounds?.upper}] from the relaxation's [${rs?.from.lower}, ${rs?.from.upper}]; ` +
        `the rules: ${rs?.searches} searches, ${rs?.positions} positions, ${rs?.voided} voided${g.complete ? `, line ruled ${g.lineRuling?.result}` : ""}`);
      // (the fixed points nested, against each taken alone: the same fixed points, a test)
      const lone = solve({ width: 2, height: 4, rules: rules("grand"), seconds: 600, nestedFixedPoints: false });
      const searches = (r: typeof g) => Number(r.notes[0]?.match(/ (\d+) searches/)?.[1] ?? NaN);
      line("2x4 grand, each fixed point taken alone", lone, `  ${searches(lone)} searches of the suspensions' phases against the nested ones' ${searches(g)}: ` +
        `${(searches(g) / searches(lone)).toFixed(2)}x; the nested ones' time ${(g.timeMs / Math.max(1, lone.timeMs)).toFixed(2)}x; ${lone.value === g.value ? "the same value" : "ANOTHER VALUE"}`);
      // (the graph's strategies kept for the goals and extra moves the rules' search reads again,
      // against each reading computed: the same positions, a test)
      const each = solve({ width: 2, height: 4, rules: rules("grand"), seconds: 600, keepPhaseStrategies: false });
      line("2x4 grand, the graph's strategies computed at each reading", each, `  the kept ones' time ${(g.timeMs / Math.max(1, each.timeMs)).toFixed(2)}x; ` +
        `the rules' positions ${each.boundsWork?.rulesSearch?.positions} against ${rs?.positions}; ${each.value === g.value ? "the same value" : "ANOTHER VALUE"}`);
      const alone = solve({ width: 2, height: 4, rules: rules("grand"), voidPlayOut: false, seconds: 20 });
      line("2x4 grand, the bounds then alpha-beta", alone, alone.complete ? `  ${(alone.timeMs / Math.max(1, g.timeMs)).toFixed(1)}x the time`
        : `  not solved in 20 s (bounds [${alone.bounds?.lower}, ${alone.bounds?.upper}]); with the rules' search: ${(g.timeMs / 1000).toFixed(1)} s`);
    }
  }
  if (big) {
    // the bounds' two runs on one thread, then on two (the upper one on a worker: the built code)
    for (const threads of [1, 2]) {
      const r = solve({ width: 3, height: 4, rules: rules("japanese"), prisonersInPosition: true, threads, seconds: 3600 });
      line(`3x4 japanese, prisoners in the position, ${threads} thread${threads > 1 ? "s" : ""}`, r, `  bounds [${r.bounds?.lower}, ${r.bounds?.upper}], ${r.positions} classes`);
    }
  }

  console.log("Drange's table, area counting (mathpuzzle.com/go): Chinese rules (positional superko) against the published values");
  const drange: [number, number, number][] = [[1, 2, 0], [1, 3, 3], [1, 4, 4], [1, 5, 0], [1, 6, 1], [1, 7, 2], [1, 8, 3], [1, 9, 0], [2, 5, 10], [2, 6, 12]];
  if (big) drange.push([1, 10, 1], [3, 5, 15]);
  for (const [w, h, published] of drange) {
    const r = solve({ width: w, height: h, rules: rules("chinese"), threads: 1, seconds: 600 });
    const verdict = r.value === published ? "agrees" : `DIFFERS (published ${published})`;
    line(`${w}x${h} chinese (Drange: ${published})`, r, `  ${verdict}; ${r.positions ?? "-"} classes${r.complete ? `, line ruled ${r.lineRuling?.result}` : ""}`);
  }

  console.log("Territory counting (Japanese; published: 2x2 and 4x4 draws, 3x3 Black wins): total payoff against the prisoners in the position");
  const sizes: [number, number][] = [[2, 2], [2, 3], [3, 3], [2, 4]];
  if (big) sizes.push([3, 4]);
  for (const [w, h] of sizes) {
    const a = solve({ width: w, height: h, rules: rules("japanese") });
    const b = solve({ width: w, height: h, rules: rules("japanese"), prisonersInPosition: true, threads: 1, seconds: 3600 });
    line(`${w}x${h} total payoff`, a, `  ${a.positions} classes, line ruled ${a.lineRuling?.result}`);
    line(`${w}x${h} prisoners in the position`, b, `  ${b.positions} classes: ${(b.positions! / a.positions!).toFixed(1)}x the positions, ` +
      `${(b.timeMs / Math.max(1, a.timeMs)).toFixed(2)}x the time, ${a.value === b.value ? "the same value" : "ANOTHER VALUE"}`);
  }
  if (big) {
    const r = solve({ width: 4, height: 4, rules: rules("japanese"), seconds: 3600 });
    line("4x4 total payoff (published: a draw)", r, `  ${r.positions} classes; line ${r.line.join(" ")} ruled ${r.lineRuling?.result}`);
  }
}

await main();
