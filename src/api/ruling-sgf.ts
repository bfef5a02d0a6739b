// `referee --sgf-out`: the record with the referee's rulings written into it, for Sabaki, GoGui or
// any SGF reader. The root says the rule set, the result and how it was decided; every refereed
// move carries its ruling (legal, what it captures, or why it is illegal and the clause); the
// move that closes a cycle says so; the end of play is named at its move. A node after the last
// refereed move holds the count: TB and TW territory marks (dead stones marked as their captor's
// territory, as KGS does), the dead stones (DD) and the count in words. Each disputed group's
// proof (--dead auto) is a variation from there: its whole tree where the settlement kept it,
// else its main line.
import type { GameRecord } from "../record/record.js";
import type { Ruling } from "../rules/referee.js";
import { playRecord } from "../rules/referee.js";
import { fromGtp } from "../core/coords.js";
import { territoryMarks } from "../scoring/marks.js";
import { rootData, sgfPoint, writeSgf, type SgfNode } from "../sgf/write.js";
import { proofNodes } from "../prove/position.js";
import { proofTreeOf } from "../prove/disputes.js";

const index = (v: string, w: number, h: number): number => { const p = fromGtp(v, w, h); return p.y * w + p.x; };

/** The count's territory marks (row-major indices) of the record as `ruling` rules it: the empty
 *  points each side's count gives it once the ruling's dead stones are removed; and the board
 *  they are marked on (the position at the end of the refereed moves). */
export function countMarks(record: GameRecord, ruling: Ruling): { TB: number[]; TW: number[]; dead: number[]; board: Uint8Array } {
  const { width: w, height: h } = record;
  const dead = ruling.dead.map((v) => index(v, w, h));
  const board = playRecord({ ...record, moves: record.moves.slice(0, ruling.moves.length) }, { rules: ruling.rules, komiGiven: true }).board;
  return { ...territoryMarks({ width: w, height: h, board, dead }, ruling.rules), dead, board };
}

/** The SGF text of `record` with `ruling` (the referee's ruling of that record) written in. */
export function rulingSgf(record: GameRecord, ruling: Ruling): string {
  const { width: w, height: h } = record;
  const rules = ruling.rules;
  const root: SgfNode = {
    data: rootData(w, h, {
      KM: [`${rules.komi}`], RU: [rules.name], ...(record.handicap ? { HA: [`${record.handicap}`] } : {}),
      ...(record.toMove ? { PL: [record.toMove] } : {}), RE: [ruling.result],
      C: [`arbiter referee: ${rules.name} rules (${rules.source}), komi ${rules.komi}. Result ${ruling.result}, decided by ${ruling.decidedBy}.` +
        (ruling.record.result ? ` The record says ${ruling.record.result}${ruling.record.agrees === false ? ": it DISAGREES" : ruling.record.agrees ? ": it agrees" : ""}.` : "")],
    }, record.setup),
    children: [],
  };
  const closing = new Map<number, string[]>();
  for (const c of ruling.cycles) {
    const back = c.firstMove === 0 ? "the starting position" : `the position after move ${c.firstMove}`;
    const text = `cycle: moves ${c.firstMove + 1}-${c.repeatMove} (period ${c.period}) bring back ${back}, ${c.kind}; ruling ${c.ruling} for ${c.by}`;
    closing.set(c.repeatMove, [...(closing.get(c.repeatMove) ?? []), text]);
  }
  let at = root;
  ruling.moves.forEach((m, k) => {
    const rec = record.moves[k];
    const value = rec.x === null || rec.y === null ? (rec.offBoard ? rec.raw : "") : sgfPoint(rec.y * w + rec.x, w);
    const words: string[] = [];
    if (!m.legal) words.push(`ILLEGAL: ${m.reason}${m.rule ? ` (${m.rule})` : ""}`);
    else if (m.point === "pass") words.push("pass");
    else {
      words.push("legal");
      if (m.captures.length) words.push(`captures ${m.captures.join(" ")}`);
      if (m.selfCaptures.length) words.push(`removes its own ${m.selfCaptures.join(" ")} (suicide)`);
    }
    words.push(...(closing.get(m.n) ?? []));
    if (ruling.end.atMove === m.n && ruling.end.reason !== "record-ended") words.push(`end of play: ${ruling.end.reason} (${ruling.end.rule})`);
    const node: SgfNode = { data: { [m.color]: [value], C: [`Move ${m.n}: ${words.join("; ")}.`] }, children: [] };
    at.children.push(node);
    at = node;
  });
  // the count, on a node of its own after the last refereed move (the main line's end)
  const count: SgfNode = { data: { C: [countWords(ruling)] }, children: [] };
  if (ruling.score) {
    const { TB, TW, dead } = countMarks(record, ruling);
    if (TB.length) count.data.TB = TB.map((i) => sgfPoint(i, w));
    if (TW.length) count.data.TW = TW.map((i) => sgfPoint(i, w));
    if (dead.length) count.data.DD = dead.map((i) => sgfPoint(i, w));
  }
  at.children.push(count);
  // each disputed group's proof, from the final position: its whole tree where the settlement
  // kept it (referee --sgf-out asks for them), else its main line
  for (const d of ruling.disputes ?? []) {
    if (d.line.length === 0) continue;
    const tree = proofTreeOf(d);
    if (tree && tree.children.length) {
      const nodes = proofNodes(tree, w);
      const title = `proof: the group at ${d.target.join(" ")} is ${d.status} (${d.by}; ${d.firstToMove} first); the whole proof tree (every defence answered)`;
      nodes[0].data.C = [nodes[0].data.C ? `${title}\n${nodes[0].data.C[0]}` : title];
      at.children.push(...nodes);
      continue;
    }
    const head: SgfNode = { data: {}, children: [] };
    let line = head;
    d.line.forEach((mv, j) => {
      const [colour, vertex] = mv.split(" ");
      const node: SgfNode = { data: { [colour]: [vertex === "pass" ? "" : sgfPoint(index(vertex, w, h), w)] }, children: [] };
      if (j === 0) node.data.C = [`proof: the group at ${d.target.join(" ")} is ${d.status} (${d.by}; ${d.firstToMove} first); its main line`];
      line.children.push(node);
      line = node;
    });
    at.children.push(...head.children);
  }
  return writeSgf(root);
}

function countWords(r: Ruling): string {
  const s = r.score;
  const lines = [`End of play: ${r.end.reason} at move ${r.end.atMove} (${r.end.rule}).`];
  if (s) {
    lines.push(`Count (${s.method}): Black ${s.black}, White ${s.white}, komi ${s.komi}.`);
    if (r.dead.length) lines.push(`Dead stones removed: ${r.dead.join(" ")}.`);
  }
  lines.push(`Result: ${r.result} (${r.decidedBy}).`);
  for (const n of r.notes) lines.push(`Note: ${n}`);
  return lines.join("\n");
}
