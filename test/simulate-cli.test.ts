// `arbiter simulate` and `arbiter merge` as a user runs them (the built CLI): the statistics do not
// depend on the worker count or on splitting the run into shards; outputs; Ctrl-C; bad input.
import { describe, it, expect, beforeAll } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");

interface Run { status: number | null; stdout: string; stderr: string }

function arbiter(...args: string[]): Run {
  const env = { ...process.env };
  delete env.ARBITER_DEBUG;
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env, encoding: "utf8", timeout: 120_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function json(...args: string[]) {
  const r = arbiter(...args, "--json");
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function expectBadInput(r: Run, what: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^arbiter: /);
  expect(lines[0]).toMatch(what);
}

const RULES = "ing,new-ing,zhang,grand,chinese,japanese";
let dir = "";

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first with \`npm run build\``);
  dir = mkdtempSync(join(tmpdir(), "arbiter-sim-"));
  return () => rmSync(dir, { recursive: true, force: true });
});

describe("arbiter simulate", () => {
  it("gives identical statistics for 1 and 2 workers and for shards merged", () => {
    const common = ["simulate", "--rules", RULES, "--size", "7", "--games", "900", "--seed", "42", "--task-size", "100"];
    const one = json(...common, "--workers", "1");
    const two = json(...common, "--workers", "2");
    expect(JSON.stringify(two.rules)).toBe(JSON.stringify(one.rules));
    expect(two.examples).toEqual(one.examples);
    const files = [1, 2, 3].map((i) => {
      const f = join(dir, `shard${i}.json`);
      const r = arbiter(...common, "--shard", `${i}/3`, "--workers", "2", "--json");
      expect(r.status, r.stderr).toBe(0);
      writeFileSync(f, r.stdout);
      return f;
    });
    const shard2 = JSON.parse(readFileSync(files[1], "utf8"));
    expect(shard2.ranges).toEqual([[300, 600]]);
    const merged = json("merge", files[2], files[0], files[1]);
    expect(JSON.stringify(merged.rules)).toBe(JSON.stringify(one.rules));
    expect(merged.examples).toEqual(one.examples);
    expect(merged.ranges).toEqual([[0, 900]]);
    // all three: nothing said about missing games
    expect(arbiter("merge", ...files).stderr).toBe("");
    // one shard left out: the merge says which games are in no report, in the text and on stderr
    const part = arbiter("merge", files[0], files[2]);
    expect(part.status, part.stderr).toBe(0);
    expect(part.stderr).toMatch(/games 300 to 599 of the run's 900 are in none of these reports/);
    expect(part.stdout).toMatch(/PARTIAL: games 300 to 599 of the run's 900 are in none of the reports merged/);
    expect(JSON.parse(arbiter("merge", files[0], files[2], "--json").stdout).ranges).toEqual([[0, 300], [600, 900]]);
    // the report: every rule set, sums kept for merging, rates derived
    for (const name of RULES.split(",")) {
      const s = one.rules[name];
      expect(s.games).toBe(900);
      expect(s.length.sum).toBeGreaterThan(0);
      expect(Object.values(s.results as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(900);
      expect(typeof s.meanLength).toBe("number");
      expect(s.knobs.name).toBe(name);
    }
    expect(one.policy).toBe("light");
  });

  it("prints a Markdown table with every cycle kind and its rate, CSV, and an SVG chart", () => {
    const svg = join(dir, "cycles.svg");
    const r = arbiter("simulate", "--rules", "new-ing,japanese", "--size", "5", "--games", "300", "--svg", svg, "--policy", "capture");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe(""); // no progress bar when stderr is not a terminal
    expect(r.stdout).toMatch(/^300 games per rule set on 5x5, policy capture/);
    expect(r.stdout).toMatch(/\| cycles: count \(per 1000 games\) \[periods\] \| new-ing \| japanese \|/);
    expect(r.stdout).toMatch(/\| basic-ko \| \d+ \(\d+(\.\d+)?\) \[2:\d+\] \|/);
    const chart = readFileSync(svg, "utf8");
    expect(chart).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(chart).toMatch(/basic-ko/);
    const csv = arbiter("simulate", "--rules", "chinese", "--size", "5", "--games", "50", "--csv");
    expect(csv.status).toBe(0);
    expect(csv.stdout.split("\n")[0]).toBe("rules,section,key,value");
    expect(csv.stdout).toMatch(/^chinese,games,,50$/m);
  });

  it("--paired reports disagreements and --examples saves them as SGF the referee agrees with", () => {
    const ex = join(dir, "examples");
    const r = json("simulate", "--rules", "new-ing,chinese", "--size", "5", "--games", "200", "--paired", "--examples", ex);
    const pair = r.paired["new-ing"].chinese;
    expect(pair.games).toBe(200);
    expect(Object.keys(pair.illegal).length).toBeGreaterThan(0);
    const files = readdirSync(ex);
    expect(files.length).toBeGreaterThan(0);
    const illegal = r.examples.find((e: { under?: string; what: string }) => e.under === "chinese" && /forbidden under chinese/.test(e.what));
    expect(illegal).toBeDefined();
    const ruling = JSON.parse(arbiter("referee", illegal.file, "--rules", "chinese", "--json").stdout);
    const bad = ruling.moves.find((m: { legal: boolean }) => !m.legal);
    expect(illegal.what).toContain(`move ${bad.n} `);
    expect(illegal.what).toContain(`(${bad.reason})`);
  });

  it("stops cleanly on Ctrl-C and reports what was done", async () => {
    const child = spawn(process.execPath, [MAIN, "simulate", "--rules", "chinese", "--size", "9", "--games", "50000000",
      "--workers", "2", "--json"], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    await new Promise((r) => setTimeout(r, 2500));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("close", r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted/);
    const report = JSON.parse(stdout);
    expect(report.interrupted).toBe(true);
    expect(report.gamesDone).toBeGreaterThan(0);
    expect(report.gamesDone).toBeLessThan(50000000);
    expect(report.rules.chinese.games).toBe(report.gamesDone);
  }, 60_000);

  it("refuses bad input with one line", () => {
    expectBadInput(arbiter("simulate", "--rules", "ing,nonsense", "--games", "10"), /unknown rule set "nonsense"/);
    expectBadInput(arbiter("simulate", "--games", "0"), /--games takes a whole number from 1/);
    expectBadInput(arbiter("simulate", "--games", "ten"), /--games takes a whole number/);
    expectBadInput(arbiter("simulate", "--shard", "3/2"), /--shard takes i\/n with 1 <= i <= n/);
    expectBadInput(arbiter("simulate", "--shard", "0/2"), /--shard/);
    expectBadInput(arbiter("simulate", "--size", "25"), /--size: sides must be 2 to 19/);
    expectBadInput(arbiter("simulate", "--policy", "heavy"), /--policy takes light or capture/);
    expectBadInput(arbiter("simulate", "--rules", "ing,ing"), /names ing twice/);
    expectBadInput(arbiter("simulate", "--json", "--csv"), /not both/);
    expectBadInput(arbiter("simulate", "--ko", "sometimes"), /bad value "sometimes" for knob ko/);
    expectBadInput(arbiter("merge", join(dir, "missing.json")), /cannot read .*missing\.json: no such file/);
    const notJson = join(dir, "not.json");
    writeFileSync(notJson, "hello");
    expectBadInput(arbiter("merge", notJson), /is not JSON/);
  });

  it("refuses to merge overlapping or mismatched reports", () => {
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    // (a run that fails says why here, not as "not JSON" in the merge below: seen once in CI)
    const ra = arbiter("simulate", "--rules", "chinese", "--size", "5", "--games", "40", "--shard", "1/2", "--json");
    expect(ra.status, ra.stderr).toBe(0);
    writeFileSync(a, ra.stdout);
    const rb = arbiter("simulate", "--rules", "chinese", "--size", "5", "--games", "40", "--seed", "2", "--shard", "2/2", "--json");
    expect(rb.status, rb.stderr).toBe(0);
    writeFileSync(b, rb.stdout);
    expectBadInput(arbiter("merge", a, a), /overlap/);
    expectBadInput(arbiter("merge", a, b), /not a slice of the same run/);
  });
});
