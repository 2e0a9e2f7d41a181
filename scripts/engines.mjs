// Starts and stops the database engines the CLI counts with (issue 47), on loopback, with their
// data under a temporary directory: PostgreSQL (Debian's `postgresql`), and ClickHouse
// (Debian's `clickhouse-server`) as two servers, two shards of one cluster, so that a
// `Distributed` table's counts are partial aggregates merged from two nodes. Installs the
// packages when they are missing and this user is root (as scripts/ensure-chromium.mjs does for
// Chromium); otherwise, and on any failure, prints one line naming what is missing and exits 1.
//
//   node scripts/engines.mjs start    (npm run engines:start) — idempotent
//   node scripts/engines.mjs stop     (npm run engines:stop)
//   node scripts/engines.mjs status   — the connection strings, as JSON
//
// The connection strings are written to ENGINES_FILE (src/cli/engine/servers/enginesFile.ts
// reads it): postgres://…, and clickhouse://… for each shard and the cluster's name.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmodSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOME = process.env.COUPLED_ENGINES_DIR ?? join(tmpdir(), 'coupled-explorer-engines');
const STATE = join(HOME, 'engines.json');
const PG_PORT = Number(process.env.COUPLED_PG_PORT ?? 15439);
const CH_PORTS = [0, 1].map((i) => ({
  tcp: Number(process.env.COUPLED_CH_TCP_PORT ?? 19101) + i,
  http: Number(process.env.COUPLED_CH_HTTP_PORT ?? 18201) + i,
}));
const CLUSTER = 'coupled_two_shards';
const root = typeof process.getuid === 'function' && process.getuid() === 0;
// For the test of a machine where the packages cannot be installed: where the installed servers
// are looked for (an empty directory: none is), and the installer run.
const INSTALLED = process.env.COUPLED_ENGINES_INSTALLED_ROOT ?? '/';
const APT_GET = process.env.COUPLED_ENGINES_APT_GET ?? 'apt-get';

function fail(message) {
  console.error(`engines: ${message}`);
  process.exit(1);
}

function run(file, args, options = {}) {
  return execFileSync(file, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
}

/** Installs Debian packages (root only), or fails naming them. */
function ensurePackages(packages) {
  if (!root)
    fail(
      `${packages.join(' and ')} missing and this user is not root; install with "sudo apt-get install ${packages.join(' ')}"`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync(APT_GET, ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      stdio: 'ignore',
      env,
    });
  } catch {
    try {
      execFileSync(APT_GET, ['update', '-qq'], { stdio: 'ignore', env });
      execFileSync(APT_GET, ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
        stdio: 'ignore',
        env,
      });
    } catch {
      fail(
        `could not install the Debian package${packages.length > 1 ? 's' : ''} ${packages.join(' and ')}`,
      );
    }
  }
}

/** The newest PostgreSQL server of Debian's layout (/usr/lib/postgresql/N/bin). */
function postgresBin() {
  const base = join(INSTALLED, 'usr/lib/postgresql');
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (it refuses to run as root). */
function asPostgres(tool, args) {
  return root ? run('runuser', ['-u', 'postgres', '--', tool, ...args]) : run(tool, args);
}

async function until(what, test, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await test()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) fail(`${what} did not start within ${ms / 1000} s (logs in ${HOME})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startPostgres() {
  let bin = postgresBin();
  if (!bin) {
    ensurePackages(['postgresql']);
    bin = postgresBin();
    if (!bin) fail('the Debian package postgresql gave no server under /usr/lib/postgresql');
  }
  const data = join(HOME, 'postgres');
  const sockets = join(HOME, 'postgres-run');
  const url = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
  const ready = () => {
    try {
      run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(PG_PORT), '-q']);
      return true;
    } catch {
      return false;
    }
  };
  if (ready()) return url;
  mkdirSync(sockets, { recursive: true });
  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(data, { recursive: true });
    if (root)
      for (const dir of [data, sockets]) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    asPostgres(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  if (root) chownSync(sockets, uidOf('postgres'), gidOf('postgres'));
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(sockets, 'postgres.log'),
    '-o',
    `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${sockets} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    '-w',
    'start',
  ]);
  await until('PostgreSQL', ready);
  return url;
}

function uidOf(user) {
  return Number(run('id', ['-u', user]).trim());
}
function gidOf(user) {
  return Number(run('id', ['-g', user]).trim());
}

function clickhouseConfig(i, dir) {
  const shards = CH_PORTS.map(
    (p) => `<shard><replica><host>127.0.0.1</host><port>${p.tcp}</port></replica></shard>`,
  ).join('');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${CH_PORTS[i].http}</http_port>
  <tcp_port>${CH_PORTS[i].tcp}</tcp_port>
  <interserver_http_port>${CH_PORTS[i].http + 100}</interserver_http_port>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${HOME}/clickhouse-users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>268435456</mark_cache_size>
  <remote_servers><${CLUSTER}>${shards}</${CLUSTER}></remote_servers>
</yandex>
`;
}

const CLICKHOUSE_USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>8000000000</max_memory_usage></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

async function clickhouseUp(port) {
  const response = await fetch(`http://127.0.0.1:${port}/?query=SELECT%201`);
  return response.ok && (await response.text()).trim() === '1';
}

async function startClickhouse() {
  const [sbin, bin] = ['usr/sbin', 'usr/bin'].map((d) => join(INSTALLED, d, 'clickhouse-server'));
  if (!existsSync(sbin) && !existsSync(bin)) ensurePackages(['clickhouse-server']);
  const server = existsSync(sbin) ? sbin : bin;
  if (!existsSync(server)) fail('the Debian package clickhouse-server gave no clickhouse-server');
  writeFileSync(join(HOME, 'clickhouse-users.xml'), CLICKHOUSE_USERS);
  for (const [i, port] of CH_PORTS.entries()) {
    if (await clickhouseUp(port.http).catch(() => false)) continue;
    const dir = join(HOME, `clickhouse-${i + 1}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.xml'), clickhouseConfig(i, dir));
    const child = spawn(server, [`--config-file=${join(dir, 'config.xml')}`], {
      detached: true,
      stdio: 'ignore',
    });
    // Its own --pid-file is written only by a daemon: the pid is kept here for `stop`.
    writeFileSync(join(dir, 'server.pid'), String(child.pid));
    child.unref();
    await until(`ClickHouse shard ${i + 1}`, () => clickhouseUp(port.http));
  }
  return CH_PORTS.map((p) => `clickhouse://127.0.0.1:${p.http}`);
}

/** Runs a start step; a failure is one line naming the engine and the first line of its reason. */
async function step(engine, action) {
  try {
    return await action();
  } catch (error) {
    const reason = String(error?.stderr || error?.message || error)
      .split('\n')
      .find((line) => line.trim() !== '');
    fail(`${engine} did not start: ${reason ?? 'unknown error'} (logs in ${HOME})`);
  }
}

async function start() {
  mkdirSync(HOME, { recursive: true });
  // PostgreSQL runs as its own user (not root): it must reach its directories under HOME.
  chmodSync(HOME, 0o755);
  const postgres = await step('PostgreSQL', startPostgres);
  const shards = await step('ClickHouse', startClickhouse);
  const state = { postgres, clickhouse: shards[0], clickhouseShards: shards, cluster: CLUSTER };
  writeFileSync(STATE, `${JSON.stringify(state, null, 2)}\n`);
  console.log(
    `engines: PostgreSQL at ${postgres}; ClickHouse at ${shards.join(' and ')} (cluster ${CLUSTER}, two shards)`,
  );
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stop() {
  const bin = postgresBin();
  const data = join(HOME, 'postgres');
  if (bin && existsSync(join(data, 'postmaster.pid')))
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  const pids = [];
  for (const i of [1, 2]) {
    const pidFile = join(HOME, `clickhouse-${i}`, 'server.pid');
    if (!existsSync(pidFile)) continue;
    pids.push(Number(readFileSync(pidFile, 'utf8').trim()));
  }
  for (const pid of pids) signal(pid, 'SIGTERM');
  // The data is deleted only once the servers are gone (a server still running would keep
  // answering on its port with its data deleted).
  const end = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < end) execFileSync('sleep', ['0.2']);
  for (const pid of pids.filter(alive)) signal(pid, 'SIGKILL');
  rmSync(HOME, { recursive: true, force: true });
  console.log('engines: stopped');
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') stop();
else if (command === 'status')
  console.log(existsSync(STATE) ? readFileSync(STATE, 'utf8').trim() : '{}');
else fail('usage: node scripts/engines.mjs start|stop|status');
