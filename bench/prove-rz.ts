// The harder set: the professional-book life-and-death problems (Cho Chikun's and others) of
// the relevance-zone study (rlglab/study-LD-RZ, folder tsumego/: one JSON file per problem, the
// position with its mask of filler stones in `masked_sgf_str`). Read as data from a folder given
// with --dir (default ../shared/data/study-ld-rz/tsumego); nothing of it is in this repository.
//
// Every problem is "to live": the winning colour's crucial stone must survive with the colour
// to move first, and the winner may not rely on a ko (its ko rule is disallow_ko, the loser's
// allow_ko). Scored by the answer and its ko status: right when the crucial stone is not
// captured and the answer is unconditional (no outside threats of the loser turn it); "ko" when
// it lives only while the loser has no threats (the book says it must not); wrong when captured.
// Published figures on the 106 problems of the paper: relevance-zone search 68, Tsumego Explorer 11.
//   node dist/bench/prove-rz.js [--dir DIR] [--time S] [--rules NAME] [--limit N] [--json]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf } from "../src/sgf/read.js";
import { preset } from "../src/ruleset/ruleset.js";
import { problemFrom, askWithKo, koWords } from "../src/prove/prove.js";
import type { Color } from "../src/core/codes.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

interface RzProblem {
  filename: string; masked_sgf_str: string; turn_color: string; winning_color: string;
  black_crucial_stone: string; white_crucial_stone: string; black_ko_rule: string; white_ko_rule: string;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dir = arg("--dir", join(process.env.ARBITER_SHARED ?? join(root, "..", "shared"), "data", "study-ld-rz", "tsumego"));
  if (!existsSync(dir)) {
    console.log(`relevance-zone set skipped: ${dir} is not here (give --dir: the tsumego/ folder of rlglab/study-LD-RZ)`);
    return;
  }
  const seconds = Number(arg("--time", "15"));
  const limit = Number(arg("--limit", "100000"));
  const rules = preset(arg("--rules", "chinese"));
  const rows: { file: string; got: "right" | "ko" | "wrong" | "unknown" | "unreadable"; ms: number; region: number; why: string }[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".json")).sort().slice(0, limit)) {
    let spec, toMove: Color;
    try {
      const p = JSON.parse(readFileSync(join(dir, f), "utf8")) as RzProblem;
      const record = readSgf(p.masked_sgf_str);
      const winner: Color = p.winning_color === "b" ? "B" : "W";
      const stone = winner === "B" ? p.black_crucial_stone : p.white_crucial_stone;
      // one crucial stone, or several ("nr,rr,qq"): all of them must survive
      if (!/^[a-s]{2}(,[a-s]{2})*$/.test(stone ?? "")) throw new Error(`no crucial stone for ${winner}`);
      toMove = p.turn_color === "b" ? "B" : "W";
      const targets = stone.split(",").map((s) => (s.charCodeAt(1) - 97) * record.width + (s.charCodeAt(0) - 97));
      spec = { ...problemFrom({ width: record.width, height: record.height, board: record.setup, rules, targets, toMove, maxNodes: 5e8, timeMs: seconds * 1000 }), goal: "any" as const };
    } catch (e) {
      // a file this reader cannot take is listed with its reason, and the run goes on
      rows.push({ file: f, got: "unreadable", ms: 0, region: 0, why: (e as Error).message.slice(0, 200) });
      if (!process.argv.includes("--json")) console.log(`${f.padEnd(28)} unreadable: ${rows[rows.length - 1].why}`);
      continue;
    }
    const t0 = performance.now();
    const q = askWithKo(spec, toMove, { maxNodes: 5e8, deadline: t0 + seconds * 1000 }, false);
    const ms = Math.round(performance.now() - t0);
    const got = q.captured === null ? "unknown" : q.captured ? "wrong" : q.ko.status === "ko" ? "ko" : q.ko.status === "unknown" ? "unknown" : "right";
    rows.push({ file: f, got, ms, region: spec.region.points.length, why: `${q.captured === null ? "" : koWords(q.ko)} ${q.line.slice(0, 6).join(", ")}` });
    if (!process.argv.includes("--json")) console.log(`${f.padEnd(28)} ${got.padEnd(8)} ${String(ms).padStart(6)} ms  region ${spec.region.points.length}  ${rows[rows.length - 1].why}`);
  }
  const n = (g: string) => rows.filter((r) => r.got === g).length;
  const summary = { rules: rules.name, timeLimitSeconds: seconds, problems: rows.length, right: n("right"), ko: n("ko"), wrong: n("wrong"), unknown: n("unknown"), unreadable: n("unreadable"),
    published: { relevanceZone: "68 of 106", tsumegoExplorer: "11 of 106" },
    wrongFiles: rows.filter((r) => r.got === "wrong").map((r) => r.file), koFiles: rows.filter((r) => r.got === "ko").map((r) => r.file) };
  if (process.argv.includes("--json")) console.log(JSON.stringify({ summary, rows }));
  else console.log(JSON.stringify(summary, null, 2));
}

main();
