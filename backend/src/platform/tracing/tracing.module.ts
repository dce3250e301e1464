import {
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { shutdownTracing } from './tracing';

/** Flushes the spans not yet sent when the app closes (SIGTERM), after its jobs and requests ended. */
@Injectable()
class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return shutdownTracing();
  }
}

@Module({ providers: [TracingShutdown] })
class TracingModule {}

/** The app's root module with tracing's shutdown beside it (create-api-app.ts, create-worker-app.ts). */
export function withTracing(root: DynamicModule): DynamicModule {
  return { ...root, imports: [...(root.imports ?? []), TracingModule as Type] };
}
