/**
 * The API's fixed limits (issue #13). Each is explained, with the figures it yields, in
 * docs/engineering/security.md; the tunable ones are settings (src/platform/config/settings.ts).
 */
export const LIMITS = {
  /** GraphQL document: tokens (lexer), before parsing builds anything big */
  maxTokens: 2_000,
  /** selection depth (fragments flattened); our deepest real query is 7 */
  maxDepth: 10,
  /** aliases per operation: a client needs a few, an attacker thousands */
  maxAliases: 15,
  /** directives per operation */
  maxDirectives: 10,
  /** graphql-armor cost (objects 2, scalars 1, × depth factor 1.5) */
  maxCost: 5_000,
  /** HTTP request body (a JSON POST); also the longest accepted URL query string */
  maxBodyBytes: 64 * 1024,
  /**
   * brackets nested in a document's text, checked before parsing (the parser recurses per level):
   * depth 10 selections + arguments + 8-deep literals stay far below it
   */
  maxDocumentNesting: 64,
  /** nesting of arrays/objects in variables */
  maxVariableDepth: 8,
  /** values (strings, numbers, list items, object keys) in all variables together */
  maxVariableNodes: 5_000,
  /** WebSocket frame (one graphql-ws message) */
  wsMaxPayloadBytes: 64 * 1024,
  /** unsent bytes buffered for one WebSocket client before it is dropped (a client that does not read) */
  wsMaxBufferedBytes: 1024 * 1024,
  /** WebSocket connections of the whole process (anonymous ones live ≤ 3 s before connection_init) */
  wsMaxConnections: 5_000,
  /** graphql-ws: time to send connection_init */
  wsConnectionInitTimeoutMs: 3_000,
  /** keys tracked by the rate limiter; beyond it new anonymous callers are refused until the next window */
  rateLimiterMaxKeys: 100_000,
  /**
   * callers remembered as refused until their window ends (refused-callers.ts; beyond it they are
   * refused by the full request path, as before)
   */
  refusedCallersMaxKeys: 100_000,
  /** a known-refused caller's answer is held this long (the tarpit; ≤ 1 s, the least Retry-After) */
  refusalHoldMs: 1_000,
  /** answers held at once in the whole process; beyond, a refusal is answered at once */
  refusalsHeldMax: 2_000,
  /** slow-loris: headers must arrive within, and a whole request within */
  httpHeadersTimeoutMs: 10_000,
  httpRequestTimeoutMs: 30_000,
  /** how often Node enforces the two above (a header timeout is cut within 10 s + this) */
  httpConnectionsCheckingIntervalMs: 1_000,
} as const;
