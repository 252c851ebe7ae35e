import { lockProjects } from "./sql/lock-projects.js";
import { projectsTouched } from "./sql/projects-touched.js";
async function lockTargetProjects(tx, targets) {
  const ids = await projectsTouched(tx, targets);
  await lockProjects(tx, ids);
  return ids;
}
export {
  lockTargetProjects
};
//# sourceMappingURL=lock-target-projects.js.map
