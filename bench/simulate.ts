// Simulation speed against the core's bare light playouts, one thread (docs/performance.md):
//   node dist/bench/simulate.js [--size 9] [--games 2000] [--rounds 15]
// For each rule set: games/s of the whole simulation (rule-exact play in WebAssembly + the count
// and result in TypeScript + cycle classification), of its WebAssembly part alone, and the
// overhead over bare light playouts (runPlayouts, ko psk) on the same board.
import { loadCore } from "../src/core/wasm.js";
import { preset } from "../src/ruleset/ruleset.js";
import { simulateRange, type SimSpec } from "../src/simulate/engine.js";
import { ruleKnobs } from "../src/rules/knobs.js";
import { cpuMs, median } from "./rounds.js";

/** A whole-number option from lo to hi, or one line naming what is wrong (exit 2). */
const arg = (name: string, fallback: number, lo: number, hi: number): number => {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const raw = process.argv[i + 1] ?? "";
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < lo || n > hi) {
    console.error(`simulate bench: ${name} takes a whole number from ${lo} to ${hi}, got "${raw}"`);
    process.exit(2);
  }
  return n;
};
const size = arg("--size", 9, 2, 19);
const games = arg("--games", 2000, 1, 1_000_000);
const RULES = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese"];

interface CoreSim {
  runPlayouts(w: number, h: number, games: number, seed: number, ko: number, withScore: number): number;
  simSetup(w: number, h: number): number;
  setRules(slot: number, ...k: number[]): number;
  simulateBatch(slot: number, first: number, count: number, seed: number, policy: number, keep: number, pairs: number, trivialApart: number): number;
}
const core = loadCore() as unknown as CoreSim;

const cpu = cpuMs;
const rounds = arg("--rounds", 15, 1, 1000);

// The machine's speed drifts by tens of per cent within minutes: each round runs bare playouts,
// the WebAssembly part and the whole simulation back to back, and each ratio is the median of
// the rounds' ratios (games per CPU second of this process, as in bench/run.ts).
console.log(`${size}x${size}, ${games} games per run, ${rounds} rounds (and one to warm up); ratios are medians of the rounds'`);
console.log("| rule set | simulate games/s | WebAssembly part games/s | bare playouts (psk) /s | simulate / bare | WebAssembly part / bare | mean moves |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const name of RULES) {
  const rules = preset(name);
  const k = ruleKnobs(rules);
  const spec: SimSpec = { width: size, height: size, seed: 1, policy: "light", rules: [{ key: name, rules }], paired: false };
  const t = { bare: [] as number[], wasm: [] as number[], full: [] as number[] };
  let moves = 0;
  for (let r = -1; r < rounds; r++) {
    const bare = cpu(() => core.runPlayouts(size, size, games, 1, 2, 0));
    const wasm = cpu(() => {
      core.simSetup(size, size);
      core.setRules(0, k.suicide, k.rep, +k.twinEarly, +k.void3, +k.zhangVoid, +k.passesInHash, k.end, +k.resumeClears);
      for (let g = 0; g < games;) g += core.simulateBatch(0, g, Math.min(2000, games - g), 1, 0, 0, 0, 1);
    });
    const full = cpu(() => { moves = simulateRange(spec, 0, games).rules[name].length.sum / games; });
    if (r < 0) continue;
    t.bare.push(bare); t.wasm.push(wasm); t.full.push(full);
  }
  const rate = (xs: number[]) => Math.round((games / median(xs)) * 1000);
  const ratio = (xs: number[]) => median(xs.map((x, i) => t.bare[i] / x)).toFixed(2);
  console.log(`| ${name} | ${rate(t.full)} | ${rate(t.wasm)} | ${rate(t.bare)} | ${ratio(t.full)} | ${ratio(t.wasm)} | ${moves.toFixed(1)} |`);
}
