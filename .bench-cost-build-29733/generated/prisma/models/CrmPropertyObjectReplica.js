//# sourceMappingURL=CrmPropertyObjectReplica.js.map
