// Numeric codes shared with the core: the one table is assembly/codes.ts (compiled into the
// core by asc and here by tsc); this module gives them names the TypeScript side reads.
import * as C from "../../assembly/codes.js";

export const { EMPTY, BLACK, WHITE, MAX_HISTORY, MAX_SIDE, MIN_SIDE, MIN_CORE_SIDE } = C;

export type Color = "B" | "W";
export const colorCode = (c: Color): number => (c === "B" ? BLACK : WHITE);
export const colorName = (n: number): Color => (n === BLACK ? "B" : "W");
export const other = (c: Color): Color => (c === "B" ? "W" : "B");

export const SUICIDE = { forbidden: C.SUICIDE_FORBIDDEN, "multi-stone": C.SUICIDE_MULTI_STONE, allowed: C.SUICIDE_ALLOWED } as const;
export type SuicideKnob = keyof typeof SUICIDE;
export const KO = { none: C.KO_NONE, simple: C.KO_SIMPLE, psk: C.KO_PSK, ssk: C.KO_SSK } as const;
export type CoreKo = keyof typeof KO;

export const PLAY_OK = C.R_OK;
/** Reasons the core refuses a play, by result code. */
export const PLAY_REASON: Record<number, string> = {
  [C.R_OCCUPIED]: "occupied",
  [C.R_SUICIDE]: "suicide",
  [C.R_KO]: "ko",
  [C.R_SUPERKO]: "superko",
  [C.R_OFF_BOARD]: "off-board",
};
