/**
 * What chessboard's reads and commands hand to the transports: plain read models, never generated
 * Prisma types (decision 0004). The GraphQL types are built on these. A stored row satisfies them
 * structurally, so a command may return its row; decimals are anything printable as a number.
 */
export interface Printable {
  toString(): string;
}

export interface DeveloperView {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly version: number;
}

export interface ProjectView {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  readonly status: string;
  readonly type: string;
  readonly class: string;
  readonly addressLine: string;
  readonly cityName: string | null;
  readonly version: number;
}

export interface BuildingView {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly status: string;
  readonly floorsTotal: number;
  readonly sectionsCount: number;
  readonly deliveryYear: number | null;
  readonly deliveryQuarter: number | null;
  readonly readinessPercent: number | null;
  readonly version: number;
}

export interface PropertyObjectView {
  readonly id: string;
  readonly buildingId: string;
  readonly projectId: string;
  readonly tenantId: string;
  readonly number: string;
  readonly floor: number;
  readonly section: number | null;
  readonly rooms: number;
  readonly totalArea: Printable;
  readonly livingArea: Printable | null;
  readonly price: Printable;
  readonly currencyIsoCode: string;
  readonly propertyType: string;
  readonly status: string;
  readonly holdDealId: string | null;
  readonly holdBookingId: string | null;
  readonly reservedUntil: Date | null;
  readonly bookedUntil: Date | null;
  readonly soldAt: Date | null;
  readonly version: number;
}
