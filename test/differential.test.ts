// Differential test: the WebAssembly core (through Game) against the plain reference board in
// test/reference/board.ts, over thousands of seeded random games on many board shapes and every
// suicide x ko knob. After every attempted move both must agree on legality and reason, board,
// captures, hash identity and history; at checkpoints and at the end, on the area count.
//
// Moves are chosen to make the interesting cases common: small boards, a bias toward points next
// to stones and toward points with no empty neighbour (captures, kos, suicides), occasional
// passes (which lift simple ko and feed situational superko), and deliberate occupied and
// off-board tries. A mismatch throws with the seed and the whole move list, so it can be replayed.
import { describe, it, expect } from "vitest";
import { Game } from "../src/core/game.js";
import type { Color, CoreKo, SuicideKnob } from "../src/core/codes.js";
import { RefGame, type RefColor, type RefPlay } from "./reference/board.js";
import { mulberry32 } from "../bench/sabaki-playout.js"; // the same generator as the benchmarks

const SUICIDES: SuicideKnob[] = ["forbidden", "multi-stone", "allowed"];
const KOS: CoreKo[] = ["none", "simple", "psk", "ssk"];

// [width, height, games per knob pair]. Small boards get most games: that is where captures,
// kos and repetitions happen often; the big ones check geometry (edges, the 19-wide mailbox,
// bitboard words) rather than rules.
const SIZES: [number, number, number][] = [
  [2, 2, 40], [3, 3, 50], [4, 4, 40], [5, 5, 30], [7, 7, 12], [9, 9, 8], [13, 13, 3],
  [19, 19, 2], [3, 5, 30], [5, 3, 15], [9, 4, 12], [19, 2, 10], [2, 7, 15], [4, 2, 20],
];

const prng = mulberry32;

type Reason = "occupied" | "suicide" | "ko" | "superko" | "off-board";
interface Tally {
  games: number;
  moves: number;
  refused: Record<Reason, number>;
  captures: number;
  multiSuicides: number;
  nullSuicides: number;
  /** Single-stone suicides refused because the unchanged board repeats (superko). */
  nullRepeats: number;
  /** Captures that retook a ko just after passes: only legal because the passes lifted it. */
  koLifts: number;
}
const newTally = (): Tally => ({
  games: 0, moves: 0,
  refused: { occupied: 0, suicide: 0, ko: 0, superko: 0, "off-board": 0 },
  captures: 0, multiSuicides: 0, nullSuicides: 0, nullRepeats: 0, koLifts: 0,
});

const colorOf = (c: RefColor): Color => (c === 1 ? "B" : "W");
function sameList(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

type Move = { kind: "pass" } | { kind: "play"; x: number; y: number };

/** Picks the next thing to try, from the reference board (equal to the core's by then). */
function chooseMove(ref: RefGame, rnd: () => number, koPoint: number): Move {
  const { width: w, height: h, board } = ref;
  const empties: number[] = [];
  const stones: number[] = [];
  const nearStones: number[] = [];
  const enclosed: number[] = []; // no empty neighbour: capture, ko, suicide or filling an eye
  for (let i = 0; i < board.length; i++) {
    if (board[i] !== 0) { stones.push(i); continue; }
    empties.push(i);
    const ns = ref.neighbours(i);
    if (ns.some((n) => board[n] !== 0)) nearStones.push(i);
    if (ns.every((n) => board[n] !== 0)) enclosed.push(i);
  }
  const at = (i: number): Move => ({ kind: "play", x: i % w, y: Math.floor(i / w) });
  const pick = (list: number[]) => at(list[Math.floor(rnd() * list.length)]);
  const r = rnd();
  if (r < 0.005) return { kind: "play", x: rnd() < 0.5 ? -1 : w, y: Math.floor(rnd() * h) };
  // After a single-stone capture, pass more often and aim at the captured point: a ko retake is
  // refused at once but legal after "pass, pass" (passes must lift simple ko).
  if (empties.length === 0 || r < (koPoint >= 0 ? 0.2 : 0.05)) return { kind: "pass" };
  if (koPoint >= 0 && board[koPoint] === 0 && r < 0.4) return at(koPoint);
  if (r < 0.1 && stones.length > 0) return pick(stones);
  if (r < 0.4 && enclosed.length > 0) return pick(enclosed);
  if (r < 0.8 && nearStones.length > 0) return pick(nearStones);
  return pick(empties);
}

/** Plays one random game on both boards, checking after every attempt. */
function runGame(w: number, h: number, suicide: SuicideKnob, ko: CoreKo, seed: number, t: Tally): void {
  const rnd = prng(seed);
  const first: RefColor = rnd() < 0.25 ? 2 : 1;
  const game = new Game({ width: w, height: h, suicide, ko, toMove: colorOf(first) });
  const ref = new RefGame(w, h, suicide, ko, first);
  const log: string[] = [];
  const fail = (what: string): never => {
    throw new Error(`${w}x${h} suicide=${suicide} ko=${ko} seed=${seed} first=${colorOf(first)}: ${what}\n` +
      `moves (x,y from top-left; '!' = refused): ${log.join(" ")}`);
  };

  // Hash identity both ways within the game: one hash per board, one board per hash; the same
  // for situations (board + player to move), which situational superko relies on.
  const boardToHash = new Map<string, bigint>();
  const noteHash = identity(boardToHash, "board", fail);
  const noteSituation = identity(new Map<string, bigint>(), "situation", fail);
  const noteAll = (history: number): void => {
    const hash = game.boardHash();
    const sit = game.situationHash(colorOf(ref.toMove));
    noteHash(hash, ref.key());
    noteSituation(sit, ref.key() + ref.toMove);
    if (game.historyLength !== history) fail(`history length ${game.historyLength}, expected ${history}`);
    if (game.positionHashAt(history) !== hash || game.situationHashAt(history) !== sit) {
      fail(`history entry ${history} does not hold the current board and situation hashes`);
    }
  };
  noteAll(0);

  let prisonersB = 0;
  let prisonersW = 0;
  let passes = 0; // consecutive; the core does not end games, so play on through two
  let koPoint = -1; // the stone the last play captured, if it captured just one
  let beforeLastPlay = ""; // the board before the last stone play
  let history = 0;
  const attempts = Math.min(500, 6 * w * h + 40);
  for (let n = 0; n < attempts && passes < 3; n++) {
    const c = ref.toMove;
    const mv = chooseMove(ref, rnd, koPoint);
    if (mv.kind === "pass") {
      log.push(`${colorOf(c)}:pass`);
      game.pass(colorOf(c));
      ref.pass(c);
      passes++;
      history++;
    } else {
      // Now and then try the move and roll it back first: the rollback must restore the state
      // exactly, which the real play below and every later check then rely on.
      if (rnd() < 0.1) {
        const tried = game.tryPlay(mv.x, mv.y, colorOf(c));
        if (tried.ok) game.rollback();
        if (!sameList(game.board(), ref.board) || game.boardHash() !== boardToHash.get(ref.key())) {
          fail(`tryPlay(${mv.x},${mv.y}) then rollback did not restore the board`);
        }
      }
      const before = ref.key();
      const a = game.play(mv.x, mv.y, colorOf(c));
      const e: RefPlay = ref.play(mv.x, mv.y, c);
      log.push(`${colorOf(c)}(${mv.x},${mv.y})${a.ok ? "" : "!"}`);
      if (a.ok !== e.ok || a.reason !== e.reason) {
        fail(`core says ${a.ok ? "legal" : a.reason}, reference ${e.ok ? "legal" : e.reason}`);
      }
      if (!a.ok) {
        t.refused[a.reason as Reason]++;
        if (e.result === ref.key()) t.nullRepeats++;
        // A repetition refusal names a board seen before: its hash must be the one we recorded.
        if (e.result !== null && a.hashAfter !== boardToHash.get(e.result)) {
          fail(`refused play's hashAfter ${a.hashAfter} is not the hash of ${e.result}`);
        }
      } else {
        if (e.captures.length > 0 && passes > 0 && e.result === beforeLastPlay) t.koLifts++;
        passes = 0;
        koPoint = e.captures.length === 1 ? e.captures[0] : -1;
        beforeLastPlay = before;
        history++;
        t.moves++;
        // The core reports a single-stone suicide as a null move that removes nothing (its
        // documented convention, see PlayAttempt.noChange); the reference lists the stone.
        const expectSelf = e.noChange ? [] : e.selfCaptures;
        if (a.noChange !== e.noChange) fail(`noChange ${a.noChange}, reference ${e.noChange}`);
        if (!sameList([...a.captures].sort((x, y) => x - y), e.captures)) {
          fail(`captures [${a.captures}], reference [${e.captures}]`);
        }
        if (!sameList([...a.selfCaptures].sort((x, y) => x - y), expectSelf)) {
          fail(`selfCaptures [${a.selfCaptures}], reference [${expectSelf}]`);
        }
        if (a.hashAfter !== game.boardHash()) fail(`hashAfter ${a.hashAfter} differs from boardHash`);
        if (c === 1) { prisonersB += a.captures.length; prisonersW += a.selfCaptures.length; }
        else { prisonersW += a.captures.length; prisonersB += a.selfCaptures.length; }
        if (e.captures.length > 0) t.captures++;
        if (e.selfCaptures.length > 1) t.multiSuicides++;
        if (e.noChange) t.nullSuicides++;
      }
    }
    // After every attempt, refused ones included: a refusal must leave the core untouched.
    const board = game.board();
    if (!sameList(board, ref.board)) fail(`board ${board.join("")}, reference ${ref.key()}`);
    noteAll(history);
    if (game.prisoners("B") !== prisonersB || game.prisoners("W") !== prisonersW) {
      fail(`prisoners ${game.prisoners("B")}/${game.prisoners("W")}, expected ${prisonersB}/${prisonersW}`);
    }
    if (n % 16 === 15) checkArea(game, ref, fail);
  }
  checkArea(game, ref, fail);
  t.games++;
}

/** A checker that a hash and a key (board string) stay in one-to-one correspondence. */
function identity(keyToHash: Map<string, bigint>, what: string, fail: (what: string) => never) {
  const hashToKey = new Map<bigint, string>();
  return (hash: bigint, key: string): void => {
    const k = hashToKey.get(hash);
    const h = keyToHash.get(key);
    if (k !== undefined && k !== key) fail(`${what} hash ${hash} names both ${k} and ${key}`);
    if (h !== undefined && h !== hash) fail(`${what} ${key} has two hashes ${h} and ${hash}`);
    hashToKey.set(hash, key);
    keyToHash.set(key, hash);
  };
}

/** Area counts both ways, and each string as the core finds it by flood fill (asked once per
 *  string, at its first point, and at one empty point). */
function checkArea(game: Game, ref: RefGame, fail: (what: string) => never): void {
  const seen = new Array<boolean>(ref.board.length).fill(false);
  let askedEmpty = false;
  for (let i = 0; i < ref.board.length; i++) {
    if (seen[i] || (ref.board[i] === 0 && askedEmpty)) continue;
    askedEmpty ||= ref.board[i] === 0;
    const got = game.stringAt(i % ref.width, Math.floor(i / ref.width)).sort((a, b) => a - b);
    const want = ref.board[i] === 0 ? [] : ref.stringAt(ref.board, i).stones.sort((a, b) => a - b);
    if (!sameList(got, want)) fail(`string at ${i}: [${got}], reference [${want}]`);
    for (const q of want) seen[q] = true;
  }
  for (const method of ["region", "point"] as const) {
    const got = game.owners(method);
    const want = method === "region" ? ref.areaByRegion() : ref.areaByPoint();
    if (got.black !== want.black || got.white !== want.white || !sameList(got.owner, want.owner)) {
      fail(`${method} area B${got.black} W${got.white} [${got.owner.join("")}], ` +
        `reference B${want.black} W${want.white} [${want.owner.join("")}]`);
    }
  }
}

let totalGames = 0;

describe.each(SUICIDES.flatMap((s) => KOS.map((k) => [s, k] as const)))(
  "core vs reference, suicide=%s ko=%s",
  (suicide, ko) => {
    const tally = newTally();
    const knobSeed = (SUICIDES.indexOf(suicide) * 4 + KOS.indexOf(ko)) * 1_000_003;

    it.each(SIZES)("%ix%i: %i random games agree move by move", (w, h, games) => {
      for (let g = 0; g < games; g++) runGame(w, h, suicide, ko, knobSeed + w * 7919 + h * 104_729 + g, tally);
      totalGames += games;
    });

    // Guards against a vacuous pass: the random games must really have hit each refusal this
    // knob pair can give, and the captures and suicides that lead to them.
    it("exercised every refusal reason this knob pair allows", () => {
      const r = tally.refused;
      if (process.env.DIFF_TALLY) console.log(suicide, ko, JSON.stringify(tally)); // to tune the bounds
      expect(tally.games).toBe(SIZES.reduce((s, [, , g]) => s + g, 0));
      expect(r.occupied).toBeGreaterThan(20);
      expect(r["off-board"]).toBeGreaterThan(5);
      expect(tally.captures).toBeGreaterThan(100);
      if (suicide === "allowed") {
        expect(r.suicide).toBe(0);
        expect(tally.multiSuicides).toBeGreaterThan(5);
        // Under psk a single-stone suicide always repeats the board; under ssk only sometimes.
        if (ko === "psk") expect(tally.nullSuicides).toBe(0);
        else expect(tally.nullSuicides).toBeGreaterThan(5);
        if (ko === "psk" || ko === "ssk") expect(tally.nullRepeats).toBeGreaterThan(5);
        else expect(tally.nullRepeats).toBe(0);
      } else {
        expect(r.suicide).toBeGreaterThan(20);
        if (suicide === "multi-stone") expect(tally.multiSuicides).toBeGreaterThan(5);
        else expect(tally.multiSuicides + tally.nullSuicides).toBe(0);
      }
      expect(r.ko > 0).toBe(ko === "simple");
      if (ko === "simple") expect(r.ko).toBeGreaterThan(5);
      // Retaking a ko after passes recreates an earlier board: legal without superko only.
      if (ko === "none" || ko === "simple") expect(tally.koLifts).toBeGreaterThan(2);
      else expect(tally.koLifts).toBe(0);
      expect(r.superko > 0).toBe(ko === "psk" || ko === "ssk");
      if (ko === "psk" || ko === "ssk") expect(r.superko).toBeGreaterThan(5);
    });
  },
);

describe("differential coverage", () => {
  it("played enough games in all", () => {
    expect(totalGames).toBeGreaterThanOrEqual(3000);
  });
});
