// HTTP defects a new user met (issue 16), each pinned by a test against a real `arbiter serve`:
// a text/plain body is 415, a known path with another method 405 with Allow, an unknown rule
// set 404, /v1/simulate takes "WxH", and --log writes on stderr, leaving stdout to the
// "listening" line a caller of --port 0 reads.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sgf from "@sabaki/sgf";
import { ROOT, request, spawnServer, type Child } from "./helpers/serve.js";

let server: Child;
beforeAll(async () => { server = await spawnServer("--log"); });
afterAll(async () => { await server?.stop(); });

describe("arbiter serve's answers to requests it does not take", () => {
  it("415 for a body that is not JSON, naming its type", async () => {
    const r = await request(`${server.url}/v1/referee`, undefined,
      { method: "POST", headers: { "content-type": "text/plain" }, body: "(;SZ[9])" });
    expect(r.status).toBe(415);
    expect(r.json.error).toBe("the request body is text/plain: the API takes application/json");
  });

  it("405 with Allow for a path the API has, asked with another method; 404 for a path it has not", async () => {
    const del = await fetch(`${server.url}/v1/referee`, { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("POST");
    expect((await del.json()).error).toBe("/v1/referee takes POST, not DELETE");
    const post = await fetch(`${server.url}/v1/rules/chinese`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await request(`${server.url}/v1/nothing`)).status).toBe(404);
  });

  it("404 for a rule set that does not exist (400 was for bad requests)", async () => {
    const r = await request(`${server.url}/v1/rules/foo`);
    expect(r.status).toBe(404);
    expect(r.json.error).toMatch(/^no rule set "foo": the rule sets are ing, new-ing/);
    expect((await request(`${server.url}/v1/rules/zhang`)).json.ko).toBe("zhang");
  });

  it("/v1/simulate takes a size as width x height, as the command line does", async () => {
    const r = await request(`${server.url}/v1/simulate`, { rules: "chinese", size: "9x7", games: 20 });
    expect(r.status, r.text).toBe(200);
    expect(r.json.size).toEqual({ width: 9, height: 7 });
    expect(r.json.rules.chinese.games).toBe(20);
    expect((await request(`${server.url}/v1/simulate`, { rules: "chinese", size: "29x7", games: 20 })).json.error)
      .toMatch(/sides must be 2 to 19, got "29x7"/);
    expect((await request(`${server.url}/v1/simulate`, { rules: "chinese", size: "nine", games: 20 })).status).toBe(400);
  });

  it("/v1/prove with proof: true answers the proof trees as SGF, as prove --proof writes them", async () => {
    const corner = readFileSync(join(ROOT, "test", "fixtures", "server", "corner.sgf"), "utf8");
    const r = await request(`${server.url}/v1/prove`, { sgf: corner, rules: "chinese", target: "A3", proof: true });
    expect(r.status, r.text).toBe(200);
    expect(r.json.verdict).toBe("dead");
    for (const k of ["attackerFirstSgf", "defenderFirstSgf"]) {
      const [root] = sgf.parse(r.json[k]) as { data: Record<string, string[]>; children: unknown[] }[];
      expect(root.data.C[0]).toMatch(/^arbiter proof, chinese rules, (attacker|defender) first: the target is captured$/);
      expect(root.children.length).toBeGreaterThan(0);
    }
    // without it the answer is the command line's JSON, no trees
    expect((await request(`${server.url}/v1/prove`, { sgf: corner, rules: "chinese", target: "A3" })).json.attackerFirstSgf).toBeUndefined();
  });

  it("--log logs requests on stderr; stdout holds the listening line alone", async () => {
    await request(`${server.url}/healthz`);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.stderr()).toMatch(/"url":"\/healthz"/);
    expect(server.stdout()).toMatch(/^arbiter serve: listening on http:\/\/127\.0\.0\.1:\d+ .*\n$/);
  });
});
