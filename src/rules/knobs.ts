// A RuleSet as the numeric knobs of the rule engine (assembly/rules.ts), which the referee
// (play.ts) and the simulation both play through, and the codes it answers with (the shared
// table assembly/codes.ts).
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { SUICIDE } from "../core/codes.js";
import type { EngineKnobs } from "../core/game.js";
import * as C from "../../assembly/codes.js";

/** Why play ended (the JSON's `end.reason`, DESIGN.md 3). */
export type EndReason = "four-passes" | "two-passes" | "null-moves" | "virtual-moves" | "resignation" |
  "illegal-move" | "cycle" | "record-ended";

/** Refusal reasons by code (C.R_*). */
const REASON_BY_CODE = {
  [C.R_OK]: "ok", [C.R_OCCUPIED]: "occupied", [C.R_SUICIDE]: "suicide", [C.R_KO]: "ko", [C.R_SUPERKO]: "superko",
  [C.R_OFF_BOARD]: "off-board", [C.R_NO_CHANGE]: "no-change", [C.R_HOT_STONE]: "hot-stone", [C.R_DISTURBING]: "disturbing-cycle",
  [C.R_NO_GOING_BACK]: "no-going-back",
} as const;
export const REASONS = Array.from({ length: C.R_COUNT }, (_, k) => REASON_BY_CODE[k as keyof typeof REASON_BY_CODE]);
export type Reason = (typeof REASON_BY_CODE)[keyof typeof REASON_BY_CODE];

const REP = { none: C.REP_NONE, simple: C.REP_SIMPLE, psk: C.REP_PSK, ssk: C.REP_SSK, ing: C.REP_ING, zhang: C.REP_ZHANG } as const;
const FLOW = { "two-passes": C.FLOW_TWO_PASSES, "ing-pairs": C.FLOW_ING_PAIRS, "four-passes": C.FLOW_FOUR_PASSES,
  "null-moves": C.FLOW_NULL_MOVES, "zhang-virtual": C.FLOW_ZHANG_VIRTUAL } as const;

/** The core's END_* codes. */
export const END = { none: C.END_NONE, twoPasses: C.END_TWO_PASSES, fourPasses: C.END_FOUR_PASSES, nullMoves: C.END_NULL_MOVES,
  virtualMoves: C.END_VIRTUAL_MOVES, cycle: C.END_CYCLE, record: C.END_RECORD, illegal: C.END_ILLEGAL } as const;

export type RuleKnobs = EngineKnobs;

/** The knobs the rule engine plays `rules` with: what each repetition and end rule of
 *  RULES.md the rule set's knobs call for. */
export function ruleKnobs(rules: RuleSet): RuleKnobs {
  const ko = rules.ko;
  // the core's own ko is the referee's coreKo: basic ko for japanese, and for psk/ssk when long
  // cycles are void (the referee plays chinese + longCycles void with basic ko, RULES.md 5)
  const rep = ko === "ing" ? REP.ing : ko === "zhang" ? REP.zhang : REP[coreKo(rules)];
  // ing adds the third-occurrence Void (1A.5, a gap reported); outside zhang so do japanese, longCycles
  // void and a history cleared on resumption (grand 4.4: the referee counts situations across
  // suspensions, while the grand preset's superko applies within a phase)
  const void3 = ko === "ing" || (ko !== "zhang" && (ko === "japanese" || rules.longCycles === "void" || rules.resumeClearsHistory));
  return {
    suicide: SUICIDE[rules.suicide],
    rep,
    twinEarly: rules.ingTwin === "early",
    void3,
    zhangVoid: ko === "zhang" && rules.longCycles === "void",
    passesInHash: rules.passesInHash,
    end: FLOW[rules.end],
    resumeClears: rules.resumeClearsHistory,
  };
}

/** The referee's end reason for a simulated or replayed game. */
export function refereeEnd(code: number, pausedAtEnd: boolean): EndReason {
  switch (code) {
    case END.twoPasses: return "two-passes";
    case END.fourPasses: return "four-passes";
    case END.nullMoves: return "null-moves";
    case END.virtualMoves: return "virtual-moves";
    case END.cycle: return "cycle";
    case END.illegal: return "illegal-move";
    default: return pausedAtEnd ? "two-passes" : "record-ended"; // a pause at the end: ended by agreement
  }
}
