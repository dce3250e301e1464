import type { RemoteKey } from '@prosign/api-client';
import type { RemotePages } from './remote-registry';

/** Fetches a remote's pages; the federated implementation lives in federation-runtime.ts. */
export type LoadRemotePages = (remote: RemoteKey) => Promise<RemotePages>;

export interface RemoteLoader {
  /**
   * The same promise for a remote until it is forgotten: a remote's code is
   * fetched once, and a failed load stays failed (it is not retried on every
   * render) until the user asks for a retry.
   */
  load(remote: RemoteKey): Promise<RemotePages>;
  /** The pages of a remote that has already loaded, to render them without a loading flash. */
  peek(remote: RemoteKey): RemotePages | undefined;
  /** Drops a load (e.g. a failed one, on Retry) so the next `load` tries again. */
  forget(remote: RemoteKey): void;
}

export function createRemoteLoader(loadPages: LoadRemotePages): RemoteLoader {
  const cache = new Map<RemoteKey, Promise<RemotePages>>();
  const loaded = new Map<RemoteKey, RemotePages>();
  return {
    load(remote) {
      let pending = cache.get(remote);
      if (!pending) {
        const attempt = loadPages(remote).then((pages) => {
          if (cache.get(remote) === attempt) loaded.set(remote, pages);
          return pages;
        });
        pending = attempt;
        cache.set(remote, attempt);
      }
      return pending;
    },
    peek(remote) {
      return loaded.get(remote);
    },
    forget(remote) {
      cache.delete(remote);
      loaded.delete(remote);
    },
  };
}
