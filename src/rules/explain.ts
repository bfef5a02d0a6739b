// A readable account of a ruling, for a referee to show the players.
import type { Ruling } from "./referee.js";

export function summary(r: Ruling): string {
  const lines: string[] = [];
  const s = r.score;
  lines.push(`Rules: ${r.rules.name} (${r.rulesFrom === "option" ? "from --rules" : r.rulesFrom === "record" ? "from the record's RU" : "default"}), komi ${r.rules.komi}, ${r.size.width}x${r.size.height}`);
  const illegal = r.moves.find((m) => !m.legal);
  lines.push(`Moves: ${r.moves.length}${illegal ? `, move ${illegal.n} (${illegal.color} ${illegal.point ?? illegal.sgf}) is illegal: ${illegal.reason}` : ", all legal"}`);
  lines.push(`End: ${r.end.reason} at move ${r.end.atMove}${r.movesAfterEnd ? ` (${r.movesAfterEnd} later moves of the record not refereed)` : ""}`);
  if (s) lines.push(`Count (${s.method}): Black ${s.black}, White ${s.white}, komi ${s.komi}${s.shared ? `, ${s.shared} shared` : ""}`);
  lines.push(`Result: ${r.result} (decided by ${r.decidedBy})${r.record.result ? `; the record says ${r.record.result}${r.record.agrees === false ? " (DISAGREES)" : ""}` : ""}`);
  return lines.join("\n");
}

export function explain(r: Ruling): string {
  const out: string[] = [];
  out.push(`Rule set ${r.rules.name}: ${r.rules.source}`);
  out.push(`  suicide ${r.rules.suicide}, repetition ${r.rules.ko}, end ${r.rules.end}, counting ${r.rules.scoring} by ${r.rules.emptyCount}${r.rules.splitShared ? ", shared points split" : ""}, komi ${r.rules.komi}, ties ${r.rules.tie}`);
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
    out.push(`Cycle: moves ${c.firstMove}-${c.repeatMove} (period ${c.period}), ${c.kind}; ruling ${c.ruling} for ${c.by}.`);
  }
  out.push(`End of play: ${r.end.reason} at move ${r.end.atMove} (${r.end.rule}).`);
  if (r.dead.length) out.push(`Dead stones removed before counting: ${r.dead.join(" ")}.`);
  const s = r.score;
  if (s) {
    const b = s.breakdown;
    out.push(`Count (${s.method}, ${r.rules.emptyCount === "region" ? "empty regions" : "empty points"}):`);
    out.push(`  Black ${b.blackStones} stones + ${b.blackEmpty} empty = ${b.blackStones + b.blackEmpty}${r.rules.splitShared && s.shared ? ` + ${s.shared / 2} (half of ${s.shared} shared)` : ""} = ${s.black}`);
    out.push(`  White ${b.whiteStones} stones + ${b.whiteEmpty} empty = ${b.whiteStones + b.whiteEmpty}${r.rules.splitShared && s.shared ? ` + ${s.shared / 2}` : ""} = ${s.white}`);
    if (b.neutral || (!r.rules.splitShared && s.shared)) out.push(`  Nobody's: ${b.neutral + (r.rules.splitShared ? 0 : s.shared)} points.`);
    out.push(`  Black ${s.black} - White ${s.white} - komi ${s.komi} = ${s.black - s.white - s.komi}.`);
  }
  out.push(`Result: ${r.result}, decided by ${r.decidedBy}.`);
  if (r.record.result) {
    out.push(r.record.agrees === false ? `The record says ${r.record.result}: it DISAGREES with this ruling.`
      : r.record.agrees ? `The record says ${r.record.result}: it agrees.` : `The record says ${r.record.result}.`);
  }
  return out.join("\n");
}
