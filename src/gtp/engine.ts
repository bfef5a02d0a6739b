// `arbiter gtp`: a GTP v2 engine for Go GUIs and referees (GoGui, twogtp, Sabaki). The game is
// kept as a move list and ruled on move by move by the referee of `arbiter referee` (one
// src/rules/play.ts Referee per game, with the rule set's repetition rules), so a move GTP
// accepts is one the referee accepts; the board and the prisoners are that referee's, kept move
// by move. It is an arbiter, not a player: genmove answers with a legal move of the light
// playout policy (a random point that fills no eye of the mover's), or a pass.
import { ArbiterError } from "../errors.js";
import { MAX_SIDE, MIN_SIDE, type Color } from "../core/codes.js";
import { fromGtp, indexToGtp } from "../core/coords.js";
import type { GameRecord, RecordMove } from "../record/record.js";
import { startReferee, type Ruling } from "../rules/referee.js";
import type { Referee } from "../rules/play.js";
import { ruleSetFrom } from "../ruleset/ruleset.js";
import { recordMove } from "../api/input.js";
import { proveRecord, refereeRecord, type CliOptions } from "../api/operations.js";
import { positionAfter } from "../prove/position.js";
import { appendMoves, rootData, writeSgf, type SgfNode } from "../sgf/write.js";
import { resolveRules } from "../rules/resolve.js";
import { readGameArg } from "../api/record-arg.js";
import { writeFileSync } from "node:fs";

export const GTP_COMMANDS = [
  "protocol_version", "name", "version", "known_command", "list_commands", "quit",
  "boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo", "is_legal", "captures",
  "fixed_handicap", "place_free_handicap", "set_free_handicap", "time_settings", "time_left",
  "final_score", "final_status_list", "showboard", "loadsgf", "printsgf",
  "arbiter-set-rules", "arbiter-prove", "arbiter-cycles", "arbiter-referee",
  "gogui-setup", "gogui-setup_player", "gogui-analyze_commands",
];

/** GoGui's analyze menu (type/label/command; %p a point the user clicks, %s a text asked for). */
export const GOGUI_ANALYZE = [
  "string/Referee: the ruling of the game (JSON)/arbiter-referee",
  "string/Referee: cycles (JSON)/arbiter-cycles",
  "string/Referee: final score/final_score",
  "plist/Referee: dead stones/final_status_list dead",
  "plist/Referee: seki stones/final_status_list seki",
  "string/Referee: prove the group at a point/arbiter-prove %p",
  "none/Referee: set the rules (name or JSON)/arbiter-set-rules %s",
];

/** The fixed handicap points of GTP 2 section 4.1.1 as (column, row) from 1 at the lower left,
 *  in its order, or null where the size has none for n stones: the 3rd line below 13x13, the 4th
 *  from 13x13; the centre and the side points only on odd sizes from 9x9 (else at most 4). */
export function fixedHandicap(size: number, n: number): [number, number][] | null {
  if (size < 7 || n < 2) return null;
  const max = size % 2 === 1 && size >= 9 ? 9 : 4;
  if (n > max) return null;
  const lo = size >= 13 ? 4 : 3;
  const hi = size + 1 - lo;
  const mid = (size + 1) / 2;
  const corners: [number, number][] = [[lo, lo], [hi, hi], [lo, hi], [hi, lo]];
  const sides: [number, number][] = [[lo, mid], [hi, mid]];
  const ends: [number, number][] = [[mid, lo], [mid, hi]];
  const centre: [number, number] = [mid, mid];
  if (n <= 4) return corners.slice(0, n);
  if (n === 5) return [...corners, centre];
  if (n === 6) return [...corners, ...sides];
  if (n === 7) return [...corners, ...sides, centre];
  if (n === 8) return [...corners, ...sides, ...ends];
  return [...corners, ...sides, ...ends, centre];
}

export interface EngineOptions {
  /** the command line's rule options (--rules, --rules-json, knobs) */
  rules?: CliOptions;
  /** dead stones for final_score and final_status_list: "auto" (proven by capture) or "none" */
  dead?: "auto" | "none";
  /** budget of arbiter-prove */
  maxNodes?: number;
  seconds?: number;
  version?: string;
}

export interface Reply {
  ok: boolean;
  text: string;
  quit?: boolean;
}

class GtpFailure extends Error {}
const fail = (message: string): never => { throw new GtpFailure(message); };

function colourArg(v: string | undefined): Color {
  const c = (v ?? "").toLowerCase();
  if (c === "b" || c === "black") return "B";
  if (c === "w" || c === "white") return "W";
  return fail("syntax error: expected a colour (b, w, black, white)");
}

export class GtpEngine {
  private width = 19;
  private height = 19;
  private moves: RecordMove[] = [];
  /** setup stones (GoGui's gogui-setup; SGF AB/AW), row-major 0/1/2, and PL */
  private setup = new Uint8Array(19 * 19);
  private firstPlayer: Color | null = null;
  private komi: number | null = null;
  /** handicap stones placed by fixed_handicap, place_free_handicap or set_free_handicap (HA) */
  private handicap = 0;
  /** time_settings (seconds, byo-yomi seconds, stones per period) and each side's last time_left */
  private clock: { main: number; byo: number; stones: number } | null = null;
  private timeLeft: Partial<Record<Color, { seconds: number; stones: number }>> = {};
  /** the final ruling (final_score, final_status_list) of the current move list, proofs and all */
  private finalCached: Ruling | null = null;
  private rules: CliOptions;
  private readonly dead: "auto" | "none";
  private readonly maxNodes: number;
  private readonly seconds: number;
  private readonly version: string;
  /** the ruling of the current move list (cleared when it changes) */
  private cached: Ruling | null = null;
  /** the game's move-by-move referee, which rules on each play as it comes (rebuilt when the
   *  setup or rules change, after an undo, or after a search took over the thread's core) */
  private live: Referee | null = null;

  constructor(opts: EngineOptions = {}) {
    this.rules = { ...(opts.rules ?? {}) };
    // the rule options must name a valid rule set before the first command
    resolveRules(this.rules, null);
    this.dead = opts.dead ?? "auto";
    this.maxNodes = opts.maxNodes ?? 20_000_000;
    this.seconds = opts.seconds ?? 60;
    this.version = opts.version ?? "0.1.0";
  }

  /** The game as a record: what `arbiter referee` would read from the equivalent SGF. */
  record(moves: RecordMove[] = this.moves): GameRecord {
    return { width: this.width, height: this.height, komi: this.komi, rules: null, handicap: this.handicap, toMove: this.firstPlayer,
      setup: this.setup.slice(), moves, result: null, index: 1 };
  }

  /** The game as SGF text (for the command line's `arbiter referee`). */
  sgf(): string {
    const root: SgfNode = { data: rootData(this.width, this.height, {
      ...(this.komi === null ? {} : { KM: [`${this.komi}`] }), ...(this.handicap ? { HA: [`${this.handicap}`] } : {}),
      ...(this.firstPlayer ? { PL: [this.firstPlayer] } : {}), ...(this.clock ? { TM: [`${this.clock.main}`] } : {}),
      ...(this.clock && this.clock.byo > 0 ? { OT: [`${this.clock.stones} moves/${this.clock.byo} sec`] } : {}) }, this.setup), children: [] };
    const points = this.moves.map((m) => (m.x === null || m.y === null ? -1 : m.y * this.width + m.x));
    return writeSgf(appendMoves(root, points, this.width, (k) => this.moves[k].color));
  }

  private clear(): void {
    this.moves = [];
    this.setup = new Uint8Array(this.width * this.height);
    this.firstPlayer = null;
    this.handicap = 0;
    this.timeLeft = {};
    this.changed();
  }

  /** The game changed (moves, setup, rules, komi): its rulings are made again when asked for. */
  private changed(keepLive = false): void {
    this.cached = null;
    this.finalCached = null;
    if (!keepLive) this.live = null;
  }

  /** The move-by-move referee of the moves so far (the same rules as `arbiter referee`). */
  private liveReferee(): Referee {
    if (this.live?.current && this.live.played === this.moves.length) return this.live;
    const { rules } = resolveRules(this.rules, null);
    const live = startReferee(this.record([]), { rules }).play;
    for (const m of this.moves) live.play(m);
    this.live = live;
    return live;
  }

  private referee(moves: RecordMove[], dead: "none" | "auto" = "none", rules = this.rules, from?: GameRecord): Ruling {
    // GTP's final_score counts the position as it stands, whether or not play has ended
    const record = from ? { ...from, moves, rules: null } : this.record(moves);
    return refereeRecord(record, { ...rules, dead }, { unfinished: "count" });
  }

  private ruling(): Ruling {
    this.cached ??= this.referee(this.moves);
    return this.cached;
  }

  /** Why `move` may not be played now, or null when it may. */
  private refusal(move: RecordMove): string | null {
    // the referee rules on no move after the end of play (a pause that play may resume from
    // is not an end)
    const l = this.liveReferee().isLegal(move);
    if (l.legal) return null;
    return l.reason === "ended" ? l.rule! : `${l.reason}${l.rule ? ` (${l.rule})` : ""}`;
  }

  private moveArgs(args: string[]): RecordMove {
    const color = colourArg(args[0]);
    if (args[1] === undefined) fail("syntax error: expected a colour and a vertex");
    try {
      return recordMove(color, args[1], this.width, this.height, "vertex");
    } catch (e) {
      if (e instanceof ArbiterError) return fail(/off the/.test(e.message) ? "illegal move: off the board" : "syntax error: invalid vertex");
      throw e;
    }
  }

  private setRules(spec: string): void {
    let rules: CliOptions;
    const text = spec.trim();
    if (text.startsWith("{")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail("syntax error: the rule object is not valid JSON");
      }
      ruleSetFrom(parsed as Record<string, unknown>);
      rules = { rulesJson: text };
    } else {
      if (!text) fail("syntax error: expected a rule set name or a JSON knob object");
      rules = { rules: text };
    }
    resolveRules(rules, null);
    // the moves so far must stand under the new rules
    const r = this.referee(this.moves, "none", rules);
    const bad = r.moves.find((m) => !m.legal);
    if (bad) fail(`the moves so far break these rules: move ${bad.n} (${bad.color} ${bad.point}) is ${bad.reason}`);
    this.rules = rules;
    this.changed();
  }

  private board(): Uint8Array {
    const { rules } = resolveRules(this.rules, null);
    return positionAfter(this.record(), rules).board;
  }

  private stringOf(board: Uint8Array, i: number): number[] {
    const c = board[i];
    const seen = new Set([i]);
    const stack = [i];
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % this.width;
      const y = Math.floor(p / this.width);
      for (const q of [x > 0 ? p - 1 : -1, x < this.width - 1 ? p + 1 : -1, y > 0 ? p - this.width : -1,
        y < this.height - 1 ? p + this.width : -1]) {
        if (q >= 0 && board[q] === c && !seen.has(q)) { seen.add(q); stack.push(q); }
      }
    }
    return [...seen];
  }

  private showboard(): string {
    const live = this.liveReferee();
    const b = live.board();
    const caps = live.prisoners();
    const { rules, komiGiven } = resolveRules(this.rules, null);
    // the controller's komi (GTP komi, loadsgf) unless the rule options set one since
    const komi = komiGiven || this.komi === null ? rules.komi : this.komi;
    const letters = "ABCDEFGHJKLMNOPQRST".slice(0, this.width).split("").join(" ");
    const lines = [`   ${letters}`];
    for (let y = 0; y < this.height; y++) {
      const row = this.height - y;
      const cells = [];
      for (let x = 0; x < this.width; x++) cells.push(".XO"[b[y * this.width + x]]);
      let note = "";
      if (y === 0) note = `   rules: ${rules.name}, komi ${komi}`;
      if (y === 1) note = `   moves: ${this.moves.length}`;
      if (y === 2) note = `   captures: B ${caps.black}, W ${caps.white}`;
      lines.push(`${String(row).padStart(2)} ${cells.join(" ")} ${String(row).padStart(2)}${note}`);
    }
    lines.push(`   ${letters}`);
    return "\n" + lines.join("\n");
  }

  private finalRuling(): Ruling {
    if (this.dead !== "auto") return this.ruling();
    // proving the disputed groups takes seconds: once per move list
    this.finalCached ??= this.referee(this.moves, "auto");
    return this.finalCached;
  }

  /** The controller's komi (GTP komi, loadsgf) wins over one the rule options gave before it
   *  (--komi, or komi in --rules-json or arbiter-set-rules' JSON): the options lose theirs. */
  private dropOptionKomi(): void {
    delete this.rules.komi;
    if (typeof this.rules.rulesJson === "string") {
      const knobs = JSON.parse(this.rules.rulesJson) as Record<string, unknown>;
      delete knobs.komi;
      this.rules = { ...this.rules, rulesJson: JSON.stringify(knobs) };
    }
  }

  /** The board is empty: no setup stones and no moves (the handicap commands' condition). */
  private boardEmpty(): boolean {
    return this.moves.length === 0 && !this.setup.some((c) => c !== 0);
  }

  /** Places Black's handicap stones at row-major points: Black's setup stones, White to play. */
  private placeHandicap(points: number[]): string {
    for (const p of points) this.setup[p] = 1;
    this.handicap = points.length;
    this.firstPlayer = "W";
    this.changed();
    return points.map((p) => indexToGtp(p, this.width, this.height)).join(" ");
  }

  private fixedPoints(n: number): number[] {
    if (this.width !== this.height) fail("invalid number of stones");
    const at = fixedHandicap(this.width, n) ?? fail("invalid number of stones");
    return at.map(([col, row]) => (this.height - row) * this.width + (col - 1));
  }

  /** The light playout policy's move for c: the empty points in a random order (seeded by the
   *  game so far: a session replays the same), the first the referee allows that fills no eye
   *  of c's; a pass when none is left. */
  private chooseMove(c: Color): RecordMove {
    const live = this.liveReferee();
    const b = live.board();
    const own = c === "B" ? 1 : 2;
    const n = this.width * this.height;
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (b[i] === 0) order.push(i);
    let seed = (this.moves.length * 2654435761 + (own === 1 ? 97 : 193) + n) >>> 0;
    for (let i = order.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const j = seed % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const p of order) {
      if (live.ownEye(p, c)) continue;
      const m = recordMove(c, indexToGtp(p, this.width, this.height), this.width, this.height, "vertex");
      if (!this.refusal(m)) return m;
    }
    return recordMove(c, "pass", this.width, this.height, "vertex");
  }

  /** loadsgf: the record's size, komi, handicap, setup and first player, and its moves before
   *  move `upTo` (all of them without it); the moves must stand under the rules. */
  private async loadSgf(file: string, upTo: number | null): Promise<void> {
    let r: GameRecord;
    try {
      r = await readGameArg(file);
    } catch (e) {
      if (e instanceof ArbiterError) return fail(`cannot load file: ${e.message}`);
      throw e;
    }
    if (r.width !== r.height) fail(`cannot load file: the board is ${r.width}x${r.height}, GTP boards are square`);
    if (r.width < MIN_SIDE || r.width > MAX_SIDE) fail("cannot load file: unacceptable size");
    const moves = upTo === null ? r.moves : r.moves.slice(0, Math.max(0, upTo - 1));
    const bad = this.referee(moves, "none", this.rules, r).moves.find((m) => !m.legal);
    if (bad) fail(`cannot load file: move ${bad.n} (${bad.color} ${bad.point}) is ${bad.reason} under these rules`);
    this.width = r.width;
    this.height = r.height;
    this.komi = r.komi;
    if (r.komi !== null) this.dropOptionKomi();
    this.handicap = r.handicap;
    this.setup = r.setup.slice();
    this.firstPlayer = r.toMove;
    this.moves = moves.slice();
    this.timeLeft = {};
    this.changed();
  }

  private statusList(which: string): string {
    if (!["alive", "dead", "seki"].includes(which)) fail("syntax error: expected alive, dead or seki");
    const r = this.finalRuling();
    const b = this.board();
    const dead = new Set(r.dead);
    const seki = new Set<string>();
    for (const d of r.disputes ?? []) {
      if (d.status !== "seki") continue;
      for (const t of d.target) {
        const p = fromGtp(t, this.width, this.height);
        for (const q of this.stringOf(b, p.y * this.width + p.x)) seki.add(indexToGtp(q, this.width, this.height));
      }
    }
    const out: string[] = [];
    for (let i = 0; i < b.length; i++) {
      if (!b[i]) continue;
      const v = indexToGtp(i, this.width, this.height);
      const status = dead.has(v) ? "dead" : seki.has(v) ? "seki" : "alive";
      if (status === which) out.push(v);
    }
    return out.join(" ");
  }

  /** Answers one command (without its id); GTP failures are `ok: false`. */
  async execute(command: string, args: string[]): Promise<Reply> {
    try {
      return { ok: true, text: await this.run(command, args), quit: command === "quit" };
    } catch (e) {
      if (e instanceof GtpFailure) return { ok: false, text: e.message };
      if (e instanceof ArbiterError) return { ok: false, text: e.message };
      return { ok: false, text: `internal error: ${(e as Error).message}` };
    }
  }

  private async run(cmd: string, args: string[]): Promise<string> {
    switch (cmd) {
      case "protocol_version": return "2";
      case "name": return "arbiter";
      case "version": return this.version;
      case "known_command": return GTP_COMMANDS.includes(args[0] ?? "") ? "true" : "false";
      case "list_commands": return GTP_COMMANDS.join("\n");
      case "quit": return "";
      case "boardsize": {
        const n = Number(args[0]);
        if (!/^\d+$/.test(args[0] ?? "")) fail("syntax error: expected a board size");
        if (n < MIN_SIDE || n > MAX_SIDE) fail("unacceptable size");
        this.width = this.height = n;
        this.clear();
        return "";
      }
      case "clear_board":
        this.clear();
        return "";
      case "gogui-setup": {
        // GoGui's setup: "gogui-setup b D4 w E5 ...", before the first move (as SGF AB/AW)
        if (this.moves.length) fail("setup stones after moves are not supported: clear_board first");
        if (args.length % 2) fail("syntax error: expected colour and vertex pairs");
        const next = this.setup.slice();
        for (let k = 0; k < args.length; k += 2) {
          const m = this.moveArgs(args.slice(k, k + 2));
          if (m.x === null || m.y === null) fail("syntax error: a setup stone needs a vertex");
          next[m.y! * this.width + m.x!] = m.color === "B" ? 1 : 2;
        }
        const before = this.setup;
        this.setup = next;
        this.changed();
        try {
          this.board(); // a string without liberties is refused
        } catch (e) {
          this.setup = before;
          throw e;
        }
        return "";
      }
      case "gogui-setup_player":
        if (this.moves.length) fail("the first player is set before the first move");
        this.firstPlayer = colourArg(args[0]);
        this.changed();
        return "";
      case "komi": {
        // GTP 2 section 2.11: a float is decimal digits with an optional point (no 0x10, no 1e3)
        const k = Number(args[0]);
        if (args[0] === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(args[0])) fail("syntax error: expected komi as a decimal number");
        if (Math.abs(k) > 1000) fail(`komi ${args[0]} is out of range: from -1000 to 1000`);
        this.komi = k;
        this.dropOptionKomi();
        this.changed(true);
        return "";
      }
      case "play": {
        const m = this.moveArgs(args);
        const why = this.refusal(m);
        if (why) fail(`illegal move: ${why}`);
        this.liveReferee().play(m);
        this.moves.push(m);
        this.changed(true);
        return "";
      }
      case "genmove":
      case "reg_genmove": {
        const c = colourArg(args[0]);
        const m = this.chooseMove(c);
        const why = this.refusal(m);
        if (why) fail(`cannot move: ${why}`);
        if (cmd === "genmove") {
          this.liveReferee().play(m);
          this.moves.push(m);
          this.changed(true);
        }
        return m.x === null ? "pass" : indexToGtp(m.y! * this.width + m.x, this.width, this.height);
      }
      case "fixed_handicap":
      case "place_free_handicap": {
        if (!/^\d+$/.test(args[0] ?? "")) fail("syntax error: expected a number of stones");
        if (!this.boardEmpty()) fail("board not empty");
        // the engine's free placement is the fixed one (GTP 2 section 6.3.2 lets it choose)
        return this.placeHandicap(this.fixedPoints(Number(args[0])));
      }
      case "set_free_handicap": {
        if (!this.boardEmpty()) fail("board not empty");
        if (args.length < 2) fail("bad vertex list: at least two stones");
        const points = new Set<number>();
        for (const v of args) {
          const m = this.moveArgs(["b", v]);
          if (m.x === null) fail("bad vertex list: a pass is not a stone");
          const p = m.y! * this.width + m.x!;
          if (points.has(p)) fail(`bad vertex list: ${v.toUpperCase()} twice`);
          points.add(p);
        }
        if (points.size >= this.width * this.height) fail("bad vertex list: no empty point left");
        this.placeHandicap([...points]);
        return "";
      }
      case "time_settings": {
        const [main, byo, stones] = args.map((a) => (/^\d+$/.test(a) ? Number(a) : NaN));
        if (args.length !== 3 || ![main, byo, stones].every(Number.isSafeInteger)) {
          fail("syntax error: expected main time, byo-yomi time and byo-yomi stones as whole numbers");
        }
        // GTP 2 section 6.3.3: byo-yomi time with no stones means no time limit
        this.clock = byo > 0 && stones === 0 ? null : { main, byo, stones };
        return "";
      }
      case "time_left": {
        const c = colourArg(args[0]);
        const [seconds, stones] = args.slice(1).map((a) => (/^\d+$/.test(a) ? Number(a) : NaN));
        if (args.length !== 3 || !Number.isSafeInteger(seconds) || !Number.isSafeInteger(stones)) {
          fail("syntax error: expected a colour, the seconds left and the stones left");
        }
        this.timeLeft[c] = { seconds, stones };
        return "";
      }
      case "loadsgf": {
        if (!args[0]) fail("syntax error: expected a file name");
        if (args[1] !== undefined && !/^\d+$/.test(args[1])) fail("syntax error: the move number is a whole number");
        await this.loadSgf(args[0], args[1] === undefined ? null : Number(args[1]));
        return "";
      }
      case "printsgf": {
        if (!args[0]) return this.sgf();
        try {
          writeFileSync(args[0], this.sgf());
        } catch (e) {
          fail(`cannot write ${args[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
        }
        return "";
      }
      case "gogui-analyze_commands": return GOGUI_ANALYZE.join("\n");
      case "is_legal": {
        const m = this.moveArgs(args);
        return this.refusal(m) ? "0" : "1";
      }
      case "undo":
        if (this.moves.length === 0) fail("cannot undo");
        this.moves.pop();
        this.changed();
        return "";
      case "captures": {
        const p = this.liveReferee().prisoners();
        return String(colourArg(args[0]) === "B" ? p.black : p.white);
      }
      case "final_score": return this.finalRuling().result;
      case "final_status_list": return this.statusList(args[0] ?? "");
      case "showboard": return this.showboard();
      case "arbiter-set-rules":
        this.setRules(args.join(" "));
        return "";
      case "arbiter-cycles": return JSON.stringify(this.ruling().cycles);
      case "arbiter-referee": return JSON.stringify(this.ruling());
      case "arbiter-prove": {
        const targets = args.join(",").split(",").map((s) => s.trim()).filter(Boolean);
        if (targets.length === 0) fail("syntax error: expected the vertex of a stone of the disputed group");
        const opts: CliOptions = { ...this.rules, target: targets.join(","), maxNodes: String(this.maxNodes), time: String(this.seconds) };
        if (this.komi !== null) opts.komi = String(this.komi);
        const r = await proveRecord(this.record(), opts);
        return JSON.stringify(r.out);
      }
      default:
        return fail("unknown command");
    }
  }
}

/** One GTP input line: id, command and arguments, or null for an empty or comment line. */
export function parseLine(raw: string): { id: string; command: string; args: string[] } | null {
  // GTP 2 section 3.1: drop control characters but HT and LF, HT becomes a space, drop comments
  // eslint-disable-next-line no-control-regex
  const line = raw.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "").replace(/\t/g, " ").replace(/#.*$/, "").trim();
  if (!line) return null;
  const words = line.split(/ +/);
  let id = "";
  if (/^\d+$/.test(words[0])) id = words.shift()!;
  if (words.length === 0) return { id, command: "", args: [] };
  return { id, command: words[0], args: words.slice(1) };
}

/** A reply as GTP sends it: "=id text" or "?id text", ended by an empty line. */
export function formatReply(id: string, reply: Reply): string {
  const body = reply.text.replace(/\n\n+/g, "\n").replace(/\n+$/, "");
  return `${reply.ok ? "=" : "?"}${id}${body ? (body.startsWith("\n") ? body : ` ${body}`) : ""}\n\n`;
}
