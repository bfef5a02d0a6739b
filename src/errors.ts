// Errors are values with a message a user can act on; interfaces only format them.

/** The longest message kept: a message quotes what the user gave, which may be megabytes. */
const MOST = 600;

/** A message on one line: control characters shown as escapes, the text cut at MOST characters. */
function oneLine(message: string): string {
  const line = message.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\t" ? "\\t" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return line.length > MOST ? `${line.slice(0, MOST)}... (${line.length} characters)` : line;
}

export class ArbiterError extends Error {
  constructor(message: string) {
    super(oneLine(message));
    this.name = "ArbiterError";
  }
}
