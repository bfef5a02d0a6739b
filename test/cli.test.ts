// The `arbiter` command as a user runs it: the built CLI in a child process. Output contracts
// (DESIGN.md 3) and bad input: one line on stderr starting "arbiter: " naming the problem, no
// stack trace, a non-zero exit (2 for bad input, 3 for an illegal move in the record).
import { describe, it, expect, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
const EXAMPLE = "test/fixtures/example.sgf";
const BAD = "test/fixtures/bad";
const PRESET_NAMES = ["ing", "new-ing", "zhang", "grand", "chinese", "japanese", "korean", "aga", "nz", "tromp-taylor"];

interface Run { status: number | null; stdout: string; stderr: string }

function arbiter(...args: string[]): Run {
  const env = { ...process.env };
  delete env.ARBITER_DEBUG; // it adds a stack to internal errors
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A run refused as bad input: exit 2, nothing on stdout, one line "arbiter: ..." matching `what`. */
function expectOneLineError(r: Run, what: RegExp, status = 2): void {
  expect(r.status, `exit status; stderr: ${r.stderr}`).toBe(status);
  expectOneLine(r.stderr, what);
  if (status === 2) expect(r.stdout).toBe("");
}

function expectOneLine(stderr: string, what: RegExp): void {
  expect(stderr.endsWith("\n"), `stderr ends with a newline: ${JSON.stringify(stderr)}`).toBe(true);
  const lines = stderr.slice(0, -1).split("\n");
  expect(lines, `exactly one line on stderr: ${JSON.stringify(stderr)}`).toHaveLength(1);
  expect(lines[0].startsWith("arbiter: "), lines[0]).toBe(true);
  expect(lines[0]).toMatch(what);
  expect(stderr).not.toMatch(/^\s*at /m);
  expect(stderr).not.toMatch(/internal error|Error:|\.js:\d+/);
}

beforeAll(() => {
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: build first with \`npm run build\` (npm test does it via pretest)`);
  }
});

describe("arbiter referee", () => {
  it("summarises the example game: exit 0, result W+16.5", () => {
    const r = arbiter("referee", EXAMPLE);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/Result: W\+16\.5/);
    expect(r.stdout).toMatch(/chinese \(from the record's RU\)/);
  });

  it("--json has every field of DESIGN.md section 3", () => {
    const r = arbiter("referee", EXAMPLE, "--json");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const j = JSON.parse(r.stdout);
    expect(j.rules).toMatchObject({ name: "chinese", suicide: "forbidden", ko: "psk", komi: 7.5 });
    expect(j.size).toEqual({ width: 9, height: 9 });
    expect(j.moves).toHaveLength(28);
    j.moves.forEach((m: Record<string, unknown>, i: number) => {
      for (const k of ["n", "color", "point", "legal", "reason", "captures", "selfCaptures", "hash"]) expect(m).toHaveProperty(k);
      expect(m.n).toBe(i + 1);
      expect(m.color).toBe(i % 2 === 0 ? "B" : "W");
      expect(m.legal).toBe(true);
      expect(m.reason).toBeNull();
      expect(Array.isArray(m.captures)).toBe(true);
      expect(Array.isArray(m.selfCaptures)).toBe(true);
      expect(m.hash).toMatch(/^[0-9a-f]{16}$/);
    });
    expect(j.moves[0]).toMatchObject({ n: 1, color: "B", point: "D9", captures: [], selfCaptures: [] });
    expect(j.moves[20]).toMatchObject({ n: 21, color: "B", point: "pass" });
    expect(j.moves[25]).toMatchObject({ n: 26, color: "W", point: "H7", captures: ["G7"] });
    expect(j.cycles).toEqual([]);
    expect(j.end).toMatchObject({ reason: "two-passes", atMove: 28 });
    expect(j.score).toMatchObject({ method: "area", black: 36, white: 45, komi: 7.5 });
    expect(typeof j.score.shared).toBe("number");
    expect(j.result).toBe("W+16.5");
    expect(j.decidedBy).toBe("count");
  });

  it("--explain names a clause", () => {
    const r = arbiter("referee", EXAMPLE, "--explain");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/docs\/rules\.md \d/);
    expect(r.stdout).toMatch(/W\+16\.5/);
  });

  it("knob overrides appear in the JSON rules", () => {
    const r = arbiter("referee", EXAMPLE, "--ko", "ssk", "--suicide", "allowed", "--komi", "7", "--json");
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toMatchObject({ ko: "ssk", suicide: "allowed", komi: 7, name: "custom" });
    expect(j.score.komi).toBe(7);
    const named = JSON.parse(arbiter("referee", EXAMPLE, "--rules", "japanese", "--json").stdout);
    expect(named.rules).toMatchObject({ name: "japanese", ko: "japanese" });
    expect(named.rulesFrom).toBe("option");
  });

  it("--rules supplies the rules a record's unknown RU cannot", () => {
    const r = arbiter("referee", `${BAD}/unknown-ru.sgf`, "--rules", "chinese");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
  });
});

describe("a game named FILE#N or - (standard input)", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "arbiter-cli-coll-"));
    // three games: a Black stone in atari in a corner, one resigned after three moves, one broken on line 3
    writeFileSync(join(dir, "c.sgf"), "(;GM[1]SZ[5]AB[aa]AW[ba][bb])\n(;GM[1]SZ[9]RE[W+R];B[ee];W[cc];B[dd])\n(;GM[1]SZ[9];B[ee]W)\n");
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it("referee FILE#2 rules on the second game of a collection", () => {
    const r = arbiter("referee", `${join(dir, "c.sgf")}#2`, "--rules", "japanese", "--json");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.moves).toHaveLength(3);
    expect(out.result).toBe("W+R");
  });

  it("prove takes FILE#N too", () => {
    const r = arbiter("prove", `${join(dir, "c.sgf")}#1`, "--target", "A5", "--rules", "japanese", "--json", "--time", "5",
      "--question", "attacker", "--to-move", "W");
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).attackerFirst).toMatchObject({ captured: true, line: ["W A4"] });
  });

  it("names a broken game, a game past the last and #0 in one line", () => {
    const f = join(dir, "c.sgf");
    expectOneLineError(arbiter("referee", `${f}#3`), /c\.sgf#3: broken SGF: property W has no value at line 3, column 19$/);
    expectOneLineError(arbiter("referee", `${f}#4`), /c\.sgf#4: the file holds 3 game trees$/);
    expectOneLineError(arbiter("referee", `${f}#0`), /c\.sgf#0: games in a file are numbered from 1$/);
    expectOneLineError(arbiter("referee", `${join(dir, "none.sgf")}#2`), /cannot read .*none\.sgf: no such file/);
  });

  it("referee - reads the record from standard input", () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, [MAIN, "referee", "-", "--rules", "japanese", "--json"], { cwd: ROOT, env, encoding: "utf8",
      input: "(;GM[1]SZ[9]RE[B+R];B[ee];W[cc];B[dd];W[ff])", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ result: "B+R", end: { reason: "resignation", atMove: 4 } });
  });

  it("referee - refuses standard input over 16 MB in one line", () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, [MAIN, "referee", "-"], { cwd: ROOT, env, encoding: "utf8",
      input: "(;GM[1]SZ[9]C[" + "x".repeat(17 * 1024 * 1024) + "])", timeout: 60_000, maxBuffer: 1 << 26 });
    expectOneLineError({ status: r.status, stdout: r.stdout, stderr: r.stderr }, /standard input holds more than 16777216 bytes/);
  });
});

describe("arbiter rules", () => {
  it("--json prints all ten presets as knob objects", () => {
    const r = arbiter("rules", "--json");
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).sort()).toEqual([...PRESET_NAMES].sort());
    for (const name of PRESET_NAMES) {
      expect(j[name].name).toBe(name);
      expect(typeof j[name].komi).toBe("number");
      for (const knob of ["suicide", "ko", "end", "scoring", "tie"]) expect(typeof j[name][knob]).toBe("string");
      // the first round's pass knob, which nothing read, is gone (what a pass is follows from end)
      expect(j[name].pass).toBeUndefined();
    }
    expect(j.ing).toMatchObject({ suicide: "multi-stone", komi: 8 });
  });

  it("one preset, and the plain listing", () => {
    const one = arbiter("rules", "ing", "--json");
    expect(one.status, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ name: "ing", ko: "ing" });
    const plain = arbiter("rules");
    expect(plain.status).toBe(0);
    for (const name of PRESET_NAMES) expect(plain.stdout).toContain(name);
  });
});

describe("arbiter playouts", () => {
  it("--json has size/games/moves/ms/playoutsPerSec and the same moves for the same seed", () => {
    const args = ["playouts", "--size", "9", "--games", "200", "--seed", "3", "--json"];
    const a = arbiter(...args);
    expect(a.status, a.stderr).toBe(0);
    const j = JSON.parse(a.stdout);
    expect(j.size).toBe(9);
    expect(j.games).toBe(200);
    for (const k of ["moves", "ms", "playoutsPerSec"]) expect(typeof j[k]).toBe("number");
    expect(j.moves).toBeGreaterThan(200);
    const b = JSON.parse(arbiter(...args).stdout);
    expect(b.moves).toBe(j.moves);
  });
});

describe("bad input: one line naming the problem, no stack, non-zero exit", () => {
  it("missing file", () => {
    expectOneLineError(arbiter("referee", `${BAD}/no-such-game.sgf`), /cannot read .*no-such-game\.sgf: no such file/);
  });

  it("a directory instead of a file", () => {
    expectOneLineError(arbiter("referee", BAD), /cannot read/);
  });

  it("malformed SGF: unclosed tree and unclosed value", () => {
    expectOneLineError(arbiter("referee", `${BAD}/unclosed-tree.sgf`), /broken SGF: .*not closed by "\)"/);
    expectOneLineError(arbiter("referee", `${BAD}/unclosed-value.sgf`), /broken SGF: .*value is not closed/);
  });

  it("SZ[0] and SZ[52]", () => {
    expectOneLineError(arbiter("referee", `${BAD}/sz0.sgf`), /SZ\[0\] is not supported/);
    expectOneLineError(arbiter("referee", `${BAD}/sz52.sgf`), /SZ\[52\] is not supported/);
  });

  it("an unknown RU in the record and no --rules", () => {
    expectOneLineError(arbiter("referee", `${BAD}/unknown-ru.sgf`), /unknown rules RU\[Frobnitz\].*--rules/);
  });

  it("unknown --rules", () => {
    expectOneLineError(arbiter("referee", EXAMPLE, "--rules", "bogus"), /unknown rule set "bogus"/);
    expectOneLineError(arbiter("rules", "bogus"), /unknown rule set "bogus"/);
  });

  it("unknown knob value and unknown knob", () => {
    expectOneLineError(arbiter("referee", EXAMPLE, "--ko", "bogus"), /"bogus" for knob ko/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--suicide", "sometimes"), /"sometimes" for knob suicide/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--rules-json", '{"name":"ing","frob":1}'), /unknown knob "frob"/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--rules-json", '{"name":"new-ing","pass":"null"}'), /no knob "pass": what a pass is follows from end/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--rules-json", "{not json"), /--rules-json is not valid JSON/);
  });

  it("arbiter worker: no --queue, a bad --workers or --lock-seconds, a queue that is not redis://", () => {
    expectOneLineError(arbiter("worker"), /required option '--queue <url>' not specified/);
    expectOneLineError(arbiter("worker", "--queue", "redis://127.0.0.1:1", "--workers", "0"), /--workers takes a whole number from 1 to 64, got "0"/);
    expectOneLineError(arbiter("worker", "--queue", "redis://127.0.0.1:1", "--lock-seconds", "x"), /--lock-seconds takes a whole number from 1 to 3600, got "x"/);
    expectOneLineError(arbiter("worker", "--queue", "redis://127.0.0.1:99999"), /--queue redis:\/\/127\.0\.0\.1:99999: /);
    expectOneLineError(arbiter("corpus", EXAMPLE, "--queue", "redis://127.0.0.1:6379/99"), /the database must be a number from 0 to 15/);
  });

  it("unknown option, unknown command, a misspelt option (the hint stays on the same line)", () => {
    expectOneLineError(arbiter("referee", EXAMPLE, "--frob"), /unknown option '--frob'/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--komii", "7"), /unknown option '--komii'.*--komi/);
    expectOneLineError(arbiter("refere", EXAMPLE), /unknown command 'refere'/);
    expectOneLineError(arbiter("referee"), /missing required argument/);
  });

  it("--komi abc", () => {
    expectOneLineError(arbiter("referee", EXAMPLE, "--komi", "abc"), /--komi takes a number, got "abc"/);
  });

  it("playouts: --games 0, --size 52, --seed -1, --ko bogus", () => {
    expectOneLineError(arbiter("playouts", "--games", "0"), /--games takes a whole number .*got "0"/);
    expectOneLineError(arbiter("playouts", "--size", "52"), /--size takes a whole number from 2 to 19, got "52"/);
    expectOneLineError(arbiter("playouts", "--seed", "-1"), /--seed .*got "-1"/);
    expectOneLineError(arbiter("playouts", "--ko", "bogus"), /--ko .*got "bogus"/);
  });

  it("--dead Z99 and --dead on an empty point", () => {
    expectOneLineError(arbiter("referee", EXAMPLE, "--dead", "Z99"), /--dead: bad point "Z99"/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--dead", "J20"), /--dead: point J20 is off the 9x9 board/);
    expectOneLineError(arbiter("referee", EXAMPLE, "--dead", "A1"), /--dead A1: there is no stone at A1/);
  });

  it("a 20 MB file is refused by size; a 10 MB comment in a file under the limit is read", () => {
    const dir = mkdtempSync(join(tmpdir(), "arbiter-cli-"));
    try {
      const big = join(dir, "big.sgf");
      writeFileSync(big, `(;SZ[19]C[${"x".repeat(20 * 1024 * 1024)}])`);
      expectOneLineError(arbiter("referee", big), /big\.sgf is \d+ bytes: game records over \d+ bytes are refused/);
      const long = join(dir, "long-comment.sgf");
      writeFileSync(long, `(;SZ[19]C[${"x".repeat(10 * 1024 * 1024)}];B[dd])`);
      // (issue: hardened input, 12: a 4 MB value was refused although 16 MB files were accepted)
      const r = arbiter("referee", long, "--json");
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).moves).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an off-board move: exit 3, one line naming the move; JSON legal:false, reason off-board", () => {
    const r = arbiter("referee", `${BAD}/off-board.sgf`);
    expect(r.status).toBe(3);
    expectOneLine(r.stderr, /move 2 \(W \[jj\]\) is illegal: off-board/);
    expect(r.stdout).toMatch(/illegal/);
    const j = arbiter("referee", `${BAD}/off-board.sgf`, "--json");
    expect(j.status).toBe(3);
    expectOneLine(j.stderr, /move 2 .*jj.* off-board/);
    const out = JSON.parse(j.stdout);
    expect(out.moves).toHaveLength(2);
    expect(out.moves[1]).toMatchObject({ n: 2, color: "W", legal: false, reason: "off-board" });
    expect(out.end).toMatchObject({ reason: "illegal-move", atMove: 2 });
  });

  it("an occupied point: exit 3, one line naming the move; JSON legal:false, reason occupied", () => {
    const r = arbiter("referee", `${BAD}/occupied.sgf`);
    expect(r.status).toBe(3);
    expectOneLine(r.stderr, /move 3 \(B G3\) is illegal: occupied/);
    const j = arbiter("referee", `${BAD}/occupied.sgf`, "--json");
    expect(j.status).toBe(3);
    const out = JSON.parse(j.stdout);
    expect(out.moves[2]).toMatchObject({ n: 3, color: "B", point: "G3", legal: false, reason: "occupied" });
    expect(out.end).toMatchObject({ reason: "illegal-move", atMove: 3 });
  });
});

describe("arbiter prove: bad input is one line, exit 2", () => {
  const F = "test/fixtures/prove/square-four.sgf"; // White's target at C9 (SGF ca)
  it("works on a good request (control)", () => {
    const r = arbiter("prove", F, "--target", "C9", "--rules", "chinese", "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe("dead");
  });
  const cases: [string, string[], RegExp][] = [
    ["no --target", [], /required option '--target/],
    ["a target on an empty point", ["--target", "A9"], /target A9 is an empty point/],
    ["a target off the board", ["--target", "Z99"], /bad point "Z99"|off the/],
    ["stones of both colours", ["--target", "C9,D9"], /one colour/],
    ["--time 0", ["--target", "C9", "--time", "0"], /--time takes seconds/],
    ["--time abc", ["--target", "C9", "--time", "abc"], /--time takes seconds/],
    ["--max-nodes 0", ["--target", "C9", "--max-nodes", "0"], /--max-nodes takes a whole number/],
    ["--workers 0", ["--target", "C9", "--workers", "0"], /--workers takes a whole number/],
    ["--to-move X", ["--target", "C9", "--to-move", "X"], /--to-move takes B or W/],
    ["--moves past the record", ["--target", "C9", "--moves", "5"], /--moves takes a whole number/],
    ["an unknown rule set", ["--target", "C9", "--rules", "bogus"], /unknown rule set "bogus"/],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => expectOneLineError(arbiter("prove", F, ...args), message));
  }
  it("a broken SGF", () => expectOneLineError(arbiter("prove", "test/fixtures/bad/unclosed-tree.sgf", "--target", "A1"), /broken SGF/));
});

describe("bench/simulate.js refuses bad options with one line", () => {
  it("--size, --games and --rounds out of range or not whole numbers", () => {
    for (const [args, what] of [[["--rounds", "x"], /--rounds takes a whole number from 1 to 1000, got "x"/],
      [["--rounds", "0"], /--rounds takes a whole number/], [["--size", "20"], /--size takes a whole number from 2 to 19, got "20"/],
      [["--games", "1.5"], /--games takes a whole number/], [["--games"], /--games takes a whole number .*got ""/]] as const) {
      const r = spawnSync(process.execPath, [join(ROOT, "dist", "bench", "simulate.js"), ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(what);
    }
  });
});

describe("bench/referee.js refuses bad options with one line", () => {
  const bench = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, "dist", "bench", "referee.js"), ...args],
    { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  it("--games that is not a whole number, and a --baseline that is no built dist/", () => {
    for (const [args, what] of [[["--games", "abc"], /--games takes a whole number from 1 to 1000, got "abc"/],
      [["--games", "0"], /--games takes a whole number/], [["--baseline", "/nonexistent"], /--baseline \/nonexistent: not a built dist\//]] as const) {
      const r = bench(...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(what);
    }
  });
});
