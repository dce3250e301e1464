import {
  CAPTCHA_PROMPT,
  type SignerMetrics,
  type SowSigningView,
  type VerifyTokenResponse,
} from '@prosign/domain';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { FakeRoute } from './fake-signing-api';

/** The local captcha's two calls, answered as the api does (a pass valid for an hour). */
export const CAPTCHA_ROUTES: Record<string, FakeRoute> = {
  'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
  'POST /api/captcha/verify': () => ({
    pass: 'pass-1',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  }),
};

/** Ticks the local captcha's box once its prompt is shown. */
export async function passCaptcha(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
}

export const UNSAVED_METRICS: SignerMetrics = {
  isSignatureSaved: false,
  isSigned: false,
  signature: null,
  initials: null,
};

/** A customer link's verifyToken answer: open, viewed, nothing saved (Jane Doe's). */
export function customerLink(overrides: Partial<VerifyTokenResponse> = {}): VerifyTokenResponse {
  return {
    valid: true,
    linkState: 'open',
    status: 'viewed',
    agreementTitle: 'Structural Engineering Agreement',
    docLink: 'http://api.test/api/documents/doc-1/pdf',
    signedDocLink: null,
    verifyId: null,
    bookmarks: null,
    sentAt: '2026-03-02T17:00:00.000Z',
    closedAt: null,
    sender: { email: 'csm@prosign.example' },
    metrics: UNSAVED_METRICS,
    client: { full_name: 'Jane Doe', hsDealId: 'deal-1' },
    ...overrides,
  };
}

/** A SOW link's opened view: open, viewed, nothing saved (Mei Lin's, `SOW-abc123`). */
export function sowLink(overrides: Partial<SowSigningView> = {}): SowSigningView {
  return {
    valid: true,
    linkState: 'open',
    status: 'viewed',
    agreementTitle: 'Scope of Work Agreement — 88 Orchard Lane',
    docLink: 'http://api.test/api/documents/sow-1/pdf',
    signedDocLink: null,
    verifyId: null,
    bookmarks: null,
    sentAt: '2026-03-02T17:00:00.000Z',
    closedAt: null,
    sender: { email: 'csm@prosign.example' },
    metrics: UNSAVED_METRICS,
    client: { full_name: 'Mei Lin', hsDealId: null },
    customId: 'SOW-abc123',
    cp_name: 'Mei Lin',
    project_address: '88 Orchard Lane, San Jose, CA 95112',
    payment_amount: 1550.5,
    effective_date: '2026-11-23',
    ...overrides,
  };
}
