const FEATURE_FLAGS = {
  devStatsFunnel: "dev-stats.funnel.enabled"
};
const FEATURE_FLAG_KEYS = Object.values(FEATURE_FLAGS);
function isFeatureFlagKey(key) {
  return FEATURE_FLAG_KEYS.includes(key);
}
function createFeatureFlags(deps) {
  const cache = /* @__PURE__ */ new Map();
  return {
    async isEnabled(key) {
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && now - hit.readAt < deps.refreshMs) return hit.enabled;
      const rows = await deps.db.$queryRaw`
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
    invalidate: () => cache.clear()
  };
}
export {
  FEATURE_FLAGS,
  FEATURE_FLAG_KEYS,
  createFeatureFlags,
  isFeatureFlagKey
};
//# sourceMappingURL=feature-flags.js.map
