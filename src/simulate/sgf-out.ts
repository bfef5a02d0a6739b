// A simulated game as an SGF record that `arbiter referee` and any SGF viewer can read.
import { PRESETS } from "../ruleset/ruleset.js";
import { appendMoves, rootData, writeSgf } from "../sgf/write.js";

/** moves: y*width+x per move, -1 for a pass, Black first. `notes` adds a comment to move n. */
export function gameSgf(opts: { width: number; height: number; moves: number[]; rules: string; komi: number;
  result: string; comment: string; notes?: Map<number, string> }): string {
  const { width, height } = opts;
  const root = { data: rootData(width, height, { KM: [`${opts.komi}`], ...(Object.hasOwn(PRESETS, opts.rules) ? { RU: [opts.rules] } : {}),
    RE: [opts.result], C: [opts.comment] }), children: [] };
  return writeSgf(appendMoves(root, opts.moves, width, (k) => (k % 2 === 0 ? "B" : "W"), (k) => opts.notes?.get(k + 1)));
}
