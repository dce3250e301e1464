import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './remote-registry';

/**
 * Module-federation runtime plugin: when a remote cannot be loaded (manifest
 * or remoteEntry unreachable, container missing) the final `errorLoadRemote`
 * call of `loadRemote` turns the runtime's error code into a
 * RemoteUnavailableError naming the remote, which the page's ErrorBoundary
 * shows as "This section is unavailable". Earlier lifecycles are left alone:
 * the runtime then raises its own error, which reaches the `onLoad` call.
 */
export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'prosign-remote-error',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      if (lifecycle !== 'onLoad') return undefined;
      const name = remote?.name ?? id.split('/')[0] ?? id;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[shell] remote "${name}" could not be loaded (${id}): ${reason}`);
      throw new RemoteUnavailableError(name, 'its code could not be fetched', { cause: error });
    },
  };
}
