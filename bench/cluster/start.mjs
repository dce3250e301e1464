// `npm run cluster`: the product scaled out on this machine, as `npm start`
// runs it but with two apis and two workers behind Debian's nginx (installed if missing),
// the frontends pointing at the balancer. Installs what is missing, builds (cached),
// starts everything on free ports with demo data, prints where everything is.
// Ctrl-C (or SIGTERM) stops exactly the processes started here.
//
//   npm run cluster [-- --apis N --workers N --skip-build]   (LB_PORT=8000 picks the balancer's port)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run, stopAll } from '../../scripts/lib/processes.mjs';
import {
  DATA_DIR,
  ensureMongoBinary,
  ensureNginx,
  ensureNodeModules,
  ensureRedisServer,
} from '../../scripts/lib/setup.mjs';

const { values: args } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    'skip-build': { type: 'boolean', default: false },
  },
});

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await ensureNodeModules();
  // Its own MongoDB and Redis always: two apis and two workers on someone else's would share their queues.
  delete process.env.MONGODB_URI;
  delete process.env.REDIS_URL;
  await ensureRedisServer();
  await ensureMongoBinary();
  await ensureNginx();

  if (!args['skip-build']) {
    const { NX_BIN, NX_ENV } = await import('../../scripts/nx.mjs');
    console.log('▸ Building (cached after the first run)…');
    await run(NX_BIN, ['run-many', '-t', 'build', '--outputStyle=static'], { env: NX_ENV });
  }

  const { startCluster } = await import('./cluster.mjs');
  const { seedDemoData } = await import('../../scripts/lib/seed.mjs');
  const dataDir = path.join(DATA_DIR, 'cluster');
  const logDir = path.join(dataDir, 'logs');
  console.log('▸ Starting MongoDB, Redis, the apis, the workers, the mail catcher, nginx…');
  const cluster = await startCluster({
    dataDir,
    logDir,
    apiReplicas: Number(args.apis),
    workerReplicas: Number(args.workers),
    balancerPort: process.env.LB_PORT ? Number(process.env.LB_PORT) : undefined,
  });
  await seedDemoData(cluster.env);

  const { urls, processes } = cluster;
  const pids = (children) => children.map((c) => `${c.processName} ${c.pid}`).join(', ');
  console.log(`
\x1b[1mProSign is running as a cluster.\x1b[0m
  Balancer (nginx)    ${urls.balancer}   (health: ${urls.health}; X-ProSign-Upstream names the replica)
  Staff app (shell)   ${urls.shell}
  Signing app         ${urls.signing}
  API replicas        ${urls.replicas.join(', ')}   (${pids(processes.apis)})
  Workers             ${pids(processes.workers)}
  Mail catcher        ${urls.smtp}   (caught mail: ${urls.shell}/mailbox)
  Queue board         ${urls.balancer}/api/admin/queues   (as admin)
  Demo sign-in        ${urls.shell}/portal — admin, csm or pm
  Remotes             ${Object.entries(urls.remotes)
    .map(([name, url]) => `${name} ${url}`)
    .join(', ')}
  MongoDB             ${urls.mongo}
  Redis               ${urls.redis}
  Logs                ${logDir} (one per process), nginx's in ${cluster.nginx.dir}
Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`\n\x1b[31mnpm run cluster failed:\x1b[0m ${error.message}`);
  await shutdown(1);
}
