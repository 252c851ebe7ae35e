const BOOKING_TABLE = {
  table: "crm.bookings",
  changeable: {
    status: { column: "status", type: "text" },
    reserveExpiresAt: { column: "reserve_expires_at", type: "timestamptz" },
    bookingExpiresAt: { column: "booking_expires_at", type: "timestamptz" },
    paymentStatus: { column: "payment_status", type: "text" },
    contractFileId: { column: "contract_file_id", type: "text" },
    receiptFileId: { column: "receipt_file_id", type: "text" },
    cancelReason: { column: "cancel_reason", type: "text" },
    confirmedAt: { column: "confirmed_at", type: "timestamptz" },
    endedAt: { column: "ended_at", type: "timestamptz" }
  }
};
export {
  BOOKING_TABLE
};
//# sourceMappingURL=booking.columns.js.map
