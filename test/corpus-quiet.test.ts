// Corpus replay in one call to the core (Referee.playQuietly, assembly rulesReplay): the ruling
// of a record must be the move-by-move referee's in everything the corpus reads. The records are
// the rule fixtures, the cycle fixtures (each has a move the referee must rule on itself) and, when
// ../shared/data is here, real KGS games; every preset.
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf, readSgfCollection, isRefused } from "../src/sgf/read.js";
import { referee, playRecord, type Ruling } from "../src/rules/referee.js";
import { PRESETS, withKnobs } from "../src/ruleset/ruleset.js";
import { sources } from "../src/simulate/corpus.js";
import type { GameRecord } from "../src/record/record.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const KGS = join(ROOT, "..", "shared", "data", "kgs-6d");

function fixtures(sub: string): { name: string; text: string }[] {
  const dir = join(ROOT, "test", "fixtures", sub);
  return readdirSync(dir).filter((f) => f.endsWith(".sgf")).sort().map((f) => ({ name: `${sub}/${f}`, text: readFileSync(join(dir, f), "utf8") }));
}

/** What the corpus reads of a ruling. */
function summary(r: Ruling) {
  return { result: r.result, decidedBy: r.decidedBy, end: r.end, score: r.score, cycles: r.cycles, movesAfterEnd: r.movesAfterEnd,
    gamePhaseMoves: r.gamePhaseMoves, endRequester: r.endRequester, illegal: r.moves.filter((m) => !m.legal), notes: r.notes };
}

function both(record: GameRecord, name: string) {
  for (const [key, preset] of Object.entries(PRESETS)) {
    const rules = record.komi !== null ? withKnobs(preset, { komi: record.komi }) : preset;
    const opts = { rules, rulesFrom: "option" as const, dead: "none" as const, komiGiven: record.komi !== null };
    let slow: Ruling | Error, quick: Ruling | Error;
    try { slow = referee(record, opts); } catch (e) { slow = e as Error; }
    try { quick = referee(record, { ...opts, quiet: true }); } catch (e) { quick = e as Error; }
    if (slow instanceof Error || quick instanceof Error) {
      expect(String(quick), `${name} under ${key}`).toBe(String(slow));
      continue;
    }
    expect(summary(quick), `${name} under ${key}`).toEqual(summary(slow));
  }
}

describe("quiet replay (one call to the core per record)", () => {
  it("rules every rule and cycle fixture as the move-by-move referee does, under every preset", () => {
    for (const f of [...fixtures("rules"), ...fixtures("cycles")]) {
      for (const g of readSgfCollection(f.text)) if (!isRefused(g)) both(g, f.name);
    }
  });

  it("falls back to ruling move by move where a move needs it, and keeps each move's ruling then", () => {
    // a basic ko retaken at once (move 10): refused under every ko rule, ruled move by move
    const koAtOnce = readSgf("(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ee];W[cc];B[cb];W[bb])");
    const r = referee(koAtOnce, { rules: PRESETS.japanese, rulesFrom: "option", dead: "none", quiet: true });
    expect(r.moves.length).toBe(10);
    expect(r.moves[9]).toMatchObject({ n: 10, legal: false, reason: "ko" });
    expect(r.end).toMatchObject({ reason: "illegal-move", atMove: 10 });
  });

  it("stops at the end of play and counts the moves after it", () => {
    // Japanese: two passes end the game at move 8; the two stones after are not refereed
    const g = readSgf("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dd];B[cd];W[dc];B[bb];W[ee];B[];W[];B[aa];W[ea])");
    const quiet = playRecord(g, { rules: PRESETS.japanese }, true);
    expect(quiet.end).toMatchObject({ reason: "two-passes", atMove: 8 });
    expect(quiet.movesAfterEnd).toBe(2);
    expect(quiet.play.moves).toEqual([]); // no per-move rulings kept
    expect(quiet.play.tally).toEqual({ stones: { black: 3, white: 3 }, passes: { black: 1, white: 1 } });
  });

  it.skipIf(!existsSync(KGS))("rules real KGS games as the move-by-move referee does (skipped without ../shared/data)", async () => {
    const tarballs = readdirSync(KGS).filter((f) => f.endsWith(".tar.gz")).sort().map((f) => join(KGS, f));
    let n = 0;
    for await (const s of sources([tarballs[0]])) {
      if (s.kind !== "item") continue;
      for (const g of readSgfCollection(s.text)) if (!isRefused(g)) both(g, s.file);
      if (++n >= 150) break;
    }
    expect(n).toBe(150);
  }, 120_000);
});
