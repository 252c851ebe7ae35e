import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as the OTLP/HTTP JSON encoding carries it, reduced to what tests look at. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** "" for a root span */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly links: ReadonlyArray<{ readonly traceId: string; readonly spanId: string }>;
  readonly serviceName: string;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  links?: Array<{ traceId: string; spanId: string }>;
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

const scalarOf = (v: AnyValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ""));
const attributesOf = (kvs: readonly KeyValue[] = []) =>
  Object.fromEntries(kvs.map((kv) => [kv.key, scalarOf(kv.value)]));

/**
 * An in-process OTLP/HTTP receiver for the JSON protocol (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`):
 * POST /v1/traces is decoded and kept; anything else answers 404 (a protobuf body would fail the
 * JSON parse and answer 400, so a wrong protocol shows as no spans, not as garbage).
 */
export interface OtlpReceiver {
  /** http://127.0.0.1:<port>: the OTEL_EXPORTER_OTLP_ENDPOINT */
  readonly endpoint: string;
  spans(): readonly ReceivedSpan[];
  /** requests answered 4xx (wrong path, not JSON) */
  rejected(): number;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let rejected = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        rejected += 1;
        res.writeHead(404).end();
        return;
      }
      let body: OtlpTraces;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpTraces;
      } catch {
        rejected += 1;
        res.writeHead(400).end();
        return;
      }
      for (const rs of body.resourceSpans ?? []) {
        const serviceName = String(attributesOf(rs.resource?.attributes)["service.name"] ?? "");
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? "",
              name: s.name,
              kind: s.kind,
              attributes: attributesOf(s.attributes),
              links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              serviceName,
            });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => spans,
    rejected: () => rejected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
