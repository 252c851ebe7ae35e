import type { DeveloperStatus } from "../../../contracts/chessboard-events.js";

/** crm's copy of a chessboard developer (the tenant): what engageDeveloper checks. */
export interface DeveloperReplica {
  readonly id: string;
  readonly status: DeveloperStatus;
  readonly version: number;
}
