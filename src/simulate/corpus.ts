// Corpus mode: real game records (SGF files, collections, folders, .tar.gz tarballs) replayed by
// the TypeScript referee under each rule set, in a piscina pool (DESIGN.md 3 `corpus`). Records
// are read here, in order, and sent to the workers in tasks; a broken record is reported in
// `skipped` and never stops the run.
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { Piscina } from "piscina";
import { esmWorker } from "../core/built.js";
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { refereeBatch, type CorpusItem, type CorpusPart, type CorpusRuleStats } from "./corpus-referee.js";
export type { CorpusRuleStats };

export interface CorpusOptions {
  paths: string[];
  rules: { key: string; rules: RuleSet }[];
  workers: number;
  /** read at most this many records (files or tarball entries) */
  limit: number;
  examplesPerKind: number;
  /** --komi given: it overrides the records' KM */
  komiGiven: boolean;
  progress: boolean;
  /** records per task */
  taskSize?: number;
}

export interface CorpusReport {
  games: number;
  skipped: { file: string; why: string }[];
  rules: Record<string, CorpusRuleStats>;
  examples: { file: string; rules: string; what: string }[];
  files: number;
  workers: number;
  ms: number;
  interrupted: boolean;
}

const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const isTarball = (p: string) => /\.(tar\.gz|tgz)$/i.test(p);
const isSgf = (p: string) => /\.sgf$/i.test(p);

export type Source = { kind: "item"; file: string; text: string } | { kind: "skip"; file: string; why: string };

/** Every record of the paths, in order: folders sorted and walked, tarballs streamed (also for the
 *  real-data benchmarks). */
export async function* sources(paths: string[]): AsyncGenerator<Source> {
  for (const p of paths) yield* fromPath(p, true);
}

async function* fromPath(p: string, named: boolean): AsyncGenerator<Source> {
  let st;
  try {
    st = statSync(p);
  } catch (e) {
    yield { kind: "skip", file: p, why: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
    return;
  }
  if (st.isDirectory()) {
    let names: string[];
    try {
      names = readdirSync(p).sort();
    } catch (e) {
      yield { kind: "skip", file: p, why: `cannot list the folder: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
      return;
    }
    for (const n of names) yield* fromPath(join(p, n), false);
    return;
  }
  if (isTarball(p)) {
    yield* fromTarball(p);
    return;
  }
  if (!named && !isSgf(p)) {
    yield { kind: "skip", file: p, why: "not an SGF file (no .sgf extension)" };
    return;
  }
  if (st.size > MAX_RECORD_BYTES) {
    yield { kind: "skip", file: p, why: `${st.size} bytes: records over ${MAX_RECORD_BYTES} bytes are refused` };
    return;
  }
  try {
    yield { kind: "item", file: p, text: readFileSync(p, "utf8") };
  } catch (e) {
    yield { kind: "skip", file: p, why: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
}

async function* fromTarball(p: string): AsyncGenerator<Source> {
  const extract = tar.extract();
  const input = createReadStream(p);
  const gunzip = createGunzip();
  const fail = (e: Error) => extract.destroy(e);
  input.on("error", fail);
  gunzip.on("error", fail);
  input.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const name = `${p}:${entry.header.name}`;
      if (entry.header.type !== "file") {
        entry.resume();
        continue;
      }
      if (!isSgf(entry.header.name)) {
        entry.resume();
        yield { kind: "skip", file: name, why: "not an SGF file (no .sgf extension)" };
        continue;
      }
      if (entry.header.size > MAX_RECORD_BYTES) {
        entry.resume();
        yield { kind: "skip", file: name, why: `${entry.header.size} bytes: records over ${MAX_RECORD_BYTES} bytes are refused` };
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      yield { kind: "item", file: name, text: Buffer.concat(chunks).toString("utf8") };
    }
  } catch (e) {
    yield { kind: "skip", file: p, why: `broken tarball: ${(e as Error).message}` };
  } finally {
    input.destroy();
  }
}

function emptyReport(): CorpusPart {
  return { games: 0, skipped: [], rules: {}, examples: [] };
}

function mergePart(into: CorpusPart, from: CorpusPart): void {
  into.games += from.games;
  into.skipped.push(...from.skipped);
  for (const [k, s] of Object.entries(from.rules)) {
    const t = (into.rules[k] ??= { games: 0, gamesWithCycle: 0, cycles: {}, cycleLengths: {}, forbidden: {}, results: {},
      resultChanged: 0, resultChangedBy: {}, endReasons: {}, decidedBy: {} });
    t.games += s.games;
    t.gamesWithCycle += s.gamesWithCycle;
    t.resultChanged += s.resultChanged;
    for (const f of ["cycles", "cycleLengths", "forbidden", "results", "resultChangedBy", "endReasons", "decidedBy"] as const) {
      for (const [kk, v] of Object.entries(s[f])) t[f][kk] = (t[f][kk] ?? 0) + v;
    }
  }
  into.examples.push(...from.examples);
}

/** Replays every record of the paths under each rule set. A missing path is an error (exit 2);
 *  anything wrong inside the corpus is reported in `skipped`. */
export async function runCorpus(opts: CorpusOptions): Promise<CorpusReport> {
  if (!opts.paths.length) throw new ArbiterError("corpus needs a folder, an SGF file or a .tar.gz");
  for (const p of opts.paths) {
    try {
      statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new ArbiterError(`cannot read ${p}: ${code === "ENOENT" ? "no such file or folder" : code ?? (e as Error).message}`);
    }
  }
  const t0 = performance.now();
  const part = emptyReport();
  const taskSize = opts.taskSize ?? 25;
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write("\narbiter: interrupted: finishing the records under way, then reporting what was done (Ctrl-C again to quit)\n");
  };
  process.on("SIGINT", onSigint);
  // one worker: the records are refereed in this thread between reads
  const pool = opts.workers > 1
    ? new Piscina({ ...esmWorker(import.meta.url, "corpus-worker.js"), minThreads: opts.workers,
      maxThreads: opts.workers, idleTimeout: 1000 })
    : null;
  let files = 0;
  let seq = 0;
  const inFlight = new Set<Promise<void>>();
  const status = (final = false) => {
    if (!opts.progress) return;
    const secs = (performance.now() - t0) / 1000;
    process.stderr.write(`\rcorpus: ${files} records read, ${part.games} games refereed, ${secs > 0 ? Math.round(part.games / secs) : 0} games/s  ${final ? "\n" : ""}`);
  };
  const submit = (items: CorpusItem[]) => {
    const task = { items, rules: opts.rules, komiGiven: opts.komiGiven, examplesPerKind: opts.examplesPerKind };
    const run = pool ? (pool.run(task) as Promise<CorpusPart>) : Promise.resolve(refereeBatch(task));
    const p = run.then((res) => {
      mergePart(part, res);
      status();
    }).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  try {
    let batch: CorpusItem[] = [];
    for await (const src of sources(opts.paths)) {
      if (interrupted || files >= opts.limit) break;
      if (src.kind === "skip") {
        part.skipped.push({ file: src.file, why: src.why, seq: seq++ });
        continue;
      }
      files++;
      batch.push({ seq: seq++, file: src.file, text: src.text });
      if (batch.length >= taskSize) {
        submit(batch);
        batch = [];
        // keep the queue short: a tarball is read as fast as the workers referee it
        while (inFlight.size >= opts.workers * 3) await Promise.race(inFlight);
      }
    }
    if (batch.length && !interrupted) submit(batch);
    await Promise.all(inFlight);
  } finally {
    process.off("SIGINT", onSigint);
    await pool?.destroy();
    status(true);
  }
  return finish(part, opts, files, Math.round(performance.now() - t0), interrupted);
}

function finish(part: CorpusPart, opts: CorpusOptions, files: number, ms: number, interrupted: boolean): CorpusReport {
  const bySeq = <T extends { seq?: number }>(a: T, b: T) => (a.seq ?? 0) - (b.seq ?? 0);
  const skipped = part.skipped.sort(bySeq).map(({ file, why }) => ({ file, why }));
  const examples = part.examples.sort((a, b) => a.seq - b.seq || (a.rules < b.rules ? -1 : a.rules > b.rules ? 1 : 0));
  // at most examplesPerKind per rule set and kind of finding, the earliest records first
  const kept = new Map<string, number>();
  const chosen = examples.filter((e) => {
    const k = `${e.rules}|${e.kind}`;
    const n = kept.get(k) ?? 0;
    if (n >= opts.examplesPerKind) return false;
    kept.set(k, n + 1);
    return true;
  }).map(({ file, rules, what }) => ({ file, rules, what }));
  const rules: Record<string, CorpusRuleStats> = {};
  for (const r of opts.rules) {
    rules[r.key] = part.rules[r.key] ?? { games: 0, gamesWithCycle: 0, cycles: {}, cycleLengths: {}, forbidden: {}, results: {},
      resultChanged: 0, resultChangedBy: {}, endReasons: {}, decidedBy: {} };
  }
  return { games: part.games, skipped, rules, examples: chosen, files, workers: opts.workers, ms, interrupted };
}

export function corpusTable(r: CorpusReport): string {
  const names = Object.keys(r.rules);
  const out: string[] = [];
  out.push(`${r.games} games from ${r.files} records, ${r.skipped.length} skipped, ${r.ms} ms${r.interrupted ? " (INTERRUPTED: partial)" : ""}`);
  out.push("", "| rule set | games | with a cycle | illegal move | result changed | B | W | draw | void |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const n of names) {
    const s = r.rules[n];
    const illegal = Object.values(s.forbidden).reduce((a, b) => a + b, 0);
    out.push(`| ${n} | ${s.games} | ${s.gamesWithCycle} | ${illegal} | ${s.resultChanged} | ${s.results.B ?? 0} | ${s.results.W ?? 0} | ${s.results.draw ?? 0} | ${s.results.void ?? 0} |`);
  }
  const rows = (f: "cycles" | "forbidden" | "cycleLengths" | "resultChangedBy") => [...new Set(names.flatMap((n) => Object.keys(r.rules[n][f])))].sort();
  for (const [f, title] of [["cycles", "cycles by kind"], ["forbidden", "first illegal move by reason"],
    ["cycleLengths", "games by shortest cycle"], ["resultChangedBy", "result changed, decided by"]] as const) {
    const keys = rows(f);
    if (!keys.length) continue;
    out.push("", `| ${title} | ${names.join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`);
    for (const k of keys) out.push(`| ${k} | ${names.map((n) => r.rules[n][f][k] ?? 0).join(" | ")} |`);
  }
  if (r.examples.length) {
    out.push("", "Examples:");
    for (const e of r.examples) out.push(`- ${e.file} (${e.rules}): ${e.what}`);
  }
  if (r.skipped.length) {
    out.push("", `Skipped (${r.skipped.length}):`);
    for (const s of r.skipped.slice(0, 20)) out.push(`- ${s.file}: ${s.why}`);
    if (r.skipped.length > 20) out.push(`- ... ${r.skipped.length - 20} more (see --json)`);
  }
  return out.join("\n") + "\n";
}
