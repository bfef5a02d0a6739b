// The WebAssembly core against another build's, side by side in one process (issue: one rules
// engine; "no slower playouts or simulation than before"): bare light playouts (DESIGN.md 2) and
// the simulation's WebAssembly part under the rule engine, on the same seeds.
//   node dist/bench/core-baseline.js --baseline DIR [--rounds 9]
// DIR: the root of another checkout, built (its build/arbiter.wasm), e.g. a worktree of an
// earlier commit. Both cores are loaded into this process; the tasks take turns to go first in
// each round, and the median of the rounds' ratios is reported (one long run per build drifts
// by 5-10% on a shared two-core machine, the median of alternating rounds by about 1%).
import { Bench } from "tinybench";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { preset } from "../src/ruleset/ruleset.js";
import { ruleKnobs } from "../src/rules/knobs.js";
import { KO } from "../src/core/codes.js";
import { coreImports } from "../src/core/wasm.js";

interface Core {
  runPlayouts(w: number, h: number, games: number, seed: number, ko: number, withScore: number): number;
  simSetup(w: number, h: number): number;
  setRules(slot: number, ...k: number[]): number;
  simulateBatch(slot: number, first: number, count: number, seed: number, policy: number, keep: number, pairs: number, trivialApart: number): number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };

function load(file: string): Core {
  // (the prover's host calls too, which a playout never makes)
  const { env } = coreImports() as { env: Record<string, unknown> };
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {
    env: { ...env, abort() { throw new Error(`${file}: the core aborted`); } },
  });
  return instance.exports as unknown as Core;
}

/** --rounds: a whole number from 3 to 99, or an error naming it. */
function roundsArg(): number {
  const raw = arg("--rounds") ?? "9";
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 3 || n > 99) throw new Error(`--rounds takes a whole number from 3 to 99, got "${raw}"`);
  return n;
}

interface Task { name: string; run: (core: Core) => void }

function tasks(): Task[] {
  const out: Task[] = [];
  const playouts = (size: number, games: number, ko: "simple" | "psk" | "ssk") =>
    out.push({ name: `playouts ${size}x${size} ko ${ko} (${games} games)`, run: (c) => { c.runPlayouts(size, size, games, 7, KO[ko], 0); } });
  playouts(9, 1000, "simple");
  playouts(19, 100, "simple");
  playouts(9, 1000, "psk");
  playouts(19, 100, "ssk");
  for (const name of ["ing", "zhang", "chinese", "japanese"]) {
    const k = ruleKnobs(preset(name));
    const games = 500;
    out.push({ name: `simulation 9x9 ${name} (${games} games)`, run: (c) => {
      c.simSetup(9, 9);
      c.setRules(0, k.suicide, k.rep, +k.twinEarly, +k.void3, +k.zhangVoid, +k.passesInHash, k.end, +k.resumeClears);
      for (let g = 0; g < games;) g += c.simulateBatch(0, g, Math.min(250, games - g), 1, 0, 0, 0, 1);
    } });
  }
  return out;
}

async function main(): Promise<void> {
  const base = arg("--baseline");
  if (!base) throw new Error("--baseline DIR is required: the root of another built checkout");
  const baseWasm = join(resolve(base), "build", "arbiter.wasm");
  if (!existsSync(baseWasm)) throw new Error(`--baseline ${base}: no build/arbiter.wasm in it (run npm run build there)`);
  const rounds = roundsArg();
  const cores: [string, Core][] = [["this build", load(join(root, "build", "arbiter.wasm"))], ["baseline", load(baseWasm)]];
  console.log(`the core, this build against ${baseWasm}: median of ${rounds} alternating rounds`);
  console.log("| task | this build ms | baseline ms | baseline / this build (rounds) |");
  console.log("|---|---:|---:|---:|");
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const task of tasks()) {
    const ms: number[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      const bench = new Bench({ time: 300, warmupTime: r === 0 ? 200 : 20 });
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) bench.add(cores[i][0], () => task.run(cores[i][1]));
      await bench.run();
      for (const bt of bench.tasks) {
        const i = cores.findIndex(([n]) => n === bt.name);
        ms[i].push(bt.result && "latency" in bt.result ? bt.result.latency.mean : NaN);
      }
    }
    const ratios = ms[0].map((m, k) => ms[1][k] / m);
    console.log(`| ${task.name} | ${median(ms[0]).toFixed(2)} | ${median(ms[1]).toFixed(2)} | ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) |`);
  }
}

main().catch((e) => { console.error(`core-baseline bench: ${(e as Error).message}`); process.exit(2); });
