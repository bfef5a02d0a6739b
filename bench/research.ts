// Research at scale, measured (docs/performance.md, "Research at scale"): corpus replay and
// simulation against their references in one run.
//   node dist/bench/research.js [--quick] [--collection GAMES]
// - Corpus, real games (../shared/data/kgs-6d, or ARBITER_SHARED): all 36,692 KGS games under 6
//   rule sets with 2 workers (target: 2 M moves per second per worker, about 11 s or less), in a
//   child process whose peak RSS is read; and, one thread side by side on the same games, the
//   replay in one call to the core against the move-by-move referee (the path before it).
// - --collection GAMES: the KGS games rewritten one game per line into collection files (in a
//   temporary folder, removed after) and repeated to GAMES games, replayed the same way: moves per
//   second per worker and peak RSS (target: under 1 GB).
// - Simulation: games per second of a whole simulation (rule-exact play, the count, the result,
//   cycle classification) against the core's bare light playouts on the same board, one thread;
//   and two workers against one on the same run, back to back.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sources } from "../src/simulate/corpus.js";
import { readSgfCollection, isRefused } from "../src/sgf/read.js";
import { referee } from "../src/rules/referee.js";
import { preset, withKnobs } from "../src/ruleset/ruleset.js";
import type { GameRecord } from "../src/record/record.js";
import { loadCore } from "../src/core/wasm.js";
import { simulateRange, type SimSpec } from "../src/simulate/engine.js";
import { runSimulation } from "../src/simulate/run.js";
import { cpuMs, median } from "./rounds.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
const SHARED = process.env.ARBITER_SHARED ?? join(ROOT, "..", "shared");
const KGS = join(SHARED, "data", "kgs-6d");
const RULES = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese"];
const quick = process.argv.includes("--quick");
const collectionArg = process.argv.indexOf("--collection");
const collectionGames = collectionArg >= 0 ? Number(process.argv[collectionArg + 1]) : 0;
if (collectionArg >= 0 && !(Number.isInteger(collectionGames) && collectionGames >= 1 && collectionGames <= 10_000_000)) {
  console.error(`--collection takes a number of games from 1 to 10000000, got "${process.argv[collectionArg + 1]}"`);
  process.exit(2);
}
const out = (s = "") => console.log(s);
const M = (x: number) => (x / 1e6).toFixed(2);

/** `arbiter corpus` in a child process under /usr/bin/time-like accounting: the report and the peak RSS. */
function corpusRun(paths: string[], workers: number): { report: { games: number; ms: number; moves: number; movesPerSecondPerWorker: number;
  rules: Record<string, { gamesWithCycle: number; cycles: Record<string, number> }> }; maxRssMb: number } {
  // the child reports its own peak resident set (all threads) after the run
  const script = `import(${JSON.stringify(join(ROOT, "dist", "src", "simulate", "corpus.js"))}).then(async (m) => {
    const { ruleList } = await import(${JSON.stringify(join(ROOT, "dist", "src", "simulate", "options.js"))});
    const r = await m.runCorpus({ paths: ${JSON.stringify(paths)}, rules: ruleList(${JSON.stringify(RULES.join(","))}, {}), workers: ${workers},
      limit: Infinity, examplesPerKind: 3, komiGiven: false, progress: false });
    process.stdout.write(JSON.stringify({ report: r, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  });`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`corpus child failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

async function kgsRecords(most: number): Promise<GameRecord[]> {
  const tarballs = readdirSync(KGS).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(KGS, f));
  const recs: GameRecord[] = [];
  for await (const s of sources(tarballs)) {
    if (s.kind !== "item") continue;
    for (const g of readSgfCollection(s.text)) if (!isRefused(g)) recs.push(g);
    if (recs.length >= most) break;
  }
  return recs;
}

/** Moves per CPU second of refereeing `recs` under the 6 rule sets, quiet (one call to the core
 *  per game) or move by move; best of `reps`. */
function refereeRate(recs: GameRecord[], quiet: boolean, reps: number): number {
  let best = Infinity, moves = 0;
  for (let k = 0; k < reps; k++) {
    moves = 0;
    const c = process.cpuUsage();
    const w0 = performance.now();
    for (const rec of recs) {
      for (const name of RULES) {
        const rules = rec.komi !== null ? withKnobs(preset(name), { komi: rec.komi }) : preset(name);
        try {
          moves += referee(rec, { rules, rulesFrom: "option", dead: "none", komiGiven: rec.komi !== null, quiet }).end.atMove;
        } catch {
          // a record the referee refuses counts no moves (the same under both paths)
        }
      }
    }
    const d = process.cpuUsage(c);
    if (process.env.RESEARCH_DEBUG) console.error(`${quiet ? "quiet" : "move by move"}: cpu ${((d.user + d.system) / 1e6).toFixed(2)} s, wall ${((performance.now() - w0) / 1000).toFixed(2)} s, ${moves} moves`);
    best = Math.min(best, (d.user + d.system) / 1e6);
  }
  return moves / best;
}

async function corpusSection(): Promise<void> {
  out("## Corpus replay");
  if (!existsSync(KGS)) {
    out(`skipped: ${KGS} is missing (the real games live in ../shared/data; set ARBITER_SHARED)`);
    return;
  }
  const run = corpusRun([KGS], 2);
  const r = run.report;
  const kinds = Object.entries(r.rules).map(([k, s]) => `${k} ${s.gamesWithCycle}`).join(", ");
  out(`kgs-6d, ${r.games} games x ${RULES.length} rule sets, 2 workers: ${(r.ms / 1000).toFixed(1)} s, ${M(r.moves)} M moves, ` +
    `${M(r.movesPerSecondPerWorker)} M moves/s per worker (target 2: ${r.movesPerSecondPerWorker >= 2e6 ? "met" : "NOT met"}; ` +
    `time target about 11 s: ${r.ms <= 11_500 ? "met" : "NOT met"}), peak RSS ${run.maxRssMb} MB; games with a cycle: ${kinds}`);
  const recs = await kgsRecords(quick ? 300 : 1500);
  // warmed up, then the two paths in turn (best of each)
  refereeRate(recs.slice(0, 100), true, 1);
  refereeRate(recs.slice(0, 100), false, 1);
  let quiet = 0, slow = 0;
  for (let k = 0; k < (quick ? 1 : 3); k++) {
    quiet = Math.max(quiet, refereeRate(recs, true, 1));
    slow = Math.max(slow, refereeRate(recs, false, 1));
  }
  out(`one thread, ${recs.length} games x ${RULES.length} rule sets, parsing aside, CPU time: replay in the core ${M(quiet)} M moves/s, ` +
    `move-by-move referee ${M(slow)} M moves/s: ${(quiet / slow).toFixed(2)}x`);
  if (collectionGames > 0) {
    const dir = mkdtempSync(join(tmpdir(), "arbiter-collection-"));
    try {
      const lines: string[] = [];
      const tarballs = readdirSync(KGS).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(KGS, f));
      for await (const s of sources(tarballs)) if (s.kind === "item") lines.push(s.text.replace(/\r?\n/g, " ").trim());
      const perFile = 10_000;
      const files: string[] = [];
      for (let i = 0; i * perFile < lines.length; i++) {
        const f = join(dir, `kgs-${i}.sgf`);
        writeFileSync(f, lines.slice(i * perFile, (i + 1) * perFile).join("\n") + "\n");
        files.push(f);
      }
      const paths: string[] = [];
      for (let n = 0; n < collectionGames; n += lines.length) paths.push(...files);
      const c = corpusRun(paths, 2);
      out(`one-line collections: ${c.report.games} games in ${paths.length} files (${files.length} distinct, ${perFile} games each) x ${RULES.length} rule sets, ` +
        `2 workers: ${(c.report.ms / 1000).toFixed(1)} s, ${M(c.report.movesPerSecondPerWorker)} M moves/s per worker ` +
        `(${(c.report.movesPerSecondPerWorker / r.movesPerSecondPerWorker).toFixed(2)}x the tarballs' rate), peak RSS ${c.maxRssMb} MB ` +
        `(target under 1024: ${c.maxRssMb < 1024 ? "met" : "NOT met"})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function simulationSection(): Promise<void> {
  out();
  out(`## Simulation against bare playouts, one thread, CPU time (${quick ? 8 : 24} short rounds, the two back to back in each; medians)`);
  const core = loadCore() as ReturnType<typeof loadCore> & { statPlies: WebAssembly.Global; statGames: WebAssembly.Global };
  // the machine's speed drifts by tens of per cent within minutes: each round runs both sides
  // back to back (about 50 ms), and the ratio is the median of the rounds' ratios
  const cpu = (f: () => void) => cpuMs(f) / 1000;
  const size = 9, games = 2000, rounds = quick ? 8 : 24;
  out(`| rule set (${size}x${size}) | simulate games/s | bare playouts (psk) games/s | simulate / bare, per game | plies per game (bare) | per ply |`);
  out("|---|---:|---:|---:|---:|---:|");
  for (const name of RULES) {
    const spec: SimSpec = { width: size, height: size, seed: 1, policy: "light", rules: [{ key: name, rules: preset(name) }], paired: false };
    const bare: number[] = [], sim: number[] = [], ratios: number[] = [];
    let plies = 0, barePlies = 0;
    for (let r = -1; r < rounds; r++) {
      const b = cpu(() => core.runPlayouts(size, size, games, 1, 2, 0));
      barePlies = (core.statPlies.value as number) / (core.statGames.value as number);
      const s = cpu(() => { plies = simulateRange(spec, 0, games).rules[name].length.sum / games; });
      if (r < 0) continue; // a round to warm up
      bare.push(b);
      sim.push(s);
      ratios.push(b / s);
    }
    const ratio = median(ratios);
    out(`| ${name} | ${Math.round(games / median(sim))} | ${Math.round(games / median(bare))} | ${ratio.toFixed(2)} (target >= 0.67: ${ratio >= 0.67 ? "met" : "NOT met"}) | ` +
      `${plies.toFixed(1)} (${barePlies.toFixed(1)}) | ${(ratio * plies / barePlies).toFixed(2)} |`);
  }
  out();
  out("## Simulation, two workers against one (wall clock, 7x7, 6 rule sets, back to back)");
  const spec: SimSpec = { width: 7, height: 7, seed: 1, policy: "light", rules: RULES.map((k) => ({ key: k, rules: preset(k) })), paired: false };
  // the issue's run: 200,000 games (shorter runs measure the threads' start more than the games)
  const n = quick ? 20_000 : 200_000;
  for (let pair = 1; pair <= 1; pair++) {
    const one = await runSimulation({ spec, games: n, shard: { index: 1, count: 1 }, workers: 1, sigint: false });
    const two = await runSimulation({ spec, games: n, shard: { index: 1, count: 1 }, workers: 2, sigint: false });
    out(`pair ${pair}: ${n} games x 6 rule sets, one worker ${(one.ms / 1000).toFixed(1)} s, two ${(two.ms / 1000).toFixed(1)} s: ` +
      `${(one.ms / two.ms).toFixed(2)}x (target 1.8: ${one.ms / two.ms >= 1.8 ? "met" : "NOT met"})`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  out(`Research at scale - ${new Date().toISOString().slice(0, 16)} UTC${quick ? " (--quick: rough figures)" : ""}`);
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
  if (only !== "simulation") await corpusSection();
  if (only !== "corpus") await simulationSection();
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
