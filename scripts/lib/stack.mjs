// Starts the whole product on embedded defaults: MongoDB and Redis (unless
// MONGODB_URI / REDIS_URL are given), the data migrations, the api, the worker and
// one static server per frontend. Shared by `npm start` and the end-to-end tests, so both run
// the product the same way.
import path from 'node:path';
import { logTail, run, startProcess, waitForPort, sleep } from './processes.mjs';
import { startMongo, startRedis } from './services.mjs';
import { DATA_DIR, ROOT } from './setup.mjs';

/**
 * V8 flags of the api and worker processes (the image sets the same in NODE_OPTIONS). A young
 * generation of 64 MB semi-spaces rather than Node 20's 16 MB: building a signing's PDFs and
 * reading its records makes short-lived garbage fast, and the api spent 7.6 % of its CPU in the
 * signing bench collecting it, 3.8 % with these (bench/README, session 22).
 */
export const BACKEND_NODE_ARGS = ['--max-semi-space-size=64'];

export const FRONTENDS = [
  { app: 'shell', portVar: 'SHELL_PORT', port: 8080 },
  { app: 'contracts', portVar: 'CONTRACTS_PORT', port: 8081, remoteVar: 'CONTRACTS_REMOTE_URL' },
  { app: 'sow-co', portVar: 'SOW_CO_PORT', port: 8082, remoteVar: 'SOW_CO_REMOTE_URL' },
  { app: 'invoices', portVar: 'INVOICES_PORT', port: 8083, remoteVar: 'INVOICES_REMOTE_URL' },
  { app: 'signing', portVar: 'SIGNING_PORT', port: 8084, remoteVar: 'SIGNING_REMOTE_URL' },
];

const int = (value, fallback) => (value ? Number.parseInt(value, 10) : fallback);

/** Ports of every part of the stack: from the environment, else the documented defaults. */
export function stackPorts(env = process.env) {
  const ports = {
    api: int(env.API_PORT, 3000),
    mongo: int(env.MONGO_PORT, 27017),
    redis: int(env.REDIS_PORT, 6380),
    mailCatcher: int(env.MAIL_CATCHER_PORT, 1025),
  };
  for (const f of FRONTENDS) ports[f.app] = int(env[f.portVar], f.port);
  return ports;
}

/** Environment shared by the api, the worker and the frontend servers. */
export function stackEnv(ports, { mongoUri, redisUrl, host = 'localhost' }) {
  const url = (port) => `http://${host}:${port}`;
  const env = {
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    API_PORT: String(ports.api),
    MAIL_CATCHER_PORT: String(ports.mailCatcher),
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? url(ports.api),
    // Signing links point at the signing app wherever this stack runs it.
    PUBLIC_SIGNING_URL: process.env.PUBLIC_SIGNING_URL ?? url(ports.signing),
    CORS_ORIGINS: process.env.CORS_ORIGINS ?? FRONTENDS.map((f) => url(ports[f.app])).join(','),
    // The demo webhook endpoint is the api's own local inbox, on loopback over plain http.
    WEBHOOK_ALLOW_HTTP_LOOPBACK: process.env.WEBHOOK_ALLOW_HTTP_LOOPBACK ?? 'true',
  };
  for (const f of FRONTENDS) {
    env[f.portVar] = String(ports[f.app]);
    if (f.remoteVar) env[f.remoteVar] = process.env[f.remoteVar] ?? url(ports[f.app]);
  }
  return env;
}

/**
 * Replica `i`'s metrics port (README, Metrics): the one set (in `env` or this process's
 * environment) plus `i`, so replicas on one host never share it; none set (the default) or 0,
 * as set.
 */
function replicaMetricsPort(env, name, i) {
  const port = Number.parseInt(env[name] ?? process.env[name] ?? '', 10);
  return Number.isInteger(port) && port > 0 ? { [name]: String(port + i) } : {};
}

/**
 * Starts everything. `logDir` sends each process's output to a file instead of
 * the console. Resolves with the URLs once every part answers.
 *
 * `apiReplicas` and `workerReplicas` (1 each by default, as `npm start` runs) start
 * more api and worker processes on the same MongoDB and Redis (bench/cluster): the
 * apis listen on `ports.apis` (one port each; `ports.api` is the first), and replicas
 * are named api-1, api-2… and worker-1, worker-2… (logs included). `frontends: false`
 * leaves the frontend servers out.
 */
export async function startStack({
  ports = stackPorts(),
  dataDir = DATA_DIR,
  logDir,
  extraEnv = {},
  apiReplicas = 1,
  workerReplicas = 1,
  frontends: withFrontends = true,
} = {}) {
  const logFile = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
  const apiPorts = apiReplicas > 1 ? ports.apis : [ports.api];
  if (apiPorts?.length !== apiReplicas)
    throw new Error(`${apiReplicas} api replicas need as many ports in ports.apis`);

  let mongoUri = process.env.MONGODB_URI;
  if (!mongoUri) {
    ({ uri: mongoUri } = await startMongo({
      port: ports.mongo,
      dataDir: path.join(dataDir, 'mongo'),
      logFile: logFile('mongo'),
    }));
    mongoUri += '/prosign';
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    ({ url: redisUrl } = await startRedis({
      port: ports.redis,
      dataDir: path.join(dataDir, 'redis'),
      logFile: logFile('redis'),
    }));
  }

  const env = { ...stackEnv({ ...ports, api: apiPorts[0] }, { mongoUri, redisUrl }), ...extraEnv };
  const backend = path.join(ROOT, 'backend');
  // The data migrations not yet applied to this database, before any api or worker reads it
  // (as a deploy runs `node dist/main.migrate.js` before the new api starts).
  await run(process.execPath, ['dist/main.migrate.js'], {
    cwd: backend,
    env,
    quiet: Boolean(logDir),
  });
  const replicaName = (kind, count, i) => (count > 1 ? `${kind}-${i + 1}` : kind);
  const apis = [];
  const workers = [];
  /** Starts api replica `i` (again, after it stopped): the same port, log and environment. */
  const startApi = (i) => {
    const name = replicaName('api', apiReplicas, i);
    apis[i] = startProcess(name, process.execPath, [...BACKEND_NODE_ARGS, 'dist/main.api.js'], {
      cwd: backend,
      env: { ...env, API_PORT: String(apiPorts[i]), ...replicaMetricsPort(env, 'METRICS_PORT', i) },
      logFile: logFile(name),
    });
    return apis[i];
  };
  /** Starts worker replica `i` (again, after it stopped). */
  const startWorker = (i) => {
    const name = replicaName('worker', workerReplicas, i);
    workers[i] = startProcess(
      name,
      process.execPath,
      [...BACKEND_NODE_ARGS, 'dist/main.worker.js'],
      {
        cwd: backend,
        env: { ...env, ...replicaMetricsPort(env, 'WORKER_METRICS_PORT', i) },
        logFile: logFile(name),
      },
    );
    return workers[i];
  };
  for (let i = 0; i < apiReplicas; i++) startApi(i);
  for (let i = 0; i < workerReplicas; i++) startWorker(i);
  // The SMTP catcher is the local mail server; with MAIL_ADAPTER=smtp real mail goes out instead.
  const mailCatcher =
    (env.MAIL_ADAPTER ?? process.env.MAIL_ADAPTER ?? 'local') === 'local'
      ? startProcess('mail-catcher', process.execPath, ['dist/main.mail-catcher.js'], {
          cwd: backend,
          env,
          logFile: logFile('mail-catcher'),
        })
      : undefined;
  let frontends = [];
  if (withFrontends) {
    // The build's dist directories get their gzip/brotli copies (once; cached builds included).
    const { precompressFrontends } = await import('../precompress.mjs');
    await precompressFrontends(FRONTENDS.map((f) => `frontends/${f.app}/dist`));
    frontends = FRONTENDS.map((f) =>
      startProcess(
        f.app,
        process.execPath,
        [path.join(ROOT, 'scripts/serve-frontend.mjs'), f.app],
        {
          cwd: ROOT,
          env,
          logFile: logFile(f.app),
        },
      ),
    );
  }

  await Promise.all([
    ...apis.map((api, i) => waitForPort(apiPorts[i], { child: api, timeoutMs: 90_000 })),
    ...(mailCatcher ? [waitForPort(ports.mailCatcher, { child: mailCatcher })] : []),
    ...frontends.map((child, i) => waitForPort(ports[FRONTENDS[i].app], { child })),
  ]);
  await Promise.all(
    apiPorts.map((port, i) =>
      waitForHealthy(`http://127.0.0.1:${port}/api/health`, [apis[i], ...workers]),
    ),
  );

  return {
    env,
    processes: { api: apis[0], worker: workers[0], apis, workers, mailCatcher, frontends },
    start: { api: startApi, worker: startWorker },
    urls: {
      shell: `http://localhost:${ports.shell}`,
      api: `http://localhost:${apiPorts[0]}/api`,
      health: `http://localhost:${apiPorts[0]}/api/health`,
      smtp: mailCatcher ? `smtp://127.0.0.1:${ports.mailCatcher}` : undefined,
      signing: `http://localhost:${ports.signing}`,
      remotes: Object.fromEntries(
        FRONTENDS.slice(1).map((f) => [f.app, `http://localhost:${ports[f.app]}`]),
      ),
      mongo: mongoUri,
      redis: redisUrl,
    },
  };
}

/** Waits for 200 from an api's /api/health; fails at once, with its log's end, when one of `processes` exits. */
async function waitForHealthy(url, processes, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const exited = processes.find((child) => child.exitCode !== null);
    if (exited) {
      throw new Error(
        `${exited.processName} exited with code ${exited.exitCode}${logTail(exited.logFile)}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = `${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`;
    }
    await sleep(500);
  }
  throw new Error(`${url} did not report healthy: ${last}`);
}
