// Passes, pauses and the end of play (the `end` knob): RULES.md 1.5 (Ing), 2.4 (New Ing),
// 3.5 (Zhang), 4.4 (Grand) and the two passes of the common rule sets.
import type { Color } from "../core/codes.js";
import type { RuleSet } from "../ruleset/ruleset.js";

/** Why play ended (the JSON's `end.reason`, DESIGN.md 3). */
export type EndReason = "four-passes" | "two-passes" | "null-moves" | "virtual-moves" | "resignation" |
  "illegal-move" | "cycle" | "record-ended";

export type Phase = "play" | "paused" | "resumed";

export type FlowEvent =
  | { kind: "none" }
  | { kind: "pause"; rule: string }
  | { kind: "resume"; rule: string }
  | { kind: "end"; reason: EndReason; rule: string };

const NONE: FlowEvent = { kind: "none" };

export class PlayFlow {
  phase: Phase = "play";
  /** move number of the first pause: the game phase ends there (Grand 4.5) */
  firstPauseAt: number | null = null;
  /** New Ing: the player whose null move was answered by the ending one */
  endRequester: Color | null = null;
  private consecutive = 0;
  private lastNullBy: Color | null = null;
  private virtualSinceBoardChange = 0;
  /** Zhang 3.5 (001 §12.2 累计): virtual moves made so far in each board position, by board hash */
  private virtualByBoard = new Map<bigint, number>();
  /** Zhang 3.1: abandon moves in a row */
  private abandons = 0;

  constructor(private readonly rules: RuleSet) {}

  /** A pass by `color`; `abandon` marks Zhang's abandon moves (the record's last two passes);
   *  `board` is the board hash (unchanged by the pass), for Zhang's count of virtual moves per
   *  board position (3.5). */
  onPass(color: Color, n: number, abandon: boolean, board?: bigint): FlowEvent {
    this.consecutive++;
    const r = this.rules;
    switch (r.end) {
      case "null-moves":
        return this.onNull(color);
      case "zhang-virtual": {
        if (abandon) {
          // 3.1: two abandon moves in a row end play by agreement (virtual moves before them are
          // not abandon moves: they do not count here)
          this.abandons++;
          return this.abandons >= 2 ? { kind: "end", reason: "two-passes", rule: "zhang 3.1 (abandon moves: both players agree to end)" } : NONE;
        }
        this.abandons = 0;
        this.virtualSinceBoardChange++;
        // 3.5 (001 §12.2 "在同一个盘内棋形下…累计的四手虚着"): four virtual moves in total made in
        // the same board position, counted over the whole game (a ko retaken through virtual moves
        // comes back to the same board); without the board hash, since the board last changed
        let inBoard = this.virtualSinceBoardChange;
        if (board !== undefined) {
          inBoard = (this.virtualByBoard.get(board) ?? 0) + 1;
          this.virtualByBoard.set(board, inBoard);
        }
        if (this.consecutive >= 4) {
          return { kind: "end", reason: "virtual-moves", rule: "zhang 3.5 (four consecutive virtual moves)" };
        }
        if (inBoard >= 4) {
          return { kind: "end", reason: "virtual-moves", rule: "zhang 3.5 (four virtual moves in total in one board position)" };
        }
        return NONE;
      }
      case "four-passes":
        // 術語18: any two consecutive passes pause play, after a resumption too
        if (this.consecutive === 2) return this.pause(n, "ing 1.5 (two passes pause play)", false);
        return this.consecutive >= 4 ? { kind: "end", reason: "four-passes", rule: "ing 1.5 (four consecutive passes)" } : NONE;
      case "ing-pairs":
        if (this.consecutive === 2) {
          if (this.phase === "play") return this.pause(n, "ing 1.5 (the first two passes pause play)");
          return { kind: "end", reason: "four-passes", rule: "ing 1.5 (the next two passes end play)" };
        }
        return NONE;
      case "two-passes":
      default:
        if (this.consecutive === 2) {
          if (r.resumeClearsHistory) return this.pause(n, "grand 4.4 (two passes suspend play)");
          return { kind: "end", reason: "two-passes", rule: `${r.name === "custom" ? "knob end two-passes" : `${r.name}: two consecutive passes end play`}` };
        }
        return NONE;
    }
  }

  /** A stone play; `noChange` marks a single-stone suicide (New Ing's null move). */
  onPlay(color: Color, noChange: boolean): FlowEvent {
    if (this.rules.end === "null-moves" && noChange) return this.onNull(color);
    this.consecutive = 0;
    this.lastNullBy = null;
    this.abandons = 0;
    if (!noChange) this.virtualSinceBoardChange = 0;
    if (this.phase === "paused") {
      this.phase = "resumed";
      return { kind: "resume", rule: this.rules.resumeClearsHistory ? "grand 4.4 (resumption: the history starts again)" : "ing 1.5 (play resumes to settle dead stones)" };
    }
    return NONE;
  }

  /** The record ended without an end of play: a pause counts as ended by agreement. */
  atRecordEnd(n: number): FlowEvent {
    if (this.phase === "paused") {
      const r = this.rules;
      // ing 1.5: "a record whose last moves are two passes is taken as paused and then ended by
      // agreement"; grand 4.4: after a suspension the players settle by agreement (协商终局)
      const clause = r.end === "ing-pairs" || r.end === "four-passes" ? "ing 1.5 (play paused and the record ends: ended by agreement)"
        : r.resumeClearsHistory ? "grand 4.4 (play suspended and the record ends: ended by agreement)"
        : "play paused and the record ends: ended by agreement";
      return { kind: "end", reason: "two-passes", rule: clause };
    }
    return { kind: "end", reason: "record-ended", rule: "the record ends here" };
  }

  private pause(n: number, rule: string, resetCount = true): FlowEvent {
    this.phase = "paused";
    if (resetCount) this.consecutive = 0;
    if (this.firstPauseAt === null) this.firstPauseAt = n;
    return { kind: "pause", rule };
  }

  private onNull(color: Color): FlowEvent {
    // new-ing 2.4: a null move asks to end; a null move in reply agrees
    if (this.lastNullBy !== null && this.lastNullBy !== color) {
      this.endRequester = this.lastNullBy;
      return { kind: "end", reason: "null-moves", rule: "new-ing 2.4 (a null move answered by a null move)" };
    }
    this.lastNullBy = color;
    return NONE;
  }
}
