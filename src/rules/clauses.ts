// The clause each ruling rests on, per preset (RULES.md numbering), so that a referee can
// defend a ruling. A custom rule set cites its knob instead.
import type { RuleSet } from "../ruleset/ruleset.js";
import * as C from "../../assembly/codes.js";

type Concept = "suicide" | "ko" | "superko" | "occupied" | "off-board" | "illegal" | "end" | "counting" | "komi" | string;

const CLAUSES: Record<string, Partial<Record<Concept, string>>> = {
  ing: { suicide: "ing 1.3 (single-stone suicide is 變窮)", ko: "ing 1.4", superko: "ing 1.4", end: "ing 1.5",
    counting: "ing 1.7", komi: "ing 1.8", illegal: "ing 1.9", occupied: "ing 1.9" },
  "new-ing": { end: "new-ing 2.4 (null move answered by a null move)", counting: "new-ing 2.9", komi: "new-ing 2.10",
    illegal: "new-ing 2.5 (fouls lose at once)", occupied: "new-ing 2.5" },
  zhang: { ko: "zhang 3.4 (no going back)", superko: "zhang 3.4 (no going back)", end: "zhang 3.5", counting: "zhang 3.7",
    komi: "zhang 3.8", occupied: "zhang 3.1 (a real move is a stone on an empty point)" },
  grand: { suicide: "grand 4.2", superko: "grand 4.3 (positional superko)", end: "grand 4.4", counting: "grand 4.6",
    komi: "grand 4.7", occupied: "grand 4.1 (a stone on an empty point)" },
};

const COMMON: Record<Concept, string> = {
  suicide: "suicide", ko: "ko", superko: "repetition", end: "end", counting: "counting", komi: "komi",
  illegal: "illegal move", occupied: "a stone may only be played on an empty point", "off-board": "off the board",
};

/** e.g. "ing 1.3 (single-stone suicide is 變窮)", or "chinese (docs/rules.md 5): suicide forbidden". */
export function clauseFor(rules: RuleSet, concept: Concept): string {
  const specific = CLAUSES[rules.name]?.[concept];
  if (specific) return specific;
  const knob = concept === "suicide" ? `suicide ${rules.suicide}`
    : concept === "ko" || concept === "superko" ? `ko ${rules.ko}`
    : concept === "end" ? `end ${rules.end}`
    : concept === "counting" ? `scoring ${rules.scoring}, empty points by ${rules.emptyCount}`
    : concept === "komi" ? `komi ${rules.komi}`
    : concept === "illegal" ? `an illegal move: ${rules.illegalMove}`
    : COMMON[concept] ?? concept;
  return rules.name === "custom" ? `knob ${knob}` : `${rules.name} (docs/rules.md 5): ${knob}`;
}

// ---- the rule engine's rulings (assembly/rules.ts) as clauses ----------------------------------

/** The clause a repetition refusal rests on; `hotStones` is the engine's case of Ing 1A.2-3. */
export function repetitionClause(reason: "hot-stone" | "disturbing-cycle" | "no-going-back", hotStones: number): string {
  if (reason === "no-going-back") return "zhang 3.4 (禁倒退: no whole-board position twice)";
  if (reason === "disturbing-cycle") return "ing 1.4 (越環再攪: going round a cycle again is forbidden)";
  if (hotStones === C.HOT_TWIN_CLOSE) return "ing 1.4 (孿熱子, twin hot stones: the capture that closes a cycle of captures)";
  if (hotStones === C.HOT_TWIN_EARLY) return "ing 1.4 (孿熱子 read early: 爭三劫 — another single or double stone counts as hot)";
  const k = hotStones;
  return `ing 1.4 (${k === 1 ? "單熱子, a single hot stone" : k === 2 ? "雙熱子, double hot stones" : `${k} hot stones`}: capturing needs an interval of one move)`;
}

/** The clause that makes a game Void: a situation created a third time (VOID_THIRD) or, under
 *  zhang's knob, a long cycle (`cycleKind` names it). */
export function voidClause(rules: RuleSet, kind: number, cycleKind: string): string {
  if (kind === C.VOID_ZHANG_LONG) return `zhang 3.5 (knob long cycles void; 001 §9 也可判为无胜负: the ${cycleKind} cycle is no result)`;
  if (rules.ko === "ing") return "ing 1A.5 (a situation created a third time: a gap in the algorithm, reported)";
  return rules.name === "new-ing" ? "new-ing 2.6 (an endless cycle: the third occurrence is no result)"
    : rules.name === "grand" ? "grand 4.4 (a cycle through suspensions: the third occurrence is no result)"
    : `${rules.name} (docs/rules.md 5): a long cycle, the third occurrence, is no result`;
}

/** The clause that ended play by passes, null or virtual moves (END_* codes; `detail`: which
 *  of Zhang's two counts of virtual moves). */
export function endClause(rules: RuleSet, code: number, detail: number): string {
  switch (code) {
    case C.END_NULL_MOVES: return "new-ing 2.4 (a null move answered by a null move)";
    case C.END_VIRTUAL_MOVES: return detail === C.VIRTUAL_IN_A_ROW ? "zhang 3.5 (four consecutive virtual moves)"
      : "zhang 3.5 (four virtual moves in total in one board position)";
    case C.END_FOUR_PASSES: return rules.end === "ing-pairs" ? "ing 1.5 (the next two passes end play)" : "ing 1.5 (four consecutive passes)";
    default:
      if (rules.end === "zhang-virtual") return "zhang 3.1 (abandon moves: both players agree to end)";
      return rules.name === "custom" ? "knob end two-passes" : `${rules.name}: two consecutive passes end play`;
  }
}
