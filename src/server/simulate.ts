// POST /v1/simulate: `arbiter simulate --workers 1 --json` in a search thread, through the
// simulate module's own entry points (src/simulate/options.ts: simulateRun validates the
// options, simulate runs them and builds the report), stopping between tasks when the request
// is cancelled or its time budget is spent (the report then says "interrupted": true).
import { simulate, simulateRun, type SimulateRun } from "../simulate/options.js";
import { jsonText } from "../api/operations.js";

/** Why the route cannot run, or null when it can. */
export const SIMULATE_MISSING: string | null = null;

export interface SimulateBody {
  rules: string | string[];
  /** a side, or "WxH" */
  size?: number | string;
  games: number;
  seed?: number;
  policy?: string;
  paired?: boolean;
  seconds?: number;
}

/** The request as the command line's options (one worker: the request holds one search thread). */
export function simulateSpec(body: SimulateBody): SimulateRun {
  const { seconds: _seconds, ...opts } = body;
  return simulateRun({ ...opts, workers: 1 });
}

export async function simulateJson(body: Record<string, unknown>, cancelled: () => boolean): Promise<string> {
  const b = body as unknown as SimulateBody;
  const deadline = performance.now() + (b.seconds ?? 60) * 1000;
  const report = await simulate(simulateSpec(b), { progress: false, sigint: false,
    stop: () => cancelled() || performance.now() > deadline });
  return jsonText(report);
}
