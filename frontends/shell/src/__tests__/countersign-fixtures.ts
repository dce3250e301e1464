import type { CountersignQueueItem, CountersignView } from '@prosign/domain';
import type { FakeApi } from './fake-api';

export const AGREEMENT_ID = '665f0c2a9b1e4a0012345678';
export const AGREEMENT_PATH = `/api/countersign/${AGREEMENT_ID}`;

/** What `POST /api/countersign/{id}/open` answers for the firm, once every client signed. */
export function countersignView(overrides: Partial<CountersignView> = {}): CountersignView {
  return {
    valid: true,
    agreementId: AGREEMENT_ID,
    family: 'standard',
    linkState: 'open',
    status: 'signature_saved',
    agreementTitle: 'Structural Engineering Agreement — 2215 Larkin Street',
    docLink: 'http://api.test/api/documents/d/doc-1/view',
    signedDocLink: null,
    verifyId: null,
    bookmarks: { signature: { page: 2, yRatio: 0.7 }, initials: null },
    readingLink: null,
    progress: '2 of 3 signed — waiting for the firm',
    recipientId: 'firm',
    sentAt: '2026-03-04T17:00:00.000Z',
    closedAt: null,
    sender: { email: 'csm@prosign.example' },
    metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
    client: { full_name: 'Dana Whitfield', hsDealId: null },
    turn: 'now',
    ...overrides,
  };
}

export function queueItem(overrides: Partial<CountersignQueueItem> = {}): CountersignQueueItem {
  return {
    agreementId: AGREEMENT_ID,
    family: 'standard',
    agreementTitle: 'Structural Engineering Agreement — 2215 Larkin Street',
    signers: 'Maria Elena Alvarez and Luis Alvarez',
    invitedAt: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000).toISOString(),
    signatureSaved: false,
    ...overrides,
  };
}

/** The queue the navigation's badge (and the queue page) reads. */
export function answerQueue(api: FakeApi, items: CountersignQueueItem[]) {
  api.on('GET', '/api/countersign/mine', () => ({ status: 200, body: { items } }));
}
