// The position a dispute starts from: a record's setup and main line, played out.
import { Game } from "../core/game.js";
import { other, type Color } from "../core/codes.js";
import { indexToGtp } from "../core/coords.js";
import { ArbiterError } from "../errors.js";
import { rootData, sgfPoint, writeSgf, type SgfNode } from "../sgf/write.js";
import type { GameRecord } from "../record/record.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import type { ProofNode } from "./prove.js";

export interface Position {
  width: number;
  height: number;
  board: Uint8Array;
  /** the player whose turn it is after the record's last move (or PL) */
  toMove: Color;
}

export function positionAfter(record: GameRecord, rules: RuleSet): Position {
  const { width, height } = record;
  const first: Color = record.toMove ?? (record.setup.some((c) => c) && record.handicap >= 2 ? "W" : "B");
  const game = new Game({ width, height, suicide: rules.suicide, ko: "none", toMove: first, maxMoves: record.moves.length + 1 });
  if (record.setup.some((c) => c)) game.setup(record.setup, first);
  let toMove = first;
  record.moves.forEach((m, i) => {
    if (m.offBoard) throw new ArbiterError(`move ${i + 1} (${m.color} [${m.raw}]) is off the board`);
    if (m.x === null || m.y === null) game.pass(m.color);
    else {
      const a = game.play(m.x, m.y, m.color);
      if (!a.ok) throw new ArbiterError(`move ${i + 1} (${m.color} ${indexToGtp(m.y * width + m.x, width, height)}) is illegal: ${a.reason}`);
    }
    toMove = other(m.color);
  });
  return { width, height, board: game.board(), toMove };
}

/** The proof tree as SGF variations over the starting position: any SGF viewer steps through it. */
export function proofToSgf(pos: Position, root: ProofNode, comment: string): string {
  return writeSgf({ data: rootData(pos.width, pos.height, { C: [comment] }, pos.board), children: proofNodes(root, pos.width) });
}

/** One question's proof tree as the SGF file `prove --proof` writes and `/v1/prove` answers with
 *  `proof: true`, or null when the search kept none. */
export function questionSgf(pos: Position, rulesName: string, label: "attacker first" | "defender first",
  q: { proof?: ProofNode; captured: boolean | null }): string | null {
  return q.proof ? proofToSgf(pos, q.proof, `arbiter proof, ${rulesName} rules, ${label}: ${q.captured ? "the target is captured" : "the target cannot be captured"}`) : null;
}

/** A proof tree's moves as SGF nodes (the root's children: the first moves), each line's end said. */
export function proofNodes(root: ProofNode, width: number): SgfNode[] {
  const node = (n: ProofNode): SgfNode => ({
    data: { [n.color]: [n.move < 0 ? "" : sgfPoint(n.move, width)], ...(n.end ? { C: [END_COMMENT[n.end]] } : {}) },
    children: n.children.map(node) });
  return root.children.map(node);
}

/** What a proof line's end means, for its comment. */
const END_COMMENT: Record<NonNullable<ProofNode["end"]>, string> = {
  captured: "the target is captured",
  end: "play ends with the target on the board",
  void: "the rules void the game here",
  escape: "the defender captures a boundary string: escape",
  alive: "the target is unconditionally alive (Benson): no play captures it",
  filled: "dead by fill-in: every empty point of the target's area touches a safe attacker string",
  short: "a string around the region is short of the liberties the region must keep",
};
