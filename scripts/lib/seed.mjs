// Demo data for the local stack. Each feature adds its seed to the backend's
// `seed` entry point (backend/dist/main.seed.js); it must be idempotent, since
// it runs on every `npm start`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './processes.mjs';
import { ROOT } from './setup.mjs';

export async function seedDemoData(env) {
  const entry = path.join(ROOT, 'backend/dist/main.seed.js');
  if (!existsSync(entry)) return;
  console.log('▸ Seeding demo data…');
  await run(process.execPath, [entry], { cwd: path.join(ROOT, 'backend'), env });
}
