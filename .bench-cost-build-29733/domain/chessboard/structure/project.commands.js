import { randomUUID } from "node:crypto";
import { decideDeveloperUpsert, decideProjectColumns } from "./project.decide.js";
import { assertMayEditTenant } from "./structure.access.js";
import { enqueueDeveloperUpserted, enqueueProjectUpserted } from "./structure.events.js";
import { developerOrThrow, projectOrThrow } from "./structure.load.js";
function createProjectCommands({ db, clock }) {
  return {
    /** Admin (or the system seed) registers or renames a developer; the id is the TenantId. */
    async upsertDeveloper(viewer, input) {
      assertMayEditTenant(viewer, input.id);
      return db.$transaction(async (tx) => {
        const now = clock.now();
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.id}))`;
        const existing = await tx.chessboardDeveloper.findUnique({ where: { id: input.id } });
        const columns = decideDeveloperUpsert(existing, input);
        const row = existing ? await tx.chessboardDeveloper.update({
          where: { id: input.id },
          data: { ...columns, version: { increment: 1 }, updatedAt: now }
        }) : await tx.chessboardDeveloper.create({
          data: { id: input.id, ...columns, version: 1, createdAt: now, updatedAt: now }
        });
        await enqueueDeveloperUpserted(tx, clock, row);
        return row;
      });
    },
    async createProject(viewer, input) {
      assertMayEditTenant(viewer, input.tenantId);
      const columns = decideProjectColumns(input);
      return db.$transaction(async (tx) => {
        const developer = await developerOrThrow(tx, input.tenantId);
        const now = clock.now();
        const row = await tx.chessboardProject.create({
          data: {
            id: input.id ?? randomUUID(),
            tenantId: developer.id,
            ...columns,
            version: 1,
            createdAt: now,
            updatedAt: now
          }
        });
        await enqueueProjectUpserted(tx, clock, row, developer);
        return row;
      });
    },
    async updateProject(viewer, id, input) {
      const columns = decideProjectColumns(input);
      return db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM chessboard.projects WHERE id = ${id}::uuid FOR UPDATE`;
        const existing = await projectOrThrow(tx, id);
        assertMayEditTenant(viewer, existing.tenantId);
        const developer = await developerOrThrow(tx, existing.tenantId);
        const row = await tx.chessboardProject.update({
          where: { id },
          data: { ...columns, version: { increment: 1 }, updatedAt: clock.now() }
        });
        await enqueueProjectUpserted(tx, clock, row, developer);
        return row;
      });
    }
  };
}
export {
  createProjectCommands
};
//# sourceMappingURL=project.commands.js.map
