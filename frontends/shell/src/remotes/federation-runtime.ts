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

let remoteUrls: Readonly<Record<RemoteKey, string>> | null = null;

function remoteFor(key: RemoteKey, urls: Readonly<Record<RemoteKey, string>>) {
  return { name: REMOTES[key].scope, entry: urls[key] };
}

/**
 * Registers every remote from the runtime configuration with the shell's
 * federation instance (created by the build plugin, with the shared singletons).
 */
export function registerRuntimeRemotes(config: RuntimeConfig): void {
  remoteUrls = config.remotes;
  registerPlugins([remoteErrorPlugin()]);
  registerRemotes(REMOTE_KEYS.map((key) => remoteFor(key, config.remotes)));
}

/** Re-registers one remote, clearing what the runtime cached about a failed load. */
export function resetRemote(key: RemoteKey): void {
  if (remoteUrls) registerRemotes([remoteFor(key, remoteUrls)], { force: true });
}

export const loadFederatedPages: LoadRemotePages = async (key): Promise<RemotePages> => {
  const { scope } = REMOTES[key];
  const module = await loadRemote<unknown>(`${scope}/${PAGES_EXPOSE}`);
  if (module === null || module === undefined) {
    throw new RemoteUnavailableError(scope, 'its code could not be fetched');
  }
  return pagesFromModule(key, module);
};
