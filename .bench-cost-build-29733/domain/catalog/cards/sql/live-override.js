import { Prisma } from "../../../../generated/prisma/client.js";
const liveOverride = (alias, now) => Prisma.sql`(${Prisma.raw(alias)}.expires_at IS NULL OR ${Prisma.raw(alias)}.expires_at > ${now})`;
export {
  liveOverride
};
//# sourceMappingURL=live-override.js.map
