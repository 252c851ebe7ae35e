import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../support/npm-start.js";
import { createDaemon, type Daemon } from "./daemon.js";

/**
 * A second clickhouse-server (the Debian binary scripts/infra/clickhouse.sh runs) on free ports
 * with its data under the rig's directory; the machine's server on 8123 is never touched.
 */
export interface ClickHouseServer {
  readonly url: string;
  readonly daemon: Daemon;
}

const READY_TIMEOUT_MS = 60_000;
const CACHE_BYTES = 64 * 1024 * 1024;

async function answers(url: string): Promise<boolean> {
  const response = await fetch(`${url}/?query=SELECT%201`, { signal: AbortSignal.timeout(2_000) });
  return response.ok && (await response.text()).trim() === "1";
}

export async function startClickHouseServer(dir: string): Promise<ClickHouseServer> {
  const home = path.join(dir, "clickhouse");
  const data = path.join(home, "data");
  await mkdir(path.join(data, "tmp"), { recursive: true });
  const httpPort = await freePort();
  const tcpPort = await freePort();
  const config = path.join(home, "config.xml");
  await writeFile(
    config,
    `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${home}/server.log</log><errorlog>${home}/server.err.log</errorlog><size>100M</size><count>1</count></logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <max_connections>256</max_connections>
  <keep_alive_timeout>3</keep_alive_timeout>
  <max_concurrent_queries>50</max_concurrent_queries>
  <uncompressed_cache_size>${CACHE_BYTES}</uncompressed_cache_size>
  <mark_cache_size>${CACHE_BYTES}</mark_cache_size>
  <path>${data}/</path>
  <tmp_path>${data}/tmp/</tmp_path>
  <user_files_path>${data}/user_files/</user_files_path>
  <users_config>/etc/clickhouse-server/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mlock_executable>false</mlock_executable>
</yandex>
`,
  );
  const url = `http://127.0.0.1:${httpPort}`;
  const daemon = createDaemon({
    name: "clickhouse",
    command: "clickhouse-server",
    args: [`--config-file=${config}`],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    cwd: home,
    logFile: path.join(home, "stdout.log"),
    ready: () => answers(url),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  await daemon.start();
  return { url, daemon };
}
