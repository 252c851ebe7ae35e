function pgRunner(client) {
  return {
    async rows(text, values) {
      return (await client.query(text, values)).rows;
    },
    async execute(text, values) {
      return (await client.query(text, values)).rowCount ?? 0;
    }
  };
}
function literal(client, value) {
  if (value === null || value === void 0) return "NULL";
  if (Buffer.isBuffer(value)) return `'\\x${value.toString("hex")}'::bytea`;
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === "string") return client.escapeLiteral(value);
  throw new Error(`no SQL literal for a ${typeof value}`);
}
function openingRunner(client) {
  let begun = false;
  const first = async (text, values) => {
    const sql = text.replace(/\$(\d+)/g, (_, n) => literal(client, values[Number(n) - 1]));
    begun = true;
    const results = await client.query(`BEGIN; ${sql}`);
    return results[results.length - 1];
  };
  const direct = pgRunner(client);
  const runner = {
    async rows(text, values) {
      return begun ? direct.rows(text, values) : (await first(text, values)).rows;
    },
    async execute(text, values) {
      return begun ? direct.execute(text, values) : (await first(text, values)).rowCount ?? 0;
    }
  };
  return {
    runner,
    get begun() {
      return begun;
    },
    async begin() {
      if (begun) return;
      begun = true;
      await client.query("BEGIN");
    }
  };
}
function prismaRunner(tx) {
  return {
    rows: (text, values) => tx.$queryRawUnsafe(text, ...values),
    execute: (text, values) => tx.$executeRawUnsafe(text, ...values)
  };
}
async function executeNamed(db, name, text, values) {
  return (await db.query({ name, text, values })).rowCount ?? 0;
}
export {
  executeNamed,
  openingRunner,
  pgRunner,
  prismaRunner
};
//# sourceMappingURL=sql-runner.js.map
