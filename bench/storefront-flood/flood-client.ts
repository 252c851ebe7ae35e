// The flood benchmark's HTTP client and its requests (node:http, keep-alive: a load generator's
// client, decision 0205).
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface FloodClient {
  post(body: unknown, from: { address?: string; token?: string }): Promise<void>;
  /** "<who> <code or ok>" → answers */
  readonly answers: Map<string, number>;
}

export function floodClient(url: string): FloodClient {
  const answers = new Map<string, number>();
  const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  return {
    answers,
    post(body, from) {
      const payload = Buffer.from(JSON.stringify(body));
      const who = from.token
        ? "agent"
        : from.address?.startsWith("10.9.")
          ? `anon ${from.address}`
          : "bystander";
      return new Promise<void>((resolve, reject) => {
        const request = http.request(
          url,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              "content-length": payload.length,
              ...(from.address ? { "x-forwarded-for": from.address } : {}),
              ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (c: Buffer) => chunks.push(c));
            response.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              const code =
                /"code":"([A-Z_]+)"/.exec(text)?.[1] ??
                (response.statusCode === 200 ? "ok" : String(response.statusCode));
              count(`${who} ${code}`);
              resolve();
            });
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(payload);
      });
    },
  };
}

export const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const LOT = "id title price roomsCount projectName";
const FACETS = `total regions { value count } cities { value count } rooms { value count } price { min max }
  area { min max } propertyClasses { value count } developers { value count } projects { value count }`;
const WORDS = [
  "квартира",
  "студия",
  "однокомнатная",
  "двухкомнатная",
  "трёхкомнатная",
  "апартаменты",
  "квартира студия",
  "квартира евро",
];

type Body = { query: string; variables?: Record<string, unknown> };

export const FLOOD_QUERIES = {
  lotsPage: (): Body => ({ query: `{ lots(first: 20) { edges { node { ${LOT} } } } }` }),
  /** The anonymous flood request: `n` aliased catalogFilters with a lot-level word. */
  aliasedFacets: (n: number): Body => ({
    query: `query($f: LotFilter) { ${Array.from({ length: n }, (_, i) => `f${i}: catalogFilters(filter: $f) { ${FACETS} }`).join(" ")} }`,
    variables: { f: { q: "квартира" } },
  }),
  /** One heavy field each, varied by i (so a facet cache does not answer them all). */
  heavy: (): Record<string, (i: number) => Body> => ({
    "catalogFilters(q)": (i) => ({
      query: `query($f: LotFilter) { catalogFilters(filter: $f) { ${FACETS} } }`,
      variables: { f: { q: WORDS[i % WORDS.length], ...(i >= WORDS.length ? { rooms: [i % 5] } : {}) } },
    }),
    "lots DISTANCE (200 km)": (i) => ({
      query: `query($f: LotFilter) { lots(filter: $f, sort: DISTANCE, first: 20) { edges { node { ${LOT} } } } }`,
      variables: { f: { near: { latitude: 55.5 + (i % 10) * 0.01, longitude: 37.4, radiusKm: 200 } } },
    }),
    "lotClusters zoom 22 with q": (i) => ({
      query: `query($f: LotFilter) { lotClusters(viewport: { south: 54.5, west: 36, north: 56.5, east: 39 }, zoom: 22, filter: $f) { total cells { count } } }`,
      variables: { f: { q: WORDS[i % WORDS.length] } },
    }),
  }),
};
