function createDevStatsServices(devstats) {
  return { reads: devstats.reads, flags: devstats.flags };
}
export {
  createDevStatsServices
};
//# sourceMappingURL=devstats.services.js.map
