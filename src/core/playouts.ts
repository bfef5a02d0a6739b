// Light playouts run entirely in the core: one call per batch of games.
import { loadCore } from "./wasm.js";
import { KO, type CoreKo } from "./codes.js";
import { checkSize, releaseCore } from "./game.js";
import { ArbiterError } from "../errors.js";

export interface PlayoutStats {
  size: number;
  width: number;
  height: number;
  games: number;
  /** stone plays */
  moves: number;
  /** stone plays + passes */
  plies: number;
  capped: number;
  stonesLeft: number;
  blackAreaWins: number;
  whiteAreaWins: number;
  ms: number;
  playoutsPerSec: number;
}

export function runPlayouts(opts: { width: number; height: number; games: number; seed: number;
  ko: CoreKo; withScore?: boolean;
  /** keep the cycle bookkeeping on: every board recurrence is logged with its moves */
  logCycles?: boolean }): PlayoutStats {
  checkSize(opts.width, opts.height);
  if (!Number.isInteger(opts.games) || opts.games < 1 || opts.games > 2 ** 31 - 1) {
    throw new ArbiterError(`--games must be a whole number from 1 to ${2 ** 31 - 1}, got ${opts.games}`);
  }
  if (!(opts.ko === "simple" || opts.ko === "psk" || opts.ko === "ssk")) {
    throw new ArbiterError(`playouts take --ko simple, psk or ssk, got ${opts.ko}`);
  }
  releaseCore();
  const c = loadCore();
  const t0 = performance.now();
  if (opts.logCycles) c.runPlayoutsLoggingCycles(opts.width, opts.height, opts.games, opts.seed >>> 0, KO[opts.ko]);
  else c.runPlayouts(opts.width, opts.height, opts.games, opts.seed >>> 0, KO[opts.ko], opts.withScore ? 1 : 0);
  const ms = performance.now() - t0;
  return {
    size: opts.width,
    width: opts.width,
    height: opts.height,
    games: c.statGames.value as number,
    moves: c.statMoves.value as number,
    plies: c.statPlies.value as number,
    capped: c.statCapped.value as number,
    stonesLeft: c.statStones.value as number,
    blackAreaWins: c.statBlackAreaWins.value as number,
    whiteAreaWins: c.statWhiteAreaWins.value as number,
    ms: Math.round(ms * 10) / 10,
    playoutsPerSec: Math.round((opts.games / ms) * 1000),
  };
}
