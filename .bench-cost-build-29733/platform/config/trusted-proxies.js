import { BlockList, isIP } from "node:net";
const MAX_FORWARDED_HOPS = 32;
const MAX_TRUSTED_HOPS = 16;
const NAMED_RANGES = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"]
  ],
  private: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"]
  ]
};
function parseTrustProxy(raw) {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0" || text === "no") return { kind: "none" };
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
      for (const [network, prefix2, family2] of named) proxies.addSubnet(network, prefix2, family2);
      continue;
    }
    const [address, prefixText, extra] = item.split("/");
    const family = isIP(address ?? "");
    if (!address || family === 0 || extra !== void 0)
      throw new Error(`"${item}" is not an address, a CIDR, loopback or private`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === void 0) {
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
function normalizeAddress(value) {
  if (!value) return null;
  const address = value.startsWith("::ffff:") && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(address) === 0 ? null : address.toLowerCase();
}
function isTrusted(trust, address, hop) {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return hop < trust.hops;
  return trust.proxies.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}
function resolveClientAddress(peer, forwarded, trust) {
  let client = normalizeAddress(peer) ?? peer ?? "unknown";
  if (trust.kind === "none") return client;
  const chain = forwarded.slice(-MAX_FORWARDED_HOPS);
  for (let hop = 0; isTrusted(trust, client, hop); hop++) {
    const previous = chain[chain.length - 1 - hop];
    if (previous === void 0) return client;
    const address = normalizeAddress(previous);
    if (!address) return client;
    client = address;
  }
  return client;
}
function xForwardedForChain(header) {
  if (header === void 0) return [];
  const lines = typeof header === "string" ? [header] : header;
  return lines.flatMap((line) => line.split(",").map((entry) => stripPort(entry.trim())));
}
function forwardedChain(header) {
  if (header === void 0) return [];
  const text = typeof header === "string" ? header : header.join(",");
  const nodes = [];
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
function splitOutsideQuotes(text, separator) {
  const parts = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' && text[i - 1] !== "\\") quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}
function unquote(value) {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
}
function stripPort(node) {
  if (node.startsWith("[")) {
    const end = node.indexOf("]");
    return end > 0 ? node.slice(1, end) : node;
  }
  const colon = node.indexOf(":");
  if (colon > 0 && colon === node.lastIndexOf(":")) return node.slice(0, colon);
  return node;
}
export {
  MAX_FORWARDED_HOPS,
  MAX_TRUSTED_HOPS,
  forwardedChain,
  normalizeAddress,
  parseTrustProxy,
  resolveClientAddress,
  xForwardedForChain
};
//# sourceMappingURL=trusted-proxies.js.map
