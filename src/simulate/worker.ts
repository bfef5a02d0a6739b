// Worker thread entry of the simulation pool (piscina): one WebAssembly instance per thread,
// loaded on first use; a task is a range of game indices, played under every rule set of the run.
import { simulateRange, type SimSpec } from "./engine.js";
import type { SimPart } from "./stats.js";

export interface SimTask {
  spec: SimSpec;
  from: number;
  to: number;
}

export default function runTask(task: SimTask): SimPart {
  return simulateRange(task.spec, task.from, task.to);
}
