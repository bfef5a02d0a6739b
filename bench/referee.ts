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
  const tasks: { name: string; run: () => void }[] = [];
  const add = (name: string, read: (t: string) => GameRecord, run: (r: GameRecord) => unknown) => {
    const recs = texts.map(read);
    tasks.push({ name, run: () => { for (const r of recs) run(r); } });
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
  // rounds of short runs, the builds taking turns to go first: on a shared two-core machine one
  // long run per build drifts by 10-20%; the median of the rounds does not
  const rounds = 9;
  const ms: number[][] = tasks.map(() => []);
  for (let k = 0; k < rounds; k++) {
    const bench = new Bench({ time: 400, warmupTime: k === 0 ? 500 : 50 });
    const order = k % 2 === 0 ? tasks : [...tasks].reverse();
    for (const t of order) bench.add(t.name, t.run);
    await bench.run();
    for (const bt of bench.tasks) {
      const i = tasks.findIndex((t) => t.name === bt.name);
      ms[i].push((bt.result && "latency" in bt.result ? bt.result.latency.mean : NaN) / texts.length);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`referee call on ${what}, per game (median of ${rounds} rounds):`);
  tasks.forEach((t, i) => console.log(`  ${t.name}: ${median(ms[i]).toFixed(3)} ms`));
  if (base) {
    const ratios = ms[0].map((m, k) => ms[1][k] / m);
    console.log(`  ratio baseline / this build: ${median(ratios).toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
  }
}

main().catch((e) => { console.error(`referee bench: ${(e as Error).message}`); process.exit(2); });
