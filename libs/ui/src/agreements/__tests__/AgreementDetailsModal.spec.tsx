import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agreementCard,
  historyEvent,
  renderWithProviders,
} from '../../test-support/agreement-fixtures';
import { AgreementDetailsModal } from '../AgreementDetailsModal';

describe('AgreementDetailsModal', () => {
  const listed = agreementCard({
    _id: 'agr-1',
    status: 'signed',
    viewedAt: '2026-03-05T16:00:00.000Z',
    viewedIp: '203.0.113.7',
    signedAt: '2026-03-06T20:30:00.000Z',
    signedIp: '203.0.113.9',
    viewedByPhoneCount: 2,
    viewedByEmailCount: 3,
    viewedTimes: 5,
    history: [
      historyEvent(),
      historyEvent({
        timestamp: '2026-03-05T16:00:00.000Z',
        type: 'viewed',
        title: 'Opened by the signer',
        status: 'viewed',
        performedBy: 'signer',
        ipAddress: '203.0.113.7',
      }),
      // Older records without a title read as words too, never as "signature_saved".
      historyEvent({
        timestamp: '2026-03-06T20:25:00.000Z',
        type: undefined as never,
        title: 'signature_saved',
        status: 'signature_saved',
        performedBy: 'signer',
        ipAddress: '203.0.113.9',
      }),
      historyEvent({
        timestamp: '2026-03-07T02:00:00.000Z',
        type: 'completed',
        title: '',
        status: 'signed',
        performedBy: 'system',
        ipAddress: null,
      }),
    ],
  });

  function open(onClose = jest.fn()) {
    const view = renderWithProviders(
      <AgreementDetailsModal
        family="standard"
        card={listed}
        onClose={onClose}
        contactRows={() => [['Company', 'Acme Homes']]}
      />,
      { routes: { 'GET /api/contracts/by-token/undefined': () => listed } },
    );
    return {
      ...view,
      dialog: screen.getByRole('dialog', { name: 'Contract details — Maria Lopez' }),
    };
  }

  it('shows contact details, the family rows and the status in words', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('heading', { name: 'Contact' })).toHaveFocus();
    expect(dialog).toHaveTextContent('maria@example.com');
    expect(dialog).toHaveTextContent('+14155550100');
    expect(dialog).toHaveTextContent('CompanyAcme Homes');
    expect(within(dialog).getByText('Signed', { selector: '.dash-status' })).toBeInTheDocument();
  });

  it('shows each step time in Pacific time with its IP, and the views by channel', () => {
    const { dialog } = open();
    const signed = within(dialog).getByRole('row', { name: /^Signed / });
    expect(signed).toHaveTextContent('2026-03-06 12:30 PST');
    expect(signed).toHaveTextContent('203.0.113.9');
    expect(within(dialog).getByRole('row', { name: /^First viewed/ })).toHaveTextContent(
      '203.0.113.7',
    );
    expect(within(dialog).getByRole('row', { name: /^Signature saved/ })).toHaveTextContent('—');
    expect(dialog).toHaveTextContent('Views by phone: 2 · Views by email: 3 · Total views: 5');
  });

  it('shows the history as a timeline of readable titles, who did it and from where', () => {
    const { dialog } = open();
    const table = within(dialog).getByRole('table', { name: 'Document history' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Timestamp (PST)', 'Event', 'Performed by', 'IP address']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026-03-04 09:05 PST', 'Sent for signature', 'csm@prosign.example', '10.0.0.1'],
      ['2026-03-05 08:00 PST', 'Opened by the signer', 'Signer', '203.0.113.7'],
      ['2026-03-06 12:25 PST', 'Signature saved', 'Signer', '203.0.113.9'],
      ['2026-03-06 18:00 PST', 'Signed copy sealed', 'ProSign (automatic)', '—'],
    ]);
    expect(table).not.toHaveTextContent('signature_saved');
  });

  it('closes with Escape or Close', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    open(onClose);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
