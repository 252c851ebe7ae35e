// The demo pages' one GraphQL client (dev mode only): a token from GET /dev/token, then POST /graphql.

window.pinDemo = (() => {
  let token = "";
  return {
    /** Signs in as a demo user of `role` (agent, developer_manager, …); returns the token. */
    async signIn(role) {
      const res = await fetch(`/dev/token?role=${encodeURIComponent(role)}`);
      if (!res.ok) throw new Error(`GET /dev/token: ${res.status}`);
      token = (await res.json()).token;
      return token;
    },
    /** One operation; throws on GraphQL errors (typed errors come back as data). */
    async graphql(query, variables) {
      const res = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = await res.json();
      if (body.errors) throw new Error(body.errors.map((e) => e.message).join("; "));
      return body.data;
    },
  };
})();
