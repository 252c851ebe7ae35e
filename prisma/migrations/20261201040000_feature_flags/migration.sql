-- Run-time feature flags (src/platform/flags): a row overrides the default from the settings.
CREATE TABLE platform.feature_flags (
  key        text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 100),
  enabled    boolean NOT NULL,
  updated_at timestamptz(6) NOT NULL,
  updated_by text NOT NULL CHECK (length(updated_by) <= 200)
);
