// The WebAssembly core's exports: flat functions over linear memory. TypeScript reads the
// buffers through typed-array views (src/core/wasm.ts); no JS object crosses in.

export { newGame, loadSetup, tryPlay, commitPlay, rollbackPlay, gamePlay, gamePass, writeBoard,
  saveSlot, loadSlot, ownEyeAt, BOARD_OUT, REMOVED_XY, SETUP_IN, STRING_OUT, situationHash, stringPoints, stringLiberties, MASK_IN, setLibertyMask, stringLibertiesIn,
  bensonFixRegion, bensonTargetsFixed,
  rulesStart, rulesPlay, rulesPass, rulesUndo, RULING_OUT,
  rulesReplay, MOVES_IN, replayPlayed, replayRequester } from "./game";
export { lastCaptured, lastSelfCaptured, lastNoChange, lastHashAfter, boardHash, prisoners,
  width, height } from "./board";
export { historyLength, lastPositionIndex, lastSituationIndex, positionHashAt, situationHashAt } from "./history";
export { countOwners, OWNER, analyseBoard, ANALYSIS, anRegions, anBlack, anWhite, anSingleInside, AN_CLASSES } from "./score";
export { runPlayouts, runPlayoutsLoggingCycles, replayPlayout, EVENTS, eventsLength, eventCount,
  eventsDropped, lastGamePlies, PLY_POINT, statGames, statMoves, statPlies, statCapped, statStones, statBlackAreaWins,
  statWhiteAreaWins, runOwnership, OWNERSHIP } from "./playout";
export { simSetup, simulateBatch, replayMoves, seedFor, SUMMARY_OUT, BOARDS_OUT, MOVES_OUT,
  movesLen, FORBIDDEN_OUT, capturePolicyMoves } from "./simulate";
export { setRules, setHotStones, setVirtualFree, EVENTS_OUT, evLen, evCount, evDropped, flowKey, simpleKoKey } from "./rules";
export { rngState } from "./prng";
export { bensonTargets, bensonArea, bensonBoundArea, BENSON_IN } from "./benson";
export { searchInit, searchPrior, searchPriorKey, searchBudget, searchPhase, searchNodeLimit, searchReopen, searchVisit, searchApply, searchUndo, searchKey, searchRepetitionKey,
  searchMoves, searchReward, searchPasses, searchFillIn,
  searchProvenBest, searchElsewhereBest, searchDfpn, searchTeamCounters, searchTeam, searchRenew, searchProvenMet, searchSlotBase, searchSlotGen, searchAdopt, sNodes, sPositions, sBudgetOut, sSawVoid,
  sDepthExceeded, sLooping, S_FLAGS_IN, S_TARGETS_IN, S_NEED_IN, S_ORDER_IN, S_MOVES_OUT } from "./search";
export { solveTables, solveInit, solveRun, solveAtLeast, solveGoalDeepening, setSafeArea, setAreaLeaves, setSymmetricTable, solSafe, solHorizon, solHorizonLeaves, solveLine, solNodes, solLeaves, solLeafCalls, solStored, solHits, solCycles, solGaps,
  solLeafMismatch, solStatic, solOut, solDepthOut, solMaxDepth, solLineLen, solLineEnd, solLineCycle, SOLVE_LINE_OUT,
  SOLVE_LEAF_OUT, SOLVE_BOARD_OUT } from "./solve";
export { retroRun, retroLine, raPositions, raEdges, raTerminals, raRootValue, raTooMany, raTriples, retroProve, retroProveKept, raProveNodes, raSafeBound, raSafeRounds, raSafeChanges, raLineLen, raLineEnd, raLineCycle, RA_LINE_OUT, retroPayoff, payoffLine, payoffProve, raPayoffLow, raPayoffHigh, raPayoffUpdates, raPayoffRunaway, retroTheta, retroHistoryGoal, retroSort, SORT_IN, retroHistory, retroHistoryLine, retroHistoryProof, retroHistoryWalk, hsWalkNodes, retroHistoryCheck, retroHistoryVoid, retroLoneSuicides, retroHistoryCapAt, retroHistoryTableBits, hsTableBits, hsNoRoom, retroHistoryProofNumbers, hsLoneSkipped, retroWantBound, retroAbandons, retroVirtualBounds, retroVirtualLine, raVirtualLower, raVirtualUpper, raVirtualRounds, raVirtualBans, hsCheckFailed, hsProofLeaves, hsProofFailed, hsNodes, hsCapped, hsCapRuns, hsCapUsed, hsCapHits, hsCutB, hsCutW, hsHits, phCutB, phCutW, phNodes, phRuns, phCapped, phDeepest, phMissing, phStatic, phOutOfReach, phBeyond, phKeptHits, retroKeepStrategies } from "./retro";
export { solveProof, proofLen, proofOver, proofBase, setSolOut } from "./solve";
export { suspReset, suspCount, suspFull, graphBoards, suspDigest } from "./suspend";
export { grandKnobs, grandGraph, grandBounds, grandLine, grandPhaseRoom, grandNested, gpRounds, gpSearches, gpLower, gpUpper, ASKED_NONE, gpAsked, gpAskedStage, gpForcedB, gpForcedW, gpUpperShown, gpLowerShown, gpLineLen, gpLineEnd, gpGraphPositions,
  grandRulesBounds, gvNodes, gvCuts, gvHits, gvVoids, gvSearches, gvUnknown } from "./grand";
export { solveGoalPn, gpnRootMove, gpnExpanded, gpnRepetitions, gpnTooDeep, gpnTainted, gpnStored, gpnReplaced, goalRootMoves, GOAL_ROOT_OUT } from "./goalpn";
export { GOAL_FROM, SOLVE_FROM_MOST, fromRefused, fromBack, tableCleared } from "./solve";
