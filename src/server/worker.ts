// The server's piscina worker: long operations (proofs, referee with --dead auto, simulations,
// large SGF texts) run here, one wasm core per thread, so that the event loop keeps answering.
// A task carries a shared cancel flag that the server sets on shutdown or when the client goes
// away.
import { setPriority } from "node:os";
import { ArbiterError } from "../errors.js";
import type { GameBody, Limits } from "./requests.js";
import { positionText, proveText, refereeText } from "./handlers.js";

// a search thread yields to the event loop: on Linux the priority of "process" 0 is the calling
// thread's own, so the server's main thread (which answers /healthz and routes every request)
// is served first when the cores are busy (elsewhere it would be the whole process's: left alone)
if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    // not allowed here: the threads keep the process's priority
  }
}

export interface Task {
  kind: "referee" | "position" | "prove" | "simulate" | "analysis";
  body: GameBody;
  limits: Limits;
  cancel: Int32Array;
}

/** The JSON text of the answer, or a message for a bad request (a 400). */
export type TaskResult = { ok: true; text: string } | { ok: false; status: number; error: string };

export default async function run(task: Task): Promise<TaskResult> {
  const cancelled = () => Atomics.load(task.cancel, 0) === 1;
  // a request whose client went away while it waited for a thread is not started
  if (cancelled()) return { ok: false, status: 503, error: "cancelled before it started: the client went away or the server is stopping" };
  try {
    switch (task.kind) {
      case "referee": return { ok: true, text: refereeText(task.body, task.limits, cancelled) };
      case "position": return { ok: true, text: positionText(task.body, task.limits) };
      case "analysis": {
        const { answerQuery } = await import("../api/analysis.js");
        return { ok: true, text: JSON.stringify(answerQuery(task.body, cancelled)) + "\n" };
      }
      case "prove": return { ok: true, text: await proveText(task.body, task.limits, cancelled) };
      case "simulate": {
        const { simulateJson } = await import("./simulate.js");
        return { ok: true, text: await simulateJson(task.body, cancelled) };
      }
      default:
        return { ok: false, status: 400, error: "unknown task" };
    }
  } catch (e) {
    if (e instanceof ArbiterError) return { ok: false, status: 400, error: e.message };
    throw e;
  }
}
