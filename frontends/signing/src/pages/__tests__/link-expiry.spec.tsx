import {
  CAPTCHA_PROMPT,
  linkExpiryNote,
  type CoSigningView,
  type SignerMetrics,
  type SowSigningView,
  type VerifyTokenResponse,
} from '@prosign/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { LinkSignatureRoutePage } from '../LinkSignatureRoutePage';
import { CustomerSigningPage } from '../CustomerSigningPage';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

/** 18:30 UTC on 27 December is 10:30 in the afternoon's Pacific standard time. */
const EXPIRES_AT = '2026-12-27T18:30:00.000Z';
const EXPIRY_TEXT = 'This link expires on 2026-12-27 10:30 PST.';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const UNSAVED: SignerMetrics = {
  isSignatureSaved: false,
  isSigned: false,
  signature: null,
  initials: null,
};

function state(expiresAt: string | null | undefined): VerifyTokenResponse {
  return {
    valid: true,
    linkState: 'open',
    status: 'viewed',
    agreementTitle: 'The agreement',
    docLink: 'http://api.test/api/documents/doc-1/pdf',
    signedDocLink: null,
    verifyId: null,
    bookmarks: null,
    sentAt: '2026-11-27T18:30:00.000Z',
    closedAt: null,
    sender: { email: 'csm@prosign.example' },
    metrics: UNSAVED,
    client: { full_name: 'Mei Lin', hsDealId: null },
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}

const sowView = (expiresAt: string | null | undefined): SowSigningView => ({
  ...state(expiresAt),
  customId: 'SOW-1',
  cp_name: 'Mei Lin',
  project_address: '88 Orchard Lane, San Jose, CA 95112',
  payment_amount: 1550.5,
  effective_date: '2026-11-23',
});

const coView = (expiresAt: string | null | undefined): CoSigningView => ({
  ...state(expiresAt),
  customId: 'CO-1',
  signatory_name: 'Mei Lin',
  project_address: '12 Cedar Row, Fresno, CA 93704',
  description: 'Relocate the water heater.',
  fee: 1200,
  payment_terms: 'Split Payment',
  firstPayment: 700,
  secondPayment: 500,
});

const CAPTCHA = {
  'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
  'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inAnHour() }),
};

/** Each family's signing page, and its fake API answering with the given expiry. */
const FAMILIES: Array<{
  name: string;
  page: ReactElement;
  path: string;
  pattern: string;
  routes: (expiresAt: string | null | undefined) => Parameters<typeof fakeClient>[0];
}> = [
  {
    name: 'customer (standard link)',
    page: <CustomerSigningPage />,
    path: `/tok-1?docLink=${encodeURIComponent('https://docs.test/d/doc-1/edit')}`,
    pattern: '/:token',
    routes: (expiresAt) => ({ ...CAPTCHA, 'POST /api/verifyToken': () => state(expiresAt) }),
  },
  {
    name: 'SOW',
    page: <LinkSignatureRoutePage />,
    path: '/sow-signature/SOW-1',
    pattern: '/sow-signature/:customId',
    routes: (expiresAt) => ({
      ...CAPTCHA,
      'GET /api/sow/verify-link/SOW-1': () => ({ valid: true, linkState: 'open' }),
      'POST /api/sow/increase-viewed-times/SOW-1': () => sowView(expiresAt),
    }),
  },
  {
    name: 'CO',
    page: <LinkSignatureRoutePage />,
    path: '/co-signature/CO-1',
    pattern: '/co-signature/:customId',
    routes: (expiresAt) => ({
      ...CAPTCHA,
      'GET /api/co/verify-link/CO-1': () => ({ valid: true, linkState: 'open' }),
      'POST /api/co/increase-viewed-times/CO-1': () => coView(expiresAt),
    }),
  },
];

async function openPage(family: (typeof FAMILIES)[number], expiresAt: string | null | undefined) {
  const user = userEvent.setup();
  const { client } = fakeClient(family.routes(expiresAt));
  renderRoute(family.page, { path: family.path, pattern: family.pattern, client });
  expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
  // The agreement is open: its viewer is shown.
  expect(await screen.findByRole('region', { name: /^The agreement: / })).toBeInTheDocument();
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('the signing page says when its link expires', () => {
  it('words it shortly, in Pacific time as every time the product shows', () => {
    expect(linkExpiryNote(EXPIRES_AT)).toBe(EXPIRY_TEXT);
    expect(linkExpiryNote(null)).toBeNull();
    expect(linkExpiryNote(undefined)).toBeNull();
    expect(linkExpiryNote('not a date')).toBeNull();
  });

  it.each(FAMILIES)('on the $name page, from the signer API', async (family) => {
    await openPage(family, EXPIRES_AT);
    expect(screen.getByText(EXPIRY_TEXT)).toBeInTheDocument();
  });

  it.each(FAMILIES)(
    'says nothing about it on the $name page when the API names no expiry',
    async (family) => {
      await openPage(family, null);
      expect(screen.queryByText(/This link expires/)).toBeNull();
    },
  );
});
