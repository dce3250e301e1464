import {
  formatPacificDateTime,
  WEBHOOK_OLD_SECRETS_KEPT,
  type WebhookDeliveryState,
  type WebhookEndpointState,
  type WebhookEndpointView,
} from '@prosign/domain';
import type { IntegrationTone } from '../../integrations/integration-tone';

export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  description:
    'Addresses of other systems told when an agreement or an invoice changes. Each delivery is signed (Standard Webhooks) and retried for up to 3 days.',
  inboxLink: 'Local webhook inbox',
  loading: 'Loading webhook endpoints…',
  failed: 'The webhook endpoints could not be loaded',
  empty: 'No endpoint yet. Add one above to tell another system about events.',
  listTitle: 'Endpoints',
  createTitle: 'Add an endpoint',
  create: 'Add endpoint',
  creating: 'Adding…',
  createFailed: 'The endpoint could not be added.',
  createdTitle: 'The endpoint’s signing secret',
  secretLabel: 'Signing secret',
  createdText:
    'The receiver checks each delivery’s webhook-signature header with it (HMAC-SHA256, Standard Webhooks).',
  edit: 'Edit…',
  editTitle: 'Edit endpoint',
  save: 'Save',
  saving: 'Saving…',
  saveFailed: 'The endpoint could not be saved.',
  saved: 'Endpoint saved.',
  enable: 'Enable',
  enableAgain: 'Enable again',
  disable: 'Disable',
  enabled: 'Endpoint enabled: events are delivered to it again.',
  disabled: 'Endpoint disabled: no events are delivered to it.',
  toggleFailed: 'The endpoint could not be changed.',
  rotate: 'Rotate secret…',
  rotateTitle: 'Rotate the signing secret?',
  rotateConfirm: 'Rotate secret',
  rotateWarning: `A new secret signs every delivery from now on. The old secret stays valid for 24 hours alongside it, so deliveries keep verifying while the receiver switches. Secrets rotated out before keep their own 24 hours; at most ${WEBHOOK_OLD_SECRETS_KEPT} old secrets are kept, the oldest dropped first.`,
  rotatedTitle: 'The new signing secret',
  rotateFailed: 'The secret could not be rotated.',
  remove: 'Delete…',
  removeTitle: 'Delete this endpoint?',
  removeConfirm: 'Delete endpoint',
  removeWarning: 'No more events are delivered to it. This cannot be undone.',
  removed: 'Endpoint deleted.',
  removeFailed: 'The endpoint could not be deleted.',
  log: 'Delivery log',
  sendTest: 'Send test event',
  sendingTest: 'Sending…',
  testSent: 'Test event queued: it shows in the delivery log.',
  testFailed: 'The test event could not be sent.',
  testNeedsEnabled: 'Enable the endpoint to send it a test event.',
  adminOnly: 'Webhooks',
} as const;

export const DELIVERY_TEXTS = {
  loading: 'Loading deliveries…',
  failed: 'The delivery log could not be loaded',
  empty: 'No delivery yet. Events the endpoint subscribes to, and test events, appear here.',
  emptyFiltered: 'No delivery in this state.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  resend: 'Resend',
  resending: 'Resending…',
  resent: 'Sent again: the delivery is queued.',
  resendFailed: 'The delivery could not be sent again.',
  request: 'Request body',
  answer: 'Answer (first 2 KB)',
  noAnswer: 'No answer body.',
  noAttempt: 'Not tried yet.',
} as const;

export const DELIVERY_STATE_WORDS: Readonly<Record<WebhookDeliveryState, string>> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATE_TONES: Readonly<Record<WebhookDeliveryState, IntegrationTone>> = {
  pending: 'off',
  retrying: 'warn',
  delivered: 'ok',
  failed: 'danger',
};

export const ENDPOINT_STATE_TONES: Readonly<Record<WebhookEndpointState, IntegrationTone>> = {
  enabled: 'ok',
  disabled_by_admin: 'off',
  disabled_failing: 'danger',
};

/** The state filter of the delivery log: every state, or one. */
export const DELIVERY_FILTERS: readonly { value: WebhookDeliveryState | ''; label: string }[] = [
  { value: '', label: 'All states' },
  { value: 'pending', label: 'Pending' },
  { value: 'retrying', label: 'Retrying' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

/** The endpoint's state in words; a disabled endpoint says since when it failed. */
export function endpointStateText(endpoint: WebhookEndpointView): string {
  switch (endpoint.state) {
    case 'enabled':
      return 'Enabled';
    case 'disabled_by_admin':
      return 'Disabled by an admin';
    case 'disabled_failing': {
      const since = formatPacificDateTime(endpoint.failingSince ?? endpoint.disabledAt);
      return since ? `Disabled after failing since ${since}` : 'Disabled after failing for 3 days';
    }
  }
}

/** A body as sent or received: JSON indented, anything else as it came. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
