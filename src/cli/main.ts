#!/usr/bin/env node
// The `arbiter` command. Errors are printed as one line naming the problem (exit 2); a record
// with an illegal move is refereed and exits 3; an internal fault exits 1.
import { Command, CommanderError } from "commander";
import { ArbiterError } from "../errors.js";
import { readGameArg } from "../api/record-arg.js";
import { summary, explain } from "../rules/explain.js";
import { PRESETS } from "../ruleset/ruleset.js";
import { runPlayouts } from "../core/playouts.js";
import { questionSgf } from "../prove/position.js";
import { koWords } from "../prove/prove.js";
import { cycleCensus, playoutAsSgf, type Census } from "../simulate/cycle-census.js";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { addRuleOptions } from "./options.js";
import { registerResearchCommands } from "./simulate.js";
import { addServeCommands } from "./serve.js";
import { jsonText, proveRecord, refereeRecord, rulesText } from "../api/operations.js";
import { proveInThread } from "../api/prove-thread.js";
import { gapsInThread, solveInThread } from "../api/solve-thread.js";
import { solveJob, solveSgf, solveText, gapSgf, gapText } from "../api/solve-run.js";
import { parseWhole } from "../api/operations.js";
import { rulingSgf } from "../api/ruling-sgf.js";
import { DISPUTE_BUDGET } from "../rules/dispute.js";

export const EXIT_ILLEGAL_MOVE = 3;
/** A search cut short by Ctrl-C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;
/** The same cut short by SIGTERM (a job scheduler's stop: 128 + SIGTERM). */
export const EXIT_TERMINATED = 143;

/** Ctrl-C and SIGTERM both stop a long search the same way: what it found is printed. Calls
 *  `stop` on the first; `off()` removes the handlers, `signal()` says which came. */
function onStopSignals(stop: () => void): { off: () => void; signal: () => NodeJS.Signals | undefined } {
  let seen: NodeJS.Signals | undefined;
  const handler = (sig: NodeJS.Signals) => { seen ??= sig; stop(); };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
  return { off: () => { process.off("SIGINT", handler); process.off("SIGTERM", handler); }, signal: () => seen };
}
/** A long search's progress on one line of a terminal, at most twice a second (nothing where
 *  stderr is not a terminal); `end()` closes the line. */
function terminalProgress(): { say: (text: string) => void; end: () => void } {
  let last = 0;
  return {
    say: (text) => {
      const now = Date.now();
      if (process.stderr.isTTY && now - last > 500) { last = now; process.stderr.write(`\r${text}   `); }
    },
    end: () => { if (process.stderr.isTTY && last > 0) process.stderr.write("\n"); },
  };
}
const exitFor = (sig: NodeJS.Signals): number => (sig === "SIGTERM" ? EXIT_TERMINATED : EXIT_INTERRUPTED);
const signalName = (sig: NodeJS.Signals): string => (sig === "SIGTERM" ? "SIGTERM" : "Ctrl-C");

/** Writes a file the command was asked for; a failure is bad input naming the option. */
function writeOut(flag: string, path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new ArbiterError(`${flag}: cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A file the command will write: its directory must exist (checked before the work). */
function writableFile(flag: string, path: string): void {
  const dir = dirname(path);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new ArbiterError(`${flag} ${path}: there is no directory ${dir}`);
}

function censusTable(c: Census): string {
  const lines = [`${c.games} light playouts on ${c.width}x${c.height} (ko ${c.ko}, seed ${c.seed}): ${c.gamesWithCycle} games with a cycle, ${c.ms} ms`,
    "| kind | cycles | per 1000 games |", "|---|---:|---:|"];
  for (const [k, v] of Object.entries(c.byKind).sort((a, b) => b[1] - a[1])) lines.push(`| ${k} | ${v} | ${c.perThousandGames[k]} |`);
  if (c.dropped) lines.push(`(${c.dropped} cycles were not logged: the event buffer was full)`);
  return lines.join("\n");
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name("arbiter")
    .description("A rules engine for Go: referee game records, prove dead stones, simulate rule variants")
    .version("0.1.0")
    .exitOverride()
    .configureOutput({
      // a usage error is one line, with commander's "(Did you mean ...?)" hint joined onto it
      writeErr: (s) => process.stderr.write(s.startsWith("error: ")
        ? `arbiter: ${s.slice(7).trim().replace(/\s*\n\s*/g, " ")}\n` : s),
    });

  const ref = program
    .command("referee")
    .description("replay a game record's main line and rule on every move, the end and the score")
    .argument("<game.sgf>", "SGF game record: FILE (its first game), FILE#N (the Nth game of a collection) or - (standard input)")
    .option("--dead <list>", "dead stones: none, auto (proven by capture), sgf (the players' TB/TW/DD marks), or GTP vertices each naming a dead string (D4,E5)", "none")
    .option("--own-black <list>", "Grand Rules: points only Black has the right to occupy (D4,E5)")
    .option("--own-white <list>", "Grand Rules: points only White has the right to occupy")
    .option("--seki <list>", "territory counting: stones in seki, each naming its string (no points in seki)")
    .option("--time <BT[,pp|rs:SECONDS:PERIODS]>", "time control: base time in seconds and the overtime (pp: Ing's penalty points, the default under ing; rs: read-second periods); default: the record's TM and OT")
    .option("--time-used <B:SECONDS,W:SECONDS>", "the time each player used; default: the record's clock (BL/WL)")
    .option("--json", "print the ruling as JSON")
    .option("--explain", "print a readable account that names the clause of each ruling")
    .option("--sgf-out <file>", "write the record with the rulings: a comment on every move, the cycles, the end, territory and dead-stone marks, the proof trees of --dead auto as variations");
  addRuleOptions(ref);
  ref.action(async (file: string, opts: Record<string, unknown>) => {
    if (typeof opts.sgfOut === "string") writableFile("--sgf-out", opts.sgfOut);
    const record = await readGameArg(file);
    // the same code path as POST /v1/referee and the GTP engine (src/api/operations.ts)
    // (with --sgf-out the disputes' proof trees are kept, to be written)
    const ruling = refereeRecord(record, opts, typeof opts.sgfOut === "string" ? { proveBudget: { ...DISPUTE_BUDGET, proofs: true } } : {});
    if (typeof opts.sgfOut === "string") writeOut("--sgf-out", opts.sgfOut, rulingSgf(record, ruling));
    if (opts.json) process.stdout.write(jsonText(ruling));
    else if (opts.explain) process.stdout.write(explain(ruling) + "\n");
    else process.stdout.write(summary(ruling) + "\n");
    const illegal = ruling.moves.find((m) => !m.legal);
    if (illegal) {
      process.stderr.write(`arbiter: move ${illegal.n} (${illegal.color} ${illegal.point ?? `[${illegal.sgf}]`}) is illegal: ${illegal.reason}\n`);
      process.exitCode = EXIT_ILLEGAL_MOVE;
    }
  });

  const proveCmd = program
    .command("prove")
    .description("decide by exhaustive continued play whether the target stones can be captured")
    .argument("<position.sgf>", "SGF: setup and moves up to the disputed position (FILE, FILE#N or - as for referee)")
    .requiredOption("--target <list>", "one stone of each target string (D4,E5)")
    .option("--to-move <colour>", "B or W: who moves first when play resumes (default: the player to move after the record)")
    .option("--moves <n>", "play only the first n moves of the main line (0: the setup alone, as for a problem whose main line is its solution)")
    .option("--max-nodes <n>", "node budget", "20000000")
    .option("--time <seconds>", "time budget", "60")
    .option("--workers <n>", "threads (1: one search thread; 2 or more: a team of threads over one table, see docs/prove.md)", "1")
    .option("--question <which>", "attacker (can the attacker capture, moving first?), defender (with the defender moving first?) or both", "both")
    .option("--threats <B:N,W:M>", "outside ko threats each side holds (default none, as in a finished game)")
    .option("--proof <file.sgf>", "write the proof trees as SGF variations")
    .option("--json", "print JSON");
  addRuleOptions(proveCmd);
  proveCmd.action(async (file: string, opts: Record<string, unknown>) => {
    // where the proof goes is checked before the search, whose work would be lost after it
    if (typeof opts.proof === "string") writableFile("--proof", opts.proof);
    const controller = new AbortController();
    const record = await readGameArg(file);
    const wantProof = typeof opts.proof === "string";
    // a problem file's main line is often its solution: say which position is proven
    if (opts.moves === undefined && record.moves.length > 0 && record.setup.some((c) => c !== 0)) {
      process.stderr.write(`arbiter: proving the position after the record's ${record.moves.length} move${record.moves.length === 1 ? "" : "s"} ` +
        "(for a problem whose main line is its solution, --moves 0 takes the setup alone)\n");
    }
    // the same code path as POST /v1/prove and GTP arbiter-prove (src/api/operations.ts); one
    // search thread runs off the main thread, so that Ctrl-C reaches it
    const oneThread = opts.workers === undefined || Number(String(opts.workers)) === 1;
    const thread = oneThread ? proveInThread(record, opts, wantProof) : null;
    const stops = onStopSignals(() => { controller.abort(); thread?.cancel(); });
    const { pos, rules, result, out } = await (thread ? thread.done
      : proveRecord(record, opts, { signal: controller.signal }, wantProof)).finally(stops.off);
    // interrupted: what was found is printed, and the exit status says it was cut short
    const stoppedBy = stops.signal();
    if (stoppedBy) process.exitCode = exitFor(stoppedBy);
    if (typeof opts.proof === "string") {
      const sides = [["attacker first", result.attackerFirst], ["defender first", result.defenderFirst]] as const;
      for (const [label, q] of sides) {
        const text = questionSgf(pos, rules.name, label, q);
        if (text) writeOut("--proof", opts.proof.replace(/(\.sgf)?$/i, label === "attacker first" ? "-attacker-first.sgf" : "-defender-first.sgf"), text);
      }
    }
    const { attackerFirst, defenderFirst } = result;
    if (opts.json) process.stdout.write(jsonText(out));
    else {
      const whose = `target ${result.target.join(" ")}, ${result.defender === "B" ? "Black" : "White"}'s, under ${rules.name}`;
      const answer = (q: typeof attackerFirst) => `${q.captured === null ? "unknown" : q.captured ? "captured" : "not captured"}${q.ko ? ` (${koWords(q.ko)})` : ""}  ${q.line.join(", ")}`;
      if (result.question === "both") {
        process.stdout.write(`Verdict: ${result.verdict} (${whose})\n`);
        process.stdout.write(`  attacker first: ${answer(attackerFirst)}\n`);
        process.stdout.write(`  defender first: ${answer(defenderFirst)}\n`);
      } else {
        // one question asked: its answer, and no verdict (that takes both)
        process.stdout.write(`Question: ${result.question} first (${whose})\n`);
        process.stdout.write(`  ${result.question} first: ${answer(result.question === "attacker" ? attackerFirst : defenderFirst)}\n`);
      }
      if (result.threats.B + result.threats.W > 0) process.stdout.write(`  outside ko threats: B ${result.threats.B}, W ${result.threats.W}\n`);
      process.stdout.write(`  ${result.nodes} nodes, ${result.timeMs} ms${result.complete ? "" : ", INCOMPLETE (budget)"}${result.assumption ? `; ${result.assumption}` : ""}\n`);
    }
    if (stoppedBy) process.stderr.write(`arbiter: interrupted (${signalName(stoppedBy)}): the answer is what the search had found by then\n`);
  });

  const solveCmd = program
    .command("solve")
    .description("the exact value of the empty board under each rule set, with a principal variation (docs/solve.md)")
    .requiredOption("--size <WxH>", "board size, at most 36 points (2x2, 3x3, 4x4, 2x3 ...)")
    .option("--max-nodes <n>", "node budget per rule set (with --gaps: moves tried, default 5000000)")
    .option("--time <seconds>", "time budget per rule set (with --gaps too)", "600")
    .option("--order <order>", "passes-first (Tromp's order; the default), passes-last, or passes-answering (last, but first in answer to a pass; the default with --goal)")
    .option("--table-bits <n>", "log2 of the transposition table's entries (16 bytes each), 10 to 26; under retrograde analysis the table of the search over a rule's own lines (twice that: its answers resting on the cap beside it)", "22")
    .option("--max-positions <n>", "retrograde analysis: room for this many positions, 1000 to 32000000 (default: 4000000 up to 12 points, else 26500000; some 60 bytes each with their hash slots)")
    .option("--max-moves <n>", "retrograde analysis: room for this many moves, 1000 to 400000000 (default: ten a position, at most 185000000; 8 bytes each)")
    .option("--threads <n>", "1 or 2: the bounds' two runs at once (default: 2 with two cores)")
    .option("--sgf <file.sgf>", "write each principal variation (with --gaps: each example) as SGF")
    .option("--proof <file.sgf>", "write the proof trees (at least and at most the value) as SGF (alpha-beta's rule sets)")
    .option("--lines <search>", "the search over a rule's own lines: proof-numbers (df-pn, the default) or alpha-beta")
    .option("--extra-moves-clamp <n>", "the Grand Rules: the game phase's extra moves the phases' graph holds either way, 1 to 8 (default 2; past them a position is decided at the edge where it can be: docs/solve.md)")
    .option("--first-goal <margin>", "the search over a rule's own lines (a superko, Ing's, Zhang's rules) asks this goal first, held within the bounds (default: the lower bound)")
    .option("--goal <margin>", "only whether Black makes at least this margin: alpha-beta by deepening, with Benson's test under area counting (the way to 5x5)")
    .option("--goal-search <search>", "with --goal: deepening (alpha-beta, the default) or proof-numbers (df-pn; a rule set that reads no history and voids long cycles)")
    .option("--moves <list>", "with --goal: the goal from the position after these moves (GTP points or pass, comma-separated, Black first), not the empty board")
    .option("--split", "with --goal-search proof-numbers: each move at the root (after --moves) its own search, --threads at once; Black's first yes or White's first no answers")
    .option("--gaps", "look for rule gaps instead: lines where a rule set's text lets play cycle for ever (docs/solve.md)")
    .option("--depth <n>", "with --gaps: the longest way into a cycle tried", "12")
    .option("--json", "print JSON (an object, or an array for several rule sets)");
  addRuleOptions(solveCmd);
  solveCmd.action(async (opts: Record<string, unknown>) => {
    if (opts.gaps) {
      const { width, height, seconds } = solveJob({ ...opts, rules: undefined, rulesJson: undefined });
      const depth = parseWhole("--depth", opts.depth as string, 1, 40, 12);
      const maxLines = parseWhole("--max-nodes", opts.maxNodes as string | undefined, 1, 2 ** 40, 5_000_000);
      if (typeof opts.sgf === "string") writableFile("--sgf", opts.sgf);
      // (on a worker thread, so that Ctrl-C and SIGTERM reach it: what was searched is printed)
      const shown = terminalProgress();
      const thread = gapsInThread({ width, height, depth, maxLines, seconds }, (rules, lines, d) => shown.say(`${rules}: ${lines} moves tried, ways in of ${d} moves`));
      const stops = onStopSignals(() => thread.cancel());
      const found = await thread.done.finally(stops.off);
      const interrupted = stops.signal();
      shown.end();
      if (typeof opts.sgf === "string") writeOut("--sgf", opts.sgf, gapSgf(found));
      process.stdout.write(opts.json ? JSON.stringify(found) + "\n" : gapText(found) + "\n");
      if (interrupted) {
        process.exitCode = exitFor(interrupted);
        process.stderr.write(`arbiter: interrupted (${signalName(interrupted)}): the gap search stopped; what it searched whole is printed\n`);
      }
      return;
    }
    const job = solveJob(opts);
    if (typeof opts.sgf === "string") writableFile("--sgf", opts.sgf);
    if (typeof opts.proof === "string") writableFile("--proof", opts.proof);
    const shown = terminalProgress();
    const thread = solveInThread(job, (rules, nodes, depth) => shown.say(`${rules}: ${nodes} nodes, depth ${depth}`));
    const stops = onStopSignals(() => thread.cancel());
    const results = await thread.done.finally(stops.off);
    const interrupted = stops.signal();
    shown.end();
    if (typeof opts.sgf === "string") writeOut("--sgf", opts.sgf, solveSgf(results));
    // (the proof trees go to their file, not into the JSON)
    const proofs = results.map((r) => { const p = r.proofSgf; delete r.proofSgf; return p; }).filter((p): p is string => !!p);
    if (typeof opts.proof === "string") writeOut("--proof", opts.proof, proofs.join("\n"));
    if (opts.json) process.stdout.write(JSON.stringify(results.length === 1 ? results[0] : results) + "\n");
    else process.stdout.write(solveText(results) + "\n");
    if (interrupted) {
      process.exitCode = exitFor(interrupted);
      process.stderr.write(`arbiter: interrupted (${signalName(interrupted)}): the solve stopped without a value\n`);
    }
  });

  program
    .command("playouts")
    .description("run light playouts in the WebAssembly core, one thread")
    .option("--size <n>", "board size 2..19", "19")
    .option("--games <n>", "number of playouts", "1000")
    .option("--seed <s>", "PRNG seed (0..4294967295)", "1")
    .option("--ko <rule>", "simple, psk or ssk", "simple")
    .option("--json", "print JSON")
    .option("--cycles", "log every cycle (board recurrence) in the core and count them by kind")
    .option("--save-other <dir>", "with --cycles: save each game whose cycle is of kind other as SGF")
    .action((opts: Record<string, string | boolean>) => {
      const size = parseWhole("--size", opts.size as string, 2, 19, 19);
      const games = parseWhole("--games", opts.games as string, 1, 2 ** 31 - 1, 1000);
      const seed = parseWhole("--seed", opts.seed as string, 0, 2 ** 32 - 1, 1);
      const ko = opts.ko as string;
      if (ko !== "simple" && ko !== "psk" && ko !== "ssk") throw new ArbiterError(`--ko takes simple, psk or ssk, got "${ko}"`);
      if (opts.cycles) {
        const census = cycleCensus({ width: size, height: size, games, seed, ko });
        if (typeof opts.saveOther === "string") {
          mkdirSync(opts.saveOther, { recursive: true });
          for (const cy of census.others) {
            writeFileSync(join(opts.saveOther, `other-${size}x${size}-seed${seed}-game${cy.game}-ply${cy.t}.sgf`),
              playoutAsSgf(size, size, ko, cy));
          }
        }
        const { others, examples: _examples, ...rest } = census;
        const out = { ...rest, others: others.map(({ game, s, t, period, captures }) => ({ game, s, t, period, captures })) };
        if (opts.json) process.stdout.write(JSON.stringify(out) + "\n");
        else process.stdout.write(censusTable(census) + "\n");
        return;
      }
      const s = runPlayouts({ width: size, height: size, games, seed, ko });
      const out = { size, games: s.games, moves: s.moves, ms: s.ms, playoutsPerSec: s.playoutsPerSec,
        ko, seed, plies: s.plies, capped: s.capped };
      if (opts.json) process.stdout.write(JSON.stringify(out) + "\n");
      else process.stdout.write(`${s.games} light playouts on ${size}x${size} (ko ${ko}, seed ${seed}): ${s.moves} moves, ${s.ms} ms, ${s.playoutsPerSec} playouts/s, ${(s.moves / s.games).toFixed(1)} moves per game\n`);
    });

  const rulesCmd = program
    .command("rules")
    .description("print the rule presets as knob objects")
    .argument("[name]", "one preset")
    .option("--json", "print JSON");
  rulesCmd.action((name: string | undefined, opts: Record<string, unknown>) => {
    const names = name ? [name] : Object.keys(PRESETS);
    for (const n of names) if (!PRESETS[n]) throw new ArbiterError(`unknown rule set "${n}": use one of ${Object.keys(PRESETS).join(", ")}`);
    const picked = Object.fromEntries(names.map((n) => [n, PRESETS[n]]));
    if (opts.json) {
      process.stdout.write(rulesText(name));
    } else {
      for (const [n, r] of Object.entries(picked)) {
        const knobs = Object.entries(r).filter(([k]) => k !== "name" && k !== "source").map(([k, v]) => `${k}=${v}`).join(" ");
        process.stdout.write(`${n.padEnd(13)} ${r.source}\n${" ".repeat(14)}${knobs}\n`);
      }
    }
  });
  registerResearchCommands(program); // simulate, merge, corpus (src/cli/simulate.ts)
  addServeCommands(program); // serve, gtp (src/cli/serve.ts)
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed as one line
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof ArbiterError) {
      process.stderr.write(`arbiter: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`arbiter: internal error: ${(e as Error).message}\n`);
    if (process.env.ARBITER_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 1;
  }
}

// a reader that closes the pipe early (| head) is not an error
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv).then((code) => {
  process.exitCode = code;
});
