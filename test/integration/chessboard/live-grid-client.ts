import type { Client } from "graphql-ws";

/** What a front-end keeps per object: the reference implementation of the client protocol. */
export interface CellState {
  status: string;
  price: string;
  version: number;
}

export interface ChessboardUpdateMessage {
  __typename: "ChessboardSnapshot" | "PropertyObjectStatusDelta" | "PropertyObjectPriceDelta";
  grids?: Array<{
    sections: Array<{
      floors: Array<{ cells: Array<{ id: string; status: string; price: string; version: number }> }>;
    }>;
  }>;
  propertyObjectId?: string;
  status?: string;
  price?: string;
  version?: number;
}

export const UPDATES_SUBSCRIPTION = `
  subscription($buildingId: ID, $projectId: ID) {
    chessboardUpdates(buildingId: $buildingId, projectId: $projectId) {
      __typename
      ... on ChessboardSnapshot { grids { sections { floors { cells { id status price version } } } } }
      ... on PropertyObjectStatusDelta { propertyObjectId status version }
      ... on PropertyObjectPriceDelta { propertyObjectId price version }
    }
  }`;

/**
 * The protocol of docs/engineering/chessboard.md: a snapshot replaces everything; a delta applies only when
 * its version is greater than the version held for the object.
 */
export function createGridState() {
  const cells = new Map<string, CellState>();
  return {
    cells,
    apply(message: ChessboardUpdateMessage): "replaced" | "applied" | "dropped" {
      if (message.__typename === "ChessboardSnapshot") {
        cells.clear();
        for (const grid of message.grids ?? [])
          for (const section of grid.sections)
            for (const floor of section.floors)
              for (const cell of floor.cells)
                cells.set(cell.id, { status: cell.status, price: cell.price, version: cell.version });
        return "replaced";
      }
      const id = message.propertyObjectId!;
      const held = cells.get(id);
      if (held && message.version! <= held.version) return "dropped";
      const next = { ...(held ?? { status: "Free", price: "0", version: 0 }), version: message.version! };
      if (message.status !== undefined) next.status = message.status;
      if (message.price !== undefined) next.price = message.price;
      cells.set(id, next);
      return "applied";
    },
  };
}

/** Subscribes and returns a pull-based reader of the messages (the test awaits each one). */
export function subscribeUpdates(client: Client, variables: { buildingId?: string; projectId?: string }) {
  const iterator = client.iterate<{ chessboardUpdates: ChessboardUpdateMessage }>({
    query: UPDATES_SUBSCRIPTION,
    variables,
  });
  return {
    async next(): Promise<ChessboardUpdateMessage> {
      const result = await iterator.next();
      if (result.done) throw new Error("subscription ended");
      if (result.value.errors) throw new Error(JSON.stringify(result.value.errors));
      return result.value.data!.chessboardUpdates;
    },
    /** Reads until a message satisfies `match` (earlier ones are returned too, for assertions). */
    async until(match: (m: ChessboardUpdateMessage) => boolean): Promise<ChessboardUpdateMessage[]> {
      const seen: ChessboardUpdateMessage[] = [];
      for (;;) {
        const message = await this.next();
        seen.push(message);
        if (match(message)) return seen;
      }
    },
    close: () => iterator.return?.(),
  };
}
