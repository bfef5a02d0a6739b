// `arbiter gtp`: a GTP v2 engine for Go GUIs and referees (GoGui, twogtp, Sabaki). The game is
// kept as a move list and ruled on move by move by the referee of `arbiter referee` (one
// src/rules/play.ts Referee per game, with the rule set's repetition rules), so a move GTP
// accepts is one the referee accepts. It plays no moves of its own: it is an arbiter, not a player.
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

export const GTP_COMMANDS = [
  "protocol_version", "name", "version", "known_command", "list_commands", "quit",
  "boardsize", "clear_board", "komi", "play", "undo", "is_legal", "captures",
  "final_score", "final_status_list", "showboard",
  "arbiter-set-rules", "arbiter-prove", "arbiter-cycles", "arbiter-referee",
  "gogui-setup", "gogui-setup_player",
];

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
    return { width: this.width, height: this.height, komi: this.komi, rules: null, handicap: 0, toMove: this.firstPlayer,
      setup: this.setup.slice(), moves, result: null, index: 1 };
  }

  /** The game as SGF text (for the command line's `arbiter referee`). */
  sgf(): string {
    const root: SgfNode = { data: rootData(this.width, this.height, {
      ...(this.komi === null ? {} : { KM: [`${this.komi}`] }), ...(this.firstPlayer ? { PL: [this.firstPlayer] } : {}) }, this.setup), children: [] };
    const points = this.moves.map((m) => (m.x === null || m.y === null ? -1 : m.y * this.width + m.x));
    return writeSgf(appendMoves(root, points, this.width, (k) => this.moves[k].color));
  }

  private clear(): void {
    this.moves = [];
    this.setup = new Uint8Array(this.width * this.height);
    this.firstPlayer = null;
    this.cached = null;
    this.live = null;
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

  private referee(moves: RecordMove[], dead: "none" | "auto" = "none", rules = this.rules): Ruling {
    // GTP's final_score counts the position as it stands, whether or not play has ended
    return refereeRecord(this.record(moves), { ...rules, dead }, { unfinished: "count" });
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
    this.cached = null;
    this.live = null;
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
    const b = this.board();
    const letters = "ABCDEFGHJKLMNOPQRST".slice(0, this.width).split("").join(" ");
    const r = this.ruling();
    const caps = (c: Color) => this.captured(r, c);
    const lines = [`   ${letters}`];
    for (let y = 0; y < this.height; y++) {
      const row = this.height - y;
      const cells = [];
      for (let x = 0; x < this.width; x++) cells.push(".XO"[b[y * this.width + x]]);
      let note = "";
      if (y === 0) note = `   rules: ${r.rules.name}, komi ${r.rules.komi}`;
      if (y === 1) note = `   moves: ${this.moves.length}`;
      if (y === 2) note = `   captures: B ${caps("B")}, W ${caps("W")}`;
      lines.push(`${String(row).padStart(2)} ${cells.join(" ")} ${String(row).padStart(2)}${note}`);
    }
    lines.push(`   ${letters}`);
    return "\n" + lines.join("\n");
  }

  /** Stones `c` has captured: its captures and the opponent's self-captures. */
  private captured(r: Ruling, c: Color): number {
    let n = 0;
    for (const m of r.moves) {
      if (!m.legal) continue;
      n += m.color === c ? m.captures.length : m.selfCaptures.length;
    }
    return n;
  }

  private finalRuling(): Ruling {
    return this.dead === "auto" ? this.referee(this.moves, "auto") : this.ruling();
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
        this.live = null;
        try {
          this.board(); // a string without liberties is refused
        } catch (e) {
          this.setup = before;
          throw e;
        }
        this.cached = null;
        return "";
      }
      case "gogui-setup_player":
        if (this.moves.length) fail("the first player is set before the first move");
        this.firstPlayer = colourArg(args[0]);
        this.cached = null;
        this.live = null;
        return "";
      case "komi": {
        // GTP 2 section 2.11: a float is decimal digits with an optional point (no 0x10, no 1e3)
        const k = Number(args[0]);
        if (args[0] === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(args[0]) || Math.abs(k) > 1000) fail("syntax error: expected komi as a decimal number");
        this.komi = k;
        // the controller's komi wins over a --komi given on the command line
        delete this.rules.komi;
        this.cached = null;
        return "";
      }
      case "play": {
        const m = this.moveArgs(args);
        const why = this.refusal(m);
        if (why) fail(`illegal move: ${why}`);
        this.liveReferee().play(m);
        this.moves.push(m);
        this.cached = null;
        return "";
      }
      case "is_legal": {
        const m = this.moveArgs(args);
        return this.refusal(m) ? "0" : "1";
      }
      case "undo":
        if (this.moves.length === 0) fail("cannot undo");
        this.moves.pop();
        this.cached = null;
        return "";
      case "captures": return String(this.captured(this.ruling(), colourArg(args[0])));
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
