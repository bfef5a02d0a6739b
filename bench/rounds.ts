// Measuring in short rounds on a machine whose speed drifts by tens of per cent within minutes:
// each round runs the sides compared back to back, and a ratio is the median of the rounds'.

/** The CPU time of f in this process, in milliseconds. */
export function cpuMs(f: () => void): number {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}

export const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[xs.length >> 1];
