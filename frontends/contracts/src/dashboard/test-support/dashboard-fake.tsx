import type { AgreementEventView, ContractCardView, StaffSession } from '@prosign/domain';
import { PdfLoaderProvider, type PdfLoader } from '@prosign/ui';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeApi, type Handler } from '../../test-support/fake-api';

export type { Handler };

/** A two-page PDF instead of PDF.js (jsdom draws no canvas); records what it opened. */
export const openedPdfs: string[] = [];
const twoPagePdf: PdfLoader = (url) => {
  openedPdfs.push(url);
  return Promise.resolve({
    numPages: 2,
    getPage: () =>
      Promise.resolve({
        getViewport: ({ scale }: { scale: number }) => ({
          width: 612 * scale,
          height: 792 * scale,
        }),
        render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
      }),
    destroy: () => undefined,
  });
};

/**
 * The dashboard against a fake API ("METHOD /path" → handler; a thrown object
 * is the error), inside a router whose `/` says where Edit and Resend leads.
 */
export function dashboardFake(routes: Record<string, Handler>) {
  const { calls, wrapper } = fakeApi(routes, (children) => (
    <PdfLoaderProvider loader={twoPagePdf}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={children} />
          <Route path="/" element={<h1>Create Contract</h1>} />
        </Routes>
      </MemoryRouter>
    </PdfLoaderProvider>
  ));
  const listCalls = () =>
    calls
      .filter((c) => c.method === 'GET' && c.path === '/api/user/details')
      .map((c) => ({ ...c, query: { ...c.query } as Record<string, unknown> }));
  return { calls, listCalls, wrapper };
}

export function session(overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    email: 'admin@prosign.example',
    roles: ['admin'],
    isAdmin: true,
    access: {
      homeAccess: true,
      dashboardAccess: true,
      servicesAccess: true,
      tncAccess: true,
      userAccessAccess: true,
    },
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  } as StaffSession;
}

let sequence = 0;

/** A history event as the API lists it. */
export function event(overrides: Partial<AgreementEventView> = {}): AgreementEventView {
  return {
    timestamp: '2026-03-04T17:05:00.000Z',
    type: 'sent',
    title: 'Sent for signature',
    status: 'not signed',
    performedBy: 'csm@prosign.example',
    ipAddress: '10.0.0.1',
    userAgent: 'Mozilla/5.0',
    ...overrides,
  };
}

/** A listed contract; fields a card does not use stay empty; the summary follows the fields. */
export function card(overrides: Partial<ContractCardView> = {}): ContractCardView {
  sequence += 1;
  const listed: ContractCardView = {
    _id: `id-${sequence}`,
    family: 'standard',
    token: `token-${sequence}`,
    status: 'not signed',
    full_name: `Client ${sequence}`,
    email: `client${sequence}@example.com`,
    contact_number: '+14155550100',
    company_name: 'Acme Homes',
    cc_email: '',
    site_address: '1420 Alameda Avenue Unit 5',
    city: 'San Jose',
    state: 'CA',
    zipcode: '95126',
    form_type: 'Structural',
    contractTitle: 'Structural Engineering Agreement',
    cost: 12000,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    hsDealId: '40000005',
    docLink: 'http://api.test/api/documents/d/abc123/edit',
    signingLink: `http://sign.test/token-${sequence}?docLink=x&prefix=contract`,
    signedDocLink: null,
    voidDocLink: null,
    createdAt: '2026-03-04T17:05:00.000Z',
    createdIp: '10.0.0.1',
    viewedAt: null,
    viewedIp: null,
    signatureSavedAt: null,
    signatureSavedIp: null,
    signedAt: null,
    signedIp: null,
    viewedTimes: 0,
    viewedByPhoneCount: 0,
    viewedByEmailCount: 0,
    remindersAt: [],
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    isResend: false,
    isEditResend: false,
    resendAt: null,
    editResendAt: null,
    history: [],
    presence: null,
    summary: {
      title: '',
      recipientName: '',
      recipientEmail: '',
      recipientPhone: '',
      address: '',
      senderEmail: '',
    },
    ...overrides,
  };
  return {
    ...listed,
    summary: overrides.summary ?? {
      title: listed.contractTitle,
      recipientName: listed.full_name,
      recipientEmail: listed.email,
      recipientPhone: listed.contact_number,
      address: [
        listed.site_address,
        listed.city,
        [listed.state, listed.zipcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      senderEmail: listed.csm_email,
    },
  };
}

export function listOf(cards: ContractCardView[], totalPages = 1) {
  return { filteredClients: cards, totalPages, total: cards.length, page: 1, limit: 25 };
}
