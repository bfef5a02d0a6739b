// The rule engine: move legality, the history a rule set needs, cycle logging and the end of
// play, driven by numeric knobs that src/rules/knobs.ts derives from a RuleSet. The referee
// (src/rules/play.ts, through game.ts's rules* calls) and the simulation (simulate.ts) both play
// through it: each repetition and end rule lives here once. Every refusal says why (R_*) and
// which earlier entry it repeats (refusedFrom); every Void and end says which clause (voidKind,
// endDetail), so the referee can cite it.
//
// One game at a time. Its history is a set of per-ply arrays (entry 0 = the start) plus a few
// open-addressed hash tables (latest index of a board, of a situation, of a whole-board position;
// creation counts; Ing's banned situations), all stamped with one generation so a new game
// clears them in O(1). Simple ko, psk and ssk are history.ts's koRefusal, over its position tables.

import { BLACK, WHITE, SUICIDE_FORBIDDEN, SUICIDE_MULTI_STONE,
  REMOVED, colorAt, chainOf, boardHash, xyOf, probe, commit, passMove, pitch, width,
  lastCaptured, lastSelfCaptured, lastNoChange, lastHashAfter, probedCaptures, probedCapStones, probedR0, probedR1,
  probedR2, probedR3, prisoners, EMPTY, sizeOf, prevHash, libsOf } from "./board";
import { sideKeyFor, passCountKey } from "./zobrist";
import { mix64 } from "./prng";
import { resetHistory, pushFor, lastPositionIndex, lastSituationIndex, historyLength, truncateHistory, koRefusal,
  historyGeneration, historyStart, restoreHistoryStart } from "./history";
import { jLen, rewind, journaling, journalFull } from "./journal";
import { SLOT_BYTES, tableFind, tablePut, tableSwap, slotFor, slotUsed, slotValue, slotSet } from "./table";

// ---- codes: refusals, the repetition and end knobs, end reasons (the shared table, codes.ts) --
import { R_OK, R_OCCUPIED, R_SUICIDE, R_KO, R_SUPERKO, R_OFF_BOARD, R_NO_CHANGE, R_HOT_STONE, R_DISTURBING, R_NO_GOING_BACK, R_COUNT, MAX_HISTORY, REP_NONE, REP_SIMPLE, REP_PSK, REP_SSK, REP_ING, REP_ZHANG, FLOW_TWO_PASSES, FLOW_ING_PAIRS, FLOW_FOUR_PASSES, FLOW_NULL_MOVES, FLOW_ZHANG_VIRTUAL, END_NONE, END_TWO_PASSES, END_FOUR_PASSES, END_NULL_MOVES, END_VIRTUAL_MOVES, END_CYCLE, END_RECORD, END_ILLEGAL, PHASE_PLAY, PHASE_PAUSED, PHASE_RESUMED, VOID_NONE, VOID_THIRD, VOID_ZHANG_LONG, HOT_TWIN_CLOSE, HOT_TWIN_EARLY, VIRTUAL_IN_A_ROW, VIRTUAL_IN_BOARD } from "./codes";
export { R_OK, R_OCCUPIED, R_SUICIDE, R_KO, R_SUPERKO, R_OFF_BOARD, R_NO_CHANGE, R_HOT_STONE, R_DISTURBING, R_NO_GOING_BACK, R_COUNT, REP_NONE, REP_SIMPLE, REP_PSK, REP_SSK, REP_ING, REP_ZHANG, FLOW_TWO_PASSES, FLOW_ING_PAIRS, FLOW_FOUR_PASSES, FLOW_NULL_MOVES, FLOW_ZHANG_VIRTUAL, END_NONE, END_TWO_PASSES, END_FOUR_PASSES, END_NULL_MOVES, END_VIRTUAL_MOVES, END_CYCLE, END_RECORD, END_ILLEGAL };


// ---- knobs ------------------------------------------------------------------------------------
export let kSuicide: i32 = SUICIDE_FORBIDDEN;
export let kRep: i32 = REP_PSK;
export let kTwinEarly: bool = false; // ing 1A.3 knob ingTwin: early
export let kVoid3: bool = false; // a situation created a third time by a stone play: Void
export let kZhangVoid: bool = false; // zhang 3.5 knob longCycles void
export let kPassesInHash: bool = false; // zhang 3.3: virtual moves enter the whole-board position
export let kEnd: i32 = FLOW_TWO_PASSES;
export let kResumeClears: bool = false; // grand 4.4

const KNOB_SLOTS: i32 = 16;
const KNOB_WORDS: i32 = 8;
const KNOBS: usize = memory.data(KNOB_SLOTS * KNOB_WORDS * 4, 16);

/** Stores a rule set's knobs in a slot (0..15). */
export function setRules(slot: i32, suicide: i32, rep: i32, twinEarly: bool, void3: bool, zhangVoid: bool,
  passesInHash: bool, end: i32, resumeClears: bool): bool {
  if (slot < 0 || slot >= KNOB_SLOTS) return false;
  const a = KNOBS + <usize>(slot * KNOB_WORDS * 4);
  store<i32>(a, suicide); store<i32>(a + 4, rep); store<i32>(a + 8, i32(twinEarly)); store<i32>(a + 12, i32(void3));
  store<i32>(a + 16, i32(zhangVoid)); store<i32>(a + 20, i32(passesInHash)); store<i32>(a + 24, end);
  store<i32>(a + 28, i32(resumeClears));
  return true;
}

/** Plays the following game under these knobs (the referee's one rule set; no slot). */
export function useKnobs(suicide: i32, rep: i32, twinEarly: bool, void3: bool, zhangVoid: bool,
  passesInHash: bool, end: i32, resumeClears: bool): void {
  kSuicide = suicide; kRep = rep; kTwinEarly = twinEarly; kVoid3 = void3; kZhangVoid = zhangVoid;
  kPassesInHash = passesInHash; kEnd = end; kResumeClears = resumeClears;
  hotKeys = false; // (the solver's relaxation only: set after this)
  virtualFree = false;
}

let koKeysAlways: bool = false;
/** Simple ko's memory in the keys (koPoint, simpleKoKey) whatever the repetition rule: the
 *  solver plays a strategy of simple ko's game out under a superko, looking positions up by the
 *  keys simple ko's game gave them. */
export function setKoKeysAlways(on: bool): void { koKeysAlways = on; }

let hotKeys: bool = false;
/** Ing's hot stones (1A.2) under simple ko, for two or more stones too, with their memory in the
 *  keys (hotStonePlaced), and that memory in the keys under Ing's 1A itself: the history-free
 *  relaxation of Ing's rules that the solver's retrograde analysis bounds them by (the solver
 *  only; simple ko alone bans the 1:1 retake). */
export function setHotStones(on: bool): void { hotKeys = on; }

let virtualFree: bool = false;
/** Zhang's virtual moves with no judged end (zhang 3.5) and no count of them: a pass never
 *  ends play, the flow remembers only that the last move was one (an abandon move may answer
 *  it). The history-free relaxation the solver bounds Zhang's rules by (the solver only). */
export function setVirtualFree(on: bool): void { virtualFree = on; }

/** The third-occurrence Void on or off from here (the solver's check of a retrograde strategy:
 *  at the start of a game, before any play, whose creations it then books). */
export function setVoid3(on: bool): void { kVoid3 = on; }

export function useRules(slot: i32): void {
  const a = KNOBS + <usize>(slot * KNOB_WORDS * 4);
  kSuicide = load<i32>(a); kRep = load<i32>(a + 4); kTwinEarly = load<i32>(a + 8) != 0;
  kVoid3 = load<i32>(a + 12) != 0; kZhangVoid = load<i32>(a + 16) != 0; kPassesInHash = load<i32>(a + 20) != 0;
  kEnd = load<i32>(a + 24); kResumeClears = load<i32>(a + 28) != 0;
  hotKeys = false; virtualFree = false;
}

// ---- hash tables: latest index (or a count) per 64-bit key ------------------------------------
const TCAP: i32 = 1 << 16; // a load of at most 1/4 for the longest record (MAX_HISTORY plies)
const T_BOARD: i32 = 0; // board hash -> latest index (the referee's `boards`)
// situation -> its latest entry, passes included (ing 1A), and its creations by the start and
// stone plays (the third-occurrence Void), in one value: entry | creations << SIT_CREATIONS (an
// entry is below 2^15), so that one probe per entry books both (bookSituation)
const T_SIT: i32 = 1;
const SIT_ENTRY: i32 = 0xffff;
const SIT_CREATIONS: i32 = 16;
const T_BAN_B: i32 = 2; // situations Black may not create again (ing 1A.4)
const T_BAN_W: i32 = 3;
const T_ZHANG: i32 = 4; // whole-board position -> latest index (zhang 3.4)
const T_VIRT: i32 = 5; // board hash -> virtual moves made in that board position (zhang 3.5)
const T_COUNT: i32 = 6;
const TABLES: usize = memory.data(T_COUNT * TCAP * SLOT_BYTES, 16);
let tgen: u32 = 0;
let tmask: i32 = TCAP - 1;
// the tables lie side by side at the game's size (a game of 9x9 uses 16 KB of each): spaced by
// their largest size they fell on the same cache sets, and a play's probes missed each other
let tstride: usize = <usize>(TCAP * SLOT_BYTES);

// (table.ts: one 16-byte slot per key, journaled writes)
@inline function tBase(t: i32): usize { return TABLES + <usize>t * tstride; }
@inline function tFind(t: i32, h: u64): i32 { return tableFind(tBase(t), tmask, tgen, h); }
/** Sets key h to v; with `add`, adds v to its value instead. Returns the new value. */
@inline function tPut(t: i32, h: u64, v: i32, add: bool): i32 { return tablePut(tBase(t), tmask, tgen, h, v, add); }
/** Sets key h to v; returns its value before, -1 if none. */
@inline function tSwap(t: i32, h: u64, v: i32): i32 { return tableSwap(tBase(t), tmask, tgen, h, v); }

function tablesReset(maxPlies: i32): void {
  let bits = 6;
  while ((1 << bits) < 4 * (maxPlies + 1) && (1 << bits) < TCAP) bits++;
  tmask = (1 << bits) - 1;
  tstride = <usize>(tmask + 1) * <usize>SLOT_BYTES;
  tgen++;
  if (tgen == 0) {
    memory.fill(TABLES, 0, <usize>(T_COUNT * TCAP * SLOT_BYTES));
    tgen = 1;
  }
}

// ---- the game's history: one entry per ply, entry 0 the start ---------------------------------
export const MAX_PLY: i32 = MAX_HISTORY + 2; // the start, the longest record, and room for its end
// one entry = 32 bytes in a row: i32 mailbox point (-1 pass, -2 the start), u8 colour, u8 the
// board did not change, i32 opponent stones captured, i32 own stones removed (suicide), i32
// offset into CAPLOG, u64 situation hash after the entry
const PLY: usize = memory.data(MAX_PLY * 32, 16);
@inline function plyAt(t: i32): usize { return PLY + (<usize>t << 5); }
const CAPLOG_CAP: i32 = 1 << 17;
const CAPLOG: usize = memory.data(CAPLOG_CAP * 2, 16); // u16 mailbox points: captures, then own stones

@inline function ptAt(t: i32): i32 { return load<i32>(plyAt(t)); }
@inline function colAt(t: i32): i32 { return <i32>load<u8>(plyAt(t) + 4); }
@inline function nochAt(t: i32): bool { return load<u8>(plyAt(t) + 5) != 0; }
@inline function ncapAt(t: i32): i32 { return load<i32>(plyAt(t) + 8); }
@inline function nselfAt(t: i32): i32 { return load<i32>(plyAt(t) + 12); }
@inline function capAt(t: i32): i32 { return load<i32>(plyAt(t) + 16); }
@inline function sitAt(t: i32): u64 { return load<u64>(plyAt(t) + 24); }
/** Writes entry t (its situation hash apart). */
@inline function setPly(t: i32, p: i32, c: i32, noChange: bool, nCap: i32, nSelf: i32, capOffset: i32): void {
  const a = plyAt(t);
  store<i32>(a, p); store<u8>(a + 4, <u8>c); store<u8>(a + 5, <u8>i32(noChange));
  store<i32>(a + 8, nCap); store<i32>(a + 12, nSelf); store<i32>(a + 16, capOffset);
}
@inline function setSit(t: i32, S: u64): void { store<u64>(plyAt(t) + 24, S); }
@inline function caplog(i: i32): i32 { return <i32>load<u16>(CAPLOG + (<usize>i << 1)); }

// ---- game state -----------------------------------------------------------------------------
export let plies: i32 = 0; // entries after the start
export let stonePlays: i32 = 0;
export let stonePlaysB: i32 = 0;
let capUsed: i32 = 0;
let capOverflow: bool = false;
export let passesB: i32 = 0;
export let passesW: i32 = 0;
export let gamePhaseB: i32 = 0; // stone plays before the first pause (grand 4.5)
export let gamePhaseW: i32 = 0;
let virtB: i32 = 0; // zhang 3.3: virtual moves made by each side
let virtW: i32 = 0;
let virtKey: u64 = 0;
export let ended: i32 = END_NONE;
export let endAt: i32 = 0;
export let voided: bool = false;
export let illegalReason: i32 = 0;
let pendingVoid: bool = false; // zhang 3.5 knob: the checked play closes a long cycle
// zhang: the whole-board position the last checked play makes, and its slot in T_ZHANG (0: none).
// recordPlay books that play there without a second probe: the play it books is always the one
// checked last (tryMove, allowed), and nothing writes T_ZHANG between the two.
let zKey: u64 = 0;
let zSlot: usize = 0;
let hasLoop: bool = false; // the latest board recurrence logged, to log a repeating loop once
let loopS: i32 = 0;
let loopT: i32 = 0;
export let ingCycles: i32 = 0; // cycles that banned their initiator (ing 1A.4), this game

// What a search's table key needs of the history (solve.ts), kept for the solver only: the set
// the superko rule reads (psk: the boards, ssk: the situations, since the start or the last
// resumption), and the rest the repetition rule reads: Zhang's whole-board positions and virtual
// moves per board, the creations of each situation (the third-occurrence Void), and under Ing's
// 1A, whose cycles read the entries between two occurrences, the line itself. Sets and counts are
// XORed in order-free, so two lines that leave the same sets behind have the same digest.
let dSet: u64 = 0;
let dOther: u64 = 0;
/** The digest is kept for the solver only (solve.ts sets it after rulesStart, which clears it):
 *  the prover's searches journal too, and need none of it. */
export let keepDigest: bool = false;
export function setKeepDigest(on: bool): void { keepDigest = on; }
// Zhang's whole-board positions since the last virtual move, by their situations: the virtual
// moves only grow, so a position booked before it (fewer virtual moves) never comes back
let dZhang: u64 = 0;
/** A (key, count) pair's term, mixed (prng.ts mix64) so that terms do not cancel by accident;
 *  count 0 is no term. */
@inline function countTerm(h: u64, n: i32, salt: u64): u64 { return n == 0 ? 0 : mix64(h ^ salt ^ (<u64>n << 56)); }
const SALT_SET: u64 = 0x5bd1e9955bd1e995;
const SALT_ZHANG: u64 = 0x27d4eb2f165667c5;
const SALT_VIRT: u64 = 0x85ebca6b0c2b2ae3;
const SALT_SIT: u64 = 0xc2b2ae3d27d4eb4f;
const SALT_KO: u64 = 0x165667b19e3779f9;
const SALT_HOT: u64 = 0x94d049bb133111eb;
/** The digest of the history as the rule set reads it (0 where it reads none). */
export function historyDigest(): u64 { return dSet ^ dOther ^ dZhang; }
/** Simple ko's forbidden point (mailbox), -1 for none: the point of the one stone the last play
 *  captured, where retaking would capture the lone stone that played, whose one liberty it is.
 *  No other play can bring back the position before the last one (history.ts koRefusal), so the
 *  point holds all that simple ko remembers. */
export function koPoint(): i32 {
  if ((kRep != REP_SIMPLE && !koKeysAlways) || plies < 1) return -1;
  const p = ptAt(plies);
  if (p <= 0 || ncapAt(plies) != 1 || nselfAt(plies) != 0 || sizeOf(chainOf(p)) != 1) return -1;
  const q = caplog(capAt(plies));
  const libs = i32(colorAt(p - 1) == EMPTY) + i32(colorAt(p + 1) == EMPTY) + i32(colorAt(p - pitch) == EMPTY) + i32(colorAt(p + pitch) == EMPTY);
  return libs == 1 && colorAt(q) == EMPTY ? q : -1;
}
/** Simple ko's memory after a lone stone's suicide, the one kind a class under the board's
 *  symmetries must hold beside koPoint: the other side may not answer with a lone suicide of its
 *  own (it brings back the position before). After a larger suicide no one move can bring the
 *  position before back (the other side cannot put the mover's stones back). */
export function loneSuicideLast(): bool {
  return (kRep == REP_SIMPLE || koKeysAlways) && plies >= 1 && ptAt(plies) > 0 && nselfAt(plies) == 1;
}
/** Where the last play captured two or more stones (hotKeys): the stone it placed, which ing
 *  1A.2 forbids taking back at once with as many stones (the rest of a key's memory: koPoint
 *  covers one stone); -1 for none, and -1 where its chain has two liberties or more (no one play
 *  takes it back, and only the next play reads the memory). Its count is hotStoneCount(). */
export function hotStonePlaced(): i32 {
  if (!hotKeys || plies < 1) return -1;
  const p = ptAt(plies);
  return p > 0 && ncapAt(plies) >= 2 && libsOf(chainOf(p)) == 1 ? p : -1;
}
export function hotStoneCount(): i32 { return plies >= 1 ? ncapAt(plies) : 0; }
/** Simple ko's memory as a key term (0: none). After a suicide (a custom rule set's: the presets
 *  with simple ko forbid it) the position before it is kept whole: koPoint does not cover it. */
export function simpleKoKey(): u64 {
  if ((kRep == REP_SIMPLE || koKeysAlways) && plies >= 1 && ptAt(plies) > 0 && nselfAt(plies) > 0) return mix64(prevHash() ^ SALT_KO);
  const q = koPoint();
  const h = hotStonePlaced();
  return (q < 0 ? 0 : mix64(<u64>q ^ SALT_KO)) ^ (h < 0 ? 0 : mix64(<u64>h ^ <u64>hotStoneCount() << 32 ^ SALT_HOT));
}
/** The flow of play as the end rules read it: passes in a row, the phase, a pending null move,
 *  abandon moves in a row. (Zhang's virtual moves so far matter only through the positions
 *  booked since the last one: historyDigest.) */
export function flowKey(): u64 {
  // (Zhang's virtual moves in a row matter only as "the last move was one", which an abandon
  // move may answer: four in a row are four in one board position, which the digest counts)
  const cons = kEnd == FLOW_ZHANG_VIRTUAL ? min(fCons, 1) : fCons;
  // (ing 1.5's pairs: once play has paused, the next two passes end it, whether play has resumed
  // since or not; nothing else reads the difference unless a resumption clears the history)
  const phase = kEnd == FLOW_ING_PAIRS && !kResumeClears && fPhase == PHASE_PAUSED ? PHASE_RESUMED : fPhase;
  return mix64(<u64>(cons | phase << 4 | fLastNull << 8 | fAbandons << 12 | 1 << 20));
}

// What the referee cites, read after each call: the entry a refusal repeats, the case of a hot
// stone, the cycle Ing's 1A.4 just closed, what voided the game and how play ended.
export let refusedFrom: i32 = -1; // the earlier entry whose position the refused play repeats
export let hotStones: i32 = 0; // R_HOT_STONE: HOT_TWIN_CLOSE, HOT_TWIN_EARLY, or k stones retaken (1A.2)
export let ingCycleAt: i32 = -1; // the entry that closed a cycle (1A.4), where it began, its initiator
export let ingCycleFrom: i32 = -1;
export let ingInitiator: i32 = 0;
export let voidKind: i32 = VOID_NONE;
export let voidFrom: i32 = -1; // VOID_ZHANG_LONG: the entry the cycle began after
export let endDetail: i32 = 0; // END_VIRTUAL_MOVES: VIRTUAL_IN_A_ROW or VIRTUAL_IN_BOARD
export let recurFrom: i32 = -1; // the board after this play last stood after entry recurFrom (-1: new)
export let recurReport: bool = false; // ... and that recurrence starts a loop (or voids): report it
let histBase: i32 = 0; // entries before history.ts's entry 0 (grand 4.4 restarts it)
let boardBehind: bool = false; // psk: the board table lacks the entries booked in history's (bookPosition)

// the flow of play: passes, pauses and the end
export let fPhase: i32 = PHASE_PLAY;
export let fCons: i32 = 0; // consecutive passes
export let fLastNull: i32 = 0; // new-ing 2.4: colour of the pending null move, 0 none
export let fAbandons: i32 = 0; // zhang 3.1: abandon moves in a row
export let fRequester: i32 = 0; // new-ing: who asked to end

// ---- cycle events (board recurrences), read by src/simulate per batch ---------------------------
// One event, u16 words: [gameLo, gameHi, s, t, flags(1 = the play voids the game),
//   then for each entry s+1..t: point (y*width+x, 0xFFFF pass), colour | noChange << 4, nCap, nSelf,
//   the captured points, the own points removed]
export const EV_WORDS: i32 = 1 << 19;
export const EVENTS_OUT: usize = memory.data(EV_WORDS * 2, 16);
export let evLen: i32 = 0;
export let evCount: i32 = 0;
export let evDropped: i32 = 0;
export let logEvents: bool = true;
let gameIndex: i32 = 0;
export let gameEvents: i32 = 0;
export let trivialApart: bool = false; // count trivial pass cycles instead of logging them (logCycle)
export let trivialCycles: i32 = 0; // trivial pass cycles this game, counted apart (logCycle)
export let firstTrivialAt: i32 = 0; // the entry that closed the first of them


function logCycle(s: i32, t: i32, voidNow: bool): void {
  if (!logEvents) return;
  // a trivial pass cycle (src/rules/cycles.ts isTrivialPassCycle: a pass or a null move repeats
  // the board just before it) is counted, not logged: a simulation under New Ing or Zhang has
  // one or two per game, and naming each in TypeScript cost more than the game's count
  if (trivialApart && t - s == 1 && nochAt(t) && !voidNow) {
    if (trivialCycles == 0) firstTrivialAt = t;
    trivialCycles++;
    return;
  }
  if (capOverflow) { evDropped++; return; }
  let need = 5;
  for (let k = s + 1; k <= t; k++) need += 4 + ncapAt(k) + nselfAt(k);
  if (evLen + need > EV_WORDS) { evDropped++; return; }
  let o = EVENTS_OUT + (<usize>evLen << 1);
  store<u16>(o, <u16>(gameIndex & 0xffff)); store<u16>(o + 2, <u16>(gameIndex >>> 16));
  store<u16>(o + 4, <u16>s); store<u16>(o + 6, <u16>t); store<u16>(o + 8, <u16>i32(voidNow));
  o += 10;
  for (let k = s + 1; k <= t; k++) {
    const p = ptAt(k);
    const nc = ncapAt(k), ns = nselfAt(k);
    store<u16>(o, <u16>(p > 0 ? xyOf(p) : 0xffff));
    store<u16>(o + 2, <u16>(colAt(k) | (i32(nochAt(k)) << 4)));
    store<u16>(o + 4, <u16>nc);
    store<u16>(o + 6, <u16>ns);
    o += 8;
    const from = capAt(k);
    for (let j = 0; j < nc + ns; j++) {
      store<u16>(o, <u16>xyOf(caplog(from + j)));
      o += 2;
    }
  }
  evLen += need;
  evCount++;
  gameEvents++;
}

/** The probed play captures the stone at q. */
@inline function probeCaptures(q: i32, opp: i32): bool {
  if (q <= 0 || colorAt(q) != opp) return false;
  const r = chainOf(q);
  return r == probedR0 || r == probedR1 || r == probedR2 || r == probedR3;
}

// ---- the repetition rules ---------------------------------------------------------------------
/** ing 1A.2: the probed capture by c takes back at once, with as many stones, the stone the
 *  opponent's capture just placed: a single (1:1) or double (2:2) hot stone. */
@inline function hotRetake(c: i32): bool {
  const t = plies;
  const last = ptAt(t);
  return last > 0 && colAt(t) != c && ncapAt(t) > 0 && probeCaptures(last, c ^ 3) && probedCapStones == ncapAt(t);
}

/** ing 1A.2-1A.4 for the probed play by c creating situation S. */
function ingCheck(c: i32, S: u64): i32 {
  const t = plies;
  const opp = c ^ 3;
  if (probedCaptures()) {
    if (hotRetake(c)) { refusedFrom = t - 1; hotStones = probedCapStones; return R_HOT_STONE; }
    // 1A.3 close: the capture that would close a pass-free cycle of captures (twin hot stones)
    let t0 = t;
    while (t0 >= 1 && ptAt(t0) > 0 && ncapAt(t0) > 0) t0--;
    for (let s = t - 1; s >= t0; s--) {
      if (sitAt(s) == S) { refusedFrom = s; hotStones = HOT_TWIN_CLOSE; return R_HOT_STONE; }
    }
    // 1A.3 early: taking the stone placed by the opponent's last capture but one
    if (kTwinEarly && t >= 3) {
      const a = t - 2;
      if (ptAt(a) > 0 && ncapAt(a) > 0 && ptAt(t - 1) > 0 && ncapAt(t - 1) > 0 && ptAt(t) > 0 && ncapAt(t) > 0 &&
        colAt(a) != c && probeCaptures(ptAt(a), opp)) { refusedFrom = a; hotStones = HOT_TWIN_EARLY; return R_HOT_STONE; }
    }
  }
  // 1A.4: the initiator of a completed cycle may not go round it again
  if (ingCycles > 0 && tFind(c == BLACK ? T_BAN_B : T_BAN_W, S) >= 0) {
    const v = tFind(T_SIT, S);
    refusedFrom = v >= 0 ? v & SIT_ENTRY : -1;
    return R_DISTURBING;
  }
  return R_OK;
}

/** Books the situation after entry t (`created`: the entry is a stone play, which creates it):
 *  its latest entry and its creations; returns its creations so far (the third-occurrence
 *  Void). Under ing 1A a situation recurring closes a cycle, whose initiator is banned from
 *  re-creating the situations his own stone plays created in it. (Inlined: after most entries
 *  the situation is new.) */
@inline function bookSituation(t: i32, created: bool): i32 {
  const S = sitAt(t);
  const e = slotFor(tBase(T_SIT), tmask, tgen, S);
  const old = slotUsed(e, tgen) ? slotValue(e) : -1;
  const before = old < 0 ? 0 : old >>> SIT_CREATIONS;
  const creations = before + i32(created);
  slotSet(e, tgen, S, t | (creations << SIT_CREATIONS));
  if (keepDigest && created && kRep != REP_ING) dOther ^= countTerm(S, before, SALT_SIT) ^ countTerm(S, creations, SALT_SIT);
  if (kRep == REP_ING && old >= 0) ingCycleClosed(old & SIT_ENTRY, t);
  return creations;
}

/** ing 1A.4: the situation after entry t stood after entry s: the cycle s+1..t is complete. */
function ingCycleClosed(s: i32, t: i32): void {
  let initiator = 0;
  for (let k = s + 1; k <= t; k++) if (ptAt(k) > 0) { initiator = colAt(k); break; }
  if (initiator == 0) return;
  const ban = initiator == BLACK ? T_BAN_B : T_BAN_W;
  for (let k = s + 1; k <= t; k++) if (ptAt(k) > 0 && colAt(k) == initiator) tPut(ban, sitAt(k), 1, false);
  ingCycles++;
  ingCycleAt = t; ingCycleFrom = s; ingInitiator = initiator;
}

/** zhang 3.5 knob: the cycle s+1..t plus the probed play p by c is a basic ko (as classifyCycle
 *  names it: no passes, no suicide, every capture takes one stone, all at one ko site). */
function zhangBasicKo(s: i32, p: i32, c: i32): bool {
  const taken = probedCaptures() ? probedCapStones : 0;
  if (taken > 1) return false; // a capture of several stones
  let siteA = -1, siteB = -1;
  let caps = 0;
  for (let k = s + 1; k <= plies; k++) {
    const q = ptAt(k);
    if (q < 0) return false; // a pass: pass-cycle or molasses, not a basic ko
    if (nselfAt(k) > 0) return false; // suicide-cycle
    const n = ncapAt(k);
    if (n == 0) continue; // a play that captures nothing
    if (n != 1) return false;
    const x = caplog(capAt(k));
    const lo = min(q, x), hi = max(q, x);
    if (siteA < 0) { siteA = lo; siteB = hi; } else if (lo != siteA || hi != siteB) return false;
    caps++;
  }
  if (taken == 1) {
    const opp = c ^ 3;
    let x = probedR0 | probedR1 | probedR2 | probedR3; // the one captured single stone is its own representative
    if (colorAt(x) != opp) return false;
    const lo = min(p, x), hi = max(p, x);
    if (siteA < 0) { siteA = lo; siteB = hi; } else if (lo != siteA || hi != siteB) return false;
    caps++;
  }
  return caps > 0;
}

/** R_OK, or why rule set's repetition rule refuses the probed play p by c. */
@inline function repetitionCheck(p: i32, c: i32): i32 {
  const S = lastHashAfter ^ sideKeyFor(c ^ 3);
  // ing: a play that captures nothing, before any cycle has banned anyone, is never refused
  if (kRep == REP_ING) return !probedCaptures() && ingCycles == 0 ? R_OK : ingCheck(c, S);
  if (kRep == REP_ZHANG) {
    pendingVoid = false;
    const k = S ^ virtKey;
    const e = slotFor(tBase(T_ZHANG), tmask, tgen, k);
    zKey = k; zSlot = e;
    if (!slotUsed(e, tgen)) return R_OK;
    const s = slotValue(e);
    if (kZhangVoid && !zhangBasicKo(s, p, c)) { pendingVoid = true; voidFrom = s; return R_OK; }
    refusedFrom = s;
    return R_NO_GOING_BACK;
  }
  return R_OK;
}

/** Whether the rule set allows p for c: R_OK (the play is probed; playAllowed makes it) or why
 *  it is refused. `free`: no repetition rule binds the mover (an eye region's attacker in a
 *  search, which has every ko threat of the rest of the board). Inlined into the simulation's
 *  candidate loop, where a call per candidate cost a few per cent of a game. */
@inline export function allowed(p: i32, c: i32, free: bool = false): i32 {
  let r = probe(p, c, kSuicide);
  if (r == R_SUICIDE && kSuicide == SUICIDE_MULTI_STONE) return R_NO_CHANGE; // ing 1.3 變窮
  if (r != R_OK) return r;
  pendingVoid = false;
  zSlot = 0; // (a free play is not checked: recordPlay probes for it)
  if (!free) {
    if (kRep <= REP_SSK) {
      // simple ko, psk and ssk over the core's position history (history.ts)
      r = koRefusal(kRep, c);
      // (the solver's relaxation of Ing's rules: its hot stones of two or more stones too)
      if (r == R_OK && hotKeys && kRep == REP_SIMPLE && probedCaptures() && hotRetake(c)) r = R_HOT_STONE;
      if (r == R_KO) refusedFrom = plies - 1; // (refusedFrom is read by the referee only: it resets it)
      else if (r == R_SUPERKO) {
        const h = lastHashAfter;
        const s = kRep == REP_PSK ? lastPositionIndex(h) : lastSituationIndex(h ^ sideKeyFor(c ^ 3));
        refusedFrom = s >= 0 ? s + histBase : -1;
      }
    } else r = repetitionCheck(p, c);
    if (r != R_OK) return r;
  }
  return R_OK;
}

/** Makes the play that `allowed` just accepted, in a game that takes no move back (the
 *  simulation; a search keeps the board's journal and plays through tryMove). */
@inline export function playAllowed(p: i32, c: i32): void { commit(p, c, false); }

/** Tries p for c under the rule set: R_OK (the play is made on the board; call recordPlay) or
 *  the reason it is refused (nothing changed). */
export function tryMove(p: i32, c: i32, free: bool = false): i32 {
  const r = allowed(p, c, free);
  if (r == R_OK) commit(p, c, journaling); // (a search takes the move back by the board's journal)
  return r;
}

// ---- passes, pauses and the end ------------------------------------------------------------------
function endWith(reason: i32): void {
  ended = reason;
  endAt = plies;
}

function flowNull(c: i32): void {
  // new-ing 2.4: a null move asks to end; a null move in reply agrees
  if (fLastNull != 0 && fLastNull != c) {
    fRequester = fLastNull;
    endWith(END_NULL_MOVES);
    return;
  }
  fLastNull = c;
}

function pauseFlow(resetCount: bool): void {
  fPhase = PHASE_PAUSED;
  if (resetCount) fCons = 0;
}

function flowPass(c: i32, abandon: bool): void {
  fCons++;
  if (kEnd == FLOW_NULL_MOVES) { flowNull(c); return; }
  if (kEnd == FLOW_ZHANG_VIRTUAL) {
    if (abandon) {
      // zhang 3.1: two abandon moves in a row end play by agreement
      fAbandons++;
      if (fAbandons >= 2) endWith(END_TWO_PASSES);
      return;
    }
    fAbandons = 0;
    if (virtualFree) { fCons = 1; return; }
    // zhang 3.5: four consecutive virtual moves, or four in total made in one board position
    const inBoard = tPut(T_VIRT, boardHash(), 1, true);
    if (keepDigest) dOther ^= countTerm(boardHash(), inBoard - 1, SALT_VIRT) ^ countTerm(boardHash(), inBoard, SALT_VIRT);
    if (fCons >= 4 || inBoard >= 4) {
      endDetail = fCons >= 4 ? VIRTUAL_IN_A_ROW : VIRTUAL_IN_BOARD;
      endWith(END_VIRTUAL_MOVES);
    }
    return;
  }
  if (kEnd == FLOW_FOUR_PASSES) {
    // ing 1.5 術語18: any two consecutive passes pause play
    if (fCons == 2) { pauseFlow(false); return; }
    if (fCons >= 4) endWith(END_FOUR_PASSES);
    return;
  }
  if (kEnd == FLOW_ING_PAIRS) {
    // ing 1.5: the first two passes pause play, the next two end it
    if (fCons == 2) {
      if (fPhase == PHASE_PLAY) pauseFlow(true);
      else endWith(END_FOUR_PASSES);
    }
    return;
  }
  if (fCons == 2) {
    if (kResumeClears) pauseFlow(true); // grand 4.4: two passes suspend play
    else endWith(END_TWO_PASSES);
  }
}

function flowPlay(c: i32, noChange: bool): void {
  if (kEnd == FLOW_NULL_MOVES && noChange) { flowNull(c); return; }
  fCons = 0;
  fLastNull = 0;
  fAbandons = 0;
  if (fPhase == PHASE_PAUSED) fPhase = PHASE_RESUMED;
}

// ---- a game ---------------------------------------------------------------------------------
export let maxPlies: i32 = 0;

/** Starts a game on the current board (empty, or a setup), `toMove` first. */
export function gameStart(cap: i32, toMove: i32): void {
  maxPlies = min(cap, MAX_PLY - 2);
  const P = boardHash();
  const S = P ^ sideKeyFor(toMove);
  resetHistory(P, S, maxPlies);
  tablesReset(maxPlies);
  plies = 0; stonePlays = 0; stonePlaysB = 0; capUsed = 0; capOverflow = false;
  passesB = 0; passesW = 0; gamePhaseB = 0; gamePhaseW = 0;
  virtB = 0; virtW = 0; virtKey = 0;
  ended = END_NONE; endAt = 0; voided = false; illegalReason = 0; pendingVoid = false;
  hasLoop = false; loopS = 0; loopT = 0; ingCycles = 0; gameEvents = 0; trivialCycles = 0; firstTrivialAt = 0;
  refusedFrom = -1; hotStones = 0; ingCycleAt = -1; ingCycleFrom = -1; ingInitiator = 0;
  voidKind = VOID_NONE; voidFrom = -1; endDetail = 0; histBase = 0; boardBehind = false; recurFrom = -1; recurReport = false;
  fPhase = PHASE_PLAY; fCons = 0; fLastNull = 0; fAbandons = 0; fRequester = 0;
  setPly(0, -2, 0, false, 0, 0, 0);
  setSit(0, S);
  tPut(T_BOARD, P, 0, false);
  tPut(T_SIT, S, 1 << SIT_CREATIONS, false); // entry 0, its situation's first creation
  tPut(T_ZHANG, S, 0, false);
  dSet = setStart(P, S);
  dOther = kRep == REP_ING ? mix64(S ^ SALT_SIT) : kVoid3 ? countTerm(S, 1, SALT_SIT) : 0;
  dZhang = kRep == REP_ZHANG ? countTerm(S, 1, SALT_ZHANG) : 0;
}

/** The superko set's digest when history.ts starts again from board P, situation S. */
@inline function setStart(P: u64, S: u64): u64 {
  return kRep == REP_PSK ? countTerm(P, 1, SALT_SET) : kRep == REP_SSK ? countTerm(S, 1, SALT_SET) : 0;
}

export function setGameIndex(g: i32): void { gameIndex = g; }

/** Before c's move: on resuming after a suspension the history starts again (grand 4.4). */
@inline export function beforeMove(c: i32): void {
  if (fPhase == PHASE_PAUSED && kResumeClears) {
    const P = boardHash();
    resetHistory(P, P ^ sideKeyFor(c), maxPlies);
    histBase = plies;
    if (keepDigest) dSet = setStart(P, P ^ sideKeyFor(c));
  }
}

/** Books the position after entry t (board P, situation S): in history.ts's one table that the
 *  repetition rule reads (psk, ssk), and, outside a search, in the board table whose recurrences
 *  are reported. Returns the entry after which board P last stood (-1: new, or in a search). */
function bookPosition(P: u64, S: u64, t: i32): i32 {
  if (kRep == REP_PSK || kRep == REP_SSK) {
    // (a board or situation new to the set enters the digest: the solver's games only)
    if (keepDigest) {
      const h = kRep == REP_PSK ? P : S;
      if ((kRep == REP_PSK ? lastPositionIndex(h) : lastSituationIndex(h)) < 0) dSet ^= countTerm(h, 1, SALT_SET);
    }
    const s = pushFor(kRep, P, S);
    // psk until the history first restarts (grand 4.4): history's board table is the board table
    if (kRep == REP_PSK && histBase == 0) {
      if (journaling) return -1;
      boardBehind = true;
      return s;
    }
  }
  if (journaling) return -1;
  if (boardBehind) catchUpBoards(t);
  return tSwap(T_BOARD, P, t);
}

/** The board table takes over entries 1..t-1, which psk booked in history's table only. */
function catchUpBoards(t: i32): void {
  // entry k's board: its situation without the player to move after it
  for (let k = 1; k < t; k++) tPut(T_BOARD, sitAt(k) ^ sideKeyFor(colAt(k) ^ 3), k, false);
  boardBehind = false;
}

/** Books the play p by c that tryMove just made: history, repetition rules, cycles, the end. */
export function recordPlay(p: i32, c: i32): void {
  if (journaling) snapshot();
  const opp = c ^ 3;
  const t = ++plies;
  const nc = lastCaptured, ns = lastSelfCaptured;
  setPly(t, p, c, lastNoChange, nc, ns, capUsed);
  if (capUsed + nc + ns <= CAPLOG_CAP) {
    for (let j = 0; j < nc + ns; j++) store<u16>(CAPLOG + (<usize>(capUsed + j) << 1), load<u16>(REMOVED + (<usize>j << 1)));
    capUsed += nc + ns;
  } else capOverflow = true;
  const P = boardHash();
  const S = P ^ sideKeyFor(opp);
  setSit(t, S);
  const seen = bookPosition(P, S, t);
  if (keepDigest && kRep == REP_ING) dOther = mix64(dOther ^ S ^ <u64>p << 48);
  stonePlays++;
  if (c == BLACK) stonePlaysB++;
  if (fPhase == PHASE_PLAY) { if (c == BLACK) gamePhaseB++; else gamePhaseW++; }
  const creations = kRep == REP_ING || kVoid3 ? bookSituation(t, true) : 0;
  let voidNow = false;
  if (kRep == REP_ZHANG) {
    const k = S ^ virtKey;
    if (keepDigest && tFind(T_ZHANG, k) < 0) dZhang ^= countTerm(S, 1, SALT_ZHANG);
    if (zSlot != 0 && zKey == k) slotSet(zSlot, tgen, k, t);
    else tPut(T_ZHANG, k, t, false);
    zSlot = 0;
    if (pendingVoid) { voidNow = true; voidKind = VOID_ZHANG_LONG; }
    pendingVoid = false;
  }
  if (kVoid3 && creations >= 3) { voidNow = true; voidKind = VOID_THIRD; }
  // the board recurring (any side to move), reported once per loop (to the referee and the
  // simulations: a search, journaled, rules by the repetition rules alone and reports nothing)
  recurReport = false;
  if (!journaling) {
    const s = seen;
    recurFrom = s;
    if (s >= 0) {
      const continuing = hasLoop && s == loopS + (t - loopT);
      if (!continuing || voidNow) { recurReport = true; logCycle(s, t, voidNow); }
      hasLoop = true; loopS = s; loopT = t;
    }
  }
  if (voidNow) {
    voided = true;
    endWith(END_CYCLE);
    return;
  }
  flowPlay(c, lastNoChange);
}

/** A pass by c; `abandon` marks Zhang's abandon moves (not in the whole-board position). */
export function recordPass(c: i32, abandon: bool): void {
  if (journaling) snapshot();
  passMove();
  const t = ++plies;
  setPly(t, -1, c, true, 0, 0, capUsed);
  if (c == BLACK) passesB++; else passesW++;
  if (kPassesInHash && !abandon) {
    if (c == BLACK) virtB++; else virtW++;
    virtKey = passCountKey(BLACK, virtB) ^ passCountKey(WHITE, virtW);
    dZhang = 0;
  }
  const P = boardHash();
  const S = P ^ sideKeyFor(c ^ 3);
  setSit(t, S);
  bookPosition(P, S, t); // the board stands again: its latest occurrence gives the shortest cycle
  if (kRep == REP_ING || kVoid3) bookSituation(t, false);
  if (kRep == REP_ZHANG && !abandon) {
    if (keepDigest && tFind(T_ZHANG, S ^ virtKey) < 0) dZhang ^= countTerm(S, 1, SALT_ZHANG);
    tPut(T_ZHANG, S ^ virtKey, t, false);
  }
  if (keepDigest && kRep == REP_ING) dOther = mix64(dOther ^ <u64>(t << 1 | c) ^ SALT_VIRT);
  flowPass(c, abandon);
}

/** The record stops without an end of play (the move cap, or the end of a replayed record). */
export function recordEnds(): void {
  endWith(END_RECORD);
}

/** After a pause in a flow whose passes cannot end play (grand: two passes suspend, never end),
 *  a player with no move lets the game end by agreement. */
export function stuckAtPause(): bool {
  return kEnd == FLOW_TWO_PASSES && kResumeClears && fPhase == PHASE_PAUSED && fCons == 0;
}

/** Zhang's last two passes are abandon moves (zhang 3.1, as the referee reads a record): in a
 *  simulated game a pass answering a pass ends play, both read as abandon moves. */
export function passEndsAsAbandon(): bool {
  return kEnd == FLOW_ZHANG_VIRTUAL && fCons >= 1;
}

/** The pass by c that answers a pass: both are abandon moves and play ends (zhang 3.1). */
export function recordFinalAbandon(c: i32): void {
  fAbandons = 1; // the pass before, read as an abandon move
  recordPass(c, true);
}

/** The situation after the latest entry (the start's before any). */
export function situationNow(): u64 { return sitAt(plies); }
/** What the rule set's repetition rule compares for the current position: the board (positional
 *  superko, Ing's cycles), the board and the player to move (situational superko, and the void
 *  at a situation's third occurrence), those and the virtual moves (Zhang's whole-board
 *  position); 0 where only the last move is looked back on (simple ko, no ko rule, no void). */
export function repetitionKey(): u64 {
  if (kRep == REP_PSK || kRep == REP_ING) return boardHash();
  if (kRep == REP_SSK) return sitAt(plies);
  if (kRep == REP_ZHANG) return sitAt(plies) ^ virtKey;
  // a cycle voided at a situation's third occurrence counts situations along the whole path
  if (kVoid3) return sitAt(plies);
  return 0;
}
export function pausedNow(): bool { return fPhase == PHASE_PAUSED; }
/** Zhang's virtual moves made so far in the current board position (3.5: the fourth ends play). */
export function virtualMovesHere(): i32 { return max(tFind(T_VIRT, boardHash()), 0); }
export function lastPlyPoint(): i32 { return plies >= 1 ? ptAt(plies) : -2; }
export function plyPoint(t: i32): i32 { return ptAt(t); }
export function blackPrisoners(): i32 { return prisoners(BLACK); }
export function whitePrisoners(): i32 { return prisoners(WHITE); }

export function resetEvents(): void { evLen = 0; evCount = 0; evDropped = 0; }

/** A replayed record's move n is refused for reason r: the replay stops (referee: illegal-move). */
export function recordIllegal(r: i32, n: i32): void {
  illegalReason = r;
  ended = END_ILLEGAL;
  endAt = n;
}

// ---- taking an entry back (searches; journaling on) -------------------------------------------
// Before each entry the game's scalars are kept per ply; the tables come back by the journal,
// history.ts by its length. The board is the caller's (a search restores its own saved slot).
const SNAP_WORDS: i32 = 44;
export const SNAP_PLIES: i32 = 1024;
const SNAP: usize = memory.data(SNAP_PLIES * SNAP_WORDS * 4, 16);

/** Room for one more entry: the game's cap, and in a journaled game the per-ply counters and the journal. */
export function canRecord(): bool { return plies < maxPlies && (!journaling || (plies < SNAP_PLIES - 1 && !journalFull())); }

function snapshot(): void {
  if (plies >= SNAP_PLIES) return; // (canRecord keeps a journaled game below this)
  const a = SNAP + <usize>(plies * SNAP_WORDS * 4);
  store<i32>(a, jLen); store<i32>(a + 4, historyLength); store<i32>(a + 8, stonePlays); store<i32>(a + 12, stonePlaysB);
  store<i32>(a + 16, capUsed); store<i32>(a + 20, i32(capOverflow)); store<i32>(a + 24, passesB); store<i32>(a + 28, passesW);
  store<i32>(a + 32, gamePhaseB); store<i32>(a + 36, gamePhaseW); store<i32>(a + 40, virtB); store<i32>(a + 44, virtW);
  store<u64>(a + 48, virtKey); store<i32>(a + 56, ended); store<i32>(a + 60, endAt); store<i32>(a + 64, i32(voided));
  store<i32>(a + 68, i32(hasLoop)); store<i32>(a + 72, loopS); store<i32>(a + 76, loopT); store<i32>(a + 80, ingCycles);
  store<i32>(a + 84, voidKind); store<i32>(a + 88, voidFrom); store<i32>(a + 92, endDetail); store<i32>(a + 96, histBase);
  store<i32>(a + 100, fPhase); store<i32>(a + 104, fCons); store<i32>(a + 108, fLastNull); store<i32>(a + 112, fAbandons);
  store<i32>(a + 116, fRequester); store<i32>(a + 120, gameEvents);
  store<u64>(a + 128, dSet); store<u64>(a + 136, dOther); store<u64>(a + 144, dZhang);
  // (a resumption after this entry starts the history again: grand 4.4, beforeMove)
  store<u32>(a + 152, historyGeneration()); store<u64>(a + 160, historyStart(false)); store<u64>(a + 168, historyStart(true));
}

/** Takes back the latest entry (a play or a pass): the game is as it was before it. */
export function undoEntry(): void {
  if (plies <= 0) return;
  plies--;
  const a = SNAP + <usize>(plies * SNAP_WORDS * 4);
  rewind(load<i32>(a)); truncateHistory(load<i32>(a + 4));
  stonePlays = load<i32>(a + 8); stonePlaysB = load<i32>(a + 12); capUsed = load<i32>(a + 16); capOverflow = load<i32>(a + 20) != 0;
  passesB = load<i32>(a + 24); passesW = load<i32>(a + 28); gamePhaseB = load<i32>(a + 32); gamePhaseW = load<i32>(a + 36);
  virtB = load<i32>(a + 40); virtW = load<i32>(a + 44); virtKey = load<u64>(a + 48); ended = load<i32>(a + 56);
  endAt = load<i32>(a + 60); voided = load<i32>(a + 64) != 0; hasLoop = load<i32>(a + 68) != 0; loopS = load<i32>(a + 72);
  loopT = load<i32>(a + 76); ingCycles = load<i32>(a + 80); voidKind = load<i32>(a + 84); voidFrom = load<i32>(a + 88);
  endDetail = load<i32>(a + 92); histBase = load<i32>(a + 96); fPhase = load<i32>(a + 100); fCons = load<i32>(a + 104);
  fLastNull = load<i32>(a + 108); fAbandons = load<i32>(a + 112); fRequester = load<i32>(a + 116); gameEvents = load<i32>(a + 120);
  dSet = load<u64>(a + 128); dOther = load<u64>(a + 136); dZhang = load<u64>(a + 144);
  restoreHistoryStart(load<u32>(a + 152), load<u64>(a + 160), load<u64>(a + 168));
  pendingVoid = false;
}
