// The referee's findings on real records, per rule set (corpus mode, DESIGN.md 3): cycles (board
// recurrences, any side to move, whatever the rule set rules about them), the first illegal move,
// the result and whether it differs from the record's. Runs in a worker thread or in-line.
import { isRefused, readSgfCollection } from "../sgf/read.js";
import { referee, normaliseResult, type Cycle } from "../rules/referee.js";
import { isTrivialPassCycle } from "../rules/cycles.js";
import { withKnobs, type RuleSet } from "../ruleset/ruleset.js";
import { ArbiterError } from "../errors.js";

/** Whole game trees of a record (all of a small one; a piece of a collection, src/sgf/split.ts). */
export interface CorpusItem {
  /** reading order, for a report that does not depend on the workers */
  seq: number;
  file: string;
  text: string;
  /** the number of the first tree in the record, and where the text starts in it */
  firstTree: number;
  line: number;
  column: number;
  /** the record holds other pieces: its games are named FILE#N whatever this piece holds */
  several: boolean;
  /** read at most this many trees of the piece (--limit) */
  most?: number;
}

export interface CorpusRuleStats {
  games: number;
  /** moves refereed (each game's up to the end of play) */
  moves: number;
  /** games in which a board position recurs (or would, by a play the rule set forbids), pass
   *  cycles aside */
  gamesWithCycle: number;
  /** the trivial cycles, counted apart: a position brought back by passes alone */
  passCycles: number;
  gamesWithPassCycle: number;
  cycles: Record<string, number>;
  /** games by their shortest cycle, in moves */
  cycleLengths: Record<string, number>;
  /** games with an illegal move, by the reason of the first */
  forbidden: Record<string, number>;
  /** by winner: B, W, draw, void */
  results: Record<string, number>;
  /** games whose winner differs from the record's RE (records with a readable RE only) */
  resultChanged: number;
  /** resultChanged by what decided our result (count: no dead stones are removed, so a counted
   *  game whose record left dead stones on the board may change; forfeit: an illegal move) */
  resultChangedBy: Record<string, number>;
  endReasons: Record<string, number>;
  decidedBy: Record<string, number>;
}

export interface CorpusExample {
  seq: number;
  file: string;
  rules: string;
  /** the kind of finding, for choosing a few examples per kind */
  kind: string;
  what: string;
}

export interface CorpusPart {
  games: number;
  skipped: { file: string; why: string; seq?: number }[];
  rules: Record<string, CorpusRuleStats>;
  examples: CorpusExample[];
}

export interface CorpusTask {
  items: CorpusItem[];
  rules: { key: string; rules: RuleSet }[];
  komiGiven: boolean;
  examplesPerKind: number;
}

const winner = (result: string | null): string | null => {
  if (result === null) return null;
  if (result === "Void") return "void";
  if (result === "0") return "draw";
  if (result.startsWith("B+")) return "B";
  if (result.startsWith("W+")) return "W";
  return null;
};

const bump = (c: Record<string, number>, k: string | number) => {
  c[k] = (c[k] ?? 0) + 1;
};

export function emptyStats(): CorpusRuleStats {
  return { games: 0, moves: 0, gamesWithCycle: 0, passCycles: 0, gamesWithPassCycle: 0, cycles: {}, cycleLengths: {}, forbidden: {}, results: {}, resultChanged: 0,
    resultChangedBy: {}, endReasons: {}, decidedBy: {} };
}

export function refereeBatch(task: CorpusTask): CorpusPart {
  const part: CorpusPart = { games: 0, skipped: [], rules: {}, examples: [] };
  const stats = (key: string) => (part.rules[key] ??= emptyStats());
  for (const item of task.items) {
    let games;
    try {
      games = readSgfCollection(item.text, { line: item.line, column: item.column });
      if (item.most !== undefined) games = games.slice(0, item.most);
    } catch (e) {
      part.skipped.push({ file: item.file, why: message(e), seq: item.seq });
      continue;
    }
    if (games.length === 0) {
      part.skipped.push({ file: item.file, why: "no game record in the file", seq: item.seq });
      continue;
    }
    games.forEach((read, gi) => {
      const file = item.several || games!.length > 1 ? `${item.file}#${item.firstTree + gi}` : item.file;
      // a game refused on its own: the collection's other games are kept
      if (isRefused(read)) {
        part.skipped.push({ file, why: read.error, seq: item.seq });
        return;
      }
      const record = read;
      // every rule set first, so that a game broken under one is skipped under all
      const rulings = [];
      try {
        for (const r of task.rules) {
          const rules = !task.komiGiven && record.komi !== null ? withKnobs(r.rules, { komi: record.komi }) : r.rules;
          rulings.push(referee(record, { rules, rulesFrom: "option", dead: "none", komiGiven: task.komiGiven || record.komi !== null,
            quiet: true }));
        }
      } catch (e) {
        part.skipped.push({ file, why: message(e), seq: item.seq });
        return;
      }
      part.games++;
      const recorded = winner(normaliseResult(record.result));
      rulings.forEach((ruling, i) => {
        const key = task.rules[i].key;
        const s = stats(key);
        s.games++;
        s.moves += ruling.end.atMove;
        const example = (kind: string, what: string) => {
          if (task.examplesPerKind > 0) part.examples.push({ seq: item.seq, file, rules: key, kind, what });
        };
        const recurrences = ruling.cycles.filter(recurs);
        let shortest = Infinity;
        let passCycles = 0;
        for (const c of recurrences) {
          example(`cycle:${c.kind}`, `${c.kind} cycle, moves ${c.firstMove + 1}-${c.repeatMove} (period ${c.period}), ${c.ruling}`);
          // a position brought back by passes alone is trivial: counted apart
          if (isTrivialPassCycle(c)) {
            passCycles++;
            continue;
          }
          bump(s.cycles, c.kind);
          shortest = Math.min(shortest, c.period);
        }
        if (passCycles) {
          s.passCycles += passCycles;
          s.gamesWithPassCycle++;
        }
        if (shortest < Infinity) {
          s.gamesWithCycle++;
          bump(s.cycleLengths, shortest);
        }
        const illegal = ruling.moves.find((m) => !m.legal);
        if (illegal) {
          bump(s.forbidden, illegal.reason ?? "illegal");
          example(`illegal:${illegal.reason}`, `move ${illegal.n} (${illegal.color} ${illegal.point ?? illegal.sgf}) is illegal: ${illegal.reason}`);
        }
        const ours = winner(ruling.result) ?? "other";
        bump(s.results, ours);
        bump(s.endReasons, ruling.end.reason);
        bump(s.decidedBy, ruling.decidedBy);
        if (recorded !== null && ours !== recorded) {
          s.resultChanged++;
          bump(s.resultChangedBy, ruling.decidedBy);
          example("result", `the record says ${record.result}, ${key} gives ${ruling.result} (${ruling.decidedBy})`);
        }
      });
    });
  }
  // keep only the first examples of each kind here; the run keeps the earliest overall
  const kept = new Map<string, number>();
  part.examples = part.examples.filter((e) => {
    const k = `${e.rules}|${e.kind}`;
    const n = kept.get(k) ?? 0;
    kept.set(k, n + 1);
    return n < task.examplesPerKind;
  });
  return part;
}

/**
 * Whether a cycle the referee reports is a board recurring. Reports of allowed or void cycles
 * are; so are refusals of a play that would recreate a position (ko, superko, no-going-back,
 * disturbing-cycle). A hot-stone refusal (ing 1A.2-3) is reported from the position two or
 * three moves back; it recreates a board only when it recreates that situation: an uneven
 * board after a 2:2 retake of the stone just placed is not a cycle.
 */
function recurs(c: Cycle): boolean {
  const r = c as Cycle & { reason?: string; situational?: boolean };
  return r.ruling !== "forbidden" || r.reason !== "hot-stone" || r.situational === true;
}

function message(e: unknown): string {
  if (e instanceof ArbiterError) return e.message;
  return `internal error: ${(e as Error)?.message ?? String(e)}`;
}
