// The OpenAPI 3.1 description served at /v1/openapi.json, built from the very schemas the
// routes validate with (src/server/requests.ts), so the two cannot drift apart.
import { PRESETS } from "../ruleset/ruleset.js";
import { positionSchema, proveSchema, refereeSchema, simulateSchema, type Limits } from "./requests.js";
import { VERSION } from "../api/version.js";

const error = {
  description: "the request was refused or failed: a message naming the field or the problem",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), error]));

const json = (description: string, schema: object) => ({ description, content: { "application/json": { schema } } });

export function openApi(l: Limits) {
  return {
    openapi: "3.1.0",
    info: {
      title: "arbiter",
      version: VERSION,
      description: "A rules engine for Go: referee game records, prove dead stones by capture. Every answer is the JSON " +
        "that the command line prints with --json for the same input (docs/api.md). Coordinates are GTP " +
        "vertices (D4; columns A-T without I, row 1 at the bottom). A game is given as SGF text (`sgf`) or as a move " +
        "list (`moves`: [[\"B\",\"D4\"],[\"W\",\"pass\"]], with `initialStones`, `initialPlayer`, `boardXSize`, `boardYSize`).",
    },
    servers: [{ url: "http://127.0.0.1:8080" }],
    paths: {
      "/v1/referee": {
        post: {
          summary: "Replay a game and rule on every move, the end, the count and the result (arbiter referee --json)",
          requestBody: { required: true, content: { "application/json": { schema: refereeSchema(l) } } },
          responses: { "200": json("the ruling", { $ref: "#/components/schemas/Ruling" }), ...errors(400, 413, 415, 503) },
        },
      },
      "/v1/analysis": {
        post: {
          summary: "KataGo's analysis query (id, moves, initialStones, rules, komi, boardXSize, boardYSize, analyzeTurns), answered by the referee (arbiter analysis)",
          description: "The body is one query as KataGo's analysis engine takes it; the answer is the list of its responses, one per analysed turn (warnings and errors in KataGo's shapes), each with KataGo's fields and arbiter's ruling under `arbiter`.",
          requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
          responses: { "200": json("the responses", { type: "array", items: { type: "object" } }), ...errors(400, 413, 415, 503) },
        },
      },
      "/v1/prove": {
        post: {
          summary: "Decide by exhaustive continued play whether the target stones can be captured (arbiter prove --json)",
          description: `Runs in a pool of search threads behind a bounded queue: 503 when the queue is full. Budget at most ${l.maxNodes} nodes and ${l.seconds} s per request.`,
          requestBody: { required: true, content: { "application/json": { schema: proveSchema(l) } } },
          responses: { "200": json("the verdict", { $ref: "#/components/schemas/Proof" }), ...errors(400, 413, 415, 503) },
        },
      },
      "/v1/simulate": {
        post: {
          summary: "Play games per rule set and report statistics (arbiter simulate --json)",
          requestBody: { required: true, content: { "application/json": { schema: simulateSchema(l) } } },
          responses: { "200": json("statistics per rule set", { type: "object" }), ...errors(400, 413, 415, 501, 503) },
        },
      },
      "/v1/position": {
        post: {
          summary: "The position after a game's moves (the start of a dispute): stones and who is to move",
          requestBody: { required: true, content: { "application/json": { schema: positionSchema(l) } } },
          responses: {
            "200": json("the position", { type: "object", properties: {
              size: { type: "object", properties: { width: { type: "integer" }, height: { type: "integer" } } },
              toMove: { type: "string", enum: ["B", "W"] }, moves: { type: "integer" }, rules: { type: "string" },
              stones: { type: "object", properties: { B: { type: "array", items: { type: "string" } }, W: { type: "array", items: { type: "string" } } } },
            } }),
            ...errors(400, 413, 415),
          },
        },
      },
      "/v1/rules": {
        get: {
          summary: "Every rule preset as its knob object (arbiter rules --json), or one with ?name=",
          parameters: [{ name: "name", in: "query", required: false, schema: { type: "string", enum: Object.keys(PRESETS) } }],
          responses: { "200": json("presets by name, or one preset", { type: "object" }), ...errors(400) },
        },
      },
      "/v1/rules/{name}": {
        get: {
          summary: "One rule preset as its knob object (arbiter rules NAME --json)",
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string", enum: Object.keys(PRESETS) } }],
          responses: { "200": json("the preset", { type: "object" }), ...errors(400) },
        },
      },
      "/healthz": {
        get: {
          summary: "Liveness: answers while proofs run; 503 while shutting down",
          responses: { "200": json("status and search pool figures", { type: "object" }), "503": json("shutting down", { type: "object" }) },
        },
      },
      "/v1/openapi.json": { get: { summary: "This description", responses: { "200": json("OpenAPI 3.1", { type: "object" }) } } },
      "/": { get: { summary: "The dispute page", responses: { "200": { description: "HTML", content: { "text/html": {} } } } } },
    },
    components: {
      schemas: {
        Error: { type: "object", required: ["error", "status"], properties: { error: { type: "string" }, status: { type: "integer" } } },
        Ruling: {
          type: "object",
          description: "docs/api.md: rules, size, moves, cycles, end, score, result, decidedBy (and more fields)",
          properties: {
            rules: { type: "object" }, size: { type: "object" },
            moves: { type: "array", items: { type: "object", properties: { n: { type: "integer" }, color: { type: "string" },
              point: { type: ["string", "null"] }, legal: { type: "boolean" }, reason: { type: ["string", "null"] },
              captures: { type: "array", items: { type: "string" } }, selfCaptures: { type: "array", items: { type: "string" } },
              hash: { type: "string" } } } },
            cycles: { type: "array", items: { type: "object" } }, end: { type: "object" }, score: { type: ["object", "null"] },
            result: { type: "string" }, decidedBy: { type: "string" },
          },
        },
        Proof: {
          type: "object",
          description: "docs/api.md: verdict dead|alive|seki|unsettled|unknown, attackerFirst, defenderFirst, nodes, timeMs, complete (and more fields)",
          properties: {
            verdict: { type: "string", enum: ["dead", "alive", "seki", "unsettled", "unknown"] },
            attackerFirst: { $ref: "#/components/schemas/Question" }, defenderFirst: { $ref: "#/components/schemas/Question" },
            nodes: { type: "integer" }, timeMs: { type: "integer" }, complete: { type: "boolean" },
            ko: { oneOf: [{ $ref: "#/components/schemas/KoStatus" }, { type: "null" }], description: "the ko status of the ruling's question" },
            threats: { type: "object", description: "the outside ko threats the questions were asked with: {B, W}" },
          },
        },
        Question: { type: "object", properties: { captured: { type: ["boolean", "null"] },
          line: { type: "array", items: { type: "string" }, description: "the main line: \"B A2\", \"W pass\", ..." }, nodes: { type: "integer" },
          ko: { oneOf: [{ $ref: "#/components/schemas/KoStatus" }, { type: "null" }] } } },
        KoStatus: { type: "object", description: "whether the answer rests on a ko: searched again with outside threats for the losing side",
          properties: { status: { type: "string", enum: ["unconditional", "ko", "unknown"] }, winner: { type: ["string", "null"], enum: ["B", "W", null] },
            threats: { type: "integer", description: "outside ko threats the other side would need to overturn the answer (0: unconditional)" },
            upTo: { type: ["integer", "null"], description: "null: unconditional for any number of threats; else the most threats it was shown to hold against" },
            given: { type: "object" }, overturned: { type: "object" } } },
      },
    },
  };
}
