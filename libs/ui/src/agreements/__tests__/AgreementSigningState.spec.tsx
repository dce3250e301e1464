import type { AgreementCardCore, Recipient } from '@prosign/domain';
import { screen, within } from '@testing-library/react';
import { agreementCard, renderWithProviders } from '../../test-support/agreement-fixtures';
import { renderAgreementCard, signerRecipient } from '../../test-support/agreement-views';
import { AgreementDetailsModal } from '../AgreementDetailsModal';

const MARIA_SIGNED_AT = '2026-03-05T18:00:00.000Z';

const signer = (
  id: string,
  name: string,
  state: Recipient['state'],
  signedAt: string | null = null,
): Recipient =>
  signerRecipient(id, name, state, { times: { invitedAt: '2026-03-04T17:05:00.000Z', signedAt } });

/** Two signers at once: Maria signed, Luis has not; the status follows Maria (the first). */
const halfSigned = (status: AgreementCardCore['status']) =>
  agreementCard({
    status,
    recipients: [
      signer('signer-1', 'Maria Lopez', 'signed', MARIA_SIGNED_AT),
      signer('signer-2', 'Luis Lopez', 'invited'),
    ],
  });

const renderCard = (card: AgreementCardCore) => renderAgreementCard(card).item;

/**
 * A card and the details of an agreement some of whose signers signed say
 * so ("Partly signed · 1 of 2"), not the first signer's step ("Signature saved").
 */
describe('where the signatures of an agreement stand', () => {
  it.each(['signature_saved', 'not signed', 'viewed'] as const)(
    'a card of two signers with one signature in, its status %s, says "Partly signed · 1 of 2"',
    (status) => {
      const item = renderCard(halfSigned(status));
      const badge = item.querySelector('.dash-status');
      expect(badge).toHaveTextContent(/^Partly signed · 1 of 2$/);
      expect(item).not.toHaveTextContent('Signature saved');
    },
  );

  it('a card with one signer, or every signature in, says the status as before', () => {
    expect(
      renderCard(agreementCard({ status: 'signature_saved' })).querySelector('.dash-status'),
    ).toHaveTextContent(/^Signature saved$/);
  });

  it('the details say the same, and each recipient’s Signed time is the record’s', () => {
    const card = halfSigned('signature_saved');
    renderWithProviders(
      <AgreementDetailsModal family="standard" card={card} onClose={jest.fn()} />,
      { routes: { 'GET /api/contracts/by-token/undefined': () => card } },
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Partly signed · 1 of 2')).toHaveClass('dash-status');
    expect(within(dialog).queryByText('Signature saved', { selector: '.dash-status' })).toBeNull();
    const rows = within(within(dialog).getByRole('table', { name: 'Recipients' }))
      .getAllByRole('row')
      .slice(1);
    const signedCells = rows.map((row) => within(row).getAllByRole('cell')[4].textContent);
    expect(signedCells).toEqual(['2026-03-05 10:00 PST', '—']);
  });
});
