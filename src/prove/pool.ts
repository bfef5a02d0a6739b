// Prove by capture with more than one thread: a team (team.ts) asks the question exactly as a
// single thread does, with df-pn's runs at the root shared by all its threads over one table.
import { other, type Color } from "../core/codes.js";
import type { ProveRequest, ProveResult } from "./prove.js";
import { Team } from "./team.js";

/** prove() in parallel (`only`: that side's question alone, as `question` asks it). */
export async function proveParallel(req: ProveRequest, workers: number, signal?: AbortSignal, wantProof = false,
  only?: Color, team?: Team): Promise<ProveResult> {
  const own = team ?? new Team(workers);
  try {
    let asked = req;
    if (only) {
      const defender: Color = req.board[req.targets[0]] === 1 ? "B" : "W";
      asked = { ...req, question: only === other(defender) ? "attacker" : "defender" };
    }
    return await own.prove(asked, wantProof, signal);
  } finally {
    if (!team) await own.close();
  }
}
