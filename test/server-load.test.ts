// A bounded load on `arbiter serve` over loopback (bench/serve-load.ts with fewer requests):
// mixed referee and prove requests from 8 concurrent clients all answer 200, and the p99
// latency of the referee requests is reported. `node dist/bench/serve-load.js` runs the full
// measurement of docs/performance.md.
import { describe, it, expect, afterAll } from "vitest";
import { runLoad } from "../bench/serve-load.js";
import { request, spawnServer, type Child } from "./helpers/serve.js";

let child: Child | undefined;

afterAll(async () => {
  await child?.stop("SIGKILL");
});

describe("arbiter serve under a bounded load", () => {
  it("300 mixed referee/prove requests, 8 at a time: no errors", async () => {
    child = await spawnServer();
    const r = await runLoad(child.url, { requests: 300, concurrency: 8, proveShare: 0.15 });
    const referee = Object.entries(r.byKind).filter(([k]) => k.startsWith("referee")).map(([k, l]) => `${k}: p50 ${l.p50} ms, p99 ${l.p99} ms`);
    console.log(`load: ${r.requests} requests in ${r.seconds} s (${r.requestsPerSec}/s); ${referee.join("; ")}; prove p99 ${r.byKind["prove corner"]?.p99} ms`);
    expect(r.errors).toEqual([]);
    expect(Object.keys(r.byKind).sort()).toEqual(["healthz", "prove corner", "referee 19x19 (250 moves)", "referee 19x19 as a move list", "referee 9x9 (28 moves)"]);
    // nothing waits for long: a blocked event loop or a stuck queue would show here
    for (const l of Object.values(r.byKind)) expect(l.max).toBeLessThan(10_000);
    const health = await request(`${child.url}/healthz`);
    expect(health.json.searches).toMatchObject({ running: 0, queued: 0, failed: 0 });
    // every request ran in a search thread (the event loop only routes)
    expect(health.json.searches.finished).toBe(r.requests);
    expect(await child.stop("SIGTERM")).toBe(0);
  });
});
