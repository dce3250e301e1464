// Runs the workspace's Nx with settings fit for this machine: no daemon, no
// cloud, no interactive terminal UI, so output is plain and reproducible.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
export const NX_BIN = path.join(root, 'node_modules/.bin/nx');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = spawnSync(NX_BIN, process.argv.slice(2), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...NX_ENV },
  });
  process.exit(result.status ?? 1);
}
