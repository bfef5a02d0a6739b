// The rule set a request asks for: --rules-json, else --rules, else the record's RU, else the
// default, with knob overrides as the command line gives them (strings). Shared by the command
// line, the HTTP server and the GTP engine (src/api/operations.ts).
import { ArbiterError } from "../errors.js";
import { KNOB_NAMES, PRESETS, preset, withKnobs, ruleSetFrom, type RuleSet } from "../ruleset/ruleset.js";
import { fromKataGoRules, isKataGoName, isKataGoObject } from "../ruleset/katago.js";
import { presetForRu } from "./names.js";

/** A knob's command-line spelling: handicapBonus is --handicap-bonus. */
export const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function parseKnobValue(knob: string, raw: string): unknown {
  if (knob === "komi") {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) throw new ArbiterError(`--komi takes a number, got "${raw}"`);
    return n;
  }
  if (["passesInHash", "resumeClearsHistory", "splitShared", "laziness"].includes(knob)) {
    if (raw !== "true" && raw !== "false") throw new ArbiterError(`--${kebab(knob)} takes true or false, got "${raw}"`);
    return raw === "true";
  }
  return raw;
}

/** The rule set for a command: --rules-json, else --rules, else the record's RU, else the default. */
export function resolveRules(opts: Record<string, unknown>, recordRu: string | null, fallback = "tromp-taylor"):
  { rules: RuleSet; from: "option" | "record" | "default"; komiGiven: boolean } {
  let rules: RuleSet;
  let from: "option" | "record" | "default";
  // a komi the options give (--komi, or komi in the JSON knobs) beats the record's KM
  let komiGiven = typeof opts.komi === "string";
  if (typeof opts.rulesJson === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(opts.rulesJson);
    } catch {
      throw new ArbiterError("--rules-json is not valid JSON");
    }
    // a KataGo rule object ({"ko":"SIMPLE","scoring":"AREA",...}) maps knob by knob
    const o = parsed as Record<string, unknown>;
    rules = o !== null && typeof o === "object" && !Array.isArray(o) && isKataGoObject(o) ? fromKataGoRules(o) : ruleSetFrom(o);
    from = "option";
    if (parsed !== null && typeof parsed === "object" && Object.hasOwn(parsed, "komi")) komiGiven = true;
  } else if (typeof opts.rules === "string") {
    // KataGo's names for the same rules ("new-zealand") are taken too
    rules = !Object.hasOwn(PRESETS, opts.rules) && isKataGoName(opts.rules.trim().toLowerCase()) ? fromKataGoRules(opts.rules) : preset(opts.rules);
    from = "option";
  } else if (recordRu) {
    rules = preset(presetForRu(recordRu));
    from = "record";
  } else {
    rules = preset(fallback);
    from = "default";
  }
  const overrides: Record<string, unknown> = {};
  for (const knob of KNOB_NAMES) {
    const v = opts[knob];
    if (typeof v === "string") overrides[knob] = parseKnobValue(knob, v);
  }
  return { rules: withKnobs(rules, overrides), from, komiGiven };
}
