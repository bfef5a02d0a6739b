// GNU Go's life-and-death regression files (../shared/data/gnugo-regression) answered by the
// prover with the local regions of `--dead auto`: `owl_attack V` (the attacker moves first: can it
// capture V?), `owl_defend V` (V's side moves first: can it save V?), `dragon_status V` (both).
// GNU Go's answers are a heuristic engine's expectations, not proofs; the table counts agreement
// on the tests GNU Go itself passes (no trailing `*`) and lists every disagreement.
//   node dist/bench/gnugo-regression.js [--seconds 1] [--rules chinese] [--limit N] [--json] [FILES.tst...]
import { existsSync, readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/ruleset/ruleset.js";
import { positionAfter } from "../src/prove/position.js";
import { fromGtp } from "../src/core/coords.js";
import { other, type Color } from "../src/core/codes.js";
import { Game } from "../src/core/game.js";
import { connected } from "../src/core/grid.js";
import { localRegion, askLocal } from "../src/prove/disputes.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

interface Test { file: string; n: number; sgf: string; upTo: number | null; command: string; vertex: string;
  expected: string; gnugoFails: boolean;
  /** moves played after loading (`play white H9`), in order */
  plays: { color: Color; vertex: string }[] }

/** The tests of a .tst file: `loadsgf FILE [N]`, then `play COLOUR VERTEX` and `undo` (moves on top
 *  of the loaded position, which the tests that follow are asked on: seki.tst builds most of its
 *  positions so), `N command VERTEX`, `#? [expected]` (a trailing `*`: GNU Go fails it).
 *  Commented-out tests (`# 5 owl_attack ...`) are left out. */
function parseTst(path: string): Test[] {
  const out: Test[] = [];
  let sgf = "";
  let upTo: number | null = null;
  let plays: Test["plays"] = [];
  let pending: Omit<Test, "expected" | "gnugoFails"> | null = null;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const load = /^loadsgf\s+(\S+)(?:\s+(\d+))?/.exec(line);
    if (load) { sgf = load[1]; upTo = load[2] ? Number(load[2]) : null; plays = []; continue; }
    const play = /^play\s+(black|white|b|w)\s+([A-T]\d+|pass)\b/i.exec(line);
    if (play) { plays = [...plays, { color: play[1][0].toLowerCase() === "b" ? "B" : "W", vertex: play[2].toUpperCase() }]; continue; }
    if (/^undo\b/.test(line)) { plays = plays.slice(0, -1); continue; }
    const cmd = /^(\d+)\s+(owl_attack|owl_defend|dragon_status)\s+([A-T]\d+)/.exec(line);
    if (cmd) { pending = { file: path, n: Number(cmd[1]), sgf, upTo, command: cmd[2], vertex: cmd[3], plays }; continue; }
    const exp = /^#\?\s*\[(.*)\](\*?)/.exec(line);
    if (exp && pending) { out.push({ ...pending, expected: exp[1].trim(), gnugoFails: exp[2] === "*" }); pending = null; }
  }
  return out;
}

type Answer = "yes" | "no" | "unknown";

/** Can the attacker capture the string at `target` with `toMove` first? Local region from an
 *  ownership estimate of the position, as `--dead auto` draws it for a group thought dead. */
function question(board: Uint8Array, width: number, height: number, target: number, toMove: Color, seconds: number): Answer {
  const d: Color = board[target] === 1 ? "B" : "W";
  const rules = preset(arg("--rules", "chinese"));
  const game = new Game({ width, height, suicide: "forbidden", ko: "simple", toMove });
  game.setup(board, toMove);
  const own = game.ownership(2000, 0x9e3779b9, toMove);
  const group = [...connected([target], (q) => board[q] === board[target], width, height)];
  const inGroup = new Set(group);
  const region = localRegion({ width, height, board }, group, d, own, other(d), (p) => inGroup.has(p));
  if (!region) return "unknown";
  // the same local question as --dead auto (finished-game tuning, widening after an escape)
  const { q } = askLocal({ width, height, board }, rules, d, [target], region, own, "all", toMove,
    { positions: Number.MAX_SAFE_INTEGER, deadline: performance.now() + seconds * 1000 });
  // a "no" that rests on an escape (a boundary string captured, the region's edge reached) is no
  // proof of life: only a wider search could say
  return q.captured === null || (!q.captured && q.escapes > 0) ? "unknown" : q.captured ? "yes" : "no";
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dir = join(process.env.ARBITER_SHARED ?? join(root, "..", "shared"), "data", "gnugo-regression", "regression");
  // (a file named after a flag without a value, such as --json, is still a file to run)
  const valued = new Set(["--seconds", "--rules", "--limit"]);
  const named = process.argv.slice(2).filter((a, i, all) => a.endsWith(".tst") && !valued.has(all[i - 1]));
  const files = named.length ? named : ["ld_owl.tst", "owl.tst", "owl1.tst", "seki.tst"].map((f) => join(dir, f));
  if (!existsSync(dir) && !named.length) {
    console.log("gnugo-regression: ../shared/data/gnugo-regression is missing; nothing to run");
    return;
  }
  const seconds = Number(arg("--seconds", "1"));
  const limit = Number(arg("--limit", "100000"));
  if (!(seconds > 0 && seconds <= 3600)) throw new Error(`--seconds takes a number of seconds from 0 to 3600, got "${arg("--seconds", "")}"`);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`--limit takes a whole number of at least 1, got "${arg("--limit", "")}"`);
  const rows: (Test & { ours: string; agree: boolean | null; ms: number })[] = [];
  for (const file of files) {
    for (const t of parseTst(file).slice(0, limit)) {
      const t0 = performance.now();
      let ours = "unknown";
      let agree: boolean | null = null;
      try {
        const rec = readSgf(readFileSync(join(dirname(file), t.sgf), "utf8"));
        // `loadsgf FILE N`: the position before move N
        const loaded = t.upTo === null ? rec.moves : rec.moves.slice(0, Math.max(0, t.upTo - 1));
        const played = t.plays.map((m) => {
          if (m.vertex === "PASS") return { color: m.color, x: null, y: null, raw: "", offBoard: false };
          const { x, y } = fromGtp(m.vertex, rec.width, rec.height);
          return { color: m.color, x, y, raw: m.vertex, offBoard: false };
        });
        const record = { ...rec, moves: [...loaded, ...played] };
        const pos = positionAfter(record, preset("chinese"));
        const p = fromGtp(t.vertex, pos.width, pos.height);
        const target = p.y * pos.width + p.x;
        if (pos.board[target] === 0) throw new Error(`no stone at ${t.vertex}`);
        const d: Color = pos.board[target] === 1 ? "B" : "W";
        const attack = () => question(pos.board, pos.width, pos.height, target, other(d), seconds);
        const defend = () => question(pos.board, pos.width, pos.height, target, d, seconds);
        const want = t.expected.split(/\s+/)[0];
        if (t.command === "owl_attack") {
          const a = attack();
          ours = a === "yes" ? "1" : a === "no" ? "0" : "unknown";
          if (a !== "unknown" && (want === "0" || want === "1")) agree = ours === want;
        } else if (t.command === "owl_defend") {
          const a = defend();
          ours = a === "no" ? "1" : a === "yes" ? "0" : "unknown";
          if (a !== "unknown" && (want === "0" || want === "1")) agree = ours === want;
        } else {
          const a = attack();
          const df = a === "yes" ? defend() : "no";
          ours = a === "unknown" || df === "unknown" ? "unknown" : a === "no" ? "alive" : df === "yes" ? "dead" : "critical";
          if (ours !== "unknown" && ["alive", "dead", "critical"].includes(want)) agree = ours === want;
        }
      } catch (e) {
        ours = `error: ${(e as Error).message}`;
      }
      rows.push({ ...t, ours, agree, ms: Math.round(performance.now() - t0) });
      process.stderr.write(`\r${rows.length}`);
    }
  }
  process.stderr.write("\n");
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 1));
    return;
  }
  console.log("\n## GNU Go's regression files, answered by local proofs\n");
  console.log("| file | tests | GNU Go passes | of those: agree | disagree | unknown (budget, region, ko) |");
  console.log("|---|---|---|---|---|---|");
  for (const file of files) {
    const mine = rows.filter((r) => r.file === file);
    const passed = mine.filter((r) => !r.gnugoFails);
    const name = file.split("/").pop();
    console.log(`| ${name} | ${mine.length} | ${passed.length} | ${passed.filter((r) => r.agree === true).length} | ` +
      `${passed.filter((r) => r.agree === false).length} | ${passed.filter((r) => r.agree === null).length} |`);
  }
  console.log("\nDisagreements on tests GNU Go passes:");
  for (const r of rows.filter((x) => !x.gnugoFails && x.agree === false)) {
    console.log(`- ${r.file.split("/").pop()} ${r.n}: ${r.command} ${r.vertex} (${r.sgf}${r.upTo ? ` before move ${r.upTo}` : ""}): GNU Go [${r.expected}], arbiter ${r.ours}`);
  }
}

main().catch((e) => {
  console.error(`gnugo-regression: ${(e as Error).message}`);
  process.exit(2);
});
