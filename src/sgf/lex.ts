// Reading the structure of an SGF text in one pass, in time linear in its length and in memory
// proportional to the games' main lines, not to the text. @sabaki/sgf's tokenizer is a sticky
// regular expression per token: an unclosed "[" makes it scan to the end of the file and then
// start again one character later, so 100,000 of them took 20 s (50,000: 5 s), and a value of a
// few megabytes overflows the expression's stack (RangeError); its parser then builds every node
// of every variation and every value, about 830 MB per MB of ";". Here each character is looked
// at once; the limits (nodes, nesting, values) are checked as they are reached; only the main
// line's nodes are kept, and of them only the properties a game record reads. Each game tree of a
// collection is read, or refused, on its own.

/** How much of an SGF text is read before it is refused. */
export interface SgfLimits {
  /** nodes of one game tree, variations included */
  maxNodes: number;
  /** nesting of game trees (variations inside variations) */
  maxDepth: number;
  /** property values of one game tree */
  maxValues: number;
}

export const SGF_LIMITS: SgfLimits = { maxNodes: 100_000, maxDepth: 1000, maxValues: 1_000_000 };

/** A node of a main line: the properties kept (each a list of unescaped values). No prototype:
 *  a property is looked up by its own name only. */
export type SgfProps = Record<string, string[]>;

/** One game tree of the text: its main line (root first), or why it was refused. */
export type SgfGame = { index: number; nodes: SgfProps[] } | { index: number; error: string };

const OPEN = 40; // (
const CLOSE = 41; // )
const SEMI = 59; // ;
const LBR = 91; // [
const RBR = 93; // ]
const BSL = 92; // backslash

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12 || c === 0xfeff || c === 0xa0;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isUpper = (c: number) => c >= 65 && c <= 90;

/** Where a text starts in its file (1-based): a piece of a collection read on its own (split.ts). */
export interface SgfOrigin { line: number; column: number }
const FILE_START: SgfOrigin = { line: 1, column: 1 };

/** The line and column of an offset (1-based) in the file, for an error message. */
function where(text: string, pos: number, origin: SgfOrigin): string {
  let line = origin.line;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < pos; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${pos - start + (line === origin.line ? origin.column : 1)}`;
}

/** A value's text without its escapes (SGF FF4: "\" makes the next character plain, "\" before
 *  a line break removes both; carriage returns dropped, as @sabaki/sgf does). */
function unescape(text: string, from: number, to: number): string {
  const raw = text.slice(from, to);
  if (raw.indexOf("\\") < 0 && raw.indexOf("\r") < 0) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === "\r") continue;
    if (ch === "\\") {
      i++;
      while (i < raw.length && raw[i] === "\r") i++;
      if (i < raw.length && raw[i] !== "\n") out += raw[i];
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * The game trees of an SGF text. `keep`: the properties to keep on the main line (all others are
 * checked and skipped). A game tree with an error is refused with it (a message naming the line
 * and column); the trees after it are still read, except after a value that is never closed,
 * which takes the rest of the text. Text outside the game trees refuses the tree next to it.
 * `most`: stop at the next tree after this many.
 */
export function lexSgf(text: string, keep: ReadonlySet<string>, limits: SgfLimits = SGF_LIMITS, most = Infinity,
  origin: SgfOrigin = FILE_START): SgfGame[] {
  const games: SgfGame[] = [];
  const n = text.length;
  let i = 0;
  let stray = -1; // the first text outside a game tree not yet charged to a tree
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) { i++; continue; }
    if (c === OPEN && games.length >= most) break;
    if (c !== OPEN) {
      if (stray < 0) stray = i;
      // skip to the next tree (values included: a "(" inside one is not a tree)
      i = skipStray(text, i);
      continue;
    }
    const index = games.length + 1;
    const tree = readTree(text, i, keep, limits, origin);
    i = tree.end;
    if (stray >= 0) {
      games.push({ index, error: strayError(text, stray, origin) });
      stray = -1;
    } else games.push("error" in tree ? { index, error: tree.error } : { index, nodes: tree.nodes });
  }
  if (stray >= 0) {
    const error = strayError(text, stray, origin);
    // trailing text refuses the last tree, or is the file's only content
    if (games.length > 0) games[games.length - 1] = { index: games.length, error };
    else games.push({ index: 1, error });
  }
  return games;
}

/** Up to 20 characters from `at`, on one line and printable (for a one-line message). */
function snippet(text: string, at: number): string {
  return text.slice(at, at + 20).split(/[\r\n]/)[0].replace(/[\x00-\x1f\x7f]/g, "?");
}

function strayError(text: string, at: number, origin: SgfOrigin): string {
  const c = text.charCodeAt(at);
  if (isLetter(c) || c === SEMI || c === LBR || c === CLOSE) {
    return c === CLOSE ? `broken SGF: unmatched ")" at ${where(text, at, origin)}`
      : `broken SGF: text outside a game tree at ${where(text, at, origin)}: "${snippet(text, at)}"`;
  }
  return `broken SGF: unexpected "${snippet(text, at).slice(0, 1)}" at ${where(text, at, origin)}`;
}

/** The offset of the next "(" outside a value, from i. */
function skipStray(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === OPEN) return i;
    if (c === LBR) {
      const close = valueEnd(text, i + 1);
      if (close < 0) return n;
      i = close + 1;
      continue;
    }
    i++;
  }
  return n;
}

/** The offset of the "]" that closes a value whose text starts at i, or -1. */
function valueEnd(text: string, i: number): number {
  const n = text.length;
  for (;;) {
    const close = text.indexOf("]", i);
    if (close < 0) return -1;
    // a "]" is escaped by an odd number of backslashes before it
    let b = close - 1;
    while (b >= i && text.charCodeAt(b) === BSL) b--;
    if ((close - 1 - b) % 2 === 0) return close;
    i = close + 1;
    if (i >= n) return -1;
  }
}

type Tree = { end: number; nodes: SgfProps[] } | { end: number; error: string };

/** One game tree starting at the "(" at `start`: its main line, or its first error; `end` is the
 *  offset after its closing ")" (the end of the text after an unclosed value). */
function readTree(text: string, start: number, keep: ReadonlySet<string>, limits: SgfLimits, origin: SgfOrigin): Tree {
  const n = text.length;
  const nodes: SgfProps[] = [];
  let error: string | null = null;
  // the first error is kept (its message made once: a message names a line, found in O(n))
  const fail = (msg: () => string) => { if (error === null) error = msg(); };
  // per nesting level: whether this tree is on the main line, and whether it has had a child tree
  const onMain: boolean[] = [true];
  const hadChild: boolean[] = [false];
  let depth = 1;
  let i = start + 1;
  let expectNode = true; // a tree opens with ";"
  let nodeCount = 0;
  let values = 0;
  let node: SgfProps | null = null; // the main-line node being read
  let props: string[] | null = null; // the values of the property being read, when kept
  let ident = -1; // the start of the latest property identifier, -1 when a value may not follow
  let identHasValue = true;
  while (i < n && depth > 0) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) { i++; continue; }
    if (c === LBR) {
      const close = valueEnd(text, i + 1);
      if (close < 0) {
        fail(() => `broken SGF: unexpected "[" at ${where(text, i, origin)} (a value is not closed by ])`);
        return { end: n, error: error as unknown as string };
      }
      if (ident < 0) fail(() => `broken SGF: a value without a property at ${where(text, i, origin)}: "${snippet(text, i)}"`);
      else {
        identHasValue = true;
        if (++values > limits.maxValues) fail(() => `SGF too large to read: more than ${limits.maxValues} property values in game tree at ${where(text, start, origin)}`);
        else if (props) props.push(unescape(text, i + 1, close));
      }
      i = close + 1;
      continue;
    }
    if (ident >= 0 && !identHasValue) fail(() => `broken SGF: property ${text.slice(ident, i).replace(/\s+/g, "")} has no value at ${where(text, ident, origin)}`);
    if (isLetter(c)) {
      if (expectNode) fail(() => `broken SGF: a game tree must start with ";" at ${where(text, i, origin)}`);
      ident = i;
      identHasValue = false;
      let name = "";
      while (i < n && isLetter(text.charCodeAt(i))) {
        if (isUpper(text.charCodeAt(i))) name += text[i];
        i++;
      }
      props = null;
      if (node && name !== "" && keep.has(name)) props = Object.hasOwn(node, name) ? node[name] : (node[name] = []);
      continue;
    }
    ident = -1;
    props = null;
    if (c === SEMI) {
      expectNode = false;
      if (++nodeCount > limits.maxNodes) {
        fail(() => `SGF too large to read: more than ${limits.maxNodes} nodes in the game tree at ${where(text, start, origin)}`);
        node = null;
      } else if (onMain[depth - 1] && !hadChild[depth - 1] && error === null) {
        node = Object.create(null) as SgfProps;
        nodes.push(node);
      } else node = null;
      i++;
      continue;
    }
    if (c === OPEN) {
      if (expectNode) fail(() => `broken SGF: a game tree must start with ";" at ${where(text, i, origin)}`);
      if (depth + 1 > limits.maxDepth) fail(() => `broken SGF: variations nested more than ${limits.maxDepth} deep at ${where(text, i, origin)}`);
      const main = onMain[depth - 1] && !hadChild[depth - 1];
      hadChild[depth - 1] = true;
      onMain[depth] = main;
      hadChild[depth] = false;
      depth++;
      expectNode = true;
      node = null;
      i++;
      continue;
    }
    if (c === CLOSE) {
      if (expectNode) fail(() => `broken SGF: empty game tree at ${where(text, i, origin)}`);
      depth--;
      node = null;
      i++;
      continue;
    }
    fail(() => `broken SGF: unexpected "${snippet(text, i).slice(0, 1)}" at ${where(text, i, origin)}`);
    i++;
  }
  if (ident >= 0 && !identHasValue) fail(() => `broken SGF: property ${text.slice(ident, i).replace(/\s+/g, "")} has no value at ${where(text, ident, origin)}`);
  if (depth > 0) fail(() => `broken SGF: ${depth} game tree${depth > 1 ? "s are" : " is"} not closed by ")" at the end of the file`);
  return error !== null ? { end: i, error } : { end: i, nodes };
}
