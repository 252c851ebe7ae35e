const PRODUCTION_REQUIREMENTS = {
  KAFKA_BROKERS: { unless: "PIN_EVENT_TRANSPORT=local" },
  PIN_JWT_SECRET: { unless: "PIN_JWT_JWKS_URL is set" }
};
export {
  PRODUCTION_REQUIREMENTS
};
//# sourceMappingURL=production-requirements.js.map
