// What each route computes, as functions of the request body: the event loop runs the cheap
// ones inline (a referee of a game of ordinary size), a search thread runs the rest (proofs,
// --dead auto, simulations, and games whose SGF text is large enough that parsing it would
// hold the event loop). One function per route, so both places give the same answer.
import { jsonText, proveRecord, refereeRecord } from "../api/operations.js";
import { positionAfter } from "../prove/position.js";
import { indexToGtp } from "../core/coords.js";
import { proveOptions, recordOf, refereeOptions, ruleOptions, type GameBody, type Limits } from "./requests.js";
import { resolveRules } from "../rules/resolve.js";

/** SGF text longer than this is parsed in a search thread: @sabaki/sgf takes some 20-50 ms
 *  for 8 KB of pathological text (thousands of empty nodes or variations), seconds for 1 MB.
 *  A record of a whole game without comments is 2-4 KB. */
export const INLINE_SGF_CHARS = 8 * 1024;

export function runsInline(body: GameBody): boolean {
  return (body.sgf === undefined || body.sgf.length <= INLINE_SGF_CHARS) && body.dead !== "auto";
}

/** POST /v1/referee: `arbiter referee GAME --json ...` */
export function refereeText(body: GameBody, l: Limits): string {
  return jsonText(refereeRecord(recordOf(body, l), refereeOptions(body)));
}

/** POST /v1/position: the stones after the record (or its first atMove moves). */
export function positionText(body: GameBody & { atMove?: number }, l: Limits): string {
  const full = recordOf(body, l);
  const record = body.atMove === undefined ? full : { ...full, moves: full.moves.slice(0, body.atMove) };
  const { rules } = resolveRules(ruleOptions(body), record.rules);
  const pos = positionAfter(record, rules);
  const stones: { B: string[]; W: string[] } = { B: [], W: [] };
  pos.board.forEach((c, i) => { if (c) stones[c === 1 ? "B" : "W"].push(indexToGtp(i, pos.width, pos.height)); });
  return jsonText({ size: { width: pos.width, height: pos.height }, toMove: pos.toMove, moves: record.moves.length,
    rules: rules.name, stones });
}

/** POST /v1/prove: `arbiter prove POSITION --target .. --json ...` (one thread). */
export async function proveText(body: GameBody, l: Limits, cancelled: () => boolean): Promise<string> {
  const r = await proveRecord(recordOf(body, l), proveOptions(body, l), { cancelled });
  return jsonText(r.out);
}
