// `arbiter serve`: the referee, prove and rules operations over HTTP JSON (DESIGN.md 3), with
// the same JSON as the command line's --json for the same input (src/api/operations.ts), plus
// the dispute page. Every route validates its request against a JSON schema; a bad request is
// a 4xx naming the field, never a 500. Proofs run in a piscina pool (src/server/searches.ts)
// behind a bounded queue, so the event loop keeps answering while they run.
import { availableParallelism } from "node:os";
import { createHash } from "node:crypto";
import { Server, type AddressInfo } from "node:net";
import type { IncomingMessage } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ArbiterError } from "../errors.js";
import { jsonText, rulesText } from "../api/operations.js";
import { PRESETS } from "../ruleset/ruleset.js";
import { checksInline } from "./handlers.js";
import type { Task } from "./worker.js";
import { SearchPool, HttpError } from "./searches.js";
import { DEFAULT_LIMITS, fieldNames, positionSchema, proveOptions, proveSchema, recordOf, refereeSchema,
  simulateSchema, type GameBody, type Limits } from "./requests.js";
import { SIMULATE_MISSING, simulateSpec, type SimulateBody } from "./simulate.js";
import { openApi } from "./openapi.js";
import { PAGE } from "./page.js";
import { VERSION } from "../api/version.js";

export interface ServerOptions {
  limits?: Partial<Limits>;
  /** search threads (default: min(2, cores - 1), at least 1) */
  threads?: number;
  /** proofs that may wait for a thread (default 16); one more gets 503 */
  maxQueue?: number;
  /** fastify's request log on stderr */
  log?: boolean;
}

export interface ArbiterServer {
  app: FastifyInstance;
  pool: SearchPool;
  limits: Limits;
  /** Stops taking requests, lets work in flight finish for up to `graceMs`, cancels the rest
   *  (a cancelled proof answers with what it has: verdict "unknown"), then closes. */
  shutdown(graceMs?: number): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** how long a draining server keeps its open connections after its work is done, and at most
 *  waits for a quiet moment to close its listener in */
const LINGER_MS = 1000;
/** a draining server closes its listener once no connection came for this long */
const QUIET_MS = 100;
/** how long a request answered at once (503 while draining, 421) may take to send its body */
const ANSWERED_BODY_MS = 2000;
/** how much of a body over the limit is read and dropped before the 413 */
const DRAIN_BYTES = 64 * 1024 * 1024;

interface AjvError { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }

/** "/moves/3/1" as moves[3][1] */
function fieldPath(instancePath: string): string {
  return instancePath.split("/").filter(Boolean).map((p, i) => /^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`).join("");
}

function validationMessage(errors: AjvError[], context: string): string {
  const e = errors[0];
  const at = fieldPath(e.instancePath);
  const where = at ? `field "${at}"` : context === "body" ? "the request body" : context;
  switch (e.keyword) {
    case "required": return `field "${at ? `${at}.` : ""}${e.params.missingProperty}" is required`;
    case "additionalProperties": return `unknown field "${at ? `${at}.` : ""}${e.params.additionalProperty}"`;
    case "enum": return `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    default: return `${where} ${e.message ?? "is not valid"}`;
  }
}

/** A request's body is read to its end and dropped (up to `capBytes` and `capMs`) before an
 *  answer that closes the connection (413, 421, 503 while draining): a client still writing
 *  when the server closes gets a reset instead of the answer. Nothing of it is kept. */
function drain(raw: IncomingMessage, capBytes: number, capMs: number): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", finish);
      raw.off("error", finish);
      raw.off("close", finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > capBytes) finish();
    };
    const timer = setTimeout(finish, capMs);
    raw.on("data", onData);
    raw.once("end", finish);
    raw.once("error", finish);
    raw.once("close", finish);
    raw.resume();
  });
}

/** The page's Content-Security-Policy: its one inline script and style allowed by their hashes,
 *  requests to this server only, no frames, no forms, no plugins. */
function pagePolicy(page: string): string {
  const hash = (tag: string) => {
    const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(page);
    return m ? `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'` : "'none'";
  };
  return [`default-src 'none'`, `script-src ${hash("script")}`, `style-src ${hash("style")}`, `connect-src 'self'`,
    `img-src 'self' data:`, `base-uri 'none'`, `form-action 'none'`, `frame-ancestors 'none'`].join("; ");
}
const PAGE_POLICY = pagePolicy(PAGE);

/** The Host values a request to this server may carry: its address and port, and for a
 *  loopback address the names of this machine (a page elsewhere that resolves its own name to
 *  127.0.0.1, DNS rebinding, sends its own name and is refused). Null: any (a wildcard bind). */
function allowedHosts(address: AddressInfo | string | null): Set<string> | null {
  if (!address || typeof address === "string") return null;
  const { address: a, port } = address;
  if (a === "0.0.0.0" || a === "::") return null;
  const names = a === "127.0.0.1" || a === "::1" ? ["127.0.0.1", "localhost", "[::1]"] : [a.includes(":") ? `[${a}]` : a];
  return new Set(names.flatMap((n) => [`${n}:${port}`, ...(port === 80 ? [n] : [])]));
}

function send(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(text);
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return send(reply, status, jsonText({ error: message, status }));
}

export async function buildServer(opts: ServerOptions = {}): Promise<ArbiterServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // one core is left to the event loop, which answers /healthz and routes every request
  // (docs/performance.md, hostile input: /healthz under 16 clients)
  const threads = opts.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const pool = new SearchPool({ threads, maxQueue: opts.maxQueue ?? 16 });
  let draining = false;
  /** set by shutdown: resolves once the listener has closed */
  let listenerClosed: Promise<void> = Promise.resolve();
  const t0 = Date.now();

  const app = Fastify({
    // (request logs on stderr: stdout carries the "listening" line a caller of --port 0 reads)
    logger: opts.log ? { stream: process.stderr } : false,
    bodyLimit: limits.bodyBytes,
    // a slow client has seconds to send its request, not the proof's budget (the timer stops
    // once the request is in; the work has its own budget)
    requestTimeout: limits.receiveSeconds * 1000,
    // node checks the request timers every 30 s by default: a second, so the limit holds to it
    http: { connectionsCheckingInterval: 1000, headersTimeout: limits.receiveSeconds * 1000 },
    return503OnClosing: true,
    // the drain closes the connections itself (shutdown below)
    forceCloseConnections: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false,
      allowUnionTypes: true } },
  });

  app.setErrorHandler(async (err: Error & { validation?: AjvError[]; validationContext?: string; statusCode?: number; code?: string },
    req: FastifyRequest, reply: FastifyReply) => {
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      await drain(req.raw, DRAIN_BYTES, 10_000);
      return sendError(reply, 413, `the request body is larger than this server's limit of ${limits.bodyBytes} bytes`);
    }
    if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      const type = String(req.headers["content-type"] ?? "").split(";")[0].trim().slice(0, 80);
      return sendError(reply, 415, `the request body is ${type || "of no content type"}: the API takes application/json`);
    }
    if (err.validation) return sendError(reply, 400, validationMessage(err.validation, err.validationContext ?? "body"));
    if (err instanceof HttpError) return sendError(reply, err.status, err.message);
    if (err instanceof ArbiterError) return sendError(reply, 400, fieldNames(err.message, req.url.startsWith("/v1/referee") ? "referee" : undefined));
    if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      // fastify's own: body too large (413), broken JSON (400), wrong content type (415), ...
      return sendError(reply, err.statusCode, err.message);
    }
    reply.log.error(err);
    return sendError(reply, 500, `internal error: ${err.message}`);
  });
  // the API takes JSON only: fastify's own text/plain parser would hand a string to the schema
  // (a 400 "must be object"), where the answer is 415
  app.removeContentTypeParser("text/plain");
  // a path the API has, asked with a method it does not take: 405 with the methods it takes
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook("onRoute", (r) => {
    const pattern = new RegExp(`^${r.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")}$`);
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const known = routes.find((x) => x.pattern.source === pattern.source);
    if (known) methods.forEach((m) => known.methods.add(m));
    else routes.push({ pattern, methods: new Set(methods) });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    const route = routes.find((x) => x.pattern.test(path));
    if (route) {
      const allow = [...route.methods].sort().join(", ");
      return sendError(reply.header("allow", allow), 405, `${path} takes ${allow}, not ${req.method}`);
    }
    return sendError(reply, 404, `no route ${req.method} ${path}: see /v1/openapi.json`);
  });

  let hosts: Set<string> | null | undefined;
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-content-type-options", "nosniff");
    hosts ??= allowedHosts(app.server.address());
    const host = (req.headers.host ?? "").toLowerCase();
    // both answers below close the connection before the body is read: it is read first (and
    // dropped), since a body arriving at a closed socket resets it
    if (hosts && !hosts.has(host)) {
      reply.header("connection", "close");
      await drain(req.raw, limits.bodyBytes, ANSWERED_BODY_MS);
      return sendError(reply, 421, `Host "${host.slice(0, 100)}" is not this server (${[...hosts].join(", ")})`);
    }
    // while draining, a new request is answered 503 once the listener has closed (shutdown),
    // not before: a client answered at once would connect again at once, and a stream of new
    // connections never lets the listener close in a quiet moment (onSend below closes the
    // connection after the answer)
    if (draining) {
      await drain(req.raw, limits.bodyBytes, ANSWERED_BODY_MS);
      await listenerClosed;
      if (req.url !== "/healthz") return sendError(reply, 503, "the server is shutting down");
    }
  });
  // while draining, every answer closes its connection, so no client sends another request on
  // a socket the server is about to close (a request written to a socket as it closes is reset)
  app.addHook("onSend", async (_req, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });
  app.addHook("onClose", async () => { await pool.destroy(); });
  app.server.maxConnections = limits.connections;

  /** Runs a task in the pool; a client that goes away cancels its search. */
  async function inPool(reply: FastifyReply, kind: Task["kind"], body: GameBody, seconds: number): Promise<FastifyReply> {
    const { done, cancel } = pool.run({ kind, body, limits }, seconds * 1000 * 2 + 30_000);
    reply.raw.on("close", () => { if (!reply.raw.writableFinished) cancel(); });
    const r = await done;
    return r.ok ? send(reply, 200, r.text) : sendError(reply, r.status, fieldNames(r.error, kind));
  }

  app.get("/", async (_req, reply) => reply.type("text/html; charset=utf-8").header("cache-control", "no-store")
    .header("content-security-policy", PAGE_POLICY).header("x-frame-options", "DENY").header("referrer-policy", "no-referrer")
    .send(PAGE));

  app.get("/healthz", async (_req, reply) =>
    send(reply, draining ? 503 : 200, jsonText({ status: draining ? "draining" : "ok", version: VERSION,
      uptimeSeconds: Math.round((Date.now() - t0) / 1000), searches: pool.stats,
      memory: { rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed } })));

  app.get("/v1/openapi.json", async (_req, reply) => send(reply, 200, JSON.stringify(openApi(limits), null, 2) + "\n"));

  app.get("/v1/rules", {
    schema: { querystring: { type: "object", additionalProperties: false,
      properties: { name: { type: "string", enum: Object.keys(PRESETS) } } } },
  }, async (req, reply) => send(reply, 200, rulesText((req.query as { name?: string }).name)));
  app.get("/v1/rules/:name", async (req, reply) => {
    // a rule set is a resource: one that does not exist is not found
    const { name } = req.params as { name: string };
    if (!Object.hasOwn(PRESETS, name)) return sendError(reply, 404, `no rule set "${name.slice(0, 40)}": the rule sets are ${Object.keys(PRESETS).join(", ")}`);
    return send(reply, 200, rulesText(name));
  });

  // every game is read and refereed in a search thread: the event loop only routes
  app.post("/v1/referee", { schema: { body: refereeSchema(limits) } }, async (req, reply) =>
    inPool(reply, "referee", req.body as GameBody, limits.seconds));

  // KataGo's analysis protocol: one query, its responses (one per analysed turn) as a list
  app.post("/v1/analysis", { schema: { body: { type: "object" } } }, async (req, reply) =>
    inPool(reply, "analysis", req.body as GameBody, limits.seconds));

  app.post("/v1/position", { schema: { body: positionSchema(limits) } }, async (req, reply) =>
    inPool(reply, "position", req.body as GameBody, limits.seconds));

  app.post("/v1/prove", { schema: { body: proveSchema(limits) } }, async (req, reply) => {
    const body = req.body as GameBody;
    // a bad game or bad options are a 400 before the request waits for a thread
    if (checksInline(body)) {
      proveOptions(body, limits);
      recordOf(body, limits);
    }
    return inPool(reply, "prove", body, (body.seconds as number | undefined) ?? Math.min(60, limits.seconds));
  });

  app.post("/v1/simulate", { schema: { body: simulateSchema(limits) } }, async (req, reply) => {
    if (SIMULATE_MISSING) return sendError(reply, 501, SIMULATE_MISSING);
    const body = req.body as SimulateBody;
    simulateSpec(body); // a bad rule list is a 400 before the request waits for a thread
    const seconds = body.seconds ?? Math.min(60, limits.seconds);
    return inPool(reply, "simulate", { ...body, seconds } as unknown as GameBody, seconds);
  });

  /** Open connections now. */
  const connections = () => new Promise<number>((r) => app.server.getConnections((_e, n) => r(n ?? 0)));

  // when the last connection came: the listener closes in a quiet moment (shutdown)
  let lastConnection = 0;
  app.server.on("connection", () => { lastConnection = Date.now(); });

  /** Closes the listener once no connection came for QUIET_MS (at most LINGER_MS on): from then
   *  on a client is refused. A connection the kernel has queued and the server not yet taken is
   *  reset when the listener closes, and a busy event loop takes queued connections one or two a
   *  turn, so the quiet is judged in the check phase, after a poll has taken what was queued. */
  async function closeListenerWhenQuiet(): Promise<void> {
    for (const end = Date.now() + LINGER_MS; ;) {
      await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setImmediate(r));
      if (Date.now() - lastConnection >= QUIET_MS || Date.now() >= end) break;
    }
    // http.Server.close would also close the idle keep-alive connections, and a request already
    // on its way on one would be reset: the listener is closed as a plain net.Server, and those
    // connections are left to close themselves
    Server.prototype.close.call(app.server);
  }

  async function shutdown(graceMs = 5000): Promise<void> {
    if (draining) return;
    draining = true;
    // every request from here is answered (503 if it is new, once the listener has closed) with
    // "connection: close"; the work in flight runs meanwhile
    listenerClosed = closeListenerWhenQuiet();
    if (!(await pool.whenIdle(graceMs))) {
      pool.cancelAll();
      await pool.whenIdle(10_000);
    }
    await listenerClosed;
    // the work is done and answered; the clients have LINGER_MS to hear "connection: close" on
    // their next request; what is still open then is idle or half-closed, and is closed
    for (const end = Date.now() + LINGER_MS; Date.now() < end && (await connections()) > 0;) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const force = setTimeout(() => app.server.closeAllConnections(), 1000);
    try {
      await app.close();
    } finally {
      clearTimeout(force);
    }
  }

  return { app, pool, limits, shutdown };
}

/** Starts the server and prints where it listens; SIGINT/SIGTERM shut it down gracefully. */
export async function serve(host: string, port: number, opts: ServerOptions & { graceSeconds?: number } = {}): Promise<ArbiterServer> {
  const server = await buildServer(opts);
  const address = await server.app.listen({ host, port });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.stderr.write(`arbiter serve: ${signal} again: stopping now\n`);
      process.exit(130);
    }
    stopping = true;
    process.stderr.write(`arbiter serve: ${signal}: finishing work in flight, then stopping\n`);
    server.shutdown((opts.graceSeconds ?? 5) * 1000).then(() => {
      process.stderr.write("arbiter serve: stopped\n");
      process.exitCode = 0;
    }, (e: Error) => {
      process.stderr.write(`arbiter serve: error while stopping: ${e.message}\n`);
      process.exitCode = 1;
    });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // (the line a supervisor waits for comes once a signal stops the server gracefully)
  process.stdout.write(`arbiter serve: listening on ${address} (dispute page at ${address}/, API at ${address}/v1/openapi.json)\n`);
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    process.stderr.write(`arbiter serve: warning: listening on ${host}, not only on this machine's loopback\n`);
  }
  return server;
}
