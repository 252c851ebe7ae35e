import { type Broker, ConnectionPool } from "@platformatic/kafka";

/** Where a client connects for a broker the bootstrap list or the cluster metadata names. */
export type BrokerAddressMap = (broker: Broker) => Broker;

/**
 * Sends every connection of a @platformatic/kafka client to `map(broker)` instead of the broker's
 * own address — the bootstrap connection, the partition leaders and the coordinators alike.
 * @platformatic/kafka 2.x has no socket factory (kafkajs' `socketFactory`): its `Connection` calls
 * `net.createConnection(host, port)` itself. Every connection it opens comes from its client's
 * `ConnectionPool.get` (`getFirstAvailable`, used for the bootstrap, calls `get` too), so that
 * one method of the client's pool(s) is wrapped. Used by tests to route the relay through a
 * stoppable TCP proxy (decision 0430). Throws when the client holds no pool: the library's
 * internals changed and the route would silently not apply.
 */
export function routeConnections(client: object, map: BrokerAddressMap): void {
  const pools = Object.getOwnPropertySymbols(client)
    .map((symbol) => Reflect.get(client, symbol))
    .filter((value): value is ConnectionPool => value instanceof ConnectionPool);
  if (pools.length === 0)
    throw new Error(
      "routeConnections: no ConnectionPool on the @platformatic/kafka client (its internals changed)",
    );
  for (const pool of pools) {
    const get = pool.get.bind(pool) as (broker: Broker, callback?: unknown) => unknown;
    const route = (broker: Broker): Broker =>
      broker?.host == null || broker.port == null ? broker : map(broker);
    Object.defineProperty(pool, "get", {
      value: (broker: Broker, callback?: unknown) => get(route(broker), callback),
      configurable: true,
      writable: true,
    });
    const established = pool.getEstablishedConnection.bind(pool);
    Object.defineProperty(pool, "getEstablishedConnection", {
      value: (broker: Broker) => established(route(broker)),
      configurable: true,
      writable: true,
    });
  }
}
