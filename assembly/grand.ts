// The Grand Rules by their phases (docs/solve.md, "The Grand Rules by their phases").
//
// Under the Grand Rules two passes suspend play, either player may resume, and the history
// starts again from the suspended board (grand 4.4); the only rule that reaches across phases is
// the referee's Void at a situation's third creation, worth 0. Take the game without that Void,
// where play that never ends is lost for the side that has a goal to reach (the relaxation):
// - for a goal above 0 the Void is Black's loss too, and the relaxation's moves are the rule's
//   (the Void ends a line, it bans no move); so where White keeps Black from his goal in the
//   relaxation, he does under the rule: every line ends below the goal or in a Void;
// - for a goal of 0 or less the Void is White's loss, and the same holds the other way round.
// The relaxation needs no memory across phases: a suspension is worth what the player with the
// goal can force from it, the least fixed point of "every phase from here ends at a suspension
// already his, or at an end of play that meets the goal" (an attractor over suspensions: a
// suspension joins in a round where its phases' searches, alpha-beta over the engine under
// positional superko from the suspended board, show it). A phase is finite under the superko,
// so the search ends; the rounds end when no suspension joins.
//
// So the value is at most the least goal above 0 Black cannot force in the relaxation, less one
// step, and at least the greatest goal of 0 or less White cannot force below: where both are 0,
// the value is 0 (a draw, or a Void) with no play-out of any strategy. Anything else is a bound.

import { BLACK, WHITE, R_OK, EMPTY, REP_SIMPLE, PHASE_PLAY } from "./codes";
import { width, height, boardJournalReset } from "./board";
import { SETUP_IN, loadSetup, rulesStart, passRuled, tryPlay, rollbackPlay } from "./game";
import * as R from "./rules";
import { searchGoal, setSuspensionLeaves, newSearchTables, solOut, nPoints, apply, undo, applied,
  moveAt, leafValue, clearRoomStop, SOLVE_LINE_OUT, SOLVE_MAX_PLY, canonicalBoardOf, countNode, budgetOut,
  setDepthOut, historyKeyOf, grow, countOffset, setKeyShift, suspendedNow, setNodeCap, cappedOut } from "./solve";
import { mix64 } from "./prng";
import { slotFor, slotUsed, slotValue, slotWrite } from "./table";
import { suspMarkNeeded, suspJoinedAt, suspFind, thresholdOf, suspCount, suspToMove, suspBoard, suspWins, suspSetWin, thresholdValue, thresholdCount, suspOpen, suspClosed, suspMarkClosed, suspNeeded, suspSeed, suspEasierClosed, suspOtherWins,
  graphReset, graphBoards, graphSetSucc, graphSetKey, boardIndexNow, staticFor, staticOff } from "./suspend";
import { retroPhaseGraph, retroPhaseGoal, phaseGoalReadings, retroPhaseAt, retroPhaseRank, retroPhaseBoardKey, raPositions, raTooMany } from "./retro";

// the rule set's knobs (the engine is started from them for each phase's search)
let kSuicide: i32 = 0, kRep: i32 = 0, kPassesInHash: bool = false, kEnd: i32 = 0;

export let gpRounds: i32 = 0; // rounds of the fixed points
export let gpSearches: f64 = 0; // searches of a suspension's phases
export let gpLower: i32 = 0; // twice Black's margin: at least, at most
export let gpUpper: i32 = 0;
// where the bounds stand while they are sought (what a stop reports): the goal asked from the
// start (twice the margin; ASKED_NONE none), 1 while its fixed points are taken, 2 while the
// game phase is searched; Black's hardest goal and White's hardest forced so far in the
// relaxation (a side's grant there is no bound under the rules: it says how far the search came)
export const ASKED_NONE: i32 = -1 << 20;
export let gpAsked: i32 = ASKED_NONE;
export let gpAskedStage: i32 = 0;
export let gpForcedB: i32 = ASKED_NONE;
export let gpForcedW: i32 = ASKED_NONE;
export let gpUpperShown: bool = false; // Black's goals asked to the first he does not force: gpUpper a bound
export let gpLowerShown: bool = false; // a goal answered under the rules themselves: gpLower a bound

/** The knobs of the engine's games (the Void off: the relaxation). */
export function grandKnobs(suicide: i32, rep: i32, passesInHash: bool, end: i32): void {
  kSuicide = suicide; kRep = rep; kPassesInHash = passesInHash; kEnd = end;
}

function startEngine(toMove: i32, rep: i32 = -1, void3: bool = false): void {
  rulesStart(kSuicide, rep < 0 ? kRep : rep, false, void3, false, kPassesInHash, kEnd, true, toMove, 4096, true);
  R.setKeepDigest(true); // (the table key reads the superko's set: solve.ts keyOf)
  boardJournalReset();
}

/** The engine at the start of the game: the empty board, Black to move (`void3`: the rules
 *  themselves, the referee's Void at a situation's third creation on). */
export function grandStart(void3: bool = false): void {
  memory.fill(SETUP_IN, 0, <usize>(width * height));
  loadSetup(BLACK);
  startEngine(BLACK, -1, void3);
}

/** The engine at suspension s: its board, the game phase over without a stone (two passes). */
function startAt(s: i32): i32 {
  memory.copy(SETUP_IN, suspBoard(s), <usize>nPoints);
  return suspendedStart(suspToMove(s), -1);
}

/** The engine at the board SETUP_IN holds, suspended with p to move (`rep`: the repetition rule,
 *  -1 the rule set's). */
function suspendedStart(p: i32, rep: i32): i32 {
  loadSetup(p);
  startEngine(p, rep);
  passRuled(p, false);
  passRuled(p ^ 3, false);
  return p;
}

// The phases searched over their graph (retro.ts): simple ko's game from the empty board (the
// game phase, and the dispute phases after a game phase of even moves), whose strategies cut the
// superko's lines short. 0: no graph (the room), the phases by alpha-beta alone.
let phaseRoom: i32 = 0;
let phaseGraph: bool = false;
export let gpGraphPositions: i32 = 0;
// the game phase's extra moves the phases' graph holds either way (beyond, its edge's
// strategies decide what they can: retro.ts beyondTheClamp)
let phaseClamp: i32 = 2;
/** Room for the phases' graph (positions; 0: none, every phase by alpha-beta) and its clamp. */
export function grandPhaseRoom(positions: i32, extraMoves: i32): void { phaseRoom = positions; phaseClamp = extraMoves; }

/** The phases' graph, where there is room; false only when the budget ran out. */
function buildPhaseGraph(): bool {
  phaseGraph = false; gpGraphPositions = 0;
  if (phaseRoom <= 0) return true;
  memory.fill(SETUP_IN, 0, <usize>(width * height));
  loadSetup(BLACK);
  startEngine(BLACK, REP_SIMPLE);
  phaseGraph = retroPhaseGraph(phaseRoom, 10 * phaseRoom, phaseClamp);
  if (phaseGraph) gpGraphPositions = raPositions;
  else if (!raTooMany) return false;
  else clearRoomStop();
  return true;
}

// the fixed points of the goals around one read (false: each taken alone, the check)
let nested: bool = true;
/** Whether a fixed point starts from those of the goals around it (suspSeed, suspEasierClosed). */
export function grandNested(on: bool): void { nested = on; }

/** The fixed point for threshold i and the side with the goal: rounds over every suspension
 *  known (those the searches meet join the list as they go) until none joins. False when the
 *  budget or the room ran out. */
function fixedPoint(i: i32, side: i32): bool {
  const goal = thresholdValue(i);
  setSuspensionLeaves(side, goal);
  // (what a harder goal's fixed point holds is in this one; what the other side's holds at a
  // goal that excludes this one is not, nor what an easier goal's, closed, lacks while no
  // suspension joins the list: the rounds search the rest)
  if (nested) suspSeed(i, side);
  const known = suspCount;
  let easier = nested ? suspEasierClosed(i, side) : -1;
  for (;;) {
    let joined = false;
    // (within a round the table and the graph's answers keep what they had from the set at
    // its start: a suspension that joins meanwhile is at worst missed until the next round;
    // the last round, in which none joins, reads the set whole)
    newSearchTables();
    staticFor(i, side);
    if (phaseGraph && !retroPhaseGoal(goal, side, false)) { staticOff(); return false; }
    for (let s = 0; s < suspCount; s++) {
      if (suspWins(s, i, side)) continue;
      if (nested && (suspOtherWins(s, i, side) || easier >= 0 && s < known && !suspWins(s, easier, side))) continue;
      const p = startAt(s);
      const v = phaseGraph ? graphValue(p, goal) : searchGoal(p, goal);
      gpSearches += 1;
      if (solOut) { staticOff(); return false; }
      if (side == BLACK ? v >= goal : v < goal) {
        suspSetWin(s, i, side);
        joined = true;
      }
    }
    gpRounds++;
    // (the list grew: the easier fixed point is closed no more, so a round over all of it)
    if (!joined && easier >= 0 && suspCount != known) { easier = -1; continue; }
    if (!joined) { staticOff(); return true; }
  }
  return false;
}

/** The phases from where the engine stands (the start, or a suspension: its board the phase's
 *  first), `toMove` to play, by their graph, as searchGoal's values: the goal where Black meets it,
 *  else one less (the budget's end: solOut says). */
const START_KEY: usize = memory.data(4, 4);
function graphValue(toMove: i32, goal: i32): i32 {
  store<u32>(START_KEY, retroPhaseBoardKey());
  return retroPhaseAt(toMove, 0, START_KEY, 1) == 1 ? goal : goal - 1;
}

/** The board graph (suspend.ts), on boards of at most 12 points: each board's class keys and each
 *  side's plays, under the suicide rule and no repetition rule. False where there is none. */
export function grandGraph(points: i32): bool {
  if (!graphReset(points)) return false;
  const n = graphBoards();
  for (let b = 0; b < n; b++) {
    let r = b;
    for (let i = 0; i < points; i++) { store<u8>(SETUP_IN + <usize>i, <u8>(r % 3)); r /= 3; }
    const possible = loadSetup(BLACK) < 0;
    graphSetKey(b, BLACK, possible ? canonicalBoardOf(BLACK) : 0);
    graphSetKey(b, WHITE, possible ? canonicalBoardOf(WHITE) : 0);
    for (let side = BLACK; side <= WHITE; side++)
      for (let p = 0; p < points; p++) {
        let to = -1;
        if (possible && <i32>load<u8>(SETUP_IN + <usize>p) == EMPTY && tryPlay(p % width, p / width, side, true) == R_OK) {
          to = boardIndexNow();
          rollbackPlay();
        }
        graphSetSucc(side, b, p, to);
      }
  }
  return true;
}

/** The fixed points the last search read before they were closed over every suspension known,
 *  taken (again), until none is open: 1 when one was, 0 none, -1 when the budget or the room
 *  ran out. */
function closeNeeded(): i32 {
  let took = 0;
  for (;;) {
    let again = false;
    for (let k = 0; k < 2; k++) {
      const side = k == 0 ? BLACK : WHITE;
      const i = nextNeeded(side);
      if (i < 0) continue;
      if (!fixedPoint(i, side)) return -1;
      suspMarkClosed(i, side);
      again = true; took = 1;
    }
    if (!again) return took;
  }
  return -1;
}

/** The side's next fixed point to take of those needed and open, -1 none: the easiest goal's
 *  first, then (nested) the hardest's, each then between closed ones: a harder goal's members
 *  start it and an easier goal's closed one bounds it (fixedPoint). */
function nextNeeded(side: i32): i32 {
  const n = thresholdCount();
  let easiest = -1, hardest = -1; // (in the thresholds' order: Black's goals grow harder with i)
  for (let i = 0; i < n; i++) {
    if (!suspNeeded(i, side) || suspClosed(i, side)) continue;
    if (easiest < 0) easiest = i;
    hardest = i;
  }
  if (easiest < 0) return -1;
  if (side == WHITE) { const t = easiest; easiest = hardest; hardest = t; }
  if (!nested || easiest == hardest) return easiest;
  // (a closed fixed point easier than all of them, none harder: the hardest next)
  let easierClosed = false, harderClosed = false;
  for (let j = 0; j < n; j++) {
    if (!suspClosed(j, side)) continue;
    if (side == BLACK ? j < easiest : j > easiest) easierClosed = true;
    if (side == BLACK ? j > hardest : j < hardest) harderClosed = true;
  }
  return easierClosed && !harderClosed ? hardest : easiest;
}

/** Whether the side with goal v (Black above 0, White at 0 or below) forces it from the start in
 *  the relaxation: 1, 0, or -1 (budget). */
function startGoal(v: i32): i32 {
  const side = v > 0 ? BLACK : WHITE;
  gpAsked = v; gpAskedStage = 1;
  // (the fixed points the game phase's terminals read, taken first: with them open its search
  // has no strategies to cut it off)
  if (phaseGraph && !closeAround(v)) return -1;
  for (;;) {
    setSuspensionLeaves(side, v);
    newSearchTables();
    if (phaseGraph && !retroPhaseGoal(v, side, true)) return -1;
    grandStart();
    gpAskedStage = 2;
    const r = phaseGraph ? graphValue(BLACK, v) : searchGoal(BLACK, v);
    gpSearches += 1;
    if (solOut) return -1;
    // (the fixed points it read before they were whole: taken, and the search again)
    gpAskedStage = 1;
    const took = closeNeeded();
    if (took < 0) return -1;
    if (took == 0) {
      const forced = side == BLACK ? r >= v : r < v;
      if (forced && side == BLACK) gpForcedB = v;
      if (forced && side == WHITE) gpForcedW = v;
      gpAsked = ASKED_NONE; gpAskedStage = 0;
      return forced ? 1 : 0;
    }
  }
  return -1;
}

/** The bounds: gpLower, gpUpper (twice Black's margin; `least`, `most`: the counts' range). False
 *  when the budget or the room ran out. */
export function grandBounds(least: i32, most: i32): bool {
  gpRounds = 0; gpSearches = 0;
  lowRules = 0; highRules = 0;
  gpAsked = ASKED_NONE; gpAskedStage = 0; gpForcedB = ASKED_NONE; gpForcedW = ASKED_NONE; gpUpperShown = false; gpLowerShown = false;
  suspOpen();
  if (!buildPhaseGraph()) return false;
  // at most: the least goal above 0 Black does not force, less a step
  let upper = most;
  for (let v = 2; v <= most; v += 2) {
    const r = startGoal(v);
    if (r < 0) return false;
    // (sound already: a stop in White's goals keeps it)
    if (r == 0) { upper = v - 2; gpUpper = upper; gpUpperShown = true; break; }
  }
  // at least: the greatest goal of 0 or less White does not force below
  let lower = least;
  for (let v = 0; v > least; v -= 2) {
    const r = startGoal(v);
    if (r < 0) return false;
    if (r == 0) { lower = v; break; }
  }
  gpLower = lower; gpUpper = upper;
  return true;
}

export let gpLineLen: i32 = 0;
export let gpLineEnd: i32 = 0; // 1 play ended, 3 cut short

/** A line that keeps both bounds (gpLower, gpUpper), passes first: each move the first after
 *  which White still cannot force below the lower bound, nor Black the upper one's next step,
 *  as the bound was shown (lowerKept, upperKept). The engine plays it under the rules themselves
 *  (the Void on), and the referee rules it so. */
export function grandLine(maxLen: i32): i32 {
  if (lowRules != 0 && !closeAround(gpLower)) return 0;
  if (highRules != 0 && !closeAround(gpUpper + 2)) return 0;
  // (a walk that read fixed points before they were whole: they are taken, and it walks again)
  for (;;) {
    walk(maxLen);
    if (solOut || closeNeeded() != 1) return gpLineLen;
  }
  return gpLineLen;
}

// the line's boards as the phases' graph compares them (retroPhaseBoardKey), from the start of
// the current phase: the game's start, else the board play was suspended at
const LINE_KEYS: usize = memory.data(SOLVE_MAX_PLY * 4, 16);
let lineFrom: i32 = 0;

function walk(maxLen: i32): void {
  gpLineLen = 0; gpLineEnd = 3;
  grandStart(true);
  lineFrom = 0; lineSusp = -1;
  gvGen++; gvUsed = 0; // (the fixed points may have grown since the rules' searches)
  if (phaseGraph) store<u32>(LINE_KEYS, retroPhaseBoardKey());
  let c = BLACK;
  const cap = min(maxLen, SOLVE_MAX_PLY - 4);
  for (let depth = 0; depth < cap; depth++) {
    let found = -99;
    let ended = false;
    for (let i = 0; i < nPoints + 3; i++) {
      const m = moveAt(i, false);
      if (m == -99) continue;
      apply(m, c, depth);
      if (applied == 0) continue;
      const ends = applied == 2; // (the searches below apply moves of their own)
      // (a suspension: the next phase starts from its board)
      const from = R.pausedNow() ? depth + 1 : lineFrom;
      if (phaseGraph) store<u32>(LINE_KEYS + (<usize>(depth + 1) << 2), retroPhaseBoardKey());
      const keepFrom = lineFrom, keepSusp = lineSusp;
      lineFrom = from;
      if (suspendedNow(m)) lineSusp = suspFind(canonicalBoardOf(c ^ 3));
      let keeps: bool;
      if (ends) {
        const w = leafValue();
        keeps = w >= gpLower && w <= gpUpper;
      } else keeps = lowerKept(depth + 1, c) && upperKept(depth + 1, c);
      if (solOut) { undo(depth); return; }
      if (keeps) { found = m; ended = ends; break; }
      lineFrom = keepFrom; lineSusp = keepSusp;
      undo(depth);
    }
    if (found == -99) break;
    store<i32>(SOLVE_LINE_OUT + (<usize>gpLineLen << 2), found);
    gpLineLen++;
    c ^= 3;
    if (ended) { gpLineEnd = 1; break; }
  }
}

// how each bound was shown: 0 by the relaxation; lower 1 Black forces it under the rules (by
// the relaxation's strategies alone where lowProgress), 2 White does not force below it under
// the rules; upper 1 Black does not force its next step under the rules, 2 White forces below
// that step (highProgress as lowProgress)
let lowRules: i32 = 0, highRules: i32 = 0;
let lowProgress: bool = false, highProgress: bool = false;
let lineSusp: i32 = -1; // the line's last suspension (suspend.ts's index), -1 none yet

/** After `mover`'s move, the position after `depth` entries: White still cannot force below the
 *  lower bound. Where the rules' search showed the bound, the moves of the side it holds for
 *  need no check (its strategy answers them all) and the other's are checked by that search. */
function lowerKept(depth: i32, mover: i32): bool {
  if (lowRules == 0) return keepsBound(depth, mover ^ 3, WHITE, gpLower);
  if (lowRules == 1) return mover == WHITE || rulesAt(depth, mover ^ 3, gpLower, lowProgress) == 1;
  return mover == WHITE || keepsBound(depth, mover ^ 3, WHITE, gpLower) || rulesAt(depth, mover ^ 3, gpLower, false) == 0;
}
/** After `mover`'s move: Black still cannot force the upper bound's next step (as lowerKept). */
function upperKept(depth: i32, mover: i32): bool {
  const v = gpUpper + 2;
  if (highRules == 0) return keepsBound(depth, mover ^ 3, BLACK, v);
  if (highRules == 2) return mover == BLACK || rulesAt(depth, mover ^ 3, v, highProgress) == 1;
  return mover == BLACK || keepsBound(depth, mover ^ 3, BLACK, v) || rulesAt(depth, mover ^ 3, v, false) == 0;
}

/** The rules' search for goal v (its side by its sign) from the line's position after `depth`
 *  entries: 1, 0, or -1 (the budget). Its table serves every call for the same goal and kind. */
function rulesAt(depth: i32, toMove: i32, v: i32, progress: bool): i32 {
  const side = v > 0 ? BLACK : WHITE;
  if (gvSide != side || gvGoal != v || gvProgress != progress) {
    gvSide = side; gvGoal = v; gvProgress = progress;
    gvGen++; gvUsed = 0;
  }
  lineBefore = !progress || lineSusp < 0 ? u32.MAX_VALUE : suspJoinedAt(lineSusp, thresholdOf(v - countOffset()), side);
  const r = rulesSearch(depth, toMove);
  return solOut ? -1 : r ? 1 : 0;
}

// the goal the phases' graph was read at here last (a line's positions after the game phase read
// it shifted by the phase's extra moves), and retro.ts's count of readings then: any reading
// since (a fixed point's round, the game phase's search) makes it stale
let graphGoal: i32 = 0, graphSide: i32 = 0, graphShift: i32 = 0, graphReading: i32 = -1;
/** The graph's terminals at goal v of `side` as the engine's position reads them: in the game
 *  phase as they stand, after it less the extra moves the game phase left (retroPhaseGoal's
 *  shift). False: no room, or the budget. */
function graphGoalHere(v: i32, side: i32): bool {
  const shift = R.fPhase == PHASE_PLAY ? 0 : countOffset();
  if (graphReading == phaseGoalReadings && graphSide == side && graphGoal == v && graphShift == shift) return true;
  graphGoal = v; graphSide = side; graphShift = shift;
  const read = retroPhaseGoal(v, side, true, shift, true);
  graphReading = read ? phaseGoalReadings : -1;
  return read;
}

/** The phases' graph's verdict from the line's position after `depth` entries (retroPhaseAt), the
 *  boards of its phase from lineFrom; after the game phase its positions are looked up as those
 *  of a suspension with no extra moves (the count keeps them: graphGoalHere). */
function graphAt(toMove: i32, depth: i32): i32 {
  setKeyShift(R.fPhase == PHASE_PLAY ? 0 : countOffset());
  const r = retroPhaseAt(toMove, depth, LINE_KEYS + (<usize>lineFrom << 2), depth + 1 - lineFrom);
  setKeyShift(0);
  return r;
}

/** After the line's move: the side does not force goal v from here (the bound holds). A goal
 *  past the counts' range holds trivially; a verdict cut short (CHECK_NODES, the depth) does
 *  not hold, so the line takes another move. */
function keepsBound(depth: i32, toMove: i32, side: i32, v: i32): bool {
  if (side == WHITE ? v <= thresholdValue(0) : v > thresholdValue(thresholdCount() - 2)) return true;
  newSearchTables(); // (alpha-beta's table: the fixed points may have grown since)
  return relaxationVerdict(depth, toMove, side, v) == 0;
}

/** Whether the side with goal v forces it in the relaxation from the position after `depth`
 *  entries, with its phase's boards: 1, 0, or -1 where the verdict was cut short (CHECK_NODES,
 *  the depth; solOut says where the budget ran out). The engine's Void is off meanwhile: the
 *  relaxation has none. */
function relaxationVerdict(depth: i32, toMove: i32, side: i32, v: i32): i32 {
  setSuspensionLeaves(side, v);
  const void3 = R.kVoid3;
  R.setVoid3(false);
  setNodeCap(CHECK_NODES);
  let black: bool;
  if (phaseGraph) black = graphGoalHere(v, side) && graphAt(toMove, depth) == 1;
  else black = searchGoal(toMove, v, depth) >= v;
  const short = cappedOut();
  R.setVoid3(void3);
  return short ? -1 : black == (side == BLACK) ? 1 : 0;
}

// ---- the rules themselves: the relaxation's verdicts played out with the Void on --------------
//
// Where the bounds do not meet, the goals between them are asked of the rules (docs/solve.md,
// "The Void played out"): the game from the empty board with the referee's Void at a
// situation's third creation on, the side with the goal (Black above 0, White at 0 or below)
// losing by a Void. Under the rules play always ends (a phase is finite under the superko, and
// a situation is created at most twice before the Void), so a strategy of the rules is one of
// the relaxation, which has the same moves but no Void: where the side does not force its goal
// in the relaxation (from the position with its phase's boards), it does not under the rules.
// That is the cut; every other position is searched, every move the rules allow, one that
// keeps the goal at the side's turns, every one at the other's. The table key holds all the
// rules read: the phase's boards and every situation's creations (rules.ts historyDigest).

export let gvNodes: f64 = 0; // positions of the rules' game searched
export let gvCuts: f64 = 0; // ... cut off by the relaxation
export let gvHits: f64 = 0; // ... answered by the table
export let gvVoids: f64 = 0; // lines the Void ended
export let gvSearches: i32 = 0; // goals searched (each search again counts: all moves, fixed points taken)
export let gvUnknown: f64 = 0; // positions whose relaxation's verdict was cut short (no cut there)
// the nodes one verdict of the relaxation may take (beyond the game phase's clamp its lines go
// without the graph's strategies, and may run past the search's depth)
const CHECK_NODES: f64 = 200000;
let gvSide: i32 = 0;
let gvGoal: i32 = 0;
let gvBase: usize = 0;
let gvMask: i32 = 0;
let gvGen: u32 = 0;
let gvUsed: i32 = 0;

/** The fixed points a phase's terminals read at goal v (its side by its sign), as the game
 *  phase's extra moves shift it, clamped either way as in the phases' graph: taken first, or
 *  the relaxation's verdicts would go without the graph's strategies. False: the budget or the
 *  room ran out. */
function closeAround(v: i32): bool {
  const side = v > 0 ? BLACK : WHITE;
  for (let k = -phaseClamp; k <= phaseClamp; k++) suspMarkNeeded(thresholdOf(v + 2 * k), side);
  return closeNeeded() >= 0;
}

/** Whether the side with goal v (Black above 0, White at 0 or below) forces it from the start
 *  under the rules: 1, 0, or -1 (the budget, or no room for the table). gvProgress says how a
 *  1 was shown. */
function rulesGoal(v: i32): i32 {
  const side = v > 0 ? BLACK : WHITE;
  if (gvBase == 0) {
    gvBase = grow(<usize>16 << 20);
    if (gvBase == 0) return -1;
    gvMask = (1 << 20) - 1;
  }
  if (!closeAround(v)) return -1;
  // (first the side's strategies of the relaxation alone, each phase ending at a suspension that
  // joined the fixed point before the one it started from: where the Void spares one, the goal
  // holds; else every move)
  gvProgress = true;
  for (;;) {
    gvSide = side; gvGoal = v; gvSearches++;
    gvGen++; gvUsed = 0; lineBefore = u32.MAX_VALUE;
    setSuspensionLeaves(side, v);
    newSearchTables();
    grandStart(true);
    lineFrom = 0;
    if (phaseGraph) store<u32>(LINE_KEYS, retroPhaseBoardKey());
    const r = rulesSearch(0, BLACK);
    R.setVoid3(false);
    if (solOut) return -1;
    // (the fixed points the relaxation read before they were whole: taken, and the search again)
    const took = closeNeeded();
    if (took < 0) return -1;
    if (took == 0) {
      if (r || gvProgress) return r ? 1 : 0;
      gvProgress = false;
    }
  }
  return -1;
}

// the strategies of the relaxation only (rulesGoal's first search): the current phase must end
// at a suspension that joined the side's fixed point before `lineBefore` (u32.MAX_VALUE: any)
let gvProgress: bool = false;
let lineBefore: u32 = u32.MAX_VALUE;
/** When the suspension just made (`next` to move) joined the side's fixed point at the goal the
 *  count leaves the board (u32.MAX_VALUE where it is not the side's, 0 where it is unknown). */
function joinedHere(next: i32): u32 {
  const s = suspFind(canonicalBoardOf(next));
  if (s < 0) return 0;
  return suspJoinedAt(s, thresholdOf(gvGoal - countOffset()), gvSide);
}

/** Whether the side with the goal (gvSide, gvGoal) forces it under the rules from the position
 *  after `depth` entries, `toMove` to play. */
function rulesSearch(depth: i32, toMove: i32): bool {
  countNode(); gvNodes += 1;
  if (budgetOut(depth)) return false;
  if (depth >= SOLVE_MAX_PLY - 4) { setDepthOut(); return false; }
  const key = historyKeyOf(toMove) ^ mix64(<u64>lineBefore ^ 0x9e3779b97f4a7c15);
  const e = slotFor(gvBase, gvMask, gvGen, key);
  if (slotUsed(e, gvGen)) { gvHits += 1; return slotValue(e) != 0; }
  const mine = toMove == gvSide;
  let won: bool;
  if (!relaxationForces(depth, toMove)) { won = false; gvCuts += 1; }
  else {
    won = !mine;
    const n = orderMoves(depth, toMove, mine);
    for (let k = 0; k < n; k++) {
      const m = load<i32>(GV_MOVES + (<usize>(depth * GV_ROW + k) << 2));
      apply(m, toMove, depth);
      if (applied == 0) continue;
      const keepFrom = lineFrom, keepBefore = lineBefore;
      if (phaseGraph) store<u32>(LINE_KEYS + (<usize>(depth + 1) << 2), retroPhaseBoardKey());
      if (R.pausedNow()) lineFrom = depth + 1; // (a suspension: the next phase starts from its board)
      // (the strategies of the relaxation alone: a suspension that joined the side's fixed point
      // no earlier than the one the phase started from is a line they do not take)
      let r: bool;
      if (applied == 2) {
        if (R.voided) gvVoids += 1;
        const w = leafValue(); // (a Void is 0: the side's loss)
        r = gvSide == BLACK ? w >= gvGoal : w < gvGoal;
      } else if (gvProgress && suspendedNow(m)) {
        lineBefore = joinedHere(toMove ^ 3);
        r = lineBefore < keepBefore && rulesSearch(depth + 1, toMove ^ 3);
      } else r = rulesSearch(depth + 1, toMove ^ 3);
      lineFrom = keepFrom; lineBefore = keepBefore;
      undo(depth);
      if (solOut) return false;
      if (r == mine) { won = mine; break; }
    }
  }
  if (solOut) return false;
  if (gvUsed > (gvMask >> 1)) { gvGen++; gvUsed = 0; }
  slotWrite(slotFor(gvBase, gvMask, gvGen, key), gvGen, key, won ? 1 : 0);
  gvUsed++;
  return won;
}

// each line depth's moves in the order they are searched (a board's points, a pass: the phases
// take boards of 31 points at most, solve.ts)
const GV_ROW: i32 = 40;
const GV_MOVES: usize = memory.data(SOLVE_MAX_PLY * GV_ROW * 4, 16);
const GV_SCORE: usize = memory.data(GV_ROW * 4, 16);

/** The moves from the position after `depth` entries into its row of GV_MOVES, their count: the
 *  mover's strategy of simple ko's game over the phases' graph first (an end that goes his way,
 *  then a suspension, then positions by its rank, fewest moves to his end first), so that the
 *  lines end soon; the solver's order (passes first) among equals and without the graph. */
function orderMoves(depth: i32, toMove: i32, mine: bool): i32 {
  const row = GV_MOVES + (<usize>(depth * GV_ROW) << 2);
  let n = 0;
  for (let i = 0; i < nPoints + 3; i++) {
    const m = moveAt(i, false);
    if (m == -99) continue;
    if (!phaseGraph) { store<i32>(row + (<usize>n << 2), m); n++; continue; }
    apply(m, toMove, depth);
    if (applied == 0) continue;
    let score: i32;
    if (applied == 2) {
      const w = leafValue();
      score = (gvSide == BLACK ? w >= gvGoal : w < gvGoal) == mine ? 0 : 1 << 30;
    } else if (suspendedNow(m)) score = 1;
    else {
      // (the graph's two strategies for the goal: the side's to reach it, the other's to keep
      // him from it)
      setKeyShift(R.fPhase == PHASE_PLAY ? 0 : countOffset());
      const r = retroPhaseRank(toMove ^ 3, toMove);
      setKeyShift(0);
      score = r < 0 ? 1 << 29 : 2 + r;
    }
    undo(depth);
    // (insertion by score, stable: the solver's order among equals)
    let j = n;
    while (j > 0 && load<i32>(GV_SCORE + (<usize>(j - 1) << 2)) > score) {
      store<i32>(GV_SCORE + (<usize>j << 2), load<i32>(GV_SCORE + (<usize>(j - 1) << 2)));
      store<i32>(row + (<usize>j << 2), load<i32>(row + (<usize>(j - 1) << 2)));
      j--;
    }
    store<i32>(GV_SCORE + (<usize>j << 2), score);
    store<i32>(row + (<usize>j << 2), m);
    n++;
  }
  return n;
}

/** Whether the side with the goal may force it from the position after `depth` entries: the
 *  relaxation's verdict, or yes where it was cut short (no cut there). */
function relaxationForces(depth: i32, toMove: i32): bool {
  const r = relaxationVerdict(depth, toMove, gvSide, gvGoal);
  if (r < 0) gvUnknown += 1;
  return r != 0;
}

/** The bounds (gpLower, gpUpper) narrowed by the rules themselves, the goals between them from
 *  the top for Black (above 0), then from the bottom for White (0 or below), until they meet.
 *  False when the budget or the room ran out (the bounds kept are sound). */
export function grandRulesBounds(): bool {
  gvNodes = 0; gvCuts = 0; gvHits = 0; gvVoids = 0; gvSearches = 0; gvUnknown = 0;
  R.setKoKeysAlways(true); // (retroPhaseAt's keys: the same in every position the table keeps)
  while (gpUpper > gpLower && gpUpper > 0) {
    const r = rulesGoal(gpUpper);
    if (r < 0) return false;
    if (r == 1) { gpLower = gpUpper; lowRules = 1; lowProgress = gvProgress; gpLowerShown = true; }
    else { gpUpper -= 2; highRules = 1; gpUpperShown = true; }
  }
  while (gpUpper > gpLower) {
    const r = rulesGoal(gpLower + 2);
    if (r < 0) return false;
    if (r == 1) { gpUpper = gpLower; highRules = 2; highProgress = gvProgress; gpUpperShown = true; }
    else { gpLower += 2; lowRules = 2; gpLowerShown = true; }
  }
  return true;
}
