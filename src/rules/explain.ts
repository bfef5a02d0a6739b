// A readable account of a ruling, for a referee to show the players.
import type { Ruling } from "./referee.js";
import { clauseFor } from "./clauses.js";

export function summary(r: Ruling): string {
  const lines: string[] = [];
  const s = r.score;
  lines.push(`Rules: ${r.rules.name} (${r.rulesFrom === "option" ? "from --rules" : r.rulesFrom === "record" ? "from the record's RU" : "default"}), komi ${r.rules.komi}, ${r.size.width}x${r.size.height}`);
  const illegal = r.moves.find((m) => !m.legal);
  lines.push(`Moves: ${r.moves.length}${illegal ? `, move ${illegal.n} (${illegal.color} ${illegal.point ?? illegal.sgf}) is illegal: ${illegal.reason}` : ", all legal"}`);
  lines.push(`End: ${r.end.reason} at move ${r.end.atMove}${r.movesAfterEnd ? ` (${r.movesAfterEnd} later moves of the record not refereed)` : ""}`);
  if (s) lines.push(`Count (${s.method}): Black ${s.black}, White ${s.white}, komi ${s.komi}${s.shared ? `, ${s.shared} shared` : ""}${s.penalty ? `, ${s.penalty.points} penalty points against ${s.penalty.against}` : ""}`);
  if (r.disputes) lines.push(disputeSummary(r));
  if (r.time) lines.push(`Time: ${r.time.lines.slice(1).join("; ")}`);
  lines.push(`Result: ${r.result} (decided by ${r.decidedBy})${r.record.result ? `; the record says ${r.record.result}${r.record.agrees === false ? " (DISAGREES)" : ""}` : ""}`);
  for (const n of r.notes) lines.push(`Note: ${n}`);
  return lines.join("\n");
}

export function explain(r: Ruling): string {
  const out: string[] = [];
  out.push(`Rule set ${r.rules.name}: ${r.rules.source}`);
  out.push(`  suicide ${r.rules.suicide}, repetition ${r.rules.ko}, end ${r.rules.end}, counting ${r.rules.scoring} by ${r.rules.emptyCount}${r.rules.splitShared ? ", shared points split" : ""}, komi ${r.rules.komi}, ties ${r.rules.tie}`);
  // where a reader looks a clause up: each number cited below is a heading there
  out.push("  Clauses cited below (ing 1.4, docs/rules.md 5, ...) are in docs/rules.md, section Clauses.");
  out.push(`Board ${r.size.width}x${r.size.height}; the record has ${r.moves.length + r.movesAfterEnd} moves.`);
  for (const m of r.moves) {
    if (!m.legal) {
      out.push(`Move ${m.n}: ${m.color} ${m.point ?? `[${m.sgf}]`} is illegal (${m.reason}) under ${m.rule}. The replay stops here.`);
    } else if (m.captures.length || m.selfCaptures.length) {
      const parts = [];
      if (m.captures.length) parts.push(`captures ${m.captures.join(" ")}`);
      if (m.selfCaptures.length) parts.push(`removes its own ${m.selfCaptures.join(" ")} (suicide)`);
      out.push(`Move ${m.n}: ${m.color} ${m.point} ${parts.join(", ")}.`);
    } else if (m.point === "pass") {
      out.push(`Move ${m.n}: ${m.color} passes.`);
    }
  }
  for (const c of r.cycles) {
    // the moves that make the cycle, as the corpus and simulation reports number them
    const back = c.firstMove === 0 ? "the starting position" : `the position after move ${c.firstMove}`;
    out.push(`Cycle: moves ${c.firstMove + 1}-${c.repeatMove} (period ${c.period}) bring back ${back}, ${c.kind}; ruling ${c.ruling} for ${c.by}.`);
  }
  out.push(`End of play: ${r.end.reason} at move ${r.end.atMove} (${r.end.rule}).`);
  // the record going on after the end: those moves are not refereed, and the clause says why
  if (r.movesAfterEnd) out.push(`The record has ${r.movesAfterEnd} more move${r.movesAfterEnd === 1 ? "" : "s"} after move ${r.end.atMove}: not refereed, since play ended there (${r.end.rule}).`);
  for (const d of r.disputes ?? []) out.push(disputeLine(d, true));
  for (const n of r.notes) out.push(`Note: ${n}`);
  if (r.dead.length) out.push(`Dead stones removed before counting: ${r.dead.join(" ")}.`);
  const s = r.score;
  if (s) out.push(...countLines(r));
  if (r.time) out.push(`Time (${r.time.rule}):`, ...r.time.lines.map((l) => `  ${l}.`));
  out.push(`Result: ${r.result}, decided by ${r.decidedBy}.`);
  if (r.record.result) {
    out.push(r.record.agrees === false ? `The record says ${r.record.result}: it DISAGREES with this ruling.`
      : r.record.agrees ? `The record says ${r.record.result}: it agrees.` : `The record says ${r.record.result}.`);
  }
  return out.join("\n");
}

/** The count in the words of the rule set's own counting method. */
function countLines(r: Ruling): string[] {
  const s = r.score!;
  const b = s.breakdown;
  const out: string[] = [];
  const clause = clauseFor(r.rules, "counting");
  const shared = s.shared ? ` + ${b.sharedEach} of ${s.shared} shared` : "";
  if (s.method === "territory" && b.territory) {
    const t = b.territory;
    out.push(`Count (territory, ${clause}): territory + prisoners; no points in seki.`);
    out.push(`  Black ${b.blackEmpty} territory + ${t.prisoners.black} prisoners = ${s.black}; White ${b.whiteEmpty} + ${t.prisoners.white} = ${s.white}.`);
    if (t.sekiPoints) out.push(`  ${t.sekiPoints} points in seki count for nobody.`);
    if (!t.prisonersKnown) out.push("  (prisoners taken during play are not known: counted as 0)");
  } else {
    out.push(`Count (${s.method}, ${clause}):`);
    out.push(`  Black ${b.blackStones} stones + ${b.blackEmpty} empty${shared} = ${s.black}`);
    out.push(`  White ${b.whiteStones} stones + ${b.whiteEmpty} empty${shared} = ${s.white}`);
    if (b.neutral) out.push(`  Nobody's: ${b.neutral} points.`);
  }
  // Ing's fill-in counting (ing 1.7) is Ing's rules' own way to count: under other rules it is
  // shown only where it would disagree with their count
  if (b.fillIn && (r.rules.ko === "ing" || !b.fillIn.agrees)) {
    const f = b.fillIn;
    out.push(`  Fill-in view (ing 1.7): ${f.stonesEach} stones each; Black leaves ${f.black.leftoverEmpty} empty / ${f.black.leftoverStones} stones, White ${f.white.leftoverEmpty} / ${f.white.leftoverStones}; margin ${f.margin} points${f.agrees ? ", as the area count" : " (DISAGREES with the area count)"}.`);
    // 002 §4 區位: 時差罰點，二點折一子, filled into the winner's area as returned points are
    if (s.penalty) out.push(`  Time penalty in the fill-in view: ${s.penalty.stones} stone${s.penalty.stones === 1 ? "" : "s"} of ${s.penalty.against === "B" ? "Black's" : "White's"} ${s.penalty.points} points, placed in the opponent's area.`);
  }
  if (b.passStones) {
    const p = b.passStones;
    out.push(`  Pass-stone view: Black ${p.black.total}, White ${p.white.total} (difference ${p.difference}${p.whiteFinalPass ? ", White's final pass added" : ""})${p.agrees ? ", as the area count" : ""}.`);
  }
  if (b.grand) {
    const a = b.grand.adjustment;
    if (a.side) out.push(`  多下贴点 (grand 4.6): ${a.side} made ${a.moves} more real moves in the game phase: Black ${a.black >= 0 ? "+" : ""}${a.black}, White ${a.white >= 0 ? "+" : ""}${a.white}.`);
    const tv = b.grand.territoryView;
    if (tv) out.push(`  等子比目: Black ${tv.black.territory}, White ${tv.white.territory} territory, difference ${tv.difference}${tv.agrees ? ", as the area count" : ""}.`);
  }
  if (b.laziness) {
    out.push(b.laziness.failed ? `  荒空 (new-ing 2.8): ${b.laziness.points.length} points fail the laziness check${b.laziness.against ? `, against ${b.laziness.against}, who asked to end` : ""}.` : "  The laziness check (new-ing 2.8) passes.");
  }
  const p = s.penalty;
  if (s.threshold !== undefined) out.push(`  Black needs more than ${s.threshold} (new-ing 2.10).`);
  else if (p) {
    const signed = p.against === "B" ? -p.points : p.points;
    out.push(`  Black ${s.black} - White ${s.white} - komi ${s.komi} ${p.against === "B" ? "-" : "+"} ${p.points} penalty points (${p.against} pays, ${p.stones} stone${p.stones === 1 ? "" : "s"} in the fill-in count) = ${s.black - s.white - s.komi + signed}.`);
  } else out.push(`  Black ${s.black} - White ${s.white} - komi ${s.komi} = ${s.black - s.white - s.komi}.`);
  return out;
}

type DisputeOf<R> = R extends { disputes?: (infer D)[] } ? D : never;

/** One group of `--dead auto`: its status, what settled it, and (in full) the proof's line. */
function disputeLine(d: DisputeOf<Ruling>, full: boolean): string {
  const at = d.target.length > 3 ? `${d.target.slice(0, 3).join(" ")} (+${d.target.length - 3} strings)` : d.target.join(" ");
  const how = d.by === "benson" ? "unconditionally alive (Benson)"
    : d.by === "proof" ? `proven ${d.status} with ${d.firstToMove} moving first${d.region ? ` in a local region of ${d.region.points} points` : ""}${d.ko === "ko" ? " (by a ko: outside threats could change it)" : ""}`
    : `unresolved, counted ${d.counted}: ${d.reason}`;
  const extra = d.by === "proof" && d.reason ? `; ${d.reason}` : "";
  const line = full && d.line.length ? ` (${d.line.slice(0, 8).join(", ")}${d.line.length > 8 ? ", ..." : ""})` : "";
  const cost = full && d.by !== "benson" ? `; ${d.nodes} nodes, ${d.timeMs} ms` : "";
  return `Group ${d.colour} ${at}, ${d.stones} stone${d.stones === 1 ? "" : "s"}: ${how}${extra}${line}${cost}.`;
}

/** The groups of `--dead auto` in a few lines: counts by status, then every group not
 *  unconditionally alive. */
function disputeSummary(r: Ruling): string {
  const ds = r.disputes ?? [];
  const n = (f: (d: DisputeOf<Ruling>) => boolean) => ds.filter(f).length;
  const head = `Groups: ${ds.length}: ${n((d) => d.by === "benson")} unconditionally alive, ${n((d) => d.by === "proof" && d.status === "alive")} proven alive, ` +
    `${n((d) => d.by === "proof" && d.status === "dead")} proven dead, ${n((d) => d.status === "unresolved")} unresolved`;
  return [head, ...ds.filter((d) => d.by !== "benson").map((d) => "  " + disputeLine(d, false))].join("\n");
}
