import { describe, expect, it } from "vitest";
import {
  forwardedChain,
  parseTrustProxy,
  resolveClientAddress,
  xForwardedForChain,
} from "./trusted-proxies.js";

const resolve = (peer: string, xff: string, setting: string) =>
  resolveClientAddress(peer, xForwardedForChain(xff), parseTrustProxy(setting));

describe("issue #25 item 2: the client address behind proxies is the right-most untrusted hop", () => {
  it("without trusted proxies the socket's peer is the client, whatever the headers say", () => {
    expect(resolve("198.51.100.9", "1.2.3.4", "false")).toBe("198.51.100.9");
    expect(resolve("::ffff:198.51.100.9", "1.2.3.4", "")).toBe("198.51.100.9");
  });

  it("a client-written left-most X-Forwarded-For entry is never taken (hop count)", () => {
    // client 203.0.113.7 sends "X-Forwarded-For: 6.6.6.6"; our one proxy (the peer) appends 203.0.113.7
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.7", "1")).toBe("203.0.113.7");
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.7", "true")).toBe("203.0.113.7");
    // two proxies: the peer and the one before it
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", "2")).toBe("203.0.113.7");
    // a shorter chain than the hops: the left-most there is
    expect(resolve("10.0.0.2", "203.0.113.7", "3")).toBe("203.0.113.7");
  });

  it("trusted proxy addresses and CIDRs: walk left past them only", () => {
    const setting = "10.0.0.0/8, 2001:db8::/32, 192.0.2.1";
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.7, 192.0.2.1", setting)).toBe("203.0.113.7");
    expect(resolve("2001:db8::5", "6.6.6.6, 2001:db8:1::1", setting)).toBe("6.6.6.6");
    // the peer is not one of ours: the headers are the client's own words
    expect(resolve("198.51.100.9", "203.0.113.7", setting)).toBe("198.51.100.9");
    expect(resolve("127.0.0.1", "6.6.6.6, 203.0.113.7", "loopback")).toBe("203.0.113.7");
    // every hop trusted: the left-most is the client
    expect(resolve("10.0.0.2", "10.1.1.1, 10.2.2.2", setting)).toBe("10.1.1.1");
  });

  it("a hop that is not an address stops at the proxy that reported it", () => {
    expect(resolve("10.0.0.2", "6.6.6.6, garbage", "private")).toBe("10.0.0.2");
    expect(resolve("10.0.0.2", "", "private")).toBe("10.0.0.2");
  });

  it("RFC 7239 Forwarded: for= of each element, quoted, with ports and IPv6 brackets", () => {
    expect(
      forwardedChain(
        'for=6.6.6.6;proto=https, For="[2001:db8:cafe::17]:4711";by=10.0.0.1, for=203.0.113.7:80',
      ),
    ).toEqual(["6.6.6.6", "2001:db8:cafe::17", "203.0.113.7"]);
    expect(forwardedChain(["for=unknown", 'for="_hidden";proto=http', "proto=http"])).toEqual([
      "unknown",
      "_hidden",
      "",
    ]);
    const chain = forwardedChain('for=6.6.6.6, for="[2001:db8::17]:4711", for=10.0.0.1');
    expect(resolveClientAddress("10.0.0.2", chain, parseTrustProxy("private"))).toBe("2001:db8::17");
    expect(
      resolveClientAddress("10.0.0.2", forwardedChain("for=6.6.6.6, for=_x"), parseTrustProxy("1")),
    ).toBe("10.0.0.2");
  });

  it("the setting refuses what it cannot mean", () => {
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/prefix/);
    expect(() => parseTrustProxy("proxy.internal")).toThrow(/not an address/);
    expect(() => parseTrustProxy("99")).toThrow(/hops/);
    expect(parseTrustProxy("0")).toEqual({ kind: "none" });
  });
});
