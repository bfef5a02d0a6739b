// The peer solver of bench/prove-problems.ts, tsumego.js 1.1.0, in a process of its own: it
// answers each message { text, toMove, seconds } with the outcome of one problem.
import tsumego from "tsumego.js";
import type { Color } from "../src/core/codes.js";

export interface PeerOutcome { got: "right" | "wrong" | "unknown"; ko: boolean; ms: number; move: string | null }

/** tsumego.js on one problem, time-boxed: its generator yields every `slice` ms and is dropped
 *  at the deadline. Right when its move wins for the side to move (km: it needed ko mastery). */
export function peerSolve(text: string, toMove: Color, seconds: number): PeerOutcome {
  const t0 = performance.now();
  const solver = new tsumego.Solver(text);
  const g = solver.g_solve(toMove, { time: 20 });
  const deadline = t0 + seconds * 1000;
  let r = g.next();
  while (!r.done) {
    if (performance.now() > deadline) return { got: "unknown", ko: false, ms: performance.now() - t0, move: null };
    r = g.next();
  }
  const ms = performance.now() - t0;
  const mv = r.value as number;
  const sign = toMove === "B" ? 1 : -1;
  const wins = mv * sign > 0;
  return { got: wins ? "right" : "wrong", ko: wins && Number(tsumego.stone.km.get(mv)) === sign, ms, move: wins ? tsumego.stone.toString(mv) : null };
}


process.on("message", (m: { text: string; toMove: Color; seconds: number }) => {
  process.send!(peerSolve(m.text, m.toMove, m.seconds));
});
