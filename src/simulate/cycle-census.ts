// Cycles in light playouts: the core logs every board recurrence with the moves of its cycle
// (one batch per call); here each is classified by its structure and counted by kind. Cycles
// the classifier calls "other" can be replayed from their game's PRNG state and saved as SGF.
import { appendMoves, rootData, writeSgf } from "../sgf/write.js";
import { loadCore, u16At } from "../core/wasm.js";
import { KO, type CoreKo, colorName } from "../core/codes.js";
import { checkSize, releaseCore } from "../core/game.js";
import { classifyCycle, type CycleKind } from "../rules/cycles.js";
import type { CycleMove } from "../rules/cycles.js";
import { ArbiterError } from "../errors.js";

export interface CensusCycle {
  game: number;
  rngState: number;
  /** plies (1-based) of the first and the repeating position */
  s: number;
  t: number;
  kind: CycleKind;
  period: number;
  captures: { B: number; W: number };
}

export interface Census {
  width: number;
  height: number;
  games: number;
  seed: number;
  ko: CoreKo;
  moves: number;
  gamesWithCycle: number;
  byKind: Record<string, number>;
  perThousandGames: Record<string, number>;
  periods: Record<string, number>;
  others: CensusCycle[];
  examples: Record<string, CensusCycle[]>;
  dropped: number;
  ms: number;
}

const BATCH = 2000;

function decodeEvents(words: Uint16Array, count: number, gameBase: number): CensusCycle[] {
  const out: CensusCycle[] = [];
  let o = 0;
  for (let e = 0; e < count; e++) {
    const rngState = (words[o] | (words[o + 1] << 16)) >>> 0;
    const game = gameBase + (words[o + 2] | (words[o + 3] << 16));
    const s = words[o + 4];
    const t = words[o + 5];
    o += 6;
    const moves: CycleMove[] = [];
    for (let k = s + 1; k <= t; k++) {
      const point = words[o];
      const color = colorName(words[o + 1]);
      const n = words[o + 2];
      const captures = Array.from(words.subarray(o + 3, o + 3 + n));
      o += 3 + n;
      const pass = point === 0xffff;
      moves.push({ kind: pass ? "pass" : "play", n: k, color, point: pass ? null : point, captures, selfCaptures: [],
        noChange: pass });
    }
    const shape = classifyCycle(moves);
    out.push({ game, rngState, s, t, kind: shape.kind, period: shape.period, captures: shape.captures });
  }
  return out;
}

export function cycleCensus(opts: { width: number; height: number; games: number; seed: number; ko: CoreKo;
  /** keep this many example cycles of every kind (all of kind "other" are kept) */
  examplesPerKind?: number }): Census {
  checkSize(opts.width, opts.height);
  if (!Number.isInteger(opts.games) || opts.games < 1) throw new ArbiterError(`--games must be a whole number >= 1`);
  releaseCore();
  const c = loadCore();
  const t0 = performance.now();
  const byKind: Record<string, number> = {};
  const periods: Record<string, number> = {};
  const others: CensusCycle[] = [];
  const examples: Record<string, CensusCycle[]> = {};
  const withCycle = new Set<number>();
  let moves = 0;
  let dropped = 0;
  // the PRNG state carries over between batches, so batching does not change the games
  let state = opts.seed >>> 0;
  for (let done = 0; done < opts.games; done += BATCH) {
    const n = Math.min(BATCH, opts.games - done);
    c.runPlayoutsLoggingCycles(opts.width, opts.height, n, state, KO[opts.ko]);
    state = (c.rngState.value as number) >>> 0;
    moves += c.statMoves.value as number;
    dropped += c.eventsDropped.value as number;
    const words = u16At(c, c.EVENTS, c.eventsLength.value as number);
    for (const cy of decodeEvents(words, c.eventCount.value as number, done)) {
      byKind[cy.kind] = (byKind[cy.kind] ?? 0) + 1;
      periods[cy.period] = (periods[cy.period] ?? 0) + 1;
      withCycle.add(cy.game);
      if (cy.kind === "other") others.push(cy);
      else if ((examples[cy.kind]?.length ?? 0) < (opts.examplesPerKind ?? 0)) (examples[cy.kind] ??= []).push(cy);
    }
  }
  const perThousandGames = Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round((v / opts.games) * 1e6) / 1e3]));
  return { width: opts.width, height: opts.height, games: opts.games, seed: opts.seed, ko: opts.ko, moves,
    gamesWithCycle: withCycle.size, byKind, perThousandGames, periods, others, examples, dropped,
    ms: Math.round(performance.now() - t0) };
}

/** The moves of one playout (from its PRNG state) as SGF, marking the cycle's plies. */
export function playoutAsSgf(width: number, height: number, ko: CoreKo, cy: CensusCycle): string {
  releaseCore();
  const c = loadCore();
  c.replayPlayout(width, height, cy.rngState, KO[ko]);
  const plies = c.lastGamePlies.value as number;
  const points = u16At(c, c.PLY_POINT, plies + 1);
  const moves = Array.from(points.subarray(1, plies + 1), (p) => (p === 0xffff ? -1 : p));
  const note = (k: number) => k === cy.s ? "cycle starts after this move"
    : k === cy.t ? `the position after move ${cy.s} recurs: ${cy.kind}, period ${cy.period}` : undefined;
  const root = { data: rootData(width, height, { KM: ["0"], RU: ["Tromp-Taylor"], C: [`arbiter light playout, PRNG state ${cy.rngState}, ko ${ko}`] }),
    children: [] };
  return writeSgf(appendMoves(root, moves, width, (k) => (k % 2 === 0 ? "B" : "W"), (k) => note(k + 1)));
}
