// Loads the WebAssembly core once per thread and exposes its exports with types.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

export interface CoreExports {
  memory: WebAssembly.Memory;
  newGame(w: number, h: number, suicide: number, ko: number, toMove: number, moveLimit: number): number;
  loadSetup(toMove: number): number;
  tryPlay(x: number, y: number, c: number, free: number): number;
  commitPlay(nextToMove: number): number;
  rollbackPlay(): void;
  rulesStart(suicide: number, rep: number, twinEarly: number, void3: number, zhangVoid: number, passesInHash: number,
    end: number, resumeClears: number, toMove: number, cap: number, journal: number): void;
  rulesPlay(x: number, y: number, c: number, commit: number, free: number): number;
  rulesUndo(): void;
  rulesPass(c: number, abandon: number): number;
  RULING_OUT: WebAssembly.Global;
  rulesReplay(n: number, abandonFrom: number): number;
  MOVES_IN: WebAssembly.Global;
  replayPlayed: WebAssembly.Global;
  replayRequester: WebAssembly.Global;
  gamePlay(x: number, y: number, c: number): number;
  gamePass(c: number): number;
  writeBoard(): void;
  saveSlot(i: number): void;
  loadSlot(i: number): void;
  situationHash(nextToMove: number): bigint;
  boardHash(): bigint;
  prisoners(c: number): number;
  lastPositionIndex(h: bigint): number;
  lastSituationIndex(h: bigint): number;
  positionHashAt(t: number): bigint;
  situationHashAt(t: number): bigint;
  countOwners(method: number): number;
  stringPoints(x: number, y: number): number;
  stringLiberties(x: number, y: number): number;
  ownEyeAt(x: number, y: number, c: number): number;
  MASK_IN: WebAssembly.Global;
  setLibertyMask(): void;
  stringLibertiesIn(x: number, y: number): number;
  BENSON_IN: WebAssembly.Global;
  retroSort(n: number): void;
  SORT_IN: WebAssembly.Global;
  bensonTargets(c: number, n: number, allPoints: boolean): number;
  bensonArea(c: number, allPoints: boolean): number;
  bensonBoundArea(): number;
  bensonFixRegion(c: number): void;
  bensonTargetsFixed(c: number, n: number, allPoints: boolean): number;
  STRING_OUT: WebAssembly.Global;
  runPlayouts(w: number, h: number, games: number, seed: number, ko: number, withScore: number): number;
  runPlayoutsLoggingCycles(w: number, h: number, games: number, seed: number, ko: number): number;
  replayPlayout(w: number, h: number, state: number, ko: number): number;
  runOwnership(games: number, seed: number, toMove: number, policy: number): void;
  OWNERSHIP: WebAssembly.Global;
  EVENTS: WebAssembly.Global;
  PLY_POINT: WebAssembly.Global;
  eventsLength: WebAssembly.Global;
  eventCount: WebAssembly.Global;
  eventsDropped: WebAssembly.Global;
  lastGamePlies: WebAssembly.Global;
  rngState: WebAssembly.Global;
  BOARD_OUT: WebAssembly.Global;
  REMOVED_XY: WebAssembly.Global;
  SETUP_IN: WebAssembly.Global;
  OWNER: WebAssembly.Global;
  lastCaptured: WebAssembly.Global;
  lastSelfCaptured: WebAssembly.Global;
  lastNoChange: WebAssembly.Global;
  lastHashAfter: WebAssembly.Global;
  historyLength: WebAssembly.Global;
  statGames: WebAssembly.Global;
  statMoves: WebAssembly.Global;
  statPlies: WebAssembly.Global;
  statCapped: WebAssembly.Global;
  statStones: WebAssembly.Global;
  statBlackAreaWins: WebAssembly.Global;
  statWhiteAreaWins: WebAssembly.Global;
  // the prover's search (assembly/search.ts)
  searchInit(def: number, goal: number, ends: number, rule: number, opts: number, tB: number, tW: number,
    nT: number, nO: number, slot: number): void;
  searchPrior(slot: number, tB: number, tW: number): void;
  searchPriorKey(j: number, color: number, winner: number): number;
  searchBudget(nodes: number, positions: number, deadline: number, cancel: number | boolean): void;
  searchPhase(deadline: number, positions: number): void;
  searchNodeLimit(nodes: number): number;
  searchReopen(): void;
  searchVisit(): number;
  searchApply(move: number, color: number, depth: number): number;
  searchUndo(depth: number): void;
  searchKey(color: number): number;
  searchRepetitionKey(): number;
  searchMoves(color: number, best: number): number;
  searchReward(color: number, move: number, amount: number): void;
  searchPasses(): number;
  searchFillIn(): void;
  searchProvenBest(color: number): number;
  searchElsewhereBest(color: number): number;
  searchDfpn(toMove: number, depth: number): number;
  searchTeamCounters(): number;
  searchRenew(keepHistory: boolean): void;
  searchTeam(counters: number, place: number): void;
  searchProvenMet(color: number): number;
  searchSlotBase(slot: number): number;
  searchSlotGen(slot: number): number;
  searchAdopt(slot: number, base: number, gen: number): void;
  // the solver (assembly/solve.ts)
  solveTables(ttBits: number, leafBits: number): number;
  solveInit(opts: number, offset: number, nodes: number, deadline: number): void;
  solveRun(toMove: number, bound: number): number;
  solveLine(toMove: number, value: number, maxLen: number): number;
  solveAtLeast(theta: number): number;
  solveGoalDeepening(theta: number, first: number, fromLen: number): number;
  solveGoalPn(theta: number, fromLen: number, keepTable: number): number;
  tableCleared(): void;
  GOAL_FROM: WebAssembly.Global;
  fromRefused: WebAssembly.Global;
  fromBack: WebAssembly.Global;
  SOLVE_FROM_MOST: WebAssembly.Global;
  goalRootMoves(theta: number, fromLen: number): number;
  GOAL_ROOT_OUT: WebAssembly.Global;
  setSafeArea(on: number, allPoints: number, komi2: number): void;
  setAreaLeaves(on: number): void;
  setSymmetricTable(on: number): void;
  retroRun(maxPositions: number, maxEdges: number, symmetric: number, endlessValue: number, safety: number, noSameBoard: number, clamp: number): number;
  retroLine(maxLen: number): number;
  retroProve(theta: number, blackReaches: number): number;
  retroProveKept(): number;
  retroPayoff(maxPositions: number, maxEdges: number, symmetric: number, points: number): number;
  payoffLine(maxLen: number, stonesFirst: number, theta: number): number;
  payoffProve(theta: number): number;
  retroTheta(i: number): number;
  retroHistoryGoal(theta: number, slot: number, fresh: number): number;
  retroHistory(slot: number, noFirst: number): number;
  retroHistoryLine(slotLow: number, slotHigh: number, maxLen: number): number;
  retroHistoryCheck(search: number, leaves: number): void;
  retroHistoryVoid(on: number): void;
  retroLoneSuicides(answered: number): void;
  retroHistoryCapAt(moves: number): void;
  retroHistoryTableBits(bits: number): void;
  hsTableBits(): number;
  retroHistoryProofNumbers(on: number): void;
  retroWantBound(on: number): void;
  setHotStones(on: number): void;
  setVirtualFree(on: number): void;
  retroAbandons(on: number): void;
  retroVirtualBounds(): number;
  retroVirtualLine(maxLen: number): number;
  suspReset(n: number, lowest: number, thresholds: number): number;
  grandKnobs(suicide: number, rep: number, passesInHash: number, end: number): void;
  grandBounds(least: number, most: number): number;
  grandGraph(points: number): number;
  grandPhaseRoom(positions: number, extraMoves: number): void;
  grandNested(on: number): void;
  retroKeepStrategies(on: number): void;
  suspDigest(): bigint;
  grandLine(maxLen: number): number;
  grandRulesBounds(): number;
  retroHistoryProof(slot: number, atLeast: number): number;
  retroHistoryWalk(slot: number, atLeast: number): number;
  setSolOut(): void;
  solveProof(toMove: number, v: number, atLeast: number): number;
  solNodes: WebAssembly.Global; solLeaves: WebAssembly.Global; solLeafCalls: WebAssembly.Global;
  solStored: WebAssembly.Global; solHits: WebAssembly.Global; solCycles: WebAssembly.Global;
  solGaps: WebAssembly.Global; solLeafMismatch: WebAssembly.Global;
  solSafe: WebAssembly.Global; solHorizon: WebAssembly.Global; solHorizonLeaves: WebAssembly.Global;
  solOut: WebAssembly.Global; solDepthOut: WebAssembly.Global; solMaxDepth: WebAssembly.Global;
  solLineLen: WebAssembly.Global; solLineEnd: WebAssembly.Global; solLineCycle: WebAssembly.Global;
  SOLVE_LINE_OUT: WebAssembly.Global; SOLVE_LEAF_OUT: WebAssembly.Global; SOLVE_BOARD_OUT: WebAssembly.Global;
  sNodes: WebAssembly.Global;
  sPositions: WebAssembly.Global;
  sBudgetOut: WebAssembly.Global;
  sSawVoid: WebAssembly.Global;
  sDepthExceeded: WebAssembly.Global;
  sLooping: WebAssembly.Global;
  S_FLAGS_IN: WebAssembly.Global;
  S_TARGETS_IN: WebAssembly.Global;
  S_NEED_IN: WebAssembly.Global;
  S_ORDER_IN: WebAssembly.Global;
  S_MOVES_OUT: WebAssembly.Global;
}

/** What the core's search asks of its host: the budget's cancel test (set by the search that
 *  runs, src/prove/search.ts). */
export const searchHooks: { cancelled?: () => boolean } = {};

/** What the core's solver asks of its host (set by the solve that runs, src/solve/solve.ts): the
 *  count of a finished game the core wrote out, and progress. */
export const solveHooks: { leaf?: () => number; progress?: (nodes: number, depth: number) => void } = {};

/** The host functions the core imports (env). */
export function coreImports(): WebAssembly.Imports {
  return {
    env: {
      abort(_msg: number, _file: number, line: number, col: number) {
        throw new Error(`arbiter core aborted at ${line}:${col}`);
      },
      searchNow: () => performance.now(),
      searchCancelled: () => (searchHooks.cancelled?.() ? 1 : 0),
      solveLeaf: () => {
        if (!solveHooks.leaf) throw new Error("the core's solver asked for a count with no solve running");
        return solveHooks.leaf();
      },
      solveProgress: (nodes: number, depth: number) => solveHooks.progress?.(nodes, depth),
    },
  };
}

/** Finds build/<name> (default arbiter.wasm) from src/core (tests) or dist/src/core (built code). */
function wasmPath(name = "arbiter.wasm"): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "build", name);
    try {
      readFileSync(candidate, { flag: "r" }).length;
      return candidate;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error(`build/${name} not found: run \`npm run build:wasm\` first`);
}

let core: CoreExports | null = null;

/** The core of this thread, instantiated on first use (synchronously: the module is small). */
export function loadCore(): CoreExports {
  if (core) return core;
  const bytes = readFileSync(wasmPath());
  const module = new WebAssembly.Module(bytes);
  const instance = new WebAssembly.Instance(module, coreImports());
  core = instance.exports as unknown as CoreExports;
  return core;
}

/** The threads a team can have (src/prove/team.ts): one core is built per place in the shared
 *  memory (asconfig.json targets team0, team1, ...), each with its static data at its own offset. */
export const TEAM_PLACES = 2;
/** The shared memory of a team, in 64 KiB pages: each place's static data takes 768 pages (less
 *  than 48 MiB), and df-pn's tables and the busy counters are grown above them. */
export const TEAM_MEMORY = { initial: 768 * TEAM_PLACES, maximum: 16384 };

/** Makes this thread's core the one built for `place` in a team's shared memory. A team's threads
 *  do nothing else: call it before anything loads the core. */
export function loadTeamCore(place: number, memory: WebAssembly.Memory): CoreExports {
  if (core) throw new Error("this thread's core is already loaded");
  const module = new WebAssembly.Module(readFileSync(wasmPath(`arbiter-team${place}.wasm`)));
  const imports = coreImports();
  (imports.env as Record<string, unknown>).memory = memory;
  core = new WebAssembly.Instance(module, imports).exports as unknown as CoreExports;
  return core;
}

/** A byte view of `length` bytes at the address held by a pointer global. */
export function bytesAt(c: CoreExports, ptr: WebAssembly.Global, length: number): Uint8Array {
  return new Uint8Array(c.memory.buffer, Number(ptr.value), length);
}
export function u16At(c: CoreExports, ptr: WebAssembly.Global, length: number): Uint16Array {
  return new Uint16Array(c.memory.buffer, Number(ptr.value), length);
}
