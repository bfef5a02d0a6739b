// Worker thread entry of `arbiter worker`'s pool (piscina): a queue's job is a simulation task (a
// range of game indices) or a corpus task (pieces of records), run as the local pools run them.
import { simulateRange } from "./engine.js";
import type { SimTask } from "./worker.js";
import { refereeBatch, type CorpusTask } from "./corpus-referee.js";

export type QueueTask = { kind: "simulate"; task: SimTask } | { kind: "corpus"; task: CorpusTask };

export default function runTask(t: QueueTask): unknown {
  if (t.kind === "simulate") return simulateRange(t.task.spec, t.task.from, t.task.to);
  if (t.kind === "corpus") return refereeBatch(t.task);
  throw new Error(`unknown task kind ${JSON.stringify((t as { kind: unknown }).kind)} (a newer arbiter's job?)`);
}
