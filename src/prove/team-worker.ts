// A team's thread (team.ts): the leader, which asks the questions as a single thread does and
// runs df-pn with the helpers; or a helper, which runs the leader's df-pn beside it.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { loadTeamCore, TEAM_PLACES } from "../core/wasm.js";
import { colorCode } from "../core/codes.js";
import { ArbiterError } from "../errors.js";
import { ruleSetFrom } from "../ruleset/ruleset.js";
import { askWithKo, problemFrom, prove, type ProveRequest } from "./prove.js";
import { joinTeam, Search, UNKNOWN } from "./search.js";
import { CANCEL, Leader, RUNNING, SOLVED, STOP, type HelperJob, type LeaderRequest } from "./team.js";

interface Data {
  role: "leader" | "helper";
  place: number;
  memory: WebAssembly.Memory;
  ctrl: Int32Array;
  /** each helper's nodes, then each one's positions, in the last run (team.ts Leader) */
  helperWork: Float64Array;
  ports?: MessagePort[];
  port?: MessagePort;
}
const data = workerData as Data;
const { ctrl } = data;
const core = loadTeamCore(data.place, data.memory);

if (data.role === "leader") {
  const counters = core.searchTeamCounters();
  const leader = new Leader(data.ports ?? [], ctrl, data.helperWork, counters);
  joinTeam(leader);
  core.searchTeam(counters, 0);
  parentPort!.on("message", (msg: LeaderRequest) => {
    try {
      const cancelled = () => Atomics.load(ctrl, CANCEL) !== 0 || leader.solvedNow();
      const req: ProveRequest = { ...msg.req, board: Uint8Array.from(msg.req.board), rules: ruleSetFrom({ ...msg.req.rules }), cancelled };
      let result: unknown;
      if (msg.kind === "ask") {
        result = askWithKo(problemFrom(req), msg.toMove, { maxNodes: req.maxNodes, deadline: performance.now() + req.timeMs, cancelled }, msg.wantProof);
      } else {
        result = prove(req, msg.wantProof);
      }
      parentPort!.postMessage({ result });
    } catch (e) {
      // (bad input stays bad input: the caller's exit code and HTTP status depend on it)
      parentPort!.postMessage({ error: (e as Error).message, bad: e instanceof ArbiterError });
    }
  });
} else {
  // the mirror of the leader's search of the last run (the core holds one search at a time)
  let mirror: { id: number; search: Search } | undefined;
  data.port!.on("message", (job: HelperJob) => {
    try {
      if (Atomics.load(ctrl, STOP) >= job.id) return;
      core.searchTeam(job.counters, data.place);
      const stop = () => Atomics.load(ctrl, STOP) >= job.id || Atomics.load(ctrl, CANCEL) !== 0;
      const budget = { maxNodes: job.nodes, maxPositions: job.positions, deadline: performance.now() + (job.deadline - Date.now()), cancelled: stop };
      if (mirror?.id !== job.searchId) {
        const spec = { ...job.spec, rules: ruleSetFrom({ ...job.spec.rules }) };
        mirror = { id: job.searchId, search: new Search(spec, job.toMove, budget, [], job.mobility, job.place) };
      } else {
        for (const [slot, [base, gen]] of job.place.tables.entries()) core.searchAdopt(slot, base, gen);
        mirror.search.rebudget(budget);
      }
      const search = mirror.search;
      if (job.filling && !search.filling) search.fillIn();
      const v = search.dfpnHere(job.toMove);
      data.helperWork[data.place] = search.nodes;
      data.helperWork[TEAM_PLACES + data.place] = search.positions;
      // (a proof that met a refusal holds on this thread's line: the leader finds its own)
      if (v !== UNKNOWN && !stop() && !core.searchProvenMet(colorCode(job.toMove))) Atomics.store(ctrl, SOLVED, job.id);
    } catch {
      // (a helper that fails only leaves the leader alone; the leader's search is unaffected)
      mirror = undefined;
    } finally {
      Atomics.sub(ctrl, RUNNING, 1);
      Atomics.notify(ctrl, RUNNING);
    }
  });
}
