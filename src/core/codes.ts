// Numeric codes shared with assembly/board.ts (keep in step).
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

export type Color = "B" | "W";
export const colorCode = (c: Color): number => (c === "B" ? BLACK : WHITE);
export const colorName = (n: number): Color => (n === BLACK ? "B" : "W");
export const other = (c: Color): Color => (c === "B" ? "W" : "B");

export const SUICIDE = { forbidden: 0, "multi-stone": 1, allowed: 2 } as const;
export type SuicideKnob = keyof typeof SUICIDE;
export const KO = { none: 0, simple: 1, psk: 2, ssk: 3 } as const;
export type CoreKo = keyof typeof KO;

export const PLAY_OK = 0;
/** Reasons the core refuses a play, by result code. */
export const PLAY_REASON: Record<number, string> = {
  1: "occupied",
  2: "suicide",
  3: "ko",
  4: "superko",
  5: "off-board",
};

/** Longest record the core's history holds (moves and passes). */
export const MAX_HISTORY = 16384;
export const MAX_SIDE = 19;
export const MIN_SIDE = 2;
