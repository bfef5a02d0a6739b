// Fuzzing in the suite (issue: hardened input): generated SGF texts (from a grammar, then cut,
// doubled and spliced), rule and knob names, HTTP bodies and GTP lines go through the reader,
// the referee, the prover, the server and the GTP engine. Whatever the input, the answer is a
// result or an ArbiterError (the command's exit 2: one line naming the problem), an HTTP 4xx, or
// a GTP "?" reply; never an internal error, a 500, a hang. A fixed seed here; `npm run fuzz`
// runs many more (FUZZ_RUNS, FUZZ_SEED) and prints the time and memory figures.
import { describe, expect, beforeAll, afterAll, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { ArbiterError } from "../src/errors.js";
import { readSgf, readSgfCollection } from "../src/sgf/read.js";
import { proveRecord, refereeRecord } from "../src/api/operations.js";
import { resolveRules } from "../src/rules/resolve.js";
import { GtpEngine, parseLine } from "../src/gtp/engine.js";
import { buildServer, type ArbiterServer } from "../src/server/app.js";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const opts = (runs = RUNS) => ({ numRuns: runs, seed: SEED, endOnFailure: true });
/** vitest's time for one property: its runs at a generous 20 ms each, at least a minute */
const LIMIT = Math.max(60_000, RUNS * 20);

// what `npm run fuzz` reports: inputs per property, the slowest one, and the process's peak RSS
const figures = new Map<string, { inputs: number; maxMs: number; maxChars: number }>();
function record(what: string, chars: number, ms: number): void {
  const fig = figures.get(what) ?? { inputs: 0, maxMs: 0, maxChars: 0 };
  fig.inputs++;
  fig.maxMs = Math.max(fig.maxMs, ms);
  fig.maxChars = Math.max(fig.maxChars, chars);
  figures.set(what, fig);
}
function timed<T>(what: string, chars: number, f: () => T): T {
  const t0 = performance.now();
  try {
    return f();
  } finally {
    record(what, chars, performance.now() - t0);
  }
}
// under `npm run fuzz`, the longest texts also go through the command itself, whose peak RSS
// (GNU time's %M) must stay under 256 MB: the process of this file holds fast-check's values too
const MAIN = fileURLToPath(new URL("../dist/src/cli/main.js", import.meta.url));
const TIME = "/usr/bin/time";
let commandRuns = 0;
let commandPeakKb = 0;
let scratch = "";
function throughCommand(text: string): void {
  if (!process.env.FUZZ_RUNS || text.length < 100_000 || commandRuns >= 300 || !existsSync(TIME)) return;
  scratch ||= mkdtempSync(join(tmpdir(), "arbiter-fuzz-"));
  const file = join(scratch, "input.sgf");
  writeFileSync(file, text);
  const r = spawnSync(TIME, ["-f", "%M", process.execPath, MAIN, "referee", file], { encoding: "utf8", timeout: 60_000 });
  const kb = Number(/(\d+)\s*$/.exec(r.stderr)?.[1] ?? NaN);
  commandRuns++;
  commandPeakKb = Math.max(commandPeakKb, kb);
  expect([0, 2, 3], r.stderr.slice(0, 300)).toContain(r.status);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(kb).toBeLessThan(256 * 1024);
}

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (!process.env.FUZZ_RUNS) return;
  if (commandRuns) console.log(`fuzz: ${commandRuns} texts over 100,000 characters through \`arbiter referee\`: peak RSS ${(commandPeakKb / 1024).toFixed(0)} MB`);
  const rows = [...figures].map(([k, f]) => `  ${k}: ${f.inputs} inputs, slowest ${f.maxMs.toFixed(1)} ms, longest ${f.maxChars} characters`);
  console.log(`fuzz (seed ${SEED}, ${RUNS} runs a property):\n${rows.join("\n")}\n  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
});

// ---- an SGF grammar, and ways to break its texts ---------------------------------------------
const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
const point = fc.tuple(letter, letter).map(([a, b]) => a + b);
const anyValue = fc.string({ maxLength: 12, unit: fc.constantFrom(..."ab]\\:[();\n\r xZ1.+-\u00e9") });
const value = fc.oneof(
  point, fc.constant(""), fc.constant("tt"), fc.tuple(point, point).map(([a, b]) => `${a}:${b}`),
  fc.integer({ min: -3, max: 30 }).map(String), fc.constantFrom("9", "19", "13:9", "7.5", "B+R", "W+3.5", "Japanese", "Chinese", "ing", "constructor", "__proto__"),
  anyValue,
);
const ident = fc.constantFrom("B", "W", "AB", "AW", "AE", "SZ", "KM", "HA", "PL", "RU", "RE", "C", "TB", "TW", "DD", "BL", "WL", "OB", "OW", "TM", "OT", "GM", "FF", "x", "constructor", "toString");
const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/]/g, "\\]");
const prop = fc.tuple(ident, fc.array(value, { minLength: 1, maxLength: 3 })).map(([k, vs]) => k + vs.map((v) => `[${escape(v)}]`).join(""));
const node = fc.array(prop, { maxLength: 4 }).map((ps) => ";" + ps.join(""));
const moveNode = fc.tuple(fc.constantFrom("B", "W"), fc.oneof(point, fc.constant(""))).map(([c, p]) => `;${c}[${p}]`);
// variations at most three deep (an unbounded tree of two children grows without end)
const tree: fc.Arbitrary<string> = fc.letrec((tie) => ({
  tree: fc.tuple(fc.array(fc.oneof({ weight: 3, arbitrary: moveNode }, { weight: 1, arbitrary: node }), { minLength: 1, maxLength: 30 }),
    fc.oneof({ maxDepth: 3, depthIdentifier: "variations" }, fc.constant([] as string[]), fc.array(tie("tree"), { minLength: 1, maxLength: 2 })))
    .map(([nodes, kids]) => `(${nodes.join("")}${(kids as string[]).join("")})`),
})).tree as fc.Arbitrary<string>;
const game = fc.tuple(fc.constantFrom("", ";SZ[9]", ";SZ[5]KM[0.5]", ";SZ[19]RU[Japanese]", ";SZ[7]AB[cc][dd]AW[ee]", ";SZ[9]RU[ing]HA[2]"), tree)
  .map(([root, t]) => root ? `(${root}${t.slice(1)}` : t);
/** A text cut, doubled, spliced or sprinkled with SGF's own characters. */
const broken = fc.tuple(game, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.constantFrom("", "(", ")", ";", "[", "]", "\\", "B[", "((((", "]]", "\u0000", "\ufeff")), { maxLength: 4 }))
  .map(([text, edits]) => edits.reduce((t, [at, cut, put]) => {
    const i = t.length ? at % t.length : 0;
    return t.slice(0, i) + put + t.slice(i + cut);
  }, text));
/** A game with one unit repeated thousands of times in its middle: the shapes that made the
 *  first reader quadratic or exhaust its memory (unclosed values, empty nodes, passes, setup). */
const flood = fc.tuple(game, fc.constantFrom("[", ";", "(", ")", "(;", ";B[aa]", ";B[tt];W[tt]", "AB[aa:ss]", "\\", "]", "(;B[aa]"),
  fc.integer({ min: 1000, max: 100_000 }))
  .map(([g, unit, n]) => g.slice(0, g.length >> 1) + unit.repeat(n) + g.slice(g.length >> 1));
const sgfText = fc.oneof({ weight: 2, arbitrary: game }, { weight: 3, arbitrary: broken }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: flood });

/** Runs f; an ArbiterError is an answer, anything else thrown is a failure of the property. */
function answered<T>(f: () => T): T | ArbiterError {
  try {
    return f();
  } catch (e) {
    if (e instanceof ArbiterError) return e;
    throw e;
  }
}
async function answeredAsync<T>(f: () => Promise<T>): Promise<T | ArbiterError> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof ArbiterError) return e;
    throw e;
  }
}

describe("fuzz: the SGF reader and the referee", () => {
  test.prop([sgfText], opts())("any text: records or ArbiterErrors, each message one line, in linear time", (text) => {
    const t0 = performance.now();
    const all = timed("read", text.length, () => answered(() => readSgfCollection(text)));
    // well under 2 s for any of these (under 1 MB); the first reader took 20 s on 100,000 "["
    expect(performance.now() - t0).toBeLessThan(2_000);
    if (all instanceof ArbiterError) expect(all.message).not.toContain("\n");
    else for (const g of all) if ("error" in g) expect(g.error).not.toContain("\n");
    const first = answered(() => readSgf(text));
    if (first instanceof ArbiterError) expect(first.message).not.toMatch(/\n|internal/);
    throughCommand(text);
  }, LIMIT);

  test.prop([sgfText, fc.constantFrom("japanese", "chinese", "ing", "new-ing", "zhang", "grand", "aga", "tromp-taylor")], opts())(
    "referee on any text under any preset: a ruling or an ArbiterError", (text, rules) => {
      const r = timed("referee", text.length, () => answered(() => refereeRecord(readSgf(text), { rules })));
      if (!(r instanceof ArbiterError)) expect(typeof r.result).toBe("string");
    }, LIMIT);

  test.prop([sgfText, point], opts(Math.max(20, Math.floor(RUNS / 5))))("prove on any text with a small budget", async (text, target) => {
    const t0 = performance.now();
    const r = await answeredAsync(() => proveRecord(readSgf(text), { target: `${"ABCDEFGHJ"[target.charCodeAt(0) % 9]}${1 + (target.charCodeAt(1) % 9)}`,
      maxNodes: "2000", time: "0.3", rules: "chinese" }));
    record("prove", text.length, performance.now() - t0);
    if (!(r instanceof ArbiterError)) expect(["dead", "alive", "unsettled", "ko", "seki", "unknown"]).toContain(r.out.verdict);
  }, LIMIT);
});

describe("fuzz: rule names and knobs", () => {
  const key = fc.oneof(fc.constantFrom("name", "komi", "ko", "suicide", "end", "scoring", "constructor", "__proto__", "toString", "pass", "laziness"), fc.string({ maxLength: 8 }));
  const val = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom("psk", "ing", "allowed", "true"));
  test.prop([fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("constructor", "__proto__", "hasOwnProperty", "JAPANESE", "ing")),
    fc.dictionary(key, val, { maxKeys: 4 }), fc.option(fc.string({ maxLength: 10 }))], opts())(
    "--rules, --rules-json and knob options: a rule set or an ArbiterError", (name, json, ru) => {
      for (const o of [{ rules: name }, { rulesJson: JSON.stringify(json) }, { rulesJson: name }, { komi: name, ko: name }]) {
        const r = answered(() => resolveRules(o, ru));
        if (!(r instanceof ArbiterError)) expect(typeof r.rules.name).toBe("string");
      }
    }, LIMIT);
});

describe("fuzz: GTP lines", () => {
  const word = fc.oneof(fc.constantFrom("play", "komi", "boardsize", "genmove", "undo", "clear_board", "is_legal", "final_score",
    "final_status_list", "arbiter-set-rules", "arbiter-referee", "loadsgf", "gogui-setup", "b", "w", "D4", "pass", "0x10", "1e3", "constructor",
    // (printsgf FILE writes a file: test/gtp-referee.test.ts has it)
    "reg_genmove", "fixed_handicap", "place_free_handicap", "set_free_handicap", "time_settings", "time_left", "gogui-analyze_commands",
    "9", "2", "-5000", "showboard", "captures"),
  fc.string({ maxLength: 6 }));
  const line = fc.tuple(fc.option(fc.nat({ max: 99 })), fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom("", "\r", "\t", " # c", "\u0001"))
    .map(([id, ws, tail]) => `${id ?? ""} ${ws.join(" ")}${tail}`);
  test.prop([fc.array(line, { minLength: 1, maxLength: 12 })], opts(Math.max(20, Math.floor(RUNS / 3))))("any lines: replies, never an internal error", async (lines) => {
    const engine = new GtpEngine({});
    for (const l of lines) {
      const cmd = parseLine(l);
      if (!cmd || !cmd.command) continue;
      const reply = await engine.execute(cmd.command, cmd.args);
      expect(reply.text).not.toMatch(/internal error/);
    }
  }, LIMIT);
});

let turnsAnswered = 0;
describe("fuzz: KataGo analysis queries", () => {
  const key = fc.oneof(fc.constantFrom("id", "moves", "initialStones", "initialPlayer", "rules", "komi", "boardXSize", "boardYSize",
    "analyzeTurns", "includeOwnership", "arbiterDead", "action", "maxVisits", "__proto__"), fc.string({ maxLength: 6 }));
  const move = fc.tuple(fc.constantFrom("B", "W", "b", "x", ""), fc.oneof(fc.constantFrom("D4", "A1", "pass", "(1,2)", "(30,0)", "T19", "Z9", ""),
    fc.string({ maxLength: 5 })));
  const value: fc.Arbitrary<unknown> = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 30 }), fc.double(), fc.boolean(),
    fc.constant(null), fc.array(move, { maxLength: 6 }), fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 4 }),
    fc.constantFrom("tromp-taylor", "new-zealand", "stone-scoring", "query_version", "auto"),
    fc.record({ ko: fc.constantFrom("SIMPLE", "POSITIONAL", "x"), scoring: fc.constantFrom("AREA", "TERRITORY"), tax: fc.constantFrom("NONE", "SEKI", "ALL") }));
  test.prop([fc.dictionary(key, value, { maxKeys: 8 }), fc.boolean()], opts())("any query: responses or KataGo-shaped errors, never a throw", async (q, small) => {
    const { answerLine } = await import("../src/api/analysis.js");
    // half the queries start from a valid one on a small board (the turns stay quick), fields
    // then overwritten at random; the others are the random fields alone
    const query = small ? { id: "q", moves: [["B", "C3"], ["W", "D4"], ["B", "pass"]], rules: "japanese", komi: 6.5, boardXSize: 5, boardYSize: 5,
      analyzeTurns: [0, 1, 2, 3], includeOwnership: true, ...q } : q;
    if (small && (typeof query.boardXSize !== "number" || query.boardXSize > 9)) query.boardXSize = 5;
    if (small && (typeof query.boardYSize !== "number" || query.boardYSize > 9)) query.boardYSize = 5;
    const out = timed("analysis query", JSON.stringify(query).length, () => answerLine(JSON.stringify(query)));
    expect(out.length).toBeGreaterThan(0);
    for (const l of out) {
      const r = JSON.parse(l) as Record<string, unknown>;
      expect(typeof r.error === "string" || typeof r.warning === "string" || typeof r.id === "string", l).toBe(true);
      if (typeof r.error === "string") expect(r.error).not.toMatch(/internal/);
      if (typeof r.turnNumber === "number") turnsAnswered++;
    }
  }, LIMIT);
  // the generator reaches queries that are answered, not only refused
  it("answered turns among them", () => { expect(turnsAnswered).toBeGreaterThan(RUNS / 10); });
});

describe("fuzz: HTTP bodies", () => {
  let server: ArbiterServer;
  beforeAll(async () => { server = await buildServer({ threads: 1, maxQueue: 64 }); });
  afterAll(async () => { await server?.shutdown(100); });
  const field = fc.oneof(fc.constantFrom("sgf", "moves", "rules", "dead", "komi", "target", "seconds", "size", "games", "toMove", "atMove",
    "territory", "proof", "id", "boardXSize", "analyzeTurns", "constructor", "__proto__"), fc.string({ maxLength: 6 }));
  const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: "small" }, sgfText, fc.string({ maxLength: 10 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
      fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(field, tie("v"), { maxKeys: 4 })),
  })).v;
  test.prop([fc.constantFrom("/v1/referee", "/v1/position", "/v1/prove", "/v1/simulate", "/v1/rules", "/v1/analysis"), fc.dictionary(field, json, { maxKeys: 5 }),
    fc.boolean()], opts(Math.max(20, Math.floor(RUNS / 3))))("any body: an answer, 4xx for a bad one, never a 500", async (url, body, raw) => {
    const res = await server.app.inject({ method: url === "/v1/rules" ? "GET" : "POST", url, headers: { "content-type": "application/json", host: "localhost:80" },
      payload: raw ? JSON.stringify(body).slice(0, 40) : JSON.stringify({ ...body, seconds: 0.2 }) });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  }, LIMIT);
});
