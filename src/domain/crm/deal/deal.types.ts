export const DEAL_STATUSES = ["Draft", "Application", "Booking", "Sale", "Cancelled"] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** INV-BKG-2: a booking starts only for a deal whose developer is engaged. */
export const BOOKABLE_DEAL_STATUSES = ["Application", "Booking"] as const satisfies readonly DealStatus[];

/** A deal in these statuses is over: commands that need a live deal answer CRM_DEAL_NOT_ACTIVE. */
export const FINISHED_DEAL_STATUSES = ["Sale", "Cancelled"] as const satisfies readonly DealStatus[];

export interface Deal {
  readonly id: string;
  /** The developer (tenant); null while Draft (developer not engaged yet). */
  readonly tenantId: string | null;
  readonly status: DealStatus;
  readonly agentUserId: string | null;
  readonly investorUserId: string | null;
  readonly createdByUserId: string;
  readonly title: string;
  readonly cancelReason: string | null;
  readonly createdAt: Date;
  readonly version: number;
}
