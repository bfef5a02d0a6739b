// Repetition rules applied by the referee (the core applies simple ko, psk and ssk itself).
// Each is a small piece of logic over the history; a rule set picks them through its knobs.
import type { Color } from "../core/codes.js";
import type { HistoryEntry } from "./history.js";
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { classifyCycle } from "./cycles.js";

export interface Proposal {
  color: Color;
  point: number;
  captures: number[];
  noChange: boolean;
  P: bigint;
  S: bigint;
  Z: bigint;
}

export interface Refusal {
  reason: "hot-stone" | "disturbing-cycle" | "no-going-back" | "ko" | "superko";
  rule: string;
  /** the earlier history index whose position the play would repeat, or -1 */
  s: number;
}

export interface CycleNote {
  s: number;
  t: number;
  /** Ing 1A: fighting (反覆) or disturbing (循環), and who started it */
  ing?: { kind: "fighting" | "disturbing"; initiator: Color; banned: Color };
}

export interface RepetitionRule {
  /** Before a stone play is committed: a refusal, or null. */
  check(p: Proposal, hist: HistoryEntry[]): Refusal | null;
  /** After every entry (passes included). */
  after(hist: HistoryEntry[]): CycleNote | null;
  /** After a stone play is committed: the clause if it ends the game Void. */
  voids(hist: HistoryEntry[]): string | null;
  /** Play resumed and the history starts again (Grand 4.4). */
  restart(hist: HistoryEntry[]): void;
  /** Takes back `after` for the last entry, before the search pops it. */
  undo(hist: HistoryEntry[]): void;
}

/** Latest index < t whose key equals key, using a map of key -> indices. */
class Occurrences {
  private map = new Map<bigint, number[]>();
  add(key: bigint, t: number): void {
    const list = this.map.get(key);
    if (list) list.push(t);
    else this.map.set(key, [t]);
  }
  latest(key: bigint): number {
    const list = this.map.get(key);
    return list ? list[list.length - 1] : -1;
  }
  count(key: bigint): number {
    return this.map.get(key)?.length ?? 0;
  }
  /** Takes back the latest add of key at t (search undo). */
  remove(key: bigint, t: number): void {
    const list = this.map.get(key);
    if (!list || list[list.length - 1] !== t) return;
    list.pop();
    if (list.length === 0) this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

/** RULES.md 1A: Ing's hot stones and the once-only ban on a cycle's initiator. */
class HotStoneRule implements RepetitionRule {
  private situations = new Occurrences();
  private banned: Record<Color, Set<bigint>> = { B: new Set(), W: new Set() };
  /** bans added after entry t, to take back on undo */
  private bansAt = new Map<number, { color: Color; keys: bigint[] }>();
  constructor(private readonly twin: "close" | "early", start: HistoryEntry) {
    this.situations.add(start.S, 0);
  }

  check(p: Proposal, hist: HistoryEntry[]): Refusal | null {
    const t = hist.length - 1;
    const last = hist[t];
    const captures = p.captures.length > 0;
    // 1A.2: a single (1:1) or double (2:2) hot stone may not be taken back at once
    if (captures && last.kind === "play" && last.color !== p.color && last.captures.length > 0 &&
        last.point !== null && p.captures.includes(last.point) && p.captures.length === last.captures.length) {
      const k = p.captures.length;
      return { reason: "hot-stone", s: t - 1,
        rule: `ing 1.4 (${k === 1 ? "單熱子, a single hot stone" : k === 2 ? "雙熱子, double hot stones" : `${k} hot stones`}: capturing needs an interval of one move)` };
    }
    if (captures) {
      // 1A.3 close: the capture that would close a pass-free cycle of captures (twin hot stones)
      let t0 = t;
      while (t0 >= 1 && hist[t0].kind === "play" && hist[t0].captures.length > 0) t0--;
      for (let s = t - 1; s >= t0; s--) {
        if (hist[s].S === p.S) {
          return { reason: "hot-stone", s, rule: "ing 1.4 (孿熱子, twin hot stones: the capture that closes a cycle of captures)" };
        }
      }
      // 1A.3 early: taking the stone placed by the opponent's last capture but one
      if (this.twin === "early" && t >= 3) {
        const a = hist[t - 2], b = hist[t - 1], c = hist[t];
        const allCaptures = [a, b, c].every((e) => e.kind === "play" && e.captures.length > 0);
        if (allCaptures && a.color !== p.color && a.point !== null && p.captures.includes(a.point)) {
          return { reason: "hot-stone", s: t - 2, rule: "ing 1.4 (孿熱子 read early: 爭三劫 — another single or double stone counts as hot)" };
        }
      }
    }
    // 1A.4: the initiator of a completed cycle may not go round it again
    if (this.banned[p.color].has(p.S)) {
      return { reason: "disturbing-cycle", s: this.situations.latest(p.S),
        rule: "ing 1.4 (越環再攪: going round a cycle again is forbidden)" };
    }
    return null;
  }

  after(hist: HistoryEntry[]): CycleNote | null {
    const t = hist.length - 1;
    const e = hist[t];
    const s = this.situations.latest(e.S);
    this.situations.add(e.S, t);
    if (s < 0) return null;
    const moves = hist.slice(s + 1, t + 1);
    const plays = moves.filter((m) => m.kind === "play");
    if (plays.length === 0) return null;
    const initiator = plays[0].color as Color;
    const added: bigint[] = [];
    for (const m of plays) {
      if (m.color === initiator && !this.banned[initiator].has(m.S)) {
        this.banned[initiator].add(m.S);
        added.push(m.S);
      }
    }
    this.bansAt.set(t, { color: initiator, keys: added });
    const kind = isFighting(moves) ? "fighting" : "disturbing";
    return { s, t, ing: { kind, initiator, banned: initiator } };
  }

  voids(): string | null {
    return null;
  }

  restart(): void {}

  undo(hist: HistoryEntry[]): void {
    const t = hist.length - 1;
    this.situations.remove(hist[t].S, t);
    const bans = this.bansAt.get(t);
    if (bans) {
      for (const k of bans.keys) this.banned[bans.color].delete(k);
      this.bansAt.delete(t);
    }
  }
}

/** 1A: a cycle is fighting when every capture (read cyclically) takes back, in equal number,
 *  the stone placed by the previous capture, by the other colour. */
function isFighting(moves: HistoryEntry[]): boolean {
  const caps = moves.filter((m) => m.kind === "play" && m.captures.length > 0);
  if (caps.length < 2) return false;
  for (let i = 0; i < caps.length; i++) {
    const prev = caps[(i - 1 + caps.length) % caps.length];
    const cur = caps[i];
    if (cur.color === prev.color) return false;
    if (prev.point === null || !cur.captures.includes(prev.point)) return false;
    if (cur.captures.length !== prev.captures.length) return false;
  }
  return true;
}

/** Zhang 3.4 (禁倒退): a real move may not recreate a whole-board position seen before. */
class NoGoingBackRule implements RepetitionRule {
  private positions = new Occurrences();
  constructor(private readonly longCycles: RuleSet["longCycles"], start: HistoryEntry) {
    this.positions.add(start.Z, 0);
  }
  private pendingVoid: string | null = null;

  check(p: Proposal, hist: HistoryEntry[]): Refusal | null {
    const s = this.positions.latest(p.Z);
    if (s < 0) return null;
    if (this.longCycles === "void") {
      // zhang 3.5 knob: a long cycle (anything but a basic ko) is no result instead
      const t = hist.length - 1;
      const kind = classifyCycle([...hist.slice(s + 1, t + 1), proposalEntry(p, t + 1)]).kind;
      if (kind !== "basic-ko") {
        this.pendingVoid = `zhang 3.5 (knob long cycles void; 001 §9 也可判为无胜负: the ${kind} cycle is no result)`;
        return null;
      }
    }
    return { reason: "no-going-back", s, rule: "zhang 3.4 (禁倒退: no whole-board position twice)" };
  }

  after(hist: HistoryEntry[]): CycleNote | null {
    const t = hist.length - 1;
    if (!hist[t].abandon) this.positions.add(hist[t].Z, t);
    return null;
  }

  voids(): string | null {
    const v = this.pendingVoid;
    this.pendingVoid = null;
    return v;
  }

  restart(): void {}

  undo(hist: HistoryEntry[]): void {
    const t = hist.length - 1;
    if (!hist[t].abandon) this.positions.remove(hist[t].Z, t);
  }
}

/** A stone play that creates the same situation for the third time ends the game Void
 *  (japanese/korean long cycles, New Ing 2.6, Grand 4.4 across suspensions, Ing 1A.5).
 *  Creations by the start and by stone plays count; passes do not. */
class ThirdOccurrenceVoid implements RepetitionRule {
  private created = new Occurrences();
  constructor(private readonly clause: string, start: HistoryEntry) {
    this.created.add(start.S, 0);
  }
  check(): Refusal | null {
    return null;
  }
  after(hist: HistoryEntry[]): CycleNote | null {
    const t = hist.length - 1;
    if (hist[t].kind === "play") this.created.add(hist[t].S, t);
    return null;
  }
  voids(hist: HistoryEntry[]): string | null {
    const e = hist[hist.length - 1];
    return e.kind === "play" && this.created.count(e.S) >= 3 ? this.clause : null;
  }
  restart(): void {}
  undo(hist: HistoryEntry[]): void {
    const t = hist.length - 1;
    if (hist[t].kind === "play") this.created.remove(hist[t].S, t);
  }
}

/** The core's own repetition knobs (simple ko, psk, ssk) over the history, for searches that
 *  run the core with ko none so that they can undo moves. */
class CoreKoRule implements RepetitionRule {
  private seen = new Occurrences();
  constructor(private readonly kind: "simple" | "psk" | "ssk", start: HistoryEntry) {
    this.seen.add(this.key(start), 0);
  }
  private key(e: { P: bigint; S: bigint }): bigint {
    return this.kind === "ssk" ? e.S : e.P;
  }
  check(p: Proposal, hist: HistoryEntry[]): Refusal | null {
    const t = hist.length - 1;
    if (this.kind === "simple") {
      // a capture may not recreate the position before the opponent's last move
      return p.captures.length > 0 && t >= 1 && hist[t - 1].P === p.P
        ? { reason: "ko" as Refusal["reason"], s: t - 1, rule: "simple ko" } : null;
    }
    const s = this.seen.latest(this.key(p));
    return s >= 0 ? { reason: "superko" as Refusal["reason"], s, rule: `${this.kind === "psk" ? "positional" : "situational"} superko` } : null;
  }
  after(hist: HistoryEntry[]): CycleNote | null {
    const t = hist.length - 1;
    this.seen.add(this.key(hist[t]), t);
    return null;
  }
  voids(): string | null {
    return null;
  }
  restart(hist: HistoryEntry[]): void {
    this.seen.clear();
    this.seen.add(this.key(hist[hist.length - 1]), hist.length - 1);
  }
  undo(hist: HistoryEntry[]): void {
    const t = hist.length - 1;
    this.seen.remove(this.key(hist[t]), t);
  }
}

function proposalEntry(p: Proposal, n: number): HistoryEntry {
  return { kind: "play", n, color: p.color, point: p.point, captures: p.captures, selfCaptures: [],
    noChange: p.noChange, P: p.P, S: p.S, Z: p.Z };
}

/** The repetition rules a rule set's knobs call for, in the order they are consulted.
 *  `withCoreKo` adds the core's simple ko / psk / ssk as referee rules (for a search that runs
 *  the core with ko none so that it can take moves back). */
export function repetitionRules(rules: RuleSet, start: HistoryEntry, twin: "close" | "early" = "close",
  withCoreKo = false): RepetitionRule[] {
  const out: RepetitionRule[] = [];
  const core = coreKo(rules);
  if (withCoreKo && (core === "simple" || core === "psk" || core === "ssk")) out.push(new CoreKoRule(core, start));
  if (rules.ko === "ing") {
    out.push(new HotStoneRule(twin, start));
    out.push(new ThirdOccurrenceVoid("ing 1A.5 (a situation created a third time: a gap in the algorithm, reported)", start));
  } else if (rules.ko === "zhang") {
    out.push(new NoGoingBackRule(rules.longCycles, start));
  } else if (rules.ko === "japanese" || rules.longCycles === "void" || rules.resumeClearsHistory) {
    // grand 4.4: resumption clears the history that superko looks at, so the referee counts
    // situations across suspensions (the Grand preset keeps longCycles "rule": its superko
    // applies within a phase; the third occurrence across phases is this rule's)
    const clause = rules.name === "new-ing" ? "new-ing 2.6 (an endless cycle: the third occurrence is no result)"
      : rules.name === "grand" ? "grand 4.4 (a cycle through suspensions: the third occurrence is no result)"
      : `${rules.name} (RULES.md 5): a long cycle, the third occurrence, is no result`;
    out.push(new ThirdOccurrenceVoid(clause, start));
  }
  return out;
}

export { proposalEntry };
