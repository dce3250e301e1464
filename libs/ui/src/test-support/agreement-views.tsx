import type { AgreementListQuery, FamilyCard } from '@prosign/api-client';
import type { ActionViewer, AgreementCardCore, CoCardView, Recipient } from '@prosign/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AgreementCard, type AgreementCardProps } from '../agreements/AgreementCard';
import { AgreementDashboardList } from '../agreements/AgreementDashboardList';
import { agreementCard, renderWithProviders } from './agreement-fixtures';
import type { FakeRoute } from './fake-api';
import { staffSession } from './staff-session';

/**
 * The set-up the specs of the agreements' views share: one card as a list shows it, and the
 * change-order dashboard list. Kept out of `@prosign/ui/testing` (index.ts): it renders this
 * library's own views, which the frontends' tests do not need.
 */

/** An admin: every action of a card is theirs to take. */
const ADMIN_VIEWER: ActionViewer = { isAdmin: true, userAccessAccess: true };

const NO_TIMES: Recipient['times'] = {
  invitedAt: null,
  viewedAt: null,
  signatureSavedAt: null,
  signedAt: null,
};

/** A signer at `${id}@example.com`, first in order and with no times unless given. */
export function signerRecipient(
  id: string,
  name: string,
  state: Recipient['state'],
  { order = 1, times = {} }: { order?: number; times?: Partial<Recipient['times']> } = {},
): Recipient {
  return {
    id,
    role: 'signer',
    name,
    email: `${id}@example.com`,
    order,
    state,
    times: { ...NO_TIMES, ...times },
    lastActionIp: null,
    lastActionUserAgent: null,
  };
}

/**
 * Renders a standard agreement's card in a list, as an admin sees it on 2026-03-10; `props`
 * replaces any (its handlers do nothing unless given). The card and its list item (Maria Lopez's).
 */
export function renderAgreementCard<TCard extends AgreementCardCore>(
  card: TCard,
  props: Partial<AgreementCardProps<TCard>> = {},
) {
  render(
    <ul>
      <AgreementCard
        family="standard"
        card={card}
        viewer={ADMIN_VIEWER}
        viewingNow={false}
        now={new Date('2026-03-10T12:00:00.000Z')}
        busyAction={null}
        onAction={() => undefined}
        onDetails={() => undefined}
        onPreview={() => undefined}
        {...props}
      />
    </ul>,
  );
  return { card, item: screen.getByRole('listitem', { name: 'Maria Lopez' }) };
}

/** Change Order 3 (`co-1`, deal 40000123), viewed, with these recipients. */
export function coCardView(recipients: Recipient[], overrides: Partial<CoCardView> = {}) {
  return {
    ...agreementCard({ family: 'co', status: 'viewed', recipients }),
    _id: 'co-1',
    family: 'co',
    customId: 'cust-1',
    coLabel: 'Change Order 3',
    deal_id: '40000123',
    signatory_email: 'maria@example.com',
    ...overrides,
  } as CoCardView;
}

/** The first page of a family's list, holding `rows`, as its get-contracts answers. */
export const listPage = (rows: unknown[], totalPages = 1) => ({
  filteredContracts: rows,
  totalPages,
  total: rows.length,
  page: 1,
  limit: 25,
});

const FIRST_PAGE: AgreementListQuery = { page: 1, limit: 25, search: '', filters: ['all'] };

/** The change orders' dashboard list, for a signed-in staff member; the API answers `routes`. */
export function renderCoDashboardList(routes: Record<string, FakeRoute>) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AgreementDashboardList
        family="co"
        query={FIRST_PAGE}
        onPage={() => undefined}
        label="Change orders"
        loadingText="Loading change orders…"
        noun="change orders"
        cardLines={(card: FamilyCard<'co'>) => <span>{card.coLabel}</span>}
        contactRows={(card) => [['Deal ID', card.deal_id]]}
        onEditAndResend={() => undefined}
      />
    </MemoryRouter>,
    { routes: { 'GET /api/auth/session': () => staffSession(), ...routes } },
  );
}

/** Opens the "More actions" menu of Maria Lopez's card once it shows. */
export async function openCardMenu(): Promise<void> {
  await screen.findByRole('heading', { name: 'Maria Lopez' });
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
}
