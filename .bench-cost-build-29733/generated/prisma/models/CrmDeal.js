//# sourceMappingURL=CrmDeal.js.map
