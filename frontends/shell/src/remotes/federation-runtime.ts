import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_KEYS, type RemoteKey, type RuntimeConfig } from '@prosign/api-client';
import { remoteErrorPlugin } from './remote-error-plugin';
import {
  PAGES_EXPOSE,
  REMOTES,
  RemoteUnavailableError,
  pagesFromModule,
  type RemotePages,
} from './remote-registry';
import type { LoadRemotePages } from './remote-loader';

function remoteFor(key: RemoteKey, urls: Readonly<Record<RemoteKey, string>>) {
  return { name: REMOTES[key].scope, entry: urls[key] };
}

/**
 * Registers every remote from the runtime configuration with the shell's
 * federation instance (created by the build plugin, with the shared singletons).
 * A failed manifest or remoteEntry fetch is not cached by the runtime, so a
 * later `loadRemote` (the error panel's Retry) simply tries again.
 */
export function registerRuntimeRemotes(config: RuntimeConfig): void {
  registerPlugins([remoteErrorPlugin()]);
  registerRemotes(REMOTE_KEYS.map((key) => remoteFor(key, config.remotes)));
}

export const loadFederatedPages: LoadRemotePages = async (key): Promise<RemotePages> => {
  const { scope } = REMOTES[key];
  const module = await loadRemote<unknown>(`${scope}/${PAGES_EXPOSE}`);
  if (module === null || module === undefined) {
    throw new RemoteUnavailableError(scope, 'its code could not be fetched');
  }
  return pagesFromModule(key, module);
};
