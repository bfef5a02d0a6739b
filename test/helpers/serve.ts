// Helpers for the server and GTP tests: the built CLI in a child process, the server in this
// process, JSON requests over loopback, and a small GTP client that talks to `arbiter gtp` the
// way GoGui's tools do (commands with ids, answers "=id ..."/"?id ..." ended by an empty line).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MAIN = join(ROOT, "dist", "src", "cli", "main.js");

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.ARBITER_DEBUG;
  delete env.NODE_OPTIONS;
  return env;
}

export interface Run { status: number | null; stdout: string; stderr: string }

/** The built CLI, run to completion. */
export function arbiter(...args: string[]): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env: cleanEnv(), encoding: "utf8", timeout: 60_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface Answer { status: number; text: string; json: any; ms: number }

export async function request(url: string, body?: unknown, init: RequestInit = {}): Promise<Answer> {
  const t0 = performance.now();
  const r = await fetch(url, body === undefined ? init : {
    method: "POST", headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body), ...init,
  });
  const text = await r.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the test looks at the text
  }
  return { status: r.status, text, json, ms: performance.now() - t0 };
}

export interface Child {
  url: string;
  proc: ChildProcessWithoutNullStreams;
  stderr: () => string;
  stdout: () => string;
  /** sends a signal and resolves with the exit code */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `arbiter serve --port 0 ...` in a child process; resolves once it listens. */
export function spawnServer(...args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, [MAIN, "serve", "--host", "127.0.0.1", "--port", "0", ...args],
    { cwd: ROOT, env: cleanEnv(), stdio: "pipe" });
  let out = "";
  let err = "";
  proc.stderr.on("data", (d) => { err += d; });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill("SIGKILL"); reject(new Error(`server did not start: ${err}`)); }, 20_000);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], proc, stderr: () => err, stdout: () => out,
          stop: (signal = "SIGTERM") => { if (proc.exitCode === null) proc.kill(signal); return exited; } });
      }
    });
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${err}`)); });
  });
}

export interface GtpAnswer { ok: boolean; id: string; text: string }

/** A GTP controller: one command at a time, answers matched by id. */
export class GtpClient {
  readonly proc: ChildProcessWithoutNullStreams;
  private buffer = "";
  private waiting: ((a: GtpAnswer) => void) | null = null;
  private nextId = 1;
  stderr = "";

  constructor(...args: string[]) {
    this.proc = spawn(process.execPath, [MAIN, "gtp", ...args], { cwd: ROOT, env: cleanEnv(), stdio: "pipe" });
    this.proc.stdout.setEncoding("utf8");
    this.proc.stdout.on("data", (d: string) => { this.buffer += d; this.drain(); });
    this.proc.stderr.on("data", (d) => { this.stderr += d; });
  }

  private drain(): void {
    const end = this.buffer.indexOf("\n\n");
    if (end < 0 || !this.waiting) return;
    const block = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end + 2);
    const m = /^([=?])(\d*)(?: ([\s\S]*)|\n([\s\S]*))?$/.exec(block);
    if (!m) throw new Error(`not a GTP answer: ${JSON.stringify(block)}`);
    const w = this.waiting;
    this.waiting = null;
    w({ ok: m[1] === "=", id: m[2], text: m[3] ?? (m[4] !== undefined ? `\n${m[4]}` : "") });
  }

  /** Sends one command with a fresh id; resolves with its answer (checked to carry that id). */
  send(command: string, timeoutMs = 30_000): Promise<GtpAnswer> {
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to "${command}" in ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      this.waiting = (a) => {
        clearTimeout(timer);
        if (a.id !== id) reject(new Error(`answer id ${a.id} to command id ${id}`));
        else resolve(a);
      };
      this.proc.stdin.write(`${id} ${command}\n`);
      this.drain();
    });
  }

  /** Sends a command that must succeed; resolves with its text. */
  async ok(command: string): Promise<string> {
    const a = await this.send(command);
    if (!a.ok) throw new Error(`"${command}" failed: ${a.text}`);
    return a.text;
  }

  close(): Promise<number | null> {
    return new Promise((resolve) => {
      if (this.proc.exitCode !== null) return resolve(this.proc.exitCode);
      const timer = setTimeout(() => this.proc.kill("SIGKILL"), 5000);
      this.proc.on("exit", (code) => { clearTimeout(timer); resolve(code); });
      this.proc.stdin.end();
    });
  }
}
