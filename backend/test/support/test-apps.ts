import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { ApiModuleOptions } from '../../src/api.module';
import { createApiApp } from '../../src/create-api-app';
import { createWorkerApp } from '../../src/create-worker-app';
import type { AppConfig } from '../../src/platform/config/app-config';

/** The real api, listening on a free local port. */
export async function startApi(
  config: AppConfig,
  options: ApiModuleOptions = {},
): Promise<{ app: INestApplication; url: string }> {
  const app = await createApiApp(config, options);
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

/** The real worker application context, processing jobs until closed. */
export function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  return createWorkerApp(config);
}
