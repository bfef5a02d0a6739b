import { it } from "vitest";
import { readFileSync } from "node:fs";
import { referee } from "../src/rules/referee.js";
import { preset } from "../src/rules/ruleset.js";
import { recordOf } from "./helpers/sim-referee.js";
it("dbg", () => {
  const moves = JSON.parse(readFileSync("/tmp/moves154.json", "utf8"));
  const r = referee(recordOf(9, 9, moves), { rules: preset("zhang"), rulesFrom: "option", dead: "none" });
  console.log(JSON.stringify(r.end), r.movesAfterEnd);
  console.log(r.moves.slice(140).map((m) => `${m.n}${m.color}${m.point}${m.captures.length ? "x" + m.captures.length : ""}${m.selfCaptures.length ? "s" + m.selfCaptures.length : ""}`).join(" "));
  console.log(moves.slice(140).join(" "));
});
