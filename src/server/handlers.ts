// What each route computes, as functions of the request body, run in a search thread (the
// event loop only routes: a referee of a few milliseconds on it put /healthz's p99 at 150-180 ms
// under 16 clients). The prove route also checks a small body on the event loop first, so that
// a bad game is a 400 before it waits for a thread.
import { ArbiterError } from "../errors.js";
import type { GameRecord } from "../record/record.js";
import { countMarks } from "../api/ruling-sgf.js";
import { jsonText, proveRecord, refereeRecord } from "../api/operations.js";
import { positionAfter, questionSgf } from "../prove/position.js";
import { indexToGtp } from "../core/coords.js";
import { proveOptions, recordOf, refereeOptions, ruleOptions, type GameBody, type Limits } from "./requests.js";
import { resolveRules } from "../rules/resolve.js";
import { DISPUTE_BUDGET } from "../rules/dispute.js";

/** A prove request whose SGF text is at most this long is checked on the event loop before it
 *  waits for a thread (reading is linear: some 0.1 ms for 8 KB). */
export const CHECK_INLINE_CHARS = 8 * 1024;

export function checksInline(body: GameBody): boolean {
  return body.sgf === undefined || body.sgf.length <= CHECK_INLINE_CHARS;
}

/** POST /v1/referee: `arbiter referee GAME --json ...`; `cancelled` stops the searches of
 *  --dead auto (the groups left are unresolved, "cancelled"). */
/** The record's first `atMove` moves (all without it); past the record is bad input, worded as
 *  prove's --moves is. */
function upTo(record: GameRecord, atMove: number | undefined): GameRecord {
  if (atMove === undefined) return record;
  if (atMove > record.moves.length) throw new ArbiterError(`atMove takes a whole number from 0 to ${record.moves.length}, got ${atMove}`);
  return { ...record, moves: record.moves.slice(0, atMove) };
}

export function refereeText(body: GameBody & { atMove?: number }, l: Limits, cancelled?: () => boolean): string {
  // atMove: the game up to that move, its position counted as it stands (as GTP's final_score)
  const record = upTo(recordOf(body, l), body.atMove);
  const ruling = refereeRecord(record, refereeOptions(body), {
    ...(cancelled ? { proveBudget: { ...DISPUTE_BUDGET, cancelled } } : {}), ...(body.atMove === undefined ? {} : { unfinished: "count" as const }) });
  if (body.territory !== true || !ruling.score) return jsonText(ruling);
  // the count's territory marks, as --sgf-out writes them (scoring/marks.ts)
  const { TB, TW } = countMarks(record, ruling);
  const v = (i: number) => indexToGtp(i, record.width, record.height);
  return jsonText({ ...ruling, territory: { B: TB.map(v), W: TW.map(v) } });
}

/** POST /v1/position: the stones after the record (or its first atMove moves). */
export function positionText(body: GameBody & { atMove?: number }, l: Limits): string {
  const full = recordOf(body, l);
  const record = upTo(full, body.atMove);
  const { rules } = resolveRules(ruleOptions(body), record.rules);
  const pos = positionAfter(record, rules);
  const stones: { B: string[]; W: string[] } = { B: [], W: [] };
  pos.board.forEach((c, i) => { if (c) stones[c === 1 ? "B" : "W"].push(indexToGtp(i, pos.width, pos.height)); });
  // the move that made this position (the page marks it) and the record's length (it steps through it)
  const last = record.moves[record.moves.length - 1];
  const lastMove = !last ? null : { color: last.color, point: last.x === null || last.y === null ? "pass" : indexToGtp(last.y * pos.width + last.x, pos.width, pos.height) };
  // each standing stone's move number: the latest move at its point (a stone captured and its
  // point played again carries the later number; a point emptied by a capture carries none)
  const numbers: Record<string, number> = {};
  record.moves.forEach((m, k) => {
    if (m.x === null || m.y === null) return;
    const i = m.y * pos.width + m.x;
    if (pos.board[i] !== 0) numbers[indexToGtp(i, pos.width, pos.height)] = k + 1;
  });
  return jsonText({ size: { width: pos.width, height: pos.height }, toMove: pos.toMove, moves: record.moves.length,
    movesInRecord: full.moves.length, lastMove, numbers, rules: rules.name, stones });
}

/** POST /v1/prove: `arbiter prove POSITION --target .. --json ...` (one thread). */
export async function proveText(body: GameBody, l: Limits, cancelled: () => boolean): Promise<string> {
  const want = body.proof === true;
  const r = await proveRecord(recordOf(body, l), proveOptions(body, l), { cancelled }, want);
  if (!want) return jsonText(r.out);
  // the proof trees as prove --proof writes them
  return jsonText({ ...r.out, attackerFirstSgf: questionSgf(r.pos, r.rules.name, "attacker first", r.result.attackerFirst),
    defenderFirstSgf: questionSgf(r.pos, r.rules.name, "defender first", r.result.defenderFirst) });
}
