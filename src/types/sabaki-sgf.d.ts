declare module "@sabaki/sgf" {
  interface SgfNodeObject {
    id: unknown;
    data: Record<string, string[]>;
    parentId: unknown;
    children: SgfNodeObject[];
  }
  const sgf: {
    tokenize(text: string): Array<{ type: string; value: string; row: number; col: number; pos: number }>;
    parse(text: string): SgfNodeObject[];
    stringify(nodes: unknown[], options?: { linebreak?: string; indent?: string }): string;
    escapeString(s: string): string;
    stringifyVertex(v: [number, number]): string;
  };
  export default sgf;
}
