import type { CardKindContract } from "../../../contracts/messenger-events.js";
import { assertNever } from "../../../platform/errors/domain-error.js";
import type { BookingFact } from "./booking-fact.js";

export type CardKind = CardKindContract;

export const CARD_KINDS: readonly CardKind[] = [
  "BookingCreated",
  "ContractPaid",
  "ReserveExpiredConfirmBooking",
  "BookingExpiredConfirmOrExtend",
];

/** What messenger knows about the apartment (its replica of chessboard's property objects). */
export interface Apartment {
  readonly number: string;
  readonly floor: number | null;
  readonly price: string;
  readonly currency: string | null;
}

/** A system card: typed, with the figures a front end renders (apartment, deadline, amount). */
export interface Card {
  readonly kind: CardKind;
  readonly bookingId: string;
  readonly propertyObjectId: string;
  readonly title: string;
  readonly apartmentNumber: string | null;
  readonly floor: number | null;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly deadline: Date | null;
}

function apartmentLabel(apartment: Apartment | null): string {
  return apartment ? `apartment ${apartment.number}` : "the apartment";
}

/**
 * Which card a booking transition puts into the deal chat (the saga's side effects, ADR-0055):
 * booking-created → the booking card; booking-paid → "contract paid"; booking-expired in phase
 * Reserve → "reserve time expired — confirm the booking"; in phase Booking → "confirm or extend".
 * Pure: the apartment's figures are passed in (null when messenger has not seen the object).
 */
export function decideCard(fact: BookingFact, apartment: Apartment | null): Card {
  const figures = {
    bookingId: fact.bookingId,
    propertyObjectId: fact.propertyObjectId,
    apartmentNumber: apartment?.number ?? null,
    floor: apartment?.floor ?? null,
    amount: apartment?.price ?? null,
    currency: apartment?.currency ?? null,
  };
  const label = apartmentLabel(apartment);
  switch (fact.type) {
    case "created":
      return {
        ...figures,
        kind: "BookingCreated",
        title: `Booking created: ${label} is reserved until the deadline${fact.isPaid ? " (paid programme)" : ""}`,
        deadline: fact.reserveExpiresAt,
      };
    case "paid":
      return {
        ...figures,
        kind: "ContractPaid",
        title: `Contract paid: ${label} is booked`,
        deadline: null,
      };
    case "expired":
      return fact.phase === "Reserve"
        ? {
            ...figures,
            kind: "ReserveExpiredConfirmBooking",
            title: `Reserve time expired — confirm the booking of ${label}`,
            deadline: fact.expiresAt,
          }
        : {
            ...figures,
            kind: "BookingExpiredConfirmOrExtend",
            title: `Booking time expired — confirm or extend the booking of ${label}`,
            deadline: fact.expiresAt,
          };
    default:
      return assertNever(fact, "booking fact");
  }
}
