// The prover's search, inside the core: the line of play (moves applied under the rule engine
// and taken back), what each move ends (the targets captured, an escape, the end of play, a void,
// unconditional life), the table key of a position, the move order, and df-pn over all of it.
// TypeScript (src/prove/search.ts) sets a question up once and then asks per search, per move
// only where it walks proof trees; df-pn's loop never leaves WebAssembly.
//
// Points here are the core's mailbox points unless named row-major (y*width+x, as TypeScript and
// the rule engine's REMOVED_XY have them). Keys are 53-bit (exact as a JS number).

import { EMPTY, BLACK, WHITE, BORDER, REMOVED, MAXP, pitch, width, height, pointOf, colorAt, chainOf, nextOf,
  lastCaptured, lastSelfCaptured, lastNoChange, boardHash, boardJournalReset, boardMark, boardJournalFull, saveTail, rewindBoard, TAIL_SLOT } from "./board";
import { R_OK, R_KO, R_SUPERKO, R_HOT_STONE, R_DISTURBING, R_NO_GOING_BACK, HISTORY_FULL, END_CYCLE } from "./codes";
import { playRuled, passRuled, rulesUndo, stringLiberties, stringLibertiesIn } from "./game";
import { bensonAlive, bensonVitalIn, bensonFixOpen } from "./benson";
import * as R from "./rules";

// the host's clock and cancel flag, asked every 1,024 nodes
@external("env", "searchNow") declare function hostNow(): f64;
@external("env", "searchCancelled") declare function hostCancelled(): i32;

export const WIN: i32 = 1;
export const LOSS: i32 = -1;
export const UNKNOWN: i32 = 0;
export const PASS: i32 = -1;
const INF: i32 = 100_000_000;
/** the core keeps 512 state slots; a line may not be longer */
const MAX_PLY: i32 = 500;
const MASK53: u64 = (<u64>1 << 53) - 1;

// ---- what apply() says of a move (one i32; src/prove/search.ts reads it) ----------------------
export const A_OK: i32 = 1;
// bits 1-2: terminal 1 WIN, 2 LOSS; bits 3-5: why; bit 6: joins; bit 7: history-dependent; bit 8: repetition
export const WHY_CAPTURED: i32 = 1;
export const WHY_END: i32 = 2;
export const WHY_VOID: i32 = 3;
export const WHY_ESCAPE: i32 = 4;
export const WHY_FILLED: i32 = 5;
export const WHY_SHORT: i32 = 6;
export const WHY_ALIVE: i32 = 7;
const T_WIN: i32 = 1 << 1;
const T_LOSS: i32 = 2 << 1;
const JOINS: i32 = 1 << 6;
const HISTORY: i32 = 1 << 7;
const REPETITION: i32 = 1 << 8;
@inline function ended(t: i32, why: i32): i32 { return A_OK | t | (why << 3); }

/** The d-th neighbour (0..3) of mailbox point p. */
@inline function neighbourOf(p: i32, d: i32): i32 { return d == 0 ? p - 1 : d == 1 ? p + 1 : d == 2 ? p - pitch : p + pitch; }

// ---- the question (set by searchInit from the IN buffers) -------------------------------------
export const S_FLAGS_IN: usize = memory.data(19 * 19, 16); // u8 row-major: the F_* bits below
export const S_TARGETS_IN: usize = memory.data(19 * 19 * 2, 16); // u16 row-major, one per target string
export const S_NEED_IN: usize = memory.data(19 * 19 * 2, 16); // u16 per target: liberties to keep (goal "liberties")
export const S_ORDER_IN: usize = memory.data(19 * 19 * 2, 16); // u16 row-major, the static move order
export const S_MOVES_OUT: usize = memory.data(400 * 2, 16); // i16 moves (row-major, -1 pass)
const F_REGION: u8 = 1;
const F_BARRED: u8 = 2; // the defender may not play here (an open region's exits, barred)
const F_EXIT: u8 = 4; // the defender playing here leaves the region (an escape)
const F_BOUNDARY: u8 = 8; // a boundary string's stone (taken as safe)
const F_TARGET_STONE: u8 = 16;
const F_REGION_ATTACKER: u8 = 32; // the attacker's stones inside the region at the start (finished games)
const FLAGS: usize = memory.data(448, 16); // by mailbox point
const TIDX: usize = memory.data(448 * 2, 16); // u16 by mailbox point: 1 + the target there, 0 none
const XOF: usize = memory.data(448 * 2, 16); // i16 by mailbox point: row-major index, -1 off board
let hasExits: bool = false; // the region has exits (a proof of death on open ground)
let hasRegionAttacker: bool = false; // the attacker has stones inside the region at the start
let rimGift: bool = false; // the attacker keeps its stones on the rim (a check of life only)
let rimEscapes: bool = false; // an attacker stone taking a liberty outside ends the line (hasExits, no gift)
@inline function flag(p: i32, f: u8): bool { return (load<u8>(FLAGS + <usize>p) & f) != 0; }
@inline function rowMajor(p: i32): i32 { return <i32>load<i16>(XOF + (<usize>p << 1)); }

let defender: i32 = 0;
let attacker: i32 = 0;
let goal: i32 = 0; // 0 all, 1 any, 2 liberties
let endPasses: i32 = 2;
let endRule: i32 = 0; // 1 null moves end play, 2 Zhang's virtual moves
let fillIn: bool = false;
let fillTest: bool = false; // death by fill-in ends a line (fillIn: with the finished game's other rules)
let loopGuard: bool = false;
let bensonAll: bool = false; // Benson's vital regions where suicide is allowed (assembly/benson.ts)
let voidLoses: bool = false; // a void counts against the defender (prove.ts restingLine only)
let tempoNotSearched: bool = false; // a single-stone suicide is not searched (situational superko)
let withThreats: bool = false;
let mobility: bool = false; // df-pn's first numbers count the mover's moves (see kidNumbers)
let nTargets: i32 = 0;
let nOrder: i32 = 0;
const TARGET: usize = memory.data(400 * 4, 16); // i32 mailbox point per target
const CAPTURED: usize = memory.data(400, 16); // u8 per target: captured on the current line
let capturedTargets: i32 = 0;
const ORDER: usize = memory.data(400 * 4, 16); // i32 mailbox points
@inline function targetAt(k: i32): i32 { return load<i32>(TARGET + (<usize>k << 2)); }
@inline function isCaptured(k: i32): bool { return load<u8>(CAPTURED + <usize>k) != 0; }

// ---- the board before each move -------------------------------------------------------------
// Each ply's bitboards and scalars; the mailbox comes back by the board's undo journal (board.ts),
// so a move costs what it writes, not the size of the board
const SLOTS: usize = memory.data(<i32>(MAX_PLY + 2) * <i32>TAIL_SLOT, 16);
const BMARKS: usize = memory.data((MAX_PLY + 2) * 4, 16);

// ---- the line (entry 0 the start) ------------------------------------------------------------
const P_CAP: i32 = MAX_PLY + 8;
const P_KIND: usize = memory.data(P_CAP, 16); // 0 start, 1 play, 2 pass
const P_NCAP: usize = memory.data(P_CAP * 4, 16); // stones the play captured
const P_THREAT: usize = memory.data(P_CAP, 16); // an outside threat came before the play
const P_PREV_THREAT: usize = memory.data(P_CAP * 4, 16); // lastThreat before it
const P_PASSES: usize = memory.data(P_CAP * 4, 16); // consecutive passes before it
const P_TLOG: usize = memory.data(P_CAP * 4, 16); // the target log's length before it
const P_KEYS: usize = memory.data(P_CAP * 8, 16); // situation (board + player to move), 53 bits
const P_KEYP: usize = memory.data(P_CAP * 8, 16); // board position, 53 bits
const P_COLOR: usize = memory.data(P_CAP, 16); // the colour that played (a pass uses no threat)
@inline function plyColor(t: i32): i32 { return <i32>load<u8>(P_COLOR + <usize>t); }
const TLOG: usize = memory.data(400 * 2, 16); // u16 targets captured, ply by ply (each once on a line)
let tlog: i32 = 0;
let plen: i32 = 0;
let passes: i32 = 0;
let threatsB: i32 = 0;
let threatsW: i32 = 0;
let lastThreat: i32 = -1;
// situations on the line, counted by their low 12 bits: most lookups end at a zero
const ONLINE: usize = memory.data(4096 * 2, 16);
@inline function keyS(t: i32): u64 { return load<u64>(P_KEYS + (<usize>t << 3)); }
@inline function keyP(t: i32): u64 { return load<u64>(P_KEYP + (<usize>t << 3)); }

// ---- budget and counters -----------------------------------------------------------------------
export let sNodes: f64 = 0;
export let sPositions: f64 = 0;
export let sBudgetOut: bool = false;
export let sSawVoid: bool = false;
export let sDepthExceeded: bool = false;
let tick: i32 = 0;
let maxNodes: f64 = Infinity;
let maxPositions: f64 = Infinity;
let deadline: f64 = Infinity;
let phaseDeadline: f64 = Infinity;
let phasePositions: f64 = Infinity;
let hasCancel: bool = false;

/** A fresh budget (performance.now() deadlines; Infinity for none). */
export function searchBudget(nodes: f64, positions: f64, dl: f64, cancel: bool): void {
  maxNodes = nodes; maxPositions = positions; deadline = dl; hasCancel = cancel;
  sNodes = 0; sPositions = 0; sBudgetOut = false; sSawVoid = false; sDepthExceeded = false; tick = 0;
}

/** The current phase's end (see Search.phase); returns nothing, the budget may open again. */
export function searchPhase(dl: f64, positions: f64): void { phaseDeadline = dl; phasePositions = positions; }

function spent(): bool {
  return sNodes >= maxNodes || sPositions >= maxPositions || hostNow() > deadline || (hasCancel && hostCancelled() != 0);
}

/** Sets the node budget without counting again (a team's run takes this thread's share of what
 *  is left); returns the one it replaces. */
export function searchNodeLimit(nodes: f64): f64 {
  const was = maxNodes;
  maxNodes = nodes;
  return was;
}

/** After a phase: the budget is open again unless it is itself spent. */
export function searchReopen(): void { if (sBudgetOut && !spent()) sBudgetOut = false; }

@inline function outOfBudget(): bool {
  if (sBudgetOut) return true;
  if ((++tick & 1023) == 0) {
    if (spent() || sPositions >= phasePositions || hostNow() > phaseDeadline) sBudgetOut = true;
  }
  return sBudgetOut;
}

/** A visit of a walk outside df-pn (deepening, proof checks): counted; true when out of budget. */
export function searchVisit(): bool { sNodes += 1; return outOfBudget(); }

// ---- the tables of df-pn: three slots, so that a search of the ko status reads the proofs of the
// same question asked with other outside threats (its priors, at most two) while it writes its own
const TBITS: i32 = 21;
const TSLOTS: i32 = 1 << TBITS;
const TMASK: i32 = TSLOTS - 1;
// an entry in 16 bytes (four to a cache line): a data word, u32 pn and u32 dn (27 bits each, INF
// fits) whose top 5 bits hold, between them, best + 2 (0 none, 9 bits) and met (the 10th); and
// before it the tag, u64 key (53 bits) | generation << 53 | writer << 63, stored xor the data
// word (writer: 1 a team's helper, else 0). In a team
// (searchTeam) other threads write the table while this one reads it: an entry read half old,
// half new fails the tag's check and counts as absent, and findIn copies the data word it checked
const EBYTES: usize = 16;
const NUM_MASK: i32 = (1 << 27) - 1;
const GEN_LIMIT: u32 = 1 << 10;
const GEN_MASK: u32 = GEN_LIMIT - 1;
@inline function wPn(w: u64): i32 { return <i32>w & NUM_MASK; }
@inline function wDn(w: u64): i32 { return <i32>(w >> 32) & NUM_MASK; }
/** best + 2 | met (MET), as store3 took them */
@inline function wInfo(w: u64): i32 {
  const x = <i32>(<u32>w >>> 27) | <i32>((<u32>(w >> 32) >>> 27) << 5);
  return (x & 511) | ((x & 512) != 0 ? MET : 0);
}
/** the data word of the entry findIn found last */
let found: u64 = 0;
// `met` (a proven entry): its proof met a move of the losing side refused by a repetition rule
// (or counted lost for repeating the df-pn line), so outside threats of that side may overturn it
const MET: i32 = 1 << 16;
const BEST: i32 = MET - 1;
const PROBES: i32 = 16;
// per slot: base address, generation, entries (no heap: the tables are grown memory of their own)
const TINFO: usize = memory.data(3 * 16, 16);
@inline function tBase(slot: i32): usize { return <usize>load<u32>(TINFO + (<usize>slot << 4)); }
@inline function tGen(slot: i32): u32 { return load<u32>(TINFO + (<usize>slot << 4) + 4); }
@inline function tCount(slot: i32): i32 { return load<i32>(TINFO + (<usize>slot << 4) + 8); }
@inline function setCount(slot: i32, n: i32): void { store<i32>(TINFO + (<usize>slot << 4) + 8, n); }
let cur: i32 = 0; // the slot this search writes
// the priors: their slots (-1 none) and the threats each was asked with (B, W)
let priors: i32 = 0;
const PRIOR: usize = memory.data(2 * 16, 16); // i32 slot, threats B, threats W
let startB: i32 = 0; // this search's own threats at its start
let startW: i32 = 0;

function tableFor(slot: i32): usize {
  if (tBase(slot) == 0) {
    const bytes = <usize>TSLOTS * EBYTES;
    const pages = <i32>((bytes + 65535) >> 16);
    const before = memory.grow(pages);
    if (before < 0) unreachable();
    store<u32>(TINFO + (<usize>slot << 4), <u32>(<usize>before << 16));
  }
  return tBase(slot);
}

@inline function homeOf(k: u64): i32 { return <i32>(k ^ (k >> 23) ^ (k >> 41)) & TMASK; }

/** Whether key k has an entry in a slot's table; its data word goes to `found`. */
function findIn(slot: i32, k: u64): bool {
  const base = tBase(slot), gen = tGen(slot);
  let i = homeOf(k);
  for (let n = 0; n < PROBES; n++) {
    const e = base + <usize>i * EBYTES;
    const d = load<u64>(e + 8);
    const w = load<u64>(e) ^ d;
    if ((<u32>(w >> 53) & GEN_MASK) != gen) return false;
    if ((w & MASK53) == k) {
      if (team && writer == 0 && (w >> 63) != 0 && foreignPath(d)) return false;
      found = d;
      return true;
    }
    i = (i + 1) & TMASK;
  }
  return false;
}

/** Stores (pn, dn, best, met) for key k in this search's table: its entry, a free one, or else the
 *  first unproven entry of the probe window (proofs are kept: the proof check reads them). In a
 *  team, a proof of k is not overwritten by numbers that prove nothing: another thread may have
 *  proven k while this one searched below it. */
function store3(k: u64, pn: i32, dn: i32, best: i32, met: i32): void {
  const base = tBase(cur), gen = tGen(cur);
  let i = homeOf(k);
  let victim: usize = 0;
  let e: usize = 0;
  for (let n = 0; n < PROBES; n++) {
    e = base + <usize>i * EBYTES;
    const d = load<u64>(e + 8);
    const w = load<u64>(e) ^ d;
    if ((<u32>(w >> 53) & GEN_MASK) != gen) { setCount(cur, tCount(cur) + 1); break; }
    if ((w & MASK53) == k) {
      if (team && (wPn(d) == 0 || wDn(d) == 0) && !teamMayOverwrite(w, d, pn, dn)) return;
      break;
    }
    if (victim == 0 && wPn(d) != 0 && wDn(d) != 0) victim = e;
    i = (i + 1) & TMASK;
    if (n == PROBES - 1) {
      e = victim != 0 ? victim : base + <usize>homeOf(k) * EBYTES;
      // (a full window of proofs: a helper keeps the leader's in the home slot)
      if (victim == 0 && team && writer != 0) {
        const hd = load<u64>(e + 8), hw = load<u64>(e) ^ hd;
        if ((hw >> 63) == 0) return;
      }
    }
  }
  const x = ((best + 2) & 511) | (met != 0 ? 512 : 0);
  const data = <u64><u32>(pn | ((x & 31) << 27)) | (<u64><u32>(dn | ((x >> 5) << 27)) << 32);
  store<u64>(e + 8, data);
  store<u64>(e, (k | (<u64>gen << 53) | (writer << 63)) ^ data);
}

// ---- a team: threads that run one question's df-pn together (src/prove/team.ts) -------------
// Each thread of a team runs df-pn from the root over the leader's tables, in memory they all
// share. A thread marks the positions on its line busy; choosing a child, it counts a busy child
// worse than its numbers say (a virtual loss), so that the threads spread over different
// subtrees; and it reads every child's numbers again at each turn, to see what the others found.
let team: bool = false;
let writer: u64 = 0; // the tag's writer bit of this thread's entries
/** Whether this thread may overwrite the proof (tag w, data d) with (pn, dn): a helper keeps the
 *  leader's proofs (the leader's proof check follows them); a proof is not overwritten by
 *  numbers that prove nothing (another thread may have proven the position while this one
 *  searched below it), unless it is one the leader counts as absent. */
function teamMayOverwrite(w: u64, d: u64, pn: i32, dn: i32): bool {
  const theirs = (w >> 63) != writer;
  if (writer != 0) return !theirs;
  return !theirs || pn == 0 || dn == 0 || foreignPath(d);
}
/** A proof that met a refused move of the loser (or a repetition of its line) holds on the line
 *  it was found on: a helper's line may differ, and its proofs of this kind misled the leader's
 *  proof check (gop/15275: 50,000 checked positions instead of 4,000, once a failure after
 *  5 s). The leader counts them as absent (and may overwrite them); helpers take every proof
 *  of the leader's (theirs then meet a refusal too). */
@inline function foreignPath(d: u64): bool { return (wPn(d) == 0 || wDn(d) == 0) && (wInfo(d) & MET) != 0; }
let busy: usize = 0; // u8 per key hash: the team's threads whose line passes through the position
const BUSY_MASK: i32 = (1 << 16) - 1;
@inline function busyAt(k: u64): usize { return busy + <usize>(<i32>(k >> 24) & BUSY_MASK); }

/** The busy counters of a new team (the leader's: grown memory, zeroed), its address. */
export function searchTeamCounters(): u32 {
  const before = memory.grow(1);
  if (before < 0) unreachable();
  return <u32>(<usize>before << 16);
}
/** Joins this thread's searches to a team whose busy counters are at `counters` (0: leaves it). */
export function searchTeam(counters: u32, place: i32): void {
  busy = <usize>counters; team = counters != 0;
  writer = place != 0 ? 1 : 0;
}
/** Whether the proof of the current position (`color` to move) met a refused move of the loser. */
export function searchProvenMet(color: i32): bool { return ((provenIn(cur, keyOf(color)) >> 2) & MET) != 0; }
/** The search as searchInit left it, at its root: a new generation of its table (every entry
 *  gone), no history scores, death by fill-in as the question set it. df-pn then runs as it
 *  first did; with `keepHistory` the history scores stay, and its move order differs. */
export function searchRenew(keepHistory: bool): void {
  let gen = tGen(cur) + 1;
  if (gen >= GEN_LIMIT) { memory.fill(tBase(cur), 0, <usize>TSLOTS * EBYTES); gen = 1; }
  store<u32>(TINFO + (<usize>cur << 4) + 4, gen);
  setCount(cur, 0);
  if (!keepHistory) memory.fill(HISTORY_SCORE, 0, 2 * 448 * 8);
  fillTest = fillIn;
}

/** A table slot's address and generation, which a team's helper adopts (searchAdopt). */
export function searchSlotBase(slot: i32): u32 { return <u32>tBase(slot); }
export function searchSlotGen(slot: i32): u32 { return tGen(slot); }
export function searchAdopt(slot: i32, base: u32, gen: u32): void {
  store<u32>(TINFO + (<usize>slot << 4), base);
  store<u32>(TINFO + (<usize>slot << 4) + 4, gen);
}

// ---- keys ---------------------------------------------------------------------------------------
/** Mixes a small integer into a 53-bit key (32-bit multiplies on its two halves). */
@inline function mixKey(k: u64, x: i32): u64 {
  const lo = <u32>k ^ <u32>((x ^ 0x5bd1e995) * <i32>0x9e3779b1);
  const hi = (<u32>(k >> 32) ^ (<u32>((x + 0x27d4eb2f) * <i32>0x85ebca77) >> 11)) & 0x1fffff;
  return (<u64>hi << 32) | <u64>lo;
}

/** The key without the outside threats' counts: the position's key in a search without threats. */
function baseKey(color: i32): u64 {
  const t = plen - 1;
  let k = mixKey(keyS(t), (passes * 64 + capturedTargets) * 2 + (color == WHITE ? 1 : 0));
  // the one-move look-back: a capture's key holds the board before it (ko)
  const ncap = load<i32>(P_NCAP + (<usize>t << 2));
  if (load<u8>(P_KIND + <usize>t) == 1 && ncap > 0 && t >= 1) {
    const p = keyP(t - 1);
    k = mixKey(mixKey(k, <i32>(<u32>p) ^ ncap), <i32>(p >> 32));
  }
  return k;
}

/** The table key of the current position with `color` to move. */
function keyOf(color: i32): u64 {
  const k = baseKey(color);
  // (the counts only when a side holds threats: a position with none left has the key it has
  // in a search without threats, so that such a search's proofs can guide this one)
  return countedKey(k, threatsB, threatsW);
}

/** A base key with the outside threats' counts (none left: the base key itself). */
@inline function countedKey(base: u64, tB: i32, tW: i32): u64 {
  return (tB | tW) == 0 ? base : mixKey(base, 0x7000 + tB * 64 + tW);
}

export function searchKey(color: i32): f64 { return <f64>keyOf(color); }
/** What the rule set's repetition rule compares for the current position (53 bits), or -1
 *  where no rule looks further back than the last move (rules.ts repetitionKey). */
export function searchRepetitionKey(): f64 {
  const k = R.repetitionKey();
  return k == 0 ? -1 : <f64>(k & MASK53);
}


// ---- setting a question up ----------------------------------------------------------------------
const HISTORY_SCORE: usize = memory.data(2 * 448 * 8, 16); // f64 per colour and row-major point
@inline function scoreAt(i: i32): f64 { return load<f64>(HISTORY_SCORE + (<usize>i << 3)); }

/** Sets the question up on the rule engine's current game (after rulesStart): the IN buffers hold
 *  the flags, targets, liberties to keep and move order. `slot`: the table this search writes
 *  (cleared); its priors are set after (searchPrior). */
export function searchInit(def: i32, g: i32, ends: i32, rule: i32, opts: i32, tB: i32, tW: i32,
  nT: i32, nO: i32, slot: i32): void {
  defender = def; attacker = def ^ 3; goal = g; endPasses = ends; endRule = rule;
  tempoNotSearched = R.kRep == R.REP_SSK && rule == 0;
  fillIn = (opts & 1) != 0; loopGuard = (opts & 2) != 0; bensonAll = (opts & 128) != 0; voidLoses = (opts & 256) != 0;
  mobility = (opts & 16) != 0; rimGift = (opts & 32) != 0; fillTest = fillIn;
  threatsB = tB; threatsW = tW; withThreats = tB + tW > 0; lastThreat = -1;
  nTargets = nT; nOrder = nO;
  memory.fill(FLAGS, 0, 448);
  memory.fill(TIDX, 0, 448 * 2);
  for (let p = 0; p < 448; p++) store<i16>(XOF + (<usize>p << 1), -1);
  hasExits = false;
  hasRegionAttacker = false;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x, p = pointOf(x, y);
      const f = load<u8>(S_FLAGS_IN + <usize>i);
      store<u8>(FLAGS + <usize>p, f);
      store<i16>(XOF + (<usize>p << 1), <i16>i);
      if ((f & F_EXIT) != 0) hasExits = true;
      if (fillIn && (f & F_REGION) != 0 && colorAt(p) == attacker) {
        store<u8>(FLAGS + <usize>p, f | F_REGION_ATTACKER);
        hasRegionAttacker = true;
      }
    }
  rimEscapes = hasExits && !rimGift;
  bensonFixOpen(FLAGS, F_REGION, defender);
  for (let k = 0; k < nT; k++) {
    const i = <i32>load<u16>(S_TARGETS_IN + (<usize>k << 1));
    const p = pointOf(i % width, i / width);
    store<i32>(TARGET + (<usize>k << 2), p);
    store<u8>(CAPTURED + <usize>k, 0);
    store<u16>(TIDX + (<usize>p << 1), <u16>(k + 1));
  }
  capturedTargets = 0;
  for (let k = 0; k < nO; k++) {
    const i = <i32>load<u16>(S_ORDER_IN + (<usize>k << 1));
    store<i32>(ORDER + (<usize>k << 2), pointOf(i % width, i / width));
  }
  memory.fill(HISTORY_SCORE, 0, 2 * 448 * 8);
  memory.fill(ONLINE, 0, 4096 * 2);
  bcGen++;
  if (bcGen == 0) { memory.fill(BCACHE, 0, (1 << BC_BITS) * 16); bcGen = 1; }
  plen = 1; passes = 0; tlog = 0;
  store<u8>(P_KIND, 0); store<i32>(P_NCAP, 0); store<u8>(P_THREAT, 0);
  store<u64>(P_KEYS, R.situationNow() & MASK53);
  store<u64>(P_KEYP, boardHash() & MASK53);
  onlineAdd(keyS(0), 1);
  cur = slot; priors = 0; startB = tB; startW = tW;
  boardJournalReset(); // (the moves of this search are taken back by the board's journal)
  // (a team's helper writes the leader's table as it is: searchAdopt)
  if ((opts & 64) == 0) {
    const base = tableFor(cur);
    // a new generation frees every entry at once
    let gen = tGen(cur) + 1;
    if (gen >= GEN_LIMIT) { memory.fill(base, 0, <usize>TSLOTS * EBYTES); gen = 1; }
    store<u32>(TINFO + (<usize>cur << 4) + 4, gen);
  }
  setCount(cur, 0);
  dfpnTop = 0; kidTop = 0;
}

// ---- the line ----------------------------------------------------------------------------------
@inline function onlineAt(s: u64): usize { return ONLINE + (<usize>(<i32>s & 4095) << 1); }
@inline function onlineAdd(s: u64, d: i32): void { const a = onlineAt(s); store<u16>(a, <u16>(<i32>load<u16>(a) + d)); }

/** Counts a situation entering the line; true when it was already on it. */
function enterPath(s: u64, p: u64): bool {
  let seen = false;
  if (load<u16>(onlineAt(s)) != 0) {
    for (let t = 0; t < plen; t++) if (keyS(t) == s) { seen = true; break; }
  }
  store<u64>(P_KEYS + (<usize>plen << 3), s);
  store<u64>(P_KEYP + (<usize>plen << 3), p);
  onlineAdd(s, 1);
  plen++;
  return seen;
}

function tooLong(): i32 {
  sDepthExceeded = true;
  sBudgetOut = true;
  return 0;
}

@inline function isRepetition(code: i32): bool {
  return code == R_KO || code == R_SUPERKO || code == R_HOT_STONE || code == R_DISTURBING || code == R_NO_GOING_BACK;
}

/** Plays `move` (row-major, -1 pass) for `color`; on A_OK the caller must call searchUndo. */
export function searchApply(move: i32, color: i32, depth: i32): i32 {
  sPositions += 1;
  if (depth + 1 >= MAX_PLY) return tooLong();
  // (a pass changes the board's simple-ko memory: every move is taken back, passes too)
  if (boardJournalFull()) return tooLong();
  store<i32>(BMARKS + (<usize>(depth + 1) << 2), boardMark());
  saveTail(SLOTS + <usize>(depth + 1) * TAIL_SLOT);
  const t = plen;
  store<i32>(P_PASSES + (<usize>t << 2), passes);
  store<i32>(P_TLOG + (<usize>t << 2), tlog);
  store<i32>(P_NCAP + (<usize>t << 2), 0);
  store<u8>(P_THREAT + <usize>t, 0);
  if (move == PASS) {
    if (passRuled(color, false) == HISTORY_FULL) return tooLong();
    passes++;
    store<u8>(P_KIND + <usize>t, 2);
    const pKey = keyP(t - 1);
    const repeated = enterPath(R.situationNow() & MASK53, pKey);
    if (goal == 2 && color == defender && short()) return ended(T_WIN, WHY_SHORT);
    if (passes >= endPasses) return ended(T_LOSS, WHY_END);
    // zhang 3.5: four virtual moves made while the board position was the same end play
    let underBoard = 0;
    for (let i = 1; i <= t; i++) if (load<u8>(P_KIND + <usize>i) == 2 && keyP(i) == pKey) underBoard++;
    if (endRule == 2 && underBoard >= 4) return ended(T_LOSS, WHY_END);
    return A_OK | (repeated || underBoard > 1 ? HISTORY : 0);
  }
  // an eye region's attacker has every ko threat of the rest of the board: no ko or
  // repetition rule binds it (see eyes.ts)
  const free = goal == 2 && color != defender;
  const x = move % width, y = move / width;
  let code = playRuled(x, y, color, true, free);
  if (code == HISTORY_FULL) return tooLong();
  let threat = false, lookedBack = false;
  if (code != R_OK) {
    if (!isRepetition(code)) return 0;
    // a refusal that repeats the position before the opponent's last move (simple ko, an
    // immediate superko retake, a single hot stone) looks one move back: the key holds that
    const s = R.refusedFrom;
    lookedBack = !(code == R_KO || s == plen - 2);
    // a position that stood before an outside threat was played does not come back: the
    // threat and its answer stand on the board elsewhere since. (The position just before the
    // move the threat came before stood again, threat and answer added, when it was played.)
    const beforeThreat = s >= 0 && s < lastThreat - 1;
    const left = color == BLACK ? threatsB : threatsW;
    if (!beforeThreat && left == 0) return REPETITION | (lookedBack ? HISTORY : 0);
    // (or an outside threat and its answer come first): the move is played free of the rule
    code = playRuled(x, y, color, true, true);
    if (code == HISTORY_FULL) return tooLong();
    if (code != R_OK) return 0;
    if (!beforeThreat) {
      if (color == BLACK) threatsB--; else threatsW--;
      threat = true;
    }
    // free only because of where the last threat came: the key does not hold that, so what
    // follows depends on the history (a proof below is not shared by key)
    else lookedBack = true;
  }
  // under situational superko a single-stone suicide leaves the board as it was with the other
  // side to move: a pass that does not end play. Neither side ever needs one (docs/prove.md,
  // "Tempo moves"), and searching them multiplies the lines: not searched.
  if (lastNoChange && tempoNotSearched) {
    if (threat) { if (color == BLACK) threatsB++; else threatsW++; }
    rulesUndo();
    rewindPly(depth);
    return 0;
  }
  const ncap = lastCaptured, nself = lastSelfCaptured;
  const nullMove = lastNoChange && endRule == 1;
  passes = nullMove ? passes + 1 : 0;
  store<u8>(P_KIND + <usize>t, 1);
  store<u8>(P_COLOR + <usize>t, <u8>color);
  store<i32>(P_NCAP + (<usize>t << 2), ncap);
  if (threat) {
    store<u8>(P_THREAT + <usize>t, 1);
    store<i32>(P_PREV_THREAT + (<usize>t << 2), lastThreat);
    lastThreat = t;
  }
  const repeated = enterPath(R.situationNow() & MASK53, boardHash() & MASK53) || lookedBack;
  // (an end reached on a repeated path depends on the history as much as a position does)
  return outcomeOf(color, x, y, ncap, nself, nullMove) | (repeated ? HISTORY : 0);
}

/** What the move just played (by `color` at x, y) ends in: a terminal code (ended), or A_OK. */
function outcomeOf(color: i32, x: i32, y: i32, ncap: i32, nself: i32, nullMove: bool): i32 {
  if (R.ended == END_CYCLE) {
    sSawVoid = true;
    // (a void keeps the target on the board, but it is no proof that a region keeps liberties)
    return ended(goal == 2 || voidLoses ? T_WIN : T_LOSS, WHY_VOID) | HISTORY;
  }
  // targets: a capture by the attacker, or the defender's own suicide
  if ((color == defender ? nself : ncap) > 0) {
    for (let k = 0; k < nTargets; k++) {
      if (!isCaptured(k) && colorAt(targetAt(k)) != defender) {
        store<u8>(CAPTURED + <usize>k, 1);
        store<u16>(TLOG + (<usize>(tlog++) << 1), <u16>k);
        capturedTargets++;
      }
    }
    if (capturedTargets == nTargets || (goal != 0 && capturedTargets > 0)) return ended(T_WIN, WHY_CAPTURED);
  }
  const p = pointOf(x, y);
  if (color == defender && ncap > 0 && capturesOutsideHold(ncap)) return ended(T_LOSS, WHY_ESCAPE);
  // the attacker's stones that reach a liberty outside the region, where no one plays, could
  // never be taken again: a gift to the attacker, so a proof of death is no longer local (unless
  // they join the wall, taken as safe). That holds for the strings thought dead inside the
  // region, and, where it has exits (a proof of death on open ground), for stones played on its
  // rim; with the exits barred (a proof of life) the gift only makes life harder.
  // (asked with the gift, a line the attacker cannot win is still a proof of life)
  if (color != defender && (rimEscapes || hasRegionAttacker) && attackerLeaves(p)) return ended(T_LOSS, WHY_ESCAPE);
  // a local region's way out: the defender reaching it joins stones or room outside the region.
  // In a problem even a stone apart from the targets is one: outside, where the search does not
  // play, it could join them, take a wall string's liberties or make eye space (counting it only
  // once a target joins it claimed six of the relevance-zone study's book problems dead that the
  // book lives: their walls are not safe). In a finished game's region the wall is taken as safe
  // (stated with every proof), and then outside play can reach the targets only through the rim:
  // a target's string on an exit is the escape, a stone apart from them holds liberties the
  // attacker cannot fill, which only helps the defender.
  // (only a region with exits can be left: elsewhere no string is walked)
  if (color == defender && hasExits && (fillIn || flag(p, F_EXIT))) {
    const reach = reachOf(p);
    if (!fillIn || reach == (REACH_TARGET | REACH_EXIT))
      return ended(T_LOSS, WHY_ESCAPE) | ((reach & REACH_TARGET) != 0 ? JOINS : 0);
  }
  if (goal == 2 && color == defender && short()) return ended(T_WIN, WHY_SHORT);
  if (nullMove && passes >= endPasses) return ended(T_LOSS, WHY_END);
  if (fillTest && filledIn()) return ended(T_WIN, WHY_FILLED);
  // an eye region that keeps, whatever comes, the liberties it must: see keptForEver
  if (goal == 2 && color == defender && keptCached()) return ended(T_LOSS, WHY_ALIVE);
  // a target made unconditionally alive can never be captured (Benson)
  if (goal != 2 && color == defender && capturedTargets == 0) {
    const alive = bensonCached(color);
    if (alive > 0 && (goal != 1 || alive == nTargets)) return ended(T_LOSS, WHY_ALIVE);
  }
  return A_OK;
}

/** Takes back the last move applied (its depth as applied). */
export function searchUndo(depth: i32): void {
  rulesUndo();
  plen--;
  const t = plen;
  onlineAdd(keyS(t), -1);
  passes = load<i32>(P_PASSES + (<usize>t << 2));
  if (load<u8>(P_THREAT + <usize>t) != 0) {
    if (plyColor(t) == BLACK) threatsB++; else threatsW++;
    lastThreat = load<i32>(P_PREV_THREAT + (<usize>t << 2));
  }
  const from = load<i32>(P_TLOG + (<usize>t << 2));
  while (tlog > from) {
    const k = <i32>load<u16>(TLOG + (<usize>(--tlog) << 1));
    store<u8>(CAPTURED + <usize>k, 0);
    capturedTargets--;
  }
  rewindPly(depth);
}

/** The board as it was before the move applied at `depth` (its journal mark and saved tail). */
@inline function rewindPly(depth: i32): void {
  rewindBoard(load<i32>(BMARKS + (<usize>(depth + 1) << 2)), SLOTS + <usize>(depth + 1) * TAIL_SLOT);
}


/** Goal "liberties": some target string has fewer empty neighbours inside the region than it
 *  must keep (a captured target has none). */
function short(): bool {
  for (let k = 0; k < nTargets; k++) {
    if (isCaptured(k)) return true;
    const i = rowMajor(targetAt(k));
    if (stringLibertiesIn(i % width, i / width) < <i32>load<u16>(S_NEED_IN + (<usize>k << 1))) return true;
  }
  return false;
}

/** The defender's capture took a string whose fate the region does not hold: a boundary string,
 *  or an attacker string that touched the defender's own stones outside the region. */
function capturesOutsideHold(n: i32): bool {
  for (let i = 0; i < n; i++) {
    const p = <i32>load<u16>(REMOVED + (<usize>i << 1));
    if (flag(p, F_BOUNDARY)) return true;
    for (let d = 0; d < 4; d++) {
      const q = neighbourOf(p, d);
      if (colorAt(q) == defender && !flag(q, F_REGION) && !flag(q, F_TARGET_STONE)) return true;
    }
  }
  return false;
}

/** The attacker's string through p holds no boundary stone, a liberty outside the region, and
 *  (unless the region has exits) a stone that was inside the region at the start. */
function attackerLeaves(p: i32): bool {
  if (colorAt(p) == EMPTY) return false; // (a suicide where the rules allow it left no string)
  let inside = rimEscapes, boundary = false, out = false;
  let s = p;
  do {
    if (flag(s, F_REGION_ATTACKER)) inside = true;
    if (flag(s, F_BOUNDARY)) boundary = true;
    for (let d = 0; d < 4; d++) {
      const q = neighbourOf(s, d);
      if (colorAt(q) == EMPTY && !flag(q, F_REGION)) out = true;
    }
    s = nextOf(s);
  } while (s != p);
  return inside && !boundary && out;
}

const REACH_TARGET: i32 = 1, REACH_EXIT: i32 = 2;
/** What the defender's string through `p` holds: a target still on the board (REACH_TARGET), a
 *  stone on an exit (REACH_EXIT). */
function reachOf(p: i32): i32 {
  if (colorAt(p) == EMPTY) return 0; // (a suicide where the rules allow it left no string)
  let reach = 0;
  let s = p;
  do {
    const k = <i32>load<u16>(TIDX + (<usize>s << 1)) - 1;
    if (k >= 0 && !isCaptured(k)) reach |= REACH_TARGET;
    if (flag(s, F_EXIT)) reach |= REACH_EXIT;
    s = nextOf(s);
  } while (s != p);
  return reach;
}

// filledIn's floods: a stamp per call, no clearing
const SEEN: usize = memory.data(448 * 4, 16);
const SAFE: usize = memory.data(448 * 4, 16);
const AREA: usize = memory.data(448 * 2, 16);
const AROUND: usize = memory.data(448 * 4 * 2, 16);
const CHAINQ: usize = memory.data(448 * 2, 16);
let fstamp: i32 = 0;
// SEEN marks: one stamp per area flood, so that a flood can tell its own points from those of an
// earlier flood of the same test (abase: the first of them)
let astamp: i32 = 0;
let abase: i32 = 0;

function safeString(q: i32, a: i32): bool {
  const st = fstamp;
  const at = load<i32>(SAFE + (<usize>q << 2));
  if (at == st) return true;
  if (at == -st) return false;
  let n = 0;
  store<u16>(CHAINQ, <u16>q); n = 1;
  store<i32>(SAFE + (<usize>q << 2), -st);
  let ok = false;
  for (let h = 0; h < n; h++) {
    const c = <i32>load<u16>(CHAINQ + (<usize>h << 1));
    for (let d = 0; d < 4; d++) {
      const r = neighbourOf(c, d);
      const col = colorAt(r);
      if (col == EMPTY && !flag(r, F_REGION)) ok = true;
      else if (col == a && load<i32>(SAFE + (<usize>r << 2)) != -st) {
        store<i32>(SAFE + (<usize>r << 2), -st);
        store<u16>(CHAINQ + (<usize>(n++) << 1), <u16>r);
      }
    }
  }
  if (ok) for (let h = 0; h < n; h++) store<i32>(SAFE + (<usize>load<u16>(CHAINQ + (<usize>h << 1)) << 2), st);
  return ok;
}

function areaDead(start: i32, a: i32): bool {
  const st = ++astamp;
  let n = 1, m = 0;
  store<u16>(AREA, <u16>start);
  store<i32>(SEEN + (<usize>start << 2), st);
  for (let h = 0; h < n; h++) {
    const p = <i32>load<u16>(AREA + (<usize>h << 1));
    let touches = false;
    for (let d = 0; d < 4; d++) {
      const q = neighbourOf(p, d);
      const col = colorAt(q);
      if (col == BORDER) continue;
      if (col == a) {
        touches = true;
        store<u16>(AROUND + (<usize>(m++) << 1), <u16>q);
      } else {
        const seen = load<i32>(SEEN + (<usize>q << 2));
        if (seen == st) continue;
        // a point an earlier flood of this test reached: the same area, and that flood stopped
        // at a point that keeps it from being dead (a complete one would have taken this start
        // in too). Skipping it instead once let a later target's flood miss the area's open
        // points and call a living string dead by fill-in.
        if (seen >= abase) return false;
        store<i32>(SEEN + (<usize>q << 2), st);
        store<u16>(AREA + (<usize>(n++) << 1), <u16>q);
      }
    }
    if (colorAt(p) == EMPTY && (!touches || !flag(p, F_REGION))) return false;
  }
  for (let i = 0; i < m; i++) if (!safeString(<i32>load<u16>(AROUND + (<usize>i << 1)), a)) return false;
  return true;
}

/**
 * Dead by fill-in: the target strings (all, or for "any" one of them) lie in areas of empty
 * points and defender stones where every empty point is in the region and touches an attacker
 * string that can never be captured in the search (it has a liberty outside the region, where
 * no one plays), and every attacker string around the area is such a string. Then the attacker
 * wins by filling the area: each of its stones joins a safe string (never captured, never
 * suicide, never a repetition, since a safe stone never leaves the board), the defender can
 * make no eye (every empty point touches the attacker) and take nothing, and the targets run
 * out of liberties. Found with the target still on the board, it cuts the longest lines of a
 * dead group in a large territory.
 */
function filledIn(): bool {
  const d = defender, a = attacker;
  fstamp++;
  if (astamp > 0x3fff0000) { memory.fill(SEEN, 0, 448 * 4); astamp = 0; }
  abase = astamp + 1;
  const anyGoal = goal == 1;
  let all = true;
  for (let k = 0; k < nTargets; k++) {
    if (isCaptured(k)) continue;
    const m = targetAt(k);
    if (colorAt(m) != d) continue;
    if (load<i32>(SEEN + (<usize>m << 2)) >= abase) continue; // in an area already tested
    const dead = areaDead(m, a);
    if (dead && anyGoal) return true;
    if (!dead) all = false;
    if (!all && !anyGoal) return false;
  }
  return all && !anyGoal;
}

// ---- move order ---------------------------------------------------------------------------------
/** Candidate moves for `color` into `out` (i32 row-major): the table's best first, then by the
 *  history heuristic (a stable order among equal scores), then the static order; pass last. */
function movesInto(out: usize, color: i32, best: i32): i32 {
  let n = 0;
  const barredToo = color == defender;
  const h = (color == BLACK ? 0 : 448);
  if (best >= 0) store<i32>(out, best), n = 1;
  const first = n;
  for (let k = 0; k < nOrder; k++) {
    const p = load<i32>(ORDER + (<usize>k << 2));
    const i = rowMajor(p);
    if (i == best || colorAt(p) != EMPTY || (barredToo && flag(p, F_BARRED))) continue;
    // insertion by score, after the equal ones (stable)
    const sc = scoreAt(h + i);
    let j = n;
    while (j > first && scoreAt(h + load<i32>(out + (<usize>(j - 1) << 2))) < sc) {
      store<i32>(out + (<usize>j << 2), load<i32>(out + (<usize>(j - 1) << 2)));
      j--;
    }
    store<i32>(out + (<usize>j << 2), i);
    n++;
  }
  store<i32>(out + (<usize>n << 2), PASS);
  return n + 1;
}

const MOVES_TMP: usize = memory.data(400 * 4, 16);
/** The moves of movesInto in S_MOVES_OUT (i16); best -2 for none. */
export function searchMoves(color: i32, best: i32): i32 {
  const n = movesInto(MOVES_TMP, color, best);
  for (let i = 0; i < n; i++) store<i16>(S_MOVES_OUT + (<usize>i << 1), <i16>load<i32>(MOVES_TMP + (<usize>i << 2)));
  return n;
}

/** The history heuristic's reward for a move that refuted the others. */
export function searchReward(color: i32, move: i32, amount: f64): void {
  if (move < 0) return;
  const a = HISTORY_SCORE + (<usize>((color == BLACK ? 0 : 448) + move) << 3);
  store<f64>(a, load<f64>(a) + amount);
}

/** Fewest liberties of a target string still on the board (for df-pn's first estimates). */
function targetLiberties(): i32 {
  let fewest = 1 << 30;
  for (let k = 0; k < nTargets; k++) {
    if (isCaptured(k)) continue;
    const i = rowMajor(targetAt(k));
    const libs = stringLiberties(i % width, i / width);
    if (libs > 0 && libs < fewest) fewest = libs;
  }
  return fewest == 1 << 30 ? 1 : fewest;
}


// What df-pn asks of a board again at every visit of its parent (Benson's test, the targets'
// liberties) depends on the board alone (and on the targets captured): a direct-mapped cache by
// board hash, cleared by generation with each question.
const BC_BITS: i32 = 19;
const BC_MASK: i32 = (1 << BC_BITS) - 1;
const BCACHE: usize = memory.data((1 << BC_BITS) * 16, 16); // u64 key, i16 alive + 1, i16 libs + 1, u32 generation
let bcGen: u32 = 0;

@inline function boardCacheEntry(k: u64): usize {
  const e = BCACHE + (<usize>(<i32>(k ^ (k >> 32)) & BC_MASK) << 4);
  if (load<u32>(e + 12) != bcGen || load<u64>(e) != k) {
    store<u64>(e, k); store<u32>(e + 8, 0); store<u32>(e + 12, bcGen);
  }
  return e;
}

@inline function boardCacheKey(): u64 { return boardHash() ^ (<u64>capturedTargets * 0x9e3779b97f4a7c15); }

function bensonCached(color: i32): i32 {
  const e = boardCacheEntry(boardCacheKey());
  let v = <i32>load<i16>(e + 8);
  if (v == 0) { v = bensonAlive(color, nTargets, true, bensonAll) + 1; store<i16>(e + 8, <i16>v); }
  return v - 1;
}

/**
 * Goal "liberties": every target that must keep liberties in the region is unconditionally alive
 * (Benson), with at least as many healthy vital regions inside the region as it must keep. Each
 * such region keeps one of its liberties for ever (assembly/benson.ts bensonVitalIn), so the
 * defender, passing from here on, never falls short: the attacker cannot win.
 */
function keptForEver(): bool {
  if (bensonAlive(defender, nTargets, true, bensonAll) == 0) return false;
  for (let k = 0; k < nTargets; k++) {
    const need = <i32>load<u16>(S_NEED_IN + (<usize>k << 1));
    if (need == 0) continue;
    if (isCaptured(k) || bensonVitalIn(targetAt(k), FLAGS, F_REGION) < need) return false;
  }
  return true;
}

function libertiesCached(): i32 {
  const e = boardCacheEntry(boardCacheKey());
  let v = <i32>load<i16>(e + 10);
  if (v == 0) { v = min(targetLiberties(), 1000) + 1; store<i16>(e + 10, <i16>v); }
  return v - 1;
}

function keptCached(): bool {
  const e = boardCacheEntry(boardCacheKey());
  let v = <i32>load<i16>(e + 8);
  if (v == 0) { v = keptForEver() ? 2 : 1; store<i16>(e + 8, <i16>v); }
  return v == 2;
}

export function searchPasses(): i32 { return passes; }

/** Death by fill-in ends a line from now on (what the table holds stays true: the test only
 *  finds a win sooner). */
export function searchFillIn(): void { fillTest = true; }

// ---- what is proven ------------------------------------------------------------------------------
/** This search's proven value of key k (WIN/LOSS), best move and met, as (value + 2) | (best + 2 | met) << 2;
 *  0 none. */
@inline function provenIn(slot: i32, k: u64): i32 {
  if (!findIn(slot, k)) return 0;
  const pn = wPn(found), dn = wDn(found);
  if (pn != 0 && dn != 0) return 0;
  return ((pn == 0 ? WIN : LOSS) + 2) | (wInfo(found) << 2);
}

/** A prior: the table in `slot` of the same question asked with (tB, tW) outside threats. */
export function searchPrior(slot: i32, tB: i32, tW: i32): void {
  if (priors >= 2) return;
  const a = PRIOR + (<usize>priors << 4);
  store<i32>(a, slot); store<i32>(a + 4, tB); store<i32>(a + 8, tW);
  priors++;
}

/** The threats `c` holds at the prior (entry a of PRIOR) in the position with the same threats used. */
@inline function priorThreats(a: usize, c: i32): i32 {
  return c == BLACK ? max(0, threatsB + load<i32>(a + 4) - startB) : max(0, threatsW + load<i32>(a + 8) - startW);
}

/**
 * A prior's value for the current position where it still holds. Outside threats only add moves
 * for their holder, so a value that favours side X, proven with X holding mX threats and the
 * other side mY, holds wherever X holds at least mX and the other side at most mY. The prior's
 * position is the one with the same threats used (and none below none). Packed as provenIn; 0 none.
 */
function priorValue(color: i32): i32 {
  if (priors == 0) return 0;
  const base = baseKey(color);
  for (let j = 0; j < priors; j++) {
    const a = PRIOR + (<usize>j << 4);
    const mB = priorThreats(a, BLACK), mW = priorThreats(a, WHITE);
    const v = provenIn(load<i32>(a), countedKey(base, mB, mW));
    if (v == 0) continue;
    const x = (v & 3) - 2 == WIN ? attacker : defender;
    const mX = x == BLACK ? mB : mW, mY = x == BLACK ? mW : mB;
    const cX = x == BLACK ? threatsB : threatsW, cY = x == BLACK ? threatsW : threatsB;
    // a proof that met no refused move of the other side gives that side no use for a threat:
    // it holds whatever threats the other side holds
    if (mX <= cX && (mY >= cY || ((v >> 2) & MET) == 0)) return v;
  }
  return 0;
}

/** The key in prior j's table of the current position (`color` to move; the same threats used),
 *  or -1 where a proof there for `winner` need not hold here: the winner holds fewer threats
 *  than it did there. (Its proof holds where it met no refused move of the other side: the
 *  caller checks that.) */
export function searchPriorKey(j: i32, color: i32, winner: i32): f64 {
  if (j >= priors) return -1;
  const a = PRIOR + (<usize>j << 4);
  const mB = priorThreats(a, BLACK), mW = priorThreats(a, WHITE);
  if ((winner == BLACK ? mB > threatsB : mW > threatsW)) return -1;
  return <f64>countedKey(baseKey(color), mB, mW);
}

/** A prior's best move at the current position, proven or not and whatever it favours: a move
 *  order, not a value (the search with threats mostly wins by the same moves). -2 none. */
function priorHint(color: i32): i32 {
  if (priors == 0) return -2;
  const base = baseKey(color);
  for (let j = 0; j < priors; j++) {
    const a = PRIOR + (<usize>j << 4);
    if (findIn(load<i32>(a), countedKey(base, priorThreats(a, BLACK), priorThreats(a, WHITE))) && (wInfo(found) & BEST) != 0)
      return (wInfo(found) & BEST) - 2;
  }
  return -2;
}


/** The table's winning move at the current position: its own proof first, then the others'
 *  (best + 2; 0 none; the move of the deepening's table comes between, in TypeScript). */
export function searchProvenBest(color: i32): i32 {
  const v = provenIn(cur, keyOf(color));
  return v == 0 ? 0 : (v >> 2) & BEST;
}
export function searchElsewhereBest(color: i32): i32 {
  const v = priorValue(color);
  return v == 0 ? 0 : (v >> 2) & BEST;
}


// ---- df-pn (with the 1+epsilon threshold trick) ------------------------------------------------
// pn: how many leaves must still be proven for the attacker to win; dn: to disprove it.
const KID_CAP: i32 = 1 << 18;
const KID_MOVE: usize = memory.data(KID_CAP * 4, 16);
const KID_KEY: usize = memory.data(KID_CAP * 8, 16);
const KID_INFO: usize = memory.data(KID_CAP * 4, 16); // terminal + 2 | libs << 2 | elsewhere + 2 << 12 | onPath << 16 | elsewhere's met << 17
let kidTop: i32 = 0;
const DFPN_CAP: i32 = MAX_PLY + 8;
const DFPN_KEYS: usize = memory.data(DFPN_CAP * 8, 16); // the keys of the df-pn line (the repetition rule of its numbers)
const ONDFPN: usize = memory.data(4096, 16);
let dfpnTop: i32 = 0;
let dfpnStart: f64 = 0;
export let sLooping: bool = false;

/** df-pn from the current position (`depth` moves below the question's root): WIN or LOSS (to be
 *  verified) or UNKNOWN. */
export function searchDfpn(toMove: i32, depth: i32): i32 {
  const key = keyOf(toMove);
  dfpnTop = 0;
  memory.fill(ONDFPN, 0, 4096);
  dfpnStart = sNodes;
  sLooping = false;
  kidTop = 0;
  mid(toMove, depth, INF - 1, INF - 1);
  if (sLooping) return UNKNOWN;
  if (!findIn(cur, key)) return UNKNOWN;
  const pn = wPn(found), dn = wDn(found);
  return pn == 0 ? WIN : dn == 0 ? LOSS : UNKNOWN;
}

/**
 * df-pn with repetitions can go round for ever: a position's numbers depend on which positions
 * are on the path, so the same few positions are expanded again and again while the table stops
 * growing (measured on a real game: 500,000 expansions over 248 positions, where iterative
 * deepening proves the answer in 7,000 nodes). On the first 60 public problems a df-pn that
 * proves its answer expands at most about 1.5 times the positions it keeps; eight times as many
 * (past a start of 2,000) means it is going round: stop, and let the caller try iterative
 * deepening. Only with the "finished-game" tuning: on the problems, a df-pn that looks stalled
 * by this measure still gets there first more often than deepening.
 */
@inline function stalled(): bool {
  if (sLooping) return true;
  if (!loopGuard) return false;
  if ((tick & 1023) == 0 && sNodes - dfpnStart > 2000 + 8 * <f64>tCount(cur)) sLooping = true;
  return sLooping;
}

@inline function onDfpnPath(k: u64): bool {
  if (load<u8>(ONDFPN + <usize>(<i32>k & 4095)) == 0) return false;
  for (let i = 0; i < dfpnTop; i++) if (load<u64>(DFPN_KEYS + (<usize>i << 3)) == k) return true;
  return false;
}

@inline function eps(x: i32): i32 { return x >= INF ? INF : <i32>Math.ceil(<f64>x * 1.25) + 1; }

const KID_PN: usize = memory.data(KID_CAP * 4, 16);
const KID_DN: usize = memory.data(KID_CAP * 4, 16);

/** A child's proof and disproof numbers, into KID_PN and KID_DN. */
/** the children of the node whose numbers kidNumbers finds */
let kidsHere: i32 = 0;
function kidNumbers(at: i32, orNode: bool): void {
  const info = load<i32>(KID_INFO + (<usize>at << 2));
  let kp: i32, kd: i32;
  const term = (info & 3) - 2;
  if (term != 0) {
    kp = term == WIN ? 0 : INF;
    kd = term == WIN ? INF : 0;
  } else if ((info & (1 << 16)) != 0) {
    // repeating a position on the current path counts as a loss for the player repeating it
    kp = orNode ? INF : 0;
    kd = orNode ? 0 : INF;
  } else {
    const has = findIn(cur, load<u64>(KID_KEY + (<usize>at << 3)));
    const ew = (info >> 12) & 3;
    if (!has && ew != 0) {
      kp = ew - 2 == WIN ? 0 : INF;
      kd = ew - 2 == WIN ? INF : 0;
    } else if (has) {
      kp = wPn(found); kd = wDn(found);
    } else {
      // unexplored: a target short of liberties is cheaper to prove captured
      const libs = (info >> 2) & 1023;
      kp = libs - 1 > 1 ? libs - 1 : 1;
      kd = 1;
      // mobility: the side to move in the child has about as many moves as the parent's mover,
      // and each must be answered (measured on the 104 problems, answers alone at 5 s: 6.35M
      // nodes and 1 unknown, against 8.99M and 2 without; a quarter instead of an eighth: 6.81M).
      // (The caller chooses: with outside threats a threat lets a line go round past the
      // repetition rules, and there mobility kept df-pn going round on the triple ko, while it
      // found gop/15180's ko at once: see prove.ts, askWithKoIn.)
      if (mobility) { if (orNode) kp += kidsHere >> 3; else kd += kidsHere >> 3; }
    }
  }
  store<i32>(KID_PN + (<usize>at << 2), kp);
  store<i32>(KID_DN + (<usize>at << 2), kd);
}

/** Whether a proof met a refused move of the losing side (MET or 0): through the winning child
 *  where the side to move wins, else at this node (`refused`, a child that repeats the line) or
 *  through any child. */
function metBelow(base: i32, n: i32, bestI: i32, moverWins: bool, refused: bool): i32 {
  if (moverWins) return kidMet(base + bestI);
  if (refused) return MET;
  for (let i = 0; i < n; i++) if (kidMet(base + i) != 0) return MET;
  return 0;
}

function kidMet(at: i32): i32 {
  const info = load<i32>(KID_INFO + (<usize>at << 2));
  if ((info & 3) - 2 != 0) return 0; // terminal
  if ((info & (1 << 16)) != 0) return MET;
  if (findIn(cur, load<u64>(KID_KEY + (<usize>at << 3)))) return wInfo(found) & MET;
  return (info & (1 << 17)) != 0 ? MET : 0;
}

function mid(color: i32, depth: i32, thpn: i32, thdn: i32): void {
  sNodes += 1;
  const key = keyOf(color);
  const orNode = color == attacker;
  const base = kidTop;
  // children: legality, terminal values and keys, found once per visit
  const hint = findIn(cur, key) ? (wInfo(found) & BEST) - 2 : priorHint(color);
  const nm = movesInto(MOVES_AT + (<usize>depth * 400 << 2), color, hint);
  if (base + nm >= KID_CAP || dfpnTop >= DFPN_CAP) { sBudgetOut = true; return; }
  // (the node's key on the line first: a child that repeats it counts as on the path)
  store<u64>(DFPN_KEYS + (<usize>dfpnTop << 3), key);
  dfpnTop++;
  const ob = ONDFPN + <usize>(<i32>key & 4095);
  store<u8>(ob, load<u8>(ob) + 1);
  if (team) atomic.add<u8>(busyAt(key), 1);
  let n = 0;
  let refused = false; // a move of the side to move refused by a repetition rule
  for (let j = 0; j < nm; j++) {
    const mv = load<i32>(MOVES_AT + (<usize>(depth * 400 + j) << 2));
    const at = base + n;
    // the attacker's pass always loses when two passes end play: the defender passes too
    if (orNode && mv == PASS && endPasses == 2) {
      store<i32>(KID_MOVE + (<usize>at << 2), mv);
      store<u64>(KID_KEY + (<usize>at << 3), 0);
      store<i32>(KID_INFO + (<usize>at << 2), LOSS + 2);
      n++;
      continue;
    }
    const a = searchApply(mv, color, depth);
    if ((a & A_OK) == 0) { if ((a & REPETITION) != 0) refused = true; continue; }
    const term = (a >> 1) & 3;
    let info = 0;
    let k: u64 = 0;
    if (term == 0) {
      k = keyOf(color ^ 3);
      const libs = libertiesCached();
      info = 2 | (libs << 2);
      if (onDfpnPath(k)) info |= 1 << 16;
      else if (priors > 0 && !findIn(cur, k)) {
        // proven by the search before (looked up once per visit)
        const v = priorValue(color ^ 3);
        if (v != 0) info |= ((v & 3)) << 12 | (((v >> 2) & MET) != 0 ? 1 << 17 : 0);
      }
    } else info = (term == 1 ? WIN : LOSS) + 2;
    store<i32>(KID_MOVE + (<usize>at << 2), mv);
    store<u64>(KID_KEY + (<usize>at << 3), k);
    store<i32>(KID_INFO + (<usize>at << 2), info);
    n++;
    searchUndo(depth);
  }
  kidTop = base + n;
  // the children's numbers, found once per visit; afterwards only the child just searched
  // changes (a transposition's change under a sibling is seen at the next visit)
  kidsHere = n;
  for (let i = 0; i < n; i++) kidNumbers(base + i, orNode);
  let turn = 0;
  while (true) {
    if (team && turn++ > 0) for (let i = 0; i < n; i++) kidNumbers(base + i, orNode);
    let pn: i32, dn: i32;
    let bestI = -1, second = INF, bestV = INF, bestOther = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const at = base + i;
      const kp = load<i32>(KID_PN + (<usize>at << 2)), kd = load<i32>(KID_DN + (<usize>at << 2));
      if (orNode) {
        sum = min(INF, sum + kd);
        if (kp < bestV) { second = bestV; bestV = kp; bestI = i; bestOther = kd; } else if (kp < second) second = kp;
      } else {
        sum = min(INF, sum + kp);
        if (kd < bestV) { second = bestV; bestV = kd; bestI = i; bestOther = kp; } else if (kd < second) second = kd;
      }
    }
    if (orNode) { pn = bestV; dn = sum; } else { pn = sum; dn = bestV; }
    const proven = pn == 0 || dn == 0;
    if (pn >= thpn || dn >= thdn || proven || outOfBudget() || stalled() || bestI < 0) {
      const best = bestI >= 0 ? load<i32>(KID_MOVE + (<usize>(base + bestI) << 2)) : -2;
      store3(key, pn, dn, best, proven ? metBelow(base, n, bestI, orNode == (pn == 0), refused) : 0);
      if (proven && best >= 0) searchReward(color, best, 1);
      break;
    }
    if (team) {
      const t = teamChoice(base, n, orNode, orNode ? thpn : thdn);
      if (t >= 0 && t != bestI) {
        bestI = t; second = teamSecond;
        bestOther = load<i32>((orNode ? KID_DN : KID_PN) + (<usize>(base + t) << 2));
      }
    }
    const at = base + bestI;
    // 1+epsilon: let the child run a little past the second-best before switching
    let cpn: i32, cdn: i32;
    if (orNode) {
      cpn = min(thpn, eps(second));
      cdn = <i32>min(<i64>(INF - 1), <i64>thdn - <i64>dn + <i64>bestOther);
    } else {
      cdn = min(thdn, eps(second));
      cpn = <i32>min(<i64>(INF - 1), <i64>thpn - <i64>pn + <i64>bestOther);
    }
    const mv = load<i32>(KID_MOVE + (<usize>at << 2));
    const a = searchApply(mv, color, depth);
    if ((a & A_OK) == 0) { // cannot happen: legality was just checked
      store<i32>(KID_INFO + (<usize>at << 2), (orNode ? LOSS : WIN) + 2);
      kidNumbers(at, orNode);
      continue;
    }
    if (((a >> 1) & 3) == 0) mid(color ^ 3, depth + 1, cpn, cdn);
    searchUndo(depth);
    kidsHere = n;
    kidNumbers(at, orNode);
  }
  dfpnTop--;
  store<u8>(ob, load<u8>(ob) - 1);
  if (team) atomic.sub<u8>(busyAt(key), 1);
  kidTop = base;
}

/** the second-best number as teamChoice counts it */
let teamSecond: i32 = INF;
/** A team's choice of child: the best once each busy child's number (pn at an OR node, dn at an
 *  AND node) counts 1 + busy times itself + busy; -1 where that child's own number is not below
 *  the node's threshold `th` (it would return at once). */
function teamChoice(base: i32, n: i32, orNode: bool, th: i32): i32 {
  const nums = orNode ? KID_PN : KID_DN;
  let best = INF, second = INF, bestI = -1;
  for (let i = 0; i < n; i++) {
    const at = base + i;
    let v = load<i32>(nums + (<usize>at << 2));
    if (v != 0 && v < INF) {
      const b = <i32>atomic.load<u8>(busyAt(load<u64>(KID_KEY + (<usize>at << 3))));
      if (b != 0) v = <i32>min(<i64>(INF - 1), <i64>v + <i64>b * <i64>(v + 1));
    }
    if (v < best) { second = best; best = v; bestI = i; } else if (v < second) second = v;
  }
  if (bestI < 0 || load<i32>(nums + (<usize>(base + bestI) << 2)) >= th) return -1;
  teamSecond = second;
  return bestI;
}

// each depth's candidate moves (row-major), written once per visit
const MOVES_AT: usize = memory.data(MAX_PLY * 400 * 4, 16);
