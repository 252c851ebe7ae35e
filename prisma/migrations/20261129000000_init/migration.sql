-- One schema per bounded context, plus `platform` for the event platform's tables.
CREATE SCHEMA IF NOT EXISTS "platform";
CREATE SCHEMA IF NOT EXISTS "crm";
CREATE SCHEMA IF NOT EXISTS "chessboard";
CREATE SCHEMA IF NOT EXISTS "catalog";
