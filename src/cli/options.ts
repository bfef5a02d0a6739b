// Rule options shared by every command that takes --rules: the preset plus knob overrides
// (read by src/rules/resolve.ts).
import { Command, Option } from "commander";
import { KNOB_NAMES, knobValues } from "../ruleset/ruleset.js";
import { kebab } from "../rules/resolve.js";

export function addRuleOptions(cmd: Command): Command {
  cmd.option("--rules <name>", "rule set: ing, new-ing, zhang, grand, chinese, japanese, korean, aga, nz, tromp-taylor");
  cmd.option("--rules-json <json>", "a rule object of knobs, e.g. '{\"name\":\"ing\",\"komi\":7}'");
  for (const knob of KNOB_NAMES) {
    // every knob shown, with what it takes (docs/rules.md says what each means)
    cmd.addOption(new Option(`--${kebab(knob)} <value>`, `override the ${knob} knob: ${knobValues(knob)}`));
  }
  return cmd;
}
