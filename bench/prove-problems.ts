// The external prove benchmark: the public life-and-death problems of ../shared/data
// (tsumego-problems, see its README) solved exactly, side by side with the peer solver
// tsumego.js (1.1.0, in a process of its own, each problem its own time). For each problem with a side
// to move (PL), a target (MA) and a solution tree, the side to move must reach the book's goal:
// kill the target if it is the opponent's, save it if it is its own, at least by a ko (the book's
// convention, and tsumego.js's: the side to move may win a ko with outside threats). One question
// per problem (the side to move first), with its ko status. Reports the table of the peer and
// arbiter, wrong (must be 0), unknown (budget), the time on the problems both solved, median and
// 95th percentile time, positions (moves tried) per second, and whether our first move is a book move.
//   node dist/bench/prove-problems.js [--workers N] [--time S] [--limit N] [--only gop/1,cc1/2]
//                                     [--rules NAME] [--no-peer] [--json]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/ruleset/ruleset.js";
import { other, type Color } from "../src/core/codes.js";
import { problemFrom, askWithKo, koWords, type KoStatus } from "../src/prove/prove.js";
import { fork } from "node:child_process";
import type { PeerOutcome } from "./peer-tsumego.js";
import { Team } from "../src/prove/team.js";

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

interface Outcome { file: string; expected: string; got: "right" | "wrong" | "unknown"; ms: number;
  /** the time of the answer alone, before its ko status (single thread) */
  answerMs: number; nodes: number; positions: number;
  bookMove: boolean | null; first: string | null;
  /** the answer rests on a ko (outside threats needed by the side to move, or the other side's overturn it) */
  ko: string | null;
  /** the side to move reaches the goal only with outside threats (the peer's "needs ko mastery") */
  koNeeded: boolean;
  /** the ko status as found: "unconditional" (upTo: the threats it was shown to hold against,
   *  null for any number), "ko", or "unknown" (the budget ran out first) */
  koStatus: KoStatus["status"] | null; koUpTo: number | null;
  peer?: PeerOutcome }

/** The peer in a process of its own, one problem at a time: run in this process, its garbage
 *  was collected during arbiter's next problems (arbiter's times on the 104 were about a quarter
 *  longer beside it than alone), so each solver's time is now its own. */
function peerProcess() {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), "peer-tsumego.js"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return {
    solve: (text: string, toMove: Color, seconds: number): Promise<PeerOutcome> => new Promise((done, fail) => {
      const onExit = (code: number | null) => fail(new Error(`the peer's process exited (${code}) on a problem`));
      child.once("exit", onExit);
      child.once("message", (m) => { child.off("exit", onExit); done(m as PeerOutcome); });
      child.send({ text, toMove, seconds });
    }),
    close: () => { child.disconnect(); },
  };
}

async function main(): Promise<void> {
  const dir = sharedData();
  if (!dir) {
    console.log("prove benchmark skipped: ../shared/data/tsumego-problems is not here (set ARBITER_SHARED)");
    return;
  }
  const workers = Number(arg("--workers", "1"));
  const seconds = Number(arg("--time", "15"));
  const withPeer = !process.argv.includes("--no-peer");
  const limit = Number(arg("--limit", "100000"));
  const rules = preset(arg("--rules", "chinese"));
  // every problem file, nested folders (sim/8/...) included
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".sgf")).sort();
  const outcomes: Outcome[] = [];
  const skipped: { file: string; why: string }[] = [];
  const only = arg("--only", "") ? new Set(arg("--only", "").split(",")) : null;
  // one team for the whole run: thread start-up is not the search's time
  const team = workers > 1 ? new Team(workers) : undefined;
  const peerSolver = withPeer ? peerProcess() : undefined;
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
    let q: { captured: boolean | null; line: string[]; nodes: number; positions?: number; ko?: KoStatus; answerMs?: number };
    if (team) q = await team.ask(req, toMove);
    else q = askWithKo(problemFrom(req), toMove, { maxNodes: req.maxNodes, deadline: t0 + req.timeMs }, false);
    const ms = performance.now() - t0;
    const want = attackerMoves; // the side to move succeeds
    // the book's goal, at least by a ko: won outright, or won once the side to move holds the
    // outside threats the ko status names
    const byKo = q.ko?.status === "ko" && q.ko.overturned?.captured === want;
    const got: Outcome["got"] = q.captured === null ? "unknown" : q.captured === want || byKo ? "right" : q.ko?.status === "unknown" ? "unknown" : "wrong";
    const ko = q.ko?.status === "ko" ? koWords(q.ko) : null;
    const peer = peerSolver ? await peerSolver.solve(text, toMove, seconds) : undefined;
    const firstMove = q.line[0]?.split(" ")[1] ?? null;
    let bookMove: boolean | null = null;
    if (q.line.length) {
      const letters = "ABCDEFGHJKLMNOPQRST";
      const m = /^([A-T])(\d+)$/.exec(firstMove ?? "");
      if (m) bookMove = book.has((record.height - Number(m[2])) * record.width + letters.indexOf(m[1]));
    }
    outcomes.push({ file, expected: attackerMoves ? `${toMove} kills` : `${toMove} lives`, got, ms: Math.round(ms), answerMs: Math.round(q.answerMs ?? ms), nodes: q.nodes, positions: q.positions ?? 0,
      bookMove, first: firstMove, ko, koNeeded: q.captured !== null && q.captured !== want && byKo,
      koStatus: q.ko?.status ?? null, koUpTo: q.ko?.upTo ?? null, peer: peer && { ...peer, ms: Math.round(peer.ms) } });
    if (!process.argv.includes("--json")) {
      const p = peer ? `  peer ${peer.got.padEnd(7)} ${String(Math.round(peer.ms)).padStart(6)} ms${peer.ko ? " (ko)" : ""}` : "";
      console.log(`${file.padEnd(14)} ${(attackerMoves ? "kill" : "live").padEnd(5)} ${got.padEnd(8)} ${String(Math.round(ms)).padStart(7)} ms ${String(q.nodes).padStart(10)} nodes  first ${firstMove ?? "-"}${bookMove === false ? " (not a book move)" : ""}${ko ? `  [${ko}]` : q.ko?.status === "unknown" ? "  [ko status unknown]" : ""}${p}`);
    }
  }
  await team?.close();
  peerSolver?.close();
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
    byKo: outcomes.filter((o) => o.got === "right" && o.ko).map((o) => `${o.file}: ${o.ko}`),
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
  const peer = withPeer ? peerTable(outcomes, seconds) : null;
  if (process.argv.includes("--json")) console.log(JSON.stringify({ summary, peer, outcomes }));
  else {
    console.log(JSON.stringify(summary, null, 2));
    if (peer) console.log(peer.text);
  }
}

/** The side-by-side table: reached the goal, by ko, unknown, wrong, and time on the problems both solved. */
function peerTable(outcomes: Outcome[], seconds: number) {
  const n = outcomes.length;
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  const both = outcomes.filter((o) => o.got === "right" && o.peer?.got === "right");
  const peerMs = both.reduce((t, o) => t + o.peer!.ms, 0);
  const ourMs = both.reduce((t, o) => t + o.ms, 0);
  const answerMs = both.reduce((t, o) => t + o.answerMs, 0);
  const rows: [string, string, string][] = [
    ["side to move reaches the book's goal", `${count((o) => o.peer?.got === "right")} of ${n}`, `${count((o) => o.got === "right")} of ${n}`],
    ["  of which only by winning a ko (outside threats needed)", `${count((o) => o.peer?.got === "right" && o.peer.ko)}`, `${count((o) => o.got === "right" && o.koNeeded)}`],
    ["  won, but outside threats of the other side would turn it", "", `${count((o) => o.got === "right" && !!o.ko && !o.koNeeded)}`],
    ["  right, but the ko status not found within the time", "", `${count((o) => o.got === "right" && o.koStatus === "unknown")}`],
    [`unknown within ${seconds} s`, `${count((o) => o.peer?.got === "unknown")}`, `${count((o) => o.got === "unknown")}`],
    ["wrong", `${count((o) => o.peer?.got === "wrong")}`, `${count((o) => o.got === "wrong")}`],
    [`time on the ${both.length} both solved`, `${(peerMs / 1000).toFixed(1)} s`, `${(ourMs / 1000).toFixed(1)} s (${(peerMs / Math.max(1, ourMs)).toFixed(2)}x the peer's speed)`],
    ["  of which the answer alone (before its ko status)", "", `${(answerMs / 1000).toFixed(1)} s (${(peerMs / Math.max(1, answerMs)).toFixed(2)}x)`],
  ];
  const text = ["| | tsumego.js | arbiter |", "|---|---|---|", ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
  return { both: both.length, peerMs, ourMs, answerMs, speed: peerMs / Math.max(1, ourMs), answerSpeed: peerMs / Math.max(1, answerMs), text,
    peerOnly: outcomes.filter((o) => o.peer?.got === "right" && o.got !== "right").map((o) => o.file),
    oursOnly: outcomes.filter((o) => o.got === "right" && o.peer?.got !== "right").map((o) => o.file) };
}

main().catch((e) => {
  console.error(`prove benchmark: ${(e as Error).message}`);
  process.exitCode = 1;
});
