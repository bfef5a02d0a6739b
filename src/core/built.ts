// Worker threads load compiled JavaScript: the module beside the caller when it runs from dist/,
// or its compiled twin under dist/ when the caller runs from its TypeScript source (tests).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";

/** The compiled `name` (e.g. "worker.js") in the caller's folder; `callerUrl` is import.meta.url. */
export function builtFile(callerUrl: string, name: string): string {
  const here = dirname(fileURLToPath(callerUrl));
  const beside = join(here, name);
  if (existsSync(beside)) return beside;
  // from <root>/src/x/ to <root>/dist/src/x/
  let root = here;
  for (let i = 0; i < 5 && !existsSync(join(root, "package.json")); i++) root = dirname(root);
  const built = join(root, "dist", relative(root, here), name);
  if (existsSync(built)) return built;
  throw new Error(`${built} not found: run \`npm run build\` first`);
}

/** Piscina options for a pool of the compiled ES-module worker `name` beside the caller: threads start
 * from a CommonJS loader that imports it (see esm-worker.cts for why). */
export function esmWorker(callerUrl: string, name: string): { filename: string; workerData: { worker: string } } {
  return { filename: builtFile(import.meta.url, "esm-worker.cjs"), workerData: { worker: builtFile(callerUrl, name) } };
}
