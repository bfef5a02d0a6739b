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
