-- Issue #42 item 7: the shared rate-limit windows are LOGGED. An UNLOGGED table is emptied by
-- crash recovery, which handed every caller's spent budget back at once.
ALTER TABLE platform.rate_limit_windows SET LOGGED;
