// The HTTP API (`arbiter serve`, DESIGN.md 3) in this process, over loopback: the same input
// gives byte-identical JSON through the command line and HTTP; every bad request is a 4xx whose
// message names the field; proofs run in the pool (the event loop keeps answering), the queue is
// bounded, a client that goes away cancels its search, and shutdown finishes or cancels work.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer, type ArbiterServer } from "../src/server/app.js";
import { readSgf } from "../src/sgf/read.js";
import { indexToGtp } from "../src/core/coords.js";
import { ROOT, arbiter, request } from "./helpers/serve.js";

const fixture = (p: string) => join(ROOT, "test", "fixtures", p);
const sgfOf = (p: string) => readFileSync(fixture(p), "utf8");
const noTime = (s: string) => s.replace(/"timeMs":\d+/g, '"timeMs":0');

let server: ArbiterServer;
let url: string;
let tmp: string;

async function start(opts: Parameters<typeof buildServer>[0]): Promise<{ server: ArbiterServer; url: string }> {
  const s = await buildServer(opts);
  const address = await s.app.listen({ host: "127.0.0.1", port: 0 });
  return { server: s, url: address };
}

beforeAll(async () => {
  ({ server, url } = await start({ threads: 2, maxQueue: 4 }));
  tmp = mkdtempSync(join(tmpdir(), "arbiter-api-"));
});

afterAll(async () => {
  await server?.shutdown(100);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** [fixture, CLI options, the same as request fields] */
const REFEREE_CASES: [string, string[], Record<string, unknown>][] = [
  ["example.sgf", [], {}],
  ["example.sgf", ["--rules", "japanese"], { rules: "japanese" }],
  ["example.sgf", ["--rules", "ing", "--komi", "6.5"], { rules: "ing", komi: 6.5 }],
  ["example.sgf", ["--rules-json", '{"name":"chinese","ko":"ssk","komi":7}'], { rules: { name: "chinese", ko: "ssk", komi: 7 } }],
  ["example.sgf", ["--dead", "E9"], { dead: ["E9"] }],
  ["example.sgf", ["--rules", "ing", "--time", "10800,pp", "--time-used", "B:10200,W:13200"], { rules: "ing", time: "10800,pp", timeUsed: "B:10200,W:13200" }],
  ["cycles/triple-ko.sgf", ["--rules", "ing"], { rules: "ing" }],
  ["cycles/triple-ko.sgf", ["--rules", "chinese"], { rules: "chinese" }],
  ["cycles/double-ko.sgf", ["--rules", "japanese"], { rules: "japanese" }],
  ["cycles/eternal-life.sgf", ["--rules", "zhang"], { rules: "zhang" }],
  ["rules/foul-occupied.sgf", [], {}],
  ["rules/newing-laziness.sgf", ["--rules", "new-ing"], { rules: "new-ing" }],
  ["rules/grand-phases.sgf", ["--rules", "grand"], { rules: "grand" }],
];

describe("the same JSON through the command line and HTTP", () => {
  it.each(REFEREE_CASES)("referee %s %j", async (file, args, fields) => {
    const cli = arbiter("referee", fixture(file), "--json", ...args);
    expect(cli.stdout.length, cli.stderr).toBeGreaterThan(0);
    const http = await request(`${url}/v1/referee`, { sgf: sgfOf(file), ...fields });
    expect(http.status, http.text).toBe(200);
    expect(http.text).toBe(cli.stdout);
  });

  it("referee --dead auto (proofs in a search thread): the same JSON but for the time taken", async () => {
    const cli = arbiter("referee", fixture("server/corner.sgf"), "--dead", "auto", "--json");
    const http = await request(`${url}/v1/referee`, { sgf: sgfOf("server/corner.sgf"), dead: "auto" });
    expect(http.status, http.text).toBe(200);
    // a search cut by its time budget also differs in the nodes it reached
    const noBudget = (s: string) => noTime(s).replace(/"nodes":\d+/g, '"nodes":0').replace(/"positions":\d+/g, '"positions":0');
    expect(noBudget(http.text)).toBe(noBudget(cli.stdout));
    expect(http.json.dead.sort()).toEqual(["A3", "B3", "C1", "C2", "C3"]);
  });

  it("a move list gives the JSON of the equivalent SGF (setup, first player, komi, rules)", async () => {
    for (const file of ["example.sgf", "cycles/triple-ko.sgf", "cycles/basic-ko.sgf", "rules/suicide-multi.sgf"]) {
      const rec = readSgf(sgfOf(file));
      const v = (x: number, y: number) => indexToGtp(y * rec.width + x, rec.width, rec.height);
      const moves = rec.moves.map((m) => [m.color, m.x === null ? "pass" : v(m.x, m.y!)]);
      const initialStones: [string, string][] = [];
      rec.setup.forEach((c, i) => { if (c) initialStones.push([c === 1 ? "B" : "W", indexToGtp(i, rec.width, rec.height)]); });
      // the same game as SGF without the record's RU, KM and RE
      const pt = (i: number) => String.fromCharCode(97 + (i % rec.width), 97 + Math.floor(i / rec.width));
      const ab = [...rec.setup.keys()].filter((i) => rec.setup[i] === 1).map((i) => `[${pt(i)}]`).join("");
      const aw = [...rec.setup.keys()].filter((i) => rec.setup[i] === 2).map((i) => `[${pt(i)}]`).join("");
      const sgf = `(;GM[1]FF[4]SZ[${rec.width}:${rec.height}]${ab ? `AB${ab}` : ""}${aw ? `AW${aw}` : ""}` +
        `${rec.toMove ? `PL[${rec.toMove}]` : ""}${rec.moves.map((m) => `;${m.color}[${m.raw}]`).join("")})`;
      const path = join(tmp, "moves.sgf");
      writeFileSync(path, sgf);
      const cli = arbiter("referee", path, "--json", "--rules", "aga", "--komi", "5.5");
      const body: Record<string, unknown> = { moves, boardXSize: rec.width, boardYSize: rec.height, rules: "aga", komi: 5.5 };
      if (initialStones.length) body.initialStones = initialStones;
      if (rec.toMove) body.initialPlayer = rec.toMove;
      const http = await request(`${url}/v1/referee`, body);
      expect(http.status, http.text).toBe(200);
      expect(http.text, file).toBe(cli.stdout);
    }
  });

  it("prove: the same JSON but for the time taken", async () => {
    for (const [args, fields] of [
      [[], {}],
      [["--rules", "ing", "--to-move", "W"], { rules: "ing", toMove: "W" }],
      [["--rules", "japanese", "--max-nodes", "50000"], { rules: "japanese", maxNodes: 50000 }],
    ] as [string[], Record<string, unknown>][]) {
      const cli = arbiter("prove", fixture("server/corner.sgf"), "--target", "A3", "--json", ...args);
      expect(cli.status, cli.stderr).toBe(0);
      const http = await request(`${url}/v1/prove`, { sgf: sgfOf("server/corner.sgf"), target: ["A3"], ...fields });
      expect(http.status, http.text).toBe(200);
      expect(noTime(http.text)).toBe(noTime(cli.stdout));
      expect(http.json.verdict).toBe("dead");
    }
  });

  it("simulate: the same JSON but for the time taken and the rates", async () => {
    const noRates = (text: string) => {
      const { ms: _ms, cpuMs: _c, gamesPerSec: _g, gamesPerSecPerThread: _t, ...rest } = JSON.parse(text);
      return rest;
    };
    const cli = arbiter("simulate", "--rules", "ing,chinese", "--size", "7", "--games", "120", "--seed", "5", "--workers", "1", "--json");
    expect(cli.status, cli.stderr).toBe(0);
    const http = await request(`${url}/v1/simulate`, { rules: ["ing", "chinese"], size: 7, games: 120, seed: 5 });
    expect(http.status, http.text).toBe(200);
    expect(noRates(http.text)).toEqual(noRates(cli.stdout));
    expect(http.json).toMatchObject({ gamesDone: 120, interrupted: false, rulesOrder: ["ing", "chinese"] });
    // a time budget cuts a long run short and says so
    const cut = await request(`${url}/v1/simulate`, { rules: "ing,chinese", games: 100000, seconds: 0.5 });
    expect(cut.status, cut.text).toBe(200);
    expect(cut.json.interrupted).toBe(true);
  });

  it("rules: every preset, and one", async () => {
    expect((await request(`${url}/v1/rules`)).text).toBe(arbiter("rules", "--json").stdout);
    const ing = arbiter("rules", "ing", "--json").stdout;
    expect((await request(`${url}/v1/rules/ing`)).text).toBe(ing);
    expect((await request(`${url}/v1/rules?name=ing`)).text).toBe(ing);
  });
});

describe("requests", () => {
  it("position: the stones after the moves, for the dispute page", async () => {
    const r = await request(`${url}/v1/position`, { sgf: sgfOf("server/corner.sgf") });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ size: { width: 9, height: 9 }, toMove: "B", moves: 0, rules: "chinese" });
    expect(r.json.stones.W.sort()).toEqual(["A3", "B3", "C1", "C2", "C3"]);
    expect(r.json.stones.B).toHaveLength(7);
  });

  it("openapi.json describes every route with the schemas the routes validate with", async () => {
    const r = await request(`${url}/v1/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe("3.1.0");
    for (const p of ["/v1/referee", "/v1/prove", "/v1/simulate", "/v1/rules", "/healthz"]) expect(r.json.paths).toHaveProperty([p]);
    const schema = r.json.paths["/v1/prove"].post.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(["target"]);
    expect(schema.properties.maxNodes.maximum).toBe(server.limits.maxNodes);
  });

  it("the dispute page is served at /", async () => {
    const r = await request(`${url}/`);
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/<title>arbiter: dispute<\/title>/);
  });

  const BAD: [string, string, unknown, RegExp, number?][] = [
    ["referee", "no game", {}, /sgf.*moves|game is missing/],
    ["referee", "both sgf and moves", { sgf: "(;SZ[9])", moves: [] }, /either as sgf or as moves/],
    ["referee", "sgf of the wrong type", { sgf: 5 }, /field "sgf" must be string/],
    ["referee", "moves as a string", { moves: "D4" }, /field "moves" must be array/],
    ["referee", "a move of three items", { moves: [["B", "D4", "x"]] }, /field "moves\[0\]" must NOT have more than 2 items/],
    ["referee", "a vertex that is a number", { moves: [["B", 4]] }, /field "moves\[0\]\[1\]" must be string/],
    ["referee", "a vertex off the board", { moves: [["B", "T20"]], boardXSize: 9 }, /moves\[0\].*off the 9x9 board/],
    ["referee", "a bad colour", { moves: [["X", "D4"]] }, /moves\[0\]\[0\].*colour/],
    ["referee", "a board too large", { moves: [], boardXSize: 25 }, /field "boardXSize" must be <= 19/],
    ["referee", "a board size of 1e308", { moves: [], boardXSize: 1e308 }, /field "boardXSize" must be/],
    ["referee", "a fractional board size", { moves: [], boardXSize: 9.5 }, /field "boardXSize" must be integer/],
    ["referee", "komi as a string", { moves: [], komi: "7" }, /field "komi" must be number/],
    ["referee", "a time control that is no number", { moves: [], time: "abc", timeUsed: "B:1,W:1" }, /time base time: "abc" is not a number of seconds/],
    ["referee", "a time control as a number", { moves: [], time: 3600 }, /field "time" must be string/],
    ["referee", "time used for one player only", { moves: [], time: "3600", timeUsed: "B:10" }, /timeUsed needs both players/],
    ["referee", "komi out of range", { moves: [], komi: 1e9 }, /field "komi" must be <= 1000/],
    ["referee", "an unknown rule set", { moves: [], rules: "klingon" }, /unknown rule set "klingon"/],
    ["referee", "rules of the wrong type", { moves: [], rules: 7 }, /field "rules" must be string,object/],
    ["referee", "a bad knob", { moves: [], rules: { ko: "sometimes" } }, /knob ko/],
    ["referee", "an unknown knob", { moves: [], rules: { colour: "blue" } }, /unknown knob "colour"/],
    ["referee", "an unknown field", { moves: [], rulez: "ing" }, /unknown field "rulez"/],
    ["referee", "a broken SGF", { sgf: "(;SZ[9];B[dd]" }, /broken SGF/],
    ["referee", "an SGF of garbage", { sgf: "hello" }, /broken SGF/],
    ["referee", "an unsupported SGF size", { sgf: "(;SZ[52])" }, /SZ\[52\] is not supported/],
    ["referee", "a dead stone on an empty point", { moves: [["B", "D4"]], rules: "chinese", dead: ["E5"] }, /no stone at E5/],
    ["referee", "setup fields with SGF", { sgf: "(;SZ[9])", boardXSize: 9 }, /boardXSize goes with moves/],
    ["referee", "too many moves", { moves: Array.from({ length: 5000 }, (_, i) => [i % 2 ? "W" : "B", "pass"]) }, /field "moves" must NOT have more than 4096 items/],
    ["prove", "no target", { sgf: "(;SZ[9]AB[dd])" }, /field "target" is required/],
    ["prove", "a target on an empty point", { sgf: "(;SZ[9]AB[dd])", target: "E5" }, /target E5 is an empty point/],
    ["prove", "a target off the board", { sgf: "(;SZ[9]AB[dd])", target: ["Z9"] }, /bad point "Z9"/],
    ["prove", "a node budget over the limit", { sgf: "(;SZ[9]AB[dd])", target: "D6", maxNodes: 1e20 }, /field "maxNodes" must be <= 20000000/],
    ["prove", "a negative time budget", { sgf: "(;SZ[9]AB[dd])", target: "D6", seconds: -1 }, /field "seconds" must be > 0/],
    ["prove", "a time budget over the limit", { sgf: "(;SZ[9]AB[dd])", target: "D6", seconds: 3600 }, /field "seconds" must be <= 60/],
    ["prove", "toMove of the wrong value", { sgf: "(;SZ[9]AB[dd])", target: "D6", toMove: "X" }, /field "toMove" must be one of/],
    ["prove", "atMove past the record", { sgf: "(;SZ[9]AB[dd])", target: "D6", atMove: 3 }, /atMove takes a whole number from 0 to 0/],
    ["referee", "atMove past the record", { sgf: "(;SZ[9];B[dd];W[ee])", atMove: 3 }, /atMove takes a whole number from 0 to 2, got 3/],
    ["referee", "territory not a boolean", { sgf: "(;SZ[9])", territory: "yes" }, /field "territory" must be boolean/],
    ["position", "atMove past the record", { sgf: "(;SZ[9];B[dd])", atMove: 5 }, /atMove takes a whole number from 0 to 1, got 5/],
    ["prove", "proof not a boolean", { sgf: "(;SZ[9]AB[dd])", target: "D6", proof: 1 }, /field "proof" must be boolean/],
    ["simulate", "no rules", { games: 10 }, /field "rules" is required/],
    ["simulate", "too many games", { rules: "ing", games: 1e12 }, /field "games" must be <= /],
    ["simulate", "an unknown rule set", { rules: ["ing", "klingon"], games: 10 }, /unknown rule set "klingon"/],
    ["simulate", "a rule set twice", { rules: "ing,ing", games: 10 }, /rules names ing twice/],
    ["simulate", "an unknown policy", { rules: "ing", games: 10, policy: "smart" }, /field "policy" must be one of/],
  ];

  it.each(BAD)("%s: %s is a 400 naming the problem", async (route, _what, body, message, status = 400) => {
    const r = await request(`${url}/v1/${route}`, body);
    expect(r.status, r.text).toBe(status);
    expect(r.json, r.text).toMatchObject({ status });
    expect(r.json.error).toMatch(message);
  });

  it("broken JSON, an empty body, a wrong content type, a large body, an unknown route: 4xx", async () => {
    const post = (body: string, type = "application/json") => request(`${url}/v1/referee`, undefined,
      { method: "POST", headers: { "content-type": type }, body });
    expect((await post("{\"sgf\":")).status).toBe(400);
    expect((await post("")).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    expect((await post("null")).status).toBe(400);
    expect((await post("{\"__proto__\":{\"x\":1}}")).status).toBe(400);
    expect((await post("(;SZ[9])", "application/x-go-sgf")).status).toBe(415);
    expect((await post(JSON.stringify({ sgf: "x".repeat(2 << 20) }))).status).toBe(413);
    expect((await request(`${url}/v1/nothing`)).status).toBe(404);
    expect((await request(`${url}/v1/referee`)).status).toBe(405); // a POST route asked with GET
  });
});

describe("searches in the pool", () => {
  it("/healthz and referee answer while a proof runs; the proof answers unknown when its budget is spent", async () => {
    const proof = request(`${url}/v1/prove`, { sgf: sgfOf("server/open.sgf"), target: "E5", seconds: 2 });
    // wait until the search is running
    for (let i = 0; i < 100 && server.pool.stats.running === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.pool.stats.running).toBe(1);
    const health = await request(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.json.searches.running).toBe(1);
    expect(health.ms).toBeLessThan(500);
    const ruling = await request(`${url}/v1/referee`, { sgf: sgfOf("example.sgf") });
    expect(ruling.status).toBe(200);
    expect(ruling.ms).toBeLessThan(1000);
    const r = await proof;
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ verdict: "unknown", complete: false });
    expect(r.ms).toBeGreaterThan(1500);
  });

  it("a large SGF is parsed in a search thread: the same JSON, and /healthz answers meanwhile", async () => {
    const padded = sgfOf("example.sgf").replace("C[", `C[${"a long comment. ".repeat(1500)}`);
    const path = join(tmp, "padded.sgf");
    writeFileSync(path, padded);
    const finished = server.pool.stats.finished;
    const http = await request(`${url}/v1/referee`, { sgf: padded });
    expect(http.text).toBe(arbiter("referee", path, "--json").stdout);
    expect(server.pool.stats.finished).toBe(finished + 1);
    // 90,000 empty nodes (the reader takes up to 100,000 a game tree)
    const slow = request(`${url}/v1/referee`, { sgf: `(;SZ[19]${";".repeat(90_000)})` });
    for (let i = 0; i < 200 && server.pool.stats.running === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const health = await request(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(500);
    expect((await slow).status).toBe(200);
    expect(server.pool.stats.finished).toBe(finished + 2);
  });

  it("a full queue answers 503 at once", async () => {
    const s = await start({ threads: 1, maxQueue: 0 });
    try {
      const first = request(`${s.url}/v1/prove`, { sgf: sgfOf("server/open.sgf"), target: "E5", seconds: 1 });
      for (let i = 0; i < 100 && s.server.pool.stats.running === 0; i++) await new Promise((r) => setTimeout(r, 10));
      const second = await request(`${s.url}/v1/prove`, { sgf: sgfOf("server/corner.sgf"), target: "A3" });
      expect(second.status, second.text).toBe(503);
      expect(second.json.error).toMatch(/busy.*try again/);
      expect(second.ms).toBeLessThan(500);
      expect((await first).status).toBe(200);
      // the queue has room again
      expect((await request(`${s.url}/v1/prove`, { sgf: sgfOf("server/corner.sgf"), target: "A3" })).json.verdict).toBe("dead");
    } finally {
      await s.server.shutdown(100);
    }
  });

  it("a client that goes away cancels its search", async () => {
    const abort = new AbortController();
    const gone = request(`${url}/v1/prove`, { sgf: sgfOf("server/open.sgf"), target: "E5", seconds: 30 }, { signal: abort.signal })
      .catch((e: Error) => e);
    for (let i = 0; i < 100 && server.pool.stats.running === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.pool.stats.running).toBe(1);
    abort.abort();
    expect(await gone).toBeInstanceOf(Error);
    const t0 = performance.now();
    while (server.pool.stats.running > 0 && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(server.pool.stats.running).toBe(0);
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it("shutdown lets work in flight finish within the grace time, then cancels it, and closes", async () => {
    const s = await start({ threads: 1, maxQueue: 2 });
    const quick = request(`${s.url}/v1/prove`, { sgf: sgfOf("server/corner.sgf"), target: "A3" });
    const long = request(`${s.url}/v1/prove`, { sgf: sgfOf("server/open.sgf"), target: "E5", seconds: 30 });
    for (let i = 0; i < 1000 && s.server.pool.stats.running + s.server.pool.stats.queued < 2; i++) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    // (a grace the quick search ends in even on a loaded machine, so that the long one runs
    // before it ends: with 300 ms, both cores busy, it was still queued and got a 503)
    await s.server.shutdown(2000);
    expect(performance.now() - t0).toBeLessThan(8000);
    expect((await quick).json.verdict).toBe("dead");
    const cancelled = await long;
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ verdict: "unknown", complete: false });
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  });
});
