// `npm run bench`: light playouts per second, one thread, 9x9 and 19x19 (DESIGN.md section 4).
//   arbiter (ko simple)  the WebAssembly core, runPlayouts, one tinybench task = a batch of games
//   arbiter (ko psk)     the same with positional superko bookkeeping
//   @sabaki/go-board     the same light policy in plain TypeScript on that library
//   native C             shared/bench/native-playout/playout.c, gcc -O3, run as a child process
// Flags: --json (results as JSON on stdout), --quick (short runs, for smoke tests),
//        --wall (time by the wall clock instead of process CPU time).
// Timing: by default every engine is timed in CPU time of its process (process.cpuUsage for the
// tinybench tasks; the native program reports its own CPU time), so that the ratios hold on a
// machine other work is sharing. --wall uses performance.now and the native wall-clock time.
// Progress goes to stderr; the table (or the JSON) to stdout.
import { packageRoot } from "../src/api/version.js";
import { Bench, type Task, type TimestampProvider } from "tinybench";
import { cpus, platform, arch } from "node:os";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runPlayouts } from "../src/core/playouts.js";
import { mulberry32, newTotals, sabakiPlayout } from "./sabaki-playout.js";
import { buildNative, runNative, type NativeResult } from "./native.js";

type Engine = "arbiter" | "arbiter-psk" | "arbiter-cycles" | "sabaki" | "native";

interface Row {
  size: number;
  engine: Engine;
  label: string;
  playoutsPerSec: number;
  /** relative margin of error of the mean batch time, percent (tinybench rows) */
  rme: number | null;
  /** timed batches (tinybench rows) */
  samples: number | null;
  gamesPerBatch: number | null;
  /** games behind movesPerGame (all batches, warmup included, or the native run) */
  games: number;
  movesPerGame: number;
  capped: number;
  note?: string;
  /** native only: games per wall-clock second of the same run */
  playoutsPerSecWall?: number;
}

interface SizeConfig {
  size: number;
  arbiterBatch: number;
  sabakiBatch: number;
  nativeGames: number;
}

interface Profile {
  /** time and iterations are totals per task, split over `rounds` */
  arbiter: { time: number; iterations: number; warmupTime: number; warmupIterations: number; rounds: number };
  sabaki: { time: number; iterations: number; warmupTime: number; warmupIterations: number };
  sizes: SizeConfig[];
}

const FULL: Profile = {
  arbiter: { time: 6000, iterations: 12, warmupTime: 300, warmupIterations: 5, rounds: 4 },
  sabaki: { time: 8000, iterations: 4, warmupTime: 300, warmupIterations: 1 },
  sizes: [
    { size: 9, arbiterBatch: 500, sabakiBatch: 10, nativeGames: 100000 },
    { size: 19, arbiterBatch: 100, sabakiBatch: 2, nativeGames: 20000 },
  ],
};

const QUICK: Profile = {
  arbiter: { time: 200, iterations: 4, warmupTime: 50, warmupIterations: 1, rounds: 2 },
  sabaki: { time: 200, iterations: 2, warmupTime: 50, warmupIterations: 1 },
  sizes: [
    { size: 9, arbiterBatch: 200, sabakiBatch: 2, nativeGames: 5000 },
    { size: 19, arbiterBatch: 40, sabakiBatch: 1, nativeGames: 1000 },
  ],
};

function usage(code: number): never {
  (code === 0 ? console.log : console.error)(
    "usage: node dist/bench/run.js [--json] [--quick]\n" +
      "  --json   print the results as JSON on stdout instead of the table\n" +
      "  --quick  short runs (smoke test); the figures are rough\n" +
      "  --wall   time by the wall clock (default: CPU time of the process, as the native C reports)\n" +
      "env: ARBITER_SHARED=<folder holding bench/native-playout/playout.c> (default ../shared)",
  );
  process.exit(code);
}

type Clock = "cpu" | "wall";

/** Process CPU time (user + system) in ms, microsecond resolution, for tinybench. */
const cpuTimeProvider: TimestampProvider = {
  name: "process.cpuUsage",
  fn: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
  fromMs: (ms) => ms,
  toMs: (v) => Number(v),
};

const clockOptions = (clock: Clock) =>
  clock === "cpu" ? { timestampProvider: cpuTimeProvider } : { timestampProvider: "performanceNow" as const };

/** arbiter's package: its folder and version. */
function project(): { dir: string; version: string } {
  const root = packageRoot();
  if (!root) throw new Error("project root (package.json of arbiter) not found above " + fileURLToPath(import.meta.url));
  return root;
}

const log = (msg: string) => process.stderr.write(msg + "\n");

function checkCompleted(task: Task): void {
  const r = task.result;
  if (r.state === "errored") throw r.error;
  if (r.state !== "completed") throw new Error(`task ${task.name} did not complete (${r.state})`);
}

function meanMs(task: Task): { mean: number; rme: number; samples: number } {
  checkCompleted(task);
  const r = task.result;
  if (r.state !== "completed") throw new Error("unreachable");
  return { mean: r.latency.mean, rme: r.latency.rme, samples: r.latency.samplesCount };
}

/**
 * arbiter, ko simple and ko psk. The time budget is split into rounds that alternate the order of
 * the two tasks (simple, psk / psk, simple / ...), so that a change of machine load during the run
 * weighs on both alike; playouts/s = games per batch / mean batch time over all rounds' samples.
 */
async function benchArbiter(cfg: SizeConfig, p: Profile["arbiter"], clock: Clock): Promise<Row[]> {
  const { size, arbiterBatch: batch } = cfg;
  // "cycles": ko simple with the cycle bookkeeping on (every recurrence logged, issue 4)
  const kos = ["simple", "psk", "cycles"] as const;
  type Ko = (typeof kos)[number];
  const acc: Record<Ko, { games: number; moves: number; capped: number; seed: number; samples: number[] }> = {
    simple: { games: 0, moves: 0, capped: 0, seed: 1, samples: [] },
    psk: { games: 0, moves: 0, capped: 0, seed: 1, samples: [] },
    cycles: { games: 0, moves: 0, capped: 0, seed: 1, samples: [] },
  };
  for (let round = 0; round < p.rounds; round++) {
    const bench = new Bench({
      name: `arbiter ${size}x${size} round ${round + 1}`,
      time: p.time / p.rounds,
      iterations: Math.ceil(p.iterations / p.rounds),
      warmupTime: p.warmupTime,
      warmupIterations: p.warmupIterations,
      retainSamples: true,
      throws: true,
      ...clockOptions(clock),
    });
    const order: readonly Ko[] = round % 2 === 0 ? kos : [...kos].reverse();
    for (const ko of order) {
      const a = acc[ko]; // both follow the same seed sequence, batch after batch
      bench.add(
        ko,
        () => {
          const s = runPlayouts({ width: size, height: size, games: batch, seed: a.seed++,
            ko: ko === "cycles" ? "simple" : ko, logCycles: ko === "cycles" });
          a.games += s.games;
          a.moves += s.moves;
          a.capped += s.capped;
        },
        { async: false },
      );
    }
    await bench.run();
    for (const task of bench.tasks) {
      checkCompleted(task);
      const r = task.result;
      if (r.state !== "completed" || !r.latency.samples) throw new Error(`task ${task.name}: no samples`);
      acc[task.name as Ko].samples.push(...r.latency.samples);
    }
  }
  return kos.map((ko) => {
    const a = acc[ko];
    const m = sampleStats(a.samples);
    return {
      size,
      engine: ko === "simple" ? "arbiter" : ko === "psk" ? "arbiter-psk" : "arbiter-cycles",
      label: ko === "cycles" ? "arbiter (cycle log)" : `arbiter (ko ${ko})`,
      playoutsPerSec: (batch * 1000) / m.mean,
      rme: m.rme,
      samples: m.n,
      gamesPerBatch: batch,
      games: a.games,
      movesPerGame: a.moves / a.games,
      capped: a.capped,
    } satisfies Row;
  });
}

/** Mean and relative margin of error (95%, normal approximation) of batch times in ms. */
function sampleStats(samples: number[]): { mean: number; rme: number; n: number } {
  const n = samples.length;
  const mean = samples.reduce((s, x) => s + x, 0) / n;
  const variance = n > 1 ? samples.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, rme: (100 * 1.96 * Math.sqrt(variance / n)) / mean, n };
}

async function benchSabaki(cfg: SizeConfig, p: Profile["sabaki"], clock: Clock): Promise<Row> {
  const { size, sabakiBatch: batch } = cfg;
  const rng = mulberry32(12345 + size);
  const totals = newTotals();
  const bench = new Bench({ name: `sabaki ${size}x${size}`, ...p, throws: true, ...clockOptions(clock) });
  bench.add(
    `@sabaki/go-board ${size}x${size}`,
    () => {
      for (let g = 0; g < batch; g++) sabakiPlayout(size, rng, totals);
    },
    { async: false },
  );
  await bench.run();
  const m = meanMs(bench.tasks[0]);
  return {
    size,
    engine: "sabaki",
    label: "@sabaki/go-board",
    playoutsPerSec: (batch * 1000) / m.mean,
    rme: m.rme,
    samples: m.samples,
    gamesPerBatch: batch,
    games: totals.games,
    movesPerGame: totals.moves / totals.games,
    capped: totals.capped,
  };
}

function nativeRow(r: NativeResult, clock: Clock): Row {
  const wall = (r.games * 1000) / r.wallMs;
  return {
    size: r.size,
    engine: "native",
    label: "native C (gcc -O3)",
    playoutsPerSec: clock === "cpu" ? r.playoutsPerSec : wall,
    rme: null,
    samples: null,
    gamesPerBatch: null,
    games: r.games,
    movesPerGame: r.moves / r.games,
    capped: r.capped,
    note: `one run of ${r.games} games, CPU time ${r.ms} ms (wall ${r.wallMs} ms)`,
    playoutsPerSecWall: wall,
  };
}

interface Ratios {
  size: number;
  pskOverSimple: number | null;
  cyclesOverSimple: number | null;
  arbiterOverNative: number | null;
  arbiterOverSabaki: number | null;
}

function ratiosFor(size: number, rows: Row[]): Ratios {
  const get = (e: Engine) => rows.find((r) => r.size === size && r.engine === e)?.playoutsPerSec ?? null;
  const a = get("arbiter");
  const psk = get("arbiter-psk");
  const cyc = get("arbiter-cycles");
  const nat = get("native");
  const sab = get("sabaki");
  return {
    size,
    pskOverSimple: a && psk ? psk / a : null,
    cyclesOverSimple: a && cyc ? cyc / a : null,
    arbiterOverNative: a && nat ? a / nat : null,
    arbiterOverSabaki: a && sab ? a / sab : null,
  };
}

const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmtRatio = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function ratioCell(row: Row, r: Ratios): string {
  switch (row.engine) {
    case "arbiter":
      return "reference";
    case "arbiter-psk":
      return r.pskOverSimple === null ? "" : `psk/simple ${r.pskOverSimple.toFixed(2)}`;
    case "arbiter-cycles":
      return r.cyclesOverSimple === null ? "" : `cycle log/simple ${r.cyclesOverSimple.toFixed(2)}`;
    case "sabaki":
      return r.arbiterOverSabaki === null ? "" : `arbiter/sabaki ${fmtRatio(r.arbiterOverSabaki)}`;
    case "native":
      return r.arbiterOverNative === null ? "" : `arbiter/native ${r.arbiterOverNative.toFixed(2)}`;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  for (const a of args) {
    if (a === "--help" || a === "-h") usage(0);
    if (a !== "--json" && a !== "--quick" && a !== "--wall") {
      console.error(`unknown option ${a}`);
      usage(2);
    }
  }
  const json = args.includes("--json");
  const quick = args.includes("--quick");
  const clock: Clock = args.includes("--wall") ? "wall" : "cpu";
  const profile = quick ? QUICK : FULL;
  const t0 = performance.now();
  const pkg = project();
  const root = pkg.dir;

  // the core as loaded (stat before the first call loads it)
  const wasmFile = join(root, "build", "arbiter.wasm");
  const wasmStat = existsSync(wasmFile) ? statSync(wasmFile) : null;
  const core = wasmStat ? { file: "build/arbiter.wasm", bytes: wasmStat.size, built: wasmStat.mtime.toISOString() } : null;
  const rows: Row[] = [];
  let nativeSkipped: string | null = null;
  const build = buildNative(root);
  if (!build.ok) {
    nativeSkipped = build.reason;
    log(`native C reference skipped: ${build.reason}`);
  }

  try {
    for (const cfg of profile.sizes) {
      const n = `${cfg.size}x${cfg.size}`;
      log(`${n}: arbiter (ko simple, psk), batches of ${cfg.arbiterBatch} games ...`);
      rows.push(...(await benchArbiter(cfg, profile.arbiter, clock)));
      log(`${n}: @sabaki/go-board, batches of ${cfg.sabakiBatch} games ...`);
      rows.push(await benchSabaki(cfg, profile.sabaki, clock));
      if (build.ok && nativeSkipped === null) {
        log(`${n}: native C, ${cfg.nativeGames} games ...`);
        try {
          rows.push(nativeRow(runNative(build.binary, cfg.size, cfg.nativeGames), clock));
        } catch (e) {
          nativeSkipped = (e as Error).message;
          log(`native C reference skipped: ${nativeSkipped}`);
        }
      }
    }
  } finally {
    if (build.ok) build.cleanup();
  }

  const seconds = (performance.now() - t0) / 1000;
  const ratios = profile.sizes.map((c) => ratiosFor(c.size, rows));
  const cpu = cpus();
  const machine = {
    cpu: cpu[0]?.model ?? "unknown",
    cores: cpu.length,
    platform: `${platform()} ${arch()}`,
    node: process.version,
  };
  const date = new Date().toISOString();

  if (json) {
    console.log(
      JSON.stringify(
        { date, arbiter: pkg.version, core, quick, clock, machine, seconds: Math.round(seconds * 10) / 10, rows, ratios, nativeSkipped },
        null,
        2,
      ),
    );
    return;
  }

  const out: string[] = [];
  out.push(
    `Light playouts per second, one thread, ${clock === "cpu" ? "CPU" : "wall-clock"} time` +
      `${quick ? " (--quick: rough figures)" : ""} - ${date.slice(0, 10)}, ` +
      `${machine.cpu}, ${machine.cores} cores, node ${machine.node}`,
  );
  if (core) out.push(`core: ${core.file}, ${core.bytes} bytes, built ${core.built.slice(0, 19).replace("T", " ")} UTC`);
  out.push("");
  const head =
    pad("size", 6) + pad("engine", 22) + lpad("playouts/s", 11) + lpad("+-%", 7) + lpad("moves/game", 12) + "   ratio";
  out.push(head);
  out.push("-".repeat(head.length + 16));
  for (const c of profile.sizes) {
    const r = ratios.find((x) => x.size === c.size)!;
    for (const row of rows.filter((x) => x.size === c.size)) {
      out.push(
        pad(`${c.size}x${c.size}`, 6) +
          pad(row.label, 22) +
          lpad(fmtInt(row.playoutsPerSec), 11) +
          lpad(row.rme === null ? "" : (row.samples ?? 0) < 2 ? "-" : row.rme.toFixed(1), 7) +
          lpad(row.movesPerGame.toFixed(1), 12) +
          "   " +
          ratioCell(row, r),
      );
    }
  }
  out.push("");
  out.push("Targets (DESIGN.md 4):");
  for (const r of ratios) {
    const n = `${r.size}x${r.size}`;
    const parts: string[] = [];
    const check = (ok: boolean) => (ok ? "met" : "NOT met");
    if (r.pskOverSimple !== null) {
      parts.push(`psk/simple ${r.pskOverSimple.toFixed(3)} (>= 0.80: ${check(r.pskOverSimple >= 0.8)})`);
    }
    if (r.cyclesOverSimple !== null) {
      parts.push(`cycle log/simple ${r.cyclesOverSimple.toFixed(3)} (>= 0.80: ${check(r.cyclesOverSimple >= 0.8)})`);
    }
    if (r.arbiterOverNative !== null) {
      parts.push(`arbiter/native ${r.arbiterOverNative.toFixed(3)} (>= 0.50: ${check(r.arbiterOverNative >= 0.5)})`);
    }
    if (r.arbiterOverSabaki !== null) {
      parts.push(`arbiter/sabaki ${fmtRatio(r.arbiterOverSabaki)} (>= 250: ${check(r.arbiterOverSabaki >= 250)})`);
    }
    out.push(`  ${pad(n, 6)}${parts.join("   ")}`);
  }
  if (nativeSkipped !== null) out.push(`  native C reference skipped: ${nativeSkipped}`);
  out.push("");
  for (const c of profile.sizes) {
    const at = (e: Engine) => rows.find((x) => x.size === c.size && x.engine === e);
    const a = at("arbiter");
    const nat = at("native");
    const sab = at("sabaki");
    if (!a) continue;
    let line = `Sanity ${c.size}x${c.size}: mean moves/game arbiter ${a.movesPerGame.toFixed(2)} (${a.games} games)`;
    if (nat) {
      const diff = ((a.movesPerGame - nat.movesPerGame) / nat.movesPerGame) * 100;
      line += `, native C ${nat.movesPerGame.toFixed(2)} (${nat.games} games; arbiter ${diff >= 0 ? "+" : ""}${diff.toFixed(2)}%)`;
    }
    if (sab) line += `, sabaki ${sab.movesPerGame.toFixed(1)} (${sab.games} games)`;
    const capped = rows.filter((x) => x.size === c.size).reduce((s, x) => s + x.capped, 0);
    if (capped > 0) line += `; ${capped} games hit the ply cap`;
    out.push(line);
  }
  out.push("");
  out.push(
    `playouts/s: arbiter and sabaki: games per batch / mean ${clock === "cpu" ? "CPU" : "wall-clock"} time of a ` +
      "batch (tinybench),\n  +-% = relative margin of error of that mean (95%); native C: games / " +
      `${clock === "cpu" ? "CPU" : "wall-clock"} time of one run, as the program reports it.`,
  );
  const natives = rows.filter((x) => x.engine === "native");
  if (natives.length > 0) {
    const wallToo = natives.map((x) => `${x.size}x${x.size} ${fmtInt(x.playoutsPerSecWall!)}/s`).join(", ");
    out.push(
      `native C by wall clock: ${wallToo}` +
        (clock === "cpu" && natives.some((x) => x.playoutsPerSecWall! < 0.9 * x.playoutsPerSec)
          ? " (well below the CPU-time rate: other work was sharing the machine)."
          : "."),
    );
  }
  out.push(`Total ${seconds.toFixed(1)} s.`);
  console.log(out.join("\n"));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
