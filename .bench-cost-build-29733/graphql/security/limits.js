const LIMITS = {
  /** GraphQL document: tokens (lexer), before parsing builds anything big */
  maxTokens: 2e3,
  /** selection depth (fragments flattened); our deepest real query is 7 */
  maxDepth: 10,
  /** aliases per operation: a client needs a few, an attacker thousands */
  maxAliases: 15,
  /** directives per operation */
  maxDirectives: 10,
  /** graphql-armor cost (objects 2, scalars 1, × depth factor 1.5) */
  maxCost: 5e3,
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
  maxVariableNodes: 5e3,
  /** WebSocket frame (one graphql-ws message) */
  wsMaxPayloadBytes: 64 * 1024,
  /** unsent bytes buffered for one WebSocket client before it is dropped (a client that does not read) */
  wsMaxBufferedBytes: 1024 * 1024,
  /** WebSocket connections of the whole process (anonymous ones live ≤ 3 s before connection_init) */
  wsMaxConnections: 5e3,
  /** graphql-ws: time to send connection_init */
  wsConnectionInitTimeoutMs: 3e3,
  /** keys tracked by the rate limiter; beyond it new anonymous callers are refused until the next window */
  rateLimiterMaxKeys: 1e5,
  /**
   * callers remembered as refused until their window ends (refused-callers.ts; beyond it they are
   * refused by the full request path, as before)
   */
  refusedCallersMaxKeys: 1e5,
  /** a known-refused caller's answer is held this long (the tarpit; ≤ 1 s, the least Retry-After) */
  refusalHoldMs: 1e3,
  /** answers held at once in the whole process; beyond, a refusal is answered at once */
  refusalsHeldMax: 2e3,
  /** slow-loris: headers must arrive within, and a whole request within */
  httpHeadersTimeoutMs: 1e4,
  httpRequestTimeoutMs: 3e4,
  /** how often Node enforces the two above (a header timeout is cut within 10 s + this) */
  httpConnectionsCheckingIntervalMs: 1e3
};
export {
  LIMITS
};
//# sourceMappingURL=limits.js.map
