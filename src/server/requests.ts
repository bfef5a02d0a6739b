// Requests of the HTTP API: their JSON schemas (validated by fastify before a handler runs) and
// their translation into the command line's options, so that a request runs exactly the code
// path of the equivalent `arbiter ... --json` command (src/api/operations.ts).
import { ArbiterError } from "../errors.js";
import { readSgf } from "../sgf/read.js";
import type { GameRecord } from "../record/record.js";
import { recordFromJson, type JsonGame } from "../api/input.js";
import type { CliOptions } from "../api/operations.js";

export interface Limits {
  /** request body, bytes */
  bodyBytes: number;
  /** moves in one game (SGF main line or JSON list) */
  moves: number;
  /** search budget of one request */
  maxNodes: number;
  seconds: number;
  /** simulation size of one request */
  games: number;
  /** seconds a client has to send a whole request (headers and body); the work after it has
   *  its own budget (`seconds`) */
  receiveSeconds: number;
  /** connections open at once; one more is closed at once */
  connections: number;
}

export const DEFAULT_LIMITS: Limits = { bodyBytes: 1024 * 1024, moves: 4096, maxNodes: 20_000_000, seconds: 60, games: 100_000,
  receiveSeconds: 10, connections: 256 };

const vertex = { type: "string", minLength: 1, maxLength: 8 } as const;
const vertices = { type: "array", items: vertex, maxItems: 361 } as const;
const pairs = (max: number) => ({
  type: "array", maxItems: max,
  items: { type: "array", minItems: 2, maxItems: 2, items: { type: "string", minLength: 1, maxLength: 8 } },
}) as const;

/** The fields every game request has: the game (SGF text or a move list) and the rules. */
function gameFields(l: Limits) {
  return {
    sgf: { type: "string", minLength: 1, description: "SGF text of the game (its first game and main line)" },
    moves: { ...pairs(l.moves), description: "moves as [colour, GTP vertex] pairs: [[\"B\",\"D4\"],[\"W\",\"pass\"]]" },
    initialStones: { ...pairs(361), description: "stones on the board before the first move: [[\"B\",\"D4\"], ...]" },
    initialPlayer: { type: "string", enum: ["B", "W", "b", "w"], description: "who plays first after the initial stones" },
    boardXSize: { type: "integer", minimum: 2, maximum: 19, description: "board width (with moves; default 19)" },
    boardYSize: { type: "integer", minimum: 2, maximum: 19, description: "board height (with moves; default boardXSize)" },
    rules: { type: ["string", "object"], maxLength: 40, maxProperties: 40,
      properties: { name: { type: "string", maxLength: 40 }, source: { type: "string", maxLength: 200 } },
      description: "a rule set name (arbiter rules) or a knob object such as {\"name\":\"ing\",\"komi\":7}" },
    komi: { type: "number", minimum: -1000, maximum: 1000, description: "komi, overriding the record's KM and the rule set's" },
  } as const;
}

export function refereeSchema(l: Limits) {
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      ...gameFields(l),
      dead: { type: ["string", "array"], maxLength: 4000, items: vertex, maxItems: 361,
        description: "\"none\", \"auto\" (proven by capture), \"sgf\" (the players' TB/TW/DD marks), or GTP vertices each naming a dead string" },
      ownBlack: { ...vertices, description: "Grand Rules: points only Black has the right to occupy" },
      ownWhite: { ...vertices, description: "Grand Rules: points only White has the right to occupy" },
      seki: { ...vertices, description: "territory counting: stones in seki, each naming its string" },
      time: { type: "string", maxLength: 100, description: "time control BT[,pp|rs:SECONDS:PERIODS] (base seconds, overtime), as --time" },
      timeUsed: { type: "string", maxLength: 100, description: "the time each player used, B:SECONDS,W:SECONDS, as --time-used" },
      territory: { type: "boolean", description: "also answer the count's territory marks, {\"B\": [...], \"W\": [...]} (vertices), as referee --sgf-out writes them" },
      atMove: { type: "integer", minimum: 0, maximum: l.moves, description: "referee only the first n moves of the main line, and count the position there as it stands" },
    },
  } as const;
}

export function proveSchema(l: Limits) {
  return {
    type: "object",
    additionalProperties: false,
    required: ["target"],
    properties: {
      ...gameFields(l),
      target: { type: ["string", "array"], minLength: 1, maxLength: 4000, items: vertex, minItems: 1, maxItems: 361,
        description: "one stone of each target string: [\"D4\",\"E5\"] or \"D4,E5\"" },
      toMove: { type: "string", enum: ["B", "W", "b", "w"], description: "who moves first when play resumes (default: the player to move after the record)" },
      atMove: { type: "integer", minimum: 0, maximum: l.moves, description: "play only the first n moves of the main line (0: the setup alone)" },
      maxNodes: { type: "integer", minimum: 1, maximum: l.maxNodes, description: `node budget (at most ${l.maxNodes})` },
      seconds: { type: "number", exclusiveMinimum: 0, maximum: l.seconds, description: `time budget in seconds (at most ${l.seconds})` },
      question: { type: "string", enum: ["both", "attacker", "defender"],
        description: "both (default), or one question with the whole budget: can the attacker capture moving first, or with the defender moving first" },
      threats: { type: "object", additionalProperties: false, properties: { B: { type: "integer", minimum: 0, maximum: 20 }, W: { type: "integer", minimum: 0, maximum: 20 } },
        description: "outside ko threats each side holds (default none, as in a finished game): {\"B\": 1}" },
      proof: { type: "boolean", description: "also answer the proof trees as SGF (attackerFirstSgf, defenderFirstSgf), as prove --proof writes them" },
    },
  } as const;
}

export function simulateSchema(l: Limits) {
  return {
    type: "object",
    additionalProperties: false,
    required: ["rules", "games"],
    properties: {
      rules: { type: ["string", "array"], minLength: 1, maxLength: 400, items: { type: "string", minLength: 1, maxLength: 40 },
        minItems: 1, maxItems: 16, description: "rule set names: [\"ing\",\"chinese\"] or \"ing,chinese\"" },
      size: { type: ["integer", "string"], minimum: 2, maximum: 19, pattern: "^[0-9]{1,2}x[0-9]{1,2}$",
        description: "board size: a side (9) or width x height (\"9x7\"), sides 2 to 19 (default 9)" },
      games: { type: "integer", minimum: 1, maximum: l.games, description: `games per rule set (at most ${l.games})` },
      seed: { type: "integer", minimum: 0, maximum: 4294967295, description: "PRNG seed (default 1)" },
      policy: { type: "string", enum: ["light", "capture"], description: "move choice (default light)" },
      paired: { type: "boolean", description: "replay every game under every other rule set and report where they disagree" },
      seconds: { type: "number", exclusiveMinimum: 0, maximum: l.seconds,
        description: `time budget in seconds (at most ${l.seconds}); the report says "interrupted": true when it ran out` },
    },
  } as const;
}

export const positionSchema = (l: Limits) => ({
  type: "object",
  additionalProperties: false,
  properties: {
    ...gameFields(l),
    atMove: { type: "integer", minimum: 0, maximum: l.moves, description: "play only the first n moves of the main line" },
  },
}) as const;

export interface GameBody {
  sgf?: string;
  moves?: [string, string][];
  initialStones?: [string, string][];
  initialPlayer?: string;
  boardXSize?: number;
  boardYSize?: number;
  rules?: string | Record<string, unknown>;
  komi?: number;
  [k: string]: unknown;
}

/** The game of a request: SGF text or a move list, never both, within the move limit. */
export function recordOf(body: GameBody, l: Limits): GameRecord {
  const hasSgf = body.sgf !== undefined;
  const hasMoves = body.moves !== undefined;
  if (hasSgf && hasMoves) throw new ArbiterError("give the game either as sgf or as moves, not both");
  if (!hasSgf && !hasMoves) throw new ArbiterError("the game is missing: give sgf (SGF text) or moves (a list like [[\"B\",\"D4\"]])");
  if (hasSgf) {
    for (const f of ["initialStones", "initialPlayer", "boardXSize", "boardYSize"]) {
      if (body[f] !== undefined) throw new ArbiterError(`${f} goes with moves: an SGF game has its own (SZ, AB/AW, PL)`);
    }
  }
  const record = hasSgf ? readSgf(body.sgf as string) : recordFromJson(body as JsonGame);
  if (record.moves.length > l.moves) {
    throw new ArbiterError(`moves: the game has ${record.moves.length} moves, this server takes at most ${l.moves}`);
  }
  return record;
}

const joined = (v: unknown) => Array.isArray(v) ? v.join(",") : v;

/** The command line's rule options for a request's rules and komi. */
export function ruleOptions(body: GameBody): CliOptions {
  const opts: CliOptions = {};
  if (typeof body.rules === "string") opts.rules = body.rules;
  else if (body.rules !== undefined) opts.rulesJson = JSON.stringify(body.rules);
  // String(number) reads back as the same number: the CLI's --komi parse gives the same knob
  if (body.komi !== undefined) opts.komi = String(body.komi);
  return opts;
}

/** `arbiter referee GAME --json [--rules ..] [--komi ..] [--dead ..] [--own-black ..] ...` */
export function refereeOptions(body: GameBody): CliOptions {
  const opts = ruleOptions(body);
  if (body.dead !== undefined) opts.dead = joined(body.dead);
  for (const f of ["ownBlack", "ownWhite", "seki"]) if (body[f] !== undefined) opts[f] = joined(body[f]);
  for (const f of ["time", "timeUsed"]) if (body[f] !== undefined) opts[f] = String(body[f]);
  return opts;
}

/** `arbiter prove GAME --target .. --json [--to-move ..] [--moves ..] [--max-nodes ..] [--time ..]` */
export function proveOptions(body: GameBody, l: Limits): CliOptions {
  const opts = ruleOptions(body);
  opts.target = joined(body.target);
  if (body.toMove !== undefined) opts.toMove = String(body.toMove).toUpperCase();
  if (body.atMove !== undefined) opts.moves = String(body.atMove);
  // the command line's defaults, within this server's limits
  opts.maxNodes = String(body.maxNodes ?? Math.min(20_000_000, l.maxNodes));
  opts.time = String(body.seconds ?? Math.min(60, l.seconds));
  opts.workers = "1";
  if (body.question !== undefined) opts.question = String(body.question);
  const t = body.threats as { B?: number; W?: number } | undefined;
  if (t !== undefined) opts.threats = `B:${t.B ?? 0},W:${t.W ?? 0}`;
  return opts;
}

/** The command line's option names in a message, as the request's field names (`kind`: the
 *  request's; `--time` is the prove budget `seconds`, but the referee's time control `time`). */
export function fieldNames(message: string, kind?: string): string {
  const names: Record<string, string> = { "moves": "atMove", "to-move": "toMove", "max-nodes": "maxNodes",
    "rules-json": "rules", "own-black": "ownBlack", "own-white": "ownWhite", "workers": "workers",
    ...(kind === "referee" ? {} : { "time": "seconds" }) };
  return message.replace(/--([a-z][a-z-]*)/g, (_, k: string) => names[k] ?? k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()));
}
