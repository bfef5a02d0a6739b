// A rule set is a plain object of knobs; a rule name is a preset (DESIGN.md 3, RULES.md).
// Each knob is one rule concept; the referee reads knobs, never rule names.
import { ArbiterError } from "../errors.js";

export const SUICIDE_VALUES = ["forbidden", "multi-stone", "allowed"] as const;
/** Repetition rule. none/simple/psk/ssk are applied by the core itself; the others are cycle
 *  rules of the referee (ing: RULES.md 1A; zhang: no whole-board position twice; japanese:
 *  basic ko only, long cycles void). */
export const KO_VALUES = ["none", "simple", "psk", "ssk", "ing", "zhang", "japanese"] as const;
/** When play ends: two consecutive passes; Ing's pause then second pair; four consecutive;
 *  New Ing's null move answered by a null move; Zhang's four virtual moves. */
export const END_VALUES = ["two-passes", "ing-pairs", "four-passes", "null-moves", "zhang-virtual"] as const;
export const SCORING_VALUES = ["area", "territory", "new-ing", "zhang", "grand", "aga-area"] as const;
export const EMPTY_COUNT_VALUES = ["region", "point"] as const;
export const TIE_VALUES = ["draw", "black", "white"] as const;
export const HANDICAP_VALUES = ["placed", "passes"] as const;
export const LONG_CYCLE_VALUES = ["rule", "void"] as const;
export const ILLEGAL_VALUES = ["forfeit", "stop"] as const;
export const ING_TWIN_VALUES = ["close", "early"] as const;
export const CONSECUTIVE_VALUES = ["allowed", "foul"] as const;
export const OPENING_PASS_VALUES = ["allowed", "forbidden"] as const;
export const DEAD_STONES_VALUES = ["removed", "stay"] as const;
/** Area counting in games with placed handicap stones: points White receives for an N-stone
 *  handicap (Chinese practice N, AGA N-1; New Zealand nothing: its handicap is Black's moves
 *  while White passes n-1 times, and a pass is worth nothing in area counting, so placed stones
 *  come to the same board; KGS counts NZ games so, 20 of 22 of its NZ handicap games). */
export const HANDICAP_BONUS_VALUES = ["none", "n", "n-1"] as const;
/** What running out of time costs (RULES.md 1.10, rules/time.ts): Ing's penalty points, the
 *  game, or nothing (time is not refereed). */
export const TIME_RULE_VALUES = ["ing-penalty", "loss", "none"] as const;
export type TimeRule = (typeof TIME_RULE_VALUES)[number];

export type Suicide = (typeof SUICIDE_VALUES)[number];
export type Ko = (typeof KO_VALUES)[number];

export interface RuleSet {
  /** The preset this came from; "custom" once a knob is overridden. */
  name: string;
  suicide: Suicide;
  ko: Ko;
  /** What happens when a long cycle (triple ko, eternal life, ...) repeats: apply the ko rule,
   *  or end the game Void at the third occurrence of a situation. */
  longCycles: (typeof LONG_CYCLE_VALUES)[number];
  /** Passes enter the position (Zhang's whole-board position counts virtual moves). */
  passesInHash: boolean;
  end: (typeof END_VALUES)[number];
  /** On resuming after a pause, the position history is cleared (Grand Rules 4). */
  resumeClearsHistory: boolean;
  scoring: (typeof SCORING_VALUES)[number];
  emptyCount: (typeof EMPTY_COUNT_VALUES)[number];
  /** Shared points (seki, dame) are split half each between the sides. */
  splitShared: boolean;
  komi: number;
  tie: (typeof TIE_VALUES)[number];
  /** New Ing's laziness (荒空) check. */
  laziness: boolean;
  handicap: (typeof HANDICAP_VALUES)[number];
  /** What a move forbidden by the suicide or repetition rule costs its player in a record. */
  illegalMove: (typeof ILLEGAL_VALUES)[number];
  /** Two moves in a row by one player: accepted (as SGF handicap placement often is) or a
   *  foul that loses (ing 1.9, new-ing 2.5). A play on an occupied point is always a foul. */
  consecutiveMoves: (typeof CONSECUTIVE_VALUES)[number];
  /** Ing 1A.3: when twin hot stones (triple ko) become hot. */
  ingTwin: (typeof ING_TWIN_VALUES)[number];
  /** Ing 1.1 (對局以實手開局): the game opens with a real move. */
  openingPass: (typeof OPENING_PASS_VALUES)[number];
  /** Whether stones agreed or proven dead are removed before counting: Tromp-Taylor and Zhang
   *  3.6 count every stone on the board as it stands. */
  deadStones: (typeof DEAD_STONES_VALUES)[number];
  /** Area counting: what White receives for a placed handicap of N stones (N, N-1 or nothing). */
  handicapBonus: (typeof HANDICAP_BONUS_VALUES)[number];
  /** What overrunning the time control costs (RULES.md 1.10, src/rules/time.ts): Ing's penalty
   *  points and loss on time, loss at once, or nothing (the rule text has no time clause). */
  timeRule: TimeRule;
  /** The clause that each ruling cites, by rule concept (RULES.md numbering). */
  source: string;
}

const base: Omit<RuleSet, "name" | "source"> = {
  suicide: "forbidden",
  ko: "psk",
  longCycles: "rule",
  passesInHash: false,
  end: "two-passes",
  resumeClearsHistory: false,
  scoring: "area",
  emptyCount: "region",
  splitShared: false,
  komi: 7.5,
  tie: "draw",
  laziness: false,
  handicap: "placed",
  illegalMove: "forfeit",
  consecutiveMoves: "allowed",
  ingTwin: "close",
  openingPass: "allowed",
  deadStones: "removed",
  handicapBonus: "none",
  // the usual tournament rule (a player who oversteps the time loses): INTERPRETATION for the
  // rule sets whose text RULES.md does not quote on time
  timeRule: "loss",
};

export const PRESETS: Record<string, RuleSet> = {
  ing: { ...base, name: "ing", source: "docs/rules.md 1 (Ing SST, 002/004)", suicide: "multi-stone", ko: "ing",
    end: "ing-pairs", splitShared: true, komi: 8, tie: "black", handicap: "passes", illegalMove: "stop", consecutiveMoves: "foul", openingPass: "forbidden",
    timeRule: "ing-penalty" },
  "new-ing": { ...base, name: "new-ing", source: "docs/rules.md 2 (New Ing, 000)", suicide: "allowed", ko: "none",
    longCycles: "void", end: "null-moves", scoring: "new-ing", emptyCount: "point",
    splitShared: true, komi: 7.5, laziness: true, consecutiveMoves: "foul" },
  zhang: { ...base, name: "zhang", source: "docs/rules.md 3 (Zhang's Basic Rules, 001)", suicide: "allowed",
    ko: "zhang", passesInHash: true, end: "zhang-virtual", scoring: "zhang", emptyCount: "point",
    splitShared: true, komi: 6.5, deadStones: "stay", timeRule: "none" },
  grand: { ...base, name: "grand", source: "docs/rules.md 4 (Grand Rules, 003)", suicide: "allowed", ko: "psk",
    resumeClearsHistory: true, scoring: "grand", emptyCount: "point", splitShared: true, komi: 6.5, timeRule: "none" },
  chinese: { ...base, name: "chinese", source: "docs/rules.md 5 (Chinese)", splitShared: true, komi: 7.5, handicapBonus: "n" },
  japanese: { ...base, name: "japanese", source: "docs/rules.md 5 (Japanese 1989)", ko: "japanese",
    longCycles: "void", scoring: "territory", komi: 6.5 },
  korean: { ...base, name: "korean", source: "docs/rules.md 5 (Korean)", ko: "japanese", longCycles: "void",
    scoring: "territory", komi: 6.5 },
  aga: { ...base, name: "aga", source: "docs/rules.md 5 (AGA)", ko: "ssk", scoring: "aga-area", komi: 7.5, handicapBonus: "n-1" },
  nz: { ...base, name: "nz", source: "docs/rules.md 5 (New Zealand)", suicide: "allowed", ko: "ssk", komi: 7 },
  "tromp-taylor": { ...base, name: "tromp-taylor", source: "docs/rules.md 5 (Tromp-Taylor)", suicide: "allowed",
    ko: "psk", komi: 7.5, deadStones: "stay", timeRule: "none" },
};

export const RULE_NAMES = Object.keys(PRESETS);

/** Knob names and their allowed values, for validation and for `arbiter rules`. */
const ENUM_KNOBS: Record<string, readonly string[]> = {
  suicide: SUICIDE_VALUES,
  ko: KO_VALUES,
  longCycles: LONG_CYCLE_VALUES,
  end: END_VALUES,
  scoring: SCORING_VALUES,
  emptyCount: EMPTY_COUNT_VALUES,
  tie: TIE_VALUES,
  handicap: HANDICAP_VALUES,
  illegalMove: ILLEGAL_VALUES,
  consecutiveMoves: CONSECUTIVE_VALUES,
  ingTwin: ING_TWIN_VALUES,
  openingPass: OPENING_PASS_VALUES,
  deadStones: DEAD_STONES_VALUES,
  handicapBonus: HANDICAP_BONUS_VALUES,
  timeRule: TIME_RULE_VALUES,
};
const BOOLEAN_KNOBS = ["passesInHash", "resumeClearsHistory", "splitShared", "laziness"];
const NUMBER_KNOBS = ["komi"];
export const KNOB_NAMES = [...Object.keys(ENUM_KNOBS), ...BOOLEAN_KNOBS, ...NUMBER_KNOBS];

/** What a knob takes, in words (the command line's help). */
export function knobValues(knob: string): string {
  if (Object.hasOwn(ENUM_KNOBS, knob)) return ENUM_KNOBS[knob].join(", ");
  if (BOOLEAN_KNOBS.includes(knob)) return "true, false";
  return "a number from -1000 to 1000";
}

/** A preset by name; a name is looked up among the presets' own names only (never "constructor"
 *  or "__proto__" through the prototype). */
export function preset(name: string): RuleSet {
  const key = typeof name === "string" ? name.toLowerCase() : "";
  if (!Object.hasOwn(PRESETS, key)) throw new ArbiterError(`unknown rule set ${JSON.stringify(name)}: use one of ${RULE_NAMES.join(", ")}`);
  return { ...PRESETS[key] };
}

/** The allowed values of an enumerated knob, or undefined for a name that is not one. */
const enumKnob = (key: string): readonly string[] | undefined => Object.hasOwn(ENUM_KNOBS, key) ? ENUM_KNOBS[key] : undefined;

/** Applies knob overrides (from the command line or a JSON rule object) and validates them. */
export function withKnobs(rules: RuleSet, overrides: Record<string, unknown>): RuleSet {
  const out: RuleSet = { ...rules };
  let changed = false; // a knob other than komi given a value other than the preset's
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || key === "name" || key === "source") continue;
    const current = Object.hasOwn(out, key) ? (out as unknown as Record<string, unknown>)[key] : undefined;
    const values = enumKnob(key);
    if (values) {
      if (typeof value !== "string" || !values.includes(value)) {
        throw new ArbiterError(`bad value ${JSON.stringify(value)} for knob ${key}: use one of ${values.join(", ")}`);
      }
    } else if (BOOLEAN_KNOBS.includes(key)) {
      if (typeof value !== "boolean") throw new ArbiterError(`knob ${key} takes true or false, got ${JSON.stringify(value)}`);
    } else if (NUMBER_KNOBS.includes(key)) {
      if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > 1000) {
        throw new ArbiterError(`knob ${key} takes a number between -1000 and 1000, got ${JSON.stringify(value)}`);
      }
    } else if (key === "pass") {
      // (a knob of the first round that nothing read: it is gone, and saying so beats silence)
      throw new ArbiterError(`there is no knob "pass": what a pass is follows from end (null-moves: a null move, New Ing 2.4; zhang-virtual: a virtual move) and passesInHash`);
    } else {
      throw new ArbiterError(`unknown knob "${key}": knobs are ${KNOB_NAMES.join(", ")}`);
    }
    // komi alone does not make a rule set custom: every preset takes the organiser's komi
    if (current !== value && key !== "komi") changed = true;
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  if (changed) out.name = "custom";
  return out;
}

/** A rule set from a name or a JSON knob object (`{"name":"ing","komi":7}` or all knobs). */
export function ruleSetFrom(spec: string | Record<string, unknown>): RuleSet {
  if (typeof spec === "string") return preset(spec);
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    throw new ArbiterError("rules must be a rule name or an object of knobs");
  }
  const name = typeof spec.name === "string" ? spec.name : "tromp-taylor";
  return withKnobs(preset(name), spec);
}

/** The knobs the core applies itself. */
export function coreKo(rules: RuleSet): "none" | "simple" | "psk" | "ssk" {
  if (rules.ko === "japanese") return "simple"; // basic ko; long cycles are the referee's
  // voiding long cycles replaces superko by basic ko, as Chinese practice does (RULES.md 5);
  // under the Grand Rules superko holds within a phase and the void acts across suspensions
  if (rules.longCycles === "void" && !rules.resumeClearsHistory && (rules.ko === "psk" || rules.ko === "ssk")) return "simple";
  return rules.ko === "simple" || rules.ko === "psk" || rules.ko === "ssk" ? rules.ko : "none";
}
