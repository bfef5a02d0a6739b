declare module "cli-progress" {
  interface Options {
    stream?: NodeJS.WritableStream;
    format?: string;
    hideCursor?: boolean;
    etaBuffer?: number;
  }
  class SingleBar {
    constructor(options: Options, preset?: unknown);
    start(total: number, start: number, payload?: Record<string, unknown>): void;
    update(value: number, payload?: Record<string, unknown>): void;
    stop(): void;
  }
  const Presets: { shades_classic: unknown };
  const cliProgress: { SingleBar: typeof SingleBar; Presets: typeof Presets };
  export default cliProgress;
}
