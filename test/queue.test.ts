// The distributed engine (--queue, arbiter worker) on a real redis-server: the same JSON as a local
// run, even when a worker is killed holding a task. The test starts its own redis-server on a free
// port; without the redis-server binary (Debian package redis-server, installed by .ci/run) it skips.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
const REDIS = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function listening(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const c = connect(port, "127.0.0.1", () => { c.end(); r(true); });
      c.once("error", () => r(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A child process whose stderr is kept, with a wait for a line matching a pattern. */
function start(args: string[]): { child: ChildProcess; err: () => string; waitFor: (re: RegExp, ms?: number) => Promise<string>; exit: Promise<number | null> } {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  let out = "";
  child.stderr!.on("data", (d) => { err += d; });
  child.stdout!.on("data", (d) => { out += d; });
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const waitFor = async (re: RegExp, ms = 60_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const m = re.exec(err);
      if (m) return m[0];
      if (Date.now() > until) throw new Error(`no ${re} within ${ms} ms; stderr: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  Object.defineProperty(child, "out", { get: () => out });
  return { child, err: () => err, waitFor, exit };
}

/** A report without the fields that say how long it took and where it ran. */
function numbers(json: string): Record<string, unknown> {
  const r = JSON.parse(json);
  for (const k of ["ms", "cpuMs", "gamesPerSec", "gamesPerSecPerThread", "movesPerSecondPerWorker", "workers", "queue"]) delete r[k];
  return r;
}

describe.skipIf(!REDIS)("--queue redis:// with arbiter worker processes (a real redis-server)", () => {
  let redis: ChildProcess | null = null;
  let url = "";
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await listening(port);
    url = `redis://127.0.0.1:${port}`;
  }, 20_000);
  afterAll(() => {
    for (const w of workers) w.kill("SIGKILL");
    redis?.kill("SIGKILL");
  });

  it("simulate --queue with two workers, one killed holding a task: the JSON of a local run", async () => {
    // tasks of about 0.3 s each (600 19x19 games x 3 rule sets), so that the kill lands while a
    // task is held, not after it is done
    const args = ["simulate", "--rules", "chinese,ing,new-ing", "--size", "19", "--games", "6000", "--seed", "7", "--json", "--task-size", "600"];
    const local = run([...args, "--workers", "1"]);
    expect(local.status, local.stderr).toBe(0);
    const a = start(["worker", "--queue", url, "--workers", "1", "--lock-seconds", "2"]);
    const b = start(["worker", "--queue", url, "--workers", "1", "--lock-seconds", "2"]);
    workers.push(a.child, b.child);
    await a.waitFor(/taking tasks/);
    await b.waitFor(/taking tasks/);
    const sub = start([...args, "--queue", url]);
    // worker a is killed while it holds its second task
    await a.waitFor(/took simulate task \S+[\s\S]*took simulate task \S+/);
    const held = [...a.err().matchAll(/took simulate task (\S+)/g)].at(-1)![1];
    a.child.kill("SIGKILL");
    await a.exit;
    expect(a.err(), "worker a died holding its task").not.toContain(`done simulate task ${held}`);
    expect(await sub.exit, sub.err()).toBe(0);
    const out = (sub.child as unknown as { out: string }).out;
    expect(numbers(out)).toEqual(numbers(local.stdout));
    expect(JSON.parse(out).queue).toBe(url);
    // the task the dead worker held was taken again by the other
    expect(b.err()).toContain(`done simulate task ${held}`);
  }, 120_000);

  it("corpus --queue gives the local run's report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "arbiter-queue-"));
    try {
      const games = Array.from({ length: 40 }, (_, k) => k === 7
        ? "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ee];W[cc];B[cb];W[bb])"
        : `(;GM[1]FF[4]SZ[9]KM[7]RE[B+R];B[${"abcdefghi"[k % 9]}e];W[cc];B[gc])`);
      writeFileSync(join(dir, "c.sgf"), games.join("\n"));
      const b = start(["worker", "--queue", url, "--workers", "2"]);
      workers.push(b.child);
      await b.waitFor(/taking tasks/);
      const args = ["corpus", join(dir, "c.sgf"), "--rules", "japanese,ing", "--json"];
      const local = run(args);
      const queued = run([...args, "--queue", url]);
      expect(queued.status, queued.stderr).toBe(0);
      expect(numbers(queued.stdout)).toEqual(numbers(local.stdout));
      expect(JSON.parse(queued.stdout).rules.japanese.forbidden).toEqual({ ko: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a queue address that is not redis:// and one where nothing answers, in one line", () => {
    const bad = run(["simulate", "--games", "10", "--queue", "http://127.0.0.1:6379"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^arbiter: --queue http:\/\/127\.0\.0\.1:6379: expected redis:\/\/HOST:PORT/);
    const none = run(["simulate", "--games", "10", "--queue", "redis://127.0.0.1:1"]);
    expect(none.status).toBe(2);
    expect(none.stderr.trim().split("\n")).toHaveLength(1);
    const worker = run(["worker", "--queue", "redis://127.0.0.1:1"]);
    expect(worker.status).toBe(2);
    expect(worker.stderr).toBe("arbiter: --queue redis://127.0.0.1:1: cannot reach Redis: ECONNREFUSED\n");
    expect(none.stderr).toMatch(/^arbiter: --queue redis:\/\/127\.0\.0\.1:1: cannot reach Redis: ECONNREFUSED$/m);
  }, 30_000);
});

if (!REDIS) {
  describe("--queue (skipped)", () => {
    it.skip("redis-server is not installed: the distributed-queue tests need Debian's redis-server package (.ci/run installs it)", () => {});
  });
}
