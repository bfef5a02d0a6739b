// SGF RU values as written in the wild, mapped to presets.
import { ArbiterError } from "../errors.js";
import { RULE_NAMES } from "../ruleset/ruleset.js";

const RU_ALIASES: Record<string, string> = {
  japanese: "japanese", jp: "japanese", jpn: "japanese", "nihon-kiin": "japanese", j: "japanese",
  chinese: "chinese", cn: "chinese", chn: "chinese", china: "chinese",
  korean: "korean", kr: "korean", kor: "korean",
  aga: "aga", "american": "aga", "bga": "aga",
  nz: "nz", "new zealand": "nz", "new-zealand": "nz", newzealand: "nz",
  goe: "ing", ing: "ing", "ing sst": "ing", sst: "ing", "ing's sst": "ing",
  "new ing": "new-ing", "new-ing": "new-ing", newing: "new-ing",
  zhang: "zhang", "basic rules": "zhang",
  grand: "grand", "grand rules": "grand",
  "tromp-taylor": "tromp-taylor", "tromp taylor": "tromp-taylor", tt: "tromp-taylor", trompt: "tromp-taylor",
};

/** The preset for an SGF RU value, or an error naming it. */
export function presetForRu(ru: string): string {
  const key = ru.trim().toLowerCase().replace(/_/g, " ");
  const name = Object.hasOwn(RU_ALIASES, key) ? RU_ALIASES[key] : RULE_NAMES.includes(key) ? key : undefined;
  if (!name) {
    throw new ArbiterError(`unknown rules RU[${ru}] in the record: give --rules (${RULE_NAMES.join(", ")})`);
  }
  return name;
}
