import type { Clock } from "../clock/clock.js";
import type { Db } from "../db/prisma-client.js";

/**
 * Feature flags switchable at run time without a restart: a row of platform.feature_flags wins
 * over the default from the settings; every process re-reads a flag at most every `refreshMs`
 * (so a change takes effect everywhere within that time). Flip one with the GraphQL mutation
 * `setFeatureFlag` (admin) or SQL:
 *   INSERT INTO platform.feature_flags (key, enabled, updated_at, updated_by) VALUES (...)
 *   ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at;
 */
export const FEATURE_FLAGS = {
  devStatsFunnel: "dev-stats.funnel.enabled",
} as const;

export type FeatureFlagKey = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];
export const FEATURE_FLAG_KEYS: readonly FeatureFlagKey[] = Object.values(FEATURE_FLAGS);

export function isFeatureFlagKey(key: string): key is FeatureFlagKey {
  return (FEATURE_FLAG_KEYS as readonly string[]).includes(key);
}

export interface FeatureFlags {
  isEnabled(key: FeatureFlagKey): Promise<boolean>;
  set(key: FeatureFlagKey, enabled: boolean, by: string): Promise<void>;
  /** Drop the cache (tests, and the process that just flipped a flag) */
  invalidate(): void;
}

export interface FeatureFlagDeps {
  db: Db;
  clock: Clock;
  refreshMs: number;
  defaults: Readonly<Record<FeatureFlagKey, boolean>>;
}

export function createFeatureFlags(deps: FeatureFlagDeps): FeatureFlags {
  const cache = new Map<FeatureFlagKey, { enabled: boolean; readAt: number }>();
  return {
    async isEnabled(key) {
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && now - hit.readAt < deps.refreshMs) return hit.enabled;
      const rows = await deps.db.$queryRaw<Array<{ enabled: boolean }>>`
        SELECT enabled FROM platform.feature_flags WHERE key = ${key}`;
      const enabled = rows[0]?.enabled ?? deps.defaults[key];
      cache.set(key, { enabled, readAt: now });
      return enabled;
    },
    async set(key, enabled, by) {
      await deps.db.$executeRaw`
        INSERT INTO platform.feature_flags (key, enabled, updated_at, updated_by)
        VALUES (${key}, ${enabled}, ${deps.clock.now()}, ${by})
        ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at,
          updated_by = EXCLUDED.updated_by`;
      cache.delete(key);
    },
    invalidate: () => cache.clear(),
  };
}
