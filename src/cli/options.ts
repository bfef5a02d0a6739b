// Rule options shared by every command that takes --rules: the preset plus knob overrides.
import { Command, Option } from "commander";
import { ArbiterError } from "../errors.js";
import { KNOB_NAMES, preset, withKnobs, ruleSetFrom, type RuleSet } from "../rules/ruleset.js";
import { presetForRu } from "../rules/names.js";

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function addRuleOptions(cmd: Command): Command {
  cmd.option("--rules <name>", "rule set: ing, new-ing, zhang, grand, chinese, japanese, korean, aga, nz, tromp-taylor");
  cmd.option("--rules-json <json>", "a rule object of knobs, e.g. '{\"name\":\"ing\",\"komi\":7}'");
  for (const knob of KNOB_NAMES) {
    cmd.addOption(new Option(`--${kebab(knob)} <value>`, `override the ${knob} knob`).hideHelp(knob !== "ko" && knob !== "suicide" && knob !== "komi"));
  }
  return cmd;
}

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
  { rules: RuleSet; from: "option" | "record" | "default" } {
  let rules: RuleSet;
  let from: "option" | "record" | "default";
  if (typeof opts.rulesJson === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(opts.rulesJson);
    } catch {
      throw new ArbiterError("--rules-json is not valid JSON");
    }
    rules = ruleSetFrom(parsed as Record<string, unknown>);
    from = "option";
  } else if (typeof opts.rules === "string") {
    rules = preset(opts.rules);
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
  return { rules: withKnobs(rules, overrides), from };
}
