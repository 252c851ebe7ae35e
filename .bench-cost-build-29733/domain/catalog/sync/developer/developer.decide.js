import { NAME_MAX, truncate } from "../../vocabulary/card-vocabulary.js";
import { requireId, requireText, requireVersion } from "../../vocabulary/payload-rules.js";
function decideDeveloperUpsert(payload) {
  const warnings = [];
  requireId("Id", payload.Id);
  requireVersion(payload.Version);
  const name = truncate(requireText("Name", payload.Name), NAME_MAX, "Name", warnings);
  return { developerId: payload.Id, name, logoFileId: payload.LogoFileId, warnings };
}
export {
  decideDeveloperUpsert
};
//# sourceMappingURL=developer.decide.js.map
