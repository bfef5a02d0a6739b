// Exact values of small boards: minimax with alpha-beta over the rule engine (rules.ts), inside
// the core. Every move is played and taken back through the engine (playRuled, passRuled,
// rulesUndo and the board's journal), so legality, repetition, the end of play and voids are the
// referee's own. The count of a finished game is TypeScript's (src/scoring, through the host's
// solveLeaf: the simulation's judge of a finished game), asked once per final position and kept.
// docs/solve.md says what a table key holds and why a stored value may be reused.
//
// Values are twice the margin for Black (a half point is 1), the count's difference after komi.
// A void game is worth 0 to both (nobody wins), as is a line that repeats a position where the
// rule set's engine reads no history (the two regimes below).

import { EMPTY, BLACK, WHITE, width, height, pointOf, xyOf, boardHash, boardJournalReset, boardMark, boardJournalFull,
  saveTail, rewindBoard, TAIL_SLOT, COLOR, prisoners, nempty } from "./board";
import { R_OK, HISTORY_FULL, END_NONE, PHASE_RESUMED } from "./codes";
import { playRuled, passRuled, rulesUndo } from "./game";
import { sideKeyFor, zobristKey } from "./zobrist";
import { mix64 } from "./prng";
import { SLOT_BYTES, slotFor, slotUsed, slotValue, slotWrite } from "./table";
import * as R from "./rules";
import { suspFind, suspAdd, suspWins, thresholdOf, staticVerdict, staticOff, suspClosed, BOARD_BYTES, suspMarkNeeded } from "./suspend";
import { bensonArea, bensonBoundArea, safeAreaMost } from "./benson";
import { areaDifference } from "./score";

@external("env", "searchNow") declare function hostNow(): f64;
@external("env", "searchCancelled") declare function hostCancelled(): i32;
/** The count of the finished game in SOLVE_LEAF_OUT and SOLVE_BOARD_OUT: twice Black's margin,
 *  or LEAF_VOID, or a forfeit (±LEAF_FORFEIT). */
@external("env", "solveLeaf") declare function hostLeaf(): i32;
@external("env", "solveProgress") declare function hostProgress(nodes: f64, depth: i32): void;

export const LEAF_VOID: i32 = 1 << 24;
export const LEAF_FORFEIT: i32 = 30000; // a forfeit (New Ing's laziness) beats any count
const INF: i32 = 32000;
export const MOVE_PASS: i32 = -1;
/** Zhang 3.1: a pass answering a pass read as the second of two abandon moves: play ends. */
export const MOVE_ABANDON: i32 = -2;
/** the line may not be longer (the engine keeps 1,024 entries of per-ply state for undo) */
export const SOLVE_MAX_PLY: i32 = 1000;

// ---- the question -------------------------------------------------------------------------------
// Regime "memoryless": the engine reads no history beyond the last move (simple ko or none), so a
// position (board, player to move, simple ko's memory, the flow of play) has one value, and a line
// that comes back to a position on it is a cycle: Void (0) where the rule set voids long cycles
// (its third-occurrence Void is then off in the search: docs/solve.md shows the values are the
// same), a gap where it has no rule. Otherwise ("history") the key holds the engine's digest of
// the history it reads (rules.ts historyDigest), and the engine rules every repetition itself.
let memoryless: bool = false;
let cyclesVoid: bool = false; // memoryless: the rule set voids long cycles (else a cycle is a gap)
let offsetKind: i32 = 0; // 0 none, 1 prisoners (territory counting), 2 game-phase moves (grand 4.6)
let countInKey: bool = true; // the count so far in the key (not where retrograde analysis weighs its moves instead)
/** Whether keys hold the count so far (retro.ts's total-payoff run keeps it on its moves). */
export function setCountInKey(on: bool): void { countInKey = on; }
let passesFirst: bool = true;
let answerPassFirst: bool = false; // passes last, but first in answer to a pass (where one ends play)
let verifyLeaves: bool = false;
let zhangAbandon: bool = false; // zhang: a pass answering a pass may end play (MOVE_ABANDON)
let grandAgreement: bool = false; // grand: two passes after a suspension end play by agreement
let rootSymmetric: bool = true;
let noTable: bool = false; // the table is neither read nor written (a check of the table)
let noOpeningPass: bool = false; // ing 1.1: the game opens with a real move (the referee's check, src/rules/play.ts)
// The Grand Rules by their phases (grand.ts): a suspension is a leaf whose worth suspend.ts
// keeps. `suspSide` BLACK: the kept states are those Black brings to an end of at least the goal
// (play that never ends is his loss), WHITE: those White brings to one below it; 0: off.
let suspSide: i32 = 0;
let suspGoal: i32 = 0;
/** Suspensions as leaves for the goal "Black makes at least `goal`", `side` as suspSide (0 off). */
export function setSuspensionLeaves(side: i32, goal: i32): void { suspSide = side; suspGoal = goal; }

// Benson's test (benson.ts bensonArea: the alive strings and the regions around them that the
// other side can never hold), where the count is of area with every stone on the board alive and
// the rule set memoryless: what a side keeps whatever is played bounds the count (a void, 0,
// apart), and a board all one side's keeps is worth the whole board to it.
let safeArea: bool = false;
let safeAllPoints: bool = false; // suicide allowed: Benson's regions by all their points
let komiTwice: i32 = 0;
/** Benson's test on (after solveInit, which turns it off): `allPoints` where suicide is allowed,
 *  `komi2` twice the komi (the count of a whole board is twice its points less that). */
export function setSafeArea(on: bool, allPoints: bool, komi2: i32): void { safeArea = on; safeAllPoints = allPoints; komiTwice = komi2; }
// A final position counted here, not by the host's referee, where the host says the count is
// area's by region with every stone on the board alive and no count so far (score.ts
// areaDifference, the simulation's count; verifyLeaves holds it to the referee's): a search that
// tries a pass first in answer to a pass meets a new final position at most nodes.
let areaLeaves: bool = false;
export function setAreaLeaves(on: bool): void { areaLeaves = on; }
export let solSafe: f64 = 0; // nodes Benson's test decided

// The goal's deepening (solveGoalDeepening): a line that reaches `horizon` entries counts as
// Black's failure, so what the search shows Black makes holds, and what it shows he does not
// holds only where no such line was met (retHz); a table entry's upper bound from such a search
// keeps the depth left it was shown for (its tag) and is reused only where no more is left.
let horizon: i32 = SOLVE_MAX_PLY;
let retHz: bool = false; // the value just returned leaned on a line cut at the horizon
const HZ_LOSS: i32 = -16000;
export let solHorizonLeaves: f64 = 0;

// ---- results --------------------------------------------------------------------------------------
export let solNodes: f64 = 0;
export let solLeaves: f64 = 0;
export let solLeafCalls: f64 = 0;
export let solStored: f64 = 0;
export let solHits: f64 = 0;
export let solCycles: f64 = 0; // lines that came back to a position on them (memoryless)
export let solGaps: f64 = 0; // ... under a rule set with no rule for it
export let solLeafMismatch: f64 = 0; // verifyLeaves: a kept count that the host counts differently
export let solStatic: f64 = 0; // nodes a side's passes settled (grand.ts's phases)
export let solOut: bool = false;
export function setSolOut(): void { solOut = true; }
/** A stop for want of room only, taken back where the caller goes on without what needed it (grand.ts:
 *  the phases' graph); the budget is looked at again at the next node. */
export function clearRoomStop(): void { solOut = false; }
/** A line reached SOLVE_MAX_PLY (retro.ts's searches): the search stops, said as the depth. */
export function setDepthOut(): void { solDepthOut = true; solOut = true; }
/** A position expanded by retro.ts, counted as a node. */
export function countNode(): void { solNodes += 1; } // the budget ran out (or Ctrl-C): no value
export let solDepthOut: bool = false; // a line reached SOLVE_MAX_PLY
export let solMaxDepth: i32 = 0;
export let solLineLen: i32 = 0;
export let solLineEnd: i32 = 0; // 1 play ended, 2 a cycle back to entry solLineCycle, 3 cut short
export let solLineCycle: i32 = -1;
export const SOLVE_LINE_OUT: usize = memory.data(SOLVE_MAX_PLY * 4, 16); // i32 moves: row-major, -1 pass, -2 abandon
export const SOLVE_LEAF_OUT: usize = memory.data(20 * 4, 16); // the simulation's summary words (simulate.ts)
export const SOLVE_BOARD_OUT: usize = memory.data(19 * 19, 16);

// ---- budget -----------------------------------------------------------------------------------------
let maxNodes: f64 = Infinity;
let deadline: f64 = Infinity;
let tick: i32 = 0;
const PROGRESS_EVERY: i32 = 1 << 20;

// ---- the line ---------------------------------------------------------------------------------------
const SLOTS: usize = memory.data(<i32>(SOLVE_MAX_PLY + 2) * <i32>TAIL_SLOT, 16);
const BMARKS: usize = memory.data((SOLVE_MAX_PLY + 2) * 4, 16);
const PATH_KEY: usize = memory.data((SOLVE_MAX_PLY + 2) * 8, 16);
const ONLINE: usize = memory.data(4096 * 2, 16); // positions on the line by their low 12 bits
@inline function pathKey(d: i32): u64 { return load<u64>(PATH_KEY + (<usize>d << 3)); }
@inline function onlineAt(k: u64): usize { return ONLINE + (<usize>(<i32>k & 4095) << 1); }

// ---- a goal from a position: the moves it starts after, on the line -----------------------------
/** The most moves a goal's search starts after (its line keeps them: SOLVE_MAX_PLY). */
export const SOLVE_FROM_MOST: i32 = 400;
/** The moves a goal's search starts after (row-major, -1 a pass; Black first). */
export const GOAL_FROM: usize = memory.data(SOLVE_FROM_MOST * 4, 16);
/** Where a move of GOAL_FROM was refused (its index), or -1. */
export let fromRefused: i32 = -1;
/** Where that move came back to: the position after that many of the moves (a void), or -1. */
export let fromBack: i32 = -1;

/** Plays the first `fromLen` moves of GOAL_FROM (Black first, then by turns), each position's
 *  key in `path` (u64 by entry) and counted in `online` (u16 by the key's low 12 bits), as a
 *  search's line keeps them; the number played (all, or up to the one refused: fromRefused, and
 *  fromBack where it came back to a position of theirs, which is a void: play is over). */
export function playFrom(fromLen: i32, path: usize, online: usize): i32 {
  fromRefused = -1; fromBack = -1;
  memory.fill(online, 0, 4096 * 2);
  const n = min(max(fromLen, 0), SOLVE_FROM_MOST);
  let c = BLACK, played = 0;
  for (; played < n; played++) {
    const own = keyOf(c);
    store<u64>(path + (<usize>played << 3), own);
    const oa = online + (<usize>(<i32>own & 4095) << 1);
    store<u16>(oa, load<u16>(oa) + 1);
    apply(load<i32>(GOAL_FROM + (<usize>played << 2)), c, played);
    if (applied == 1) {
      const next = keyOf(c ^ 3);
      for (let j = played; j >= 0; j--) if (load<u64>(path + (<usize>j << 3)) == next) { fromBack = j; break; }
    }
    if (applied != 1 || fromBack >= 0) {
      if (applied != 0) undo(played);
      store<u16>(oa, load<u16>(oa) - 1);
      fromRefused = played;
      break;
    }
    c ^= 3;
  }
  return played;
}

/** Takes back the `played` moves of playFrom, and their count in `online`. */
export function unplayFrom(played: i32, path: usize, online: usize): void {
  while (played > 0) {
    played--;
    undo(played);
    const oa = online + (<usize>(<i32>load<u64>(path + (<usize>played << 3)) & 4095) << 1);
    store<u16>(oa, load<u16>(oa) - 1);
  }
}

// move order: the points from the centre out
const ORDER: usize = memory.data(19 * 19 * 4, 16);
const CANON: usize = memory.data(19 * 19, 16); // 1: the representative of its class under the board's symmetries
export let nPoints: i32 = 0;

// ---- the transposition table: 16 bytes per entry, one per home (always replaced) ----------------
// u64 key, i16 lower bound, i16 upper bound (relative to the count offset), u16 the best move + 3
// (0 none) in its low 7 bits and the upper bound's horizon tag in the high 9 (solveGoalDeepening),
// u16 generation
let ttBase: usize = 0;
let ttMask: i32 = 0;
let ttGen: u16 = 0;
// the counts of final positions: u64 key -> value less the offset (table.ts slots, own generation)
let leafBase: usize = 0;
let leafMask: i32 = 0;
let leafGen: u32 = 0;
let leafUsed: i32 = 0;

/** `bytes` more of linear memory, their address; 0 when memory cannot grow so far (the solve
 *  then says so: no trap). */
export function grow(bytes: usize): usize {
  const pages = <i32>((bytes + 65535) >> 16);
  const before = memory.grow(pages);
  return before < 0 ? 0 : <usize>before << 16;
}

/** Room for 2^ttBits table entries and 2^leafBits counts (grown once, kept for later solves). */
export function solveTables(ttBits: i32, leafBits: i32): bool {
  if (ttBits < 10 || ttBits > 26 || leafBits < 10 || leafBits > 24) return false;
  if (ttBase == 0 || ttMask + 1 < (1 << ttBits)) {
    const base = grow(<usize>16 << ttBits);
    if (base == 0) return false;
    ttBase = base; ttMask = (1 << ttBits) - 1; ttGen = 0; memory.fill(ttBase, 0, <usize>16 << ttBits);
  }
  if (leafBase == 0 || leafMask + 1 < (1 << leafBits)) {
    const base = grow(<usize>SLOT_BYTES << leafBits);
    if (base == 0) return false;
    leafBase = base; leafMask = (1 << leafBits) - 1; leafGen = 0; memory.fill(leafBase, 0, <usize>SLOT_BYTES << leafBits);
  }
  return true;
}

function newGenerations(): void {
  ttGen++;
  if (ttGen == 0) { memory.fill(ttBase, 0, <usize>(ttMask + 1) << 4); ttGen = 1; }
  newLeafGeneration();
}
function newLeafGeneration(): void {
  leafGen++;
  leafUsed = 0;
  if (leafGen == 0) { memory.fill(leafBase, 0, <usize>(leafMask + 1) * SLOT_BYTES); leafGen = 1; }
}

/** Sets a solve up on the rule engine's current game (rulesStart with a journal, an empty board
 *  or a setup), `opts` bits: 1 memoryless, 2 cycles void, 4 passes first, 8 verify leaves,
 *  16 zhang abandon, 32 grand agreement, 64 root symmetry, 128 no opening pass, 256 no table, 512 history heuristic,
 *  1024 passes first only in answer to a pass; `offset` as offsetKind. */
export function solveInit(opts: i32, offset: i32, nodes: f64, dl: f64): void {
  memoryless = (opts & 1) != 0; cyclesVoid = (opts & 2) != 0; passesFirst = (opts & 4) != 0;
  verifyLeaves = (opts & 8) != 0; zhangAbandon = (opts & 16) != 0; grandAgreement = (opts & 32) != 0;
  rootSymmetric = (opts & 64) != 0; noOpeningPass = (opts & 128) != 0; noTable = (opts & 256) != 0; historyOrder = (opts & 512) != 0;
  answerPassFirst = (opts & 1024) != 0;
  memory.fill(CUTOFFS, 0, 2 * 400 * 8);
  offsetKind = offset; countInKey = true; R.setKoKeysAlways(false);
  suspSide = 0; suspGoal = 0; staticOff(); // (grand.ts turns them on for its own searches)
  safeArea = false; symTable = false; horizon = SOLVE_MAX_PLY; retHz = false; solSafe = 0; solHorizonLeaves = 0; areaLeaves = false;
  R.setKeepDigest(true); // the table key reads the history's digest (rules.ts historyDigest)
  maxNodes = nodes; deadline = dl; tick = 0;
  solNodes = 0; solStatic = 0; solLeaves = 0; solLeafCalls = 0; solStored = 0; solHits = 0; solCycles = 0; solGaps = 0;
  solLeafMismatch = 0; solOut = false; solDepthOut = false; solMaxDepth = 0;
  solLineLen = 0; solLineEnd = 0; solLineCycle = -1;
  newGenerations();
  memory.fill(ONLINE, 0, 4096 * 2);
  boardJournalReset();
  nPoints = width * height;
  // the centre out (squared distance, then row-major)
  for (let i = 0; i < nPoints; i++) store<i32>(ORDER + (<usize>i << 2), i);
  for (let i = 1; i < nPoints; i++) {
    const v = load<i32>(ORDER + (<usize>i << 2));
    const dv = centreDistance(v);
    let j = i - 1;
    while (j >= 0 && centreDistance(load<i32>(ORDER + (<usize>j << 2))) > dv) {
      store<i32>(ORDER + (<usize>(j + 1) << 2), load<i32>(ORDER + (<usize>j << 2)));
      j--;
    }
    store<i32>(ORDER + (<usize>(j + 1) << 2), v);
  }
  markCanonical();
}

// the mailbox point of each row-major point's image under each symmetry (canonicalKeyOf)
const SYM_POINT: usize = memory.data(8 * 19 * 19 * 4, 16);
// the row-major point each row-major point comes from under each symmetry (the inverse image)
const SYM_FROM: usize = memory.data(8 * 19 * 19 * 2, 16);
let nSym: i32 = 1;
let symArg: i32 = 0; // the symmetry whose image canonicalKeyOf took
// per stone (colour, row-major point): the Zobrist keys of its images under the 8 symmetries,
// side by side, so one pass over the board gives every image's hash (boardImages)
const SYM_Z: usize = memory.data(2 * 19 * 19 * 8 * 8, 16);
const ROW_POINT: usize = memory.data(19 * 19 * 4, 16); // the mailbox point of each row-major point
const IMAGES: usize = memory.data(8 * 8, 16); // u64 the board's hash under each symmetry
// alpha-beta's table by class under the symmetries (memoryless: symmetric positions have one
// value), the best move kept as its image in the class's representative
let symTable: bool = false;
/** The table by class (after solveInit, which turns it off; memoryless rule sets only). */
export function setSymmetricTable(on: bool): void { symTable = on; }
@inline function symImage(m: i32, s: i32): i32 { return m < 0 ? m : imageOf(m % width, m / width, s); }
@inline function symSource(m: i32, s: i32): i32 { return m < 0 ? m : <i32>load<u16>(SYM_FROM + (<usize>(s * 19 * 19 + m) << 1)); }

/** The key of the class of the position under the board's symmetries (the least of its images'
 *  keys), for a memoryless rule set: board, player to move, the flow of play, simple ko's point
 *  (or, after a lone stone's suicide, that memory: rules.ts loneSuicideLast). */
export function canonicalKeyOf(toMove: i32): u64 {
  const base = sideKeyFor(toMove) ^ R.flowKey();
  const ko = R.koPoint();
  const koAt = ko < 0 ? -1 : xyOf(ko);
  // (Ing's hot stone of two or more stones, where the solver relaxes Ing's rules: rules.ts setHotStones)
  const hot = R.hotStonePlaced();
  const hotAt = hot < 0 ? -1 : xyOf(hot);
  const hotSalt = hot < 0 ? 0 : (<u64>R.hotStoneCount() << 32) ^ 0xbb67ae8584caa73b;
  let least: u64 = u64.MAX_VALUE;
  boardImages();
  for (let s = 0; s < nSym; s++) {
    let h = base ^ load<u64>(IMAGES + (<usize>s << 3));
    if (koAt >= 0) h ^= mix64(<u64>load<i32>(SYM_POINT + <usize>(s * 19 * 19 * 4) + (<usize>koAt << 2)) ^ 0x6a09e667f3bcc909);
    if (hotAt >= 0) h ^= mix64(<u64>load<i32>(SYM_POINT + <usize>(s * 19 * 19 * 4) + (<usize>hotAt << 2)) ^ hotSalt);
    if (h < least) { least = h; symArg = s; }
  }
  if (R.loneSuicideLast()) least ^= 0x3c6ef372fe94f82b; // (simple ko's memory after a lone suicide)
  if (openingBarred()) least ^= ROOT_TERM;
  // (the sum the count adds up along the line is the same in every image)
  return offsetKind != 0 && countInKey ? least ^ offsetTerm() : least;
}

/** The key of the board's class under the symmetries, with the player to move (`toMove` 1 or 2:
 *  a situation) or without (0): what positional superko and the third-occurrence Void compare. */
export function canonicalBoardOf(toMove: i32): u64 {
  const base = toMove == 0 ? 0 : sideKeyFor(toMove);
  let least: u64 = u64.MAX_VALUE;
  boardImages();
  for (let s = 0; s < nSym; s++) {
    const h = base ^ load<u64>(IMAGES + (<usize>s << 3));
    if (h < least) least = h;
  }
  return least;
}

/** The board's hash as its image under each symmetry, into IMAGES (all eight, of which the
 *  first nSym count: a stone's eight keys lie side by side, so two at a time in SIMD registers). */
function boardImages(): void {
  let a0 = i64x2.splat(0), a1 = i64x2.splat(0), a2 = i64x2.splat(0), a3 = i64x2.splat(0);
  for (let i = 0; i < nPoints; i++) {
    const c = <i32>load<u8>(COLOR + <usize>load<i32>(ROW_POINT + (<usize>i << 2)));
    if (c == EMPTY) continue;
    const z = SYM_Z + (<usize>((c - 1) * 19 * 19 + i) << 6);
    a0 = v128.xor(a0, v128.load(z)); a1 = v128.xor(a1, v128.load(z, 16));
    a2 = v128.xor(a2, v128.load(z, 32)); a3 = v128.xor(a3, v128.load(z, 48));
  }
  v128.store(IMAGES, a0); v128.store(IMAGES, a1, 16); v128.store(IMAGES, a2, 32); v128.store(IMAGES, a3, 48);
}

@inline function centreDistance(i: i32): i32 {
  const x = 2 * (i % width) - (width - 1), y = 2 * (i / width) - (height - 1);
  return x * x + y * y;
}

/** The image of point (x, y) under symmetry s (0..7; 4..7 transpose, square boards only). */
function imageOf(x: i32, y: i32, s: i32): i32 {
  let u = x, v = y;
  if ((s & 4) != 0) { u = y; v = x; }
  if ((s & 1) != 0) u = width - 1 - u;
  if ((s & 2) != 0) v = height - 1 - v;
  return v * width + u;
}

/** CANON: a point is searched at an empty root only if no symmetric image comes before it. */
function markCanonical(): void {
  nSym = width == height ? 8 : 4;
  for (let s = 0; s < nSym; s++)
    for (let i = 0; i < nPoints; i++) {
      const j = imageOf(i % width, i / width, s);
      store<i32>(SYM_POINT + <usize>((s * 19 * 19 + i) * 4), pointOf(j % width, j / width));
      store<u16>(SYM_FROM + (<usize>(s * 19 * 19 + j) << 1), <u16>i);
      for (let c = 1; c <= 2; c++) store<u64>(SYM_Z + (<usize>((c - 1) * 19 * 19 + i) << 6) + (<usize>s << 3), zobristKey(c, pointOf(j % width, j / width)));
    }
  for (let i = 0; i < nPoints; i++) store<i32>(ROW_POINT + (<usize>i << 2), pointOf(i % width, i / width));
  for (let i = 0; i < nPoints; i++) {
    let least = i;
    for (let s = 1; s < nSym; s++) least = min(least, imageOf(i % width, i / width, s));
    store<u8>(CANON + <usize>i, least == i ? 1 : 0);
  }
}


// ---- keys and counts --------------------------------------------------------------------------------

/** The position as its value depends on it, `toMove` to play (docs/solve.md, "The table key").
 *  Where the count adds up along the line (offsetKind), the sum so far too: a void is worth 0
 *  whatever it is, so a value less the sum is not a function of the position. */
export function keyOf(toMove: i32): u64 {
  let k = boardHash() ^ sideKeyFor(toMove) ^ R.flowKey() ^ R.simpleKoKey();
  if (openingBarred()) k ^= ROOT_TERM;
  if (!memoryless) k ^= R.historyDigest();
  if (offsetKind != 0 && countInKey) k ^= offsetTerm();
  return k;
}
/** keyOf with the history's digest whatever the regime (retro.ts's search over a superko's
 *  lines, where the solve is set up as memoryless). */
export function historyKeyOf(toMove: i32): u64 {
  return boardHash() ^ sideKeyFor(toMove) ^ R.flowKey() ^ R.simpleKoKey() ^ R.historyDigest() ^ (openingBarred() ? ROOT_TERM : 0) ^
    (offsetKind != 0 && countInKey ? offsetTerm() : 0);
}
/** The start where the game must open with a stone (ing 1.1) is a position of its own: the same
 *  board and flow later (after a whole-board suicide) may be passed from. */
@inline function openingBarred(): bool { return noOpeningPass && R.plies == 0; }
const ROOT_TERM: u64 = 0x510e527fade682d1;
@inline function offsetTerm(): u64 { return mix64(<u64>(offsetNow() - keyShift + 0x10000) ^ 0x2545f4914f6cdd1d); }
let keyShift: i32 = 0;
/** What the keys leave out of the count so far (grand.ts: a position after the game phase looked
 *  up in the phases' graph, whose dispute phases are those of suspensions with no extra moves);
 *  the count itself is the same. */
export function setKeyShift(shift: i32): void { keyShift = shift; }
export function keyShiftNow(): i32 { return keyShift; }

/** What the count adds up along the line (twice, Black's way): territory counting's prisoners,
 *  the Grand Rules' game-phase adjustment (多下贴点: a side's extra real moves cost it a point
 *  each). A final count less this is a function of the final position alone, so the table keeps
 *  values less the offset at their position (docs/solve.md). */
@inline function offsetNow(): i32 {
  if (offsetKind == 1) return 2 * (prisoners(BLACK) - prisoners(WHITE));
  if (offsetKind == 2) return -2 * (R.gamePhaseB - R.gamePhaseW);
  return 0;
}

/** What the count has added up so far (offsetNow), for retrograde analysis's clamp. */
export function countOffset(): i32 { return offsetNow(); }

/** The count of the game the engine just ended. */
export function leafValue(): i32 {
  solLeaves += 1;
  const off = offsetNow();
  const k = mix64(boardHash() ^ <u64>(R.ended | i32(R.voided) << 4 | i32(R.pausedNow()) << 5 | R.fRequester << 6) << 40) ^ boardHash();
  const e = slotFor(leafBase, leafMask, leafGen, k);
  if (slotUsed(e, leafGen)) {
    const kept = slotValue(e);
    if (!verifyLeaves) return kept == LEAF_VOID ? 0 : absolute(kept, off);
    const v = askHost();
    if ((v == LEAF_VOID ? v : v - (isForfeit(v) ? 0 : off)) != kept) solLeafMismatch += 1;
    return v == LEAF_VOID ? 0 : v;
  }
  const v = areaLeaves ? areaLeaf() : askHost();
  if (leafUsed > (leafMask >> 1)) { newLeafGeneration(); return v == LEAF_VOID ? 0 : v; }
  slotWrite(slotFor(leafBase, leafMask, leafGen, k), leafGen, k, v == LEAF_VOID || isForfeit(v) ? v : v - off);
  leafUsed++;
  return v == LEAF_VOID ? 0 : v;
}
/** The final position's count in the core (setAreaLeaves), checked against the host's where
 *  verifyLeaves. */
function areaLeaf(): i32 {
  const v = R.voided ? LEAF_VOID : 2 * areaDifference() - komiTwice;
  if (verifyLeaves && askHost() != v) solLeafMismatch += 1;
  return v;
}
@inline function isForfeit(v: i32): bool { return v == LEAF_FORFEIT || v == -LEAF_FORFEIT; }
@inline function absolute(kept: i32, off: i32): i32 { return isForfeit(kept) ? kept : kept + off; }

/** Writes the finished game for the host, as the simulation's summary (simulate.ts writeSummary). */
function askHost(): i32 {
  solLeafCalls += 1;
  const a = SOLVE_LEAF_OUT;
  store<i32>(a, 0); store<i32>(a + 4, R.plies); store<i32>(a + 8, R.stonePlays); store<i32>(a + 12, R.ended);
  store<i32>(a + 16, R.endAt); store<i32>(a + 20, (R.voided ? 1 : 0) | (R.pausedNow() ? 4 : 0));
  store<i32>(a + 24, R.blackPrisoners()); store<i32>(a + 28, R.whitePrisoners());
  store<i32>(a + 32, R.passesB); store<i32>(a + 36, R.passesW); store<i32>(a + 40, R.gamePhaseB);
  store<i32>(a + 44, R.gamePhaseW); store<i32>(a + 48, R.fRequester); store<i32>(a + 52, 0); store<i32>(a + 56, 0);
  store<i32>(a + 60, 0); store<i32>(a + 64, R.ingCycles); store<i32>(a + 68, R.stonePlaysB); store<i32>(a + 72, 0);
  store<i32>(a + 76, 0);
  for (let y = 0; y < height; y++) memory.copy(SOLVE_BOARD_OUT + <usize>(y * width), COLOR + <usize>pointOf(0, y), <usize>width);
  return hostLeaf();
}

// ---- moves ------------------------------------------------------------------------------------------
export let applied: i32 = 0; // what apply() did: 0 refused, 1 played, 2 play ended

/** Plays `move` for `color` at line depth `depth` (the position after `depth` entries). */
export function apply(move: i32, color: i32, depth: i32): void {
  applied = 0;
  store<i32>(BMARKS + (<usize>(depth + 1) << 2), boardMark());
  saveTail(SLOTS + <usize>(depth + 1) * TAIL_SLOT);
  if (move >= 0) {
    const r = playRuled(move % width, move / width, color, true, false);
    if (r != R_OK) { if (r == HISTORY_FULL) solDepthOut = true; return; }
  } else if (move == MOVE_ABANDON) {
    R.recordFinalAbandon(color);
  } else {
    if (passRuled(color, false) != R_OK) { solDepthOut = true; return; }
    // grand 4.4: the second pass after a suspension declines to resume as well: play ends
    if (grandAgreement && R.ended == END_NONE && R.pausedNow() && R.fCons == 0 && passedTwiceBefore()) R.recordEnds();
  }
  applied = R.ended != END_NONE ? 2 : 1;
}

/** The two entries before the last pair of passes were passes too: the suspension before was
 *  declined by both (four passes in a row). */
function passedTwiceBefore(): bool {
  const t = R.plies;
  return t >= 4 && R.plyPoint(t - 2) == -1 && R.plyPoint(t - 3) == -1;
}

export function undo(depth: i32): void {
  rulesUndo();
  rewindBoard(load<i32>(BMARKS + (<usize>(depth + 1) << 2)), SLOTS + <usize>(depth + 1) * TAIL_SLOT);
}

// ---- the search -------------------------------------------------------------------------------------
let retRep: i32 = 0; // the shallowest line entry a cycle below went back to (INF: none)

/** The time and Ctrl-C looked at now, for the long steps between nodes (retro.ts). */
export function budgetNow(): bool {
  if (!solOut && (hostCancelled() != 0 || hostNow() > deadline)) solOut = true;
  return solOut;
}

// a cap on the nodes of one search within another (grand.ts: the relaxation's verdict at a
// position of the rules' search, a cut it may do without)
let capNodes: f64 = Infinity;
let capOut: bool = false;
/** The nodes from now that the next search may take (Infinity: no cap). */
export function setNodeCap(n: f64): void { capNodes = solNodes + n; capOut = false; }
/** After a capped search: whether it stopped short of an answer (its cap, or a line past
 *  SOLVE_MAX_PLY); the stop is taken back where the budget itself is not spent. */
export function cappedOut(): bool {
  const short = capOut || solDepthOut;
  capNodes = Infinity;
  if (short) {
    capOut = false; solDepthOut = false; solOut = false;
    if (solNodes >= maxNodes) solOut = true;
    budgetNow();
  }
  return short;
}

export function budgetOut(depth: i32): bool {
  if (solOut) return true;
  if (solNodes >= capNodes) { capOut = true; solOut = true; return true; }
  if (++tick >= 4096) {
    tick = 0;
    if (hostCancelled() != 0 || hostNow() > deadline) solOut = true;
  }
  if (solNodes >= maxNodes) solOut = true;
  if (<i32>(solNodes % <f64>PROGRESS_EVERY) == 0) hostProgress(solNodes, depth);
  return solOut;
}

/** The value of the position after `depth` entries, `toMove` to play, within (alpha, beta):
 *  exact inside, a bound outside (fail-soft). Sets retRep. */
function search(depth: i32, toMove: i32, alpha: i32, beta: i32): i32 {
  solNodes += 1;
  if (depth > solMaxDepth) solMaxDepth = depth;
  retRep = INF; retHz = false;
  if (budgetOut(depth)) return 0;
  // within a phase, a side's passes alone may settle it (suspend.ts staticVerdict)
  if (suspSide != 0 && R.fPhase == PHASE_RESUMED) {
    const sv = staticVerdict(toMove, R.plies >= 1 && R.plyPoint(R.plies) == -1);
    if (sv != 0) { solStatic += 1; return (sv > 0) == (suspSide == BLACK) ? suspGoal : suspGoal - 1; }
  }
  const key = keyOf(toMove);
  const off = offsetNow();
  // a cycle: the line came back to a position on it
  if (memoryless && load<u16>(onlineAt(key)) != 0) {
    for (let j = depth - 1; j >= 0; j--) {
      if (pathKey(j) == key) {
        solCycles += 1;
        if (!cyclesVoid) solGaps += 1;
        retRep = j;
        return 0;
      }
    }
  }
  // the table (by class: the key of the class, the symmetry that gives its representative)
  const tkey = symTable ? canonicalKeyOf(toMove) : key;
  const sym = symArg;
  const e = ttBase + (<usize>(<i32>(tkey ^ (tkey >> 32)) & ttMask) << 4);
  let ttMove: i32 = -99;
  let anyHz = false; // (a bound of a line cut at the horizon narrowed the window, or a child leaned on one)
  const left = horizon - depth;
  if (!noTable && load<u64>(e) == tkey && load<u16>(e + 14) == ttGen) {
    const lo = <i32>load<i16>(e + 8) + off;
    let hi = <i32>load<i16>(e + 10) + off;
    const word = <i32>load<u16>(e + 12), tag = word >> 7;
    if (tag != 0) { if (left > tag) hi = INF; else anyHz = true; }
    solHits += 1;
    if (lo >= beta) return lo;
    if (lo == hi || hi <= alpha) { retHz = anyHz; return hi; }
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi; else anyHz = false;
    ttMove = (word & 127) == 0 ? -99 : (word & 127) - 3;
    if (symTable) ttMove = symSource(ttMove, sym);
  }
  if (safeArea) {
    const sv = safeVerdict(alpha, beta);
    if (sv != NO_VERDICT) return sv;
  }
  if (depth >= horizon) { retHz = true; solHorizonLeaves += 1; return HZ_LOSS; }
  if (depth + 2 >= SOLVE_MAX_PLY || boardJournalFull() || !R.canRecord()) { solDepthOut = true; solOut = true; return 0; }
  store<u64>(PATH_KEY + (<usize>depth << 3), key);
  const oa = onlineAt(key);
  store<u16>(oa, load<u16>(oa) + 1);

  const black = toMove == BLACK;
  let best = black ? -INF : INF;
  let bestMove: i32 = -99;
  let minRep = INF;
  const a0 = alpha, b0 = beta;
  const canAbandon = zhangAbandon && R.plies >= 1 && R.plyPoint(R.plies) == -1;
  const atRoot = depth == 0 && rootSymmetric && nempty() == nPoints;
  // moves: the table's first, then passes (first or last), then the points from the centre out
  // (with the history heuristic, the points by their cutoffs so far: the list is this ply's)
  const list = MOVES + <usize>(depth * MOVE_ROW);
  const passFirst = passFirstHere();
  let n = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveInOrder(i, canAbandon, passFirst);
    if (m == -99 || m == ttMove) continue;
    if (atRoot && m >= 0 && load<u8>(CANON + <usize>m) == 0) continue;
    store<i32>(list + (<usize>n << 2), m);
    n++;
  }
  if (historyOrder) sortByCutoffs(list, n, toMove);
  for (let i = -1; i < n; i++) {
    let m: i32;
    if (i < 0) { if (ttMove == -99) continue; m = ttMove; }
    else m = load<i32>(list + (<usize>i << 2));
    apply(m, toMove, depth);
    if (applied == 0) { if (solDepthOut) { solOut = true; break; } continue; }
    let v: i32;
    if (applied == 2) { v = leafValue(); retRep = INF; }
    else if (suspendedBy(m)) { v = suspensionLeaf(toMove ^ 3); retRep = INF; }
    else { v = search(depth + 1, toMove ^ 3, alpha, beta); if (retHz) anyHz = true; }
    undo(depth);
    if (solOut) break;
    if (retRep < minRep) minRep = retRep;
    if (black ? v > best : v < best) { best = v; bestMove = m; }
    if (black) { if (best > alpha) alpha = best; } else { if (best < beta) beta = best; }
    if (alpha >= beta) { if (historyOrder) rewardCutoff(m, toMove); break; }
  }
  store<u16>(oa, load<u16>(oa) - 1);
  retRep = minRep;
  retHz = anyHz;
  if (solOut) return 0;
  // A value that went round a cycle to a position above this one depends on the line, except
  // its bounds that no cycle could give: a cycle is worth 0, so a proof that Black gets more
  // than 0 (or White more) has none among its leaves (docs/solve.md, "Cycles and the table").
  const free = minRep >= depth;
  let newLo = -INF, newHi = INF;
  if (best <= a0) newHi = best;
  else if (best >= b0) newLo = best;
  else { newLo = best; newHi = best; }
  if (!free) { if (newLo <= 0) newLo = -INF; if (newHi >= 0) newHi = INF; }
  // (a line cut at the horizon below: the upper bound holds only where no more depth is left)
  const newTag = anyHz && newHi < INF ? min(left, 511) : 0;
  if (!noTable && (newLo > -INF || newHi < INF)) {
    let lo = -INF, hi = INF, tag = 0;
    if (load<u64>(e) == tkey && load<u16>(e + 14) == ttGen) {
      lo = <i32>load<i16>(e + 8) + off; hi = <i32>load<i16>(e + 10) + off; tag = <i32>load<u16>(e + 12) >> 7;
    }
    const kept = symTable && bestMove != -99 ? symImage(bestMove, sym) : bestMove;
    lo = max(lo, newLo);
    // the new upper bound, unless the kept one is as tight and holds wherever the new one does
    if (newHi < INF && !(hi <= newHi && (tag == 0 || (newTag != 0 && tag >= newTag)))) { hi = newHi; tag = newTag; }
    if (tag != 0 && lo > hi) { hi = INF; tag = 0; } // (the horizon's bound under one shown whole)
    store<u64>(e, tkey);
    store<i16>(e + 8, <i16>clampRel(lo, off)); store<i16>(e + 10, <i16>clampRel(hi, off));
    store<u16>(e + 12, <u16>((tag << 7) | (kept == -99 ? 0 : kept + 3))); store<u16>(e + 14, ttGen);
    solStored += 1;
  }
  return best;
}

export const NO_VERDICT: i32 = INF + 1;
/** Benson's test at the current position (safeArea): a value outside (alpha, beta) where the
 *  sides' safe areas put the count there (the whole board one side's: its worth), else
 *  NO_VERDICT. */
export function safeVerdict(alpha: i32, beta: i32): i32 {
  // (the floods only where the most a side's area can be could end the node; a leaf needs play
  // to end, a bound does not: bensonBoundArea)
  const mb = safeAreaMost(BLACK, safeAllPoints), mw = safeAreaMost(WHITE, safeAllPoints);
  let sb = 0, sw = 0;
  if (mb == nPoints || min(0, 2 * (2 * mb - nPoints) - komiTwice) >= beta) {
    if (bensonArea(BLACK, safeAllPoints) == nPoints) { solSafe += 1; return 2 * nPoints - komiTwice; }
    sb = bensonBoundArea();
  }
  if (mw == nPoints || max(0, 2 * (nPoints - 2 * mw) - komiTwice) <= alpha) {
    if (bensonArea(WHITE, safeAllPoints) == nPoints) { solSafe += 1; return -2 * nPoints - komiTwice; }
    sw = bensonBoundArea();
  }
  // (each side keeps its safe area, unless play cycles: 0)
  const lo = min(0, 2 * (2 * sb - nPoints) - komiTwice), hi = max(0, 2 * (nPoints - 2 * sw) - komiTwice);
  if (lo >= beta) { solSafe += 1; return lo; }
  if (hi <= alpha) { solSafe += 1; return hi; }
  return NO_VERDICT;
}
/** Whether Benson's test is on (setSafeArea). */
export function safeAreaOn(): bool { return safeArea; }
/** The key alpha-beta's table files the position under: its class under the board's symmetries
 *  where the table is by class, else its own. */
export function tableKeyOf(toMove: i32): u64 { return symTable ? canonicalKeyOf(toMove) : keyOf(toMove); }
/** The transposition table's memory, emptied (`clear`; else as it stands: a goal split at its
 *  root, whose parts one after another share it), for goalpn.ts, which searches instead of
 *  alpha-beta with entries of its own (16 bytes each; tableEntries); tableCleared() when it is
 *  done, so that no entry of its reads as alpha-beta's. */
export function tableBase(clear: bool): usize { if (clear) tableCleared(); return ttBase; }
export function tableEntries(): i32 { return ttMask + 1; }
export function tableCleared(): void { memory.fill(ttBase, 0, <usize>(ttMask + 1) << 4); ttGen = 1; }

/** Whether pass m just suspended play (grand 4.4), where suspensions are leaves. */
@inline function suspendedBy(m: i32): bool {
  return suspSide != 0 && suspendedNow(m);
}
/** Whether move m just suspended play (grand 4.4: the second pass in a row). */
export function suspendedNow(m: i32): bool { return m == MOVE_PASS && R.pausedNow() && R.fCons == 0; }
/** Whether the suspension just made meets the goal of setSuspensionLeaves for Black (retro.ts's
 *  phases), `next` to resume or pass. */
export function suspensionMeets(next: i32): bool { return suspensionLeaf(next) >= suspGoal; }

const SUSP_BOARD: usize = memory.data(BOARD_BYTES, 16);
/** The suspension the engine stands at, `next` to resume or pass: its index in suspend.ts's list,
 *  added as nobody's where it is new; -1 when the list has no room. */
export function suspensionHere(next: i32): i32 {
  const key = canonicalBoardOf(next);
  const s = suspFind(key);
  if (s >= 0) return s;
  for (let y = 0; y < height; y++) memory.copy(SUSP_BOARD + <usize>(y * width), COLOR + <usize>pointOf(0, y), <usize>width);
  return suspAdd(key, next, SUSP_BOARD, nPoints);
}
/** What the suspension just made is worth for the goal, `next` to resume or pass: the goal
 *  (Black meets it) or one less. A suspension met for the first time is kept, as nobody's. */
function suspensionLeaf(next: i32): i32 {
  const s = suspensionHere(next);
  if (s < 0) { solOut = true; return 0; }
  // (after the game phase the count adds its game-phase moves: the board must give the rest)
  const i = thresholdOf(suspGoal - offsetNow());
  // (a fixed point not closed over every suspension known: read as it is, marked for grand.ts to
  // take and search again)
  if (!suspClosed(i, suspSide)) suspMarkNeeded(i, suspSide);
  const won = suspWins(s, i, suspSide);
  return (suspSide == BLACK) == won ? suspGoal : suspGoal - 1;
}

// ---- the history heuristic: moves that cut off elsewhere are tried first -------------------------
const MOVE_ROW: i32 = 400 * 4;
const MOVES: usize = memory.data((SOLVE_MAX_PLY + 2) * MOVE_ROW, 16); // each ply's move list
const CUTOFFS: usize = memory.data(2 * 400 * 8, 16); // f64 per colour and move (+3)
let historyOrder: bool = false;
@inline function cutoffsOf(m: i32, c: i32): f64 { return load<f64>(CUTOFFS + (<usize>((c - 1) * 400 + m + 3) << 3)); }
function rewardCutoff(m: i32, c: i32): void {
  const a = CUTOFFS + (<usize>((c - 1) * 400 + m + 3) << 3);
  store<f64>(a, load<f64>(a) + 1);
}
/** The points of the list by their cutoffs, most first (stable; passes keep their places). */
function sortByCutoffs(list: usize, n: i32, c: i32): void {
  for (let i = 1; i < n; i++) {
    const m = load<i32>(list + (<usize>i << 2));
    if (m < 0) continue;
    const s = cutoffsOf(m, c);
    let j = i - 1;
    while (j >= 0) {
      const o = load<i32>(list + (<usize>j << 2));
      if (o < 0 || cutoffsOf(o, c) >= s) break;
      store<i32>(list + (<usize>(j + 1) << 2), o);
      j--;
    }
    store<i32>(list + (<usize>(j + 1) << 2), m);
  }
}

@inline function clampRel(v: i32, off: i32): i32 { return v <= -INF ? -INF : v >= INF ? INF : v - off; }

/** The i-th move of the order: passes first or last, then the points; -99 for none. */
export function moveAt(i: i32, canAbandon: bool): i32 { return moveInOrder(i, canAbandon, passFirstHere()); }
/** Whether the passes come first at the engine's current position (passes first, or answering a pass). */
@inline function passFirstHere(): bool { return passesFirst || (answerPassFirst && R.plies >= 1 && R.plyPoint(R.plies) == -1); }
function moveInOrder(i: i32, canAbandon: bool, passFirst: bool): i32 {
  const m = orderedMove(i, canAbandon, passFirst);
  return m == MOVE_PASS && noOpeningPass && R.plies == 0 ? -99 : m;
}
function orderedMove(i: i32, canAbandon: bool, passFirst: bool): i32 {
  // slots: passes first: [pass, abandon, points...], else [points..., pass, abandon]
  let k = i;
  if (passFirst) {
    // (ending play first: an abandon move answering a pass, then the virtual move)
    if (k == 0) return canAbandon ? MOVE_ABANDON : -99;
    if (k == 1) return MOVE_PASS;
    k -= 2;
    return k < nPoints ? load<i32>(ORDER + (<usize>k << 2)) : -99;
  }
  if (k < nPoints) return load<i32>(ORDER + (<usize>k << 2));
  k -= nPoints;
  if (k == 0) return MOVE_PASS;
  if (k == 1) return canAbandon ? MOVE_ABANDON : -99;
  return -99;
}

/** The exact value of the current position, `toMove` to play (solOut: none). The first window is
 *  (-bound, bound): a value outside it is searched again with no window. */
export function solveRun(toMove: i32, bound: i32): i32 {
  const v = search(0, toMove, -bound, bound);
  if (solOut || (v > -bound && v < bound)) return v;
  return search(0, toMove, -INF, INF);
}

/** The search in a null window around "Black makes at least `goal`" from the position after
 *  `depth` entries (grand.ts's phases): fail-soft, as search. */
export function searchGoal(toMove: i32, goal: i32, depth: i32 = 0): i32 {
  return search(depth, toMove, goal - 1, goal);
}
/** The table's stored values dropped (their leaves' worth changed: grand.ts). */
export function newSearchTables(): void { newGenerations(); }

/** Whether Black makes at least theta from the current position (Black to move), by alpha-beta
 *  in a null window: 1, 0, or -1 when the budget ran out (a check of retro.ts's superko search). */
export function solveAtLeast(theta: i32): i32 {
  const v = search(0, BLACK, theta - 1, theta);
  return solOut ? -1 : v >= theta ? 1 : 0;
}

/** Whether Black makes at least theta from the current position (Black to move), by deepening:
 *  the horizon from `first` entries on, a quarter more each time, until the verdict leans on no
 *  line cut there (a success never does): 1, 0, or -1 when the budget ran out. solHorizon: the
 *  last horizon. Long lines that decide nothing (stones thrown in and captured again) are met
 *  only as deep as the verdict needs. */
export function solveGoalDeepening(theta: i32, first: i32, fromLen: i32): i32 {
  // (from the position after the first fromLen moves of GOAL_FROM, on the line: -2 where one is refused)
  const played = playFrom(fromLen, PATH_KEY, ONLINE);
  if (fromRefused >= 0) { unplayFrom(played, PATH_KEY, ONLINE); return -2; }
  const c = played % 2 == 0 ? BLACK : WHITE;
  let h = max(first, 2);
  let r = 0;
  while (true) {
    horizon = played + h >= SOLVE_MAX_PLY - 2 ? SOLVE_MAX_PLY : played + h;
    solHorizon = horizon - played;
    const v = search(played, c, theta - 1, theta);
    if (solOut) { r = -1; break; }
    if (v >= theta || !retHz) { r = v >= theta ? 1 : 0; break; }
    h += max(2, h >> 2);
  }
  horizon = SOLVE_MAX_PLY;
  unplayFrom(played, PATH_KEY, ONLINE);
  return r;
}
export let solHorizon: i32 = 0;

/** A principal variation of value v from the current position: each move the first whose value
 *  is v again (searched in a window around it), into SOLVE_LINE_OUT; solLineEnd says how it ends. */
export function solveLine(toMove: i32, v: i32, maxLen: i32): i32 {
  solLineLen = 0; solLineEnd = 3; solLineCycle = -1;
  let c = toMove;
  let depth = 0;
  const cap = min(maxLen, SOLVE_MAX_PLY - 4);
  // the line's own positions are its path (a cycle is found against them)
  while (depth < cap) {
    const key = keyOf(c);
    if (memoryless) {
      let j = depth - 1;
      for (; j >= 0; j--) if (pathKey(j) == key) break;
      if (j >= 0) { solLineEnd = 2; solLineCycle = j; break; }
    }
    store<u64>(PATH_KEY + (<usize>depth << 3), key);
    const oa = onlineAt(key);
    store<u16>(oa, load<u16>(oa) + 1);
    const canAbandon = zhangAbandon && R.plies >= 1 && R.plyPoint(R.plies) == -1;
    let found = -99;
    let ended = false;
    for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, canAbandon);
      if (m == -99) continue;
      apply(m, c, depth);
      if (applied == 0) continue;
      const ends = applied == 2; // (the search below applies moves of its own)
      const w = ends ? leafValue() : search(depth + 1, c ^ 3, v - 1, v + 1);
      if (solOut) { undo(depth); return solLineLen; }
      if (w == v) { found = m; ended = ends; break; }
      undo(depth);
    }
    if (found == -99) break;
    store<i32>(SOLVE_LINE_OUT + (<usize>solLineLen << 2), found);
    solLineLen++;
    depth++;
    c ^= 3;
    if (ended) { solLineEnd = 1; break; }
  }
  // (the moves stay played: the caller starts the engine's game again)
  return solLineLen;
}

// ---- the proof tree (alpha-beta's rule sets) --------------------------------------------------
// Preorder, two i32 words per node: the move that leads to it (row-major, -1 pass, -2 abandon,
// -9 the start) and its children. Proving "at least v" (Black's tree): at Black's turns one move
// that keeps at least v, at White's every legal move; "at most v" the other way round.
const PROOF_CAP: i32 = 1 << 20;
export let proofBase: usize = 0; // (grown on first use)
export let proofLen: i32 = 0;
export let proofOver: bool = false;

/** Writes the proof that the value of the current position (`toMove` to play) is at least v
 *  (`atLeast`) or at most v; false when it outgrew PROOF_CAP nodes or the budget ran out. */
export function solveProof(toMove: i32, v: i32, atLeast: bool): bool {
  proofLen = 0; proofOver = false;
  if (proofBase == 0) proofBase = grow(<usize>PROOF_CAP * 8);
  if (proofBase == 0) { proofOver = true; return false; }
  proofNode(0, toMove, v, atLeast, -9);
  return !proofOver && !solOut;
}

function proofNode(depth: i32, toMove: i32, v: i32, atLeast: bool, move: i32): void {
  if (proofLen >= PROOF_CAP) { proofOver = true; return; }
  const at = proofBase + (<usize>proofLen << 3);
  store<i32>(at, move); store<i32>(at + 4, 0);
  proofLen++;
  if (depth + 2 >= SOLVE_MAX_PLY) { proofOver = true; return; }
  const prover = atLeast ? BLACK : WHITE;
  const canAbandon = zhangAbandon && R.plies >= 1 && R.plyPoint(R.plies) == -1;
  let children = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, canAbandon);
    if (m == -99) continue;
    apply(m, toMove, depth);
    if (applied == 0) continue;
    const ends = applied == 2;
    if (toMove == prover) {
      // (a null window: does this move keep the bound?)
      const w = ends ? leafValue() : search(depth + 1, toMove ^ 3, atLeast ? v - 1 : v, atLeast ? v : v + 1);
      if (solOut) { undo(depth); proofOver = true; return; }
      if (atLeast ? w >= v : w <= v) {
        children = 1;
        store<i32>(at + 4, children);
        if (ends) writeLeaf(m); else proofNode(depth + 1, toMove ^ 3, v, atLeast, m);
        undo(depth);
        return;
      }
      undo(depth);
      continue;
    }
    children++;
    store<i32>(at + 4, children);
    if (ends) writeLeaf(m); else proofNode(depth + 1, toMove ^ 3, v, atLeast, m);
    undo(depth);
    if (proofOver) return;
  }
  if (toMove == prover) proofOver = true; // (no move keeps the bound: not a proof)
}

function writeLeaf(m: i32): void {
  if (proofLen >= PROOF_CAP) { proofOver = true; return; }
  const at = proofBase + (<usize>proofLen << 3);
  store<i32>(at, m); store<i32>(at + 4, 0);
  proofLen++;
}

/** The proof buffer for another search's tree (retro.ts's superko lines): emptied, grown on
 *  first use; false when there is no memory for it. */
export function proofStart(): bool {
  proofLen = 0; proofOver = false;
  if (proofBase == 0) proofBase = grow(<usize>PROOF_CAP * 8);
  if (proofBase == 0) { proofOver = true; return false; }
  return true;
}
/** Appends a node (the move to it, its children so far); its index, -1 when the buffer is full. */
export function proofPush(move: i32, kids: i32): i32 {
  if (proofLen >= PROOF_CAP) { proofOver = true; return -1; }
  const at = proofBase + (<usize>proofLen << 3);
  store<i32>(at, move); store<i32>(at + 4, kids);
  return proofLen++;
}
/** Sets node i's children (a negative count marks a leaf the search cut off: retro.ts). */
export function proofKids(i: i32, kids: i32): void { store<i32>(proofBase + (<usize>i << 3) + 4, kids); }
/** Marks the tree as no proof (a prover's node where no move keeps the goal, or the budget). */
export function proofFail(): void { proofOver = true; }
