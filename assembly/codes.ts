// The numeric codes the WebAssembly core and the TypeScript above it share: one table, compiled
// by asc into the core and by tsc into dist/assembly/codes.js for src/core/codes.ts and
// src/simulate/knobs.ts. Written in the common subset of AssemblyScript and TypeScript (plain
// integer constants: i32 in the core, number in TypeScript), so it holds nothing else.

// Point colours.
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

// Board sides the core supports, and the moves (passes included) a game's history holds.
export const MIN_SIDE = 2;
export const MAX_SIDE = 19;
export const MAX_HISTORY = 16384;

// Suicide knob (RULES.md 0): what happens to the mover's own string left without liberties.
export const SUICIDE_FORBIDDEN = 0;
export const SUICIDE_MULTI_STONE = 1; // only a single-stone suicide is forbidden (Ing)
export const SUICIDE_ALLOWED = 2;

// Ko knob: which repetition the core itself forbids.
export const KO_NONE = 0;
export const KO_SIMPLE = 1; // no move may recreate the position before the opponent's last move
export const KO_PSK = 2; // positional superko: no board position twice
export const KO_SSK = 3; // situational superko: no (board, player to move) twice

// Why a move is refused: 0..5 are the results of the board's play(), 6..9 the rule engine's.
export const R_OK = 0;
export const R_OCCUPIED = 1;
export const R_SUICIDE = 2;
export const R_KO = 3;
export const R_SUPERKO = 4;
export const R_OFF_BOARD = 5;
export const R_NO_CHANGE = 6; // ing 1.3: a single-stone suicide changes nothing (變窮)
export const R_HOT_STONE = 7; // ing 1A.2-3
export const R_DISTURBING = 8; // ing 1A.4
export const R_NO_GOING_BACK = 9; // zhang 3.4
export const R_COUNT = 10;

// Repetition knob of the rule engine. 0..3 equal the KO_* values (applied by the board itself).
export const REP_NONE = 0;
export const REP_SIMPLE = 1;
export const REP_PSK = 2;
export const REP_SSK = 3;
export const REP_ING = 4; // RULES.md 1A
export const REP_ZHANG = 5; // RULES.md 3.4, on the whole-board position

// End knob (src/rules/flow.ts).
export const FLOW_TWO_PASSES = 0;
export const FLOW_ING_PAIRS = 1;
export const FLOW_FOUR_PASSES = 2;
export const FLOW_NULL_MOVES = 3;
export const FLOW_ZHANG_VIRTUAL = 4;

// How a game ended (the referee's end reasons; END_RECORD: the record stops without an end).
export const END_NONE = 0;
export const END_TWO_PASSES = 1;
export const END_FOUR_PASSES = 2;
export const END_NULL_MOVES = 3;
export const END_VIRTUAL_MOVES = 4;
export const END_CYCLE = 5;
export const END_RECORD = 6;
export const END_ILLEGAL = 7;
