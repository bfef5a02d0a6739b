import { it } from "vitest";
import { playGames, type SimSpec } from "../src/simulate/engine.js";
import { preset } from "../src/rules/ruleset.js";
import { compareWithReferee } from "./helpers/sim-referee.js";
it("tmp", () => {
const e = process.env;
const names = (e.R ?? "ing,new-ing,zhang,grand,chinese,japanese,korean,aga,nz,tromp-taylor").split(",");
const size = Number(e.S ?? 7);
const N = Number(e.N ?? 200);
const policy = (e.P ?? "light") as "light";
const paired = e.PAIRED === "1";
const spec: SimSpec = { width: size, height: size, seed: Number(e.SEED ?? 7), policy, rules: names.map((n) => ({ key: n, rules: preset(n) })), paired };
let bad = 0, n = 0;
const t = performance.now();
playGames(spec, 0, N, (g) => {
  n++;
  const d = compareWithReferee(g, g.moves!, spec.rules[g.rule].rules, size, size);
  for (const p of g.pairs) {
    const dd = compareWithReferee({ ...g, summary: p.summary, verdict: p.verdict }, g.moves!, spec.rules[p.rule].rules, size, size, true);
    if (dd.length) d.push(...dd.map((x) => `paired under ${names[p.rule]}: ${x}`));
  }
  if (d.length && bad++ < 6) console.log(names[g.rule], "game", g.summary.game, d.join("; "), JSON.stringify(g.moves));
}, { keepMoves: true });
console.log(`${n} games, ${bad} disagree, ${(performance.now() - t).toFixed(0)} ms`);
}, 600000);
