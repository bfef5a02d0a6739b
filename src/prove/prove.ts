// Prove by capture (RULES.md 1.6 提證死活, 2.7, 4.4): decide by exhaustive continued play whether
// the target stones can be captured, with the attacker moving first and with the defender
// moving first, and give a proof a referee can replay.
import { other, type Color } from "../core/codes.js";
import { indexToGtp, fromGtp } from "../core/coords.js";
import { Game } from "../core/game.js";
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import type { Verdict } from "../rules/dispute.js";
import { bensonAlive, neighbours, searchRegion, type SearchRegion } from "./region.js";
import { Search, WIN, LOSS, UNKNOWN, PASS, teamNow, type Budget, type Move, type ProblemSpec } from "./search.js";

export interface ProveRequest {
  width: number;
  height: number;
  /** row-major 0/1/2 */
  board: Uint8Array;
  rules: RuleSet;
  /** one point (row-major index) of each target string; all must be of one colour */
  targets: number[];
  /** the player to move when play resumes (for the verdict's dispute procedure) */
  toMove: Color;
  maxNodes: number;
  timeMs: number;
  cancelled?: () => boolean;
  /** one question only (the whole budget goes to it): can the attacker capture the targets
   *  moving first ("attacker"), or with the defender moving first ("defender"); both when absent */
  question?: "attacker" | "defender";
  /** outside ko threats each side holds (default none, as in a finished game) */
  threats?: { B: number; W: number };
  /** the defender's exits to open ground (see searchRegion) barred instead of counted as escapes */
  exitsBarred?: boolean;
}

/** A node of a proof tree: the move that led here and the replies. */
export interface ProofNode {
  move: Move;
  color: Color;
  /** why the line ends here, at a leaf */
  end?: "captured" | "end" | "void" | "escape" | "filled" | "short" | "alive";
  children: ProofNode[];
  /** the longest line below (a check without export keeps only that one at the loser's turns) */
  height?: number;
}

export interface Question {
  /** null when the budget ran out */
  captured: boolean | null;
  line: string[];
  nodes: number;
  /** moves tried (a work unit common to every kind of search; for speed figures) */
  positions?: number;
  /** the verified proof tree (the winner's move and every reply) */
  proof?: ProofNode;
  /** whether the answer rests on a ko (see koStatus) */
  ko?: KoStatus;
}

/** Whether an answer rests on a ko: does it change when the losing side holds outside ko
 *  threats, and with how many? Found exactly under the rule set's own ko and superko rules: the
 *  search lets a side with a threat left make one refused move per threat (the threat and its
 *  answer come between). */
export interface KoStatus {
  /** "unconditional": no outside threats of the loser change the answer; "ko": the answer
   *  holds only while the loser has fewer than `threats`; "unknown": the budget ran out */
  status: "unconditional" | "ko" | "unknown";
  /** the side the answer favours: where there is a ko, the side that must win it */
  winner: Color | null;
  /** the outside threats the other side would need to overturn the answer (0: unconditional) */
  threats: number;
  /** null when "unconditional" holds for any number of threats (the proof met no ko refusal of
   *  the loser's); otherwise the most threats it was shown to hold against (with "unknown": before
   *  the budget ran out; null there when none was) */
  upTo: number | null;
  /** the outside threats the question was asked with */
  given: { B: number; W: number };
  /** the answer with the loser holding `threats` more threats, when that overturns it */
  overturned?: { captured: boolean; line: string[] };
}

/** Outside threats tried before an answer that met ko refusals is called unconditional: one
 *  turns a basic ko, two a ko where the other side holds one threat or a two-stage ko. */
export const KO_THREATS_TRIED = 2;

/** The nodes a ko-status search may spend with mobility in df-pn's first numbers before it is
 *  asked again without (see askWithKoIn). */
export const MOBILE_TRY_NODES = 600_000;

/** The time the ko status may take beyond the answer's own: four times the answer's time, or a
 *  fifth of the time the question was given, at least 4 s (within the budget). Searches with
 *  threats can cost far more than the answer (gop/16136: the answer in 63 ms, with one and then
 *  two threats for the loser 1.6 s and 1.5 s; at least 250 ms left three of the 104 public
 *  problems' statuses unknown, 3 s one): past this the status is "unknown", with `upTo` the
 *  threats it was shown to hold against. A user who gives more time gets a longer search. */
export const koTimeFor = (answerMs: number, givenMs: number): number => Math.max(4000, 4 * answerMs, givenMs / 5);

type Answer = Question & { koRefused?: boolean };

/** A question of the ko status: the outside threats to ask with, and the earlier answers
 *  (0: the first, k: the k-th step's) whose proofs may guide it. */
export interface KoStep { threats: { B: number; W: number }; guides: number[] }

/**
 * The ko status of a first answer, as steps: yields the questions to ask next and receives their
 * answers (so that one procedure serves the single-thread and the parallel search). The loser is
 * given one outside threat more at each step, up to KO_THREATS_TRIED; each step is guided by the
 * answers before it (a value that favours a side holds where that side has no fewer threats and
 * the other no more: see assembly/search.ts priorValue).
 */
export function* koSteps(first: Answer, defender: Color, given: { B: number; W: number }):
  Generator<KoStep, KoStatus, Answer> {
  if (first.captured === null) return { status: "unknown", winner: null, threats: 0, upTo: null, given };
  const winner = first.captured ? other(defender) : defender;
  if (!first.koRefused) return { status: "unconditional", winner, threats: 0, upTo: null, given };
  const loser = other(winner);
  for (let n = 1; n <= KO_THREATS_TRIED; n++) {
    // (the first answer and the step before: at most two guides)
    const q = yield { threats: { ...given, [loser]: given[loser] + n }, guides: n === 1 ? [0] : [0, n - 1] };
    if (q.captured === null) return { status: "unknown", winner, threats: 0, upTo: n - 1 || null, given };
    if (q.captured !== first.captured) return { status: "ko", winner, threats: n, upTo: n, given, overturned: { captured: q.captured, line: q.line } };
    if (!q.koRefused) return { status: "unconditional", winner, threats: 0, upTo: null, given };
  }
  return { status: "unconditional", winner, threats: 0, upTo: KO_THREATS_TRIED, given };
}

/** The plain words of a ko status ("unconditional", "ko: B must win it; W needs 1 outside threat"). */
export function koWords(k: KoStatus | undefined): string {
  if (!k) return "";
  if (k.status === "unknown") return k.upTo ? `holds against ${k.upTo} outside threat${k.upTo === 1 ? "" : "s"}; more: unknown (budget)` : "ko status unknown (budget)";
  if (k.status === "unconditional") return k.upTo === null ? "unconditional" : `unconditional up to ${k.upTo} outside threats`;
  return `ko: ${k.winner} must win it; ${other(k.winner!)} needs ${k.threats} outside threat${k.threats === 1 ? "" : "s"}`;
}


export interface ProveResult {
  /** from both questions; "unknown" when one question was asked (read that question's answer) */
  verdict: Verdict;
  /** the questions asked */
  question: "both" | "attacker" | "defender";
  attackerFirst: Question;
  defenderFirst: Question;
  nodes: number;
  timeMs: number;
  complete: boolean;
  target: string[];
  defender: Color;
  region: { points: number; closedByLife: boolean; boundary: string[] };
  /** the convention a local proof rests on, when it is not closed by living strings */
  assumption: string | null;
  /** a void (rule-set ruling) occurred inside the search */
  voidMet: boolean;
  /** the rule set's dispute procedure: who moves first, and what the verdict means then */
  ruling: { firstToMove: Color; status: "dead" | "alive" | "unknown" };
  /** the ko status of the ruling's answer (the question with firstToMove first), if asked */
  ko: KoStatus | null;
  /** the outside ko threats the questions were asked with */
  threats: { B: number; W: number };
}

export function problemFrom(req: ProveRequest): ProblemSpec {
  const { width, height, board } = req;
  if (req.targets.length === 0) throw new ArbiterError("prove needs at least one target stone");
  const colours = new Set(req.targets.map((i) => board[i]));
  if (colours.has(0)) {
    const empty = req.targets.find((i) => board[i] === 0)!;
    throw new ArbiterError(`the target ${indexToGtp(empty, width, height)} is an empty point`);
  }
  if (colours.size > 1) throw new ArbiterError("the target stones must all be of one colour");
  const defender: Color = board[req.targets[0]] === 1 ? "B" : "W";
  const open = searchRegion({ width, height, board }, req.targets, defender, req.rules);
  const region = req.exitsBarred ? barredRegion(open) : open;
  const threats = req.threats && req.threats.B + req.threats.W > 0 ? req.threats : undefined;
  return { width, height, board, rules: req.rules, defender, targets: req.targets, region, threats };
}

/** A region with its exits barred to the defender instead of counted as escapes: barring only
 *  makes life harder, so a proof of life there is sound; a proof of death is not. */
export function barredRegion(r: SearchRegion): SearchRegion {
  return r.exits?.size ? { ...r, exits: new Set(), barred: new Set([...r.exits, ...(r.barred ?? [])]) } : r;
}

/** Answers one question: with `toMove` to play, can the attacker capture the targets? */
export function ask(spec: ProblemSpec, toMove: Color, budget: Budget, wantProof: boolean, deepeningShare = 0) {
  return answerOn(new Search(spec, toMove, budget), toMove, wantProof, deepeningShare);
}

/** The answer of the question a search was made for. */
function answerOn(search: Search, toMove: Color, wantProof: boolean, deepeningShare = 0):
  Answer & { voidMet: boolean; budgetOut: boolean; escapes: number; escapeMoves: Move[]; escapeElse: boolean } {
  const root: ProofNode = { move: PASS, color: other(toMove), children: [] };
  const v = settle(search, toMove, 0, root, wantProof, deepeningShare);
  const proof = v === UNKNOWN ? undefined : root;
  const line = proof ? mainLine(proof, search.spec) : [];
  return { captured: proof ? v === WIN : null, line, nodes: search.nodes, positions: search.positions, proof: wantProof ? proof : undefined,
    voidMet: search.sawVoid, budgetOut: search.budgetOut, escapes: proof ? search.escapesUsed : 0,
    escapeMoves: proof ? [...search.escapeMoves] : [], escapeElse: proof ? search.escapeElse : false,
    koRefused: proof ? search.loserRefused : undefined };
}

/** ask(), and the answer's ko status (more questions, within the same budget, where the proof
 *  met a ko refusal of the losing side). */
export function askWithKo(spec: ProblemSpec, toMove: Color, budget: Budget, wantProof: boolean) {
  const q = askWithKoIn(spec, toMove, budget, wantProof);
  if (!askBarred(q, spec.region)) return q;
  const b = askWithKoIn({ ...spec, region: barredRegion(spec.region) }, toMove, budget, wantProof);
  return { ...fromBarred(q, b, spec.threats), voidMet: q.voidMet || b.voidMet };
}

/** Whether an answer on open ground must be asked again with the exits barred: it is "not
 *  captured", and the defender may have got out (an escape is no proof of life). `escapes`
 *  unknown (the pool's answers): ask again. */
export function askBarred(q: { captured: boolean | null; escapes?: number }, r: SearchRegion): boolean {
  return q.captured === false && !!r.exits?.size && (q.escapes ?? 1) > 0;
}

/** The answer after the barred question: its proof of life, or unknown when the defender is
 *  captured there (the fight is not local); with the work of both questions. */
export function fromBarred<Q extends Question>(open: Q, barred: Q, given?: { B: number; W: number }): Q {
  const spent = { nodes: open.nodes + barred.nodes, positions: (open.positions ?? 0) + (barred.positions ?? 0) };
  if (barred.captured === false) return { ...barred, ...spent };
  return { ...barred, ...spent, captured: null, line: [], proof: undefined,
    ko: { status: "unknown", winner: null, threats: 0, upTo: null, given: given ?? { B: 0, W: 0 } } };
}

/** One question and its ko status, on the spec's own region (askWithKo asks again with the exits
 *  barred where that is needed). */
export function askWithKoIn(spec: ProblemSpec, toMove: Color, budget: Budget, wantProof: boolean) {
  const given = spec.threats ?? { B: 0, W: 0 };
  const t0 = performance.now();
  // asked with outside threats given: the two tries of the ko status's steps below (df-pn
  // with mobility briefly, then without), for the same reason (gop/8661 with W:1: without
  // mobility 10M nodes and no answer; with it, the answer)
  const withGiven = given.B + given.W > 0;
  let search = new Search(spec, toMove, withGiven ? { ...budget, maxNodes: Math.min(budget.maxNodes, MOBILE_TRY_NODES) } : budget, [], true);
  // (a question asked without threats turns the fill-in test on when it runs long; with them
  // it is asked as a ko status's step is)
  if (!withGiven && spec.tuning !== "finished-game") search.fillAfter = spec.fillAfter ?? FILL_AFTER;
  let first = answerOn(search, toMove, wantProof);
  if (withGiven && first.captured === null && performance.now() < budget.deadline && !budget.cancelled?.()) {
    const spent = { nodes: first.nodes, positions: first.positions ?? 0, voidMet: first.voidMet };
    search = new Search(spec, toMove, budget, [], false);
    first = answerOn(search, toMove, wantProof);
    first = { ...first, nodes: first.nodes + spent.nodes, positions: (first.positions ?? 0) + spent.positions, voidMet: first.voidMet || spent.voidMet };
  }
  const answerMs = performance.now() - t0;
  // each step's search is guided by the proofs of the earlier ones it names
  const searches = [search];
  // (the answer's effort: a team's threads all worked on it; on its time alone the ko status of
  // gop/585 was lost once in four runs of the 104 with two threads)
  const effortMs = answerMs * (teamNow()?.threads ?? 1);
  const koBudget = { ...budget, deadline: Math.min(budget.deadline, performance.now() + koTimeFor(effortMs, budget.deadline - t0)) };
  let nodes = first.nodes, positions = first.positions ?? 0, voidMet = first.voidMet;
  const steps = koSteps(first, spec.defender, given);
  let step = steps.next(first);
  while (!step.done) {
    const withThreats = { ...spec, threats: step.value.threats }, guides = step.value.guides.map((k) => searches[k]);
    // Up to three tries, each from a fresh table. First df-pn with mobility in its first numbers,
    // guided, briefly: it found gop/15180's ko at once, where without mobility 6M nodes found
    // nothing, and on all 104 public problems it is the only try needed. Then without mobility
    // or guides, for half of what is left: with mobility the triple ko's status went round for
    // ever, and a guide's values can lead df-pn round where a fresh table does not (the triple
    // ko under tromp-taylor, White first, with one threat: guided, no answer in 2M nodes;
    // unguided, 0.5M). Last, guided without mobility.
    const open = () => performance.now() < koBudget.deadline && !budget.cancelled?.();
    const tries = [
      { guides, mobility: true, budget: { ...koBudget, maxNodes: Math.min(koBudget.maxNodes, MOBILE_TRY_NODES) } },
      { guides: [], mobility: false, budget: koBudget, half: true },
      ...(guides.length ? [{ guides, mobility: false, budget: koBudget }] : []),
    ];
    let s!: Search, q!: ReturnType<typeof answerOn>;
    for (const [i, t] of tries.entries()) {
      if (i > 0) {
        if (q.captured !== null || !open()) break;
        nodes += q.nodes; positions += q.positions ?? 0; voidMet ||= q.voidMet;
      }
      const b = t.half ? { ...t.budget, deadline: performance.now() + (t.budget.deadline - performance.now()) / 2 } : t.budget;
      s = new Search(withThreats, toMove, b, t.guides, t.mobility);
      q = answerOn(s, toMove, false);
    }
    searches.push(s);
    nodes += q.nodes; positions += q.positions ?? 0; voidMet ||= q.voidMet;
    step = steps.next(q);
  }
  return { ...first, nodes, positions, voidMet, ko: step.value, answerMs };
}

/**
 * The value of the current position (`depth` moves below the search's root, `toMove` to play),
 * given only with a proof: df-pn, its result replayed with the full path history and no search
 * table; if that fails (df-pn found nothing, or its table's repetition convention misled it),
 * iterative deepening and the same replay. `node` (the move that led here) receives the proof;
 * one that is not exported shares transposed subtrees that met no repetition.
 */
export function settle(search: Search, toMove: Color, depth: number, node: ProofNode, wantProof: boolean, share = 0): number {
  const defender = search.spec.defender;
  const verified = (v: number, limit?: number): boolean => {
    if (v === UNKNOWN) return false;
    node.children = [];
    search.escapesUsed = 0;
    search.escapeMoves.clear();
    search.escapeElse = false;
    search.loserRefused = false;
    const winner: Color = v === WIN ? other(defender) : defender;
    const memo = wantProof ? undefined : proofMemo(winner);
    const holds = proveNode(search, toMove, depth, winner, node, { memo, limit }) === true;
    // the check of a question's answer guides the checks of the searches it guides
    if (holds && memo && depth === 0) checkMemos.set(search, memo);
    return holds;
  };
  // `share`: iterative deepening first, with that share of the time. On the local regions of
  // real games it tries about one move per node, where df-pn tries every move at every visit
  // and repetitions make it revisit (a 13-point region of a KGS game: 290 ms, where df-pn had no
  // answer after 900 ms); on the public problems df-pn first does better (40 of 60 solved in 3 s
  // against 37), so the prove command keeps it first.
  // (the share is of the positions budget as well as of the time: where that binds, as it does
  // for --dead auto, the split and so the answer do not depend on the machine's speed)
  if (share > 0 && Number.isFinite(search.timeLeft)) {
    const u = search.phase(search.timeLeft * share, () => search.solve(toMove, depth), Math.floor(search.positionsLeft * share));
    if (verified(u)) return u;
    if (search.budgetOut) return UNKNOWN;
  }
  const helped = search.teamNodes;
  let before = search.nodes;
  let v = dfpnOf(search, toMove, depth);
  if (search.teamNodes > helped) {
    // The proof check follows the table's winning moves, and df-pn's proofs under repetition
    // rules hold on the lines they were found on: a proof reused on another line (a
    // transposition) can fail there, and the check then tries every move of the winner. A single
    // thread's run is lucky or not, the same each time (gop/1375: 8K checked positions; with the
    // same search's table emptied and its history scores kept, two runs in six stood on more than
    // 4M). A team's run is new each time, and its check failed after 4-5M positions in about
    // one run in six on gop/1375 and gop/15275. So a check after a team's run has a bound, and
    // past it the search, made as new (Search.renew), runs alone: exactly as a single thread.
    const bound = Math.max(TEAM_CHECK_MIN, search.nodes - helped);
    if (verified(v, bound)) return v;
    if (search.budgetOut) return UNKNOWN;
    // (with a single thread's budget too: the first try of a ko status's step has 600K nodes,
    // and on gop/585 the team's run and failed check left the lone run too few of them in
    // three runs of five, so the step went on to its slower unguided try)
    search.solo = true;
    search.renew();
    search.restartBudget();
    before = search.nodes;
    v = dfpnOf(search, toMove, depth);
  }
  // A single thread's proof can be as unlucky: under zhang, gop/10948's first df-pn proof (4.6K
  // nodes) had a check still going after 6 s (9M nodes), and the search run again over an empty
  // table with its history scores kept (a new move order) found in 4.8K nodes a proof whose check
  // took about 2K. So each check but the last has a bound, doubled at each try, and past it
  // df-pn runs again that way.
  for (let round = 0, dfpnNodes = search.nodes - before; ; round++) {
    const last = round === CHECK_RETRIES;
    const bound = Math.max(CHECK_FIRST, dfpnNodes) * 2 ** round;
    if (verified(v, last ? undefined : Math.min(bound, wantProof ? PROOF_LIMIT : CHECK_LIMIT))) return v;
    // (df-pn with no answer, stalled or out of budget: deepening below, as before)
    if (v === UNKNOWN || search.budgetOut || last) break;
    search.renew(true);
    before = search.nodes;
    v = dfpnOf(search, toMove, depth);
    dfpnNodes = search.nodes - before;
  }
  if (search.budgetOut) return UNKNOWN;
  const w = search.solve(toMove, depth);
  return verified(w) ? w : UNKNOWN;
}

/**
 * The positions a question's df-pn tries before death by fill-in (the finished-game test,
 * assembly/search.ts filledIn) ends its lines too. Long searches spend most of their work on the
 * defender's delaying moves inside an area the attacker can only fill (gop/14140: 2.25M nodes
 * without the test, 0.76M with it from the start), but a proof that stops at a fill-in does
 * not fight the ko out, and the ko status's searches, guided by its table, then lose more than
 * the answer gains (with the test from the start two of the 104 public problems lost their ko
 * status; with a further try that found them, the 104 took 48.1 s and 47.6 s against 46.7 s and
 * 45.8 s without the test). So only a question that has not
 * been answered within this many positions turns it on, keeping its table: what was proven
 * stays true (the test only finds a win sooner).
 */
export const FILL_AFTER = 2_000_000;

/** df-pn of the question, with death by fill-in turned on past the search's `fillAfter` (0:
 *  from the start). */
function dfpnOf(search: Search, toMove: Color, depth: number): number {
  if (search.fillAfter > 0) {
    if (!Number.isFinite(search.fillAfter)) return search.dfpn(toMove, depth);
    const v = search.phase(Infinity, () => search.dfpn(toMove, depth), search.fillAfter);
    if (v !== UNKNOWN || search.budgetOut) return v;
  }
  search.fillIn();
  return search.dfpn(toMove, depth);
}

const PROOF_LIMIT = 200_000;
/** A proof check stands on at least this many positions, or as many as its df-pn run took, before
 *  df-pn runs again (settle); the bound doubles with each run, and the last check has none. */
const CHECK_FIRST = 1_000_000;
const CHECK_RETRIES = 3;
/** A check after a team's df-pn run stands on at most as many positions as the search, or this many. */
const TEAM_CHECK_MIN = 100_000;
/** Without export, a proof keeps only its main line (see proveNode) and may be much larger. */
const CHECK_LIMIT = 4_000_000;

export interface ProofOptions {
  /** positions visited so far, against `limit` */
  size?: { n: number };
  /** the defender's ending pass is tried first (false: its moves first, for a resting line) */
  passFirst?: boolean;
  limit?: number;
  /** A check without export: proven positions whose subtree met no repetition are shared
   *  instead of proven again (the same rule as the search's exact table), and at the loser's
   *  turns only the longest reply is kept (the main line), so big proofs fit in memory. */
  memo?: {
    /** each shared proof by key: its children, its span (below), and whether it met a refused
     *  move of the loser (`met`) */
    proven: Map<number, { children: ProofNode[]; span: number; met: boolean }>; dependent: boolean;
    /** the side the checked proof is for */
    winner: Color;
    /** what the rule set's repetition rule compares (Search.repetitionKey, cut by pathKey) at every
     *  position the check stood on, in the order it stood on them; a shared proof's own are a
     *  reference -(id + 1) */
    log: number[];
    /** each shared proof's span of the log, and its positions as a set once it is met (null: more
     *  than SHARED_POSITIONS: not shared) */
    spans: { start: number; end: number; set?: Set<number> | null }[];
    /** the positions from the check's root down to the current one, as counts (a position may
     *  stand on the path more than once) */
    onPath: Map<number, number>;
  };
}

/** A memo for proveNode: proofs too big as trees stay checkable when transpositions are shared. */
export const proofMemo = (winner: Color): ProofMemo => ({ proven: new Map(), dependent: false,
  log: [], spans: [], onPath: new Map(), winner });
type ProofMemo = NonNullable<ProofOptions["memo"]>;

/** The memo of each search's verified answer (see guideProof). */
const checkMemos = new WeakMap<Search, ProofMemo>();

/**
 * A proof of the current position from the check of a search guiding this one (the same
 * question with fewer outside threats for the loser): one that met no refused move of the loser
 * holds whatever threats the loser holds, since a threat only lifts a refusal. Shared under the
 * same guard as the memo's own proofs; its positions go into this memo's log. Null: none.
 */
function guideProof(search: Search, color: Color, memo: ProofMemo, seen: number): ProofNode[] | null {
  for (let j = 0; j < search.priors.length; j++) {
    const g = checkMemos.get(search.priors[j]);
    if (!g || g.winner !== memo.winner) continue;
    const key = search.priorKey(j, color, memo.winner);
    if (key < 0) continue;
    const shared = g.proven.get(key);
    if (!shared || shared.met) continue;
    const set = guarded(g, shared.span, memo, seen);
    if (set === null) continue;
    if (set) for (const b of set) memo.log.push(b);
    return shared.children;
  }
  return null;
}

/** A proof from this check's own memo for the current position, under the guard; its positions
 *  go into the log as a reference to its span. Null: none. */
function ownProof(search: Search, key: number, memo: ProofMemo, seen: number): ProofNode[] | null {
  const shared = memo.proven.get(key);
  if (!shared) return null;
  // A proof that met no repetition where it was first checked may still hold a move that
  // recreates a position standing earlier on this path (a cycle longer than the key's one-move
  // look-back): a repetition rule could refuse it, or void the game, here.
  if (guarded(memo, shared.span, memo, seen) === null) return null;
  memo.log.push(-shared.span - 1);
  if (shared.met) search.loserRefused = true;
  return shared.children;
}

/** The guard of a shared proof (span `span` of memo `from`) at the current position of the check
 *  `memo`: its positions (undefined where no rule looks further back than the last move), or
 *  null where it may not be shared here (one of them stands on the path, or too many to tell). */
function guarded(from: ProofMemo, span: number, memo: ProofMemo, seen: number): Set<number> | undefined | null {
  if (seen === -1) return undefined;
  const set = spanSet(from, span);
  return set && !meets(memo, set) ? set : null;
}

/** The repetition key cut to 30 bits (small integers, which the log and the sets hold without
 *  boxing): two positions that share one only make the guard stricter (a proof not shared that
 *  could have been). -1 stays -1. */
const pathKey = (k: number): number => (k === -1 ? -1 : (k % 1073741824) | 0);

/** Whether any of a shared proof's positions stands on the current path (the smaller side walked). */
function meets(memo: ProofMemo, set: Set<number>): boolean {
  if (set.size <= memo.onPath.size) {
    for (const b of set) if (memo.onPath.has(b)) return true;
  } else {
    for (const b of memo.onPath.keys()) if (set.has(b)) return true;
  }
  return false;
}

/** A proof whose check stood on more positions than this is not shared. */
const SHARED_POSITIONS = 4096;

/** The positions a shared proof's check stood on (its span of the log, the shared proofs met
 *  inside it flattened in), or null when there are too many: found once, when it is first met. */
function spanSet(memo: ProofMemo, id: number): Set<number> | null {
  const sp = memo.spans[id];
  if (sp.set !== undefined) return sp.set;
  const out = new Set<number>();
  for (let i = sp.start; i < sp.end; i++) {
    const v = memo.log[i];
    if (v >= 0) out.add(v);
    else {
      const inner = spanSet(memo, -v - 1);
      if (!inner || out.size + inner.size > SHARED_POSITIONS) return (sp.set = null);
      for (const b of inner) out.add(b);
    }
    if (out.size > SHARED_POSITIONS) return (sp.set = null);
  }
  return (sp.set = out);
}

/**
 * Builds the proof tree below the current position: at the winner's turn one move that wins
 * (the table's suggestion first), at the loser's turn every legal move. Returns true when the
 * whole tree holds, false when it does not, null when the budget ran out.
 */
export function proveNode(search: Search, color: Color, depth: number, winner: Color, node: ProofNode,
  opts: ProofOptions = {}): boolean | null {
  const size = (opts.size ??= { n: 0 });
  const limit = opts.limit ?? (opts.memo ? CHECK_LIMIT : PROOF_LIMIT);
  if (++size.n > limit || search.checkBudget()) return null;
  const memo = opts.memo;
  const key = memo ? search.positionKey(color) : 0;
  const seen = memo ? pathKey(search.repetitionKey()) : 0;
  if (memo) {
    // a proof checked before, shared where none of the positions its check stood on stands on
    // this path
    const known = ownProof(search, key, memo, seen) ?? guideProof(search, color, memo, seen);
    if (known) {
      node.children = known;
      node.height = 1 + (known[0]?.height ?? 0);
      return true;
    }
  }
  const outer = memo?.dependent ?? false;
  const refusedBefore = search.loserRefused;
  search.loserRefused = false;
  const start = memo ? memo.log.length : 0;
  if (memo) {
    memo.dependent = false;
    memo.onPath.set(seen, (memo.onPath.get(seen) ?? 0) + 1);
    // (no rule compares positions further back than the last move: nothing to keep)
    if (seen !== -1) memo.log.push(seen);
  }
  const holds = proveChildren(search, color, depth, winner, node, opts);
  const met = search.loserRefused;
  search.loserRefused ||= refusedBefore;
  if (memo) {
    const n = memo.onPath.get(seen)!;
    if (n === 1) memo.onPath.delete(seen); else memo.onPath.set(seen, n - 1);
    if (holds === true && !memo.dependent) {
      memo.proven.set(key, { children: node.children, span: memo.spans.length, met });
      memo.spans.push({ start, end: memo.log.length });
    }
    if (holds === true) node.height = 1 + (node.children[0]?.height ?? 0);
    memo.dependent ||= outer;
  }
  return holds;
}

function proveChildren(search: Search, color: Color, depth: number, winner: Color, node: ProofNode,
  opts: ProofOptions): boolean | null {
  const wanted = winner === other(search.spec.defender) ? WIN : LOSS;
  const winnerMoves = color === winner;
  let suggestion = winnerMoves ? search.suggestion(color) : undefined;
  // a position the search never settled (a transposition it reached by another path, a loser's
  // move it never tried): a local df-pn finds the winner's move before trying moves in order
  if (winnerMoves && suggestion === undefined) {
    search.dfpn(color, depth);
    suggestion = search.suggestion(color);
  }
  let moves = search.moves(color, suggestion);
  // the defender wins at once by passing when that pass ends play
  if ((opts.passFirst ?? true) && winnerMoves && color === search.spec.defender && search.consecutivePasses === search.endPasses - 1) {
    moves = [PASS, ...moves.filter((m) => m !== PASS)];
  }
  for (const mv of moves) {
    const a = search.apply(mv, color, depth);
    if (opts.memo && a.historyDependent) opts.memo.dependent = true;
    if (!a.ok) {
      // a move the loser could make with an outside ko threat: the answer may rest on a ko
      if (!winnerMoves && a.repetition) search.loserRefused = true;
      continue;
    }
    const child: ProofNode = { move: mv, color, children: [] };
    let holds: boolean | null;
    if (a.terminal !== undefined) {
      child.end = a.why;
      holds = a.terminal === wanted;
      if (holds && a.why === "escape") {
        search.escapesUsed++;
        if (a.joins) search.escapeMoves.add(mv);
        else search.escapeElse = true;
      }
    } else {
      holds = proveNode(search, other(color), depth + 1, winner, child, opts);
    }
    search.undo(depth);
    if (holds === null) return null;
    if (winnerMoves && holds) {
      node.children.push(child);
      return true;
    }
    if (!winnerMoves) {
      if (!holds) return false;
      // a check without export keeps the loser's longest reply only
      if (!opts.memo) node.children.push(child);
      else if (!node.children.length || (child.height ?? 0) > (node.children[0].height ?? 0)) node.children = [child];
    }
  }
  return !winnerMoves;
}

/** The winner's moves and the loser's longest resistance. */
export function mainLine(root: ProofNode, spec: ProblemSpec): string[] {
  // a proof may share subtrees (proofMemo): depths are remembered per node
  const depths = new Map<ProofNode, number>();
  const depthOf = (n: ProofNode): number => {
    let d = depths.get(n);
    if (d === undefined) {
      d = 1;
      for (const c of n.children) d = Math.max(d, 1 + depthOf(c));
      depths.set(n, d);
    }
    return d;
  };
  const out: string[] = [];
  let n: ProofNode | undefined = root;
  while (n && n.children.length) {
    const next: ProofNode = n.children.reduce((a, b) => (depthOf(b) > depthOf(a) ? b : a));
    out.push(next.move === PASS ? `${next.color} pass` : `${next.color} ${indexToGtp(next.move, spec.width, spec.height)}`);
    n = next;
  }
  return out;
}

export function verdictOf(a: boolean | null, d: boolean | null): Verdict {
  if (a === null || d === null) return "unknown";
  if (a && d) return "dead";
  if (!a && !d) return "alive";
  return "unsettled";
}

/** The quiet line of a defender-first proof: the defender's proven moves while the attacker
 *  passes, until play ends — the position both sides leave alone. */
export function quietLine(root: ProofNode, spec: ProblemSpec): string[] {
  const out: string[] = [];
  let n: ProofNode | undefined = root;
  while (n && n.children.length) {
    const defenderTurn: boolean = n.children[0].color === spec.defender;
    const next: ProofNode | undefined = defenderTurn ? n.children[0] : n.children.find((c) => c.move === PASS);
    if (!next) break;
    out.push(next.move === PASS ? `${next.color} pass` : `${next.color} ${indexToGtp(next.move, spec.width, spec.height)}`);
    n = next;
  }
  return out;
}

/** Where the defender's play comes to rest when it moves first and uses its moves before
 *  passing (so that a group that can make two eyes shows them): a proof tree rebuilt with the
 *  defender's passes last, bounded; the starting position if it cannot be rebuilt in time.
 *  A void is no rest: the search counts it against the defender (under new-ing White's atari
 *  B7 in the ten-thousand-year ko holds only by the void of Black's retakes, and with Black
 *  passing instead White takes the corner: "alive", where the rest is White connecting, seki). */
function restingLine(spec: ProblemSpec): string[] {
  const search = new Search({ ...spec, voidLoses: true }, spec.defender, { maxNodes: 200_000, deadline: performance.now() + 2000 });
  if (search.dfpn(spec.defender) !== LOSS) return [];
  const root: ProofNode = { move: PASS, color: other(spec.defender), children: [] };
  return proveNode(search, spec.defender, 0, spec.defender, root, { passFirst: false, limit: 20_000 }) === true ? quietLine(root, spec) : [];
}

/** Seki: alive, but where the defender's line comes to rest the target is not unconditionally
 *  alive and shares a liberty with an attacker stone. */
export function looksLikeSeki(spec: ProblemSpec, defenderLine: string[]): boolean {
  const { width, height } = spec;
  const board = boardAfter(spec, defenderLine);
  const d = spec.defender === "B" ? 1 : 2;
  const targets = [...spec.region.targetStones].filter((p) => board[p] === d);
  if (targets.length === 0) return false;
  const alive = bensonAlive({ width, height, board }, d, spec.rules);
  if (targets.every((p) => alive.has(p))) return false;
  for (const p of targets) {
    for (const q of neighbours(p, width, height)) {
      if (board[q] !== 0) continue;
      if (neighbours(q, width, height).some((r) => board[r] === 3 - d)) return true;
    }
  }
  return false;
}

/** The board after a line ("B D4", "W pass", ...) played from the problem's position. */
function boardAfter(spec: ProblemSpec, line: string[]): Uint8Array {
  const game = new Game({ width: spec.width, height: spec.height, suicide: spec.rules.suicide, ko: "none" });
  game.setup(spec.board);
  for (const step of line) {
    const [c, v] = step.split(" ");
    if (v === "pass") continue;
    const p = fromGtp(v, spec.width, spec.height);
    if (!game.play(p.x, p.y, c as Color).ok) break;
  }
  return game.board();
}

/** The answer of a question that was not asked. */
export const NOT_ASKED: Question = { captured: null, line: [], nodes: 0 };

export function prove(req: ProveRequest, wantProof = false): ProveResult {
  const t0 = performance.now();
  const spec = problemFrom(req);
  const attacker = other(spec.defender);
  if ([...spec.region.targetStones].every((p) => bensonAlive(spec, spec.defender === "B" ? 1 : 2, spec.rules).has(p))) {
    // alive whatever is played: no ko can change that
    const ko: KoStatus = { status: "unconditional", winner: spec.defender, threats: 0, upTo: null, given: spec.threats ?? { B: 0, W: 0 } };
    return finish(req, spec, t0, { captured: false, line: [], nodes: 0, ko }, { captured: false, line: [], nodes: 0, ko }, false, true);
  }
  const budget = (share: number): Budget => ({ maxNodes: Math.floor(req.maxNodes * share),
    deadline: t0 + req.timeMs * (share === 1 ? 1 : 0.5), cancelled: req.cancelled });
  if (req.question) {
    // one question, with the whole budget; the other is not asked
    const q = askWithKo(spec, req.question === "attacker" ? attacker : spec.defender, budget(1), wantProof);
    const [a, d] = req.question === "attacker" ? [q, NOT_ASKED] : [NOT_ASKED, q];
    return finish(req, spec, t0, a, d, q.voidMet, !q.budgetOut);
  }
  const a = askWithKo(spec, attacker, budget(0.5), wantProof);
  const d = askWithKo(spec, spec.defender, { ...budget(0.5), deadline: t0 + req.timeMs }, wantProof);
  return finish(req, spec, t0, a, d, a.voidMet || d.voidMet, !a.budgetOut && !d.budgetOut);
}

export function finish(req: ProveRequest, spec: ProblemSpec, t0: number, a: Question, d: Question, voidMet: boolean,
  complete: boolean): ProveResult {
  const gtp = (i: number) => indexToGtp(i, spec.width, spec.height);
  let verdict = req.question ? "unknown" : verdictOf(a.captured, d.captured);
  if (verdict === "alive" && looksLikeSeki(spec, restingLine(spec))) verdict = "seki";
  const firstToMove = req.toMove;
  const ruled = firstToMove === spec.defender ? d : a;
  const first = ruled.captured;
  const r = spec.region;
  // (what the ko procedure used inside stays inside)
  const plain = ({ koRefused: _k, ...q }: Answer): Question => q;
  return {
    verdict,
    question: req.question ?? "both",
    attackerFirst: plain(a),
    defenderFirst: plain(d),
    nodes: a.nodes + d.nodes,
    timeMs: Math.round(performance.now() - t0),
    complete: complete && (req.question ? (req.question === "attacker" ? a : d).captured !== null : verdict !== "unknown"),
    target: req.targets.map(gtp),
    defender: spec.defender,
    region: { points: r.points.length, closedByLife: r.closedByLife, boundary: [...r.boundary].sort((x, y) => x - y).map(gtp) },
    assumption: r.exits?.size ? "local proof on open ground: the attacker strings around the region are taken as safe; the defender's plays out to the open ground, and the attacker's stones taking a liberty there, count as escapes in a proof of death; the defender's plays out are barred in a proof of life"
      : r.closedByLife || r.boundary.size === 0 ? null
      : "local proof: the attacker strings around the region are taken as safe; the defender capturing one counts as an escape",
    voidMet,
    ruling: { firstToMove, status: first === null ? "unknown" : first ? "dead" : "alive" },
    ko: ruled.ko ?? null,
    threats: spec.threats ?? { B: 0, W: 0 },
  };
}

export { UNKNOWN };
export type { SearchRegion };
