// `npm start`: installs what is missing, builds (cached by Nx), starts the
// whole product on embedded defaults and prints where everything is.
// Ctrl-C stops exactly the processes started here.
import { ensureMongoBinary, ensureNodeModules, ensureRedisServer } from './lib/setup.mjs';
import { run, stopAll } from './lib/processes.mjs';

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping ProSign…');
  await stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await ensureNodeModules();
  if (!process.env.REDIS_URL) await ensureRedisServer();
  if (!process.env.MONGODB_URI) await ensureMongoBinary();

  const { NX_BIN, NX_ENV } = await import('./nx.mjs');
  console.log('▸ Building (cached after the first run)…');
  await run(NX_BIN, ['run-many', '-t', 'build', '--outputStyle=static'], { env: NX_ENV });

  // The api and worker print readable, coloured lines in development (production keeps JSON).
  if (process.stdout.isTTY && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '1';
  const { startStack } = await import('./lib/stack.mjs');
  const { seedDemoData } = await import('./lib/seed.mjs');
  const stack = await startStack();
  await seedDemoData(stack.env);

  const { urls } = stack;
  // The demo users of backend/src/seed/access-demo.seeder.ts (local sign-in).
  const domain =
    stack.env.COMPANY_EMAIL_DOMAIN ?? process.env.COMPANY_EMAIL_DOMAIN ?? 'prosign.example';
  console.log(`
\x1b[1mProSign is running.\x1b[0m
  Staff app (shell)   ${urls.shell}
  Signing app         ${urls.signing}
  API                 ${urls.api}   (health: ${urls.health})${
    urls.smtp
      ? `
  Mail catcher        ${urls.smtp}   (caught mail: ${urls.shell}/mailbox)`
      : ''
  }
  Webhook inbox       ${urls.api}/webhook-inbox/receive/demo   (what it received: ${urls.shell}/webhook-inbox)
  Demo sign-in        ${urls.shell}/portal — type a user name (@${domain} is appended):
                        admin  (every section, user administration)
                        csm    (Home, the dashboards, invoices and documents)
                        pm     (Home and the SOW sections)
  Remotes             ${Object.entries(urls.remotes)
    .map(([name, url]) => `${name} ${url}`)
    .join(', ')}
  MongoDB             ${urls.mongo}
  Redis               ${urls.redis}
Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`\n\x1b[31mnpm start failed:\x1b[0m ${error.message}`);
  await shutdown(1);
}
