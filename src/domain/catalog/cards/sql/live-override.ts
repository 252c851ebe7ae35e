import { Prisma } from "../../../../generated/prisma/client.js";

/** An override row (table alias `alias`) that is live at `now`: no expiry or one still ahead. */
export const liveOverride = (alias: string, now: Date) =>
  Prisma.sql`(${Prisma.raw(alias)}.expires_at IS NULL OR ${Prisma.raw(alias)}.expires_at > ${now})`;
