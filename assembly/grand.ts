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

import { BLACK, WHITE, R_OK, EMPTY, REP_SIMPLE } from "./codes";
import { width, height, boardJournalReset } from "./board";
import { SETUP_IN, loadSetup, rulesStart, passRuled, tryPlay, rollbackPlay } from "./game";
import * as R from "./rules";
import { searchGoal, setSuspensionLeaves, newSearchTables, solOut, nPoints, apply, undo, applied,
  moveAt, leafValue, clearRoomStop, SOLVE_LINE_OUT, SOLVE_MAX_PLY, canonicalBoardOf } from "./solve";
import { suspCount, suspToMove, suspBoard, suspWins, suspSetWin, thresholdValue, thresholdCount, suspOpen, suspClosed, suspMarkClosed, suspNeeded,
  graphReset, graphBoards, graphSetSucc, graphSetKey, boardIndexNow, staticFor, staticOff } from "./suspend";
import { retroPhaseGraph, retroPhaseGoal, retroPhaseAt, retroPhaseBoardKey, raPositions, raTooMany } from "./retro";

// the rule set's knobs (the engine is started from them for each phase's search)
let kSuicide: i32 = 0, kRep: i32 = 0, kPassesInHash: bool = false, kEnd: i32 = 0;

export let gpRounds: i32 = 0; // rounds of the fixed points
export let gpSearches: f64 = 0; // searches of a suspension's phases
export let gpLower: i32 = 0; // twice Black's margin: at least, at most
export let gpUpper: i32 = 0;

/** The knobs of the engine's games (the Void off: the relaxation). */
export function grandKnobs(suicide: i32, rep: i32, passesInHash: bool, end: i32): void {
  kSuicide = suicide; kRep = rep; kPassesInHash = passesInHash; kEnd = end;
}

function startEngine(toMove: i32, rep: i32 = -1): void {
  rulesStart(kSuicide, rep < 0 ? kRep : rep, false, false, false, kPassesInHash, kEnd, true, toMove, 4096, true);
  R.setKeepDigest(true); // (the table key reads the superko's set: solve.ts keyOf)
  boardJournalReset();
}

/** The engine at the start of the game: the empty board, Black to move. */
export function grandStart(): void {
  memory.fill(SETUP_IN, 0, <usize>(width * height));
  loadSetup(BLACK);
  startEngine(BLACK);
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
/** Room for the phases' graph (positions; 0: none, every phase by alpha-beta). */
export function grandPhaseRoom(positions: i32): void { phaseRoom = positions; }

/** The phases' graph, where there is room; false only when the budget ran out. */
function buildPhaseGraph(): bool {
  phaseGraph = false; gpGraphPositions = 0;
  if (phaseRoom <= 0) return true;
  memory.fill(SETUP_IN, 0, <usize>(width * height));
  loadSetup(BLACK);
  startEngine(BLACK, REP_SIMPLE);
  phaseGraph = retroPhaseGraph(phaseRoom, 10 * phaseRoom);
  if (phaseGraph) gpGraphPositions = raPositions;
  else if (!raTooMany) return false;
  else clearRoomStop();
  return true;
}

/** The fixed point for threshold i and the side with the goal: rounds over every suspension
 *  known (those the searches meet join the list as they go) until none joins. False when the
 *  budget or the room ran out. */
function fixedPoint(i: i32, side: i32): bool {
  const goal = thresholdValue(i);
  setSuspensionLeaves(side, goal);
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
    for (let i = 0; i < thresholdCount(); i++)
      for (let k = 0; k < 2; k++) {
        const side = k == 0 ? BLACK : WHITE;
        if (!suspNeeded(i, side) || suspClosed(i, side)) continue;
        if (!fixedPoint(i, side)) return -1;
        suspMarkClosed(i, side);
        again = true; took = 1;
      }
    if (!again) return took;
  }
  return -1;
}

/** Whether the side with goal v (Black above 0, White at 0 or below) forces it from the start in
 *  the relaxation: 1, 0, or -1 (budget). */
function startGoal(v: i32): i32 {
  const side = v > 0 ? BLACK : WHITE;
  for (;;) {
    setSuspensionLeaves(side, v);
    newSearchTables();
    if (phaseGraph && !retroPhaseGoal(v, side, true)) return -1;
    grandStart();
    const r = phaseGraph ? graphValue(BLACK, v) : searchGoal(BLACK, v);
    gpSearches += 1;
    if (solOut) return -1;
    // (the fixed points it read before they were whole: taken, and the search again)
    const took = closeNeeded();
    if (took < 0) return -1;
    if (took == 0) return (side == BLACK ? r >= v : r < v) ? 1 : 0;
  }
  return -1;
}

/** The bounds: gpLower, gpUpper (twice Black's margin; `least`, `most`: the counts' range). False
 *  when the budget or the room ran out. */
export function grandBounds(least: i32, most: i32): bool {
  gpRounds = 0; gpSearches = 0;
  suspOpen();
  if (!buildPhaseGraph()) return false;
  // at most: the least goal above 0 Black does not force, less a step
  let upper = most;
  for (let v = 2; v <= most; v += 2) {
    const r = startGoal(v);
    if (r < 0) return false;
    if (r == 0) { upper = v - 2; break; }
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

/** A line that keeps both bounds (gpLower, gpUpper) under the relaxation, passes first: each
 *  move the first after which White still cannot force below the lower bound, nor Black the
 *  upper one's next step. The referee rules it under the rules themselves (the Void on). */
export function grandLine(maxLen: i32): i32 {
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
  grandStart();
  lineFrom = 0;
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
      const keepFrom = lineFrom;
      lineFrom = from;
      let keeps: bool;
      if (ends) {
        const w = leafValue();
        keeps = w >= gpLower && w <= gpUpper;
      } else keeps = keepsBound(depth + 1, c ^ 3, WHITE, gpLower) && keepsBound(depth + 1, c ^ 3, BLACK, gpUpper + 2);
      if (solOut) { undo(depth); return; }
      if (keeps) { found = m; ended = ends; break; }
      lineFrom = keepFrom;
      undo(depth);
    }
    if (found == -99) break;
    store<i32>(SOLVE_LINE_OUT + (<usize>gpLineLen << 2), found);
    gpLineLen++;
    c ^= 3;
    if (ended) { gpLineEnd = 1; break; }
  }
}

/** After the line's move: the side does not force goal v from here (the bound holds). A goal
 *  past the counts' range holds trivially. */
function keepsBound(depth: i32, toMove: i32, side: i32, v: i32): bool {
  if (side == WHITE ? v <= thresholdValue(0) : v > thresholdValue(thresholdCount() - 2)) return true;
  setSuspensionLeaves(side, v);
  newSearchTables();
  let r: i32;
  if (phaseGraph) {
    if (!retroPhaseGoal(v, side, true)) return false;
    r = retroPhaseAt(toMove, depth, LINE_KEYS + (<usize>lineFrom << 2), depth + 1 - lineFrom) == 1 ? v : v - 1;
  } else r = searchGoal(toMove, v, depth);
  return side == WHITE ? r >= v : r < v;
}
