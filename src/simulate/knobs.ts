// A RuleSet as the numeric knobs of the WebAssembly simulation (assembly/rules.ts), and the codes
// it reports with. The knobs follow the referee's reading of the RuleSet exactly: the repetition
// rules of src/rules/repetition.ts `repetitionRules`, the core ko of `coreKo`, the flow of
// src/rules/flow.ts. Keep the numbers in step with assembly/rules.ts.
import { coreKo, type RuleSet } from "../ruleset/ruleset.js";
import { SUICIDE } from "../core/codes.js";

export const REASONS = ["ok", "occupied", "suicide", "ko", "superko", "off-board", "no-change", "hot-stone",
  "disturbing-cycle", "no-going-back"] as const;
export type Reason = (typeof REASONS)[number];

const REP = { none: 0, simple: 1, psk: 2, ssk: 3, ing: 4, zhang: 5 } as const;
const FLOW = { "two-passes": 0, "ing-pairs": 1, "four-passes": 2, "null-moves": 3, "zhang-virtual": 4 } as const;

/** assembly/rules.ts END_* codes. */
export const END = { none: 0, twoPasses: 1, fourPasses: 2, nullMoves: 3, virtualMoves: 4, cycle: 5, record: 6, illegal: 7 } as const;

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
export function refereeEnd(code: number, pausedAtEnd: boolean): string {
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
