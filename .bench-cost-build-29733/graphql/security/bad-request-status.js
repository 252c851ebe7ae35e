import { GraphQLError } from "graphql";
function useBadRequestStatus() {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          return await requestParser(request);
        } catch (error) {
          const e = error;
          if (e?.name !== "GraphQLError" || e.extensions?.code !== "BAD_REQUEST") throw error;
          throw new GraphQLError(e.message, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });
        }
      });
    }
  };
}
export {
  useBadRequestStatus
};
//# sourceMappingURL=bad-request-status.js.map
