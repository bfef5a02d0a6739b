// Simulation speed against the core's bare light playouts, one thread (docs/performance.md):
//   node dist/bench/simulate.js [--size 9] [--games 20000]
// For each rule set: games/s of the whole simulation (rule-exact play in WebAssembly + the count
// and result in TypeScript + cycle classification), of its WebAssembly part alone, and the
// overhead over bare light playouts (runPlayouts, ko psk and simple) on the same board.
import { loadCore } from "../src/core/wasm.js";
import { preset } from "../src/ruleset/ruleset.js";
import { simulateRange, type SimSpec } from "../src/simulate/engine.js";
import { ruleKnobs } from "../src/rules/knobs.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const size = arg("--size", 9);
const games = arg("--games", 20000);
const RULES = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese"];

interface CoreSim {
  runPlayouts(w: number, h: number, games: number, seed: number, ko: number, withScore: number): number;
  simSetup(w: number, h: number): number;
  setRules(slot: number, ...k: number[]): number;
  simulateBatch(slot: number, first: number, count: number, seed: number, policy: number, keep: number, pairs: number): number;
}
const core = loadCore() as unknown as CoreSim;

/** Best of `reps` runs, in games per CPU second of this process (other work on the machine
 *  does not count, as in bench/run.ts). */
function rate(reps: number, n: number, run: () => void): number {
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const c = process.cpuUsage();
    run();
    const d = process.cpuUsage(c);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return Math.round((n / best) * 1000);
}

// Bare playouts are measured again beside each rule set (best of several runs each) so that a
// change in machine load weighs on both sides of a ratio alike.
const barePsk = () => rate(3, games, () => core.runPlayouts(size, size, games, 1, 2, 0));
console.log(`bare light playouts ${size}x${size}, one thread, CPU time: ${rate(3, games, () => core.runPlayouts(size, size, games, 1, 1, 0))} /s (ko simple), ${barePsk()} /s (ko psk)`);
console.log("| rule set | simulate games/s | WebAssembly part games/s | bare playouts (psk) /s, same moment | simulate / bare | mean moves |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const name of RULES) {
  const rules = preset(name);
  const k = ruleKnobs(rules);
  const bare = barePsk();
  const wasmOnly = rate(3, games, () => {
    core.simSetup(size, size);
    core.setRules(0, k.suicide, k.rep, +k.twinEarly, +k.void3, +k.zhangVoid, +k.passesInHash, k.end, +k.resumeClears);
    for (let g = 0; g < games;) g += core.simulateBatch(0, g, Math.min(2000, games - g), 1, 0, 0, 0);
  });
  const spec: SimSpec = { width: size, height: size, seed: 1, policy: "light", rules: [{ key: name, rules }], paired: false };
  let moves = 0;
  const full = rate(3, games, () => {
    const part = simulateRange(spec, 0, games);
    moves = part.rules[name].length.sum / games;
  });
  console.log(`| ${name} | ${full} | ${wasmOnly} | ${bare} | ${(full / bare).toFixed(2)} | ${moves.toFixed(1)} |`);
}
