// Two workers against one on the prove benchmark, measured so that a noisy machine can be read:
// `rounds` pairs of runs of bench/prove-problems.ts, one thread then N, back to back, each in a
// process of its own (no peer). Prints each pair's ratio, the ratio of the sums of each
// problem's median time (a team's time on one problem varies several-fold from run to run; see
// docs/performance.md, session 21), and whether every run gave the same answers and ko statuses.
//   node dist/bench/prove-workers.js [--workers N] [--rounds R] [--time S] [--only gop/1,cc1/2] [--json]
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

interface Run {
  summary: { problems: number; solved: number; unknown: string[]; wrong: string[] };
  outcomes: { file: string; got: string; ms: number; answerMs: number; koStatus: string | null; ko: string }[];
}

function run(workers: number, seconds: number, only: string): Run | null {
  const script = join(dirname(fileURLToPath(import.meta.url)), "prove-problems.js");
  const args = [script, "--time", String(seconds), "--no-peer", "--json", "--workers", String(workers), ...(only ? ["--only", only] : [])];
  const out = execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "inherit"] });
  const line = out.trim().split("\n").pop() ?? "";
  // (prove-problems says it is skipped, in words, where ../shared is missing)
  return line.startsWith("{") ? (JSON.parse(line) as Run) : null;
}

const total = (r: Run, key: "ms" | "answerMs") => r.outcomes.reduce((t, o) => t + o[key], 0) / 1000;

/** The sum over problems of each one's median time across runs (of an even count, the lower
 *  middle one). */
function medianSum(runs: Run[]): number {
  let t = 0;
  for (const o of runs[0].outcomes) {
    const v = runs.map((r) => r.outcomes.find((x) => x.file === o.file)?.ms ?? Infinity).sort((a, b) => a - b);
    t += v[Math.floor((v.length - 1) / 2)];
  }
  return t / 1000;
}

/** A problem's answer and ko status in one run (the runs must agree). */
const verdictOf = (r: Run, file: string) => {
  const o = r.outcomes.find((x) => x.file === file);
  return o ? `${o.got} ${o.ko || o.koStatus}` : "absent";
};

function main(): void {
  const workers = Number(arg("--workers", "2"));
  const rounds = Number(arg("--rounds", "3"));
  const seconds = Number(arg("--time", "15"));
  const only = arg("--only", "");
  if (!(workers >= 2) || !(rounds >= 1) || !(seconds > 0)) throw new Error("--workers must be 2 or more, --rounds 1 or more, --time above 0");
  const one: Run[] = [], many: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = run(1, seconds, only);
    if (!a) {
      console.log("prove-workers benchmark skipped: ../shared/data/tsumego-problems is not here (set ARBITER_SHARED)");
      return;
    }
    const b = run(workers, seconds, only)!;
    one.push(a);
    many.push(b);
    if (!process.argv.includes("--json")) {
      console.log(`pair ${i + 1}: one thread ${total(a, "ms").toFixed(1)} s, ${workers} threads ${total(b, "ms").toFixed(1)} s ` +
        `(${(total(a, "ms") / total(b, "ms")).toFixed(2)}x; answers alone ${(total(a, "answerMs") / total(b, "answerMs")).toFixed(2)}x), ` +
        `right ${a.summary.solved} / ${b.summary.solved} of ${a.summary.problems}`);
    }
  }
  const all = [...one, ...many];
  // the problems whose answer or ko status differs between runs, with what each run said
  const differ = one[0].outcomes.map((o) => o.file).filter((f) => new Set(all.map((r) => verdictOf(r, f))).size > 1)
    .map((f) => `${f}: ${all.map((r) => verdictOf(r, f)).join(" / ")}`);
  const same = differ.length === 0;
  const result = {
    workers, rounds, timeLimitSeconds: seconds,
    pairs: one.map((a, i) => ({ one: total(a, "ms"), many: total(many[i], "ms"), ratio: total(a, "ms") / total(many[i], "ms") })),
    medianSums: { one: medianSum(one), many: medianSum(many), ratio: medianSum(one) / medianSum(many) },
    sameVerdicts: same,
    differ,
    unknown: [...new Set([...one, ...many].flatMap((r) => r.summary.unknown))],
    wrong: [...new Set([...one, ...many].flatMap((r) => r.summary.wrong))],
  };
  if (process.argv.includes("--json")) console.log(JSON.stringify(result));
  else {
    console.log(`sums of each problem's median time: one thread ${result.medianSums.one.toFixed(1)} s, ${workers} threads ` +
      `${result.medianSums.many.toFixed(1)} s (${result.medianSums.ratio.toFixed(2)}x)`);
    console.log(`the same answers and ko statuses in every run: ${same ? "yes" : "no"}; unknown in some run: ` +
      `${result.unknown.join(", ") || "none"}; wrong: ${result.wrong.join(", ") || "none"}`);
    for (const d of differ) console.log(`  differs (one thread's runs first): ${d}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`prove-workers benchmark: ${(e as Error).message}`);
  process.exitCode = 1;
}
