import { createRequire } from "node:module";
import { ValidationError } from "../../platform/errors/domain-error.js";
class ScalarInputError extends ValidationError {
  extensions;
  constructor(code, message) {
    super(code, message);
    this.extensions = { code };
  }
}
const nodeGraphql = createRequire(import.meta.url)("graphql");
function wsGraphQLError(message, code) {
  return new nodeGraphql.GraphQLError(message, { extensions: { code } });
}
export {
  ScalarInputError,
  wsGraphQLError
};
//# sourceMappingURL=input-error.js.map
