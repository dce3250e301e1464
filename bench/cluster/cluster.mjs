// The product scaled out on one machine: embedded MongoDB and Redis, several
// api and worker processes (scripts/lib/stack.mjs with replicas), the mail catcher,
// the frontends, and Debian's nginx in front of the apis with the deployment's own
// configuration (deploy/nginx/prosign.conf.template, the one docker-compose's `lb`
// mounts). nginx runs as the invoking user, its pid, logs and temp files under
// `<dataDir>/nginx`. Used by `npm run cluster` (bench/cluster/start.mjs), the smoke
// test in `npm test` (bench/cluster/smoke.test.mjs) and the fault runs.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, run, sleep, startProcess, waitForPort } from '../../scripts/lib/processes.mjs';
import { NGINX_PATH, ROOT, ensureNginx } from '../../scripts/lib/setup.mjs';
import { FRONTENDS, startStack } from '../../scripts/lib/stack.mjs';

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx/prosign.conf.template');

/**
 * Fills in the template's ${NAME} variables from `values`, as the nginx image's
 * entrypoint does with the environment: names it is not given are left as they
 * are, and nginx's own $variables (no braces) are never touched.
 */
export function renderTemplate(template, values) {
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? values[name] : whole,
  );
}

/** The upstream's `server` lines for api replicas listening on `ports` of 127.0.0.1. */
export function apiServerLines(ports) {
  return ports.map((port) => `server 127.0.0.1:${port} max_fails=0;`).join(' ');
}

/**
 * Writes `<dir>/nginx.conf`: the main context the nginx image provides in docker
 * (pid, error log, temp paths, here all under `dir`) around the rendered template.
 */
export function writeNginxConfig(dir, { listenPort, apiPorts }) {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const site = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    PROSIGN_LB_LISTEN: `127.0.0.1:${listenPort}`,
    PROSIGN_API_SERVERS: apiServerLines(apiPorts),
    PROSIGN_ACCESS_LOG: path.join(dir, 'access.log'),
  });
  const unfilled = site.match(/\$\{[A-Z][A-Z0-9_]*\}/);
  if (unfilled) throw new Error(`${NGINX_TEMPLATE}: ${unfilled[0]} was not filled in`);
  writeFileSync(path.join(dir, 'prosign.conf'), site);
  const temp = (name) => path.join(dir, 'temp', name);
  // As root the workers would switch to `nobody`, who cannot write these paths: stay who we are.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  const conf = `# Written by bench/cluster/cluster.mjs; the site is deploy/nginx/prosign.conf.template.
${user}worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;

events {
    worker_connections 4096;
}

http {
    client_body_temp_path ${temp('client-body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${path.join(dir, 'prosign.conf')};
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}

function nginxArgs(dir, conf) {
  // -e: the error log from the first moment, before the configuration names it (nginx ≥ 1.19.5).
  return ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')];
}

/**
 * Starts the cluster. Ports are free ones unless given (`balancerPort`). With
 * `frontends: false` only the servers start (tests). Resolves once /api/health
 * answers 200 through the balancer.
 */
export async function startCluster({
  dataDir,
  logDir,
  apiReplicas = 2,
  workerReplicas = 2,
  frontends = true,
  balancerPort,
  extraEnv = {},
} = {}) {
  await ensureNginx();
  const ports = {
    apis: await Promise.all(Array.from({ length: apiReplicas }, () => freePort())),
    mongo: await freePort(),
    redis: await freePort(),
    mailCatcher: await freePort(),
  };
  ports.api = ports.apis[0];
  for (const f of FRONTENDS) ports[f.app] = await freePort();
  const lbPort = balancerPort ?? (await freePort());
  const balancer = `http://localhost:${lbPort}`;

  const nginxDir = path.join(dataDir, 'nginx');
  const conf = writeNginxConfig(nginxDir, { listenPort: lbPort, apiPorts: ports.apis });
  // A configuration nginx refuses fails here, with nginx's own words, before anything starts.
  await run(NGINX_PATH, [...nginxArgs(nginxDir, conf), '-t', '-q'], { quiet: true });

  const stack = await startStack({
    ports,
    dataDir,
    logDir,
    apiReplicas,
    workerReplicas,
    frontends,
    extraEnv: {
      // Browsers, the frontends' runtime-config.json and the links the api builds: the balancer.
      PUBLIC_API_URL: balancer,
      // One proxy in front of the api: the client's address is the one nginx forwards.
      TRUST_PROXY_HOPS: '1',
      // One secret for every replica: a captcha challenge one api gave and a pass it signed
      // are checked by whichever api the next call reaches (unset, each drew its own).
      CAPTCHA_PASS_SECRET: process.env.CAPTCHA_PASS_SECRET ?? randomBytes(32).toString('base64url'),
      ...extraEnv,
    },
  });

  const nginx = startProcess('nginx', NGINX_PATH, nginxArgs(nginxDir, conf), {
    logFile: logDir ? path.join(logDir, 'nginx.log') : undefined,
  });
  await waitForPort(lbPort, { child: nginx });
  await waitForBalancer(`${balancer}/api/health`, nginx);

  return {
    ...stack,
    ports: { ...ports, balancer: lbPort },
    processes: { ...stack.processes, nginx },
    nginx: { dir: nginxDir, conf, accessLog: path.join(nginxDir, 'access.log') },
    urls: {
      ...stack.urls,
      balancer,
      api: `${balancer}/api`,
      health: `${balancer}/api/health`,
      replicas: ports.apis.map((port) => `http://127.0.0.1:${port}/api`),
    },
    /** nginx rereads its configuration (SIGHUP to its master): in-flight requests finish on the old workers. */
    reloadBalancer() {
      nginx.kill('SIGHUP');
    },
  };
}

async function waitForBalancer(url, nginx, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with code ${nginx.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer 200 through nginx: ${last}`);
}
