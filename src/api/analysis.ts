// KataGo's analysis protocol (docs/Analysis_Engine.md of KataGo), answered by the referee: a query
// names a game (`boardXSize`, `boardYSize`, `initialStones`, `initialPlayer`, `moves`, `rules` as
// KataGo's names or rule objects, `komi`) and the turns to analyse; each turn gets a response with
// KataGo's fields (`id`, `turnNumber`, `isDuringSearch`, `moveInfos`, `rootInfo`, `ownership`) and
// arbiter's own under `arbiter`: the ruling of the turn's move, the cycles so far, the end of play,
// the count and the result. arbiter plays no moves, so `moveInfos` is empty; `rootInfo.scoreLead`
// is Black's lead by the rule set's count (komi included), not a prediction. Errors and warnings
// take KataGo's shapes ({"error"|"warning", "field", "id"}).
import { ArbiterError } from "../errors.js";
import { MAX_SIDE, MIN_SIDE, type Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import type { GameRecord, RecordMove } from "../record/record.js";
import { fromKataGoRules } from "../ruleset/katago.js";
import { PRESETS, withKnobs, type RuleSet } from "../ruleset/ruleset.js";
import { refereeRecord } from "./operations.js";
import { recordMove } from "./input.js";
import { VERSION } from "./version.js";
import { countMarks } from "./ruling-sgf.js";
import type { Ruling } from "../rules/referee.js";

type Json = Record<string, unknown>;

/** Fields of a KataGo query that steer its search: taken, and ignored with a warning. */
const SEARCH_FIELDS = ["maxVisits", "rootPolicyTemperature", "rootFpuReductionMax", "analysisPVLen", "includeMovesOwnership",
  "includePolicy", "includePVVisits", "includeOwnershipStdev", "avoidMoves", "allowMoves", "overrideSettings",
  "reportDuringSearchEvery", "priority", "priorities", "whiteHandicapBonus"];
const GAME_FIELDS = ["id", "moves", "initialStones", "initialPlayer", "rules", "komi", "boardXSize", "boardYSize", "analyzeTurns",
  "includeOwnership", "arbiterDead"];

/** The longest query line taken (10,000 moves are about 150 KB). */
export const MAX_QUERY_CHARS = 1 << 20;

/** The most turns one query may ask for (each is a referee's run of the game so far). */
export const MAX_TURNS = 2000;

class FieldError extends Error {
  constructor(readonly field: string, message: string) { super(message); }
}

function colourOf(v: unknown, where: string, field = where): Color {
  const c = typeof v === "string" ? v.trim().toUpperCase() : "";
  if (c === "B" || c === "BLACK") return "B";
  if (c === "W" || c === "WHITE") return "W";
  throw new FieldError(field, `${where}: expected "B" or "W", got ${JSON.stringify(v)?.slice(0, 20)}`);
}

/** A location as KataGo takes it: a GTP vertex, "pass", or "(x,y)" from the top left. */
function moveOf(v: unknown, width: number, height: number, field: string): RecordMove {
  if (!Array.isArray(v) || v.length !== 2 || typeof v[1] !== "string") {
    throw new FieldError(field.split("[")[0], `${field} must be a [player, location] pair like ["B","D4"]`);
  }
  const color = colourOf(v[0], field, field.split("[")[0]);
  const xy = /^\((\d+),(\d+)\)$/.exec(v[1].replace(/\s+/g, ""));
  let vertex = v[1];
  if (xy) {
    const x = Number(xy[1]);
    const y = Number(xy[2]);
    if (x >= width || y >= height) throw new FieldError(field.split("[")[0], `${field}: (${x},${y}) is off the ${width}x${height} board`);
    vertex = indexToGtp(y * width + x, width, height);
  }
  try {
    return recordMove(color, vertex, width, height, field);
  } catch (e) {
    if (e instanceof ArbiterError) throw new FieldError(field.split("[")[0], e.message);
    throw e;
  }
}

function sizeOf(q: Json, field: string): number {
  const v = q[field];
  if (!Number.isInteger(v) || (v as number) < MIN_SIDE || (v as number) > MAX_SIDE) {
    throw new FieldError(field, `${field} must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, got ${JSON.stringify(v)?.slice(0, 20)}`);
  }
  return v as number;
}

/** The game and the turns of a query, or a FieldError naming the field at fault. */
function readQuery(q: Json): { record: GameRecord; rules: RuleSet; turns: number[]; ownership: boolean; dead: "none" | "auto" } {
  const width = sizeOf(q, "boardXSize");
  const height = sizeOf(q, "boardYSize");
  if (q.rules === undefined) throw new FieldError("rules", "rules is required: a KataGo rule name (\"japanese\") or rule object");
  let rules: RuleSet;
  try {
    rules = fromKataGoRules(q.rules);
  } catch (e) {
    if (e instanceof ArbiterError) throw new FieldError("rules", e.message);
    throw e;
  }
  if (q.komi !== undefined) {
    const k = q.komi;
    if (typeof k !== "number" || !Number.isInteger(k * 2) || Math.abs(k) > 150) {
      throw new FieldError("komi", `komi must be a whole or half number from -150 to 150, got ${JSON.stringify(k)?.slice(0, 20)}`);
    }
    rules = withKnobs(rules, { komi: k });
  }
  if (!Array.isArray(q.moves)) throw new FieldError("moves", "moves is required: a list of [player, location] pairs (empty for none)");
  if (q.moves.length > 10_000) throw new FieldError("moves", `moves: ${q.moves.length} moves, at most 10000`);
  const moves = q.moves.map((m, i) => moveOf(m, width, height, `moves[${i}]`));
  const setup = new Uint8Array(width * height);
  if (q.initialStones !== undefined) {
    if (!Array.isArray(q.initialStones) || q.initialStones.length > width * height) {
      throw new FieldError("initialStones", "initialStones must be a list of [player, location] pairs, one per point at most");
    }
    q.initialStones.forEach((s, i) => {
      const m = moveOf(s, width, height, `initialStones[${i}]`);
      if (m.x === null) throw new FieldError("initialStones", `initialStones[${i}]: a pass is not a stone`);
      setup[m.y! * width + m.x!] = m.color === "B" ? 1 : 2;
    });
  }
  // the first player: initialPlayer, else the first move's (KataGo reads the game so)
  const toMove = q.initialPlayer === undefined ? moves[0]?.color ?? null : colourOf(q.initialPlayer, "initialPlayer");
  let turns = [moves.length];
  if (q.analyzeTurns !== undefined) {
    const t = q.analyzeTurns;
    if (!Array.isArray(t) || t.length === 0 || t.length > MAX_TURNS ||
      !t.every((n) => Number.isInteger(n) && n >= 0 && n <= moves.length)) {
      throw new FieldError("analyzeTurns", `analyzeTurns must list 1 to ${MAX_TURNS} turns, each from 0 to ${moves.length} (the moves given)`);
    }
    turns = t as number[];
  }
  const ownership = q.includeOwnership === true;
  const dead = q.arbiterDead === undefined ? "none" : q.arbiterDead;
  if (dead !== "none" && dead !== "auto") throw new FieldError("arbiterDead", `arbiterDead takes "none" or "auto" (dead stones proven by capture), got ${JSON.stringify(dead)?.slice(0, 20)}`);
  const record: GameRecord = { width, height, komi: null, rules: null, handicap: 0, toMove, setup, moves, result: null, index: 1 };
  return { record, rules, turns, ownership, dead };
}

/** Owners per point from Black's view, row-major from the top left as KataGo's ownership: 1 Black's,
 *  -1 White's, 0 shared or nobody's: the count's territory marks (scoring/marks.ts, as
 *  `referee --sgf-out` writes them) and its live stones. */
function ownershipOf(record: GameRecord, r: Ruling): number[] {
  const { TB, TW, dead, board } = countMarks(record, r);
  const out = Array.from(board, (c) => (c === 1 ? 1 : c === 2 ? -1 : 0));
  for (const i of dead) out[i] = 0;
  for (const i of TB) out[i] = 1;
  for (const i of TW) out[i] = -1;
  return out;
}

/** The responses to one query line (already parsed): one per analysed turn, plus warnings. */
export function answerQuery(raw: unknown, cancelled: () => boolean = () => false): Json[] {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [{ error: "a query is a JSON object" }];
  const q = raw as Json;
  if (typeof q.id !== "string") return [{ error: "id is required: a string naming the query", field: "id" }];
  const id = q.id;
  // KataGo's special actions
  if (q.action !== undefined) {
    if (q.action === "query_version") return [{ ...q, version: VERSION, git_hash: "<omitted>" }];
    if (q.action === "clear_cache" || q.action === "terminate") return [{ ...q }]; // nothing cached, nothing running in the background
    return [{ error: `unknown action ${JSON.stringify(q.action)?.slice(0, 30)}: query_version, clear_cache, terminate`, field: "action", id }];
  }
  const out: Json[] = [];
  for (const k of Object.keys(q)) {
    if (SEARCH_FIELDS.includes(k)) out.push({ warning: `${k} steers a search: arbiter plays no moves and ignores it`, field: k, id });
    else if (!GAME_FIELDS.includes(k)) out.push({ warning: `unexpected field ${k}: ignored`, field: k, id });
  }
  let game: ReturnType<typeof readQuery>;
  try {
    game = readQuery(q);
  } catch (e) {
    if (e instanceof FieldError) return [...out, { error: e.message, field: e.field, id }];
    throw e;
  }
  const { record, rules, turns, ownership, dead } = game;
  // the rule set as the referee's options take it: every knob, over its preset (any preset for a
  // custom one: every knob is given)
  const rulesJson = JSON.stringify(Object.hasOwn(PRESETS, rules.name) ? rules : { ...rules, name: "tromp-taylor" });
  for (const t of turns) {
    if (cancelled()) {
      out.push({ error: "cancelled: the client went away or the server is stopping", id, turnNumber: t });
      break;
    }
    const r = refereeRecord({ ...record, moves: record.moves.slice(0, t) }, { rulesJson, dead }, { unfinished: "count" });
    const last = t > 0 ? r.moves[t - 1] ?? null : null;
    const illegal = r.moves.find((m) => !m.legal) ?? null;
    const toMove: Color = t === 0 ? (record.toMove ?? "B") : r.moves[t - 1]?.color === "B" ? "W" : "B";
    const s = r.score;
    const answer: Json = {
      id, turnNumber: t, isDuringSearch: false, moveInfos: [],
      rootInfo: { currentPlayer: toMove, ...(s ? { scoreLead: s.black - s.white - s.komi } : {}) },
    };
    if (ownership && s) answer.ownership = ownershipOf({ ...record, moves: record.moves.slice(0, t) }, r);
    answer.arbiter = {
      rules: r.rules.name, komi: r.rules.komi, move: last, illegal, cycles: r.cycles.filter((c) => c.repeatMove <= t), end: r.end,
      result: r.result, decidedBy: r.decidedBy, score: s ? { method: s.method, black: s.black, white: s.white, komi: s.komi } : null,
      dead: r.dead, ...(r.disputes ? { disputes: r.disputes } : {}),
    };
    out.push(answer);
  }
  return out;
}

/** One input line: its responses as text lines (a line that is not JSON is a general error). */
export function answerLine(line: string): string[] {
  let q: unknown;
  try {
    q = JSON.parse(line);
  } catch {
    return [JSON.stringify({ error: `could not parse the query as JSON: ${line.slice(0, 60)}` })];
  }
  return answerQuery(q).map((a) => JSON.stringify(a));
}
