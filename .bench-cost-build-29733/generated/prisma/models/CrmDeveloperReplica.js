//# sourceMappingURL=CrmDeveloperReplica.js.map
