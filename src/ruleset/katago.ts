// KataGo's rule names and rule objects (its analysis engine's `rules`, `kata-set-rules`) as rule
// sets of ours. A name maps to the preset of the same rules; an object maps knob by knob onto the
// preset of its scoring. What arbiter has no rule for (stone scoring, a button) is refused, named.
import { ArbiterError } from "../errors.js";
import { PRESETS, preset, withKnobs, type RuleSet } from "./ruleset.js";

/** KataGo's shorthand names and the preset each is. KataGo's `chinese` plays simple ko; ours
 *  is the Chinese rules as RULES.md 5 reads them (positional superko), as `chinese-ogs` is. */
export const KATAGO_NAMES: Record<string, string> = {
  "tromp-taylor": "tromp-taylor",
  chinese: "chinese",
  "chinese-ogs": "chinese",
  "chinese-kgs": "chinese",
  japanese: "japanese",
  korean: "korean",
  aga: "aga",
  bga: "aga",
  "new-zealand": "nz",
};

/** Names KataGo has and arbiter has no rules for, with why. */
const NOT_HERE: Record<string, string> = {
  "stone-scoring": "stone scoring (only stones count) is not a counting method arbiter has",
  "ancient-area": "stone scoring (only stones count) is not a counting method arbiter has",
  "ancient-territory": "territory counting with a tax on every group is not a counting method arbiter has",
  "aga-button": "a button (half a point to the first to pass) is not a rule arbiter has",
};

const KO: Record<string, string> = { SIMPLE: "simple", POSITIONAL: "psk", SITUATIONAL: "ssk" };
const BONUS: Record<string, string> = { "0": "none", N: "n", "N-1": "n-1" };
const OBJECT_KEYS = ["ko", "scoring", "tax", "suicide", "hasButton", "whiteHandicapBonus", "friendlyPassOk"];

/** A rule object in KataGo's form (its keys only, and at least one of its own: tax, hasButton,
 *  whiteHandicapBonus, friendlyPassOk, or a ko or scoring value in capitals) rather than arbiter's knobs. */
export function isKataGoObject(o: Record<string, unknown>): boolean {
  const keys = Object.keys(o);
  if (keys.length === 0 || !keys.every((k) => OBJECT_KEYS.includes(k))) return false;
  return keys.some((k) => ["tax", "hasButton", "whiteHandicapBonus", "friendlyPassOk"].includes(k)) ||
    (typeof o.ko === "string" && Object.hasOwn(KO, o.ko)) || o.scoring === "AREA" || o.scoring === "TERRITORY";
}

/** A name KataGo gives a rule set that is not arbiter's own name for it ("new-zealand"). */
export const isKataGoName = (name: string): boolean => Object.hasOwn(KATAGO_NAMES, name) || Object.hasOwn(NOT_HERE, name);

/** A rule set from KataGo's `rules`: a shorthand name (or one of arbiter's own preset names) or
 *  a rule object {ko, scoring, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk}. */
export function fromKataGoRules(spec: unknown): RuleSet {
  if (typeof spec === "string") {
    const name = spec.trim().toLowerCase().replace(/_/g, "-");
    if (Object.hasOwn(NOT_HERE, name)) throw new ArbiterError(`rules "${spec}": ${NOT_HERE[name]}`);
    if (Object.hasOwn(KATAGO_NAMES, name)) return preset(KATAGO_NAMES[name]);
    if (Object.hasOwn(PRESETS, name)) return preset(name);
    throw new ArbiterError(`unknown rules "${spec.slice(0, 40)}": KataGo's ${Object.keys(KATAGO_NAMES).join(", ")}, or arbiter's ${Object.keys(PRESETS).join(", ")}`);
  }
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    throw new ArbiterError("rules must be a rule name or a rule object");
  }
  const o = spec as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!OBJECT_KEYS.includes(k)) throw new ArbiterError(`rules: unknown field "${k}" (KataGo's rule object has ${OBJECT_KEYS.join(", ")})`);
  }
  const pick = (k: string, table: Record<string, string>, fallback: string): string => {
    const v = o[k] ?? fallback;
    if (typeof v !== "string" || !Object.hasOwn(table, v)) throw new ArbiterError(`rules: ${k} takes ${Object.keys(table).join(", ")}, got ${JSON.stringify(v)}`);
    return table[v];
  };
  const flag = (k: string): boolean => {
    const v = o[k] ?? false;
    if (typeof v !== "boolean") throw new ArbiterError(`rules: ${k} takes true or false, got ${JSON.stringify(v)}`);
    return v;
  };
  const scoring = pick("scoring", { AREA: "area", TERRITORY: "territory" }, "AREA");
  const tax = pick("tax", { NONE: "none", SEKI: "seki", ALL: "all" }, scoring === "territory" ? "SEKI" : "NONE");
  if (tax === "all") throw new ArbiterError(`rules: tax ALL (stone scoring) is not a counting method arbiter has`);
  // territory counting gives no points in seki (Japanese 1989); area counting counts them
  if ((tax === "seki") !== (scoring === "territory")) {
    throw new ArbiterError(`rules: tax ${String(o.tax)} with scoring ${String(o.scoring ?? "AREA")} is not a counting method arbiter has (area counting taxes nothing, territory counting seki)`);
  }
  if (flag("hasButton")) throw new ArbiterError("rules: hasButton: a button is not a rule arbiter has");
  flag("friendlyPassOk"); // how an engine should play the end: no rule of the referee's
  const ko = pick("ko", KO, scoring === "territory" ? "SIMPLE" : "POSITIONAL");
  // territory: the Japanese preset (basic ko with long cycles void); area: Tromp-Taylor's count
  // (every region to the colour it touches, dame nobody's), as KataGo counts AREA
  const base = scoring === "territory" ? preset("japanese") : preset("tromp-taylor");
  return withKnobs(base, {
    // (superko under territory counting replaces the void of long cycles, which basic ko needs)
    ...(scoring === "territory" ? (ko === "simple" ? {} : { ko, longCycles: "rule" }) : { ko }),
    suicide: flag("suicide") ? "multi-stone" : "forbidden",
    handicapBonus: pick("whiteHandicapBonus", BONUS, "0"),
  });
}
