import type { ApiKeyScope, ApiKeyState } from '@prosign/domain';
import type { IntegrationTone } from '../../integrations/integration-tone';

export const API_KEY_TEXTS = {
  title: 'API keys',
  description:
    'Keys other systems (accounting, scheduling, a client portal) call the ProSign API with. A key acts with its scopes only, never as a person.',
  reference: 'API reference',
  loading: 'Loading API keys…',
  failed: 'The API keys could not be loaded',
  empty: 'No API key yet. Create one above for each system that calls ProSign.',
  listTitle: 'Keys',
  createTitle: 'Create a key',
  create: 'Create key',
  creating: 'Creating…',
  createFailed: 'The key could not be created.',
  createdTitle: 'Your new API key',
  keyLabel: 'API key',
  rotate: 'Rotate…',
  rotateTitle: 'Rotate key',
  rotateConfirm: 'Rotate key',
  rotating: 'Rotating…',
  rotatedTitle: 'The new key',
  rotateFailed: 'The key could not be rotated.',
  revoke: 'Revoke…',
  revokeConfirm: 'Revoke key',
  revokeFailed: 'The key could not be revoked.',
  revokeWarning:
    'Every request with this key is refused from now on. A revoked key cannot be used again.',
  revoked: (name: string) => `“${name}” is revoked.`,
  adminOnly: 'API keys',
} as const;

/** What each scope lets a key do, beside its checkbox and in the list. */
export const SCOPE_WORDS: Readonly<Record<ApiKeyScope, string>> = {
  'agreements:read':
    'Read agreements of every kind: recipients, status, events, the sealed PDF and the certificate',
  'agreements:write': 'Create agreements from a service or template; send, remind and void them',
  'templates:read': 'Read the templates agreements are created from',
  'services:read': 'Read the services and their forms',
  'events:read': 'Read the event log',
  'webhooks:write': 'Register and change webhook endpoints',
  'invoices:read': 'Read invoices and whether they are paid',
};

export const STATE_WORDS: Readonly<Record<ApiKeyState, string>> = {
  active: 'Active',
  rotating: 'Rotated',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const STATE_TONES: Readonly<Record<ApiKeyState, IntegrationTone>> = {
  active: 'ok',
  rotating: 'warn',
  expired: 'off',
  revoked: 'off',
};

/** "1 key" / "3 keys, 2 usable". */
export function keyCountText(total: number, usable: number): string {
  if (total === 0) return '';
  const keys = total === 1 ? '1 key' : `${total} keys`;
  return usable === total ? keys : `${keys}, ${usable} usable`;
}
