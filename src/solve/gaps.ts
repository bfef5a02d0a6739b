// Rule gaps (docs/solve.md, "Rule gaps"): lines of play on a small board where a rule set's text
// gives no result, because play can go round a cycle for ever and no clause of the text stops it.
// arbiter closes each such gap with an INTERPRETATION (a third occurrence of a situation voids the
// game: New Ing 2.6, Ing 1A.5, the Grand Rules 4.4); this search takes the interpretation away,
// plays every line from the empty board through the rule engine (shortest first), and reports
// the first line that comes back to a situation and can go round again three more times with
// every move legal and no end of play. Each example is then refereed under every preset, so the
// report says how the other rule sets decide the same moves.
import type { Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import { Game, releaseCore, type EngineKnobs } from "../core/game.js";
import * as C from "../../assembly/codes.js";
import { ruleKnobs } from "../rules/knobs.js";
import { refereeLine } from "./solve.js";
import { PRESETS, preset } from "../ruleset/ruleset.js";

/** A rule set as its text has it: the clause arbiter reads in to stop endless cycles, taken out. */
export interface TextOnly {
  name: string;
  /** the clause that is an interpretation, not text */
  clause: string;
  knobs: EngineKnobs;
}

/** The presets whose cycle rule is arbiter's interpretation, each without it. */
export function textOnlyRuleSets(): TextOnly[] {
  const off = (name: string): EngineKnobs => ({ ...ruleKnobs(preset(name)), void3: false });
  return [
    { name: "new-ing", clause: "docs/rules.md 2.6: the text has no cycle rule (its only stop is the clock); arbiter voids at a situation's third occurrence", knobs: off("new-ing") },
    { name: "ing", clause: "docs/rules.md 1A.5: a cycle the ko algorithm does not stop; arbiter voids at a situation's third occurrence", knobs: off("ing") },
    { name: "grand", clause: "docs/rules.md 4.4: a cycle through suspensions (the history is cleared on each resumption); arbiter voids at a situation's third creation", knobs: off("grand") },
  ];
}

export interface GapExample {
  rules: string;
  clause: string;
  size: string;
  /** the moves (GTP vertices, "pass"): the way in, then the cycle four times */
  line: string[];
  /** the cycle: moves cycleFrom+1 .. cycleFrom+period of the line come back to the situation after move cycleFrom */
  cycleFrom: number;
  period: number;
  /** each preset's ruling of the same moves */
  others: { rules: string; result: string; end: string; atMove: number; illegal?: string }[];
}

export interface GapSearch {
  rules: string;
  size: string;
  /** the lines tried (moves played) and the longest way in searched whole */
  lines: number;
  maxDepth: number;
  example: GapExample | null;
  /** what cut the search short (the moves' budget, the time, Ctrl-C or SIGTERM) before it had
   *  searched every way in up to the depth asked or found an example */
  stoppedBy?: "nodes" | "time" | "cancel";
}

/** A long search's limits: a deadline (Date.now()), a stop asked from outside, and progress
 *  (the moves tried so far and the longest way in being searched). */
export interface GapLimits {
  deadline?: number;
  cancelled?: () => boolean;
  progress?: (lines: number, depth: number) => void;
}

const PASS = -1;

/** The shortest line on a WxH board (the way in at most `maxDepth` moves, passes included) along
 *  which the rule set's text lets play go round a cycle for ever. */
export function searchGap(t: TextOnly, width: number, height: number, maxDepth: number, maxLines = 5_000_000, limits: GapLimits = {}): GapSearch {
  const game = new Game({ width, height, suicide: "allowed", ko: "none" });
  game.startRules(t.knobs, "B", 4096, true);
  const n = width * height;
  const noOpeningPass = preset(t.name).openingPass === "forbidden";
  const moves: number[] = [];
  const sits: bigint[] = [game.situationHash("B")];
  let lines = 0;
  const colour = (k: number): Color => (k % 2 === 0 ? "B" : "W");

  /** Plays m for the k-th move; false when refused or when play ended (the move is taken back). */
  const play = (m: number, k: number): boolean => {
    game.save(k + 1);
    lines++;
    const ok = m === PASS ? game.rulesPass(colour(k), false, "report") : game.rulesPlay(m % width, Math.floor(m / width), colour(k), true, false, "report") === C.R_OK;
    if (!ok) { game.restore(k + 1); return false; }
    if (game.ruling()[C.RW_ENDED] !== C.END_NONE) { back(k); return false; }
    return true;
  };
  const back = (k: number): void => { game.rulesUndo(); game.restore(k + 1); };

  /** The cycle from move j+1 to the end can be played three more times, every move legal, no end. */
  const goesOnForever = (j: number): boolean => {
    const round = moves.slice(j);
    const start = moves.length;
    let k = start;
    let ok = true;
    for (let lap = 0; lap < 3 && ok; lap++) {
      for (const m of round) {
        if (!play(m, k)) { ok = false; break; }
        k++;
      }
    }
    while (k > start) { k--; back(k); }
    return ok;
  };

  // the limits, read every 4,096 moves (the clock and a flag set from another thread)
  let stoppedBy: GapSearch["stoppedBy"];
  let nextLook = 0, nextProgress = 0;
  const stopped = (limit: number): boolean => {
    if (stoppedBy) return true;
    if (lines > maxLines) stoppedBy = "nodes";
    else if (lines >= nextLook) {
      nextLook = lines + 4096;
      if (limits.cancelled?.()) stoppedBy = "cancel";
      else if (limits.deadline !== undefined && Date.now() > limits.deadline) stoppedBy = "time";
      else if (lines >= nextProgress) { nextProgress = lines + 65536; limits.progress?.(lines, limit); }
    }
    return stoppedBy !== undefined;
  };
  let found: { cycleFrom: number; period: number } | null = null;
  // iterative deepening: the shortest way in first
  const dfs = (depth: number, limit: number): boolean => {
    if (stopped(limit)) return true;
    if (depth === limit) return false;
    for (let m = PASS; m < n; m++) {
      if (m === PASS && depth === 0 && noOpeningPass) continue; // ing 1.1
      if (!play(m, depth)) continue;
      moves.push(m);
      const s = game.situationHash(colour(moves.length));
      const j = sits.indexOf(s);
      sits.push(s);
      // a situation again: the moves since make a cycle (its length must match the player to move)
      if (j >= 0 && (moves.length - j) % 2 === 0 && moves.slice(j).some((x) => x !== PASS) && goesOnForever(j)) {
        found = { cycleFrom: j, period: moves.length - j };
        return true;
      }
      // (a cycle that does not go on for ever is no stop: a longer one may, as the Grand Rules'
      // take, pass, pass, retake, pass, pass does where take, pass, pass, retake cannot)
      const done = dfs(depth + 1, limit);
      if (done) return true;
      sits.pop();
      moves.pop();
      back(depth);
    }
    return false;
  };
  // (the longest way in searched whole: a search a limit cut short does not count)
  let searched = 0;
  for (let limit = 1; limit <= maxDepth && !found && !stopped(limit); limit++) {
    dfs(0, limit);
    if (!found && !stoppedBy) searched = limit;
  }
  releaseCore();
  const size = `${width}x${height}`;
  // (an example found is an answer whatever the limits: the stop is said only without one)
  const result: GapSearch = { rules: t.name, size, lines, maxDepth: searched, example: null, ...(stoppedBy && !found ? { stoppedBy } : {}) };
  if (!found) return result;
  const { cycleFrom, period } = found as { cycleFrom: number; period: number };
  const line = [...moves, ...Array.from({ length: 3 }, () => moves.slice(cycleFrom)).flat()];
  const vertex = (m: number) => (m === PASS ? "pass" : indexToGtp(m, width, height));
  result.example = {
    rules: t.name, clause: t.clause, size, line: line.map(vertex), cycleFrom, period,
    others: Object.keys(PRESETS).map((name) => {
      const r = refereeLine(line, width, height, { ...preset(name), komi: 0 });
      const bad = r.moves.find((m) => !m.legal);
      return { rules: name, result: r.result, end: r.end.reason, atMove: r.end.atMove, ...(bad ? { illegal: `move ${bad.n}: ${bad.reason}` } : {}) };
    }),
  };
  return result;
}
