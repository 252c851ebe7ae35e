import { GraphQLError } from "graphql";
import { DomainError } from "../../platform/errors/domain-error.js";

/**
 * Connections keep the plain Relay shape (no result union), so a bad cursor or page size surfaces
 * as a GraphQL error carrying the stable code instead of being masked as an internal error.
 */
export async function connectionPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.category === "validation") {
      throw new GraphQLError(error.message, { extensions: { code: error.code, details: error.details } });
    }
    throw error;
  }
}
