import { it } from "vitest";
import { Game } from "../src/core/game.js";
it("setup failure state", () => {
  const g = new Game({ width: 3, height: 3, suicide: "forbidden", ko: "simple" });
  g.play(1, 1, "B");
  try { g.setup([1,2,0, 2,0,0, 0,0,0]); } catch (e) { console.log("threw", (e as Error).message); }
  console.log("board after failed setup", Array.from(g.board()).join(""), "hist", g.historyLength);
});
it("maxMoves small", () => {
  const g = new Game({ width: 19, height: 19, suicide: "forbidden", ko: "psk", maxMoves: 10 });
  let i = 0;
  const t0 = Date.now();
  for (; i < 200; i++) { g.play(i % 19, Math.floor(i / 19) * 2, i % 2 ? "W" : "B"); process.stderr.write(i + " "); }
});
