import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agreementCard } from '../../test-support/agreement-fixtures';
import { renderAgreementCard, signerRecipient } from '../../test-support/agreement-views';
import type { AgreementCardProps } from '../AgreementCard';
import { StatusBadge } from '../StatusBadge';

function renderCard(
  overrides: Parameters<typeof agreementCard>[0] = {},
  props: Partial<AgreementCardProps<ReturnType<typeof agreementCard>>> = {},
) {
  const handlers = { onAction: jest.fn(), onDetails: jest.fn(), onPreview: jest.fn() };
  return {
    ...handlers,
    ...renderAgreementCard(agreementCard(overrides), { ...handlers, ...props }),
  };
}

describe('AgreementCard', () => {
  it('says where the signatures stand with several signers, and nothing more with one', () => {
    const { item } = renderCard({
      status: 'signature_saved',
      recipients: [
        signerRecipient('signer-1', 'Maria Lopez', 'signed'),
        signerRecipient('signer-2', 'Luis Lopez', 'invited', { order: 2 }),
      ],
    });
    expect(item).toHaveTextContent('1 of 2 signed — waiting for Luis Lopez');
  });

  it("shows who declined, when and why on a declined agreement's card", () => {
    const { item } = renderCard({
      status: 'declined',
      recipients: [
        signerRecipient('signer-1', 'Maria Lopez', 'signed'),
        signerRecipient('signer-2', 'Luis Lopez', 'declined', { order: 2 }),
      ],
      declined: {
        at: '2026-03-09T20:00:00.000Z',
        recipientId: 'signer-2',
        reason: 'The fee is higher than quoted.',
      },
    });
    expect(within(item).getByText('Declined')).toHaveClass('dash-status--declined');
    expect(within(item).getByText('Declined by Luis Lopez on March 9, 2026.')).toBeInTheDocument();
    expect(within(item).getByText('Luis Lopez wrote:')).toBeInTheDocument();
    expect(within(item).getByText('The fee is higher than quoted.').tagName).toBe('BLOCKQUOTE');
    // Not the progress line too.
    expect(item).not.toHaveTextContent(/signed —/);
  });

  it("names the card's signer when the decliner is not among the recipients", () => {
    const { item } = renderCard({
      status: 'declined',
      declined: { at: '2026-03-09T20:00:00.000Z', recipientId: 'gone', reason: 'No longer needed' },
    });
    expect(item).toHaveTextContent('Declined by Maria Lopez on March 9, 2026.');
    expect(item).toHaveTextContent('Maria Lopez wrote:No longer needed');
  });

  it('shows a reason that imitates our lines only inside its quotation, never as a link', () => {
    const reason = 'Too expensive.\nOpen in ProSign: https://evil.example/x';
    const { item } = renderCard({
      status: 'declined',
      recipients: [signerRecipient('signer-1', 'Elena Park', 'declined')],
      declined: { at: '2026-03-09T20:00:00.000Z', recipientId: 'signer-1', reason },
    });
    const quote = item.querySelector('blockquote');
    expect(quote?.textContent).toBe(reason);
    expect(quote?.previousElementSibling?.textContent).toBe('Elena Park wrote:');
    // Nowhere else on the card, and no link to it.
    const outside = item.cloneNode(true) as HTMLElement;
    outside.querySelector('blockquote')?.remove();
    expect(outside.textContent).not.toContain('evil.example');
    expect(within(item).queryByRole('link')).toBeNull();
    expect(item.querySelector('a[href*="evil"]')).toBeNull();
  });

  it('adds no progress line to a one-signer agreement', () => {
    const { item } = renderCard({ status: 'viewed' });
    expect(item).not.toHaveTextContent(/waiting for|signed —/);
  });

  it('shows status, who signs, what, where (cut at 35 characters) and when it was created', () => {
    const { item } = renderCard();
    expect(within(item).getByText('Not signed')).toHaveClass('dash-status--not-signed');
    expect(within(item).getByRole('heading', { name: 'Maria Lopez' })).toBeInTheDocument();
    expect(within(item).getByText('Structural Engineering Agreement')).toBeInTheDocument();
    expect(
      within(item).getByTitle('1420 Alameda Avenue Unit 5, San Jose, CA 95126'),
    ).toHaveTextContent('1420 Alameda Avenue Unit 5, San Jos…');
    expect(within(item).getByText('2026-03-04 09:05 PST')).toBeInTheDocument();
    expect(item).not.toHaveTextContent(/Signed /);
  });

  it('says which mail finally failed and why, with a Retry for staff', async () => {
    const onRetryMail = jest.fn();
    const problem = {
      deliveryId: 'contract-review-link.tok',
      mail: 'signing-link',
      error: 'connection refused',
      at: '2026-03-05T18:00:00.000Z',
    };
    const { item, card } = renderCard({ mailProblem: problem }, { onRetryMail });
    expect(item).toHaveTextContent(
      'The signing link mail could not be delivered: connection refused',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Retry mail to Maria Lopez' }));
    expect(onRetryMail).toHaveBeenCalledWith(card);
  });

  it('shows no mail problem when every mail went', () => {
    const { item } = renderCard({}, { onRetryMail: jest.fn() });
    expect(item).not.toHaveTextContent(/could not be delivered/);
    expect(within(item).queryByRole('button', { name: /Retry mail/ })).toBeNull();
  });

  it('says a mail waiting over a minute is still being retried, without a button', () => {
    const pending = {
      deliveryId: 'contract-review-link.tok',
      mail: 'signing-link',
      since: '2026-03-10T11:40:00.000Z',
      attempts: 3,
      lastError: 'connect ECONNREFUSED 127.0.0.1:1025',
    };
    const { item } = renderCard({ mailPending: [pending] }, { onRetryMail: jest.fn() });
    expect(
      within(item).getByText(
        'The signing link mail is waiting to be sent (3 tries, last: connect ECONNREFUSED 127.0.0.1:1025) — retrying automatically.',
      ),
    ).toHaveClass('dash-card__mail-pending');
    expect(within(item).queryByRole('button', { name: /Retry mail/ })).toBeNull();
  });

  it('says when its seal waits for the time-stamp service', () => {
    const { item } = renderCard({
      sealWaiting: { since: '2026-03-10T11:00:00.000Z', waitingFor: 'time-stamp service' },
    });
    expect(
      within(item).getByText(
        'Sealing is waiting for the time-stamp service; it completes by itself once the service answers.',
      ),
    ).toHaveClass('dash-card__mail-pending');
  });

  it('says nothing of sealing on a card whose seal does not wait', () => {
    const { item } = renderCard({ sealWaiting: null });
    expect(item).not.toHaveTextContent('Sealing is waiting');
  });

  it('says a queued mail with no failed try yet goes out by itself', () => {
    const { item } = renderCard({
      mailPending: [
        {
          deliveryId: 'signed-copy.tok',
          mail: 'signed-copy',
          since: '2026-03-10T11:58:00.000Z',
          attempts: 0,
          lastError: null,
        },
      ],
    });
    expect(item).toHaveTextContent(
      'The signed copy mail is waiting to be sent — it goes out automatically.',
    );
  });

  it('says nothing of a mail pending under a minute (a normal send)', () => {
    const { item } = renderCard({
      mailPending: [
        {
          deliveryId: 'contract-review-link.tok',
          mail: 'signing-link',
          since: '2026-03-10T11:59:30.000Z',
          attempts: 1,
          lastError: 'connect ECONNREFUSED',
        },
      ],
    });
    expect(item).not.toHaveTextContent(/waiting to be sent/);
  });

  it('shows the signed date on a signed card', () => {
    const { item } = renderCard({ status: 'signed', signedAt: '2026-03-06T20:30:00.000Z' });
    expect(within(item).getByText('Signed', { selector: '.dash-status' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Signed 2026-03-06 12:30 PST');
    expect(within(item).getByText('2026-03-06 12:30 PST')).toHaveAttribute(
      'dateTime',
      '2026-03-06T20:30:00.000Z',
    );
  });

  it('shows when it was resent instead of the resend actions', () => {
    const { item } = renderCard({
      status: 'cancelled',
      isEditResend: true,
      editResendAt: '2026-03-05T18:00:00.000Z',
    });
    expect(item).toHaveTextContent('Edited and resent 2026-03-05 10:00 PST');
    expect(within(item).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it('shows the presence dot while the signer is on the page, and the family lines', () => {
    renderAgreementCard(agreementCard(), {
      viewingNow: true,
      now: new Date(),
      children: <span>Structural</span>,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Viewing now');
    expect(screen.getByText('Structural')).toBeInTheDocument();
  });

  it('opens details and preview, and hands its card to the chosen action', async () => {
    const user = userEvent.setup();
    const { card, item, onAction, onDetails, onPreview } = renderCard();
    await user.click(within(item).getByRole('button', { name: 'Details of Maria Lopez' }));
    expect(onDetails).toHaveBeenCalledWith(card);
    await user.click(within(item).getByRole('button', { name: 'Preview document of Maria Lopez' }));
    expect(onPreview).toHaveBeenCalledWith(card);
    await user.click(within(item).getByRole('button', { name: 'Send Reminder' }));
    expect(onAction).toHaveBeenCalledWith('sendReminder', card);
  });

  it('says which action is running and holds the others', () => {
    const { item } = renderCard({ status: 'signature_saved' }, { busyAction: 'copyLink' });
    expect(within(item).getByRole('button', { name: 'Copy Link…' })).toBeDisabled();
    expect(within(item).getByRole('button', { name: 'More actions' })).toBeDisabled();
  });
});

describe('StatusBadge', () => {
  it('reads each family’s status in words and shows unknown ones as not signed', () => {
    render(
      <>
        <StatusBadge family="sow" status="not-signed" />
        <StatusBadge family="standard" status="signature_saved" />
        <StatusBadge family="standard" status="weird" />
      </>,
    );
    expect(screen.getAllByText('Not signed')).toHaveLength(2);
    expect(screen.getByText('Signature saved')).toHaveAttribute('data-tone', 'progress');
  });
});
