// `arbiter serve` (HTTP JSON API and the dispute page) and `arbiter gtp` (a GTP v2 engine),
// registered on the program by src/cli/main.ts.
import type { Command } from "commander";
import { ArbiterError } from "../errors.js";
import { KNOB_NAMES } from "../ruleset/ruleset.js";
import { addRuleOptions } from "./options.js";
import { parseWhole, type CliOptions } from "../api/operations.js";

function seconds(name: string, raw: unknown, max: number): number {
  const n = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(n) || n <= 0 || n > max) {
    throw new ArbiterError(`${name} takes seconds from 0 to ${max}, got "${raw}"`);
  }
  return n;
}

export function addServeCommands(program: Command): void {
  program
    .command("serve")
    .description("serve the referee, prove and rules operations as an HTTP JSON API, and the dispute page")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <n>", "TCP port (0: any free port)", "8080")
    .option("--threads <n>", "search threads: every request runs in one (default: up to 2, one core left to the event loop)")
    .option("--queue <n>", "proofs that may wait for a thread; one more is refused with 503", "16")
    .option("--max-nodes <n>", "largest node budget one request may ask for", "20000000")
    .option("--max-seconds <s>", "largest time budget one request may ask for", "60")
    .option("--max-moves <n>", "most moves a game in one request may have", "4096")
    .option("--body-limit <bytes>", "largest request body", "1048576")
    .option("--grace <s>", "on SIGINT/SIGTERM: seconds to let work in flight finish before cancelling it", "5")
    .option("--log", "log every request on stderr")
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      const { serve } = await import("../server/app.js");
      const port = parseWhole("--port", opts.port as string, 0, 65535, 8080);
      const threads = opts.threads === undefined ? undefined : parseWhole("--threads", opts.threads as string, 1, 64, 2);
      const limits = {
        maxNodes: parseWhole("--max-nodes", opts.maxNodes as string, 1, 1e12, 2e7),
        seconds: seconds("--max-seconds", opts.maxSeconds, 86400),
        moves: parseWhole("--max-moves", opts.maxMoves as string, 1, 16000, 4096),
        bodyBytes: parseWhole("--body-limit", opts.bodyLimit as string, 1024, 1 << 30, 1 << 20),
      };
      try {
        await serve(String(opts.host), port, { threads, maxQueue: parseWhole("--queue", opts.queue as string, 0, 100000, 16),
          limits, log: opts.log === true, graceSeconds: seconds("--grace", opts.grace, 3600) });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
          throw new ArbiterError(`cannot listen on ${opts.host}:${port}: ${code}`);
        }
        throw e;
      }
    });

  const gtp = program
    .command("gtp")
    .description("a GTP v2 engine on stdin/stdout: legality, captures and scores by the referee, arbiter-prove, arbiter-cycles")
    .option("--dead <mode>", "dead stones for final_score and final_status_list: auto (proven by capture) or none", "auto")
    .option("--max-nodes <n>", "node budget of arbiter-prove", "20000000")
    .option("--time <seconds>", "time budget of arbiter-prove", "60");
  addRuleOptions(gtp);
  gtp.action(async (opts: Record<string, unknown>) => {
    const { GtpEngine } = await import("../gtp/engine.js");
    const { runGtp } = await import("../gtp/stdio.js");
    const { VERSION } = await import("../api/version.js");
    const dead = String(opts.dead);
    if (dead !== "auto" && dead !== "none") throw new ArbiterError(`--dead takes auto or none, got "${dead}"`);
    const rules: CliOptions = {};
    for (const k of ["rules", "rulesJson", ...KNOB_NAMES]) if (opts[k] !== undefined) rules[k] = opts[k];
    const engine = new GtpEngine({ rules, dead, version: VERSION,
      maxNodes: parseWhole("--max-nodes", opts.maxNodes as string, 1, 1e12, 2e7),
      seconds: seconds("--time", opts.time, 86400) });
    await runGtp(engine, process.stdin, process.stdout);
  });

  program
    .command("analysis")
    .description("KataGo's analysis protocol on stdin/stdout: a JSON query per line, a JSON response per analysed turn (the referee's rulings, cycles, count and result)")
    .action(async () => {
      const { answerLine, MAX_QUERY_CHARS } = await import("../api/analysis.js");
      const { lines } = await import("../gtp/stdio.js");
      for await (const line of lines(process.stdin, MAX_QUERY_CHARS)) {
        if (line === null) {
          process.stdout.write(JSON.stringify({ error: `a query line longer than ${MAX_QUERY_CHARS} characters` }) + "\n");
          continue;
        }
        if (line.trim() === "") continue;
        for (const out of answerLine(line)) process.stdout.write(out + "\n");
      }
    });
}
