// Naming a cycle from its structure (docs/cycles.md): the moves between two occurrences of a
// position, their captures, passes and ko sites. Nothing here depends on where the shape sits,
// its orientation or its colours, so the same shape gets the same name anywhere.
import type { Color } from "../core/codes.js";

/** A move as a cycle's shape reads it: the stone placed and the stones removed (the referee,
 *  the simulation and the cycle census build these from what the rule engine reports). */
export interface CycleMove {
  kind: "start" | "play" | "pass";
  /** 1-based move number in the record (0 for the start) */
  n: number;
  color: Color | null;
  /** row-major index of the stone placed, null for a pass or the start */
  point: number | null;
  captures: number[];
  selfCaptures: number[];
  /** a play that left the board as it was (single-stone suicide) */
  noChange: boolean;
  /** the pass was an abandon move (Zhang 3.1): it does not enter the whole-board position */
  abandon?: boolean;
}

export type CycleKind =
  | "basic-ko"
  | "pass-cycle"
  | "double-ko-seki"
  | "triple-ko"
  | "quadruple-ko"
  | "round-robin-ko"
  | "molasses-ko"
  | "eternal-life"
  | "sending-two-returning-one"
  | "sending-n-returning-m"
  | "suicide-cycle"
  | "other";

export interface CycleShape {
  kind: CycleKind;
  /** moves in the cycle, passes counted */
  period: number;
  passes: number;
  /** stones captured by each side within the cycle */
  captures: { B: number; W: number };
  /** distinct ko sites: a single stone taking a single stone, as the unordered pair of points */
  koSites: number;
  /** for sending-n-returning-m: the stones of each capture, by the side that sends / returns */
  sizes: number[];
}

/** `moves` are the entries s+1..t: the position after t equals the one after s. */
export function classifyCycle(moves: CycleMove[]): CycleShape {
  // one pass over the moves (a simulation names a cycle or two per game: no arrays or sets made
  // for the many that capture nothing)
  let passes = 0;
  let selfCapture = false;
  let allNoChange = true;
  const captures = { B: 0, W: 0 };
  const sizes: number[] = [];
  let sites: Set<number> | null = null; // a ko site as the unordered pair of points, low * 65536 + high
  for (const m of moves) {
    if (m.kind !== "play") {
      passes++;
      continue;
    }
    if (m.selfCaptures.length > 0) selfCapture = true;
    if (!m.noChange) allNoChange = false;
    const k = m.captures.length;
    if (k === 0) continue;
    captures[m.color as "B" | "W"] += k;
    sizes.push(k);
    if (k === 1 && m.point !== null) {
      const a = Math.min(m.point, m.captures[0]);
      const b = Math.max(m.point, m.captures[0]);
      (sites ??= new Set()).add(a * 65536 + b);
    }
  }
  const koSites = sites?.size ?? 0;
  const shape = (kind: CycleKind): CycleShape => ({ kind, period: moves.length, passes, captures, koSites, sizes });

  if (selfCapture) return shape("suicide-cycle");
  if (sizes.length === 0) return shape(allNoChange ? "pass-cycle" : "other");
  const allSingle = sizes.every((k) => k === 1);

  if (allSingle) {
    // Every capture takes one stone. In a cycle the stones placed equal the stones removed, so
    // here every play captures: a cycle of ko captures, named by its number of ko sites. Passes
    // do not change the name (a double ko can only cycle through passes), except for one site:
    // a ko retaken after passes is not the basic ko that every ko rule forbids.
    if (koSites === 1) return shape(passes > 0 ? "pass-cycle" : "basic-ko");
    if (koSites === 2) return shape("double-ko-seki");
    if (koSites === 3) return shape("triple-ko");
    if (koSites === 4) return shape("quadruple-ko");
    return shape("other");
  }
  const distinct = [...new Set(sizes)];
  // k:k captures with k >= 2, both sides alike: the retake of double hot stones (長生)
  if (distinct.length === 1 && captures.B === captures.W) return shape("eternal-life");
  if (captures.B !== captures.W) {
    // one side captures more than it loses; the other side's extra stones come back by passes
    // or re-placing: sending n, returning m
    return shape(distinct.length === 2 && distinct.includes(1) && distinct.includes(2)
      ? "sending-two-returning-one" : "sending-n-returning-m");
  }
  // mixed capture sizes, both sides capturing as many stones (provisional, docs/cycles.md)
  return shape(passes > 0 ? "molasses-ko" : "round-robin-ko");
}

/** Ing 1A: a cycle is fighting (反覆) when every capture (read cyclically) takes back, in equal
 *  number, the stone placed by the previous capture, by the other colour; else disturbing (循環). */
export function isFighting(moves: CycleMove[]): boolean {
  const caps = moves.filter((m) => m.kind === "play" && m.captures.length > 0);
  if (caps.length < 2) return false;
  for (let i = 0; i < caps.length; i++) {
    const prev = caps[(i - 1 + caps.length) % caps.length];
    const cur = caps[i];
    if (cur.color === prev.color) return false;
    if (prev.point === null || !cur.captures.includes(prev.point)) return false;
    if (cur.captures.length !== prev.captures.length) return false;
  }
  return true;
}

/** A pass cycle that captured nothing: the position brought back by passes (and null moves) alone,
 *  as every answered pass does where passes do not end play at once. Research counts these apart
 *  from real cycles; a ko retaken after passes (a pass cycle with captures) is a real one. */
export function isTrivialPassCycle(c: { kind: string; captures: { B: number; W: number } }): boolean {
  return c.kind === "pass-cycle" && c.captures.B + c.captures.W === 0;
}
