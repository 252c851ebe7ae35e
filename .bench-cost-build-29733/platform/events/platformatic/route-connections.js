import { ConnectionPool } from "@platformatic/kafka";
function routeConnections(client, map) {
  const pools = Object.getOwnPropertySymbols(client).map((symbol) => Reflect.get(client, symbol)).filter((value) => value instanceof ConnectionPool);
  if (pools.length === 0)
    throw new Error(
      "routeConnections: no ConnectionPool on the @platformatic/kafka client (its internals changed)"
    );
  for (const pool of pools) {
    const get = pool.get.bind(pool);
    const route = (broker) => broker?.host == null || broker.port == null ? broker : map(broker);
    Object.defineProperty(pool, "get", {
      value: (broker, callback) => get(route(broker), callback),
      configurable: true,
      writable: true
    });
    const established = pool.getEstablishedConnection.bind(pool);
    Object.defineProperty(pool, "getEstablishedConnection", {
      value: (broker) => established(route(broker)),
      configurable: true,
      writable: true
    });
  }
}
export {
  routeConnections
};
//# sourceMappingURL=route-connections.js.map
