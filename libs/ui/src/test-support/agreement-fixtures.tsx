import { ApiProvider } from '@prosign/api-client';
import { fakeApiClient, type FakeRoute } from '@prosign/api-client/testing';
import {
  singleSignerRecipients,
  type AgreementCardCore,
  type AgreementEventView,
} from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ToastProvider } from '../components/Toast';
import { PdfLoaderProvider } from '../pdf-viewer/pdf-loader-context';
import type { PdfLoader } from '../pdf-viewer/pdf-document';
import { testRuntimeConfig } from './fake-api';

let sequence = 0;

/** One agreement of any family as a list shows it; fields a test does not name stay empty. */
export function agreementCard(overrides: Partial<AgreementCardCore> = {}): AgreementCardCore {
  sequence += 1;
  const card: Omit<AgreementCardCore, 'recipients'> = {
    _id: `agr-${sequence}`,
    family: 'standard',
    status: 'not signed',
    summary: {
      title: 'Structural Engineering Agreement',
      recipientName: 'Maria Lopez',
      recipientEmail: 'maria@example.com',
      recipientPhone: '+14155550100',
      address: '1420 Alameda Avenue Unit 5, San Jose, CA 95126',
      senderEmail: 'csm@prosign.example',
    },
    docLink: 'http://api.test/api/documents/d/doc1/edit',
    signingLink: `http://sign.test/token-${sequence}`,
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
    ...overrides,
  };
  // The one signer its single-signer fields describe, as the server reads an agreement.
  const recipients =
    overrides.recipients ??
    singleSignerRecipients({
      name: card.summary.recipientName,
      email: card.summary.recipientEmail,
      phone: card.summary.recipientPhone,
      status: card.status,
      sentAt: card.createdAt,
      viewedAt: card.viewedAt,
      viewedIp: card.viewedIp,
      signatureSavedAt: card.signatureSavedAt,
      signatureSavedIp: card.signatureSavedIp,
      signedAt: card.signedAt,
      signedIp: card.signedIp,
    });
  return { ...card, recipients };
}

export function historyEvent(overrides: Partial<AgreementEventView> = {}): AgreementEventView {
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

/** A fake PDF of `pages` US-letter pages; records the URLs it opened. */
export function fakePdfLoader(pages = 1): PdfLoader & { opened: string[] } {
  const opened: string[] = [];
  const loader = (url: string) => {
    opened.push(url);
    return Promise.resolve({
      numPages: pages,
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
  return Object.assign(loader, { opened });
}

/** Renders `ui` with the providers a dashboard has: API (fake routes), queries, toasts, a fake PDF. */
export function renderWithProviders(
  ui: ReactElement,
  {
    routes = {},
    pdf = fakePdfLoader(),
  }: { routes?: Record<string, FakeRoute>; pdf?: PdfLoader } = {},
) {
  const client = fakeApiClient(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ApiProvider config={testRuntimeConfig} client={client} queryClient={queryClient}>
      <ToastProvider>
        <PdfLoaderProvider loader={pdf}>{ui}</PdfLoaderProvider>
      </ToastProvider>
    </ApiProvider>,
  );
  return { ...view, calls: client.calls };
}
