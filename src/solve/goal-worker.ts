// The worker thread of one move of a goal split at its root (solve.ts goalSplit): a core of its
// own, the part's result sent back on its port.
import { workerData } from "node:worker_threads";
import { goalWorker, type GoalWorkerData } from "./solve.js";

goalWorker(workerData as GoalWorkerData);
