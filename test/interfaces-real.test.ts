// Real games through the interfaces (issue 16): KGS records (../shared/data/kgs-6d) played into
// `arbiter gtp` move by move and sent to `arbiter analysis` as KataGo queries give the referee's
// count of the position as it stands, game for game. Skipped, with a message, without
// ../shared/data (a fresh clone; CI has it).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, MAIN } from "./helpers/serve.js";
import { readSgfCollection, isRefused } from "../src/sgf/read.js";
import { sources } from "../src/simulate/corpus.js";
import { refereeRecord } from "../src/api/operations.js";
import { indexToGtp } from "../src/core/coords.js";
import type { GameRecord } from "../src/record/record.js";

const KGS = join(ROOT, "..", "shared", "data", "kgs-6d");
if (!existsSync(KGS)) console.warn(`interfaces-real.test.ts: skipped: ${KGS} is missing (the shared real data; CI has it)`);

/** Up to n even 19x19 KGS games whose moves are all legal under Japanese rules. */
async function kgsGames(n: number): Promise<GameRecord[]> {
  const tarballs = readdirSync(KGS).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(KGS, f));
  const out: GameRecord[] = [];
  for await (const s of sources([tarballs[tarballs.length - 1]])) {
    if (s.kind !== "item") continue;
    for (const g of readSgfCollection(s.text)) {
      if (isRefused(g) || g.handicap || g.width !== 19 || g.height !== 19 || g.setup.some((c) => c)) continue;
      out.push(g);
    }
    if (out.length >= n) break;
  }
  return out.slice(0, n);
}

describe.skipIf(!existsSync(KGS))(`real KGS games through GTP and KataGo's protocol${existsSync(KGS) ? "" : " (skipped: no ../shared/data)"}`, () => {
  it("30 games: GTP's final_score and the analysis' last turn are the referee's count, game for game", async () => {
    const games = await kgsGames(40);
    const v = (g: GameRecord, m: GameRecord["moves"][number]) => (m.x === null ? "pass" : indexToGtp(m.y! * g.width + m.x, g.width, g.height));
    const picked: { g: GameRecord; result: string }[] = [];
    for (const g of games) {
      const komi = g.komi ?? 6.5;
      const r = refereeRecord({ ...g, rules: null, result: null }, { rules: "japanese", komi: String(komi) }, { unfinished: "count" });
      if (r.moves.some((m) => !m.legal)) continue;
      picked.push({ g, result: r.result });
      if (picked.length === 30) break;
    }
    expect(picked).toHaveLength(30);
    // KataGo's protocol: one query per game, its last turn
    const queries = picked.map(({ g }, i) => JSON.stringify({ id: String(i), moves: g.moves.map((m) => [m.color, v(g, m)]), rules: "japanese",
      komi: g.komi ?? 6.5, boardXSize: 19, boardYSize: 19 })).join("\n") + "\n";
    const a = spawnSync(process.execPath, [MAIN, "analysis"], { cwd: ROOT, input: queries, encoding: "utf8", timeout: 120_000 });
    expect(a.status, a.stderr).toBe(0);
    const answers = a.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(answers.map((x) => x.arbiter?.result)).toEqual(picked.map((p) => p.result));
    expect(answers.map((x) => x.turnNumber)).toEqual(picked.map((p) => p.g.moves.length));
    // GTP: every move played into the engine, then final_score (dead stones none, as above)
    for (const [i, { g, result }] of picked.slice(0, 10).entries()) {
      const script = ["boardsize 19", "clear_board", `komi ${g.komi ?? 6.5}`, ...g.moves.map((m) => `play ${m.color} ${v(g, m)}`), "final_score", "quit"];
      const r = spawnSync(process.execPath, [MAIN, "gtp", "--rules", "japanese", "--dead", "none"], { cwd: ROOT, input: script.join("\n") + "\n",
        encoding: "utf8", timeout: 60_000 });
      const replies = r.stdout.split("\n\n").filter(Boolean);
      expect(replies.filter((x) => x.startsWith("?")), `game ${i}`).toEqual([]);
      expect(replies[replies.length - 2], `game ${i}`).toBe(`= ${result}`);
    }
  }, 240_000);
});
