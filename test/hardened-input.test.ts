// Hostile input (issue: hardened input): the reproducers of the defects found by trying arbiter
// as a hostile user would, each through the command as a user runs it. Memory is bounded by
// running the command with a small V8 heap: reading an admitted input must fit, and an input over
// a limit must be refused with exit 2 and one line naming the limit, never an out-of-memory crash.
// (The times are not measured here but bounded generously: the defects took 10-20 s and more.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { connect, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readSgf, readSgfCollection } from "../src/sgf/read.js";
import { buildServer } from "../src/server/app.js";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
let dir = "";

/** The command with a V8 heap of `heapMb`, on a file holding `text` (or bytes). */
function run(name: string, text: string | Buffer, args: string[] = [], heapMb = 160) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, MAIN, "referee", file, ...args],
    { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}

const oneLine = (stderr: string) => stderr.trim().split("\n");

beforeAll(() => { dir = mkdtempSync(join(tmpdir(), "arbiter-hostile-")); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SGF reading: linear time, bounded memory (issue 13, 1 and 2)", () => {
  it("100,000 unclosed [ are refused at the first, in one pass (was 20 s)", () => {
    const r = run("q.sgf", "(;C[" + "[".repeat(100_000));
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/broken SGF: unexpected "\[" at line 1, column 4 \(a value is not closed by \]\)/)]);
    expect(r.ms).toBeLessThan(5_000);
  });

  it("3,000,000 empty nodes are refused by the node limit before they are built (was 10 s and 2.5 GB)", () => {
    const r = run("nodes.sgf", "(;SZ[9]" + ";".repeat(3e6) + ")", [], 128);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/SGF too large to read: more than 100000 nodes in the game tree at line 1, column 1/)]);
  });

  it("a million pass moves are refused by the node limit with a small heap (was 2.2 GB before the move limit)", () => {
    const r = run("passes.sgf", "(;SZ[19]" + ";B[tt];W[tt]".repeat(5e5) + ")", [], 128);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/more than 100000 nodes/)]);
  });

  it("AB[aa:ss] 116,000 times is read in the board's memory (was 2.3 GB)", () => {
    // the whole board Black's: an impossible setup, said as such
    const full = run("ab.sgf", "(;SZ[19]AB" + "[aa:ss]".repeat(116_000) + ")", [], 128);
    expect(full.status).toBe(2);
    expect(oneLine(full.stderr)).toEqual([expect.stringMatching(/the setup leaves the string at A19 without liberties/)]);
    // all but the last row: 342 stones and the game read
    const r = run("ab2.sgf", "(;SZ[19]AB" + "[aa:sr]".repeat(116_000) + ";W[as])", ["--json"], 128);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).moves.map((m: { point: string }) => m.point)).toEqual(["A1"]);
  });

  it("a 4 MB comment is read like any other value (was refused: the tokenizer's stack)", () => {
    const r = run("comment.sgf", `(;SZ[9]C[${"x".repeat(4 * 1024 * 1024)}];B[ee];W[cc])`, ["--json"], 128);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).moves.map((m: { point: string }) => m.point)).toEqual(["E5", "C7"]);
  });
});

describe("a collection: each game read or refused on its own (issue 13, 7)", () => {
  const good = readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8");

  it("referee reads the first game when a later one is unsupported", () => {
    const alone = run("alone.sgf", good, ["--json"]);
    const r = run("two.sgf", good + "\n(;SZ[25];B[aa])", ["--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(alone.stdout.replace(/alone\.sgf/g, "two.sgf"));
  });

  it("the collection keeps the good game and names the refused one by its number", () => {
    const games = readSgfCollection(good + "\n(;SZ[25];B[aa])");
    expect(games).toHaveLength(2);
    expect("error" in games[0]).toBe(false);
    expect(games[1]).toEqual({ index: 2, error: expect.stringMatching(/board size SZ\[25\] is not supported/) });
  });

  it("corpus counts the good game and skips FILE#2 with the reason", () => {
    const file = join(dir, "collection.sgf");
    writeFileSync(file, good + "\n(;SZ[25];B[aa])");
    const r = spawnSync(process.execPath, [MAIN, "corpus", file, "--rules", "japanese", "--json", "--workers", "1"],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.games).toBe(1);
    expect(out.skipped).toEqual([expect.objectContaining({ file: `${file}#2`, why: expect.stringMatching(/SZ\[25\]/) })]);
  });
});

describe("encodings (issue 13, 12)", () => {
  it("a UTF-16 file with a byte-order mark reads as its UTF-8 twin", () => {
    const text = readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8");
    const utf8 = run("u8.sgf", text, ["--json"]);
    const le = run("u16le.sgf", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), ["--json"]);
    const beBytes = Buffer.from(text, "utf16le");
    beBytes.swap16();
    const be = run("u16be.sgf", Buffer.concat([Buffer.from([0xfe, 0xff]), beBytes]), ["--json"]);
    expect(utf8.status).toBe(0);
    expect(le.status, le.stderr).toBe(0);
    expect(be.status, be.stderr).toBe(0);
    expect(le.stdout).toBe(utf8.stdout.replace(/u8\.sgf/g, "u16le.sgf"));
    expect(be.stdout).toBe(utf8.stdout.replace(/u8\.sgf/g, "u16be.sgf"));
    // a UTF-8 byte-order mark is dropped
    expect(readSgf("\ufeff(;SZ[9];B[ee])").moves).toHaveLength(1);
    // a byte-order mark over bytes that are no SGF (or an odd last byte): broken SGF, one line
    const junk = run("u16junk.sgf", Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x3b, 0xd8, 0x00]));
    expect(junk.status).toBe(2);
    expect(oneLine(junk.stderr)).toEqual([expect.stringMatching(/^arbiter: broken SGF/)]);
  });
});

describe("names looked up among own keys only (issue 13, 3)", () => {
  const example = join(ROOT, "test", "fixtures", "example.sgf");
  const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });

  it("--rules constructor, __proto__, toString and --rules-json with prototype keys: exit 2 naming the name", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const r = cli("referee", example, "--rules", name);
      expect(r.status, r.stderr).toBe(2);
      expect(oneLine(r.stderr)).toEqual([`arbiter: unknown rule set "${name}": use one of ing, new-ing, zhang, grand, chinese, japanese, korean, aga, nz, tromp-taylor`]);
    }
    for (const json of ['{"toString":"x"}', '{"name":"chinese","__proto__":{"komi":5}}', '{"name":"constructor"}', '{"constructor":"ing"}']) {
      const r = cli("referee", example, "--rules-json", json);
      expect(r.status, `${json}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^arbiter: unknown (knob|rule set) "(toString|__proto__|constructor)"/);
    }
  });

  it("RU[constructor] in a record is an unknown rule name, not an internal error", () => {
    const r = run("ru.sgf", "(;SZ[9]RU[constructor];B[ee])");
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual([expect.stringMatching(/^arbiter: unknown rules RU\[constructor\] in the record/)]);
  });

  it("over HTTP: 400 naming the name for every request kind (were 500, or 503 with a failed thread)", async () => {
    const s = await buildServer({ threads: 1, maxQueue: 4 });
    try {
      const url = await s.app.listen({ host: "127.0.0.1", port: 0 });
      const sgf = readFileSync(example, "utf8");
      const post = async (path: string, body: unknown) => {
        const r = await fetch(url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: r.status, error: ((await r.json()) as { error: string }).error };
      };
      for (const [path, body, what] of [
        ["/v1/referee", { sgf, rules: "constructor" }, /unknown rule set "constructor"/],
        ["/v1/referee", { sgf, rules: { name: "chinese", toString: "x" } }, /unknown knob "toString"/],
        ["/v1/referee", { sgf: "(;SZ[9]RU[constructor];B[ee])" }, /unknown rules RU\[constructor\]/],
        ["/v1/simulate", { size: 9, games: 10, rules: ["constructor"] }, /unknown rule set "constructor"/],
        ["/v1/prove", { sgf, target: "E5", rules: "__proto__" }, /unknown rule set "__proto__"/],
      ] as [string, unknown, RegExp][]) {
        const a = await post(path, body);
        expect(a.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(a.error).toMatch(what);
      }
    } finally {
      await s.shutdown(100);
    }
  });

  /** POST /v1/prove on the example with fields added, against a server of its own. */
  const proveOver = async (check: (post: (fields: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>) => Promise<void>) => {
    const s = await buildServer({ threads: 1 });
    try {
      await check((fields) => s.app.inject({ method: "POST", url: "/v1/prove", headers: { host: "localhost:80" },
        payload: { sgf: readFileSync(example, "utf8"), target: "E5", seconds: 2, ...fields } }));
    } finally {
      await s.shutdown(100);
    }
  };

  it("prove --question with a value it does not take: exit 2 naming it; over HTTP a 400 naming the field", async () => {
    const r = cli("prove", example, "--target", "E5", "--question", "sideways");
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual(['arbiter: --question takes attacker, defender or both, got "sideways"']);
    await proveOver(async (post) => {
      const res = await post({ question: "constructor" });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).error).toBe('field "question" must be one of "both", "attacker", "defender"');
    });
  });

  it("prove --threats with a value it does not take: exit 2 naming it; over HTTP a 400 naming the field; a good one is echoed", async () => {
    const r = cli("prove", example, "--target", "E5", "--threats", "B:999");
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toEqual(['arbiter: --threats takes B:N,W:M with N and M from 0 to 20, got "B:999"']);
    await proveOver(async (post) => {
      for (const threats of [{ B: 1, X: 2 }, { B: 21 }, { W: -1 }, "B:1"]) {
        const bad = await post({ threats });
        expect(bad.statusCode, JSON.stringify(threats)).toBe(400);
        expect(JSON.parse(bad.body).error).toMatch(/field "threats/);
      }
      const good = await post({ threats: { W: 2 } });
      expect(good.statusCode).toBe(200);
      expect(JSON.parse(good.body).threats).toEqual({ B: 0, W: 2 });
    });
  });

  it("prove --rules constructor is refused (it exited 0)", () => {
    const r = cli("prove", example, "--target", "E5", "--rules", "constructor");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown rule set "constructor"/);
  });
});

describe("GTP lines as GTP 2 section 3.1 reads them (issue 13, 10)", () => {
  const gtp = (input: string) => spawnSync(process.execPath, [MAIN, "gtp"], { cwd: ROOT, input, encoding: "utf8", timeout: 60_000 }).stdout;

  it("a CR is removed, not a line break: one command, one reply", () => {
    // "1 name\rversion" is the command "nameversion"
    expect(gtp("1 name\rversion\n2 name\r\nquit\n")).toBe("?1 unknown command\n\n=2 arbiter\n\n=\n\n");
  });

  it("komi is a decimal number: 0x10 and 1e3 are syntax errors, 6.5 and -3 are komi", () => {
    expect(gtp("1 komi 0x10\n2 komi 1e3\n3 komi 6.5\n4 komi -3\n5 komi .5\nquit\n"))
      .toBe("?1 syntax error: expected komi as a decimal number\n\n?2 syntax error: expected komi as a decimal number\n\n=3\n\n=4\n\n=5\n\n=\n\n");
  });

  it("arbiter-set-rules constructor answers the unknown name, not an internal error", () => {
    expect(gtp("1 arbiter-set-rules constructor\nquit\n")).toMatch(/^\?1 unknown rule set "constructor"/);
  });

  it("a line of a megabyte is answered once and dropped; the next command is read", () => {
    expect(gtp("x".repeat(1 << 20) + "\n2 name\nquit\n")).toBe("? syntax error: a command line longer than 65536 characters\n\n=2 arbiter\n\n=\n\n");
  });
});

describe("HTTP: slow clients, connection cap, Host, page headers (issue 13, 6 and 11)", () => {
  const example = readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8");

  /** A raw connection to the server; resolves with what it got when the server closes it, or
   *  null if it is still open after `ms`. */
  function hold(port: number, send: string, ms: number): Promise<string | null> {
    return new Promise((done) => {
      const sock = connect(port, "127.0.0.1");
      let got = "";
      const timer = setTimeout(() => { sock.destroy(); done(null); }, ms);
      sock.on("data", (d) => { got += d.toString(); });
      sock.on("close", () => { clearTimeout(timer); done(got); });
      sock.on("error", () => {});
      sock.write(send);
    });
  }

  it("a body sent too slowly is cut off after receiveSeconds (was kept 135 s and more)", async () => {
    const s = await buildServer({ threads: 1, limits: { receiveSeconds: 1 } });
    try {
      await s.app.listen({ host: "127.0.0.1", port: 0 });
      const port = (s.app.server.address() as AddressInfo).port;
      const t0 = performance.now();
      const got = await hold(port, `POST /v1/referee HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"sgf":"(;`, 10_000);
      expect(got, "the connection was still open after 10 s").not.toBeNull();
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect(got).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await s.shutdown(100);
    }
  });

  it("connections over the cap are closed at once; the others are served", async () => {
    const s = await buildServer({ threads: 1, limits: { connections: 3 } });
    try {
      await s.app.listen({ host: "127.0.0.1", port: 0 });
      const port = (s.app.server.address() as AddressInfo).port;
      const idle = Array.from({ length: 3 }, () => connect(port, "127.0.0.1"));
      await Promise.all(idle.map((c) => new Promise((r) => c.once("connect", r))));
      await new Promise((r) => setTimeout(r, 100));
      const extra = await hold(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 3_000);
      expect(extra).toBe("");
      for (const c of idle) c.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const ok = await hold(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, 3_000);
      expect(ok).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await s.shutdown(100);
    }
  });

  it("a Host that is not this server's is refused (DNS rebinding); the page has CSP and frame headers", async () => {
    const s = await buildServer({ threads: 1 });
    try {
      const url = await s.app.listen({ host: "127.0.0.1", port: 0 });
      const port = (s.app.server.address() as AddressInfo).port;
      const rebound = await hold(port, `POST /v1/referee HTTP/1.1\r\nHost: evil.example:${port}\r\nContent-Type: application/json\r\nContent-Length: ${JSON.stringify({ sgf: example }).length}\r\n\r\n${JSON.stringify({ sgf: example })}`, 3_000);
      expect(rebound).toMatch(/^HTTP\/1\.1 421/);
      expect(rebound).toMatch(/Host \\"evil\.example:\d+\\" is not this server/);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const r = await hold(port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 3_000);
        expect(r, host).toMatch(/^HTTP\/1\.1 200/);
      }
      const page = await fetch(url + "/");
      expect(page.status).toBe(200);
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/unsafe-inline/);
    } finally {
      await s.shutdown(100);
    }
  });
});

describe("an interrupted simulation reports the games it did (issue 13, 8)", () => {
  it("ranges cover exactly gamesDone games (was [[0, 300000]] with 186,000 done)", async () => {
    const { simulateRun, simulate } = await import("../src/simulate/options.js");
    const run = simulateRun({ size: 5, games: 4000, rules: "chinese", workers: 2, taskSize: 100 });
    let asked = 0;
    // stop once a few tasks have been handed out
    const report = await simulate(run, { sigint: false, stop: () => ++asked > 12 });
    expect(report.interrupted).toBe(true);
    expect(report.gamesDone).toBeGreaterThan(0);
    expect(report.gamesDone).toBeLessThan(4000);
    const covered = report.ranges.reduce((n: number, [a, b]: [number, number]) => n + (b - a), 0);
    expect(covered).toBe(report.gamesDone);
    for (const [a, b] of report.ranges) expect(a % 100 === 0 && b > a && b <= 4000).toBe(true);
  });
});

describe("a hostile body does not hold a thread after its client left (issue 13, 1 and 4)", () => {
  it("120 KB of unclosed values: the thread is free within a second (was held 25 s)", async () => {
    const s = await buildServer({ threads: 1, limits: { bodyBytes: 8 * 1024 * 1024 } });
    try {
      const url = await s.app.listen({ host: "127.0.0.1", port: 0 });
      const gone = new AbortController();
      const sent = fetch(url + "/v1/referee", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ sgf: "(;C[" + "[".repeat(120_000) }), signal: gone.signal }).catch(() => null);
      for (let i = 0; i < 100 && s.pool.stats.started === 0; i++) await new Promise((r) => setTimeout(r, 10));
      gone.abort();
      await sent;
      const t0 = performance.now();
      while (s.pool.stats.running + s.pool.stats.queued > 0 && performance.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 10));
      expect(performance.now() - t0).toBeLessThan(1_000);
      // and the same body answered, not dropped, for a client that waits: a 400 naming the value
      const r = await fetch(url + "/v1/referee", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ sgf: "(;C[" + "[".repeat(120_000) }) });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(/a value is not closed by \]/);
    } finally {
      await s.shutdown(100);
    }
  });
});

describe("--dead auto stops when its answer is no longer wanted (issue 13, 4: every request kind)", () => {
  it("a cancelled referee leaves the groups not settled unresolved, saying why", async () => {
    const { refereeRecord } = await import("../src/api/operations.js");
    const { DISPUTE_BUDGET } = await import("../src/rules/dispute.js");
    const record = readSgf(readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8"));
    const r = refereeRecord(record, { dead: "auto" }, { proveBudget: { ...DISPUTE_BUDGET, cancelled: () => true } });
    const searched = (r.disputes ?? []).filter((d) => d.by !== "benson");
    expect(searched.length).toBeGreaterThan(0);
    for (const d of searched) expect(d).toMatchObject({ status: "unresolved", reason: expect.stringMatching(/^cancelled/) });
  });
});

describe("SIGTERM under load answers every request it took (issue 13, 9)", () => {
  it("16 clients, SIGTERM in the middle: every answer is 200 or 503, no connection reset", async () => {
    const { runLoad } = await import("../bench/serve-load.js");
    const { spawnServer } = await import("./helpers/serve.js");
    const child = await spawnServer();
    try {
      const load = runLoad(child.url, { requests: 4000, concurrency: 16, proveShare: 0.05 });
      await new Promise((r) => setTimeout(r, 700));
      const exited = child.stop("SIGTERM");
      const r = await load;
      expect(await exited).toBe(0);
      // after the listener closed, new connections are refused: those requests were never taken
      const { ECONNREFUSED: refused = 0, ...dropped } = r.failures;
      expect(dropped, JSON.stringify(r.errors.slice(0, 3))).toEqual({});
      for (const e of r.errors) if (e.status !== 0) expect([503]).toContain(e.status);
      expect(refused).toBeLessThan(4000);
    } finally {
      await child.stop("SIGKILL");
    }
  });

  it("connections the kernel queued while the server was busy are answered at SIGTERM, not reset", async () => {
    // (a cause of the test above's rare resets, made certain: a connection waiting in the
    // listener's queue when the listener closes is reset by the kernel. The server is stopped (SIGSTOP) while 8
    // clients connect and send, as a loaded machine holds its event loop; the kernel queues
    // them; SIGTERM arrives with them queued. The stop comes right after the "listening" line,
    // so it also asks that the line come once SIGTERM is handled: it did not, and the server
    // was killed by the signal)
    const { spawnServer } = await import("./helpers/serve.js");
    const child = await spawnServer();
    try {
      child.proc.kill("SIGSTOP");
      const body = JSON.stringify({ sgf: "(;GM[1]FF[4]SZ[9];B[ee])", rules: "chinese" });
      const asked = Array.from({ length: 8 }, (_, i) => fetch(child.url + (i % 2 ? "/healthz" : "/v1/referee"),
        i % 2 ? {} : { method: "POST", headers: { "content-type": "application/json" }, body })
        .then((r) => r.status, (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message));
      await new Promise((r) => setTimeout(r, 300));
      const exited = child.stop("SIGTERM");
      child.proc.kill("SIGCONT");
      const answers = await Promise.all(asked);
      expect(await exited).toBe(0);
      // (answered, none reset: 503, or 200 for one the server took before it handled the signal)
      for (const a of answers) expect([200, 503]).toContain(a);
      await expect(fetch(child.url + "/healthz")).rejects.toThrow();
    } finally {
      child.proc.kill("SIGCONT");
      await child.stop("SIGKILL");
    }
  });
});
