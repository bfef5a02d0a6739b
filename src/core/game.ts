// A typed wrapper over the core's one game per thread. Calls cross into WebAssembly per move,
// never per point: board contents come back through typed-array views of linear memory.
import { loadCore, bytesAt, u16At, type CoreExports } from "./wasm.js";
import * as C from "../../assembly/codes.js";
import { ArbiterError } from "../errors.js";
import { indexToGtp } from "./coords.js";
import { BLACK, WHITE, KO, SUICIDE, PLAY_OK, PLAY_REASON, MAX_HISTORY, MAX_SIDE, MIN_CORE_SIDE,
  colorCode, other, type Color, type CoreKo, type SuicideKnob } from "./codes.js";

export interface GameOptions {
  width: number;
  height: number;
  suicide: SuicideKnob;
  /** The repetition rule the core applies itself; rule sets with their own cycle logic use "none". */
  ko: CoreKo;
  toMove?: Color;
  maxMoves?: number;
}

export interface PlayAttempt {
  ok: boolean;
  /** occupied | suicide | ko | superko | off-board, when refused */
  reason: string | null;
  /** Row-major indices of the opponent stones removed. */
  captures: number[];
  /** Row-major indices of the mover's own stones removed (suicide). */
  selfCaptures: number[];
  /** The play left the board as it was (a single-stone suicide: a null move). */
  noChange: boolean;
  /** Board hash after the play (also computed for a play refused for ko or superko). */
  hashAfter: bigint;
}

/** A rule set as the rule engine's knobs (assembly/rules.ts; src/rules/knobs.ts derives them). */
export interface EngineKnobs {
  suicide: number;
  rep: number;
  twinEarly: boolean;
  /** a situation created a third time by a stone play voids the game */
  void3: boolean;
  /** zhang 3.5 knob: long cycles void instead of forbidden */
  zhangVoid: boolean;
  passesInHash: boolean;
  end: number;
  resumeClears: boolean;
}

/** What a stone play the rule engine accepted removed. */
export interface Removed { captures: number[]; selfCaptures: number[] }

export type CountMethod = "region" | "point";
export interface Owners {
  /** Row-major: 0 nobody, 1 Black, 2 White, 3 shared. */
  owner: Uint8Array;
  black: number;
  white: number;
  shared: number;
}

let active: Game | null = null;
let rulingView: Int32Array | null = null;

/** Code that drives the core without a Game (playouts, simulation, the cycle census) takes it
 *  over: a Game made before must then be rebuilt (`current` turns false). */
export function releaseCore(): void { active = null; }
const NONE: number[] = [];
/** what most plays remove (shared: read it, never change it) */
const NOTHING_REMOVED: Removed = Object.freeze({ captures: NONE, selfCaptures: NONE });

/** The core returns i64 as a signed BigInt; hashes are unsigned. */
const u64 = (h: bigint): bigint => BigInt.asUintN(64, h);

/** The sides the core takes: 1 to 19, two points at least (a record or a request is held to
 *  MIN_SIDE where it is read: SGF, the JSON API, GTP, the command's options). */
export function checkSize(width: number, height: number): void {
  for (const [name, v] of [["width", width], ["height", height]] as const) {
    if (!Number.isInteger(v) || v < MIN_CORE_SIDE || v > MAX_SIDE) {
      throw new ArbiterError(`board ${name} ${v} is not supported: sides must be ${MIN_CORE_SIDE} to ${MAX_SIDE}`);
    }
  }
  if (width * height < 2) throw new ArbiterError(`board ${width}x${height} is not supported: a board needs two points at least`);
}

export class Game {
  readonly width: number;
  readonly height: number;
  readonly ko: CoreKo;
  /** the moves (passes included) this game's history holds */
  readonly maxMoves: number;
  private readonly core: CoreExports;

  constructor(opts: GameOptions) {
    checkSize(opts.width, opts.height);
    this.width = opts.width;
    this.height = opts.height;
    this.ko = opts.ko;
    this.core = loadCore();
    const maxMoves = this.maxMoves = opts.maxMoves ?? MAX_HISTORY;
    if (maxMoves > MAX_HISTORY) throw new ArbiterError(`a game may have at most ${MAX_HISTORY} moves`);
    this.core.newGame(opts.width, opts.height, SUICIDE[opts.suicide], KO[opts.ko],
      colorCode(opts.toMove ?? "B"), maxMoves);
    active = this;
  }

  /** Whether this game still holds the thread's core (no other Game was made since). */
  get current(): boolean { return active === this; }

  /** The core, for the prover's search (assembly/search.ts) on this game's position: its state
   *  is the thread's one search, as the board is the thread's one game. */
  searchCore(): CoreExports {
    return this.use();
  }

  private use(): CoreExports {
    if (active !== this) throw new Error("another Game has taken over this thread's core");
    return this.core;
  }

  /** Replaces the position (row-major 0/1/2 per point) and restarts the history from it. */
  setup(stones: ArrayLike<number>, toMove: Color = "B"): void {
    const c = this.use();
    const n = this.width * this.height;
    if (stones.length !== n) throw new ArbiterError(`setup has ${stones.length} points, the board ${n}`);
    bytesAt(c, c.SETUP_IN, n).set(stones);
    const bad = c.loadSetup(colorCode(toMove));
    if (bad >= 0) {
      throw new ArbiterError(`the setup leaves the string at ${indexToGtp(bad, this.width, this.height)} without liberties`);
    }
  }

  /** Tries a play; on success the board has changed and commit() or rollback() must follow. */
  tryPlay(x: number, y: number, color: Color, free = false): PlayAttempt {
    const c = this.use();
    const r = c.tryPlay(x, y, colorCode(color), +free);
    if (r !== PLAY_OK) {
      return { ok: false, reason: PLAY_REASON[r] ?? `code ${r}`, captures: [], selfCaptures: [],
        noChange: false, hashAfter: u64(c.lastHashAfter.value as bigint) };
    }
    return this.accepted(c);
  }

  /** What an accepted play removed and the hash after it (no arrays made when nothing was
   *  removed, as in most plays). */
  private accepted(c: CoreExports): PlayAttempt {
    const nCap = c.lastCaptured.value as number;
    const nSelf = c.lastSelfCaptured.value as number;
    let captures: number[] = NONE;
    let selfCaptures: number[] = NONE;
    if (nCap + nSelf > 0) {
      const removed = u16At(c, c.REMOVED_XY, nCap + nSelf);
      captures = Array.from(removed.subarray(0, nCap));
      selfCaptures = Array.from(removed.subarray(nCap));
    }
    return { ok: true, reason: null, captures, selfCaptures, noChange: (c.lastNoChange.value as number) !== 0,
      hashAfter: u64(c.boardHash()) };
  }

  /** Records the position after a tried play in the history. */
  commit(nextToMove: Color): void {
    if (!this.use().commitPlay(colorCode(nextToMove))) this.historyFull();
  }

  /** What a play would capture if no repetition rule stood in its way (the board is left
   *  unchanged): for describing a play refused for ko or superko. */
  probeIgnoringRepetition(x: number, y: number, color: Color): PlayAttempt {
    const a = this.tryPlay(x, y, color, true);
    if (a.ok) this.rollback();
    return a;
  }

  /** Starts the rule engine's game on the current position (after the setup, if any): from
   *  here on rulesPlay and rulesPass rule on every move under these knobs. `journal`: moves
   *  will be taken back (rulesUndo), as a search does. */
  startRules(k: EngineKnobs, toMove: Color, cap: number, journal = false): void {
    this.use().rulesStart(k.suicide, k.rep, +k.twinEarly, +k.void3, +k.zhangVoid, +k.passesInHash, k.end,
      +k.resumeClears, colorCode(toMove), cap, +journal);
  }

  /** Takes back the latest move or pass of a journaled game (the board is the caller's to
   *  restore from its saved slot). */
  rulesUndo(): void { this.use().rulesUndo(); }

  /** A stone play under the rule engine: R_OK (made, with `commit`; otherwise the board is left
   *  as it was) or the refusal's code (R_*). The ruling's words say the rest. `free`: no
   *  repetition rule binds the mover. C.HISTORY_FULL only where `full` is "report". */
  rulesPlay(x: number, y: number, color: Color, commit: boolean, free = false, full: "throw" | "report" = "throw"): number {
    const r = this.use().rulesPlay(x, y, colorCode(color), +commit, +free);
    if (r === C.HISTORY_FULL && full === "throw") this.historyFull();
    return r;
  }

  /** What the latest accepted play removed (row-major indices; no arrays made when nothing was). */
  removed(): Removed {
    const c = this.core, w = this.ruling();
    const nCap = w[C.RW_CAPTURED], nSelf = w[C.RW_SELF_CAPTURED];
    if (nCap + nSelf === 0) return NOTHING_REMOVED;
    const removed = u16At(c, c.REMOVED_XY, nCap + nSelf);
    return { captures: Array.from(removed.subarray(0, nCap)), selfCaptures: Array.from(removed.subarray(nCap)) };
  }

  /** A pass under the rule engine (`abandon`: Zhang's abandon move); false where `full` is
   *  "report" and there is no room left. */
  rulesPass(color: Color, abandon: boolean, full: "throw" | "report" = "throw"): boolean {
    if (this.use().rulesPass(colorCode(color), +abandon) !== C.HISTORY_FULL) return true;
    if (full === "throw") this.historyFull();
    return false;
  }

  /** A run of moves through the rule engine in one call (`moves`: C.REPLAY_* words): every
   *  move played, play ended, or a move that needs ruling one by one (see assembly/game.ts
   *  rulesReplay); `played` moves were made, and `requester` is the latest asker to end. */
  rulesReplay(moves: Uint16Array, abandonFrom: number): { status: number; played: number; requester: number } {
    const c = this.use();
    const n = Math.min(moves.length, MAX_HISTORY + 2);
    u16At(c, c.MOVES_IN, n).set(moves.subarray(0, n));
    const status = c.rulesReplay(n, abandonFrom);
    return { status, played: c.replayPlayed.value as number, requester: c.replayRequester.value as number };
  }

  /** The rule engine's word on the latest move: RULING_OUT's words (indices RW_* of
   *  assembly/codes.ts), a view valid until the next call into the core. */
  ruling(): Int32Array {
    const c = this.use();
    // (a view goes empty if the memory ever grows and its buffer is detached)
    if (!rulingView || rulingView.length === 0) rulingView = new Int32Array(c.memory.buffer, Number(c.RULING_OUT.value), C.RW_WORDS);
    return rulingView;
  }

  /** Saves the position in slot i (1..511; slot 0 is tryPlay's undo). */
  save(slot: number): void {
    this.use().saveSlot(slot);
  }

  /** Restores the position saved in slot i. */
  restore(slot: number): void {
    this.use().loadSlot(slot);
  }

  rollback(): void {
    this.use().rollbackPlay();
  }

  play(x: number, y: number, color: Color): PlayAttempt {
    const a = this.tryPlay(x, y, color);
    if (a.ok) this.commit(other(color));
    return a;
  }

  pass(color: Color): void {
    if (!this.use().gamePass(colorCode(color))) this.historyFull();
  }

  private historyFull(): never {
    throw new ArbiterError(`the record is longer than the ${this.maxMoves} moves a game may have`);
  }

  /** A copy of the board, row-major, 0 empty, 1 Black, 2 White. */
  board(): Uint8Array {
    return this.boardView().slice();
  }

  /** The board without a copy: a view of the core's memory, valid until the next call into
   *  the core (for searches that only read it at once). */
  boardView(): Uint8Array {
    const c = this.use();
    c.writeBoard();
    return bytesAt(c, c.BOARD_OUT, this.width * this.height);
  }

  /** Whether row-major point `p` is an eye of `color`'s as the light playouts read one. */
  ownEye(p: number, color: Color): boolean {
    return this.use().ownEyeAt(p % this.width, Math.floor(p / this.width), colorCode(color)) !== 0;
  }

  /** Liberties of the string at row-major index `p` (0 for an empty point). */
  liberties(p: number): number {
    return this.use().stringLiberties(p % this.width, Math.floor(p / this.width));
  }

  /** Sets the points (row-major indices) that libertiesIn counts: one mask per core, kept until
   *  the next call (another Game taking over the core must set its own). */
  setLibertyMask(points: Iterable<number>): void {
    const c = this.use();
    const mask = bytesAt(c, c.MASK_IN, this.width * this.height);
    mask.fill(0);
    for (const p of points) mask[p] = 1;
    c.setLibertyMask();
  }

  /** Liberties of the string at row-major index `p` inside the mask (see setLibertyMask). */
  libertiesIn(p: number): number {
    return this.use().stringLibertiesIn(p % this.width, Math.floor(p / this.width));
  }

  /** Sets the points (row-major indices) whose life bensonAlive asks about: one list per core,
   *  kept until the next call (another Game taking over the core must set its own). */
  setBensonTargets(points: readonly number[]): void {
    const c = this.use();
    u16At(c, c.BENSON_IN, points.length).set(points);
    this.bensonCount = points.length;
  }
  private bensonCount = 0;

  /** How many of the Benson targets are `color`'s stones in unconditionally alive strings.
   *  `suicideAllowed`: the opponent may commit suicide, so a vital region's every point must be
   *  a liberty, not only its empty ones (assembly/benson.ts). */
  bensonAlive(color: Color, suicideAllowed = false): number {
    return this.use().bensonTargets(colorCode(color), this.bensonCount, suicideAllowed);
  }

  /** The points `color` keeps whatever is played, all stones counted at the end (the solver's
   *  leaf): its unconditionally alive stones and the points of the regions around them that the
   *  opponent can never hold (assembly/benson.ts bensonArea; it sets the Benson targets itself). */
  bensonArea(color: Color, suicideAllowed = false): number {
    this.bensonCount = 0;
    return this.use().bensonArea(colorCode(color), suicideAllowed);
  }

  /** bensonArea for a bound, where play that never ends is a void: also the regions with two
   *  inside points next to each other (assembly/benson.ts bensonBoundArea). */
  bensonBoundArea(color: Color, suicideAllowed = false): number {
    this.bensonArea(color, suicideAllowed);
    return this.use().bensonBoundArea();
  }

  /** bensonAlive as a search asks it: the points outside `region` (row-major) fixed open for
   *  `color` at the current board, valid while play stays inside the region (only to test it). */
  fixBensonRegion(region: Iterable<number>, color: Color): void {
    const c = this.use();
    const mask = bytesAt(c, c.MASK_IN, this.width * this.height);
    mask.fill(0);
    for (const p of region) mask[p] = 1;
    c.bensonFixRegion(colorCode(color));
  }
  bensonAliveFixed(color: Color, suicideAllowed = false): number {
    return this.use().bensonTargetsFixed(colorCode(color), this.bensonCount, suicideAllowed);
  }

  boardHash(): bigint { return u64(this.use().boardHash()); }
  situationHash(nextToMove: Color): bigint { return u64(this.use().situationHash(colorCode(nextToMove))); }
  /** Stones captured by `color` so far (self-captures count for the opponent). */
  prisoners(color: Color): number { return this.use().prisoners(colorCode(color)); }

  /** Number of entries in the history after the start (moves and passes). */
  get historyLength(): number { return this.use().historyLength.value as number; }
  /** Latest history index with this board hash, or -1. */
  lastPositionIndex(h: bigint): number { return this.use().lastPositionIndex(h); }
  lastSituationIndex(h: bigint): number { return this.use().lastSituationIndex(h); }
  positionHashAt(t: number): bigint { return u64(this.use().positionHashAt(t)); }
  situationHashAt(t: number): bigint { return u64(this.use().situationHashAt(t)); }

  /** Row-major indices of the string through (x, y); empty for an empty point. */
  stringAt(x: number, y: number): number[] {
    const c = this.use();
    const n = c.stringPoints(x, y);
    return Array.from(u16At(c, c.STRING_OUT, n));
  }

  /** Playouts from this position (`toMove` first; simple ko, no suicide), all inside the core in
   *  one call: per point, the share of playouts it ends Black's minus White's, -1..1. `light`:
   *  uniform play; `tactical`: play that answers ataris and never self-ataris a string of two or
   *  more (assembly/playout.ts). An estimate to choose what to prove; the position is left as it was. */
  ownership(games: number, seed: number, toMove: Color, policy: "light" | "tactical" = "tactical"): Float32Array {
    const c = this.use();
    c.runOwnership(games, seed >>> 0, colorCode(toMove), policy === "tactical" ? 1 : 0);
    const n = this.width * this.height;
    const sums = new Int32Array(c.memory.buffer, Number(c.OWNERSHIP.value), n);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = sums[i] / games;
    return out;
  }

  /** Owner of every point: stones to their colour, empty points by region or by point. */
  owners(method: CountMethod): Owners {
    const c = this.use();
    const packed = c.countOwners(method === "region" ? 0 : 1);
    const owner = bytesAt(c, c.OWNER, this.width * this.height).slice();
    let shared = 0;
    for (const o of owner) if (o === 3) shared++;
    return { owner, black: packed & 0xffff, white: packed >>> 16, shared };
  }
}

export { BLACK, WHITE };
