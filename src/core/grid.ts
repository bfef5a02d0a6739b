// Plain row-major board geometry for code that runs once per position (counting, the search
// region), not per move: neighbours and connected sets.

// one table of neighbour lists per board size, made once: counting asks for a point's
// neighbours millions of times, and an array per call was a tenth of a referee call
const tables = new Map<number, readonly (readonly number[])[]>();

export function neighbourTable(width: number, height: number): readonly (readonly number[])[] {
  const key = width * 65536 + height;
  let t = tables.get(key);
  if (t) return t;
  const made: number[][] = [];
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = (i - x) / width;
    const out: number[] = [];
    if (x > 0) out.push(i - 1);
    if (x < width - 1) out.push(i + 1);
    if (y > 0) out.push(i - width);
    if (y < height - 1) out.push(i + width);
    made.push(out);
  }
  t = made;
  tables.set(key, t);
  return t;
}

/** Orthogonal neighbours of the row-major point i on a width x height board (a shared list:
 *  read it, never change it). */
export function neighbours(i: number, width: number, height: number): readonly number[] {
  return neighbourTable(width, height)[i];
}

/** The points connected to the seeds through points for which `inside` holds. */
export function connected(seeds: number[], inside: (i: number) => boolean, width: number, height: number): Set<number> {
  const next = neighbourTable(width, height);
  const seen = new Set<number>();
  const stack = seeds.filter(inside);
  for (const s of stack) seen.add(s);
  while (stack.length) {
    const p = stack.pop()!;
    for (const q of next[p]) {
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
  const next = neighbourTable(width, height);
  const id = new Int32Array(board.length).fill(-1);
  const members: number[][] = [];
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === 0 || id[i] >= 0 || (colour !== undefined && c !== colour)) continue;
    // the string grows in place: its own list is the flood's queue
    const s = members.length;
    const list = [i];
    id[i] = s;
    for (let k = 0; k < list.length; k++) {
      const around = next[list[k]];
      for (let j = 0; j < around.length; j++) {
        const q = around[j];
        if (id[q] < 0 && board[q] === c) { id[q] = s; list.push(q); }
      }
    }
    members.push(list);
  }
  return { id, members };
}
