// The table of docs/solve.md: every preset (and Chinese practice, basic ko with a long cycle
// void) on the boards given, one solve each with the same budget, as Markdown rows:
//   node dist/bench/solve-table.js [--sizes 2x2,2x3,3x3,2x4] [--rules a,b,..] [--time SECONDS]
//     [--lines alpha-beta|proof-numbers] [--table-bits N]
// The options are read as `arbiter solve` reads its own (src/api/solve-run.ts solveJob): komi 0,
// `--threads` as its default. Each value's principal variation is refereed under the rule set
// itself (the last column).
import { ArbiterError } from "../src/errors.js";
import { runSolveJob, solveJob } from "../src/api/solve-run.js";
import type { SolveResult } from "../src/solve/solve.js";

const PRESETS = ["tromp-taylor", "chinese", "chinese-basic-ko", "japanese", "korean", "aga", "nz", "ing", "new-ing", "zhang", "grand"];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

function row(size: string, name: string, r: SolveResult): string {
  const value = r.value === null ? "not solved" : String(r.value);
  // (Ing's rules look for no bounds: their own lines give the value)
  const ing = name === "ing";
  const rs = r.boundsWork?.rulesSearch;
  const bounds = r.bounds && !ing ? `${r.bounds.lower} to ${r.bounds.upper}${rs ? ` (the relaxation ${rs.from.lower} to ${rs.from.upper})` : ""}` : "";
  const hs = r.boundsWork?.history;
  const work = r.method === "retrograde" && r.positions !== undefined && r.complete
    ? `${fmt(r.positions)} positions${hs ? `; ${ing ? "Ing's" : name === "zhang" ? "Zhang's" : "the superko's"} lines${hs.search === "alpha-beta" ? " by alpha-beta" : ""}: ${fmt(hs.nodes)} nodes` : ""}`
    : `${fmt(r.nodes)} nodes${rs ? `; the rules: ${fmt(rs.positions)} positions` : ""}`;
  const time = r.complete ? (r.timeMs < 10_000 ? `${fmt(r.timeMs)} ms` : `${(r.timeMs / 1000).toFixed(0)} s`) : `${(r.timeMs / 1000).toFixed(0)} s (stopped: ${r.stoppedBy})`;
  const line = !r.complete ? "" : r.lineStoppedBy ? `(the search stopped while its line was found: ${r.lineStoppedBy})`
    : `${r.line.join(" ")} (${r.lineRuling?.result}${r.lineRuling?.agrees ? "" : ": DOES NOT AGREE"})`;
  // (the Grand Rules' phases: alpha-beta within each phase, fixed points over the suspensions)
  const method = !r.notes.some((n) => n.startsWith("the Grand Rules by their phases")) ? r.method
    : (r.notes.some((n) => n.startsWith("the phases' graph: ") && !n.includes("no room")) ? "phases, their lines by the graph" : "alpha-beta by phases") +
      (rs ? "; the rules, the Void on" : "");
  return `| ${size} | ${name} | ${value} | ${r.result ?? ""} | ${method} | ${bounds} | ${work} | ${time} | ${line} |`;
}

const USAGE = "usage: node dist/bench/solve-table.js [--sizes 2x2,2x3,3x3,2x4] [--rules a,b,..] [--time SECONDS] [--lines alpha-beta|proof-numbers] [--table-bits N]";
try {
  if (process.argv.includes("--help")) { console.log(USAGE); process.exit(0); }
  // (an option the table does not know is named, not ignored)
  const known = new Set(["--sizes", "--rules", "--time", "--lines", "--table-bits"]);
  process.argv.slice(2).forEach((a, i, all) => {
    if (a.startsWith("--") && !known.has(a)) throw new ArbiterError(`unknown option ${a} (${USAGE})`);
    if (!a.startsWith("--") && (i === 0 || !known.has(all[i - 1]))) throw new ArbiterError(`unexpected argument ${a} (${USAGE})`);
  });
  const time = arg("--time", "60");
  // every job first: a bad option is named before any solve starts
  const jobs = arg("--sizes", "2x2,2x3,3x3,2x4").split(",").flatMap((size) =>
    arg("--rules", PRESETS.join(",")).split(",").map((name) => {
      const basicKo = name === "chinese-basic-ko";
      const search = { ...(process.argv.includes("--lines") ? { lines: arg("--lines", "") } : {}), ...(process.argv.includes("--table-bits") ? { tableBits: arg("--table-bits", "") } : {}) };
      return { size, name, job: solveJob({ size, time, rules: basicKo ? "chinese" : name, ...(basicKo ? { longCycles: "void" } : {}), ...search }) };
    }));
  console.log("| board | rule set | value | result | method | bounds | nodes or positions | time | line (refereed) |");
  console.log("|---|---|---:|---|---|---|---:|---:|---|");
  for (const { size, name, job } of jobs) console.log(row(size, name, runSolveJob(job)[0]));
} catch (e) {
  if (!(e instanceof ArbiterError)) throw e;
  process.stderr.write(`solve-table: ${e.message}\n`);
  process.exitCode = 2;
}
