// Corpus mode: real game records (SGF files, collections, folders, .tar.gz tarballs) replayed by
// the TypeScript referee under each rule set, in a piscina pool (DESIGN.md 3 `corpus`). Records
// are read here, in order, and sent to the workers in tasks; a broken record is reported in
// `skipped` and never stops the run.
import { createReadStream, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { Piscina } from "piscina";
import { esmWorker } from "../core/built.js";
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { SgfSplitter, type SgfSplit } from "../sgf/split.js";
import { MAX_RECORD_BYTES } from "../sgf/read.js";
import type { TaskQueue } from "../queue/bullmq.js";
import { QUEUE_DEPTH } from "./run.js";
import { per1000Interval } from "./intervals.js";
import { emptyStats, refereeBatch, type CorpusExample, type CorpusItem, type CorpusPart, type CorpusRuleStats } from "./corpus-referee.js";
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
  /** the extensions of SGF files in folders and tarballs (default: sgf) */
  extensions?: string[];
  /** run the tasks on a Redis queue's workers (`--queue`) instead of a local pool */
  queue?: TaskQueue;
}

/** A task holds about this many bytes of SGF. */
const TASK_BYTES = 256 * 1024;
/** A collection is cut into pieces of about this many bytes, read one at a time in a worker: a
 *  piece's games are alive together (a 256 KB piece spent 40% of the run collecting garbage). */
const PIECE_BYTES = 16 * 1024;

export interface CorpusReport {
  games: number;
  skipped: { file: string; why: string }[];
  rules: Record<string, CorpusRuleStats & { ci95Per1000: CorpusIntervals }>;
  examples: { file: string; rules: string; what: string }[];
  files: number;
  workers: number;
  ms: number;
  /** moves refereed under all the rule sets, and per second of the run per worker */
  moves: number;
  movesPerSecondPerWorker: number;
  interrupted: boolean;
  /** the Redis queue whose workers ran the tasks (`--queue`), without its password */
  queue?: string;
}

const isTarball = (p: string) => /\.(tar\.gz|tgz)$/i.test(p);
/** The extensions of SGF-bearing files read from folders and tarballs (`--extensions`). */
export const SGF_EXTENSIONS = ["sgf"];
const hasExtension = (p: string, exts: readonly string[]) => exts.some((e) => p.toLowerCase().endsWith(`.${e.toLowerCase()}`));
const notSgf = (exts: readonly string[]) => `not an SGF file (no ${exts.map((e) => `.${e}`).join(" or ")} extension)`;

/** A record (a file, or a tarball's entry) as its bytes stream in, or why it is skipped. Each
 *  record's bytes must be read to the end (or given up) before the next is asked for. */
export type RecordSource = { kind: "record"; file: string; bytes: AsyncIterable<Buffer> } | { kind: "skip"; file: string; why: string };

/** Every record of the paths, in order: folders sorted and walked, tarballs streamed, files read
 *  in chunks (memory does not grow with a record's size). */
export async function* records(paths: string[], exts: readonly string[] = SGF_EXTENSIONS): AsyncGenerator<RecordSource> {
  for (const p of paths) yield* fromPath(p, true, exts);
}

export type Source = { kind: "item"; file: string; text: string } | { kind: "skip"; file: string; why: string };

/** Every record of the paths, each read whole (at most 16 MB), for the real-data benchmarks. */
export async function* sources(paths: string[]): AsyncGenerator<Source> {
  for await (const r of records(paths)) {
    if (r.kind === "skip") {
      yield r;
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const c of r.bytes) {
        size += c.length;
        if (size <= MAX_RECORD_BYTES) chunks.push(c);
      }
    } catch (e) {
      yield { kind: "skip", file: r.file, why: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
      continue;
    }
    yield size > MAX_RECORD_BYTES ? { kind: "skip", file: r.file, why: `${size} bytes: records over ${MAX_RECORD_BYTES} bytes are refused` }
      : { kind: "item", file: r.file, text: Buffer.concat(chunks).toString("utf8") };
  }
}

async function* fromPath(p: string, named: boolean, exts: readonly string[]): AsyncGenerator<RecordSource> {
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
    for (const n of names) yield* fromPath(join(p, n), false, exts);
    return;
  }
  if (isTarball(p)) {
    yield* fromTarball(p, exts);
    return;
  }
  if (!named && !hasExtension(p, exts)) {
    yield { kind: "skip", file: p, why: notSgf(exts) };
    return;
  }
  const stream = createReadStream(p, { highWaterMark: 1 << 20 });
  try {
    yield { kind: "record", file: p, bytes: stream };
  } finally {
    stream.destroy();
  }
}

async function* fromTarball(p: string, exts: readonly string[]): AsyncGenerator<RecordSource> {
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
      if (!hasExtension(entry.header.name, exts)) {
        entry.resume();
        yield { kind: "skip", file: name, why: notSgf(exts) };
        continue;
      }
      yield { kind: "record", file: name, bytes: entry as AsyncIterable<Buffer> };
      entry.resume(); // whatever the reader left
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

function mergePart(into: CorpusPart, from: CorpusPart, examplesPerKind: number): void {
  into.games += from.games;
  into.skipped.push(...from.skipped);
  for (const [k, s] of Object.entries(from.rules)) {
    const t = (into.rules[k] ??= emptyStats());
    t.games += s.games;
    t.moves += s.moves;
    t.gamesWithCycle += s.gamesWithCycle;
    t.passCycles += s.passCycles;
    t.gamesWithPassCycle += s.gamesWithPassCycle;
    t.resultChanged += s.resultChanged;
    for (const f of ["cycles", "cycleLengths", "forbidden", "results", "resultChangedBy", "endReasons", "decidedBy"] as const) {
      for (const [kk, v] of Object.entries(s[f])) t[f][kk] = (t[f][kk] ?? 0) + v;
    }
  }
  into.examples.push(...from.examples);
  // the earliest examples of each kind are kept as parts come in, so that memory does not grow
  if (into.examples.length > 1000) into.examples = earliestExamples(into.examples, examplesPerKind);
}

/** At most `perKind` examples per rule set and kind of finding, the earliest records first. */
function earliestExamples(examples: CorpusExample[], perKind: number): CorpusExample[] {
  const sorted = examples.sort((a, b) => a.seq - b.seq || (a.rules < b.rules ? -1 : a.rules > b.rules ? 1 : 0));
  const kept = new Map<string, number>();
  return sorted.filter((e) => {
    const k = `${e.rules}|${e.kind}`;
    const n = kept.get(k) ?? 0;
    if (n >= perKind) return false;
    kept.set(k, n + 1);
    return true;
  });
}

/** 95% intervals of the rates of games, per 1000 games (intervals.ts). */
export interface CorpusIntervals {
  gamesWithCycle: [number, number] | null;
  gamesWithPassCycle: [number, number] | null;
  gamesWithIllegalMove: [number, number] | null;
  resultChanged: [number, number] | null;
  results: Record<string, [number, number] | null>;
}

function intervalsOf(s: CorpusRuleStats): CorpusIntervals {
  const illegal = Object.values(s.forbidden).reduce((a, b) => a + b, 0);
  return { gamesWithCycle: per1000Interval(s.gamesWithCycle, s.games), gamesWithPassCycle: per1000Interval(s.gamesWithPassCycle, s.games),
    gamesWithIllegalMove: per1000Interval(illegal, s.games), resultChanged: per1000Interval(s.resultChanged, s.games),
    results: Object.fromEntries(Object.entries(s.results).map(([k, v]) => [k, per1000Interval(v, s.games)])) };
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
  const queue = opts.queue;
  const pool = opts.workers > 1 && !queue
    ? new Piscina({ ...esmWorker(import.meta.url, "corpus-worker.js"), minThreads: opts.workers,
      maxThreads: opts.workers, idleTimeout: 1000 })
    : null;
  let files = 0;
  let trees = 0; // game trees read (--limit)
  let seq = 0;
  const inFlight = new Set<Promise<void>>();
  const status = (final = false) => {
    if (!opts.progress) return;
    const secs = (performance.now() - t0) / 1000;
    process.stderr.write(`\rcorpus: ${files} records read, ${part.games} games refereed, ${secs > 0 ? Math.round(part.games / secs) : 0} games/s  ${final ? "\n" : ""}`);
  };
  const submit = (items: CorpusItem[]) => {
    const task = { items, rules: opts.rules, komiGiven: opts.komiGiven, examplesPerKind: opts.examplesPerKind };
    const run = queue ? queue.runTask<CorpusPart>("corpus", task) : pool ? (pool.run(task) as Promise<CorpusPart>)
      : Promise.resolve().then(() => refereeBatch(task));
    const p = run.then((res) => {
      mergePart(part, res, opts.examplesPerKind);
    }, (e: unknown) => {
      // a task that failed as a whole (a worker out of memory, say) loses its records only
      const why = `internal error: ${(e as Error)?.message ?? String(e)}`;
      for (const it of items) part.skipped.push({ file: it.several ? `${it.file} (the games from #${it.firstTree})` : it.file, why, seq: it.seq });
    }).finally(() => {
      inFlight.delete(p);
      status();
    });
    inFlight.add(p);
  };
  let batch: CorpusItem[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length) submit(batch);
    batch = [];
    batchBytes = 0;
    // keep the queue short: records are read as fast as the workers referee them
    while (inFlight.size >= (queue ? QUEUE_DEPTH : opts.workers * 3)) await Promise.race(inFlight);
  };
  /** A piece of a record (whole game trees) into the batch, or a tree too long to read into `skipped`. */
  const add = async (file: string, x: SgfSplit, several: boolean) => {
    if (trees >= opts.limit) return;
    if (x.kind === "oversize") {
      trees++;
      part.skipped.push({ file: several ? `${file}#${x.tree}` : file, seq: seq++,
        why: `a game tree of ${x.bytes} bytes at line ${x.line}, column ${x.column}: trees over ${MAX_RECORD_BYTES} bytes are refused` });
      return;
    }
    const most = opts.limit - trees;
    trees += Math.max(1, x.trees);
    batch.push({ seq: seq++, file, text: x.text, firstTree: x.firstTree, line: x.line, column: x.column, several,
      ...(most < x.trees ? { most } : {}) });
    batchBytes += x.text.length;
    if (batch.length >= taskSize || batchBytes >= TASK_BYTES) await flush();
  };
  try {
    for await (const src of records(opts.paths, opts.extensions ?? SGF_EXTENSIONS)) {
      if (interrupted || trees >= opts.limit) break;
      if (src.kind === "skip") {
        part.skipped.push({ file: src.file, why: src.why, seq: seq++ });
        continue;
      }
      files++;
      // a record's pieces are held until it is known to hold more than one (then its games are
      // named FILE#N) or it ends
      const splitter = new SgfSplitter(PIECE_BYTES, MAX_RECORD_BYTES);
      const held: SgfSplit[] = [];
      let sent = 0;
      const take = async (xs: SgfSplit[]) => {
        for (const x of xs) {
          held.push(x);
          if (held.length > 1) {
            sent++;
            await add(src.file, held.shift()!, true);
          }
        }
      };
      try {
        for await (const chunk of src.bytes) {
          await take(splitter.push(chunk as Buffer));
          if (interrupted || trees >= opts.limit) break;
        }
        await take(splitter.end());
        for (const y of held.splice(0)) await add(src.file, y, sent > 0);
      } catch (e) {
        part.skipped.push({ file: src.file, why: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, seq: seq++ });
      }
    }
    if (!interrupted) await flush();
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
  const chosen = earliestExamples(part.examples, opts.examplesPerKind).map(({ file, rules, what }) => ({ file, rules, what }));
  const rules: Record<string, CorpusRuleStats & { ci95Per1000: CorpusIntervals }> = {};
  for (const r of opts.rules) {
    const st = part.rules[r.key] ?? emptyStats();
    rules[r.key] = { ...st, ci95Per1000: intervalsOf(st) };
  }
  const moves = Object.values(rules).reduce((n, r) => n + r.moves, 0);
  const movesPerSecondPerWorker = ms > 0 ? Math.round(moves / (ms / 1000) / opts.workers) : 0;
  return { games: part.games, skipped, rules, examples: chosen, files, workers: opts.workers, ms, moves, movesPerSecondPerWorker, interrupted,
    ...(opts.queue ? { queue: opts.queue.address.shown } : {}) };
}

export function corpusTable(r: CorpusReport): string {
  const names = Object.keys(r.rules);
  const out: string[] = [];
  out.push(`${r.games} games from ${r.files} records, ${r.skipped.length} skipped, ${r.ms} ms, ${r.moves} moves refereed ` +
    `(${(r.movesPerSecondPerWorker / 1e6).toFixed(2)} M per second per worker, ${r.workers} worker${r.workers > 1 ? "s" : ""})${r.interrupted ? " (INTERRUPTED: partial)" : ""}`);
  out.push("", "| rule set | games | with a cycle | with a pass cycle (apart) | illegal move | result changed | B | W | draw | void |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const n of names) {
    const s = r.rules[n];
    const illegal = Object.values(s.forbidden).reduce((a, b) => a + b, 0);
    out.push(`| ${n} | ${s.games} | ${s.gamesWithCycle} | ${s.gamesWithPassCycle} | ${illegal} | ${s.resultChanged} | ${s.results.B ?? 0} | ${s.results.W ?? 0} | ${s.results.draw ?? 0} | ${s.results.void ?? 0} |`);
  }
  const ci = (c: [number, number] | null) => (c ? `${c[0]}-${c[1]}` : "-");
  out.push("", "| per 1000 games, 95% interval | with a cycle | with a pass cycle | illegal move | result changed |", "|---|---:|---:|---:|---:|");
  for (const n of names) {
    const c = r.rules[n].ci95Per1000;
    out.push(`| ${n} | ${ci(c.gamesWithCycle)} | ${ci(c.gamesWithPassCycle)} | ${ci(c.gamesWithIllegalMove)} | ${ci(c.resultChanged)} |`);
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
