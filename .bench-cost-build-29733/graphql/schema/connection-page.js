import { GraphQLError } from "graphql";
import { DomainError } from "../../platform/errors/domain-error.js";
async function connectionPage(read) {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.category === "validation") {
      throw new GraphQLError(error.message, { extensions: { code: error.code, details: error.details } });
    }
    throw error;
  }
}
export {
  connectionPage
};
//# sourceMappingURL=connection-page.js.map
