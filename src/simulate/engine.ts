// Drives the WebAssembly simulation (assembly/simulate.ts) in this thread's core: one call per
// batch of games; then, per game, the count (src/scoring, as the referee counts) and the result,
// and the cycle events classified by structure (src/rules/cycles.ts). Used by the worker threads
// and, for single games (tests, examples), directly.
import { loadCore, type CoreExports } from "../core/wasm.js";
import { checkSize, releaseCore } from "../core/game.js";
import type { Color } from "../core/codes.js";
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { classifyCycle, isTrivialPassCycle } from "../rules/cycles.js";
import type { CycleMove } from "../rules/cycles.js";
import { countFinal, type Analysis, type Score } from "../scoring/count.js";
import { analysisArrays } from "../scoring/board.js";
import { decideResult } from "../rules/referee.js";
import { END, REASONS, refereeEnd, ruleKnobs } from "../rules/knobs.js";
import { bump, emptyPart, newPairStats, newRuleStats, offerExample, wantsExample, type SimPart } from "./stats.js";

export const POLICIES = ["light", "capture"] as const;
export type Policy = (typeof POLICIES)[number];

export interface NamedRules {
  /** the name the report uses (the preset name as given on the command line) */
  key: string;
  rules: RuleSet;
}

export interface SimSpec {
  width: number;
  height: number;
  seed: number;
  policy: Policy;
  rules: NamedRules[];
  /** replay every game under every other rule set of the list */
  paired: boolean;
}

interface SimCore extends CoreExports {
  simSetup(w: number, h: number): number;
  setRules(slot: number, suicide: number, rep: number, twinEarly: number, void3: number, zhangVoid: number,
    passesInHash: number, end: number, resumeClears: number): number;
  simulateBatch(slot: number, first: number, count: number, seed: number, policy: number, keepMoves: number,
    pairMask: number, trivialApart: number): number;
  replayMoves(slot: number, n: number): void;
  analyseBoard(src: number, w: number, h: number, strings: number): number;
  ANALYSIS: WebAssembly.Global;
  anRegions: WebAssembly.Global;
  anBlack: WebAssembly.Global;
  anSingleInside: WebAssembly.Global;
  AN_CLASSES: WebAssembly.Global;
  anWhite: WebAssembly.Global;
  SUMMARY_OUT: WebAssembly.Global;
  BOARDS_OUT: WebAssembly.Global;
  MOVES_OUT: WebAssembly.Global;
  FORBIDDEN_OUT: WebAssembly.Global;
  EVENTS_OUT: WebAssembly.Global;
  movesLen: WebAssembly.Global;
  capturePolicyMoves: WebAssembly.Global;
  evLen: WebAssembly.Global;
  evCount: WebAssembly.Global;
  evDropped: WebAssembly.Global;
}

const SUM_WORDS = 20;
const MAX_RECORDS = 4096;
const BOARDS_BYTES = 3 << 19;
const MOVES_WORDS = 1 << 19;
export const MAX_RULE_SETS = 16;

/** What the core reports of one game (or one replay). */
export interface GameSummary {
  game: number;
  plies: number;
  stonePlays: number;
  stonePlaysB: number;
  endCode: number;
  endAt: number;
  voided: boolean;
  capped: boolean;
  paused: boolean;
  prisoners: { black: number; white: number };
  passes: { black: number; white: number };
  gamePhase: { black: number; white: number };
  requester: Color | null;
  /** replays: the reason the move at endAt is refused */
  illegal: string | null;
  movesOffset: number;
  events: number;
  ingBans: number;
  /** trivial pass cycles, counted in the core and not among the events; the entry closing the first */
  trivialCycles: number;
  firstTrivialAt: number;
  board: Uint8Array;
}

export interface Verdict {
  /** the referee's end reason */
  end: string;
  /** the statistics' end reason: the referee's, or move-limit for a game stopped by the move cap */
  endStat: string;
  result: string;
  decidedBy: string;
  score: Score | null;
  lazinessFailed: boolean;
}

export interface SimCycle {
  game: number;
  s: number;
  t: number;
  kind: string;
  period: number;
  voids: boolean;
  captures: { B: number; W: number };
}

const colorOfCode = (c: number): Color | null => (c === 1 ? "B" : c === 2 ? "W" : null);

// shared empty lists (frozen: nobody adds to them), where a list per game or per move was most
// of what a simulated game allocated
const NO_POINTS = Object.freeze([]) as unknown as number[];
const NO_CYCLES = Object.freeze([]) as unknown as SimCycle[];
const NO_PAIRS = Object.freeze([]) as unknown as GameOut["pairs"];

function core(): SimCore {
  releaseCore();
  return loadCore() as SimCore;
}

let knobsLoaded = "";
function loadRules(c: SimCore, spec: SimSpec): void {
  if (spec.rules.length > MAX_RULE_SETS) throw new ArbiterError(`at most ${MAX_RULE_SETS} rule sets at once`);
  const key = JSON.stringify(spec.rules.map((r) => r.rules)) + `${spec.width}x${spec.height}`;
  if (!c.simSetup(spec.width, spec.height)) checkSize(spec.width, spec.height);
  if (key === knobsLoaded) return;
  spec.rules.forEach((r, slot) => {
    const k = ruleKnobs(r.rules);
    c.setRules(slot, k.suicide, k.rep, +k.twinEarly, +k.void3, +k.zhangVoid, +k.passesInHash, k.end, +k.resumeClears);
  });
  knobsLoaded = key;
}

/** One Analysis whose arrays are views of the core's ANALYSIS buffer (assembly/score.ts), made
 *  again only when the board size or the core's memory changes: each game's count reads the
 *  analysis the core just made of its final board (a typed array of more than 64 bytes costs an
 *  allocation of its own on node 20: per game, that was a good part of a 9x9 game's time). */
let shared: { buffer: ArrayBuffer; a: Analysis } | null = null;
function coreAnalysis(c: SimCore, board: Uint8Array, width: number, height: number, strings: boolean): Analysis {
  const n = width * height;
  if (!c.analyseBoard(board.byteOffset, width, height, +strings)) throw new Error(`the core cannot analyse a ${width}x${height} board`);
  const buffer = c.memory.buffer;
  if (!shared || shared.buffer !== buffer || shared.a.width !== width || shared.a.height !== height) {
    const base = Number(c.ANALYSIS.value);
    shared = { buffer, a: { width, height, points: n, deadBlack: 0, deadWhite: 0, blackStones: 0, whiteStones: 0,
      regionCount: 0, ...analysisArrays(buffer, base, n), classes: new Int32Array(buffer, Number(c.AN_CLASSES.value), 16) } };
  }
  const a = shared.a;
  a.regionCount = c.anRegions.value as number;
  a.blackStones = c.anBlack.value as number;
  a.whiteStones = c.anWhite.value as number;
  const single = c.anSingleInside.value as number;
  a.singleInside = single < 0 ? undefined : single;
  return a;
}

/** Views of the core's summaries and final boards, made again only when its memory changes; a
 *  record's board view is made once per board size (a view per game cost a few per cent of a
 *  simulated 9x9 game). */
let outViews: { buffer: ArrayBuffer; words: Int32Array; boards: Uint8Array; points: number; board: Uint8Array[] } | null = null;
function outputs(c: SimCore, points: number): { words: Int32Array; boards: Uint8Array; board: Uint8Array[] } {
  const buffer = c.memory.buffer;
  if (outViews?.buffer !== buffer || outViews.points !== points) {
    outViews = { buffer, words: new Int32Array(buffer, Number(c.SUMMARY_OUT.value), MAX_RECORDS * SUM_WORDS),
      boards: new Uint8Array(buffer, Number(c.BOARDS_OUT.value), BOARDS_BYTES), points, board: [] };
  }
  return outViews;
}

/** Record k's final board: a view of the core's BOARDS_OUT (valid until the next batch). */
function boardView(c: SimCore, k: number, points: number): Uint8Array {
  const v = outputs(c, points);
  return (v.board[k] ??= v.boards.subarray(k * points, (k + 1) * points));
}

function readSummary(c: SimCore, k: number, points: number): GameSummary {
  const w = outputs(c, points).words;
  const o = k * SUM_WORDS;
  const flags = w[o + 5];
  return {
    game: w[o], plies: w[o + 1], stonePlays: w[o + 2], stonePlaysB: w[o + 17], endCode: w[o + 3], endAt: w[o + 4],
    voided: (flags & 1) !== 0, capped: (flags & 2) !== 0, paused: (flags & 4) !== 0,
    prisoners: { black: w[o + 6], white: w[o + 7] }, passes: { black: w[o + 8], white: w[o + 9] },
    gamePhase: { black: w[o + 10], white: w[o + 11] }, requester: colorOfCode(w[o + 12]),
    illegal: w[o + 3] === END.illegal ? REASONS[w[o + 13]] ?? `code ${w[o + 13]}` : null,
    movesOffset: w[o + 14], events: w[o + 15], ingBans: w[o + 16], trivialCycles: w[o + 18], firstTrivialAt: w[o + 19],
    board: boardView(c, k, points),
  };
}

/** The result of a game as the referee decides it (src/rules/referee.ts), from the core's summary:
 *  Void after a cycle; a forfeit for an illegal move when the rule set says so; New Ing's laziness;
 *  else the count of the final position (no dead stones: a simulated game is played out). */
export function judge(s: GameSummary, rules: RuleSet, width: number, height: number, core?: SimCore): Verdict {
  const end = refereeEnd(s.endCode, s.paused);
  const endStat = s.capped ? "move-limit" : end;
  // the board is the core's (a view of BOARDS_OUT): the core analyses it in place
  // (the strings with one liberty in their own area only where territory counting looks for them)
  const analysis = core ? coreAnalysis(core, s.board, width, height, rules.scoring === "territory") : undefined;
  const score = countFinal({ width, height, board: s.board, dead: [], analysis }, rules, {
    realMoves: {
      game: s.gamePhase,
      dispute: { black: s.stonePlaysB - s.gamePhase.black, white: s.stonePlays - s.stonePlaysB - s.gamePhase.white },
    },
    passes: s.passes,
    askedToEnd: s.requester,
    prisoners: s.prisoners,
  });
  const lazinessFailed = score.breakdown.laziness?.failed ?? false;
  // the referee's decision on the result, from what ended the game (a game stopped by the move
  // cap is counted as it stands)
  const illegal = s.illegal === null ? null
    : { by: (s.endAt % 2 === 1 ? "B" : "W") as Color, foul: s.illegal === "occupied" || s.illegal === "off-board" };
  const d = decideResult({ rules, end, voided: s.voided, illegal, recorded: null }, score, "count", []);
  return { end, endStat, result: d.result, decidedBy: d.decidedBy, score: d.score, lazinessFailed };
}

export function winnerOf(result: string): "B" | "W" | "draw" | "void" {
  if (result === "Void") return "void";
  if (result.startsWith("B+")) return "B";
  if (result.startsWith("W+")) return "W";
  return "draw";
}

/** Twice the margin in Black's favour ("B+3.5" 7, "W+2" -4, "0" 0); null for a forfeit, a
 *  loss on time or an unnumbered result. (Read char by char: a pattern per game cost a few per
 *  cent of a simulated 9x9 game.) */
export function marginTwice(result: string): number | null {
  if (result === "0") return 0;
  const side = result.charCodeAt(0);
  if ((side !== 66 && side !== 87) || result.charCodeAt(1) !== 43) return null; // B+ or W+
  // digits, then optionally a point and digits
  let i = 2;
  let point = -1;
  for (; i < result.length; i++) {
    const ch = result.charCodeAt(i);
    if (ch === 46 && point < 0 && i > 2) point = i;
    else if (ch < 48 || ch > 57) return null;
  }
  if (i === 2 || point === i - 1) return null;
  const x = Math.round(Number(result.slice(2)) * 2);
  return side === 66 ? x : -x;
}

/** Decodes the batch's cycle events (assembly/rules.ts logCycle) and names each by structure. */
function readCycles(c: SimCore): SimCycle[] {
  const n = c.evCount.value as number;
  const words = new Uint16Array(c.memory.buffer, Number(c.EVENTS_OUT.value), c.evLen.value as number);
  const out: SimCycle[] = [];
  let o = 0;
  for (let e = 0; e < n; e++) {
    const game = (words[o] | (words[o + 1] << 16)) >>> 0;
    const s = words[o + 2];
    const t = words[o + 3];
    const voids = words[o + 4] !== 0;
    o += 5;
    const moves: CycleMove[] = [];
    for (let k = s + 1; k <= t; k++) {
      const point = words[o];
      const colour = colorOfCode(words[o + 1] & 15) as Color;
      const noChange = (words[o + 1] >> 4) !== 0;
      const nc = words[o + 2];
      const ns = words[o + 3];
      // plain loops: a subarray per move cost more than the rest of the decoding
      const captures = nc === 0 ? NO_POINTS : new Array<number>(nc);
      for (let j = 0; j < nc; j++) captures[j] = words[o + 4 + j];
      const selfCaptures = ns === 0 ? NO_POINTS : new Array<number>(ns);
      for (let j = 0; j < ns; j++) selfCaptures[j] = words[o + 4 + nc + j];
      o += 4 + nc + ns;
      const pass = point === 0xffff;
      moves.push({ kind: pass ? "pass" : "play", n: k, color: colour, point: pass ? null : point, captures, selfCaptures,
        noChange });
    }
    const shape = classifyCycle(moves);
    out.push({ game, s, t, kind: shape.kind, period: shape.period, voids, captures: shape.captures });
  }
  return out;
}

/** Largest batch for the core's output buffers. */
function batchLimit(points: number, stride: number, keepMoves: boolean): number {
  let n = Math.min(Math.floor(MAX_RECORDS / stride), Math.floor(BOARDS_BYTES / (points * stride)), 2000);
  if (keepMoves || stride > 1) n = Math.min(n, Math.floor(MOVES_WORDS / (3 * points + 2)));
  return Math.max(1, n);
}

export interface GameOut {
  rule: number;
  summary: GameSummary;
  verdict: Verdict;
  cycles: SimCycle[];
  /** y*width+x per move, -1 for a pass (with keepMoves) */
  moves: number[] | null;
  /** paired: the replay under each other rule set (index = rule set) */
  pairs: { rule: number; summary: GameSummary; verdict: Verdict }[];
}

/**
 * Plays games [from, to) under every rule set of the spec, calling `each` per game (in order of
 * rule set, then game). The core's PRNG for game g is seeded from (spec.seed, g) only. With
 * `trivialApart`, trivial pass cycles are not among a game's cycles: its summary counts them.
 * Returns the refused candidates by reason and the capture-policy moves, per rule set.
 */
export function playGames(spec: SimSpec, from: number, to: number, each: (g: GameOut) => void,
  opts: { keepMoves?: boolean; stop?: () => boolean; trivialApart?: boolean } = {}): { forbidden: Record<string, number>[]; captureMoves: number[]; dropped: number[] } {
  const c = core();
  loadRules(c, spec);
  const points = spec.width * spec.height;
  const R = spec.rules.length;
  const allMask = (1 << R) - 1;
  const stride = spec.paired ? R : 1;
  const limit = batchLimit(points, stride, opts.keepMoves ?? false);
  const policy = spec.policy === "capture" ? 1 : 0;
  const forbidden = spec.rules.map(() => ({} as Record<string, number>));
  const captureMoves = spec.rules.map(() => 0);
  const dropped = spec.rules.map(() => 0);
  for (let r = 0; r < R; r++) {
    let g = from;
    while (g < to) {
      if (opts.stop?.()) break;
      const want = Math.min(limit, to - g);
      const done = c.simulateBatch(r, g, want, spec.seed >>> 0, policy, opts.keepMoves ? 1 : 0, spec.paired ? allMask : 0,
        opts.trivialApart ? 1 : 0);
      const fb = new Int32Array(c.memory.buffer, Number(c.FORBIDDEN_OUT.value), 16);
      for (let k = 1; k < REASONS.length; k++) if (fb[k]) bump(forbidden[r], REASONS[k], fb[k]);
      captureMoves[r] += c.capturePolicyMoves.value as number;
      dropped[r] += c.evDropped.value as number;
      const cycles = readCycles(c);
      const byGame = new Map<number, SimCycle[]>();
      for (const cy of cycles) {
        const list = byGame.get(cy.game);
        if (list) list.push(cy);
        else byGame.set(cy.game, [cy]);
      }
      const movesBase = Number(c.MOVES_OUT.value);
      for (let i = 0; i < done; i++) {
        const summary = readSummary(c, i * stride, points);
        const verdict = judge(summary, spec.rules[r].rules, spec.width, spec.height, c);
        let moves: number[] | null = null;
        if (opts.keepMoves) {
          const m = new Uint16Array(c.memory.buffer, movesBase + summary.movesOffset * 2, summary.plies);
          moves = Array.from(m, (v) => (v === 0xffff ? -1 : v));
        }
        const pairs: GameOut["pairs"] = spec.paired ? [] : NO_PAIRS;
        if (spec.paired) {
          let k = 1;
          for (let b = 0; b < R; b++) {
            if (b === r) continue;
            const ps = readSummary(c, i * stride + k, points);
            pairs.push({ rule: b, summary: ps, verdict: judge(ps, spec.rules[b].rules, spec.width, spec.height, c) });
            k++;
          }
        }
        each({ rule: r, summary, verdict, cycles: byGame.get(summary.game) ?? NO_CYCLES, moves, pairs });
      }
      g += done;
    }
  }
  return { forbidden, captureMoves, dropped };
}

/** Offers a cycle of moves from+1..to of `game` as the example of its kind under rule set `key`
 *  (`keys` caches the examples' keys by kind; the text is made only when the example is kept). */
function cycleExample(part: SimPart, keys: Record<string, string>, key: string, game: number, kind: string, from: number,
  to: number, voids: boolean): void {
  const exKey = (keys[kind] ??= `cycle:${key}:${kind}`);
  if (wantsExample(part.examples, exKey, game)) offerExample(part.examples, exKey, { rules: key, game,
    what: `${kind} cycle, moves ${from + 1}-${to} (period ${to - from})${voids ? ", the game is Void" : ""}` });
}

/** Statistics of games [from, to) under every rule set of the spec (one task of a run). */
export function simulateRange(spec: SimSpec, from: number, to: number, stop?: () => boolean): SimPart {
  const part = emptyPart();
  const stats = spec.rules.map((r) => (part.rules[r.key] = newRuleStats()));
  const exampleKeys = spec.rules.map(() => ({} as Record<string, string>)); // per rule set, by cycle kind
  if (spec.paired) {
    part.paired = {};
    for (const a of spec.rules) {
      part.paired[a.key] = {};
      for (const b of spec.rules) if (b.key !== a.key) part.paired[a.key][b.key] = newPairStats();
    }
  }
  const res = playGames(spec, from, to, (g) => {
    const key = spec.rules[g.rule].key;
    const s = stats[g.rule];
    const { summary: sum, verdict: v } = g;
    s.games++;
    s.length.sum += sum.plies;
    s.length.sumSquares += sum.plies * sum.plies;
    s.length.min = s.length.min === null ? sum.plies : Math.min(s.length.min, sum.plies);
    s.length.max = s.length.max === null ? sum.plies : Math.max(s.length.max, sum.plies);
    s.stonePlays += sum.stonePlays;
    const winner = winnerOf(v.result);
    bump(s.results, winner);
    const mt = winner === "void" ? null : marginTwice(v.result);
    if (mt !== null) {
      s.marginTwice.sum += mt;
      s.marginTwice.sumSquares += mt * mt;
    }
    bump(s.decidedBy, v.decidedBy);
    bump(s.endReasons, v.endStat);
    s.ingBans += sum.ingBans;
    if (v.lazinessFailed) s.lazinessFailed++;
    if (winner === "void") offerExample(part.examples, `void:${key}`, { rules: key, game: sum.game, what: `Void (${v.end})` });
    const keys = exampleKeys[g.rule];
    // the trivial pass cycles the core counted (each a pass or null move repeating the board just
    // before it: period 1), its first one offered as an example in its place among the cycles
    let trivialToOffer = sum.trivialCycles > 0;
    if (sum.trivialCycles) {
      s.passCycles.count += sum.trivialCycles;
      bump(s.passCycles.periods, 1, sum.trivialCycles);
    }
    let passOnly = sum.trivialCycles;
    if (g.cycles.length) {
      let shortest = Infinity;
      const kinds = new Set<string>();
      for (const cy of g.cycles) {
        if (trivialToOffer && sum.firstTrivialAt < cy.t) {
          cycleExample(part, keys, key, sum.game, "pass-cycle", sum.firstTrivialAt - 1, sum.firstTrivialAt, false);
          trivialToOffer = false;
        }
        cycleExample(part, keys, key, sum.game, cy.kind, cy.s, cy.t, cy.voids);
        if (isTrivialPassCycle(cy)) {
          // trivial: counted apart from the real cycles
          s.passCycles.count++;
          bump(s.passCycles.periods, cy.period);
          passOnly++;
          continue;
        }
        const entry = (s.cycles[cy.kind] ??= { count: 0, games: 0, periods: {} });
        entry.count++;
        if (!kinds.has(cy.kind)) entry.games++;
        kinds.add(cy.kind);
        bump(entry.periods, cy.period);
        shortest = Math.min(shortest, cy.period);
      }
      if (kinds.size) {
        s.gamesWithCycle++;
        bump(s.cycleLengths, shortest);
      }
    }
    if (trivialToOffer) cycleExample(part, keys, key, sum.game, "pass-cycle", sum.firstTrivialAt - 1, sum.firstTrivialAt, false);
    if (passOnly) s.gamesWithPassCycle++;
    for (const p of g.pairs) {
      const bKey = spec.rules[p.rule].key;
      const ps = part.paired![key][bKey];
      ps.games++;
      if (p.summary.illegal) {
        bump(ps.illegal, p.summary.illegal);
        offerExample(part.examples, `pair:${key}:${bKey}:illegal:${p.summary.illegal}`, { rules: key, under: bKey,
          game: sum.game, what: `move ${p.summary.endAt} is legal under ${key}, forbidden under ${bKey} (${p.summary.illegal})` });
      }
      if (p.verdict.end !== v.end) ps.endChanged++;
      const bw = winnerOf(p.verdict.result);
      if (winner === "B" && bw !== "B") ps.blackWinsHereOnly++;
      if (winner !== "B" && bw === "B") ps.blackWinsThereOnly++;
      if (bw !== winner) {
        ps.winnerChanged++;
        offerExample(part.examples, `pair:${key}:${bKey}:winner`, { rules: key, under: bKey, game: sum.game,
          what: `${v.result} under ${key}, ${p.verdict.result} under ${bKey}` });
      }
      if (bw === "void" && winner !== "void") ps.voidOnlyThere++;
    }
  }, { stop, trivialApart: true });
  spec.rules.forEach((_, r) => {
    for (const [k, v] of Object.entries(res.forbidden[r])) bump(stats[r].forbidden, k, v);
    stats[r].captureMoves += res.captureMoves[r];
    stats[r].cyclesDropped += res.dropped[r];
  });
  part.games = stats.length ? stats[0].games : 0;
  return part;
}

/** One game's moves (y*width+x, -1 pass) and verdict, regenerated from its index. */
export function regenerate(spec: SimSpec, rule: number, game: number): GameOut {
  let out: GameOut | null = null;
  const one: SimSpec = { ...spec, rules: [spec.rules[rule]], paired: false };
  playGames(one, game, game + 1, (g) => {
    out = { ...g, rule, summary: { ...g.summary, board: g.summary.board.slice() } };
  }, { keepMoves: true });
  return out as unknown as GameOut;
}
