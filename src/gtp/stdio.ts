// The GTP loop over a pair of streams (stdin/stdout for `arbiter gtp`): one command per line,
// answered in order, each answer ended by an empty line.
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { formatReply, parseLine, type GtpEngine } from "./engine.js";

export async function runGtp(engine: GtpEngine, input: Readable, output: Writable): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of rl) {
      const cmd = parseLine(line);
      if (!cmd) continue;
      const reply = cmd.command ? await engine.execute(cmd.command, cmd.args) : { ok: false, text: "syntax error: no command" };
      output.write(formatReply(cmd.id, reply));
      if (reply.quit) break;
    }
  } finally {
    rl.close();
  }
}
