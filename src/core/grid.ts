// Plain row-major board geometry for code that runs once per position (counting, the search
// region), not per move: neighbours and connected sets.

/** Orthogonal neighbours of the row-major point i on a width x height board. */
export function neighbours(i: number, width: number, height: number): number[] {
  const x = i % width;
  const y = (i - x) / width;
  const out: number[] = [];
  if (x > 0) out.push(i - 1);
  if (x < width - 1) out.push(i + 1);
  if (y > 0) out.push(i - width);
  if (y < height - 1) out.push(i + width);
  return out;
}

/** The points connected to the seeds through points for which `inside` holds. */
export function connected(seeds: number[], inside: (i: number) => boolean, width: number, height: number): Set<number> {
  const seen = new Set<number>();
  const stack = seeds.filter(inside);
  for (const s of stack) seen.add(s);
  while (stack.length) {
    const p = stack.pop()!;
    for (const q of neighbours(p, width, height)) {
      if (!seen.has(q) && inside(q)) {
        seen.add(q);
        stack.push(q);
      }
    }
  }
  return seen;
}

/** The empty points next to any of `stones`: a string's liberties (or a group's). */
export function libertiesOf(stones: Iterable<number>, board: Uint8Array, width: number, height: number): Set<number> {
  const libs = new Set<number>();
  for (const p of stones) for (const q of neighbours(p, width, height)) if (board[q] === 0) libs.add(q);
  return libs;
}

/** The strings of a row-major board (0 empty, 1 Black, 2 White), of one colour or of both: the
 *  string id of each point (-1 where there is none) and the points of each string. */
export function stringsOf(board: Uint8Array, width: number, height: number, colour?: number): { id: Int32Array; members: number[][] } {
  const id = new Int32Array(board.length).fill(-1);
  const members: number[][] = [];
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === 0 || id[i] >= 0 || (colour !== undefined && c !== colour)) continue;
    const s = [...connected([i], (q) => board[q] === c, width, height)];
    for (const q of s) id[q] = members.length;
    members.push(s);
  }
  return { id, members };
}
