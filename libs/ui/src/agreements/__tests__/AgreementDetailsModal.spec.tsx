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

  it('lists the recipients: the one signer of a one-signer agreement, with its times and address', () => {
    const { dialog } = open();
    const table = within(dialog).getByRole('table', { name: 'Recipients' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Maria Lopez');
    expect(rows[0]).toHaveTextContent('maria@example.com');
    expect(rows[0]).toHaveTextContent('Signer');
    expect(rows[0]).toHaveTextContent('2026-03-06 12:30 PST');
    expect(rows[0]).toHaveTextContent('203.0.113.9');
    expect(dialog).toHaveTextContent('Signed');
  });

  it('lists several recipients in order with each state, and says whom it waits for', () => {
    const times = { invitedAt: null, viewedAt: null, signatureSavedAt: null, signedAt: null };
    const card = agreementCard({
      recipients: [
        {
          id: 'signer-1',
          role: 'signer',
          name: 'Maria Lopez',
          email: 'maria@example.com',
          order: 1,
          state: 'signed',
          times: {
            ...times,
            invitedAt: '2026-03-04T17:05:00.000Z',
            signedAt: '2026-03-05T18:00:00.000Z',
          },
          lastActionIp: '203.0.113.7',
          lastActionUserAgent: 'Mozilla/5.0 (iPhone)',
        },
        {
          id: 'signer-2',
          role: 'signer',
          name: 'Luis Lopez',
          email: 'luis@example.com',
          order: 2,
          state: 'invited',
          times: { ...times, invitedAt: '2026-03-05T18:00:00.000Z' },
          lastActionIp: null,
          lastActionUserAgent: null,
        },
        {
          id: 'cc-1',
          role: 'cc',
          name: '',
          email: 'office@example.com',
          order: 3,
          state: 'waiting',
          times,
          lastActionIp: null,
          lastActionUserAgent: null,
        },
      ],
    });
    renderWithProviders(
      <AgreementDetailsModal family="standard" card={card} onClose={jest.fn()} />,
      {
        routes: { 'GET /api/contracts/by-token/undefined': () => card },
      },
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('1 of 2 signed — waiting for Luis Lopez');
    const rows = within(within(dialog).getByRole('table', { name: 'Recipients' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^Maria Lopezmaria@example\.comSignerSigned2026-03-04 09:05 PST.*2026-03-05 10:00 PST203\.0\.113\.7$/,
      ),
      expect.stringMatching(/^Luis Lopezluis@example\.comSignerInvited2026-03-05 10:00 PST/),
      expect.stringMatching(/^office@example\.comCopy—/),
    ]);
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
