// The clause each ruling rests on, per preset (RULES.md numbering), so that a referee can
// defend a ruling. A custom rule set cites its knob instead.
import type { RuleSet } from "../ruleset/ruleset.js";

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

/** e.g. "ing 1.3 (single-stone suicide is 變窮)", or "chinese (RULES.md 5): suicide forbidden". */
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
  return rules.name === "custom" ? `knob ${knob}` : `${rules.name} (RULES.md 5): ${knob}`;
}
