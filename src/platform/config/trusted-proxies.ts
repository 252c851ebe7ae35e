import { BlockList, isIP } from "node:net";

/**
 * Which hops in front of the API are our own proxies (PIN_TRUST_PROXY, issue #25 item 2). The
 * client address is then the right-most address of the forwarding chain that is not a trusted
 * proxy — what Express's `trust proxy` and RFC 7239 define — never the left-most entry, which the
 * client writes itself.
 *
 * - none: the socket's peer is the client (headers ignored);
 * - hops n: the n right-most hops (the peer is the first) are proxies, whatever their addresses;
 * - list: the peer and every hop whose address is in the list (addresses, CIDRs, `loopback`,
 *   `private`) are proxies.
 */
export type TrustProxy =
  | { readonly kind: "none" }
  | { readonly kind: "hops"; readonly hops: number }
  | { readonly kind: "list"; readonly proxies: BlockList; readonly text: string };

/** Entries of a forwarding header looked at, from the right: more proxies than this is not a real chain. */
export const MAX_FORWARDED_HOPS = 32;
export const MAX_TRUSTED_HOPS = 16;

const NAMED_RANGES: Record<string, ReadonlyArray<readonly [string, number, "ipv4" | "ipv6"]>> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  private: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** Parses the setting; throws an Error naming the bad item (the settings loader wraps it). */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0" || text === "no") return { kind: "none" };
  // "true" used to mean "behind a proxy": one hop (the peer), never "trust every hop" (that is the spoof).
  if (text === "true" || text === "yes") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_TRUSTED_HOPS) throw new Error(`at most ${MAX_TRUSTED_HOPS} hops, got ${hops}`);
    return { kind: "hops", hops };
  }
  const proxies = new BlockList();
  for (const item of text.split(",").map((i) => i.trim())) {
    if (item === "") continue;
    const named = NAMED_RANGES[item];
    if (named) {
      for (const [network, prefix, family] of named) proxies.addSubnet(network, prefix, family);
      continue;
    }
    const [address, prefixText, extra] = item.split("/");
    const family = isIP(address ?? "");
    if (!address || family === 0 || extra !== undefined)
      throw new Error(`"${item}" is not an address, a CIDR, loopback or private`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      proxies.addAddress(address, type);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))
      throw new Error(`"${item}": bad prefix length`);
    proxies.addSubnet(address, prefix, type);
  }
  return { kind: "list", proxies, text };
}

/** "::ffff:1.2.3.4" → "1.2.3.4"; anything not an IP address → null. */
export function normalizeAddress(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.startsWith("::ffff:") && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(address) === 0 ? null : address.toLowerCase();
}

function isTrusted(trust: TrustProxy, address: string, hop: number): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return hop < trust.hops;
  return trust.proxies.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: walk the chain from the peer leftwards while the hop is a trusted proxy;
 * the first untrusted hop is the client. A hop a proxy reported that is not an address ("unknown",
 * an obfuscated RFC 7239 node) stops the walk at the proxy that reported it. When every hop is
 * trusted, the left-most is the client.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwarded: readonly string[],
  trust: TrustProxy,
): string {
  let client = normalizeAddress(peer) ?? peer ?? "unknown";
  if (trust.kind === "none") return client;
  const chain = forwarded.slice(-MAX_FORWARDED_HOPS);
  for (let hop = 0; isTrusted(trust, client, hop); hop++) {
    const previous = chain[chain.length - 1 - hop];
    if (previous === undefined) return client;
    const address = normalizeAddress(previous);
    if (!address) return client;
    client = address;
  }
  return client;
}

/** X-Forwarded-For header lines → the entries, left to right. */
export function xForwardedForChain(header: string | readonly string[] | undefined): string[] {
  if (header === undefined) return [];
  const lines = typeof header === "string" ? [header] : header;
  return lines.flatMap((line) => line.split(",").map((entry) => stripPort(entry.trim())));
}

/**
 * RFC 7239 `Forwarded` header lines → the `for=` node of each element, left to right (quoted
 * strings, IPv6 in brackets, ports and parameter-name case handled; an element without `for` is "").
 */
export function forwardedChain(header: string | readonly string[] | undefined): string[] {
  if (header === undefined) return [];
  const text = typeof header === "string" ? header : header.join(",");
  const nodes: string[] = [];
  for (const element of splitOutsideQuotes(text, ",")) {
    let node = "";
    for (const pair of splitOutsideQuotes(element, ";")) {
      const eq = pair.indexOf("=");
      if (eq < 0 || pair.slice(0, eq).trim().toLowerCase() !== "for") continue;
      node = unquote(pair.slice(eq + 1).trim());
    }
    nodes.push(stripPort(node));
  }
  return nodes;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' && text[i - 1] !== "\\") quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, "$1")
    : value;
}

/** "[2001:db8::1]:4711" → "2001:db8::1"; "192.0.2.1:80" → "192.0.2.1"; a bare IPv6 stays. */
function stripPort(node: string): string {
  if (node.startsWith("[")) {
    const end = node.indexOf("]");
    return end > 0 ? node.slice(1, end) : node;
  }
  const colon = node.indexOf(":");
  if (colon > 0 && colon === node.lastIndexOf(":")) return node.slice(0, colon);
  return node;
}
