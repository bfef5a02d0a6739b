// The table of docs/solve.md: every preset (and Chinese practice, basic ko with a long cycle
// void) on the boards given, one solve each with the same budget, as Markdown rows:
//   node dist/bench/solve-table.js [--sizes 2x2,2x3,3x3,2x4] [--rules a,b,..] [--time SECONDS]
// Each value's principal variation is refereed under the rule set itself (the last column).
import { preset, withKnobs, type RuleSet } from "../src/ruleset/ruleset.js";
import { solve } from "../src/solve/solve.js";

const PRESETS = ["tromp-taylor", "chinese", "chinese-basic-ko", "japanese", "korean", "aga", "nz", "ing", "new-ing", "zhang", "grand"];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

function rulesOf(name: string): RuleSet {
  const base = name === "chinese-basic-ko" ? withKnobs(preset("chinese"), { longCycles: "void" }) : preset(name);
  return { ...base, komi: 0 };
}

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

const sizes = arg("--sizes", "2x2,2x3,3x3,2x4").split(",");
const names = arg("--rules", PRESETS.join(",")).split(",");
const seconds = Number(arg("--time", "60"));
console.log("| board | rule set | value | result | method | bounds | nodes or positions | time | line (refereed) |");
console.log("|---|---|---:|---|---|---|---:|---:|---|");
for (const size of sizes) {
  const [w, h] = size.split("x").map(Number);
  for (const name of names) {
    const r = solve({ width: w, height: h, rules: rulesOf(name), name, seconds, threads: 2 });
    const value = r.value === null ? "not solved" : String(r.value);
    const bounds = r.bounds ? `${r.bounds.lower} to ${r.bounds.upper}` : "";
    const work = r.method === "retrograde" && r.positions !== undefined && r.complete ? `${fmt(r.positions)} positions` : `${fmt(r.nodes)} nodes`;
    const time = r.complete ? (r.timeMs < 10_000 ? `${fmt(r.timeMs)} ms` : `${(r.timeMs / 1000).toFixed(0)} s`) : `${(r.timeMs / 1000).toFixed(0)} s (stopped: ${r.stoppedBy})`;
    const line = r.complete ? `${r.line.join(" ")} (${r.lineRuling?.result}${r.lineRuling?.agrees ? "" : ": DOES NOT AGREE"})` : "";
    console.log(`| ${size} | ${name} | ${value} | ${r.result ?? ""} | ${r.method} | ${bounds} | ${work} | ${time} | ${line} |`);
  }
}
