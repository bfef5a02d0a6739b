// The referee call on real 19x19 records (issue: the referee of a 290-move record 3x faster):
// `refereeRecord` (play through, count, result; no --dead auto) on the KGS games of
// ../shared/data/kgs-6d with 280-300 moves, one tinybench task per build.
//   node dist/bench/referee.js [--games 20] [--baseline DIR]
// --baseline DIR: another build's dist/ (a worktree of an earlier commit, built), timed in the
// same run for the ratio. Without ../shared/data the bundled 9x9 example is used.
import { Bench } from "tinybench";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sources } from "../src/simulate/corpus.js";
import { readSgf } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { refereeRecord } from "../src/api/operations.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };

async function records(most: number): Promise<{ texts: string[]; what: string }> {
  const dir = join(process.env.ARBITER_SHARED ?? join(root, "..", "shared"), "data", "kgs-6d");
  if (!existsSync(dir)) return { texts: [readFileSync(join(root, "test", "fixtures", "example.sgf"), "utf8")], what: "the bundled 9x9 example (28 moves; ../shared/data is missing)" };
  const texts: string[] = [];
  const files = readdirSync(dir).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(dir, f));
  for await (const s of sources(files.slice(0, 1))) {
    if (s.kind !== "item") continue;
    const moves = (s.text.match(/;[BW]\[/g) ?? []).length;
    if (/SZ\[19\]/.test(s.text) && moves >= 280 && moves <= 300) texts.push(s.text);
    if (texts.length >= most) break;
  }
  return { texts, what: `${texts.length} KGS games of 280-300 moves (${files[0].replace(/^.*\//, "")})` };
}

/** --games: a whole number from 1 to 1000, or an error naming it. */
function gamesArg(): number {
  const raw = arg("--games") ?? "20";
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 1000) throw new Error(`--games takes a whole number from 1 to 1000, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const games = gamesArg();
  const base = arg("--baseline");
  if (base !== undefined && !existsSync(join(resolve(base), "src", "api", "operations.js"))) {
    throw new Error(`--baseline ${base}: not a built dist/ (no src/api/operations.js in it)`);
  }
  const { texts, what } = await records(games);
  const bench = new Bench({ time: 3000, warmupTime: 500 });
  const add = (name: string, read: (t: string) => GameRecord, run: (r: GameRecord) => unknown) => {
    const recs = texts.map(read);
    bench.add(name, () => { for (const r of recs) run(r); });
  };
  add("arbiter (this build)", readSgf, (r) => refereeRecord(r, { rules: "japanese" }));
  if (base) {
    const url = (p: string) => pathToFileURL(join(resolve(base), p)).href;
    const old = {
      read: (await import(url("src/sgf/read.js"))).readSgf as (t: string) => GameRecord,
      referee: (await import(url("src/api/operations.js"))).refereeRecord as typeof refereeRecord,
    };
    add(`baseline (${base})`, old.read, (r) => old.referee(r, { rules: "japanese" }));
  }
  await bench.run();
  console.log(`referee call on ${what}, per game:`);
  const ms = bench.tasks.map((t) => (t.result && "latency" in t.result ? t.result.latency.mean : NaN) / texts.length);
  bench.tasks.forEach((t, k) => console.log(`  ${t.name}: ${ms[k].toFixed(3)} ms`));
  if (base) console.log(`  ratio baseline / this build: ${(ms[1] / ms[0]).toFixed(2)}`);
}

main().catch((e) => { console.error(`referee bench: ${(e as Error).message}`); process.exit(2); });
