// The real-disputes benchmark: `referee --dead auto` on real finished games (KGS, ../shared/data/
// kgs-6d) that ended by counting, against the result the players recorded, with GNU Go's
// `final_score` on the same games in the same run as the peer (Debian's `gnugo`, where it is
// installed). Prints the agreement table, then every game that differs.
//   node dist/bench/real-disputes.js [--games 300] [--seed 1] [--gnugo PATH|none] [--json]
//                                    [--per-group-positions 120000] [--per-group-ms 3000] [--total-ms 15000]
//                                    [--peer-games N] [--dump FILE] [FILES...]
// --dump FILE: every game's disputes in full (status, by, reason, estimate), one JSON line a game.
// --peer-games N: GNU Go counts only the first N games of the sample (it takes about 1-3 s a game).
import { appendFileSync, existsSync, readdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { sources } from "../src/simulate/corpus.js";
import { readSgf } from "../src/sgf/read.js";
import { normaliseResult, isCount } from "../src/rules/referee.js";
import { DISPUTE_BUDGET, type Dispute } from "../src/rules/dispute.js";
import type { GameRecord } from "../src/record/record.js";
import { refereeRecord } from "../src/api/operations.js";
import { mulberry32 } from "./sabaki-playout.js";
import { readFileSync } from "node:fs";
import { preset } from "../src/ruleset/ruleset.js";
import { positionAfter } from "../src/prove/position.js";
import { problemFrom, ask } from "../src/prove/prove.js";
import { fromGtp } from "../src/core/coords.js";
import { other } from "../src/core/codes.js";

/** The 9x9 classical shapes of test/fixtures/prove (the target each fixture's comment names),
 *  to set the cost of a search node on 19x19 disputes against 9x9 positions (issue: within 1.5x). */
const NINE = [["straight-three", "A8"], ["bent-three", "C9"], ["straight-four", "A8"], ["bent-four", "B9"],
  ["square-four", "C9"], ["bulky-five", "D9"], ["flower-six", "C9"], ["l-group", "D8"], ["l-plus-one", "D9"],
  ["bent-four-corner", "C9"], ["seki-no-eyes", "A8"], ["seki-eyes", "C9"], ["eye-vs-no-eye", "D9"]];

/** Rounds of the 9x9 shapes whose median figure is reported (one round is short and noisy). */
const NINE_ROUNDS = 5;
/** Positions (moves tried) per second of the same searches (finished-game tuning, deepening
 *  first) on the 9x9 shapes, both questions each, 5 s a question at most; with `size` 19 the
 *  same shapes stand in the top-left corner of an empty 19x19 board (the same regions and
 *  questions: what a larger board alone costs a search node). */
function nineByNine(size = 9): { positions: number; ms: number } {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  let positions = 0, ms = 0;
  for (const [file, target] of NINE) {
    const record = readSgf(readFileSync(join(root, "test", "fixtures", "prove", `${file}.sgf`), "utf8"));
    const rules = preset("chinese");
    const pos = positionAfter(record, rules);
    const p = fromGtp(target, pos.width, pos.height);
    const board = new Uint8Array(size * size);
    for (let y = 0; y < pos.height; y++) for (let x = 0; x < pos.width; x++) board[y * size + x] = pos.board[y * pos.width + x];
    const spec = { ...problemFrom({ width: size, height: size, board, rules, targets: [p.y * size + p.x], toMove: pos.toMove, maxNodes: 5e7, timeMs: 5000 }),
      tuning: "finished-game" as const };
    for (const first of [spec.defender, other(spec.defender)]) {
      const t0 = performance.now();
      const q = ask(spec, first, { maxNodes: 5e7, deadline: t0 + 5000 }, false, 0.3);
      ms += performance.now() - t0;
      positions += q.positions ?? 0;
    }
  }
  return { positions, ms };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** A whole-number option, or an error naming it. */
function whole(name: string, fallback: string, min: number): number {
  const raw = arg(name, fallback);
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min) throw new Error(`${name} takes a whole number of at least ${min}, got "${raw}"`);
  return n;
}

function kgsTarballs(): string[] {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dir = join(process.env.ARBITER_SHARED ?? join(root, "..", "shared"), "data", "kgs-6d");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(dir, f)) : [];
}

/** A numeric result: the game ended by counting. */
const counted = (re: string | null) => { const r = normaliseResult(re); return isCount(r) ? r : null; };
const winner = (r: string | null) => (r === null ? "?" : r === "0" ? "0" : r[0]);

/** GNU Go over GTP, one process per scoring method, commands answered in order. */
class Gnugo {
  private proc: ChildProcessWithoutNullStreams;
  private buf = "";
  private waiting: ((s: string) => void)[] = [];
  constructor(path: string, area: boolean) {
    this.proc = spawn(path, ["--mode", "gtp", area ? "--chinese-rules" : "--japanese-rules"]);
    this.proc.stdout.setEncoding("utf8");
    this.proc.stdout.on("data", (d: string) => {
      this.buf += d;
      let k;
      while ((k = this.buf.indexOf("\n\n")) >= 0) {
        const reply = this.buf.slice(0, k);
        this.buf = this.buf.slice(k + 2);
        this.waiting.shift()?.(reply);
      }
    });
  }
  ask(cmd: string): Promise<string> {
    return new Promise((res) => {
      this.waiting.push(res);
      this.proc.stdin.write(cmd + "\n");
    });
  }
  close(): void { this.proc.kill(); }
}

interface Row {
  file: string; ru: string; recorded: string; ours: string; oursMs: number;
  unresolved: number; groups: number; disputed: number; dead: number; gnugo?: string; gnugoMs?: number;
  /** the proofs' moves tried and time, for the speed figure */
  positions: number; proofMs: number;
  /** the groups the count took from the estimate or the marks, with why (for the list of games
   *  that differ), and groups whose proof contradicts the players' marks */
  open: string[];
  /** the count with the players' own marks (--dead sgf), where the record has them */
  marks?: string;
  /** groups whose proven or Benson status contradicts the players' marks */
  againstMarks?: number;
  /** for a game that differs: can the record be reached by counting the unsettled groups
   *  otherwise (see recordReach), and how */
  reach?: string;
  reachable?: boolean;
}

async function main(): Promise<void> {
  const games = whole("--games", "300", 1);
  const peerGames = whole("--peer-games", String(games), 0);
  const seed = whole("--seed", "1", 0);
  const perGroupPositions = whole("--per-group-positions", String(DISPUTE_BUDGET.positions), 1);
  const perGroupMs = whole("--per-group-ms", String(DISPUTE_BUDGET.timeMs), 1);
  const totalMs = whole("--total-ms", String(DISPUTE_BUDGET.totalMs), 1);
  // (a file after a flag without a value, such as --json, is still a file)
  const valued = new Set(["--games", "--peer-games", "--seed", "--gnugo", "--per-group-positions", "--per-group-ms", "--total-ms", "--dump"]);
  const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !valued.has(all[i - 1]));
  const paths = files.length ? files : kgsTarballs();
  if (!paths.length) {
    console.log("real-disputes: ../shared/data/kgs-6d is missing (a fresh clone has no ../shared); nothing to run");
    return;
  }
  const gnugoPath = arg("--gnugo", ["/usr/games/gnugo", "/usr/bin/gnugo"].find((p) => existsSync(p)) ?? "none");
  // every game that ended by counting, then a seeded sample of them
  const pool: { file: string; text: string }[] = [];
  for await (const s of sources(paths)) {
    if (s.kind !== "item") continue;
    const m = /RE\[([^\]]*)\]/.exec(s.text);
    if (m && counted(m[1])) pool.push({ file: s.file.replace(/^.*\/kgs-6d\//, ""), text: s.text });
  }
  const rng = mulberry32(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const sample = pool.slice(0, games);
  process.stderr.write(`real-disputes: ${pool.length} games ended by counting in ${paths.length} file(s); ${sample.length} drawn (seed ${seed})\n`);
  // (no peer column when it counts no game)
  const peers = gnugoPath !== "none" && peerGames > 0 ? { area: new Gnugo(gnugoPath, true), territory: new Gnugo(gnugoPath, false) } : null;
  const dump = arg("--dump", "");
  if (dump) writeFileSync(dump, "");
  const tmp = mkdtempSync(join(tmpdir(), "arbiter-real-"));
  const rows: Row[] = [];
  try {
    for (const [k, g] of sample.entries()) {
      const record = readSgf(g.text);
      const recorded = counted(record.result)!;
      const t0 = performance.now();
      const r = refereeRecord(record, { dead: "auto" }, { proveBudget: { positions: perGroupPositions, timeMs: perGroupMs, totalMs } });
      const oursMs = performance.now() - t0;
      const ds = r.disputes ?? [];
      const row: Row = { file: g.file, ru: record.rules ?? "-", recorded, ours: r.result, oursMs,
        unresolved: ds.filter((d) => d.status === "unresolved").length, groups: ds.length,
        disputed: ds.filter((d) => d.by !== "benson").length, dead: r.dead.length,
        positions: ds.reduce((t, d) => t + d.positions, 0), proofMs: ds.reduce((t, d) => t + d.timeMs, 0),
        open: ds.filter((d) => d.status === "unresolved" || d.by === "agreement" || (d.agreed && d.agreed !== d.status))
          .map((d) => `${d.colour} ${d.target[0]} (${d.stones}) counted ${d.counted}${d.by === "agreement" ? " as marked" : ""}: ${shortWhy(d.reason)}`) };
      if (record.marks && !record.marks.error) {
        row.marks = refereeRecord(record, { dead: "sgf" }).result;
        row.againstMarks = ds.filter((d) => d.agreed && (d.by === "proof" || d.by === "benson") && d.status !== d.agreed).length;
      }
      if (peers && k < peerGames) {
        const f = join(tmp, `${k}.sgf`);
        writeFileSync(f, g.text);
        const peer = /chinese|aga|nz/i.test(record.rules ?? "") ? peers.area : peers.territory;
        const t1 = performance.now();
        await peer.ask(`loadsgf ${f}`);
        const reply = await peer.ask("final_score");
        row.gnugoMs = performance.now() - t1;
        row.gnugo = normaliseResult(reply.replace(/^=\s*/, "").trim()) ?? reply;
      }
      if (row.ours !== recorded) Object.assign(row, recordReach(record, recorded, ds));
      rows.push(row);
      if (dump) appendFileSync(dump, `${JSON.stringify({ file: g.file, recorded, ours: r.result, disputes: ds.map((d) => ({ target: d.target, colour: d.colour,
        stones: d.stones, estimate: d.estimate, status: d.status, by: d.by, counted: d.counted, agreed: d.agreed, reason: d.reason })) })}\n`);
      process.stderr.write(`\r${k + 1}/${sample.length}`);
    }
  } finally {
    peers?.area.close();
    peers?.territory.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  process.stderr.write("\n");
  report(rows, peers !== null);
}

/** How many of the unsettled groups of a game that differs are tried both ways (2^k counts). */
const REACH_GROUPS = 10;

/**
 * A game that differs from its record: could the record's result come from the same board with
 * the groups no proof settled (unresolved, or counted as the players marked) counted otherwise,
 * the proven and unconditionally alive groups as they are? Then a stronger proof might reproduce
 * it. If not, the record counts a proven group the other way: the groups whose single change
 * (the rest as counted) gives the record are named. Each count is the referee's own, with the
 * dead stones listed (`--dead`).
 */
function recordReach(record: GameRecord, recorded: string, ds: Dispute[]): { reach: string; reachable: boolean } {
  const settled = (d: Dispute) => d.by === "proof" || d.by === "benson";
  const open = ds.filter((d) => !settled(d));
  const tried = open.slice(0, REACH_GROUPS);
  const deadOf = (isDead: (d: Dispute) => boolean) => ds.filter(isDead).flatMap((d) => d.target).join(",");
  const counts = (dead: string) => refereeRecord(record, { dead: dead || "none" }).result === recorded;
  let fewest: Dispute[] | null = null;
  for (let m = 0; m < 1 << tried.length; m++) {
    const flipped = tried.filter((d, i) => ((m >> i) & 1) !== 0);
    if (fewest && flipped.length >= fewest.length) continue;
    const flip = new Set(flipped);
    if (counts(deadOf((d) => (flip.has(d) ? d.counted !== "dead" : d.counted === "dead")))) fewest = flipped;
  }
  const name = (d: Dispute) => `${d.colour} ${d.target[0]} (${d.stones}) ${d.counted === "dead" ? "alive" : "dead"}`;
  if (fewest) return { reachable: true, reach: `the record is reached by counting ${fewest.map(name).join(", ")}` };
  const single = ds.filter(settled).filter((x) => counts(deadOf((d) => (d === x ? d.counted !== "dead" : d.counted === "dead"))));
  return { reachable: false, reach: single.length
    ? `the record is reached only by counting a group the other way than its ${single.length > 1 ? "proofs show" : "proof shows"}: ${single.slice(0, 4).map((d) => `${name(d)} (${d.by === "benson" ? "Benson" : "proof"}: ${d.status})`).join(", or ")}`
    : `the record is reached neither by counting the unsettled groups otherwise${open.length > REACH_GROUPS ? ` (the first ${REACH_GROUPS})` : ""} nor by one proven group: a count the players made otherwise` };
}

/** A dispute's reason in a few words, for the list of games that differ. */
function shortWhy(reason?: string): string {
  if (!reason) return "-";
  if (reason.includes("the players agreed it")) return reason.replace(/^.*; the players agreed/, "the players agreed");
  if (reason.startsWith("budget")) return "budget";
  if (reason.startsWith("region not local")) return "region not local";
  if (reason.includes("escapes its local region")) return "escapes its region";
  if (reason.includes("can be captured in its local region")) return "a string of it can be captured";
  if (reason.includes("can be captured with its ways out open")) return "a string of it can be captured (ways out open)";
  if (reason.includes("race")) return "race between two proofs";
  return reason.slice(0, 60);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
}

function report(rows: Row[], withPeer: boolean): void {
  const n = rows.length;
  const pct = (k: number) => `${k} (${((100 * k) / n).toFixed(1)}%)`;
  const ours = { same: rows.filter((r) => r.ours === r.recorded).length, winner: rows.filter((r) => winner(r.ours) === winner(r.recorded)).length };
  const clean = rows.filter((r) => r.unresolved === 0).length;
  const ms = rows.map((r) => r.oursMs);
  const summary: Record<string, unknown> = {
    games: n,
    arbiter: { reproduced: ours.same, winnerRight: ours.winner, noUnresolved: clean, medianMs: Math.round(median(ms)),
      maxMs: Math.round(Math.max(...ms)), over20s: ms.filter((t) => t > 20_000).length,
      groups: rows.reduce((t, r) => t + r.groups, 0), disputed: rows.reduce((t, r) => t + r.disputed, 0),
      unresolved: rows.reduce((t, r) => t + r.unresolved, 0), differ: rows.filter((r) => r.ours !== r.recorded).length,
      reachableByUnsettled: rows.filter((r) => r.ours !== r.recorded && r.reachable).length },
  };
  const marked = rows.filter((r) => r.marks !== undefined);
  if (marked.length) {
    summary.marks = { games: marked.length, reproduced: marked.filter((r) => r.marks === r.recorded).length,
      arbiterReproducedOnThese: marked.filter((r) => r.ours === r.recorded).length,
      groupsAgainstMarks: marked.reduce((t, r) => t + (r.againstMarks ?? 0), 0) };
  }
  // the cost of a search node: positions per second on these 19x19 disputes and on 9x9 shapes
  const pos19 = rows.reduce((t, r) => t + r.positions, 0);
  const ms19 = rows.reduce((t, r) => t + r.proofMs, 0);
  const pps = (p: number, ms: number) => (ms > 0 ? Math.round((p / ms) * 1000) : 0);
  // (the 9x9 searches are short, so one round of them moved the figure by half between runs:
  // the median of NINE_ROUNDS rounds)
  // (the two boards' rounds alternate, so that both see the machine alike)
  const r9: number[] = [], r19: number[] = [];
  for (let k = 0; k < NINE_ROUNDS; k++) {
    const a = nineByNine(9), b = nineByNine(19);
    r9.push(pps(a.positions, a.ms));
    r19.push(pps(b.positions, b.ms));
  }
  const nine = median(r9), shapes19 = median(r19);
  const ratio = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 100) / 100;
  summary.speed = { positionsPerSec19: pps(pos19, ms19), positionsPerSec9: nine, ratio: ratio(nine, pps(pos19, ms19)),
    shapesOn19: shapes19, shapesRatio: ratio(nine, shapes19) };
  if (withPeer) {
    const peerRows = rows.filter((r) => r.gnugo !== undefined);
    const g = peerRows.filter((r) => r.gnugo === r.recorded).length;
    const gw = peerRows.filter((r) => winner(r.gnugo ?? null) === winner(r.recorded)).length;
    const ours = peerRows.filter((r) => r.ours === r.recorded).length;
    summary.gnugo = { games: peerRows.length, reproduced: g, winnerRight: gw, arbiterReproducedOnThese: ours,
      medianMs: Math.round(median(peerRows.map((r) => r.gnugoMs ?? 0))) };
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ ...summary, rows }, null, 1));
    return;
  }
  const a = summary.arbiter as Record<string, number>;
  console.log(`\n## --dead auto on ${n} real KGS games that ended by counting\n`);
  console.log(`| | arbiter --dead auto |${withPeer ? " GNU Go 3.8 final_score |" : ""}`);
  console.log(`|---|---|${withPeer ? "---|" : ""}`);
  const gg = summary.gnugo as Record<string, number> | undefined;
  const of = (k: number, m: number) => `${k} of ${m} (${((100 * k) / m).toFixed(1)}%)`;
  console.log(`| recorded result reproduced | ${pct(a.reproduced)} |${gg ? ` ${of(gg.reproduced, gg.games)} |` : ""}`);
  if (gg) console.log(`| ... on the games GNU Go counted | ${of(gg.arbiterReproducedOnThese, gg.games)} | ${of(gg.reproduced, gg.games)} |`);
  console.log(`| winner right | ${pct(a.winnerRight)} |${gg ? ` ${of(gg.winnerRight, gg.games)} |` : ""}`);
  console.log(`| games with no unresolved group | ${pct(a.noUnresolved)} |${gg ? " - |" : ""}`);
  console.log(`| median / max time per game | ${a.medianMs} ms / ${a.maxMs} ms |${gg ? ` ${gg.medianMs} ms |` : ""}`);
  console.log(`| groups (not unconditionally alive) / unresolved | ${a.groups} (${a.disputed}) / ${a.unresolved} |${gg ? " - |" : ""}`);
  const sp = summary.speed as Record<string, number>;
  console.log(`| search positions per second (19x19 disputes; 9x9 shapes: ${sp.positionsPerSec9}) | ${sp.positionsPerSec19} (9x9 / 19x19: ${sp.ratio}) |${gg ? " - |" : ""}`);
  console.log(`| ... the same 9x9 shapes in a corner of a 19x19 board | ${sp.shapesOn19} (9x9 / 19x19: ${sp.shapesRatio}) |${gg ? " - |" : ""}`);
  const mk = summary.marks as Record<string, number> | undefined;
  if (mk) {
    console.log(`\n${mk.games} of the games carry the players' marks (TB/TW): counted with those marks (--dead sgf) ` +
      `${of(mk.reproduced, mk.games)} reproduce the record, --dead auto ${of(mk.arbiterReproducedOnThese, mk.games)}; ` +
      `${mk.groupsAgainstMarks} group(s) proven or unconditionally alive against the players' marks.`);
  }
  const differ = rows.filter((x) => x.ours !== x.recorded);
  const reachable = differ.filter((r) => r.reachable).length;
  console.log(`\n${differ.length} games differ from the record: in ${reachable} the record is reached by counting some ` +
    `unsettled groups otherwise (stronger proofs might reproduce them: at most ${a.reproduced + reachable} of ${n}, ` +
    `${((100 * (a.reproduced + reachable)) / n).toFixed(1)}%, with these proofs); in ${differ.length - reachable} only by counting ` +
    `a proven or unconditionally alive group the other way, or not at all.`);
  console.log(`\nGames where arbiter differs from the record:`);
  for (const r of differ) {
    console.log(`- ${r.file} (${r.ru}): recorded ${r.recorded}, arbiter ${r.ours}${r.gnugo ? `, GNU Go ${r.gnugo}` : ""}; ${r.unresolved} unresolved, ${r.dead} dead stones`);
    console.log(`  - ${r.reach}`);
    for (const o of r.open) console.log(`  - ${o}`);
  }
}

main().catch((e) => {
  console.error(`real-disputes: ${(e as Error).message}`);
  process.exit(2);
});
