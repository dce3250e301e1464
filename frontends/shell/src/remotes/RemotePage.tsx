import type { RemoteKey } from '@prosign/api-client';
import { ErrorBoundary, ErrorPanel, LoadingState } from '@prosign/ui';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useRemoteLoader } from './RemoteLoaderContext';
import { REMOTES, RemoteUnavailableError, type RemotePageName } from './remote-registry';
import { useRemotePages } from './useRemotePages';

export interface RemotePageProps<K extends RemoteKey> {
  remote: K;
  page: RemotePageName<K>;
  /** The section's name as people know it ("Dashboard"), shown when it cannot load. */
  section: string;
}

function LoadedPage<K extends RemoteKey>({ remote, page, section }: RemotePageProps<K>) {
  const state = useRemotePages(remote);
  if (state.status === 'loading') return <LoadingState label={`Loading ${section}…`} />;
  // Thrown so that a remote that is down and a remote page that crashes end in
  // the same place: the ErrorBoundary around the page.
  if (state.status === 'error') throw state.error;
  const Page = state.pages[page];
  if (!Page)
    throw new RemoteUnavailableError(REMOTES[remote].scope, `it has no page named ${page}`);
  return <Page />;
}

function describe(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  return error === undefined ? undefined : String(error);
}

/**
 * A page that lives in a remote. While the remote loads a spinner shows; if
 * the remote is down (or its page crashes) an error panel takes the page's
 * place inside the shell layout, with Retry, and the rest of the shell keeps
 * working.
 */
export function RemotePage<K extends RemoteKey>({ remote, page, section }: RemotePageProps<K>) {
  const loader = useRemoteLoader();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);

  return (
    <ErrorBoundary
      resetKeys={[pathname, attempt]}
      fallback={(error) => (
        <ErrorPanel
          headingLevel={1}
          title="This section is unavailable"
          message={
            <>
              The <strong>{section}</strong> section could not be loaded. Its service may be down or
              restarting; the other sections keep working. Try again in a moment.
            </>
          }
          detail={describe(error)}
          onRetry={() => {
            loader.forget(remote);
            setAttempt((count) => count + 1);
          }}
        />
      )}
    >
      <LoadedPage key={attempt} remote={remote} page={page} section={section} />
    </ErrorBoundary>
  );
}
