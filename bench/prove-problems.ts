// The external prove benchmark: the public life-and-death problems of ../shared/data
// (tsumego-problems, see its README) solved exactly. For each problem with a side to move (PL),
// a target (MA) and a solution tree, the side to move must succeed: kill the target if it is the
// opponent's, save it if it is its own. Reports solved, wrong (must be 0), unknown (budget),
// median and 95th percentile time, nodes and positions (moves tried) per second, and whether our first move is a book move.
//   node dist/bench/prove-problems.js [--workers N] [--time S] [--limit N] [--only gop/1,cc1/2]
//                                     [--rules NAME] [--json]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/ruleset/ruleset.js";
import { other, type Color } from "../src/core/codes.js";
import { problemFrom, ask } from "../src/prove/prove.js";
import { askParallel, provePool } from "../src/prove/pool.js";
import { referee } from "../src/rules/referee.js";
import { Game } from "../src/core/game.js";
import { fromGtp } from "../src/core/coords.js";
import type { GameRecord } from "../src/record/record.js";
import { positionAfter } from "../src/prove/position.js";
import type { RuleSet } from "../src/ruleset/ruleset.js";

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

interface Outcome { file: string; expected: string; got: "right" | "wrong" | "ko" | "unknown"; ms: number; nodes: number; positions: number;
  bookMove: boolean | null; first: string | null; why?: string }

/**
 * Why a disagreement with the book is a ko-convention case (the README of the data warns of
 * them): the book's own line needs a ko recapture the rule set forbids, or our refutation wins a
 * basic ko because, in a finished position, there are no ko threats outside. Null if neither.
 */
function koEvidence(record: GameRecord, rules: RuleSet, ourLine: string[], target: number, seconds: number): string | null {
  const book = referee(record, { rules, rulesFrom: "option", dead: "none" });
  const refused = book.moves.find((m) => !m.legal);
  if (refused && ["ko", "superko", "hot-stone", "disturbing-cycle", "no-going-back"].includes(refused.reason ?? "")) {
    return `the book's line needs move ${refused.n} (${refused.color} ${refused.point}), refused: ${refused.reason}`;
  }
  const ours = basicKoIn(record.width, record.height, record.setup, rules, ourLine);
  if (ours) return `our line wins a basic ko at ${ours}`;
  if (refused) return null;
  // where the book's line ends, the other side's refutation may win a basic ko
  const pos = positionAfter(record, rules);
  if (pos.board[target] === 0) return null;
  const req = { ...pos, rules, targets: [target], maxNodes: 5e8, timeMs: seconds * 1000 };
  const q = ask(problemFrom(req), pos.toMove, { maxNodes: req.maxNodes, deadline: performance.now() + req.timeMs }, false);
  const after = q.captured === null ? null : basicKoIn(pos.width, pos.height, pos.board, rules, q.line);
  return after ? `after the book's line, ${pos.toMove} answers with a basic ko at ${after} and wins it (no threats outside)` : null;
}

/** The point of the first basic-ko capture in a line played from `board`, or null. */
function basicKoIn(width: number, height: number, board: Uint8Array, rules: RuleSet, ourLine: string[]): string | null {
  const game = new Game({ width, height, suicide: rules.suicide, ko: "none" });
  game.setup(board, (ourLine[0]?.[0] as Color) ?? "B");
  for (const step of ourLine) {
    const [c, v] = step.split(" ");
    if (v === "pass") continue;
    const p = fromGtp(v, width, height);
    const a = game.play(p.x, p.y, c as Color);
    if (!a.ok) return null;
    if (a.captures.length === 1) {
      // a basic ko: a lone stone whose only liberty is the point it just emptied
      const b = game.board();
      const me = p.y * width + p.x;
      const around = [me - width, me + width, p.x > 0 ? me - 1 : -1, p.x < width - 1 ? me + 1 : -1]
        .filter((q) => q >= 0 && q < width * height);
      const libs = around.filter((q) => b[q] === 0);
      const friends = around.filter((q) => b[q] === b[me]);
      if (friends.length === 0 && libs.length === 1 && libs[0] === a.captures[0]) return v;
    }
  }
  return null;
}

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
  const only = arg("--only", "") ? new Set(arg("--only", "").split(",")) : null;
  // one pool for the whole run: thread start-up is not the search's time
  const pool = workers > 1 ? provePool(workers) : undefined;
  for (const file of files) {
    if (outcomes.length >= limit) break;
    if (only && !only.has(file.replace(/\.sgf$/, ""))) continue;
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
    if (workers > 1) q = await askParallel(req, toMove, workers, undefined, pool);
    else q = ask(problemFrom(req), toMove, { maxNodes: req.maxNodes, deadline: t0 + req.timeMs }, false);
    const ms = performance.now() - t0;
    const want = attackerMoves; // the side to move succeeds
    let got: Outcome["got"] = q.captured === null ? "unknown" : q.captured === want ? "right" : "wrong";
    let why: string | undefined;
    if (got === "wrong") {
      const ko = koEvidence(record, rules, q.line, target, seconds);
      if (ko) {
        got = "ko";
        why = ko;
      }
    }
    const firstMove = q.line[0]?.split(" ")[1] ?? null;
    let bookMove: boolean | null = null;
    if (q.line.length) {
      const letters = "ABCDEFGHJKLMNOPQRST";
      const m = /^([A-T])(\d+)$/.exec(firstMove ?? "");
      if (m) bookMove = book.has((record.height - Number(m[2])) * record.width + letters.indexOf(m[1]));
    }
    outcomes.push({ file, expected: attackerMoves ? `${toMove} kills` : `${toMove} lives`, got, ms: Math.round(ms), nodes: q.nodes, positions: q.positions ?? 0,
      bookMove, first: firstMove, why });
    if (!process.argv.includes("--json")) {
      console.log(`${file.padEnd(14)} ${(attackerMoves ? "kill" : "live").padEnd(5)} ${got.padEnd(8)} ${String(Math.round(ms)).padStart(7)} ms ${String(q.nodes).padStart(10)} nodes  first ${firstMove ?? "-"}${bookMove === false ? " (not a book move)" : ""}${why ? `  [${why}]` : ""}`);
    }
  }
  await pool?.destroy();
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) => times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))] : 0;
  const nodes = outcomes.reduce((n, o) => n + o.nodes, 0);
  const rate = (os: Outcome[], unit: "nodes" | "positions" = "nodes") =>
    os.length ? Math.round(os.reduce((n, o) => n + o[unit], 0) / (os.reduce((n, o) => n + o.ms, 0) / 1000)) : null;
  const fullTime = outcomes.filter((o) => o.ms >= seconds * 1000 * 0.98);
  const totalMs = outcomes.reduce((n, o) => n + o.ms, 0);
  const summary = {
    rules: rules.name, workers, timeLimitSeconds: seconds, problems: outcomes.length,
    solved: outcomes.filter((o) => o.got === "right").length,
    wrong: outcomes.filter((o) => o.got === "wrong").map((o) => o.file),
    koConvention: outcomes.filter((o) => o.got === "ko").map((o) => `${o.file}: ${o.why}`),
    unknown: outcomes.filter((o) => o.got === "unknown").map((o) => o.file),
    medianMs: pct(0.5), p95Ms: pct(0.95), nodesPerSec: Math.round(nodes / (totalMs / 1000)),
    // throughput where every worker is busy all the time: the problems that used their whole time
    nodesPerSecFullTime: rate(fullTime),
    // moves tried per second: one unit for df-pn expansions, deepening visits and proof checks alike
    positionsPerSec: rate(outcomes, "positions"),
    positionsPerSecFullTime: rate(fullTime, "positions"),
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
