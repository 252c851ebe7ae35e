import { ValidationError } from "../../../platform/errors/domain-error.js";
import { FEATURE_FLAG_KEYS, isFeatureFlagKey } from "../../../platform/flags/feature-flags.js";
import { builder } from "../../builder.js";
import { devstatsOf } from "./devstats-context.js";
const FeatureFlag = builder.objectRef("FeatureFlag").implement({
  description: "A run-time switch (platform.feature_flags); every process sees a change within PIN_FEATURE_FLAG_REFRESH_MS.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "The flag's name (one of the keys setFeatureFlag lists)" }),
    enabled: t.exposeBoolean("enabled", { description: "Whether the feature is on" })
  })
});
builder.mutationField(
  "setFeatureFlag",
  (t) => t.field({
    type: FeatureFlag,
    description: `Switch a run-time feature flag without a restart (admin only). Keys: ${FEATURE_FLAG_KEYS.join(", ")}. Errors: FEATURE_FLAG_UNKNOWN.`,
    authScopes: { role: ["admin"] },
    errors: {},
    args: { key: t.arg.string({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: async (_root, { key, enabled }, ctx) => {
      if (!isFeatureFlagKey(key))
        throw new ValidationError("FEATURE_FLAG_UNKNOWN", `Unknown feature flag ${key.slice(0, 100)}`);
      const flags = devstatsOf(ctx).flags;
      await flags.set(key, enabled, ctx.viewer?.userId ?? "unknown");
      return { key, enabled: await flags.isEnabled(key) };
    }
  })
);
//# sourceMappingURL=feature-flags.js.map
