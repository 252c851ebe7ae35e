import { describe, expect, it } from "vitest";
import { STOP_ORDER, type StopStage, stopInOrder } from "./stop-order.js";

describe("the declared stop order (issue #41 item 4)", () => {
  it("is api, consumers, workers, the operations listener, then the infrastructure", () => {
    expect(STOP_ORDER).toEqual(["api", "consumers", "workers", "operations", "infrastructure"]);
  });

  it("stops the parts present in that order whatever order they were given in, each after the previous finished", async () => {
    const events: string[] = [];
    const part = (stage: StopStage) => ({
      async stop() {
        events.push(`${stage} begins`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`${stage} ends`);
      },
    });
    // Given (and started) in another order, as the composition root starts them.
    const stopped = await stopInOrder(
      {
        infrastructure: part("infrastructure"),
        workers: part("workers"),
        api: part("api"),
        consumers: part("consumers"),
      },
      () => {},
    );
    expect(stopped).toEqual(["api", "consumers", "workers", "infrastructure"]);
    expect(events).toEqual([
      "api begins",
      "api ends",
      "consumers begins",
      "consumers ends",
      "workers begins",
      "workers ends",
      "infrastructure begins",
      "infrastructure ends",
    ]);
  });

  it("a part that fails to stop is reported and the next still stops", async () => {
    const errors: Array<[StopStage, string]> = [];
    const order: StopStage[] = [];
    const stopped = await stopInOrder(
      {
        consumers: {
          async stop() {
            order.push("consumers");
            throw new Error("broker gone");
          },
        },
        operations: {
          async stop() {
            order.push("operations");
          },
        },
      },
      (stage, error) => errors.push([stage, (error as Error).message]),
    );
    expect(order).toEqual(["consumers", "operations"]);
    expect(stopped).toEqual(["consumers", "operations"]);
    expect(errors).toEqual([["consumers", "broker gone"]]);
  });
});
