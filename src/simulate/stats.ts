import { per1000Interval } from "./intervals.js";

// Statistics of a simulation, kept as sums and counts so that slices (tasks, threads, shards) add
// up to exactly what one run gives; means and spreads are derived when a report is written.

export type Counts = Record<string, number>;

export interface RuleStats {
  games: number;
  /** record length in moves, passes included */
  length: { sum: number; sumSquares: number; min: number | null; max: number | null };
  stonePlays: number;
  /** by winner: B, W, draw (a "0" result), void */
  results: Counts;
  /** twice the margin of each decided game, Black's favour (margins are multiples of 0.5) */
  marginTwice: { sum: number; sumSquares: number };
  decidedBy: Counts;
  /** the referee's end reasons; "move-limit" for a game stopped at 3 x points moves */
  endReasons: Counts;
  /** candidate moves the policy drew that the rule set forbids, by reason */
  forbidden: Counts;
  /** board recurrences (any side to move), as the referee reports them, by kind: the count, the
   *  games with at least one, the count per period (in moves); reports add per1000Games. Pass
   *  cycles (a position recurring by passes alone) are not here: see passCycles */
  cycles: Record<string, { count: number; games: number; periods: Counts; per1000Games?: number }>;
  /** games with a cycle other than a pass cycle */
  gamesWithCycle: number;
  /** games by their shortest cycle (pass cycles aside), in moves */
  cycleLengths: Counts;
  /** the trivial cycles, counted apart: a pass answered by a pass brings the position back (every
   *  game that ends by passes under a rule set whose passes do not end play at once has them) */
  passCycles: { count: number; periods: Counts };
  gamesWithPassCycle: number;
  /** Ing 1A.4: cycles that banned their initiator from going round again */
  ingBans: number;
  /** New Ing 2.8: games whose final position fails the laziness check */
  lazinessFailed: number;
  /** capture policy: moves chosen as a capture or an escape from atari */
  captureMoves: number;
  /** cycles not logged because the event buffer was full (should be 0) */
  cyclesDropped: number;
}

export interface PairStats {
  games: number;
  /** games in which a move of the record is illegal under the other rule set, by reason */
  illegal: Counts;
  /** games whose end reason differs */
  endChanged: number;
  /** games whose winner (B, W, draw, void) differs */
  winnerChanged: number;
  /** Black wins under this rule set and not under the other, and the other way round: the
   *  discordant games of McNemar's test (reports add its exact p-value) */
  blackWinsHereOnly: number;
  blackWinsThereOnly: number;
  /** reports: the exact McNemar test's two-sided p-value for Black's wins under the two rule sets */
  mcnemarP?: number;
  /** games void under the other rule set only */
  voidOnlyThere: number;
}

export interface Example {
  /** what the example is kept for (one per key: the lowest game index) */
  key?: string;
  rules: string;
  game: number;
  what: string;
  /** for paired examples: the rule set the game was replayed under */
  under?: string;
  file?: string;
}

export interface SimPart {
  rules: Record<string, RuleStats>;
  /** paired[a][b]: the games generated under a, replayed and counted under b */
  paired: Record<string, Record<string, PairStats>> | null;
  /** the lowest game index per example key */
  examples: Record<string, Example>;
  games: number;
}

export function newRuleStats(): RuleStats {
  return {
    games: 0, length: { sum: 0, sumSquares: 0, min: null, max: null }, stonePlays: 0,
    results: { B: 0, W: 0, draw: 0, void: 0 }, marginTwice: { sum: 0, sumSquares: 0 }, decidedBy: {},
    endReasons: {}, forbidden: {}, cycles: {}, gamesWithCycle: 0, cycleLengths: {}, passCycles: { count: 0, periods: {} },
    gamesWithPassCycle: 0, ingBans: 0,
    lazinessFailed: 0, captureMoves: 0, cyclesDropped: 0,
  };
}

export function newPairStats(): PairStats {
  return { games: 0, illegal: {}, endChanged: 0, winnerChanged: 0, blackWinsHereOnly: 0, blackWinsThereOnly: 0, voidOnlyThere: 0 };
}

export function bump(c: Counts, key: string | number, n = 1): void {
  c[key] = (c[key] ?? 0) + n;
}

function addCounts(into: Counts, from: Counts): void {
  for (const [k, v] of Object.entries(from)) bump(into, k, v);
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export function addRuleStats(into: RuleStats, from: RuleStats): void {
  into.games += from.games;
  into.length.sum += from.length.sum;
  into.length.sumSquares += from.length.sumSquares;
  into.length.min = minOf(into.length.min, from.length.min);
  into.length.max = maxOf(into.length.max, from.length.max);
  into.stonePlays += from.stonePlays;
  addCounts(into.results, from.results);
  into.marginTwice.sum += from.marginTwice.sum;
  into.marginTwice.sumSquares += from.marginTwice.sumSquares;
  addCounts(into.decidedBy, from.decidedBy);
  addCounts(into.endReasons, from.endReasons);
  addCounts(into.forbidden, from.forbidden);
  for (const [kind, c] of Object.entries(from.cycles)) {
    const mine = (into.cycles[kind] ??= { count: 0, games: 0, periods: {} });
    mine.count += c.count;
    mine.games += c.games;
    addCounts(mine.periods, c.periods);
  }
  into.gamesWithCycle += from.gamesWithCycle;
  addCounts(into.cycleLengths, from.cycleLengths);
  into.passCycles.count += from.passCycles.count;
  addCounts(into.passCycles.periods, from.passCycles.periods);
  into.gamesWithPassCycle += from.gamesWithPassCycle;
  into.ingBans += from.ingBans;
  into.lazinessFailed += from.lazinessFailed;
  into.captureMoves += from.captureMoves;
  into.cyclesDropped += from.cyclesDropped;
}

export function addPairStats(into: PairStats, from: PairStats): void {
  into.games += from.games;
  addCounts(into.illegal, from.illegal);
  into.endChanged += from.endChanged;
  into.winnerChanged += from.winnerChanged;
  into.blackWinsHereOnly += from.blackWinsHereOnly;
  into.blackWinsThereOnly += from.blackWinsThereOnly;
  into.voidOnlyThere += from.voidOnlyThere;
}

/** Keeps the example with the lowest game index per key (any order of merging gives the same). */
/** Whether game `game` would be kept as the example for `key` (to build its text only then). */
export function wantsExample(into: Record<string, Example>, key: string, game: number): boolean {
  const cur = into[key];
  return !cur || game < cur.game;
}

export function offerExample(into: Record<string, Example>, key: string, ex: Example): void {
  const cur = into[key];
  if (!cur || ex.game < cur.game) into[key] = { key, ...ex };
}

export function addPart(into: SimPart, from: SimPart): void {
  for (const [name, s] of Object.entries(from.rules)) addRuleStats((into.rules[name] ??= newRuleStats()), s);
  if (from.paired) {
    into.paired ??= {};
    for (const [a, row] of Object.entries(from.paired)) {
      for (const [b, s] of Object.entries(row)) addPairStats(((into.paired[a] ??= {})[b] ??= newPairStats()), s);
    }
  }
  for (const [k, ex] of Object.entries(from.examples)) offerExample(into.examples, k, ex);
  into.games += from.games;
}

export function emptyPart(): SimPart {
  return { rules: {}, paired: null, examples: {}, games: 0 };
}

const round = (x: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** The derived figures of a rule set's statistics (means, spreads, rates per 1000 games). */
export function derived(s: RuleStats) {
  const n = s.games;
  const mean = n ? s.length.sum / n : 0;
  const variance = n ? Math.max(0, s.length.sumSquares / n - mean * mean) : 0;
  const decided = (s.results.B ?? 0) + (s.results.W ?? 0) + (s.results.draw ?? 0);
  const mMean = decided ? s.marginTwice.sum / 2 / decided : 0;
  const mVar = decided ? Math.max(0, s.marginTwice.sumSquares / 4 / decided - mMean * mMean) : 0;
  const per1000 = (k: number) => (n ? round((k / n) * 1000) : 0);
  const forbiddenTotal = Object.values(s.forbidden).reduce((a, b) => a + b, 0);
  return {
    meanLength: round(mean),
    sdLength: round(Math.sqrt(variance)),
    meanStonePlays: round(n ? s.stonePlays / n : 0),
    meanMargin: round(mMean),
    sdMargin: round(Math.sqrt(mVar)),
    resultsPer1000Games: Object.fromEntries(Object.entries(s.results).map(([k, v]) => [k, per1000(v)])),
    forbiddenPerGame: round(n ? forbiddenTotal / n : 0),
    cyclesPer1000Games: Object.fromEntries(Object.entries(s.cycles).map(([k, v]) => [k, per1000(v.count)])),
    gamesWithCyclePer1000: per1000(s.gamesWithCycle),
    gamesWithPassCyclePer1000: per1000(s.gamesWithPassCycle),
    /** 95% intervals of the rates of games, per 1000 games (intervals.ts): results, games with a
     *  cycle, games with a cycle of each kind, games with a pass cycle */
    ci95Per1000: {
      results: Object.fromEntries(Object.entries(s.results).map(([k, v]) => [k, per1000Interval(v, n)])),
      gamesWithCycle: per1000Interval(s.gamesWithCycle, n),
      gamesWithCycleOfKind: Object.fromEntries(Object.entries(s.cycles).map(([k, v]) => [k, per1000Interval(v.games, n)])),
      gamesWithPassCycle: per1000Interval(s.gamesWithPassCycle, n),
    },
  };
}
