// The game a command line names (DESIGN.md, second round): FILE (its first game tree), FILE#N
// (the Nth game tree of a collection, 1-based, found by streaming the file: a collection of any
// size is read up to that game only), or "-" (standard input).
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { ArbiterError } from "../errors.js";
import { decodeRecord, readSgf, readSgfCollection, isRefused, MAX_RECORD_BYTES } from "../sgf/read.js";
import { SgfSplitter, type SgfSplit } from "../sgf/split.js";
import type { GameRecord } from "../record/record.js";

const code = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

export async function readGameArg(arg: string, stdin: AsyncIterable<Buffer> = process.stdin): Promise<GameRecord> {
  if (arg === "-") return readSgf(decodeRecord(await readAll(stdin, "standard input")));
  const m = /^(.*)#(\d+)$/.exec(arg);
  if (m && !existsSync(arg)) return readNth(m[1], Number(m[2]), arg);
  return readSgf(readWholeFile(arg));
}

function readWholeFile(path: string): string {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new ArbiterError(`cannot read ${path}: no such file`);
  }
  if (size > MAX_RECORD_BYTES) {
    throw new ArbiterError(`${path} is ${size} bytes: game records over ${MAX_RECORD_BYTES} bytes are refused (a game of a collection can be named FILE#N)`);
  }
  try {
    return decodeRecord(readFileSync(path));
  } catch (e) {
    throw new ArbiterError(`cannot read ${path}: ${code(e)}`);
  }
}

async function readAll(input: AsyncIterable<Buffer>, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of input) {
    size += c.length;
    if (size > MAX_RECORD_BYTES) throw new ArbiterError(`${what} holds more than ${MAX_RECORD_BYTES} bytes: game records over that are refused`);
    chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  }
  return Buffer.concat(chunks);
}

/** The nth game tree of a file, read up to it. */
async function readNth(path: string, n: number, arg: string): Promise<GameRecord> {
  if (n < 1) throw new ArbiterError(`${arg}: games in a file are numbered from 1`);
  if (!existsSync(path)) throw new ArbiterError(`cannot read ${path}: no such file`);
  const splitter = new SgfSplitter(64 * 1024, MAX_RECORD_BYTES);
  let trees = 0;
  const find = (xs: SgfSplit[]): GameRecord | null => {
    for (const x of xs) {
      if (x.kind === "oversize") {
        if (x.tree === n) throw new ArbiterError(`${arg}: the game tree is ${x.bytes} bytes at line ${x.line}: trees over ${MAX_RECORD_BYTES} bytes are refused`);
        trees = x.tree;
        continue;
      }
      trees = x.firstTree + x.trees - 1;
      if (n < x.firstTree || n > trees) continue;
      const g = readSgfCollection(x.text, { line: x.line, column: x.column })[n - x.firstTree];
      if (!g) break;
      if (isRefused(g)) throw new ArbiterError(`${arg}: ${g.error}`);
      return g;
    }
    return null;
  };
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      const g = find(splitter.push(chunk as Buffer));
      if (g) return g;
    }
    const g = find(splitter.end());
    if (g) return g;
  } catch (e) {
    if (e instanceof ArbiterError) throw e;
    throw new ArbiterError(`cannot read ${path}: ${code(e)}`);
  } finally {
    stream.destroy();
  }
  throw new ArbiterError(`${arg}: the file holds ${trees} game tree${trees === 1 ? "" : "s"}`);
}
