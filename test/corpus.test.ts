// `arbiter corpus`: real records (files, collections, folders, .tar.gz) replayed by the referee
// under several rule sets; broken records are reported in `skipped` and never stop the run.
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
const KGS = join(ROOT, "..", "shared", "data", "kgs-6d");

function arbiter(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// A basic ko on 5x5 taken (move 9), both pass, retaken (move 12): the board after move 8 recurs.
// Ing: the two passes pause play and are the interval a hot stone needs; Japanese: the two passes
// end the game, the retake is not refereed.
const KO_AFTER_PASSES = "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+3.5];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ee];W[cc];B[cb];W[];B[];W[bb];B[];W[])";
// The same ko retaken at once (move 10): forbidden under every ko rule (hot-stone, ko, superko).
const KO_AT_ONCE = "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ee];W[cc];B[cb];W[bb])";
const PLAIN = "(;GM[1]FF[4]SZ[9]KM[7]RE[W+R];B[ee];W[cc];B[gc])";
const COLLECTION = "(;GM[1]SZ[9]RE[B+R];B[ee])(;GM[1]SZ[9]RE[W+R];B[ee];W[cc])";
const BROKEN = "(;GM[1]SZ[19];B[dd];W[";
const BAD_SIZE = "(;GM[1]SZ[52];B[aa])";

async function tarball(file: string, entries: [string, string][]): Promise<void> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => pack.on("end", r));
  for (const [name, text] of entries) pack.entry({ name }, text);
  pack.finalize();
  await done;
  writeFileSync(file, gzipSync(Buffer.concat(chunks)));
}

let dir = "";
beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first with \`npm run build\``);
  dir = mkdtempSync(join(tmpdir(), "arbiter-corpus-"));
  await tarball(join(dir, "games.tar.gz"), [["g/ko.sgf", KO_AFTER_PASSES], ["g/ko2.sgf", KO_AT_ONCE], ["g/plain.sgf", PLAIN], ["g/broken.sgf", BROKEN],
    ["g/readme.txt", "not a game"], ["g/two.sgf", COLLECTION]]);
  mkdirSync(join(dir, "folder"));
  writeFileSync(join(dir, "folder", "a.sgf"), PLAIN);
  writeFileSync(join(dir, "folder", "bad-size.sgf"), BAD_SIZE);
  writeFileSync(join(dir, "folder", "notes.md"), "# not SGF");
  writeFileSync(join(dir, "broken.tar.gz"), "this is not gzip");
  return () => rmSync(dir, { recursive: true, force: true });
});

describe("arbiter corpus", () => {
  it("reads a tarball and a folder, reports the broken records and the cycles per rule set", () => {
    const r = arbiter("corpus", join(dir, "games.tar.gz"), join(dir, "folder"), "--rules", "japanese,grand,ing", "--json", "--workers", "2");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.games).toBe(6); // ko, ko2, plain, the collection's two, folder/a
    const why = Object.fromEntries(out.skipped.map((s: { file: string; why: string }) => [s.file.replace(dir, ""), s.why]));
    expect(why["/games.tar.gz:g/broken.sgf"]).toMatch(/broken SGF/);
    expect(why["/games.tar.gz:g/readme.txt"]).toMatch(/not an SGF file/);
    expect(why["/folder/bad-size.sgf"]).toMatch(/board size SZ\[52\] is not supported/);
    expect(why["/folder/notes.md"]).toMatch(/not an SGF file/);
    expect(out.skipped).toHaveLength(4);
    for (const name of ["japanese", "grand", "ing"]) {
      const s = out.rules[name];
      expect(Object.keys(s)).toEqual(expect.arrayContaining(["gamesWithCycle", "cycles", "cycleLengths", "forbidden", "results", "resultChanged"]));
      expect(s.games).toBe(6);
    }
    expect(out.rules.ing).toMatchObject({ gamesWithCycle: 2, cycles: { "pass-cycle": 1, "basic-ko": 1 }, cycleLengths: { 2: 1, 4: 1 },
      forbidden: { "hot-stone": 1 } });
    expect(out.rules.grand).toMatchObject({ gamesWithCycle: 2, forbidden: { superko: 1 } });
    // rates of games with their 95% intervals (exact for so few games): 2 of 6 with a cycle, R binom.test(2, 6): 0.0433-0.7772
    expect(out.rules.ing.ci95Per1000.gamesWithCycle[0]).toBeCloseTo(43.272, 3);
    expect(out.rules.ing.ci95Per1000.gamesWithCycle[1]).toBeCloseTo(777.222, 3);
    expect(out.rules.japanese).toMatchObject({ gamesWithCycle: 1, cycles: { "basic-ko": 1 }, cycleLengths: { 2: 1 }, forbidden: { ko: 1 } });
    // a forfeit for the illegal retake changes the recorded W+R
    expect(out.rules.japanese.resultChanged).toBeGreaterThanOrEqual(1);
    expect(out.examples).toContainEqual({ file: `${join(dir, "games.tar.gz")}:g/ko2.sgf`, rules: "japanese", what: "move 10 (W B4) is illegal: ko" });
  });

  it("gives the same report with one worker", () => {
    const args = ["corpus", join(dir, "games.tar.gz"), join(dir, "folder"), "--rules", "japanese,grand,ing", "--json"];
    const a = JSON.parse(arbiter(...args, "--workers", "1").stdout);
    const b = JSON.parse(arbiter(...args, "--workers", "2").stdout);
    expect(b.rules).toEqual(a.rules);
    expect(b.skipped).toEqual(a.skipped);
    expect(b.examples).toEqual(a.examples);
  });

  it("reports a broken tarball in skipped and goes on", () => {
    const r = arbiter("corpus", join(dir, "broken.tar.gz"), join(dir, "folder"), "--rules", "chinese", "--json");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.games).toBe(1);
    expect(out.skipped.find((s: { file: string }) => s.file.endsWith("broken.tar.gz")).why).toMatch(/broken tarball/);
  });

  it("refuses a missing path and an unknown rule set with one line", () => {
    const missing = arbiter("corpus", join(dir, "nowhere"), "--rules", "chinese");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^arbiter: cannot read .*nowhere: no such file or folder\n$/);
    const unknown = arbiter("corpus", join(dir, "folder"), "--rules", "chinese,klingon");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^arbiter: unknown rule set "klingon"/);
  });

  it("reads a long collection in pieces, naming each game FILE#N and each problem's line", () => {
    // 60 games of about 600 bytes, one per line: more than one piece of 16 KB; game 45 is broken
    // (line 45) and game 50 retakes a ko at once (illegal under japanese)
    const filler = Array.from({ length: 40 }, (_, k) => `C[${"x".repeat(10)}]`).join("");
    const lines = Array.from({ length: 60 }, (_, k) => k === 44 ? "(;GM[1]SZ[9];B[ee]W)"
      : k === 49 ? KO_AT_ONCE : `(;GM[1]FF[4]SZ[9]KM[7]RE[W+R]${filler};B[ee];W[cc];B[gc])`);
    const file = join(dir, "coll.sgf");
    writeFileSync(file, lines.join("\n") + "\n");
    const r = arbiter("corpus", file, "--rules", "japanese", "--json", "--workers", "2");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.files).toBe(1);
    expect(out.games).toBe(59);
    expect(out.skipped).toEqual([{ file: `${file}#45`, why: expect.stringMatching(/^broken SGF: .* at line 45, column \d+/) }]);
    expect(out.examples).toContainEqual({ file: `${file}#50`, rules: "japanese", what: "move 10 (W B4) is illegal: ko" });
    // the moves refereed: 58 games of 3 moves and the ko game's 10
    expect(out.rules.japanese.moves).toBe(58 * 3 + 10);
    // --limit counts games, not files
    const some = JSON.parse(arbiter("corpus", file, "--rules", "japanese", "--json", "--limit", "30").stdout);
    expect(some.games).toBe(30);
  });

  it("reads other SGF extensions from folders only when asked (--extensions)", () => {
    const folder = join(dir, "mgt");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "a.mgt"), PLAIN);
    writeFileSync(join(folder, "b.sgf"), PLAIN);
    const plain = JSON.parse(arbiter("corpus", folder, "--rules", "japanese", "--json").stdout);
    expect(plain.games).toBe(1);
    expect(plain.skipped).toEqual([{ file: join(folder, "a.mgt"), why: "not an SGF file (no .sgf extension)" }]);
    const both = JSON.parse(arbiter("corpus", folder, "--rules", "japanese", "--json", "--extensions", "sgf,mgt").stdout);
    expect(both.games).toBe(2);
    expect(both.skipped).toEqual([]);
    const bad = arbiter("corpus", folder, "--extensions", "sgf,../x");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--extensions sgf,\.\.\/x: expected a comma-separated list/);
  });

  it.skipIf(!existsSync(KGS))("replays real KGS games from a tarball (--limit)", () => {
    const tgz = readdirSync(KGS).filter((f) => f.endsWith(".tar.gz")).sort()[0];
    const r = arbiter("corpus", join(KGS, tgz), "--rules", "japanese,chinese", "--limit", "40", "--json", "--workers", "2");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.files).toBe(40);
    expect(out.games + out.skipped.length).toBeGreaterThanOrEqual(40);
    expect(out.rules.japanese.games).toBe(out.games);
  });
  if (!existsSync(KGS)) it.skip(`../shared/data/kgs-6d is missing: the real-corpus test needs it (${KGS})`, () => {});
});
