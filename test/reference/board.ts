// A plain reference Go board for differential testing of the WebAssembly core.
//
// It is written from the rules, not from the core: a row-major array of colours, strings and
// liberties found by flood fill on every question, and a history kept as board strings (not
// hashes), so that nothing here can share a bug with the core's incremental strings, pseudo-
// liberties or Zobrist hashing. It is meant to be slow and obviously right.
//
// Points are row-major indices y*width+x with y from the top, as the Game wrapper reports them.

export type RefColor = 1 | 2; // 1 Black, 2 White (0 is empty)
export type RefSuicide = "forbidden" | "multi-stone" | "allowed";
export type RefKo = "none" | "simple" | "psk" | "ssk";

export interface RefPlay {
  ok: boolean;
  reason: "occupied" | "suicide" | "ko" | "superko" | "off-board" | null;
  /** Opponent stones removed, sorted. */
  captures: number[];
  /** Mover's stones removed by suicide, sorted. A single-stone suicide lists the stone itself:
   *  by the rules it is placed and then cleared. */
  selfCaptures: number[];
  /** The board after the play equals the board before it (a single-stone suicide). */
  noChange: boolean;
  /** The board the play gives (also for a play refused for repetition); null when refused for
   *  occupied, suicide or off-board. */
  result: string | null;
}

export interface RefArea {
  /** Row-major: 0 nobody, 1 Black, 2 White, 3 shared. */
  owner: number[];
  black: number;
  white: number;
}

const other = (c: RefColor): RefColor => (c === 1 ? 2 : 1);

export class RefGame {
  readonly width: number;
  readonly height: number;
  readonly suicide: RefSuicide;
  readonly ko: RefKo;
  /** The current board, row-major, 0 empty, 1 Black, 2 White. Read only: play replaces it. */
  board: number[];
  toMove: RefColor;
  /** The current board's key, kept so that the tests' frequent look-ups do not rebuild it. */
  private currentKey: string;
  /** On-board orthogonal neighbours of each point, listed once per game. */
  private readonly adjacent: number[][];
  /** Every board of the game so far, the start included (positional superko). */
  private positions = new Set<string>();
  /** Every (board, player to move) so far, passes included (situational superko). */
  private situations = new Set<string>();
  /** The board just before the last move or pass, null at the start (simple ko). */
  private beforeLast: string | null = null;

  constructor(width: number, height: number, suicide: RefSuicide, ko: RefKo, toMove: RefColor = 1) {
    this.width = width;
    this.height = height;
    this.suicide = suicide;
    this.ko = ko;
    this.board = new Array(width * height).fill(0);
    this.adjacent = this.board.map((_, i) => this.computeNeighbours(i));
    this.currentKey = this.key(this.board);
    this.toMove = toMove;
    this.positions.add(this.key());
    this.situations.add(this.key() + toMove);
  }

  /** The board as a string of digits: what the history stores and compares. Without an
   *  argument, the current board's. */
  key(board?: number[]): string {
    return board ? board.join("") : this.currentKey;
  }

  /** The on-board orthogonal neighbours of i (a shared list: callers must not modify it). */
  neighbours(i: number): number[] {
    return this.adjacent[i];
  }

  private computeNeighbours(i: number): number[] {
    const x = i % this.width;
    const y = (i - x) / this.width;
    const out: number[] = [];
    if (x > 0) out.push(i - 1);
    if (x < this.width - 1) out.push(i + 1);
    if (y > 0) out.push(i - this.width);
    if (y < this.height - 1) out.push(i + this.width);
    return out;
  }

  /** The string through the stone at i, and how many distinct liberties it has. */
  stringAt(board: number[], i: number): { stones: number[]; liberties: number } {
    const colour = board[i];
    const seen = new Set<number>([i]);
    const libs = new Set<number>();
    const queue = [i];
    for (let k = 0; k < queue.length; k++) {
      for (const n of this.neighbours(queue[k])) {
        if (board[n] === 0) libs.add(n);
        else if (board[n] === colour && !seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    return { stones: queue, liberties: libs.size };
  }

  private refuse(reason: RefPlay["reason"], result: string | null = null): RefPlay {
    return { ok: false, reason, captures: [], selfCaptures: [], noChange: false, result };
  }

  /** Plays colour c at (x, y) under the knobs; on success the game moves on. Checks run in the
   *  order occupied, suicide, repetition. */
  play(x: number, y: number, c: RefColor): RefPlay {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return this.refuse("off-board");
    const p = y * this.width + x;
    if (this.board[p] !== 0) return this.refuse("occupied");

    // Work on a copy so that a refused play leaves the game untouched.
    const next = this.board.slice();
    next[p] = c;
    const opp = other(c);
    const captures: number[] = [];
    for (const n of this.neighbours(p)) {
      if (next[n] !== opp) continue; // also skips strings already removed through another neighbour
      const s = this.stringAt(next, n);
      if (s.liberties === 0) {
        for (const q of s.stones) next[q] = 0;
        captures.push(...s.stones);
      }
    }

    let selfCaptures: number[] = [];
    const own = this.stringAt(next, p);
    if (own.liberties === 0) {
      if (this.suicide === "forbidden") return this.refuse("suicide");
      if (this.suicide === "multi-stone" && own.stones.length === 1) return this.refuse("suicide");
      for (const q of own.stones) next[q] = 0;
      selfCaptures = own.stones;
    }

    const result = this.key(next);
    const current = this.key();
    if (this.ko === "simple") {
      // The board from before the opponent's last move (or pass): with players alternating,
      // that is the last entry's. Only a capture can bring it back, and only those are refused.
      if (captures.length > 0 && result === this.beforeLast) return this.refuse("ko", result);
    } else if (this.ko === "psk") {
      if (this.positions.has(result)) return this.refuse("superko", result);
    } else if (this.ko === "ssk") {
      if (this.situations.has(result + opp)) return this.refuse("superko", result);
    }

    this.beforeLast = current;
    this.board = next;
    this.currentKey = result;
    this.toMove = opp;
    this.positions.add(result);
    this.situations.add(result + opp);
    return {
      ok: true,
      reason: null,
      captures: captures.sort((a, b) => a - b),
      selfCaptures: selfCaptures.sort((a, b) => a - b),
      noChange: result === current,
      result,
    };
  }

  pass(c: RefColor): void {
    const current = this.key();
    this.beforeLast = current;
    this.toMove = other(c);
    this.situations.add(current + this.toMove);
  }

  /** Tromp-Taylor area: stones, plus empty regions that reach stones of one colour only. */
  areaByRegion(): RefArea {
    const owner = this.board.slice();
    const done = new Array(owner.length).fill(false);
    for (let i = 0; i < owner.length; i++) {
      if (this.board[i] !== 0 || done[i]) continue;
      const region = [i];
      done[i] = true;
      let reachesB = false;
      let reachesW = false;
      for (let k = 0; k < region.length; k++) {
        for (const n of this.neighbours(region[k])) {
          if (this.board[n] === 1) reachesB = true;
          else if (this.board[n] === 2) reachesW = true;
          else if (!done[n]) {
            done[n] = true;
            region.push(n);
          }
        }
      }
      const o = reachesB && reachesW ? 3 : reachesB ? 1 : reachesW ? 2 : 0;
      for (const q of region) owner[q] = o;
    }
    return this.tally(owner);
  }

  /** Each empty point on its own, by the colours of its neighbouring stones. */
  areaByPoint(): RefArea {
    const owner = this.board.map((v, i) => {
      if (v !== 0) return v;
      const ns = this.neighbours(i).map((n) => this.board[n]);
      const b = ns.includes(1);
      const w = ns.includes(2);
      return b && w ? 3 : b ? 1 : w ? 2 : 0;
    });
    return this.tally(owner);
  }

  private tally(owner: number[]): RefArea {
    let black = 0;
    let white = 0;
    for (const o of owner) {
      if (o === 1) black++;
      else if (o === 2) white++;
    }
    return { owner, black, white };
  }
}
