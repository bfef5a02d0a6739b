// The package's root (the folder of arbiter's package.json, found upwards from this module) and
// its version, read once.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of arbiter's package.json and what it holds, or null when none is above. */
export function packageRoot(): { dir: string; version: string } | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === "arbiter") return { dir, version: pkg.version ?? "unknown" };
      } catch {
        // not ours: look further up
      }
    }
    dir = dirname(dir);
  }
  return null;
}

export const VERSION = packageRoot()?.version ?? "unknown";
