// The numeric codes the WebAssembly core and the TypeScript above it share: one table, compiled
// by asc into the core and by tsc into dist/assembly/codes.js for src/core/codes.ts and
// src/rules/knobs.ts. Written in the common subset of AssemblyScript and TypeScript (plain
// integer constants: i32 in the core, number in TypeScript), so it holds nothing else.

// Point colours.
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

// Board sides a game record may have, and the moves (passes included) a game's history holds.
export const MIN_SIDE = 2;
export const MAX_SIDE = 19;
// The board's mechanics take a line of points too (linear Go, 1xN: the solver's boards); every
// record and request keeps to MIN_SIDE.
export const MIN_CORE_SIDE = 1;
export const MAX_HISTORY = 16384;

// Suicide knob (RULES.md 0): what happens to the mover's own string left without liberties.
export const SUICIDE_FORBIDDEN = 0;
export const SUICIDE_MULTI_STONE = 1; // only a single-stone suicide is forbidden (Ing)
export const SUICIDE_ALLOWED = 2;

// Ko knob: the repetition rule a game's tryPlay and the playouts apply (history.ts koRefusal).
export const KO_NONE = 0;
export const KO_SIMPLE = 1; // no move may recreate the position before the opponent's last move
export const KO_PSK = 2; // positional superko: no board position twice
export const KO_SSK = 3; // situational superko: no (board, player to move) twice

// Why a move is refused: the board's probe (occupied, suicide, off-board), history.ts's koRefusal
// (ko, superko), the rule engine's (6..9).
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
export const HISTORY_FULL = -1; // the rule engine has no room for another entry (not a refusal)

// Repetition knob of the rule engine. 0..3 equal the KO_* values (history.ts koRefusal).
export const REP_NONE = 0;
export const REP_SIMPLE = 1;
export const REP_PSK = 2;
export const REP_SSK = 3;
export const REP_ING = 4; // RULES.md 1A
export const REP_ZHANG = 5; // RULES.md 3.4, on the whole-board position

// End knob: when play ends (RULES.md 1.5, 2.4, 3.5, 4.4 and two passes).
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

// The phase of play (the rule engine's flow): before any pause, paused, resumed after one.
export const PHASE_PLAY = 0;
export const PHASE_PAUSED = 1;
export const PHASE_RESUMED = 2;

// What voided a game (the rule engine's voidKind).
export const VOID_NONE = 0;
export const VOID_THIRD = 1; // a situation created a third time by a stone play
export const VOID_ZHANG_LONG = 2; // zhang 3.5 knob: a long cycle is no result

// Which clause a refusal or an end cites (the rule engine's hotStones and endDetail).
export const HOT_TWIN_CLOSE = -1; // ing 1A.3: the capture that closes a cycle of captures
export const HOT_TWIN_EARLY = -2; // ing 1A.3 read early: the stone of the last capture but one
export const VIRTUAL_IN_A_ROW = 1; // zhang 3.5: four consecutive virtual moves
export const VIRTUAL_IN_BOARD = 2; // zhang 3.5: four virtual moves in one board position

// The words of the referee's ruling after each move (assembly/game.ts RULING_OUT, i32 each).
export const RW_REFUSED_FROM = 0; // the earlier entry a refused play repeats, -1 none
export const RW_HOT_STONES = 1; // the case of Ing's hot stones (HOT_* or k)
export const RW_ING_CYCLE_AT = 2; // the entry that closed a cycle of Ing 1A.4, where it began, its initiator
export const RW_ING_CYCLE_FROM = 3;
export const RW_ING_INITIATOR = 4;
export const RW_VOID_KIND = 5; // VOID_*
export const RW_VOID_FROM = 6;
export const RW_ENDED = 7; // END_*
export const RW_END_DETAIL = 8;
export const RW_PHASE = 9; // PHASE_*
export const RW_REQUESTER = 10; // new-ing 2.4: the colour that asked to end
export const RW_GAME_PHASE_B = 11; // stone plays before the first pause (grand 4.5)
export const RW_GAME_PHASE_W = 12;
export const RW_CAPTURED = 13; // the play's opponent stones removed, own stones removed, board unchanged
export const RW_SELF_CAPTURED = 14;
export const RW_NO_CHANGE = 15;
export const RW_HASH_LO = 16; // the board hash after the move, low and high 32 bits
export const RW_HASH_HI = 17;
export const RW_RECUR_FROM = 18; // the board last stood after this entry (-1: never)
export const RW_RECUR_REPORT = 19; // 1: the recurrence starts a loop (or voids): report it
export const RW_SIT_LO = 20; // the situation hash after the move (board + player to move)
export const RW_SIT_HI = 21;
export const RW_WORDS = 22;

// rulesReplay (a record's moves in one call): a move is the row-major point or REPLAY_PASS, with
// REPLAY_WHITE set for White; the call ends with every move played, at the end of play, or at a
// move that needs the referee's ruling one by one
export const REPLAY_PASS = 0x7fff;
export const REPLAY_WHITE = 0x8000;
export const REPLAY_DONE = 0;
export const REPLAY_ENDED = 1;
export const REPLAY_NEEDS_REFEREE = 2;
