// `--dead auto`: the status of every group of a finished game, settled by prove-by-capture
// (ing 1.6 提證死活, new-ing 2.7, grand 4.4): stones are dead exactly when they can be captured
// in continued play started by the player the rule set's dispute procedure names.
//
// Nothing is skipped and nothing is silent. Every string ends in one group with one status:
// - alive by Benson (unconditionally alive: no sequence of the opponent's moves captures it);
// - proven dead, alive or seki by a local proof (the region and its assumption are reported);
// - alive by its eye regions (eyes.ts: Benson's algorithm with searched regions, no assumption);
// - unresolved, with the reason (budget, region not local), counted as the estimate says.
// Which groups to prove, and which way, comes from an estimate: tactical playouts from the final
// position in the core (ownership). The estimate never decides a proven group: a proof that
// contradicts it wins, and is reported as such.
import { other, type Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import { connected, libertiesOf, neighbours, stringsOf } from "../core/grid.js";
import { Game } from "../core/game.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import type { Dispute, DisputeBudget, GroupStatus, Settlement } from "../rules/dispute.js";
import { aliveByEyeRegions, type EyeCache } from "./eyes.js";
import { bensonAlive, type SearchRegion } from "./region.js";
import { ask, type ProofNode } from "./prove.js";
import type { ProblemSpec } from "./search.js";

/** Tactical playouts for the ownership estimate (about 190 ms on a finished 19x19 position per 1000). */
const PLAYOUTS = 2000;
/** Ownership (from the stones' side, -1..1) below which a string is taken to be dead. */
const DEAD_BELOW = 0;
/** Above this estimate a group is taken as surely alive and only checked for a lost string; below
 *  it the capture of the whole group is what is asked. */
const ALIVE_SURE = 0.3;
/** Ownership a point needs to belong to a side's area when a local region is drawn. */
const AREA = 0.3;
/** The share of a group's time that iterative deepening gets before df-pn (see prove.ts settle). */
const DEEPENING_SHARE = 0.3;
/** A local region larger than this many points is not searched: the proof would not be local. */
const MAX_REGION = 80;

type DisputeBase = Omit<Dispute, "status" | "by" | "counted">;

interface Board { width: number; height: number; board: Uint8Array }

/**
 * A local region for a group of `defender` strings: the group, and the points around it that the
 * estimate gives to `side` (the attacker's area when the group is thought dead, the defender's
 * own when it is thought alive), with the opponent's stones inside them. Attacker strings that
 * border it are its boundary, taken as safe. The defender's plays that leave it (next to its own
 * stones outside, or to empty points outside) are exits. Null when the region is too large.
 */
export function localRegion(b: Board, group: number[], defender: Color, own: Float32Array, side: Color,
  inGroup: (p: number) => boolean, thoughtDead: (p: number) => boolean = () => false): SearchRegion | null {
  const { width, height, board } = b;
  const d = defender === "B" ? 1 : 2;
  const a = 3 - d;
  const deadGroup = side !== defender;
  const sideSign = side === "B" ? 1 : -1;
  // a dead group's region: every empty point around it that is not clearly the defender's; a
  // living group's: its own area, with the attacker's stones inside it (dead stones, cutters)
  // (the attacker's strings thought dead are inside it: taking them is no escape)
  const inArea = deadGroup ? (p: number) => (board[p] === 0 && own[p] * sideSign > -AREA) || (board[p] === a && thoughtDead(p))
    : (p: number) => (board[p] === 0 || board[p] === a) && own[p] * sideSign > AREA;
  let core = connected(group, (q) => inGroup(q) || inArea(q), width, height);
  // a dead group on open ground: the points nearest it, as far out as the size allows; the
  // region's edge then has exits (reaching them is an escape, so the proof stays sound)
  if (core.size > MAX_REGION && deadGroup) core = nearest(group, (q) => inGroup(q) || inArea(q), MAX_REGION, width, height);
  if (core.size > MAX_REGION) return null;
  // the group's own liberties are always in a dead group's region, even where the estimate
  // gives them to the defender: without them the attacker could not even try, and "not
  // captured" would be no proof (GNU Go's owl.tst 1: Black's D8 alone, "alive" in no moves)
  if (deadGroup) for (const p of group) for (const q of neighbours(p, width, height)) if (board[q] === 0) core.add(q);
  const points = new Set(core);
  const boundary = new Set<number>();
  for (const p of core) {
    for (const q of neighbours(p, width, height)) {
      if (core.has(q)) continue;
      if (board[q] === a) for (const r of connected([q], (t) => board[t] === a, width, height)) boundary.add(r);
      else if (board[q] === 0 && !deadGroup) points.add(q); // a living group's liberties: a margin of one point
      // the liberties of the attacker's strings inside (thought dead): outside the region no one
      // could fill them, and those strings could never be taken (KGS 2003-09-09-6: White's 18
      // stones "proven" dead because Black's E11 F11 E10 kept liberties outside)
      else if (board[q] === 0 && board[p] === a) points.add(q);
    }
  }
  // a boundary string short of liberties is no safe wall: its liberties are in the region, so
  // the defender may take it (an escape) wherever they are (GNU Go's owl.tst 44: Black lives by
  // taking White's C1 from D1, outside the region)
  if (deadGroup) {
    for (const string of stringsOf(board, width, height, a).members) {
      if (!boundary.has(string[0])) continue;
      const libs = libertiesOf(string, board, width, height);
      if (libs.size <= WEAK_BOUNDARY) for (const q of libs) points.add(q);
    }
  }
  // a living group's eye space whole: the empty points next to the region that are not clearly
  // the attacker's join it, until none is left (outside the region no one plays, so an eye point
  // left out could never be filled: the square four's A19, two points from every White stone,
  // "lived" in 83 nodes)
  if (!deadGroup) {
    if (!floodEmpty(b, points, (q) => own[q] * sideSign > -AREA, MAX_REGION)) return null;
    for (const r of boundaryOf(b, points, a)) boundary.add(r);
  }
  if (points.size > MAX_REGION) return null;
  const targetStones = new Set(group.filter((p) => board[p] === d));
  const ways = exitsOf(b, points, d);
  // a dead group's way out (a point next to its own stones outside, or to room outside) is an
  // escape; a living group may not play there at all (its stones would take liberties no one
  // could fill: barring the defender only makes life harder, so a proof of life stays sound)
  return deadGroup ? { points: [...points].sort((x, y) => x - y), boundary, closedByLife: false, targetStones, exits: ways }
    : { points: [...points].sort((x, y) => x - y), boundary, closedByLife: false, targetStones, exits: new Set(), barred: ways };
}

/** One proof's escapes: the exits the group's own strings reached, and whether any escape was of
 *  another kind (a boundary string taken, or another of the defender's strings out). */
interface Escape { exits: number[]; captures: boolean }

/** One group's settlement, with what the fights between groups need from its proof. */
interface Settled {
  dispute: Dispute;
  /** the opponent's stones the proof took as safe, or fought inside its region */
  safe: Set<number>;
  /** the proof's escapes, when the group escaped (see joinLiving) */
  escape: Escape[] | null;
  /** the region the proof was found in */
  region: SearchRegion | null;
  /** the proof showed a string of the group can be captured */
  lost: boolean;
  /** alive by a proof that takes its wall as safe, after a string was lost with its ways out
   *  barred: a proof by eye regions, which assumes nothing, is still sought (eyeLife) */
  walled?: boolean;
}

/** A boundary string with at most this many liberties is not taken as safe: its liberties are
 *  in the region (localRegion). */
const WEAK_BOUNDARY = 2;
/** A boundary string with at most this many liberties can be captured in a local fight: a region
 *  widened after an escape takes it in. */
const WIDEN_LIBERTIES = 4;
/** How many times a region is widened after an escape before the group is left unresolved. */
const WIDENINGS = 3;

/**
 * The region one step wider, after a proof whose defender escaped it: the boundary strings short
 * of liberties join it (taking one becomes play inside the region, answered by the search, not
 * an escape) with their liberties, and so do the defender's own strings next to its exits (the
 * group and they are fought for together; they are not targets) and the empty points there. The attacker
 * strings around the new region are its boundary; the attacker's clear area next to it comes in
 * whole (as in localRegion); its exits are found as localRegion does.
 * Null when the region would pass MAX_REGION empty points, or does not grow.
 */
export function widen(b: Board, region: SearchRegion, defender: Color, attackerArea: (p: number) => boolean): SearchRegion | null {
  const { width, height, board } = b;
  const d = defender === "B" ? 1 : 2;
  const a = 3 - d;
  const points = new Set(region.points);
  const before = points.size;
  const grow: number[] = [...(region.exits ?? [])];
  for (const string of stringsOf(board, width, height, a).members) {
    if (!region.boundary.has(string[0])) continue;
    if (libertiesOf(string, board, width, height).size > WIDEN_LIBERTIES) continue;
    for (const p of string) points.add(p);
    grow.push(...string);
  }
  // the defender's own strings an exit reaches: the fight now includes them (not as targets)
  for (const e of region.exits ?? []) {
    for (const q of neighbours(e, width, height)) {
      if (board[q] !== d || points.has(q)) continue;
      const string = [...connected([q], (t) => board[t] === d, width, height)];
      for (const p of string) points.add(p);
      grow.push(...string);
    }
  }
  for (const p of grow) for (const q of neighbours(p, width, height)) if (board[q] === 0) points.add(q);
  if (points.size === before) return null;
  // the attacker's clear area next to the new points comes in whole, as in localRegion: outside
  // the region no one plays, so a defender stone next to an empty point left out would have a
  // liberty no one can fill (GNU Go's owl.tst 30: White "lived" in the corner because Black
  // could not play A6)
  floodEmpty(b, points, attackerArea);
  if ([...points].filter((p) => board[p] === 0).length > MAX_REGION) return null;
  const boundary = boundaryOf(b, points, a);
  // a living group's ways out stay barred, as in localRegion
  const ways = exitsOf(b, points, d);
  return { points: [...points].sort((x, y) => x - y), boundary, closedByLife: false, targetStones: region.targetStones,
    ...(region.barred ? { exits: new Set<number>(), barred: ways } : { exits: ways }) };
}

/** Adds to `points` every empty point joined to its empty points through empty points that
 *  `accept`; false as soon as `points` would pass `most`. */
function floodEmpty(b: Board, points: Set<number>, accept: (p: number) => boolean, most = Infinity): boolean {
  const { width, height, board } = b;
  const stack = [...points].filter((p) => board[p] === 0);
  while (stack.length) {
    const p = stack.pop()!;
    for (const q of neighbours(p, width, height)) {
      if (board[q] !== 0 || points.has(q) || !accept(q)) continue;
      points.add(q);
      stack.push(q);
      if (points.size > most) return false;
    }
  }
  return true;
}

/** A region's boundary: the strings of colour `a` next to its points and outside them, whole. */
function boundaryOf(b: Board, points: Set<number>, a: number): Set<number> {
  const { width, height, board } = b;
  const boundary = new Set<number>();
  for (const p of points) {
    for (const q of neighbours(p, width, height)) {
      if (!points.has(q) && board[q] === a && !boundary.has(q)) for (const r of connected([q], (t) => board[t] === a, width, height)) boundary.add(r);
    }
  }
  return boundary;
}

/** A region's exits: its empty points next to the defender's (`d`) stones or to empty points
 *  outside it; the defender playing there gets out. */
function exitsOf(b: Board, points: Set<number>, d: number): Set<number> {
  const { width, height, board } = b;
  const exits = new Set<number>();
  for (const p of points) {
    if (board[p] !== 0) continue;
    if (neighbours(p, width, height).some((q) => !points.has(q) && (board[q] === d || board[q] === 0))) exits.add(p);
  }
  return exits;
}

/**
 * The local question for a group: can the attacker, `toMove` first, capture all (or any) of the
 * target strings in `region`? Asked with the finished-game tuning; after an escape the region is
 * widened and the question asked again (up to WIDENINGS times, in the same budget). Returns the
 * last answer with the nodes of all of them, the region it was found in, and each proof's
 * escapes (any of them may show the group joining its own living stones).
 */
/** The proof tree behind a dispute's main line, where the settlement kept trees
 *  (DisputeBudget.proofs). Keyed by the line itself, which every copy of the dispute shares, so
 *  that the ruling's JSON carries no tree. */
const treeOfLine = new WeakMap<readonly string[], ProofNode>();
export const proofTreeOf = (d: Pick<Dispute, "line">): ProofNode | undefined => treeOfLine.get(d.line);

export function askLocal(pos: Board, rules: RuleSet, defender: Color, targets: number[], region: SearchRegion,
  own: Float32Array, goal: "all" | "any", toMove: Color,
  budget: { positions: number; deadline: number; cancelled?: () => boolean; proofs?: boolean }) {
  const { width, height, board } = pos;
  // one positions budget for all the questions (the widenings take what the first left)
  let positions = 0;
  let nodes = 0;
  const asked = (r: SearchRegion, rimGift = false) => {
    const a = ask({ width, height, board, rules, defender, targets, region: r, goal, tuning: "finished-game", rimGift }, toMove,
      { maxNodes: Number.MAX_SAFE_INTEGER, maxPositions: Math.max(1, budget.positions - positions), deadline: budget.deadline,
        cancelled: budget.cancelled }, budget.proofs === true, DEEPENING_SHARE);
    if (a.proof) treeOfLine.set(a.line, a.proof);
    nodes += a.nodes;
    positions += a.positions ?? 0;
    return a;
  };
  // on open ground an escape may be only the attacker's own play on the rim, which a proof of
  // death may not rest on: asked again with the attacker keeping such stones (a gift that only
  // makes life harder), "not captured" without an escape is a proof of life
  const withGift = (r: SearchRegion, a: ReturnType<typeof asked>) => {
    if (!(a.captured === false && a.escapes > 0 && a.escapeElse && r.exits?.size)) return a;
    if (positions >= budget.positions || performance.now() >= budget.deadline) return a;
    const g = asked(r, true);
    return g.captured === false && g.escapes === 0 ? g : a;
  };
  let q = withGift(region, asked(region));
  const escapes: Escape[] = [];
  const noteEscapes = (r: typeof q) => { if (r.captured === false && r.escapes > 0) escapes.push({ exits: r.escapeMoves, captures: r.escapeElse }); };
  noteEscapes(q);
  // an escape is a reason to look wider, not a proof: widen the region step by step
  for (let k = 0; k < WIDENINGS && q.captured === false && q.escapes > 0 && positions < budget.positions && performance.now() < budget.deadline; k++) {
    const wider = widen(pos, region, defender, (p) => own[p] * (defender === "B" ? -1 : 1) > AREA);
    if (!wider) break;
    const w = asked(wider);
    if (w.captured === null) break;
    region = wider;
    q = withGift(wider, w);
    noteEscapes(q);
  }
  return { q: { ...q, nodes, positions }, region, escapes };
}

/** The points reachable from the seeds through `inside`, ring by ring (breadth first), keeping
 *  only whole rings while the total stays within `most`. */
function nearest(seeds: number[], inside: (p: number) => boolean, most: number, width: number, height: number): Set<number> {
  const seen = new Set(seeds);
  let ring = [...seeds];
  while (ring.length) {
    const next: number[] = [];
    for (const p of ring) {
      for (const q of neighbours(p, width, height)) {
        if (!seen.has(q) && inside(q) && !next.includes(q)) next.push(q);
      }
    }
    if (seen.size + next.length > most) break;
    for (const q of next) seen.add(q);
    ring = next;
  }
  return seen;
}

/**
 * Settles every group of the final position. `firstToMove` is who starts continued play under the
 * rule set's dispute procedure; the ruling is the answer with that player moving first.
 * `agreedDead`: the stones the players marked dead, where the record has marks.
 */
export function settleDisputes(pos: Board, rules: RuleSet, firstToMove: Color, budget: DisputeBudget,
  agreedDead?: Set<number>): Settlement {
  const { width, height, board } = pos;
  const t0 = performance.now();
  const gtp = (p: number) => indexToGtp(p, width, height);
  const benson = { 1: bensonAlive(pos, 1, rules), 2: bensonAlive(pos, 2, rules) } as Record<number, Set<number>>;
  const { id, members } = stringsOf(board, width, height);
  const game = new Game({ width, height, suicide: "forbidden", ko: "simple", toMove: firstToMove });
  game.setup(board, firstToMove);
  const own = game.ownership(PLAYOUTS, 0x9e3779b9, firstToMove);
  // each string's estimate from its own side
  const estimate = members.map((s) => estimateOf(s, board, own));

  // groups: the strings of one colour that the estimate puts on the same side (dead, or alive)
  // and that share an area (the opponent's area for dead ones, their own for living ones), so
  // that strings whose fate depends on each other are settled together
  const thoughtDead = (s: number) => estimate[s] < DEAD_BELOW;
  const groupOf = new Int32Array(members.length).fill(-1);
  const groups: number[][] = [];
  for (let s = 0; s < members.length; s++) {
    if (groupOf[s] >= 0) continue;
    const c = board[members[s][0]];
    const g = [s];
    groupOf[s] = groups.length;
    if (!benson[c].has(members[s][0])) {
      const dead = thoughtDead(s);
      const sign = (c === 1) === dead ? -1 : 1; // whose area: the opponent's for dead strings
      const area = connected(members[s], (q) => (board[q] === 0 && own[q] * sign > AREA) ||
        (board[q] === c && thoughtDead(id[q]) === dead && !benson[c].has(q)), width, height);
      for (const p of area) {
        const t = id[p];
        if (t >= 0 && groupOf[t] < 0) {
          groupOf[t] = groups.length;
          g.push(t);
        }
      }
    }
    groups.push(g);
  }

  /** One group's status: Benson, else a local proof with the estimate choosing the question;
   *  `given`: a region to ask in (a race's), `question`: as the estimate chooses, or in the
   *  attacker's area whatever it says: can the whole group be captured ("whole"), or any string
   *  of it ("each", which settles life only); `share`: of the group's budget. */
  const settleGroup = (g: number[], stones: number[], base: DisputeBase, given?: SearchRegion,
    question: "estimate" | "whole" | "each" = "estimate",
    share = question !== "estimate" || base.estimate >= ALIVE_SURE ? 0.25 : 1): Settled => {
    const c = board[stones[0]];
    const without = (dispute: Dispute): Settled => ({ dispute, safe: new Set(), escape: null, region: null, lost: false });
    if (g.every((s) => benson[c].has(members[s][0]))) return without({ ...base, status: "alive", by: "benson", counted: "alive" });
    const colour = base.colour;
    const deadGroup = base.estimate < DEAD_BELOW;
    // the question: can the attacker capture the whole group (for a group thought dead, or one
    // the estimate leaves in doubt), or can it take any string of a group thought alive
    const askCapture = question !== "estimate" || base.estimate < ALIVE_SURE;
    // the players' agreement, where the record has it, counts an unresolved group; else the estimate
    const unresolved = (reason: string, extra: Partial<Dispute> = {}): Dispute => base.agreed
      ? { ...base, status: base.agreed, by: "agreement", counted: base.agreed, reason, ...extra }
      : { ...base, status: "unresolved", by: "estimate", counted: deadGroup ? "dead" : "alive", reason, ...extra };
    const inGroup = new Set(stones);
    let region = given ?? localRegion(pos, stones, colour, own, askCapture ? other(colour) : colour, (p) => inGroup.has(p),
      (p) => thoughtDead(id[p]));
    if (!region) return without(unresolved(`region not local: more than ${MAX_REGION} points around the group`));
    const left = (budget.totalMs ?? Infinity) - (performance.now() - t0);
    if (budget.cancelled?.()) return without(unresolved("cancelled: the answer was no longer wanted before this group was settled"));
    if (left <= 0) return without(unresolved("budget: the position's time ran out before this group"));
    const t1 = performance.now();
    // the count turns on the groups in doubt: a check of a group surely alive gets a quarter
    const timeMs = Math.min(budget.timeMs * share, left);
    const positions = Math.max(1, Math.floor(budget.positions * share));
    const targets = g.map((s) => members[s][0]);
    const local = askLocal(pos, rules, colour, targets, region, own, askCapture && question !== "each" ? "all" : "any", firstToMove,
      { positions, deadline: t1 + timeMs, cancelled: budget.cancelled, proofs: budget.proofs });
    const { q, escapes } = local;
    region = local.region;
    const regionOut = { points: region.points.length, boundary: [...new Set([...region.boundary].map((p) => id[p]))]
      .map((s) => gtp(members[s][0])), exits: region.exits?.size ?? 0 };
    const proof = { region: regionOut, nodes: q.nodes, positions: q.positions ?? 0, timeMs: Math.round(performance.now() - t1), line: q.line };
    // the opponent's stones the proof took as safe or fought: their own fate bears on this one
    const safe = new Set([...region.boundary, ...region.points.filter((p) => board[p] !== 0 && board[p] !== c)]);
    const settled = (dispute: Dispute, more: Partial<Settled> = {}): Settled => ({ dispute, safe, escape: null, region, lost: false, ...more });
    if (q.captured === null) {
      const why = (q.positions ?? 0) >= positions ? `no proof within ${positions} positions` : `no proof within ${Math.round(timeMs)} ms`;
      return settled(unresolved(`budget: ${why}`, { ...proof, line: [] }));
    }
    // (a string taken where the ways out are open says nothing of the group's death; its
    // escapes, which end a line before the other strings are tried, are no proof of life)
    if (question === "each" && (q.captured || q.escapes > 0)) return settled(unresolved(q.captured
      ? `a string of the group can be captured with its ways out open (${q.line.slice(0, 6).join(", ")})`
      : "a string of the group escapes its local region", proof));
    // "any" won: some string of the group falls, which may be a sacrifice, not the group's death
    // (then the question is whether the whole group can be captured, asked as for a group
    // thought dead: in the attacker's area, with its exits and weak walls; a quarter of the time)
    if (!askCapture && q.captured) {
      const lost = `a string of the group can be captured in its local region (${q.line.slice(0, 6).join(", ")}); the estimate says alive`;
      const whole = settleGroup(g, stones, base, undefined, "whole");
      const d = whole.dispute;
      if (d.by === "proof" && d.status === "dead") return { ...whole, dispute: { ...d, reason: `${lost}; the whole group can be captured too` } };
      // a group of one string: "the whole group" is that string, asked where the capture proof
      // is sound (the attacker's area, the exits open as escapes). Not captured there is its
      // proof of life: the capture above came from the living region's barred exits (KGS
      // 2003-05-21-7: White's D5 "lost" with its connection E5 to E6 barred). Its escapes, if
      // any, go to joinLiving.
      if (g.length === 1 && d.by === "proof" && d.status === "alive") {
        return { ...whole, walled: true, dispute: { ...d, reason: `${lost}, but only with its ways out barred: asked with them open, it is not captured` } };
      }
      if (g.length === 1 && whole.escape) return { ...whole, lost: true, dispute: { ...whole.dispute, reason: `${lost}; asked with its ways out open: ${d.reason}` } };
      // several strings: "not all captured" is not each one alive; asked whether any string can
      // be captured with the ways out open, "not captured" without an escape is
      if (g.length > 1) {
        const each = settleGroup(g, stones, base, undefined, "each");
        const e = each.dispute;
        if (e.by === "proof" && e.status === "alive") {
          return { ...each, walled: true, dispute: { ...e, reason: `${lost}, but only with its ways out barred: asked with them open, no string of it is captured` } };
        }
      }
      return settled(unresolved(lost, proof), { lost: true });
    }
    // the defender lives only by capturing a boundary string or leaving the region: wider play,
    // not this local proof, would decide (counting the escape as life was measured: it loses
    // more games than it wins, 47 against 48 of 60)
    if (!q.captured && q.escapes > 0) {
      // (counting a group in doubt that escapes as alive was measured again: 240 of 300 games
      // against 251, 2026-12-01)
      return settled(unresolved("the group escapes its local region (captures a boundary string or reaches outside), or the attacker's stones inside it reach outside: not settled locally", proof),
        { escape: escapes });
    }
    const status: GroupStatus = q.captured ? "dead" : "alive";
    return settled({ ...base, status, by: "proof", counted: status, ...proof, ko: q.koRefused ? "ko" : "unconditional",
      ...(deadGroup !== q.captured ? { reason: `the proof contradicts the estimate (${base.estimate}): ${status}` } : {}) });
  };

  const disputes: Dispute[] = [];
  const stonesOf: number[][] = [];
  const safeOf: Set<number>[] = [];
  const escapeOf: (Escape[] | null)[] = [];
  const regionOf: (SearchRegion | null)[] = [];
  /** the group's own proof shows a string of it can be captured */
  const lostOf: boolean[] = [];
  const walledOf: boolean[] = [];
  const bases: DisputeBase[] = [];
  const settleAgain = (i: number, region?: SearchRegion, whole = false) => {
    const r = whole ? settleGroup(groups[i], stonesOf[i], bases[i], region, "whole", 1) : settleGroup(groups[i], stonesOf[i], bases[i], region);
    disputes[i] = r.dispute;
    lostOf[i] = r.lost;
    walledOf[i] = r.walled === true;
    safeOf[i] = r.safe;
    escapeOf[i] = r.escape;
    regionOf[i] = r.region;
  };
  groups.forEach((g, i) => {
    const stones = g.flatMap((s) => members[s]);
    const est = g.reduce((t, s) => t + estimate[s] * members[s].length, 0) / stones.length;
    const agreed = agreedDead ? (stones.some((p) => agreedDead.has(p)) ? "dead" : "alive") : undefined;
    stonesOf.push(stones);
    bases.push({ target: g.map((s) => gtp(members[s][0])), colour: board[stones[0]] === 1 ? "B" : "W",
      stones: stones.length, firstToMove, estimate: Math.round(est * 100) / 100, nodes: 0, positions: 0, timeMs: 0, line: [], verdict: null,
      ...(agreed ? { agreed } : {}) });
    settleAgain(i);
  });
  // a proof of death that took as safe, or fought, a group which is itself proven dead (two groups
  // in a race, each "dead" with the first player attacking it), or one whose own proof shows it
  // can lose a string, does not hold as it stands: the fight is fought again in one region
  // holding both groups, where each may take the other (KGS 2002-02-25-3: White's C17 "dead"
  // with Black's C19 taken as safe, and C19 "dead" with C17 taken as safe; 2003-12-01-8: Black's
  // 39 stones at E13 "dead" with White's C9, which Black can cut off by E1, taken as safe). When
  // that settles nothing, the group most clearly dead keeps its proof, the other is left in doubt.
  const disputeAt = new Int32Array(board.length).fill(-1);
  stonesOf.forEach((stones, i) => { for (const p of stones) disputeAt[p] = i; });
  const confirmed = new Set<number>();
  const isProvenDead = (i: number) => disputes[i].by === "proof" && disputes[i].status === "dead";
  const provenDead = disputes.map((d, i) => i).filter(isProvenDead).sort((i, j) => disputes[i].estimate - disputes[j].estimate);
  const raced = new Set<number>();
  const racedWith = new Map<number, number>();
  const unsafe = (i: number) => [...safeOf[i]].find((p) => disputeAt[p] !== racedWith.get(i) &&
    (confirmed.has(p) || (lostOf[disputeAt[p]] && disputes[disputeAt[p]].by !== "proof")));
  const confirm = (i: number) => { for (const p of stonesOf[i]) confirmed.add(p); };
  for (const i of provenDead) {
    if (!isProvenDead(i)) continue; // settled again in an earlier race
    let bad = unsafe(i);
    if (bad === undefined) { confirm(i); continue; }
    const j = disputeAt[bad];
    const bothDead = confirmed.has(bad);
    const both = !raced.has(i) && !(bothDead && raced.has(j)) && regionOf[i] && regionOf[j]
      ? raceRegion(pos, regionOf[i]!, regionOf[j]!, stonesOf[i], stonesOf[j]) : null;
    if (both && performance.now() - t0 < (budget.totalMs ?? Infinity)) {
      raced.add(i);
      racedWith.set(i, j);
      // the same question again (was the group captured whole?), with the full time of a group
      settleAgain(i, both.get(board[stonesOf[i][0]])!, true);
      const fought = bothDead ? [[i, j], [j, i]] : [[i, j]];
      if (bothDead) {
        raced.add(j);
        settleAgain(j, both.get(board[stonesOf[j][0]])!, true);
        if (!isProvenDead(j)) for (const p of stonesOf[j]) confirmed.delete(p);
      }
      for (const [k, o] of fought) {
        const race = `fought as a race in one region with the group at ${gtp(stonesOf[o][0])}`;
        disputes[k] = { ...disputes[k], reason: disputes[k].reason ? `${disputes[k].reason}; ${race}` : race };
      }
      if (!isProvenDead(i)) continue;
      bad = unsafe(i);
      if (bad === undefined) { confirm(i); continue; }
    }
    const d = disputes[i];
    const why = `the proof takes as safe, or fights, the group at ${gtp(bad)}, which ${confirmed.has(bad) ? "is itself proven dead" : "can itself lose a string"}: a race the two proofs do not settle together`;
    disputes[i] = d.agreed ? { ...d, status: d.agreed, by: "agreement", counted: d.agreed, reason: why }
      : { ...d, status: "unresolved", by: "estimate", counted: d.estimate < DEAD_BELOW ? "dead" : "alive", reason: why };
  }
  joinLiving(pos, disputes, stonesOf, escapeOf);
  const eyeBudget = { positions: Math.max(1, Math.floor(budget.positions / EYE_SHARE)), deadline: t0 + (budget.totalMs ?? Infinity) };
  const eyeCache: EyeCache = new Map();
  eyeLife(pos, rules, disputes, stonesOf, eyeBudget, eyeCache, undefined, undefined, (i) => walledOf[i] && disputes[i].status === "alive");
  // (a proof fought again as a race in one region with a group has fought that group whole)
  const leansOn = (i: number) => new Set([...safeOf[i]].map((p) => disputeAt[p]).filter((k) => k >= 0 && k !== racedWith.get(i)));
  recount(pos, rules, disputes, stonesOf, leansOn, firstToMove, eyeBudget, eyeCache);
  const dead: number[] = [];
  disputes.forEach((d, i) => {
    // a settled group the players saw otherwise: said, the settlement stands
    if (d.agreed && d.by !== "agreement" && d.by !== "estimate" && d.status !== d.agreed) {
      d.reason = `${d.reason ? `${d.reason}; ` : ""}the players agreed it ${d.agreed}; ${d.by === "benson" ? "Benson" : "the proof"} shows it ${d.status}`;
    }
    if (d.counted === "dead") dead.push(...stonesOf[i]);
  });
  return { dead: dead.sort((x, y) => x - y), disputes };
}

/**
 * One region for two groups of opposite colours in a race: the points of both proofs' regions
 * and both groups, so that each may capture the other inside it. Per defender colour: the
 * region with that colour's opponent strings around it as boundary, and its exits. Null when it
 * would pass MAX_REGION empty points.
 */
export function raceRegion(b: Board, r1: SearchRegion, r2: SearchRegion, stones1: number[], stones2: number[]): Map<number, SearchRegion> | null {
  const { board } = b;
  const points = new Set([...r1.points, ...r2.points, ...stones1, ...stones2]);
  if ([...points].filter((p) => board[p] === 0).length > MAX_REGION) return null;
  const out = new Map<number, SearchRegion>();
  for (const [stones, r] of [[stones1, r1], [stones2, r2]] as const) {
    const d = board[stones[0]];
    out.set(d, { points: [...points].sort((x, y) => x - y), boundary: boundaryOf(b, points, 3 - d), closedByLife: false,
      targetStones: r.targetStones, exits: exitsOf(b, points, d) });
  }
  return out;
}

/**
 * A group whose proof escapes only by joining its own living strings lives: every escape of the
 * proof (the defender not captured, whatever the attacker plays) is a play by the group's own
 * string next to a string of its own that is alive by Benson or by proof, outside the region. Settled as a proof that rests
 * on those strings' life, and repeated while it settles more (one group's life can carry another).
 */
function joinLiving(pos: Board, disputes: Dispute[], stonesOf: number[][], escapeOf: (Escape[] | null)[]): void {
  const { width, height, board } = pos;
  const alive = new Set<number>();
  disputes.forEach((d, i) => { if (d.status === "alive" && (d.by === "benson" || d.by === "proof")) for (const p of stonesOf[i]) alive.add(p); });
  for (let changed = true; changed;) {
    changed = false;
    disputes.forEach((d, i) => {
      if (!escapeOf[i] || (d.by !== "estimate" && d.by !== "agreement")) return;
      const mine = new Set(stonesOf[i]);
      const c = board[stonesOf[i][0]];
      // the living string next to each exit of one proof, or null
      const joinedBy = (e: Escape): number[] | null => {
        if (e.captures || !e.exits.length) return null;
        const out: number[] = [];
        for (const x of e.exits) {
          const q = neighbours(x, width, height).find((t) => board[t] === c && !mine.has(t) && alive.has(t));
          if (q === undefined) return null;
          out.push(q);
        }
        return out;
      };
      const joined = escapeOf[i]!.map(joinedBy).find((j) => j !== null);
      if (!joined) return;
      const names = [...new Set(joined.map((p) => indexToGtp(p, width, height)))].slice(0, 4).join(" ");
      disputes[i] = { ...d, status: "alive", by: "proof", counted: "alive",
        reason: `lives by joining its own living stones (${names}): every escape of its local proof is a play next to them` };
      escapeOf[i] = null;
      for (const p of stonesOf[i]) alive.add(p);
      changed = true;
    });
  }
}

/** An eye region's search gets this share of a group's positions budget (800 of 120,000: on 20 KGS
 *  games 2,500 proved the same 9 groups alive at twice the cost, 7,500 one more at five times;
 *  of the searches that keep their liberties 95% need fewer than 800). */
const EYE_SHARE = 150;

/**
 * The groups no proof settled, asked again whole: are they alive by their eye regions (eyes.ts),
 * whatever the attacker does anywhere? Such a proof assumes nothing about the rest of the board,
 * so it stands whatever the estimate said; a group it leaves out keeps its status.
 */
function eyeLife(pos: Board, rules: RuleSet, disputes: Dispute[], stonesOf: number[][], budget: { positions: number; deadline: number },
  cache: EyeCache, taken?: string, only: (i: number) => boolean = () => true, also: (i: number) => boolean = () => false): void {
  const { width, height } = pos;
  for (const d of [1, 2] as const) {
    // (`also`: groups already alive by a proof that assumes their wall safe, for a stronger one)
    const open = disputes.map((x, i) => i).filter((i) => (disputes[i].by === "estimate" || disputes[i].by === "agreement" || also(i)) &&
      pos.board[stonesOf[i][0]] === d && only(i));
    if (!open.length || performance.now() > budget.deadline) continue;
    const t1 = performance.now();
    const life = aliveByEyeRegions(pos, d, rules, open.flatMap((i) => stonesOf[i]), budget, cache);
    const ms = Math.round(performance.now() - t1);
    for (const i of open) {
      if (!stonesOf[i].every((p) => life.alive.has(p))) continue;
      const mine = new Set(stonesOf[i]);
      const near = life.regions.filter((r) => r.around.some((p) => mine.has(p)));
      const x = disputes[i];
      disputes[i] = { ...x, status: "alive", by: "proof", counted: "alive", verdict: "alive",
        region: { points: near.reduce((t, r) => t + r.points.length, 0), boundary: [], exits: 0 },
        positions: x.positions + life.positions, timeMs: x.timeMs + ms,
        reason: `alive by its eye regions, whatever the opponent plays${taken ? ` once the stones proven dead are taken off (${taken})` : ""}: ${near.length} region(s) next to it (${near.slice(0, 4)
          .map((r) => indexToGtp(r.points[0], width, height)).join(" ")}${near.length > 4 ? " ..." : ""}) keep its strings' liberties; before: ${x.reason}` };
    }
  }
}

/**
 * The groups no proof settled, seen again once the stones proven dead are off the board: a
 * group then alive by its eye regions or unconditionally alive (Benson) is alive (it stands whatever the opponent plays,
 * once the dead stones inside or beside it are taken, as their proofs show they can be); the
 * others are counted as a new estimate says, from playouts on the board without the dead
 * stones (light playouts read a living group as weak when dead stones sit in its eyes).
 */
function recount(pos: Board, rules: RuleSet, disputes: Dispute[], stonesOf: number[][], leansOn: (i: number) => Set<number>,
  firstToMove: Color, eyeBudget: { positions: number; deadline: number }, eyeCache: EyeCache): void {
  const { width, height } = pos;
  const open = disputes.map((d, i) => i).filter((i) => disputes[i].by === "estimate");
  // only the dead stones whose proofs took no group in doubt (unresolved, and not surely alive)
  // as safe, nor fought one unless as a race in one region with it: stones the first player
  // can take from inside a group that may itself be lost (a race that the group's own question
  // left open) say nothing for the groups around them (KGS 2015-09-29-16: White's P8 Q8 are
  // taken by Black moving first, inside Black's R11 group, which the players count dead; read
  // without them, the estimate gave R11 life and Black 47 points)
  const inDoubt = new Set(open.filter((i) => disputes[i].estimate < ALIVE_SURE));
  const provenDead = disputes.flatMap((d, i) => (d.by === "proof" && d.status === "dead"
    && ![...leansOn(i)].some((k) => inDoubt.has(k)) ? stonesOf[i] : []));
  if (!provenDead.length || !open.length) return;
  const board = pos.board.slice();
  for (const p of provenDead) board[p] = 0;
  const cleared = { width, height, board };
  const benson = { 1: bensonAlive(cleared, 1, rules), 2: bensonAlive(cleared, 2, rules) } as Record<number, Set<number>>;
  const game = new Game({ width, height, suicide: "forbidden", ko: "simple", toMove: firstToMove });
  game.setup(board, firstToMove);
  const own = game.ownership(PLAYOUTS, 0x7f4a7c15, firstToMove);
  const taken = [...new Set(provenDead)].sort((x, y) => x - y).slice(0, 6).map((p) => indexToGtp(p, width, height));
  const takenText = `${taken.join(" ")}${provenDead.length > 6 ? " ..." : ""}`;
  // (eye regions first: their life, like Benson's, rests on nothing but the stones taken off)
  // (only for the groups next to stones taken off: the others' regions have not changed)
  const off = new Set(provenDead);
  const touched = (i: number) => stonesOf[i].some((p) => neighbours(p, width, height).some((q) => off.has(q)));
  eyeLife(cleared, rules, disputes, stonesOf, eyeBudget, eyeCache, takenText, touched);
  for (const i of open) {
    const d = disputes[i];
    if (d.by !== "estimate") continue;
    const stones = stonesOf[i];
    const c = board[stones[0]];
    if (stones.every((p) => benson[c].has(p))) {
      disputes[i] = { ...d, status: "alive", by: "benson", counted: "alive",
        reason: `unconditionally alive once the stones proven dead are taken off (${takenText}); before: ${d.reason}` };
      continue;
    }
    const est = Math.round(estimateOf(stones, board, own) * 100) / 100;
    // (only ever towards life: the stones taken off are proven dead, so what the new estimate can
    // correct is a group read as weak because of them; a group it reads as weaker than before
    // has lost stones of its own colour, which says nothing against it)
    const counted = est < DEAD_BELOW ? "dead" : "alive";
    if (counted !== d.counted && counted === "alive") {
      disputes[i] = { ...d, counted, reason: `${d.reason}; counted ${counted} by the estimate once the stones proven dead are taken off (${est}, before ${d.estimate})` };
    }
  }
}

/** The ownership estimate of stones of one colour, from their side: -1 (always the opponent's)
 *  to 1 (always theirs). */
function estimateOf(stones: number[], board: Uint8Array, own: Float32Array): number {
  const sign = board[stones[0]] === 1 ? 1 : -1;
  return stones.reduce((t, p) => t + own[p] * sign, 0) / stones.length;
}
