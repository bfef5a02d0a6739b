// KataGo's analysis protocol answered by the referee: `arbiter analysis` (JSON lines on stdin and
// stdout) and POST /v1/analysis, on the queries of KataGo's own documentation
// (test/fixtures/katago/) and on positions whose counts are worked by hand below.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, MAIN, request, spawnServer, type Child } from "./helpers/serve.js";
import { fromKataGoRules } from "../src/ruleset/katago.js";
import { readSgf } from "../src/sgf/read.js";
import { indexToGtp } from "../src/core/coords.js";
import { refereeRecord } from "../src/api/operations.js";

const DOCS = readFileSync(join(ROOT, "test", "fixtures", "katago", "docs-queries.jsonl"), "utf8");

/** `arbiter analysis` on the given input lines; its output lines as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function analysis(input: string): any[] {
  const r = spawnSync(process.execPath, [MAIN, "analysis"], { cwd: ROOT, input, encoding: "utf8", timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
}
const one = (q: object) => analysis(JSON.stringify(q) + "\n");

describe("arbiter analysis: the queries of KataGo's documentation", () => {
  it("answers the handicap game's turns 0, 1, 2 with Tromp-Taylor's count, and echoes the actions", () => {
    const out = analysis(DOCS);
    expect(out).toHaveLength(6);
    const [t0, t1, t2, version, clear, terminate] = out;
    expect([t0.id, t0.turnNumber, t1.turnNumber, t2.turnNumber]).toEqual(["foo", 0, 1, 2]);
    for (const t of [t0, t1, t2]) {
      expect(t.isDuringSearch).toBe(false);
      expect(t.moveInfos).toEqual([]); // arbiter plays no moves
      expect(t.arbiter.rules).toBe("tromp-taylor");
    }
    // White moves first after Black's two handicap stones, then Black
    expect([t0.rootInfo.currentPlayer, t1.rootInfo.currentPlayer, t2.rootInfo.currentPlayer]).toEqual(["W", "B", "W"]);
    // Tromp-Taylor by hand: turn 0, Black's 2 stones and every empty point (each reaches only
    // Black) = 361, 361 - 7.5; turn 1, every empty point reaches both: Black 2, White 1, 2 - 1 -
    // 7.5; turn 2, 3 - 1 - 7.5
    expect([t0.rootInfo.scoreLead, t1.rootInfo.scoreLead, t2.rootInfo.scoreLead]).toEqual([353.5, -6.5, -5.5]);
    expect([t0.arbiter.result, t1.arbiter.result, t2.arbiter.result]).toEqual(["B+353.5", "W+6.5", "W+5.5"]);
    expect(t2.arbiter.move).toMatchObject({ n: 2, color: "B", point: "P6", legal: true });
    expect(version).toMatchObject({ id: "foo", action: "query_version", git_hash: "<omitted>" });
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(clear).toEqual({ id: "foo", action: "clear_cache" });
    expect(terminate).toEqual({ id: "bar", action: "terminate", terminateId: "foo", turnNumbers: [1, 2] });
  });

  it("the same over HTTP: POST /v1/analysis answers the list of responses; /v1/referee takes KataGo's rules too", async () => {
    let server: Child | undefined;
    try {
      server = await spawnServer();
      const example = readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8");
      const nz = await request(`${server.url}/v1/referee`, { sgf: example, rules: "new-zealand" });
      expect(nz.status, nz.text).toBe(200);
      expect(nz.json.rules).toMatchObject({ name: "nz", ko: "ssk" });
      const object = await request(`${server.url}/v1/referee`, { sgf: example,
        rules: { ko: "SIMPLE", scoring: "AREA", tax: "NONE", suicide: false, hasButton: false, whiteHandicapBonus: "0", friendlyPassOk: true } });
      expect(object.status, object.text).toBe(200);
      expect(object.json.rules).toMatchObject({ ko: "simple", scoring: "area", suicide: "forbidden" });
      const query = JSON.parse(DOCS.split("\n")[0]);
      const r = await request(`${server.url}/v1/analysis`, query);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual(analysis(DOCS.split("\n")[0] + "\n"));
      const bad = await request(`${server.url}/v1/analysis`, { ...query, rules: "stone-scoring" });
      expect(bad.status).toBe(200); // KataGo's protocol answers an error as a response
      expect(bad.json).toEqual([{ error: expect.stringMatching(/stone scoring/), field: "rules", id: "foo" }]);
    } finally {
      await server?.stop();
    }
  });
});

describe("KataGo's rules", () => {
  it("on the command line: --rules new-zealand and a KataGo rule object in --rules-json", () => {
    const example = join(ROOT, "test", "fixtures", "example.sgf");
    const run = (...a: string[]) => spawnSync(process.execPath, [MAIN, "referee", example, ...a, "--json"], { cwd: ROOT, encoding: "utf8" });
    expect(JSON.parse(run("--rules", "new-zealand").stdout).rules.name).toBe("nz");
    expect(JSON.parse(run("--rules-json", '{"ko":"POSITIONAL","scoring":"AREA","suicide":true}').stdout).rules)
      .toMatchObject({ ko: "psk", suicide: "multi-stone" });
    const refused = run("--rules", "aga-button");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/a button .* is not a rule arbiter has/);
  });

  it("names map to the presets of the same rules; rule objects knob by knob; what arbiter has not is refused", () => {
    expect(fromKataGoRules("new-zealand").name).toBe("nz");
    expect(fromKataGoRules("chinese-kgs").name).toBe("chinese");
    expect(fromKataGoRules("bga").name).toBe("aga");
    expect(fromKataGoRules("japanese")).toMatchObject({ name: "japanese", scoring: "territory" });
    expect(fromKataGoRules("zhang").name).toBe("zhang"); // arbiter's own names too
    expect(fromKataGoRules({ ko: "SIMPLE", scoring: "AREA", tax: "NONE", suicide: false, hasButton: false, whiteHandicapBonus: "N",
      friendlyPassOk: true })).toMatchObject({ ko: "simple", scoring: "area", suicide: "forbidden", handicapBonus: "n" });
    expect(fromKataGoRules({ ko: "SITUATIONAL", scoring: "AREA", suicide: true })).toMatchObject({ ko: "ssk", suicide: "multi-stone" });
    expect(fromKataGoRules({ ko: "POSITIONAL", scoring: "TERRITORY", tax: "SEKI" }))
      .toMatchObject({ ko: "psk", scoring: "territory", longCycles: "rule" });
    expect(() => fromKataGoRules("stone-scoring")).toThrow(/stone scoring/);
    expect(() => fromKataGoRules("aga-button")).toThrow(/button/);
    expect(() => fromKataGoRules({ ko: "SIMPLE", hasButton: true })).toThrow(/hasButton/);
    expect(() => fromKataGoRules({ ko: "SOMETIMES" })).toThrow(/ko takes SIMPLE, POSITIONAL, SITUATIONAL/);
    expect(() => fromKataGoRules({ scoring: "AREA", tax: "ALL" })).toThrow(/tax ALL/);
    expect(() => fromKataGoRules({ colour: "red" })).toThrow(/unknown field "colour"/);
    expect(() => fromKataGoRules("klingon")).toThrow(/unknown rules "klingon"/);
  });
});

describe("arbiter analysis: rulings, ownership, errors", () => {
  it("rules each turn's move: a superko refused under chinese-ogs, the ko recaptured later, the cycle listed", () => {
    const r = readSgf(readFileSync(join(ROOT, "test", "fixtures", "cycles", "basic-ko.sgf"), "utf8"));
    const v = (x: number | null, y: number | null) => (x === null ? "pass" : indexToGtp(y! * r.width + x, r.width, r.height));
    const initialStones: string[][] = [];
    r.setup.forEach((c, i) => { if (c) initialStones.push([c === 1 ? "B" : "W", indexToGtp(i, r.width, r.height)]); });
    const moves = r.moves.map((m) => [m.color, v(m.x, m.y)]);
    const ruling = refereeRecord(r, { rules: "chinese" });
    const refused = ruling.moves.find((m) => !m.legal)!;
    expect(refused.reason).toBe("superko");
    const out = one({ id: "ko", initialStones, moves, rules: "chinese-ogs", komi: 7.5, boardXSize: r.width, boardYSize: r.height,
      analyzeTurns: [refused.n - 1, refused.n] });
    expect(out.map((o) => o.turnNumber)).toEqual([refused.n - 1, refused.n]);
    expect(out[0].arbiter.illegal).toBeNull();
    expect(out[1].arbiter.move).toMatchObject({ n: refused.n, legal: false, reason: "superko" });
    expect(out[1].arbiter.illegal.n).toBe(refused.n);
    expect(out[1].arbiter.cycles).toEqual(ruling.cycles.filter((c) => c.repeatMove <= refused.n));
  });

  it("ownership from Black's view, row-major from the top left, by the rule set's count (worked by hand)", () => {
    // 3x3, Black B2, White A1: the empty points form one region touching both colours
    const [a] = one({ id: "own", moves: [["B", "B2"], ["W", "A1"]], rules: "tromp-taylor", komi: 0, boardXSize: 3, boardYSize: 3,
      includeOwnership: true });
    expect(a.ownership).toEqual([0, 0, 0, 0, 1, 0, -1, 0, 0]);
    expect(a.rootInfo.scoreLead).toBe(0); // 1 - 1 - 0
    // Black alone: every point is Black's
    const [b] = one({ id: "own", moves: [["B", "B2"]], rules: "tromp-taylor", komi: 0, boardXSize: 3, boardYSize: 3, includeOwnership: true });
    expect(b.ownership).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // explicit (x,y) coordinates from the top left: (1,1) is B2, (0,2) is A1
    const [c] = one({ id: "xy", moves: [["B", "(1,1)"], ["W", "(0,2)"]], rules: "tromp-taylor", komi: 0, boardXSize: 3, boardYSize: 3,
      includeOwnership: true });
    expect(c.ownership).toEqual(a.ownership);
  });

  it("answers errors and warnings in KataGo's shapes, and goes on with the next query", () => {
    const q = { id: "e", moves: [["B", "D4"]], rules: "japanese", komi: 6.5, boardXSize: 9, boardYSize: 9 };
    const lines = [
      "{not json",
      JSON.stringify({ moves: [] }),
      JSON.stringify({ ...q, boardXSize: 25 }),
      JSON.stringify({ ...q, komi: 7.3 }),
      JSON.stringify({ ...q, moves: [["B", "Z9"]] }),
      JSON.stringify({ ...q, moves: [["X", "D4"]] }),
      JSON.stringify({ ...q, analyzeTurns: [2] }),
      JSON.stringify({ ...q, action: "dance" }),
      JSON.stringify({ ...q, maxVisits: 500, colour: "red" }),
    ].join("\n") + "\n";
    const out = analysis(lines);
    expect(out[0]).toEqual({ error: expect.stringMatching(/^could not parse the query as JSON/) });
    expect(out[1]).toEqual({ error: expect.stringMatching(/id is required/), field: "id" });
    expect(out[2]).toMatchObject({ field: "boardXSize", id: "e" });
    expect(out[3]).toMatchObject({ field: "komi", id: "e" });
    expect(out[4]).toMatchObject({ field: "moves", id: "e", error: expect.stringMatching(/Z9/) });
    expect(out[5]).toMatchObject({ field: "moves", id: "e" });
    expect(out[6]).toMatchObject({ field: "analyzeTurns", id: "e" });
    expect(out[7]).toMatchObject({ field: "action", id: "e" });
    // the last query: two warnings, then its answer
    expect(out[8]).toEqual({ warning: expect.stringMatching(/maxVisits steers a search/), field: "maxVisits", id: "e" });
    expect(out[9]).toEqual({ warning: "unexpected field colour: ignored", field: "colour", id: "e" });
    expect(out[10]).toMatchObject({ id: "e", turnNumber: 1, rootInfo: { currentPlayer: "W" } });
    expect(out).toHaveLength(11);
  });
});
