/**
 * The module-federation remotes, once: the key the shell and
 * `/runtime-config.json` name each by, its container name (`scope`, a valid JS
 * identifier: the `name` its webpack build declares, frontends/federation.cjs)
 * and its app folder under `frontends/`.
 */
export const REMOTE_APPS = {
  contracts: { scope: 'contracts', app: 'contracts' },
  sowCo: { scope: 'sow_co', app: 'sow-co' },
  invoices: { scope: 'invoices', app: 'invoices' },
  signing: { scope: 'signing', app: 'signing' },
} as const;

export type RemoteKey = keyof typeof REMOTE_APPS;

/** The remotes' keys, in the order above. */
export const REMOTE_KEYS = Object.keys(REMOTE_APPS) as readonly RemoteKey[];
