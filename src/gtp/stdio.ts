// The GTP loop over a pair of streams (stdin/stdout for `arbiter gtp`): one command per line,
// answered in order, each answer ended by an empty line. Lines end at LF only (GTP 2 section
// 3.1: a CR is a control character, removed, never a line break: "1 name\rversion" is one
// command); a line longer than MAX_LINE is answered as such and dropped, so memory stays bounded.
import type { Readable, Writable } from "node:stream";
import { formatReply, parseLine, type GtpEngine } from "./engine.js";

/** The longest command line read (a GTP command is a few dozen characters). */
export const MAX_LINE = 64 * 1024;

/** The lines of a stream, split at LF; a line over `max` characters comes as null (and is not
 *  kept: memory stays bounded). Also the line reader of `arbiter analysis`. */
export async function* lines(input: Readable, max = MAX_LINE): AsyncGenerator<string | null> {
  input.setEncoding("utf8");
  let buf = "";
  let tooLong = false;
  for await (const chunk of input as AsyncIterable<string>) {
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl >= 0; nl = chunk.indexOf("\n", from)) {
      const line = buf + chunk.slice(from, nl);
      buf = "";
      from = nl + 1;
      if (tooLong || line.length > max) yield null;
      else yield line;
      tooLong = false;
    }
    if (!tooLong) {
      buf += chunk.slice(from);
      if (buf.length > max) { tooLong = true; buf = ""; }
    }
  }
  if (tooLong) yield null;
  else if (buf !== "") yield buf;
}

export async function runGtp(engine: GtpEngine, input: Readable, output: Writable): Promise<void> {
  for await (const line of lines(input)) {
    if (line === null) {
      output.write(formatReply("", { ok: false, text: `syntax error: a command line longer than ${MAX_LINE} characters` }));
      continue;
    }
    const cmd = parseLine(line);
    if (!cmd) continue;
    const reply = cmd.command ? await engine.execute(cmd.command, cmd.args) : { ok: false, text: "syntax error: no command" };
    output.write(formatReply(cmd.id, reply));
    if (reply.quit) break;
  }
}
