import { INVALID_ID, ValidatedIdScalar, withValidatedIds } from "./ids.js";
import { intRange, listMax, TEXT, text } from "./validators.js";
export {
  INVALID_ID,
  TEXT,
  ValidatedIdScalar,
  intRange,
  listMax,
  text,
  withValidatedIds
};
//# sourceMappingURL=index.js.map
