// `node dist/bench/serve-load.js`: a bounded load on `arbiter serve` over loopback: a fixed
// number of requests, mixed referee (a 19x19 game of 250 moves and a 9x9 game) and prove (a
// corner dispute that proves in milliseconds), sent by a fixed number of concurrent clients.
// Reports throughput and latency percentiles per kind of request. Everything goes to 127.0.0.1
// and stops by itself.
// Flags: --requests N (default 2000), --concurrency C (8), --prove-share F (0.1), --threads T
// (the server's search threads, default its own), --json.
import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Game } from "../src/core/game.js";
import { mulberry32 } from "./sabaki-playout.js";

/** A Black-White corner dispute: White's square four at A1-B2 is dead (proves in ~20 ms). */
export const CORNER_SGF = "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]AW[ag][bg][cg][ch][ci]AB[af][bf][cf][df][dg][dh][di]PL[B])";

/** A short 9x9 game (test/fixtures/example.sgf without its comment). */
export const SMALL_SGF = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]RE[W+16.5];B[da];W[ea];B[db];W[eb];B[dc];W[ec];B[dd];W[ed];B[de];W[ee]" +
  ";B[df];W[ef];B[dg];W[eg];B[dh];W[eh];B[di];W[ei];B[gc];W[fc];B[];W[gb];B[];W[gd];B[];W[hc];B[];W[])";

/** A reproducible game of random legal moves (suicide forbidden, positional superko) as SGF. */
export function randomGame(size: number, moves: number, seed: number): string {
  const rand = mulberry32(seed);
  const game = new Game({ width: size, height: size, suicide: "forbidden", ko: "psk", maxMoves: moves + 1 });
  const letter = (i: number) => String.fromCharCode(97 + i);
  const out: string[] = [];
  let color: "B" | "W" = "B";
  for (let n = 0; n < moves; n++) {
    let played = "";
    for (let tries = 0; tries < 60 && !played; tries++) {
      const x = Math.floor(rand() * size);
      const y = Math.floor(rand() * size);
      const a = game.tryPlay(x, y, color);
      if (!a.ok) continue;
      game.commit(color === "B" ? "W" : "B");
      played = `${letter(x)}${letter(y)}`;
    }
    if (!played) game.pass(color);
    out.push(`;${color}[${played}]`);
    color = color === "B" ? "W" : "B";
  }
  return `(;GM[1]FF[4]SZ[${size}]KM[7.5]${out.join("")})`;
}

export interface LoadOptions {
  requests: number;
  concurrency: number;
  /** fraction of prove requests */
  proveShare: number;
  seed?: number;
}

export interface Latency { count: number; errors: number; p50: number; p90: number; p99: number; max: number; mean: number }

export interface LoadResult {
  requests: number;
  concurrency: number;
  seconds: number;
  requestsPerSec: number;
  errors: { status: number; body: string }[];
  /** requests that got no HTTP answer, by the error's code */
  failures: Record<string, number>;
  byKind: Record<string, Latency>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Sends the requests to a running server and measures each one's latency. */
export async function runLoad(url: string, opts: LoadOptions): Promise<LoadResult> {
  const rand = mulberry32(opts.seed ?? 7);
  const big = randomGame(19, 250, 1);
  const bigMoves = [...big.matchAll(/;([BW])\[([a-s]{2})?\]/g)].map(([, c, p]) =>
    [c, p ? `${"ABCDEFGHJKLMNOPQRST"[p.charCodeAt(0) - 97]}${19 - (p.charCodeAt(1) - 97)}` : "pass"]);
  const kinds = {
    "referee 19x19 (250 moves)": { path: "/v1/referee", body: JSON.stringify({ sgf: big, rules: "chinese" }) },
    "referee 19x19 as a move list": { path: "/v1/referee", body: JSON.stringify({ moves: bigMoves, komi: 7.5, rules: "chinese" }) },
    "referee 9x9 (28 moves)": { path: "/v1/referee", body: JSON.stringify({ sgf: SMALL_SGF, rules: "japanese" }) },
    "prove corner": { path: "/v1/prove", body: JSON.stringify({ sgf: CORNER_SGF, target: ["A3"] }) },
  };
  type Kind = keyof typeof kinds;
  const plan: Kind[] = [];
  const referees: Kind[] = ["referee 19x19 (250 moves)", "referee 19x19 as a move list", "referee 9x9 (28 moves)"];
  for (let i = 0; i < opts.requests; i++) {
    const r = rand();
    plan.push(r < opts.proveShare ? "prove corner" : referees[Math.floor(((r - opts.proveShare) / (1 - opts.proveShare)) * 3) % 3]);
  }
  const times: Record<string, number[]> = {};
  const errorCount: Record<string, number> = {};
  const errors: LoadResult["errors"] = [];
  const failures: Record<string, number> = {};
  let next = 0;
  const t0 = performance.now();
  const client = async () => {
    while (next < plan.length) {
      const kind = plan[next++];
      const { path, body } = kinds[kind];
      const s = performance.now();
      let status = 0;
      let text = "";
      try {
        const r = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
        status = r.status;
        text = await r.text();
      } catch (e) {
        // a request the server never took (ECONNREFUSED) or one it dropped (ECONNRESET, ...)
        const code = ((e as Error & { cause?: { code?: string } }).cause?.code) ?? (e as Error).message;
        failures[code] = (failures[code] ?? 0) + 1;
        text = `${code}: ${(e as Error).message}`;
      }
      (times[kind] ??= []).push(performance.now() - s);
      if (status !== 200) {
        errorCount[kind] = (errorCount[kind] ?? 0) + 1;
        if (errors.length < 10) errors.push({ status, body: text.slice(0, 200) });
      }
    }
  };
  // /healthz asked every 20 ms meanwhile, from a thread of its own: what a load balancer sees
  // while the server is busy, not the lag of this process's event loop under its 16 clients
  const prober = new Worker(`
    const { parentPort, workerData } = require("node:worker_threads");
    let on = true;
    parentPort.on("message", () => { on = false; });
    (async () => {
      const out = [];
      while (on) {
        const s = performance.now();
        let ok = false;
        try { const r = await fetch(workerData + "/healthz"); await r.text(); ok = r.status === 200; } catch {}
        out.push([performance.now() - s, ok]);
        await new Promise((d) => setTimeout(d, 20));
      }
      parentPort.postMessage(out);
    })();`, { eval: true, workerData: url });
  const probed = new Promise<[number, boolean][]>((done) => prober.once("message", done));
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  prober.postMessage("stop");
  for (const [ms, ok] of await probed) {
    (times.healthz ??= []).push(ms);
    if (!ok) errorCount.healthz = (errorCount.healthz ?? 0) + 1;
  }
  await prober.terminate();
  const seconds = (performance.now() - t0) / 1000;
  const byKind: Record<string, Latency> = {};
  for (const [kind, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    byKind[kind] = { count: list.length, errors: errorCount[kind] ?? 0, p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1]),
      mean: round(list.reduce((a, b) => a + b, 0) / list.length) };
  }
  return { requests: plan.length, concurrency: opts.concurrency, seconds: round(seconds),
    requestsPerSec: Math.round(plan.length / seconds), errors, failures, byKind };
}

/** `arbiter serve --port 0` in a child process; resolves with its URL and a stop function. */
export function startServer(extra: string[] = []): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const main = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "cli", "main.js");
  const proc = spawn(process.execPath, [main, "serve", "--host", "127.0.0.1", "--port", "0", ...extra], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => { proc.kill("SIGKILL"); reject(new Error("the server did not start")); }, 20_000);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], pid: proc.pid!, stop: () => new Promise((done) => { proc.once("exit", () => done()); proc.kill("SIGTERM"); }) });
      }
    });
    proc.once("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited with ${code}`)); });
  });
}

/** CPU seconds (user + system, all threads) a process has used, from /proc; null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const threads = process.argv.includes("--threads") ? ["--threads", String(flag("--threads", 2))] : [];
  const server = await startServer(threads);
  try {
    const opts = { requests: flag("--requests", 2000), concurrency: flag("--concurrency", 8), proveShare: flag("--prove-share", 0.1) };
    // warm up the server (JIT, wasm, pool threads), then measure
    await runLoad(server.url, { ...opts, requests: Math.min(200, opts.requests), seed: 99 });
    const cpu0 = cpuSeconds(server.pid);
    const r = await runLoad(server.url, opts);
    const cpu1 = cpuSeconds(server.pid);
    const serverCpuSeconds = cpu0 === null || cpu1 === null ? null : Math.round((cpu1 - cpu0) * 100) / 100;
    const perCpuSecond = serverCpuSeconds ? Math.round(r.requests / serverCpuSeconds) : null;
    if (process.argv.includes("--json")) {
      process.stdout.write(JSON.stringify({ ...r, serverCpuSeconds, requestsPerServerCpuSecond: perCpuSecond }) + "\n");
      return;
    }
    const lines = [
      `arbiter serve under load: ${r.requests} requests, ${r.concurrency} concurrent clients, ${cpus().length} cores, node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
      `${r.seconds} s, ${r.requestsPerSec} requests/s, ${r.errors.length} errors` +
        (serverCpuSeconds === null ? "" : `; the server used ${serverCpuSeconds} CPU s (${perCpuSecond} requests per CPU second)`),
      "",
      "| request | count | errors | p50 ms | p90 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...Object.entries(r.byKind).map(([k, l]) => `| ${k} | ${l.count} | ${l.errors} | ${l.p50} | ${l.p90} | ${l.p99} | ${l.max} |`),
    ];
    process.stdout.write(lines.join("\n") + "\n");
    for (const e of r.errors) process.stderr.write(`error ${e.status}: ${e.body}\n`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: Error) => {
    process.stderr.write(`serve-load: ${e.message}\n`);
    process.exitCode = 1;
  });
}
