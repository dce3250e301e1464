import type { RemoteKey } from '@prosign/api-client';
import { REMOTE_APPS } from '@prosign/domain';
import type { ComponentType } from 'react';

/**
 * The remotes the shell loads at run time. `scope` is each remote's container
 * name (REMOTE_APPS in @prosign/domain, which its build declares); the manifest URL comes from
 * /runtime-config.json, never from the build.
 */
export const REMOTES = {
  contracts: {
    scope: REMOTE_APPS.contracts.scope,
    label: 'Contracts',
    pages: [
      'CreateContract',
      'Dashboard',
      'DocumentBuilder',
      'DocumentTemplates',
      'Services',
      'Terms',
    ],
  },
  sowCo: {
    scope: REMOTE_APPS.sowCo.scope,
    label: 'SOW & Change Orders',
    pages: ['ChangeOrder', 'Sow', 'SowDashboard', 'SowTemplateEdit'],
  },
  invoices: {
    scope: REMOTE_APPS.invoices.scope,
    label: 'Invoices',
    pages: ['Invoices'],
  },
  signing: {
    scope: REMOTE_APPS.signing.scope,
    label: 'Signing',
    // LinkSignature: every link-signed family's page (it reads the family from the path).
    pages: ['CustomerSigning', 'Verify', 'LinkSignature'],
  },
} as const satisfies Record<RemoteKey, { scope: string; label: string; pages: readonly string[] }>;

/** Every remote exposes `./pages`: an object of page components. */
export const PAGES_EXPOSE = 'pages';

export type RemotePageName<K extends RemoteKey> = (typeof REMOTES)[K]['pages'][number];

export type RemotePages = Readonly<Record<string, ComponentType>>;

/** Thrown when a remote's code cannot be fetched or does not expose its pages. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The ${remote} remote is unavailable: ${reason}`, options);
  }
}

/** The `./pages` module of a remote: its `pages` export. */
export function pagesFromModule(remote: RemoteKey, module: unknown): RemotePages {
  const pages = (module as { pages?: unknown } | null | undefined)?.pages;
  if (typeof pages !== 'object' || pages === null) {
    throw new RemoteUnavailableError(REMOTES[remote].scope, `it does not expose ./${PAGES_EXPOSE}`);
  }
  return pages as RemotePages;
}
