// The package's version, read once from package.json (found upwards from this module).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === "arbiter" && pkg.version) return pkg.version;
      } catch {
        // not ours: look further up
      }
    }
    dir = dirname(dir);
  }
  return "unknown";
}

export const VERSION = readVersion();
