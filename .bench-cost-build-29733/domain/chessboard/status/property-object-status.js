function deriveStatus(state) {
  if (state.hold) return state.hold.phase;
  if (state.hiddenSelf || state.hiddenByBuilding) return "Hidden";
  if (state.soldAt) return "Sold";
  return "Free";
}
function publishedStatus(status, buildingStatus) {
  if (buildingStatus === "Published" || status === "Reserved" || status === "Booked") return status;
  return "Hidden";
}
export {
  deriveStatus,
  publishedStatus
};
//# sourceMappingURL=property-object-status.js.map
