// Time as part of the rules (RULES.md 1.10; seed 002 第七條 時限, 第四條 區位; seed 000 第九條 3):
// a time control (base time and one overtime kind), the time each player used, and what the
// rule set's `timeRule` knob makes of an overrun:
// - ing-penalty (Ing SST 002 §7): penalty-point overtime (PP) charges 2 points when the base time
//   is used up, 2 more past 1/6 of the base time in overtime, 2 more past 2/6, and loses on time
//   past 3/6 (逾時裁定敗); both players' points offset each other, and when both pass 3/6 the
//   first to reach it loses. Read-second overtime (RS) loses when its periods run out.
// - loss (New Ing 000 §9.3 违时终局, and the usual tournament rule): any overrun of the time
//   allowed (the base, and the RS periods) loses at once; PP has no points here.
// - none (rule texts without a time clause): time is reported, never ruled on.
import { ArbiterError } from "../errors.js";
import { other, type Color } from "../core/codes.js";
import type { RecordClock } from "../record/record.js";

import type { TimeRule } from "../ruleset/ruleset.js";

export type Overtime = { kind: "none" } | { kind: "pp" } | { kind: "rs"; seconds: number; periods: number };

export interface TimeControl {
  /** base time (基時), seconds per player */
  base: number;
  overtime: Overtime;
}

/** Seconds used by each player; `crossed`: when both passed the loss threshold, the one who
 *  reached it first (from the record's clock, move by move), if known. */
export interface TimeUsed {
  B: number;
  W: number;
  from: "option" | "record";
  crossed?: Color;
}

export interface TimeRuling {
  control: TimeControl;
  used: { B: number; W: number };
  from: TimeUsed["from"];
  /** seconds past the base time */
  overtime: { B: number; W: number };
  /** penalty points charged to each player (PP under ing-penalty) */
  penalty: { B: number; W: number };
  /** the points left after both players' points offset each other, and who pays them */
  net: { against: Color | null; points: number };
  /** every 2 penalty points are one stone in the fill-in count (二點折一子) */
  stones: number;
  /** the player who lost on time, if any */
  lostOnTime: Color | null;
  /** the clause of each part of the ruling */
  rule: string;
  /** one sentence per player and for the outcome */
  lines: string[];
}

const LIMIT = 10 * 24 * 3600;

function seconds(raw: string, what: string): number {
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > LIMIT) {
    throw new ArbiterError(`${what}: "${raw}" is not a number of seconds from 0 to ${LIMIT}`);
  }
  return n;
}

/** `--time BT[,pp|rs:SECONDS:PERIODS]`: base time in seconds and the overtime kind. Without a
 *  kind the rule set decides: PP for Ing's rules (002 §7), none (absolute time) for the others. */
export function parseTimeControl(spec: string, timeRule: TimeRule): TimeControl {
  const [baseRaw, kind, ...rest] = spec.split(",");
  if (rest.length) throw new ArbiterError(`--time takes BT[,pp|rs:SECONDS:PERIODS], got "${spec}"`);
  const base = seconds(baseRaw, "--time base time");
  if (base === 0) throw new ArbiterError("--time: the base time must be more than 0 seconds");
  if (kind === undefined) return { base, overtime: timeRule === "ing-penalty" ? { kind: "pp" } : { kind: "none" } };
  const k = kind.trim().toLowerCase();
  if (k === "pp") return { base, overtime: { kind: "pp" } };
  if (k === "none") return { base, overtime: { kind: "none" } };
  const m = /^rs:([^:]+):([^:]+)$/.exec(k);
  if (!m) throw new ArbiterError(`--time: unknown overtime "${kind}": use pp, none or rs:SECONDS:PERIODS`);
  const periods = Number(m[2]);
  if (!Number.isInteger(periods) || periods < 1 || periods > 1000) throw new ArbiterError(`--time: rs takes 1 to 1000 periods, got "${m[2]}"`);
  const s = seconds(m[1], "--time rs period");
  if (s === 0) throw new ArbiterError("--time: an rs period must be more than 0 seconds");
  return { base, overtime: { kind: "rs", seconds: s, periods } };
}

/** `--time-used B:SECONDS,W:SECONDS`. */
export function parseTimeUsed(spec: string): TimeUsed {
  const out: Partial<Record<Color, number>> = {};
  for (const part of spec.split(",")) {
    const m = /^\s*([BW])\s*:(.*)$/i.exec(part);
    if (!m) throw new ArbiterError(`--time-used takes B:SECONDS,W:SECONDS, got "${spec}"`);
    const c = m[1].toUpperCase() as Color;
    if (out[c] !== undefined) throw new ArbiterError(`--time-used names ${c} twice`);
    out[c] = seconds(m[2], `--time-used ${c}`);
  }
  if (out.B === undefined || out.W === undefined) throw new ArbiterError(`--time-used needs both players, got "${spec}"`);
  return { B: out.B, W: out.W, from: "option" };
}

/** The overtime a record's OT describes, where it is one arbiter reads: KGS's "5x30 byo-yomi"
 *  (read-second overtime, 5 periods of 30 s). */
export function overtimeFromOT(ot: string | null): Overtime | null {
  if (!ot) return null;
  const m = /^\s*(\d+)\s*x\s*(\d+(?:\.\d+)?)\s*byo-?yomi\s*$/i.exec(ot);
  if (m) return { kind: "rs", seconds: Number(m[2]), periods: Number(m[1]) };
  return null;
}

/** Seconds used at a clock reading: the base time less the time left, or, in byo-yomi (periods
 *  left known), the whole base, the periods spent and the time spent in the current one. */
function usedAt(control: TimeControl, e: RecordClock["left"][number]): number {
  const o = control.overtime;
  if (e.periods !== undefined && o.kind === "rs") return control.base + (o.periods - e.periods) * o.seconds + (o.seconds - e.left);
  return control.base - e.left;
}

/** The time each player used, from the record's last clock readings; null when it has none. */
export function timeUsedFromRecord(clock: RecordClock, control: TimeControl, rule: TimeRule): TimeUsed | null {
  const last: Partial<Record<Color, number>> = {};
  const limit = lossAt(control, rule);
  let crossed: Color | undefined;
  for (const e of clock.left) {
    const used = usedAt(control, e);
    last[e.color] = used;
    if (crossed === undefined && limit !== null && used > limit) crossed = e.color;
  }
  if (last.B === undefined && last.W === undefined) return null;
  return { B: last.B ?? 0, W: last.W ?? 0, from: "record", ...(crossed ? { crossed } : {}) };
}

/** Seconds used past which a player loses on time, or null when time cannot lose. */
function lossAt(control: TimeControl, rule: TimeRule): number | null {
  if (rule === "none") return null;
  const o = control.overtime;
  if (o.kind === "rs") return control.base + o.seconds * o.periods;
  if (o.kind === "pp" && rule === "ing-penalty") return control.base * 1.5; // 002 §7: past 3/6 of the base
  return control.base; // absolute time, or PP where the rules know no points (New Ing 000 §9.3)
}

/** PP penalty points for seconds past the base time (002 §7): 2 once the base is used up, 4
 *  past 1/6 of the base, 6 past 2/6 (past 3/6 the player has lost). */
export function penaltyPoints(over: number, base: number): number {
  if (over <= 0) return 0;
  if (over > (2 * base) / 6) return 6;
  if (over > base / 6) return 4;
  return 2;
}

const CLAUSE: Record<TimeRule, string> = {
  "ing-penalty": "ing 1.10 (002 第七條 時限: 罰點延時 PP, 讀秒延時 RS; 第四條: 時差罰點，二點折一子)",
  loss: "time rule (new-ing 000 第九條 3 违时终局: the violator loses; the usual tournament rule for the others)",
  none: "the rule set has no time clause: time is reported, not ruled on",
};

const hms = (s: number) => {
  const t = Math.round(s);
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), r = t % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
};

/** The ruling on time: penalty points (net, after offsetting) or the player who lost on time. */
export function ruleOnTime(control: TimeControl, used: TimeUsed, rule: TimeRule): TimeRuling {
  const o = control.overtime;
  const over = { B: Math.max(0, used.B - control.base), W: Math.max(0, used.W - control.base) };
  const limit = lossAt(control, rule);
  const past = (["B", "W"] as const).filter((c) => limit !== null && used[c] > limit);
  let lostOnTime: Color | null = null;
  if (past.length === 1) lostOnTime = past[0];
  else if (past.length === 2) {
    // 002 §7: 延時最先到達3／6基時者裁定敗
    if (!used.crossed) {
      throw new ArbiterError("both players passed the time allowed: who passed it first is not in the totals " +
        "(give a record with the clock move by move, BL/WL)");
    }
    lostOnTime = used.crossed;
  }
  const pp = rule === "ing-penalty" && o.kind === "pp";
  const penalty = pp ? { B: penaltyPoints(over.B, control.base), W: penaltyPoints(over.W, control.base) } : { B: 0, W: 0 };
  const diff = penalty.B - penalty.W;
  const net = lostOnTime ? { against: null, points: 0 } : { against: diff > 0 ? "B" as Color : diff < 0 ? "W" as Color : null, points: Math.abs(diff) };
  const kind = o.kind === "pp" ? "penalty-point overtime (PP)" : o.kind === "rs" ? `read-second overtime (RS: ${o.periods} x ${o.seconds} s)` : "no overtime";
  const lines = [`time control: base ${hms(control.base)} each, ${kind}; time used ${used.from === "record" ? "from the record's clock" : "as given"}`];
  for (const c of ["B", "W"] as const) {
    const pts = pp ? `, ${penalty[c]} penalty point${penalty[c] === 1 ? "" : "s"}` : "";
    const stage = over[c] > (3 * control.base) / 6 ? "past 3/6 of it" : over[c] > (2 * control.base) / 6 ? "past 2/6 of it"
      : over[c] > control.base / 6 ? "past 1/6 of it" : "within 1/6 of it";
    lines.push(`${c === "B" ? "Black" : "White"} used ${hms(used[c])}${over[c] > 0 ? ` (${hms(over[c])} past the base${pp ? `, ${stage}` : ""})` : ""}${pts}`);
  }
  if (lostOnTime) lines.push(`${lostOnTime === "B" ? "Black" : "White"} loses on time: ${other(lostOnTime)}+T`);
  else if (pp && (penalty.B || penalty.W)) {
    lines.push(net.against ? `after offsetting, ${net.against === "B" ? "Black" : "White"} pays ${net.points} point${net.points === 1 ? "" : "s"} (${net.points / 2} stone${net.points === 2 ? "" : "s"} in the fill-in count)` : "the penalty points offset each other");
  }
  return { control, used: { B: used.B, W: used.W }, from: used.from, overtime: over, penalty, net, stones: net.points / 2,
    lostOnTime, rule: CLAUSE[rule], lines };
}

/**
 * The time control and time used for a ruling: `--time` (else the record's TM and OT), and
 * `--time-used` (else the record's clock). Null when either is unknown: no ruling on time.
 * `notes` says what was read from the record and what could not be.
 */
export function timeFor(clock: RecordClock | undefined, timeSpec: string | undefined, usedSpec: string | undefined,
  rule: TimeRule, notes: string[]): { control: TimeControl; used: TimeUsed } | null {
  let control: TimeControl | null = null;
  if (timeSpec !== undefined) control = parseTimeControl(timeSpec, rule);
  else if (clock?.TM !== null && clock?.TM !== undefined) {
    if (!(clock.TM > 0 && clock.TM <= LIMIT)) {
      notes.push(`TM[${clock.TM}] is no base time (seconds from 0 to ${LIMIT}): no ruling on time`);
      return null;
    }
    const ot = overtimeFromOT(clock.OT);
    if (clock.OT && !ot && usedSpec === undefined) {
      // (Canadian overtime and the like: the clock's readings cannot be turned into time used)
      notes.push(`OT[${clock.OT}] is an overtime arbiter does not read: no ruling on time (give --time)`);
      return null;
    }
    control = { base: clock.TM, overtime: ot ?? (rule === "ing-penalty" ? { kind: "pp" } : { kind: "none" }) };
  }
  if (usedSpec !== undefined && !control) throw new ArbiterError("--time-used needs a time control: give --time (the record has no TM)");
  if (!control) return null;
  const used = usedSpec !== undefined ? parseTimeUsed(usedSpec) : clock ? timeUsedFromRecord(clock, control, rule) : null;
  if (!used) {
    if (timeSpec !== undefined) throw new ArbiterError("--time needs the time each player used: give --time-used B:SECONDS,W:SECONDS (the record has no BL/WL)");
    return null;
  }
  return { control, used };
}
