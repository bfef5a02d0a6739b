// Writing SGF: every record arbiter writes (a simulated game, a playout's cycle, a proof tree,
// GTP's game so far) is a tree of nodes handed to @sabaki/sgf's stringify, which escapes the
// values and lays out the variations. The writers only build nodes.
import sgf from "@sabaki/sgf";

/** A node: its properties (each a list of values, unescaped) and its children (variations
 *  when there are several). */
export interface SgfNode {
  data: Record<string, string[]>;
  children: SgfNode[];
}

/** The SGF point of a row-major index: column then row from the top, as letters. */
export function sgfPoint(i: number, width: number): string {
  return String.fromCharCode(97 + (i % width), 97 + Math.floor(i / width));
}

/** The root properties of a record arbiter writes: GM, FF, CA, AP, SZ, then `more`, then the
 *  setup stones of `board` (row-major 0/1/2) where it has any. */
export function rootData(width: number, height: number, more: Record<string, string[]> = {}, board?: ArrayLike<number>): Record<string, string[]> {
  const data: Record<string, string[]> = { GM: ["1"], FF: ["4"], CA: ["UTF-8"], AP: ["arbiter:0.1.0"],
    SZ: [width === height ? `${width}` : `${width}:${height}`], ...more };
  if (board) {
    const stones = (c: number) => Array.from(board, (v, i) => (v === c ? sgfPoint(i, width) : "")).filter(Boolean);
    const ab = stones(1);
    const aw = stones(2);
    if (ab.length) data.AB = ab;
    if (aw.length) data.AW = aw;
  }
  return data;
}

/** A line of moves as a chain of nodes under `root`: `moves` as row-major indices (-1 a pass),
 *  the colour of each from `colourOf`, and a comment for the moves `commentOf` names. */
export function appendMoves(root: SgfNode, moves: ArrayLike<number>, width: number, colourOf: (k: number) => "B" | "W",
  commentOf: (k: number) => string | undefined = () => undefined): SgfNode {
  let at = root;
  for (let k = 0; k < moves.length; k++) {
    const m = moves[k];
    const data: Record<string, string[]> = { [colourOf(k)]: [m < 0 ? "" : sgfPoint(m, width)] };
    const note = commentOf(k);
    if (note) data.C = [note];
    const node = { data, children: [] };
    at.children.push(node);
    at = node;
  }
  return root;
}

/** The SGF text of one game tree. */
export function writeSgf(root: SgfNode): string {
  return sgf.stringify([root], { linebreak: "\n", indent: "" });
}
