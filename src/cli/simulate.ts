// The research commands: `arbiter simulate` (rule variants on generated games), `arbiter merge`
// (shards of a simulation), `arbiter corpus` (real game records under several rule sets).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import { ArbiterError } from "../errors.js";
import { KNOB_NAMES } from "../ruleset/ruleset.js";
import { POLICIES, regenerate, type SimSpec } from "../simulate/engine.js";
import { defaultWorkers, type SimReport } from "../simulate/run.js";
import { DEFAULT_RULES, ruleList, simulate, simulateRun, whole } from "../simulate/options.js";
import { csvReport, gameSpans, markdownReport, mergeReports, missingGames, svgReport } from "../simulate/report.js";
import { gameSgf } from "../simulate/sgf-out.js";
import { runCorpus, corpusTable } from "../simulate/corpus.js";
import { runQueueWorker } from "../simulate/queue-worker.js";
import { TaskQueue } from "../queue/bullmq.js";

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function addKnobOptions(cmd: Command): void {
  for (const knob of KNOB_NAMES) {
    cmd.addOption(new Option(`--${kebab(knob)} <value>`, `override the ${knob} knob of every rule set`).hideHelp(knob !== "komi" && knob !== "ko" && knob !== "suicide"));
  }
}

function outputReport(r: SimReport, opts: Record<string, unknown>): void {
  if (typeof opts.svg === "string") {
    try {
      writeFileSync(opts.svg, svgReport(r));
    } catch (e) {
      throw new ArbiterError(`cannot write ${opts.svg}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  if (opts.json) process.stdout.write(JSON.stringify(r) + "\n");
  else if (opts.csv) process.stdout.write(csvReport(r));
  else process.stdout.write(markdownReport(r));
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);

/** Regenerates each example game from its index and saves it as SGF in dir. */
function writeExamples(r: SimReport, spec: SimSpec, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new ArbiterError(`cannot create ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const index = new Map(spec.rules.map((x, i) => [x.key, i]));
  for (const e of r.examples) {
    const ri = index.get(e.rules);
    if (ri === undefined) continue;
    const g = regenerate(spec, ri, e.game);
    const rules = spec.rules[ri].rules;
    const what = e.under ? `replayed under ${e.under}: ${e.what}` : e.what;
    const file = `${e.rules}${e.under ? `-under-${e.under}` : ""}-${slug((e.key ?? e.what).replace(e.under ? /^pair:[^:]*:[^:]*:/ : /^[^:]*:[^:]*:/, ""))}-game${e.game}.sgf`;
    const notes = new Map<number, string>();
    const moveNo = /move (\d+)/.exec(e.what);
    if (moveNo) notes.set(Number(moveNo[1]), e.what);
    writeFileSync(join(dir, file), gameSgf({
      width: spec.width, height: spec.height, moves: g.moves ?? [], rules: e.rules, komi: rules.komi, result: g.verdict.result,
      comment: `arbiter simulate: game ${e.game} of seed ${spec.seed}, policy ${spec.policy}, played under ${e.rules}; ${what}`,
      notes,
    }));
    e.file = join(dir, file);
  }
}

/** Runs `body` with the Redis queue named by --queue (or none), and closes it after. */
async function withQueue<T>(url: unknown, body: (queue: TaskQueue | undefined) => Promise<T>): Promise<T> {
  if (url === undefined) return body(undefined);
  const queue = await TaskQueue.open(String(url));
  try {
    return await body(queue);
  } finally {
    await queue.close();
  }
}

export function registerResearchCommands(program: Command): void {
  program
    .command("worker")
    .description("take simulate and corpus tasks from a Redis queue and run them on this machine's threads, until Ctrl-C")
    .requiredOption("--queue <url>", "the queue: redis://HOST:PORT (the same as the commands' --queue)")
    .option("--workers <w>", "threads", String(defaultWorkers()))
    .option("--lock-seconds <s>", "a task held by a worker that died goes back to the queue after about this many seconds", "10")
    .action(async (opts: Record<string, unknown>) => {
      const workers = whole("--workers", opts.workers, 1, 64);
      const lockSeconds = whole("--lock-seconds", opts.lockSeconds, 1, 3600);
      await runQueueWorker({ queue: String(opts.queue), workers, lockSeconds, log: (line) => process.stderr.write(line + "\n") });
    });

  const sim = program
    .command("simulate")
    .description("play games in WebAssembly under each rule set (its exact legality) and compare: results, ends, forbidden moves, cycles")
    .option("--rules <list>", "comma-separated rule sets", DEFAULT_RULES)
    .option("--size <n>", "board size 2..19 (or WxH)", "9")
    .option("--games <n>", "games per rule set", "1000")
    .option("--seed <s>", "PRNG seed 0..4294967295 (game i's PRNG comes from seed and i only)", "1")
    .option("--workers <w>", "worker threads", String(defaultWorkers()))
    .option("--policy <p>", `move choice: ${POLICIES.join(" or ")}`, "light")
    .option("--paired", "replay every game under every other rule set and report where they disagree")
    .option("--examples <dir>", "save an example game (SGF) of every cycle kind, void and disagreement")
    .option("--shard <i/n>", "run the i-th of n slices of the game indices (merge the JSON with arbiter merge)")
    .option("--json", "print JSON (sums and counts, mergeable)")
    .option("--csv", "print CSV (one figure per row)")
    .option("--svg <file>", "write a bar chart of cycle frequencies per rule set")
    .option("--no-progress", "no progress bar (it is shown only when stderr is a terminal)")
    .option("--queue <url>", "run the tasks on the workers of a Redis queue (redis://HOST:PORT; start them with arbiter worker)")
    .addOption(new Option("--task-size <n>", "games per task").hideHelp());
  addKnobOptions(sim);
  sim.action(async (opts: Record<string, unknown>) => {
    if (opts.json && opts.csv) throw new ArbiterError("give --json or --csv, not both");
    const run = simulateRun(opts);
    const report = await withQueue(opts.queue, (queue) => simulate(run, { progress: opts.progress !== false && !!process.stderr.isTTY, queue }));
    if (typeof opts.examples === "string") writeExamples(report, run.spec, opts.examples);
    outputReport(report, opts);
    if (report.interrupted) process.exitCode = 130;
  });

  program
    .command("merge")
    .description("combine the JSON reports of simulate shards into the report of the whole run")
    .argument("<reports...>", "JSON files from arbiter simulate --shard i/n --json")
    .option("--json", "print JSON")
    .option("--csv", "print CSV")
    .option("--svg <file>", "write a bar chart of cycle frequencies")
    .action((files: string[], opts: Record<string, unknown>) => {
      if (opts.json && opts.csv) throw new ArbiterError("give --json or --csv, not both");
      const r = mergeReports(files);
      const missing = missingGames(r);
      if (missing.length) {
        process.stderr.write(`arbiter merge: ${gameSpans(missing)} of the run's ${r.games} are in none of these reports: ` +
          `the result is a part of the run (merge every shard's report for the whole)\n`);
      }
      outputReport(r, opts);
    });

  const corpus = program
    .command("corpus")
    .description("replay real game records (SGF files, collections, folders, .tar.gz) under each rule set with the referee")
    .argument("<paths...>", "SGF files, folders or tarballs")
    .option("--rules <list>", "comma-separated rule sets", DEFAULT_RULES)
    .option("--workers <w>", "worker threads", String(defaultWorkers()))
    .option("--limit <n>", "read at most n games (game trees)")
    .option("--extensions <list>", "extensions of the SGF files read from folders and tarballs (a file named on the command line is always read)", "sgf")
    .option("--examples <n>", "examples to list per rule set and kind of finding", "3")
    .option("--json", "print JSON")
    .option("--no-progress", "no progress bar (it is shown only when stderr is a terminal)")
    .option("--queue <url>", "referee the records on the workers of a Redis queue (redis://HOST:PORT; start them with arbiter worker)");
  addKnobOptions(corpus);
  corpus.action(async (paths: string[], opts: Record<string, unknown>) => {
    const rules = ruleList(opts.rules, opts);
    const workers = whole("--workers", opts.workers, 1, 64);
    const limit = opts.limit === undefined ? Infinity : whole("--limit", opts.limit, 1, 2 ** 31 - 1);
    const examples = whole("--examples", opts.examples, 0, 1000);
    const komiGiven = typeof opts.komi === "string";
    const extensions = String(opts.extensions).split(",").map((e) => e.trim().replace(/^\./, ""));
    if (extensions.some((e) => !/^[A-Za-z0-9][A-Za-z0-9.]{0,15}$/.test(e))) {
      throw new ArbiterError(`--extensions ${String(opts.extensions)}: expected a comma-separated list like sgf,mgt`);
    }
    const r = await withQueue(opts.queue, (queue) => runCorpus({ paths, rules, workers, limit, examplesPerKind: examples, komiGiven,
      extensions, progress: opts.progress !== false && !!process.stderr.isTTY, queue }));
    if (opts.json) process.stdout.write(JSON.stringify(r) + "\n");
    else process.stdout.write(corpusTable(r));
    if (r.interrupted) process.exitCode = 130;
  });
}
