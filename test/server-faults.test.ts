// Faults: a search thread killed in the middle of a proof is replaced and its request fails
// cleanly while the server stays up; fuzzed bad requests (broken SGF, huge numbers, wrong
// types, 10 MB bodies) all get a 4xx and the server's memory stays flat; SIGTERM stops the
// server cleanly. Everything goes to 127.0.0.1 and every loop is bounded.
import { describe, it, expect, afterAll } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildServer, type ArbiterServer } from "../src/server/app.js";
import { ROOT, request, spawnServer, type Child } from "./helpers/serve.js";

const sgfOf = (p: string) => readFileSync(join(ROOT, "test", "fixtures", p), "utf8");
const CORNER = sgfOf("server/corner.sgf");
const OPEN = sgfOf("server/open.sgf");
const EXAMPLE = sgfOf("example.sgf");

let inProcess: ArbiterServer | undefined;
let child: Child | undefined;

afterAll(async () => {
  await inProcess?.shutdown(100);
  await child?.stop("SIGKILL");
});

describe("a search thread that dies", () => {
  it("is replaced; its request fails with a clean 503; /healthz and the next proof work", async () => {
    inProcess = await buildServer({ threads: 1, maxQueue: 2 });
    const url = await inProcess.app.listen({ host: "127.0.0.1", port: 0 });
    const pool = inProcess.pool;
    // a proof that runs long enough to be killed in the middle
    const proof = request(`${url}/v1/prove`, { sgf: OPEN, target: "E5", seconds: 20 });
    for (let i = 0; i < 200 && pool.stats.running === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pool.stats.running).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(pool.workers).toHaveLength(1);
    const t0 = performance.now();
    await pool.workers[0].terminate();
    const r = await proof;
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.status, r.text).toBe(503);
    expect(r.json).toMatchObject({ status: 503 });
    expect(r.json.error).toMatch(/search thread .* failed .*replaced: try again/);
    expect(pool.stats.failed).toBe(1);
    const health = await request(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.json.searches.running).toBe(0);
    const next = await request(`${url}/v1/prove`, { sgf: CORNER, target: ["A3"] });
    expect(next.status, next.text).toBe(200);
    expect(next.json).toMatchObject({ verdict: "dead", complete: true });
    expect(pool.workers).toHaveLength(1);
  });
});

/** A few hundred bad requests of many kinds, reproducible (a fixed seed). */
function badRequests(n: number): { path: string; body: string; type?: string; what: string }[] {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const huge = [1e308, -1e308, 2 ** 53 + 1, 1e21, -1, 0.5, 1e400, "NaN"];
  const wrong = [null, true, "x", 5, [], {}, [[]], [["B"]], { a: 1 }, "E5,,,", ""];
  // an empty list of moves and an empty knob object are good requests
  const wrongMoves = wrong.filter((v) => !(Array.isArray(v) && v.length === 0));
  const wrongRules = wrong.filter((v) => !(v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0));
  const J = (v: unknown) => JSON.stringify(v);
  const kinds: (() => { path: string; body: string; type?: string; what: string })[] = [
    () => {
      const cut = Math.floor(rand() * (EXAMPLE.length - 2)) + 1;
      return { path: "/v1/referee", body: J({ sgf: EXAMPLE.slice(0, cut) }), what: `SGF cut at ${cut}` };
    },
    () => {
      const s = EXAMPLE.split("");
      for (let k = 0; k < 3; k++) s[Math.floor(rand() * s.length)] = pick(["(", ")", "[", "]", ";", "\\", "\u0000", "Ω"]);
      return { path: "/v1/referee", body: J({ sgf: s.join(""), rules: "chinese" }), what: "SGF with broken characters" };
    },
    () => ({ path: "/v1/referee", body: J({ sgf: "(".repeat(2000) + ";" + ")".repeat(2000) }), what: "SGF nested 2000 deep" }),
    () => ({ path: "/v1/referee", body: J({ sgf: `(;SZ[${pick(["0", "1", "20", "99999999999", "-3", "9:0", "a"])}])` }), what: "bad SZ" }),
    () => ({ path: "/v1/referee", body: J({ moves: [], boardXSize: pick(huge) }), what: "huge board size" }),
    () => ({ path: "/v1/referee", body: J({ moves: [], komi: pick([1e308, -1e308, 1e400, "7", null]) }), what: "huge or wrong komi" }),
    () => ({ path: "/v1/prove", body: J({ sgf: CORNER, target: "A3", maxNodes: pick(huge) }), what: "huge node budget" }),
    () => ({ path: "/v1/prove", body: J({ sgf: CORNER, target: "A3", seconds: pick([1e308, -1e308, 1e21, -1, 0, 1e400, "NaN"]) }), what: "huge time budget" }),
    () => ({ path: "/v1/prove", body: J({ sgf: CORNER, target: "A3", atMove: pick(huge) }), what: "huge atMove" }),
    () => ({ path: pick(["/v1/referee", "/v1/prove"]), body: J({ sgf: pick(wrong), target: "A3" }), what: "sgf of a wrong type" }),
    () => ({ path: "/v1/referee", body: J({ moves: pick(wrongMoves) }), what: "moves of a wrong type" }),
    () => ({ path: "/v1/referee", body: J({ moves: [[pick(["B", "W", "X", 1]), pick(["Z99", "", "pass!", 7, "A0", "I5"])]] }), what: "bad move" }),
    () => ({ path: "/v1/prove", body: J({ sgf: CORNER, target: pick([...wrong, "A1", "Z9", ["A3", 5]]) }), what: "bad target" }),
    () => ({ path: "/v1/referee", body: J({ moves: [], rules: pick([...wrongRules, "klingon", { ko: 5 }, { name: {} }]) }), what: "bad rules" }),
    () => ({ path: "/v1/simulate", body: J({ rules: pick([...wrong, ["ing", 3]]), games: pick(huge) }), what: "bad simulate" }),
    () => ({ path: pick(["/v1/referee", "/v1/prove"]), body: pick(["{", "}", "[", "\"x\"", "1", "nul", "{\"sgf\":\"(;SZ[9]", "\u0000"]), what: "broken JSON" }),
    () => ({ path: "/v1/referee", body: "[".repeat(5000) + "]".repeat(5000), what: "JSON nested 5000 deep" }),
    () => ({ path: "/v1/referee", body: J({ sgf: "(;SZ[9])", ["__proto__"]: { polluted: 1 } }).replace("\"sgf\"", "\"__proto__\":{\"x\":1},\"sgf\""), what: "__proto__" }),
    () => ({ path: "/v1/referee", body: J({ sgf: "(;SZ[9])" }), type: pick(["text/plain", "application/x-go-sgf", "multipart/form-data"]), what: "wrong content type" }),
    () => ({ path: "/v1/referee", body: J({ sgf: "(;SZ[9])", extra: 1 }), what: "unknown field" }),
  ];
  const out = [];
  for (let i = 0; i < n; i++) out.push(pick(kinds)());
  return out;
}

describe("fuzzed bad requests to `arbiter serve`", () => {
  it("all get a 4xx, the server's memory stays flat, and SIGTERM stops it cleanly", async () => {
    child = await spawnServer("--threads", "1");
    const { url } = child;
    const send = async (b: { path: string; body: string; type?: string; what: string }) => {
      const r = await request(`${url}${b.path}`, undefined, { method: "POST", headers: { "content-type": b.type ?? "application/json" }, body: b.body });
      expect(r.status, `${b.what}: ${b.body.slice(0, 80)} -> ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${b.what}: ${b.body.slice(0, 80)} -> ${r.text.slice(0, 200)}`).toBeLessThan(500);
      expect(r.json?.error, r.text).toEqual(expect.any(String));
      return r.status;
    };
    const big = JSON.stringify({ sgf: "(;SZ[9]" + "C[x]".repeat(10 * 1024 * 1024 / 4) + ")" });
    const tenMegabytes = async () => {
      // 10 MB bodies, with a length and chunked
      for (let k = 0; k < 6; k++) {
        expect(await send({ path: k % 2 ? "/v1/prove" : "/v1/referee", body: big, what: "10 MB" })).toBe(413);
        const chunks = new ReadableStream({
          start(c) { for (let j = 0; j < 10; j++) c.enqueue(new TextEncoder().encode("x".repeat(1 << 20))); c.close(); },
        });
        const r = await fetch(`${url}/v1/prove`, { method: "POST", headers: { "content-type": "application/json" }, body: chunks, duplex: "half" } as RequestInit);
        expect(r.status).toBe(413);
        await r.text();
      }
    };
    // warm up every code path (the allocator keeps what large bodies needed), then measure
    for (const b of badRequests(60)) await send(b);
    await tenMegabytes();
    await tenMegabytes();
    const before = (await request(`${url}/healthz`)).json.memory.rssBytes as number;
    const statuses = new Map<number, number>();
    const requests = badRequests(400);
    for (let i = 0; i < requests.length; i += 8) {
      const batch = await Promise.all(requests.slice(i, i + 8).map(send));
      for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    await tenMegabytes();
    const after = (await request(`${url}/healthz`)).json.memory.rssBytes as number;
    const grewMB = (after - before) / 2 ** 20;
    console.log(`fuzz: ${requests.length} bad requests and 12 of 10 MB, statuses ${JSON.stringify(Object.fromEntries(statuses))}; server rss ${(before / 2 ** 20).toFixed(1)} MB -> ${(after / 2 ** 20).toFixed(1)} MB`);
    // a leak of 100 kB per request would be 40 MB; of the 10 MB bodies, 120 MB
    expect(grewMB).toBeLessThan(32);
    // still serving
    expect((await request(`${url}/v1/prove`, { sgf: CORNER, target: "A3" })).json.verdict).toBe("dead");
    const code = await child.stop("SIGTERM");
    expect(code, child.stderr()).toBe(0);
    expect(child.stderr()).toMatch(/SIGTERM: finishing work in flight, then stopping\n.*stopped/);
  });
});
