const DEAL_STATUSES = ["Draft", "Application", "Booking", "Sale", "Cancelled"];
const BOOKABLE_DEAL_STATUSES = ["Application", "Booking"];
const FINISHED_DEAL_STATUSES = ["Sale", "Cancelled"];
export {
  BOOKABLE_DEAL_STATUSES,
  DEAL_STATUSES,
  FINISHED_DEAL_STATUSES
};
//# sourceMappingURL=deal.types.js.map
