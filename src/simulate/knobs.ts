// A RuleSet as the numeric knobs of the WebAssembly simulation (assembly/rules.ts), and the codes
// it reports with (the shared table assembly/codes.ts). The knobs follow the referee's reading
// of the RuleSet exactly: the repetition rules of src/rules/repetition.ts `repetitionRules`, the
// core ko of `coreKo`, the flow of src/rules/flow.ts.
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { SUICIDE } from "../core/codes.js";
import type { EndReason } from "../rules/flow.js";
import * as C from "../../assembly/codes.js";

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

export interface SimKnobs {
  suicide: number;
  rep: number;
  twinEarly: boolean;
  /** a situation created a third time by a stone play voids the game (ThirdOccurrenceVoid) */
  void3: boolean;
  /** zhang 3.5 knob: long cycles void instead of forbidden */
  zhangVoid: boolean;
  passesInHash: boolean;
  end: number;
  resumeClears: boolean;
}

/** The knobs the simulation plays `rules` with (the referee's reading of the same knobs). */
export function simKnobs(rules: RuleSet): SimKnobs {
  const ko = rules.ko;
  // the core's own ko is the referee's coreKo: basic ko for japanese, and for psk/ssk when long
  // cycles are void (the referee plays chinese + longCycles void with basic ko, RULES.md 5)
  const rep = ko === "ing" ? REP.ing : ko === "zhang" ? REP.zhang : REP[coreKo(rules)];
  // repetitionRules: ing adds the third-occurrence Void; outside zhang so do japanese, longCycles
  // void and a history cleared on resumption (grand 4.4: cycles through suspensions)
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
    default: return pausedAtEnd ? "two-passes" : "record-ended"; // flow.ts atRecordEnd
  }
}
