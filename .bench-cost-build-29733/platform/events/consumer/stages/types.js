const DUPLICATE = "skipped-duplicate";
const PARKED_BEHIND = "parked-behind";
const pairOf = (m) => `${m.topic}\0${m.key}`;
class InfrastructureSignal {
  constructor(error) {
    this.error = error;
  }
  error;
}
class OptimisticAbort {
}
export {
  DUPLICATE,
  InfrastructureSignal,
  OptimisticAbort,
  PARKED_BEHIND,
  pairOf
};
//# sourceMappingURL=types.js.map
