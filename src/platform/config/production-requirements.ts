/**
 * What NODE_ENV=production requires of the app's settings, as docs/guide/configuration.md states it.
 * Each is enforced by loadSettings (a unit test proves every entry refuses a start without it);
 * CLI commands need only DATABASE_URL (decision 0552).
 */
export const PRODUCTION_REQUIREMENTS: Readonly<Record<string, { readonly unless: string }>> = {
  KAFKA_BROKERS: { unless: "PIN_EVENT_TRANSPORT=local" },
  PIN_JWT_SECRET: { unless: "PIN_JWT_JWKS_URL is set" },
};
