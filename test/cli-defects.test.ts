// Defects a new user met on the command line (issue 16), each pinned by a test: a komi in
// --rules-json, a proof file in a missing directory, --time 0, and Ctrl-C during a proof with one
// search thread or a team.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, MAIN, arbiter, GtpClient } from "./helpers/serve.js";
import { KNOB_NAMES, knobValues } from "../src/ruleset/ruleset.js";
import { kebab } from "../src/rules/resolve.js";

const example = join(ROOT, "test", "fixtures", "example.sgf"); // KM[7.5], RU chinese
const corner = join(ROOT, "test", "fixtures", "server", "corner.sgf");
let tmp: string;
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), "arbiter-cli-defects-")); });
afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

describe("a komi given in --rules-json", () => {
  it("beats the record's KM, and a komi-only override keeps the rule set's name (docs/rules.md)", () => {
    const text = arbiter("referee", example, "--rules-json", '{"name":"chinese","komi":7}');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout.split("\n")[0]).toMatch(/^Rules: chinese .*komi 7, 9x9$/);
    const json = JSON.parse(arbiter("referee", example, "--rules-json", '{"name":"chinese","komi":7}', "--json").stdout);
    expect(json.rules).toMatchObject({ name: "chinese", komi: 7 });
    // without a komi in the JSON the record's KM stands; another knob makes the rule set custom
    expect(JSON.parse(arbiter("referee", example, "--rules-json", '{"name":"chinese"}', "--json").stdout).rules.komi).toBe(7.5);
    expect(JSON.parse(arbiter("referee", example, "--rules-json", '{"name":"chinese","komi":7,"ko":"ssk"}', "--json").stdout).rules)
      .toMatchObject({ name: "custom", komi: 7, ko: "ssk" });
  });

  it("the same through GTP's arbiter-set-rules; the controller's komi after it wins", async () => {
    const gtp = new GtpClient();
    try {
      expect((await gtp.send('arbiter-set-rules {"name":"chinese","komi":7}')).ok).toBe(true);
      expect((await gtp.send("showboard")).text).toMatch(/rules: chinese, komi 7\n/);
      expect(JSON.parse((await gtp.send("arbiter-referee")).text).rules).toMatchObject({ name: "chinese", komi: 7 });
      await gtp.send("komi 6.5");
      expect((await gtp.send("showboard")).text).toMatch(/rules: chinese, komi 6.5\n/);
      expect(JSON.parse((await gtp.send("arbiter-referee")).text).rules.komi).toBe(6.5);
    } finally {
      await gtp.close();
    }
  });
});

describe("referee --help", () => {
  it("shows every knob with the values it takes", () => {
    const help = arbiter("referee", "--help").stdout.replace(/\s+/g, " ");
    expect(KNOB_NAMES.length).toBeGreaterThan(15);
    for (const knob of KNOB_NAMES) {
      expect(help, knob).toContain(`--${kebab(knob)} <value>`);
      expect(help, knob).toContain(`override the ${knob} knob: ${knobValues(knob)}`);
    }
    expect(help).toContain("--long-cycles <value> override the longCycles knob: rule, void");
  });
});

describe("prove on a problem file", () => {
  it("says which position it proves when the record has setup stones and moves, and --moves 0 takes the setup", () => {
    const file = join(tmp, "problem.sgf");
    // test/fixtures/server/corner.sgf as a problem, its solution's first move (B B2) as the main line
    writeFileSync(file, "(;GM[1]FF[4]SZ[9]AW[ag][bg][cg][ch][ci]AB[af][bf][cf][df][dg][dh][di];B[bh])");
    const played = arbiter("prove", file, "--target", "A3", "--rules", "chinese", "--json");
    expect(played.stderr).toMatch(/proving the position after the record's 1 move \(for a problem whose main line is its solution, --moves 0 takes the setup alone\)/);
    const setup = arbiter("prove", file, "--target", "A3", "--rules", "chinese", "--moves", "0", "--json");
    expect(setup.status, setup.stderr).toBe(0);
    expect(setup.stderr).toBe("");
    // a game record (no setup stones) says nothing
    expect(arbiter("prove", corner, "--target", "A3", "--rules", "chinese").stderr).toBe("");
  });

  it("more workers than the machine has do not starve the search (the team is capped)", () => {
    const r = arbiter("prove", corner, "--target", "A3", "--rules", "chinese", "--workers", "64", "--time", "5", "--json");
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe("dead");
  });
});

describe("prove's bad input", () => {
  it("a proof file in a directory that does not exist is bad input, named before the search", () => {
    const r = arbiter("prove", corner, "--target", "A3", "--proof", "/nonexistent/dir/p.sgf");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--proof \/nonexistent\/dir\/p.sgf: there is no directory \/nonexistent\/dir/);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stdout).toBe("");
  });

  it("--time 0 is refused by a message that does not offer 0", () => {
    const r = arbiter("prove", corner, "--target", "A3", "--time", "0");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--time takes seconds above 0, at most 86400, got "0"/);
  });
});

describe("Ctrl-C during a proof", () => {
  // a lone stone in the middle of an empty 19x19 board: no proof in 60 s
  const lone = () => { const f = join(tmp, "lone.sgf"); writeFileSync(f, "(;GM[1]SZ[19]AB[jj])"); return f; };

  /** Runs prove, sends SIGINT once it has started searching, and resolves with how it ended. */
  function interrupted(...extra: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
    return new Promise((resolve) => {
      const p = spawn(process.execPath, [MAIN, "prove", lone(), "--target", "K10", "--rules", "chinese", "--time", "60", ...extra],
        { cwd: ROOT, stdio: "pipe" });
      let stdout = "";
      let stderr = "";
      p.stdout.on("data", (d) => { stdout += d; });
      p.stderr.on("data", (d) => { stderr += d; });
      const start = Date.now();
      setTimeout(() => p.kill("SIGINT"), 1500);
      p.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - start }));
    });
  }

  it.each([["one search thread", []], ["a team of two", ["--workers", "2"]]] as const)(
    "stops %s: the answer found so far, a note, exit status 130", async (_what, extra) => {
      const r = await interrupted(...extra);
      expect(r.code, r.stderr).toBe(130);
      expect(r.ms).toBeLessThan(30_000); // not the end of the 60 s budget
      expect(r.stdout).toMatch(/^Verdict: unknown \(target K10, Black's, under chinese\)/);
      expect(r.stdout).toMatch(/INCOMPLETE/);
      expect(r.stderr).toMatch(/interrupted \(Ctrl-C\)/);
    }, 60_000);
});

describe("referee --explain", () => {
  it("numbers a cycle's moves as the corpus report does (the moves that make it)", () => {
    const file = join(ROOT, "test", "fixtures", "cycles", "triple-ko.sgf");
    const explain = arbiter("referee", file, "--rules", "chinese", "--explain").stdout;
    // the triple ko's six moves bring back the starting position; White's sixth is refused
    expect(explain).toMatch(/Cycle: moves 1-6 \(period 6\) bring back the starting position, triple-ko; ruling forbidden for W\./);
    const dir = mkdtempSync(join(tmp, "corpus-"));
    writeFileSync(join(dir, "triple-ko.sgf"), readFileSync(file));
    expect(arbiter("corpus", dir, "--rules", "chinese").stdout).toMatch(/triple-ko cycle, moves 1-6 \(period 6\)/);
  });

  it("shows Ing's fill-in view under Ing's rules only (it agrees with the area count elsewhere)", () => {
    const chinese = arbiter("referee", example, "--rules", "chinese", "--explain").stdout;
    expect(chinese).toMatch(/Black 9 stones \+ 27 empty = 36/);
    expect(chinese).not.toMatch(/Fill-in view/);
    expect(arbiter("referee", example, "--rules", "ing", "--explain").stdout).toMatch(/Fill-in view \(ing 1\.7\)/);
  });
});
