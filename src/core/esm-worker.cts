// The file every piscina pool starts its threads with. Piscina loads a worker with require() first,
// and on Node 20 require() of an ES module can abort the whole process (a V8 fatal error,
// "IsGraphAsync must be used on an instantiated module", a race in require(esm)). This file is
// CommonJS, so require() is safe; it loads the real worker, named in workerData, with import().
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";

type Handler = (task: unknown) => unknown;
let handler: Promise<Handler> | undefined;

module.exports = async function esmWorker(task: unknown): Promise<unknown> {
  handler ??= import(pathToFileURL((workerData as { worker: string }).worker).href)
    .then((m: { default: Handler }) => m.default);
  return (await handler)(task);
};
