import {
  registerFamily,
  SOW_FAMILY_DEFINITION,
  unregisterFamily,
  type AgreementCardCore,
} from '@prosign/domain';
import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { agreementCard, renderWithProviders } from '../../test-support/agreement-fixtures';
import { staffSession } from '../../test-support/staff-session';
import { AgreementDetailsModal } from '../AgreementDetailsModal';
import { CrmRecordLink, crmRecordOfCard } from '../CrmRecordLink';

const card = (fields: Partial<AgreementCardCore> & Record<string, unknown>) =>
  ({ ...agreementCard({ family: 'standard' }), ...fields }) as AgreementCardCore;

describe('the CRM record of a card', () => {
  it("names a contract's or change order's deal and a SOW's project", () => {
    expect(crmRecordOfCard(card({ family: 'standard', hsDealId: '40000003' }))).toEqual({
      type: 'deals',
      id: '40000003',
    });
    expect(crmRecordOfCard(card({ family: 'co', deal_id: ' 40000101 ' }))).toEqual({
      type: 'deals',
      id: '40000101',
    });
    expect(crmRecordOfCard(card({ family: 'sow', project_id: '60000001' }))).toEqual({
      type: 'projects',
      id: '60000001',
    });
  });

  it('names the record kind a registered family’s definition gives', () => {
    registerFamily({
      ...SOW_FAMILY_DEFINITION,
      id: 'lease',
      apiPrefix: 'lease',
      signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 30 },
      crm: { record: 'deal', fileFolder: '/ProSign/Leases' },
    });
    try {
      expect(crmRecordOfCard(card({ family: 'lease', deal_id: '40000200' }))).toEqual({
        type: 'deals',
        id: '40000200',
      });
    } finally {
      unregisterFamily('lease');
    }
    expect(crmRecordOfCard(card({ family: 'lease', deal_id: '40000200' }))).toBeNull();
  });

  it('names none without a CRM id', () => {
    expect(crmRecordOfCard(card({ family: 'standard', hsDealId: null }))).toBeNull();
    expect(crmRecordOfCard(card({ family: 'standard' }))).toBeNull();
    expect(crmRecordOfCard(card({ family: 'co', deal_id: 'https://crm/deal/x' }))).toBeNull();
  });

  it("links administrators to the deal's CRM record page", async () => {
    renderWithProviders(
      <MemoryRouter>
        <CrmRecordLink card={card({ family: 'standard', hsDealId: '40000003' })} />
      </MemoryRouter>,
      { routes: { 'GET /api/auth/session': () => staffSession() } },
    );
    expect(await screen.findByRole('link', { name: 'CRM record (deal 40000003)' })).toHaveAttribute(
      'href',
      '/crm-record?type=deals&id=40000003',
    );
  });

  it('shows nothing to staff who are not administrators', async () => {
    const { calls } = renderWithProviders(
      <MemoryRouter>
        <CrmRecordLink card={card({ family: 'standard', hsDealId: '40000003' })} />
      </MemoryRouter>,
      {
        routes: {
          'GET /api/auth/session': () => staffSession({ isAdmin: false, roles: ['csm'] }),
        },
      },
    );
    // The session arrives (not an administrator) and nothing appears.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls.some((call) => call.path === '/api/auth/session')).toBe(true);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("sits in the Contact part of an agreement's details", async () => {
    const contract = card({ family: 'standard', hsDealId: '40000012' });
    renderWithProviders(
      <MemoryRouter>
        <AgreementDetailsModal family="standard" card={contract} onClose={() => undefined} />
      </MemoryRouter>,
      {
        routes: {
          'GET /api/auth/session': () => staffSession(),
          'GET /api/user/details': () => ({ filteredClients: [contract], totalPages: 1 }),
        },
      },
    );
    const details = await screen.findByRole('dialog');
    expect(
      await within(details).findByRole('link', { name: 'CRM record (deal 40000012)' }),
    ).toHaveAttribute('href', '/crm-record?type=deals&id=40000012');
  });
});
