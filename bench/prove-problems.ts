// The external prove benchmark: the public life-and-death problems of ../shared/data
// (tsumego-problems, see its README) solved exactly. For each problem with a side to move (PL),
// a target (MA) and a solution tree, the side to move must succeed: kill the target if it is the
// opponent's, save it if it is its own. Reports solved, wrong (must be 0), unknown (budget),
// median and 95th percentile time, nodes per second, and whether our first move is a book move.
//   node dist/bench/prove-problems.js [--workers N] [--time S] [--limit N] [--rules NAME] [--json]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/rules/ruleset.js";
import { other, type Color } from "../src/core/codes.js";
import { problemFrom, ask } from "../src/prove/prove.js";
import { askParallel } from "../src/prove/pool.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function sharedData(): string | null {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const shared = process.env.ARBITER_SHARED ?? join(root, "..", "shared");
  const dir = join(shared, "data", "tsumego-problems");
  return existsSync(dir) ? dir : null;
}

interface Outcome { file: string; expected: string; got: "right" | "wrong" | "unknown"; ms: number; nodes: number; bookMove: boolean | null; first: string | null }

async function main(): Promise<void> {
  const dir = sharedData();
  if (!dir) {
    console.log("prove benchmark skipped: ../shared/data/tsumego-problems is not here (set ARBITER_SHARED)");
    return;
  }
  const workers = Number(arg("--workers", "1"));
  const seconds = Number(arg("--time", "20"));
  const limit = Number(arg("--limit", "100000"));
  const rules = preset(arg("--rules", "chinese"));
  const files = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(dir, d.name)).filter((f) => f.endsWith(".sgf")).sort().map((f) => join(d.name, f)));
  const outcomes: Outcome[] = [];
  const skipped: { file: string; why: string }[] = [];
  for (const file of files) {
    if (outcomes.length >= limit) break;
    const text = readFileSync(join(dir, file), "utf8");
    const ma = /MA\[([a-s])([a-s])\]/.exec(text);
    const pl = /PL\[([BW])\]/.exec(text);
    let record;
    try {
      record = readSgf(text);
    } catch (e) {
      skipped.push({ file, why: (e as Error).message });
      continue;
    }
    if (!ma || !pl || record.moves.length === 0) continue; // not scored: no target, side or tree
    const x = ma[1].charCodeAt(0) - 97;
    const y = ma[2].charCodeAt(0) - 97;
    const target = y * record.width + x;
    const toMove = pl[1] as Color;
    const board = record.setup;
    const defender: Color = board[target] === 1 ? "B" : "W";
    const attackerMoves = toMove !== defender;
    // book first moves: the root's variations
    const book = new Set<number>();
    for (const m of text.matchAll(/\(\s*;\s*[BW]\[([a-s])([a-s])\]/g)) book.add((m[2].charCodeAt(0) - 97) * record.width + (m[1].charCodeAt(0) - 97));
    const req = { width: record.width, height: record.height, board, rules, targets: [target], toMove, maxNodes: 5e8, timeMs: seconds * 1000 };
    const t0 = performance.now();
    let q;
    if (workers > 1) q = await askParallel(req, toMove, workers);
    else q = ask(problemFrom(req), toMove, { maxNodes: req.maxNodes, deadline: t0 + req.timeMs }, false);
    const ms = performance.now() - t0;
    const want = attackerMoves; // the side to move succeeds
    const got = q.captured === null ? "unknown" : q.captured === want ? "right" : "wrong";
    const firstMove = q.line[0]?.split(" ")[1] ?? null;
    let bookMove: boolean | null = null;
    if (q.line.length) {
      const letters = "ABCDEFGHJKLMNOPQRST";
      const m = /^([A-T])(\d+)$/.exec(firstMove ?? "");
      if (m) bookMove = book.has((record.height - Number(m[2])) * record.width + letters.indexOf(m[1]));
    }
    outcomes.push({ file, expected: attackerMoves ? `${toMove} kills` : `${toMove} lives`, got, ms: Math.round(ms), nodes: q.nodes, bookMove, first: firstMove });
    if (!process.argv.includes("--json")) {
      console.log(`${file.padEnd(14)} ${(attackerMoves ? "kill" : "live").padEnd(5)} ${got.padEnd(8)} ${String(Math.round(ms)).padStart(7)} ms ${String(q.nodes).padStart(10)} nodes  first ${firstMove ?? "-"}${bookMove === false ? " (not a book move)" : ""}`);
    }
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) => times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))] : 0;
  const nodes = outcomes.reduce((n, o) => n + o.nodes, 0);
  const totalMs = outcomes.reduce((n, o) => n + o.ms, 0);
  const summary = {
    rules: rules.name, workers, timeLimitSeconds: seconds, problems: outcomes.length,
    solved: outcomes.filter((o) => o.got === "right").length,
    wrong: outcomes.filter((o) => o.got === "wrong").map((o) => o.file),
    unknown: outcomes.filter((o) => o.got === "unknown").map((o) => o.file),
    medianMs: pct(0.5), p95Ms: pct(0.95), nodesPerSec: Math.round(nodes / (totalMs / 1000)),
    firstMoveInBook: outcomes.filter((o) => o.bookMove).length,
    firstMoveNotInBook: outcomes.filter((o) => o.bookMove === false).map((o) => `${o.file}:${o.first}`),
    skipped,
  };
  if (process.argv.includes("--json")) console.log(JSON.stringify({ summary, outcomes }));
  else console.log(JSON.stringify(summary, null, 2));
}

main().catch((e) => {
  console.error(`prove benchmark: ${(e as Error).message}`);
  process.exitCode = 1;
});
