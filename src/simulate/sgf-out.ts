// A simulated game as an SGF record that `arbiter referee` and any SGF viewer can read.
import { PRESETS } from "../rules/ruleset.js";

const letter = (i: number) => String.fromCharCode(97 + i);
const escape = (s: string) => s.replace(/\\/g, "\\\\").replace(/]/g, "\\]");

/** moves: y*width+x per move, -1 for a pass, Black first. `notes` adds a comment to move n. */
export function gameSgf(opts: { width: number; height: number; moves: number[]; rules: string; komi: number;
  result: string; comment: string; notes?: Map<number, string> }): string {
  const { width, height } = opts;
  const size = width === height ? `${width}` : `${width}:${height}`;
  const ru = PRESETS[opts.rules] ? `RU[${opts.rules}]` : "";
  const nodes = opts.moves.map((m, i) => {
    const colour = i % 2 === 0 ? "B" : "W";
    const v = m < 0 ? "" : `${letter(m % width)}${letter(Math.floor(m / width))}`;
    const note = opts.notes?.get(i + 1);
    return `;${colour}[${v}]${note ? `C[${escape(note)}]` : ""}`;
  });
  const lines = [`(;GM[1]FF[4]CA[UTF-8]AP[arbiter:0.1.0]SZ[${size}]KM[${opts.komi}]${ru}RE[${opts.result}]C[${escape(opts.comment)}]`];
  for (let i = 0; i < nodes.length; i += 16) lines.push(nodes.slice(i, i + 16).join(""));
  return `${lines.join("\n")})\n`;
}
