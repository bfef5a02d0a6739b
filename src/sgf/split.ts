// Cutting an SGF collection into pieces of whole game trees as its bytes stream in, so that a
// file of any size is read with bounded memory and its pieces are read (lex.ts) in parallel. A
// cut falls only right after the ")" that closes a top-level game tree, so each piece reads as it
// would inside the whole text: text between trees stays with the tree after it (lex.ts charges
// it there), trailing text joins the last piece, and each piece knows the line and column it
// starts at and the number of its first tree, for messages and `FILE#N` names. The scan follows
// lex.ts: a value runs from "[" to the first "]" not escaped by "\", inside a tree or not, and
// parentheses count only outside values. The delimiters are ASCII, so a cut never splits a UTF-8
// character.

import { MAX_RECORD_BYTES } from "./read.js";

const OPEN = 40; // (
const CLOSE = 41; // )
const LBR = 91; // [
const RBR = 93; // ]
const BSL = 92; // backslash
const NL = 10;

/** Whole game trees of one record, as text. */
export interface SgfPiece {
  kind: "piece";
  text: string;
  /** the number (1-based) of the piece's first game tree in the record */
  firstTree: number;
  /** the game trees that open in the piece */
  trees: number;
  /** where the piece starts in the record (1-based), as lex.ts counts lines and columns */
  line: number;
  column: number;
}

/** A game tree too long to keep (with any text before it since the last tree): skipped unread.
 *  `line` and `column`: where it opens (where the text before it starts, if it has not opened). */
export interface SgfOversize { kind: "oversize"; tree: number; bytes: number; line: number; column: number }

export type SgfSplit = SgfPiece | SgfOversize;

export class SgfSplitter {
  private parts: Buffer[] = [];
  private bytes = 0; // of the current piece
  private depth = 0;
  private inValue = false;
  private escaped = false;
  private line = 1;
  private column = 1; // in UTF-16 code units, as lex.ts counts a JS string
  private startLine = 1; // where the current piece starts
  private startColumn = 1;
  private closed = 0; // top-level trees closed in the current piece
  private lastClose = 0; // the offset in the piece after the latest top-level ")"
  private closeLine = 1;
  private closeColumn = 1;
  private openLine = 1; // where the latest top-level tree opened
  private openColumn = 1;
  private before = 0; // trees in the pieces before the current one
  private held: SgfPiece | null = null; // cut, kept until it is known not to be the last
  private skipping: SgfOversize | null = null;
  private emitted = false;

  /** `target`: bytes after which a piece is cut at the next tree's end; `maxTree`: past this many
   *  bytes more, the tree being read is skipped as too long. */
  constructor(private readonly target = 256 * 1024, private readonly maxTree = MAX_RECORD_BYTES) {}

  /** Scans a chunk of the record: the pieces and skipped trees completed so far, in order. */
  push(chunk: Buffer): SgfSplit[] {
    const out: SgfSplit[] = [];
    let from = 0; // the chunk's bytes from here are not yet in the current piece
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === NL) { this.line++; this.column = 1; } else if ((b & 0xc0) !== 0x80) this.column += b >= 0xf0 ? 2 : 1;
      if (this.inValue) {
        if (b === BSL) this.escaped = !this.escaped;
        else {
          if (b === RBR && !this.escaped) this.inValue = false;
          this.escaped = false;
        }
      } else if (b === LBR) {
        this.inValue = true;
        this.escaped = false;
      } else if (b === OPEN) {
        // where the tree opens (the column just counted), for a tree skipped as too long
        if (this.depth++ === 0) { this.openLine = this.line; this.openColumn = this.column - 1; }
      }
      else if (b === CLOSE && this.depth > 0 && --this.depth === 0) {
        if (this.skipping) {
          this.skipping.bytes += i + 1 - from;
          this.release(out);
          out.push(this.skipping);
          this.skipping = null;
          this.before++;
          this.startLine = this.line;
          this.startColumn = this.column;
          from = i + 1;
          continue;
        }
        this.closed++;
        this.lastClose = this.bytes + (i + 1 - from);
        this.closeLine = this.line;
        this.closeColumn = this.column;
        if (this.lastClose >= this.target) {
          this.add(chunk, from, i + 1);
          from = i + 1;
          this.cut(out);
        }
        continue;
      }
      if (!this.skipping && this.bytes + (i + 1 - from) > this.lastClose + this.maxTree) {
        this.add(chunk, from, i + 1);
        from = i + 1;
        this.skip(out);
      }
    }
    if (this.skipping) this.skipping.bytes += chunk.length - from;
    else this.add(chunk, from, chunk.length);
    return out;
  }

  /** The record has ended: the last pieces (a tree left open goes with its piece, for lex.ts to
   *  refuse; text after the last tree joins the piece before it). */
  end(): SgfSplit[] {
    const out: SgfSplit[] = [];
    if (this.skipping) {
      this.release(out);
      out.push(this.skipping);
      this.skipping = null;
    }
    const opened = this.closed + (this.depth > 0 ? 1 : 0);
    const rest = this.take(this.bytes);
    const blank = rest.text.trim() === "";
    if (opened === 0 && this.held) this.held = { ...this.held, text: this.held.text + rest.text };
    else if (!blank || opened > 0 || (!this.held && !this.emitted)) {
      this.release(out);
      this.held = rest;
    }
    this.release(out);
    return out;
  }

  private add(chunk: Buffer, from: number, to: number): void {
    if (to > from) {
      this.parts.push(chunk.subarray(from, to));
      this.bytes += to - from;
    }
  }

  /** The first `n` bytes of the current piece as a piece; the rest stays as the next one's start. */
  private take(n: number): SgfPiece {
    const all = Buffer.concat(this.parts, this.bytes);
    const trees = this.closed + (n === all.length && this.depth > 0 ? 1 : 0);
    const piece: SgfPiece = { kind: "piece", text: all.subarray(0, n).toString("utf8"), firstTree: this.before + 1, trees,
      line: this.startLine, column: this.startColumn };
    this.parts = n < all.length ? [all.subarray(n)] : [];
    this.bytes = all.length - n;
    this.before += this.closed;
    this.closed = 0;
    this.lastClose = 0;
    return piece;
  }

  private release(out: SgfSplit[]): void {
    if (this.held) {
      out.push(this.held);
      this.emitted = true;
    }
    this.held = null;
  }

  /** Cut at the latest tree's end: the piece so far is held, the next starts after it. */
  private cut(out: SgfSplit[]): void {
    const piece = this.take(this.lastClose);
    this.release(out);
    this.held = piece;
    this.startLine = this.closeLine;
    this.startColumn = this.closeColumn;
  }

  /** Too long since the latest tree's end: the whole trees before are a piece, the rest (the tree
   *  being read, with any text before it) is skipped to the tree's end. */
  private skip(out: SgfSplit[]): void {
    if (this.closed > 0) this.cut(out);
    const open = this.depth > 0;
    this.skipping = { kind: "oversize", tree: this.before + 1, bytes: this.bytes, line: open ? this.openLine : this.startLine,
      column: open ? this.openColumn : this.startColumn };
    this.parts = [];
    this.bytes = 0;
  }
}
