// The native C reference (shared/bench/native-playout/playout.c): compiled with gcc into a
// temporary folder outside the project and run as a child process. It is never copied into
// the project.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface NativeResult {
  size: number;
  games: number;
  moves: number;
  plies: number;
  capped: number;
  /** process CPU time, as the program reports it */
  ms: number;
  wallMs: number;
  /** games per CPU second, as the program reports it */
  playoutsPerSec: number;
}

export type NativeBuild =
  | { ok: true; binary: string; source: string; cleanup: () => void }
  | { ok: false; reason: string };

/** The shared folder: $ARBITER_SHARED, else ../shared beside the project root. */
export function sharedDir(projectRoot: string): string {
  const env = process.env.ARBITER_SHARED;
  return env && env.length > 0 ? resolve(env) : resolve(projectRoot, "..", "shared");
}

export function buildNative(projectRoot: string): NativeBuild {
  const shared = sharedDir(projectRoot);
  const source = join(shared, "bench", "native-playout", "playout.c");
  if (!existsSync(source)) {
    return { ok: false, reason: `${source} not found (set ARBITER_SHARED to the shared folder)` };
  }
  const probe = spawnSync("gcc", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    return { ok: false, reason: "gcc not found on PATH" };
  }
  const dir = mkdtempSync(join(tmpdir(), "arbiter-native-"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const binary = join(dir, "native-playout");
  const cc = spawnSync("gcc", ["-O3", "-march=native", "-o", binary, source], { encoding: "utf8" });
  if (cc.error || cc.status !== 0) {
    cleanup();
    const msg = (cc.stderr || String(cc.error ?? "")).trim().split("\n")[0];
    return { ok: false, reason: `gcc failed: ${msg}` };
  }
  return { ok: true, binary, source, cleanup };
}

export function runNative(binary: string, size: number, games: number): NativeResult {
  const r = spawnSync(binary, ["--size", String(size), "--games", String(games)], { encoding: "utf8" });
  if (r.error || r.status !== 0) {
    throw new Error(`native playout failed (size ${size}): ${(r.stderr || String(r.error)).trim()}`);
  }
  const line = r.stdout.trim().split("\n").find((l) => l.startsWith("{"));
  if (!line) throw new Error(`native playout printed no JSON line: ${r.stdout.slice(0, 200)}`);
  const j = JSON.parse(line) as Record<string, unknown>;
  const num = (k: string): number => {
    const v = j[k];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`native playout: bad field ${k} in ${line}`);
    return v;
  };
  return {
    size: num("size"),
    games: num("games"),
    moves: num("moves"),
    plies: num("plies"),
    capped: num("capped"),
    ms: num("ms"),
    wallMs: num("wallMs"),
    playoutsPerSec: num("playoutsPerSec"),
  };
}
