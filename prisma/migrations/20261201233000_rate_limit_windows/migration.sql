-- Shared rate-limit windows (issue #25): API replicas on one database count each caller together.
-- One row per caller key and one-minute window; UNLOGGED (no WAL: a lost window after a crash only
-- forgets a minute of counts). Old windows are deleted by the limiter itself.
CREATE UNLOGGED TABLE platform.rate_limit_windows (
  key          text NOT NULL CHECK (length(key) <= 200),
  window_start timestamptz(3) NOT NULL,
  used         integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (key, window_start)
);
