// The worker thread of the bounds' upper run (solve.ts upperOnThread): a core of its own, the
// answer in the words it shares with the thread that runs the lower bound.
import { workerData } from "node:worker_threads";
import { boundWorker, type BoundWorkerData } from "./solve.js";

boundWorker(workerData as BoundWorkerData);
