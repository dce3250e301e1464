import { ApiError } from '@prosign/api-client';
import type { VerifyDocumentView } from '@prosign/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { sealReport } from '../../test-support/verify-seal-fixtures';
import { VerifyPage } from '../VerifyPage';

const SHA = 'a'.repeat(64);
const VIEW: VerifyDocumentView = {
  title: 'Structural Engineering Agreement',
  status: 'signed',
  parties: [
    {
      role: 'Signer',
      name: 'Jane Doe',
      email: 'j***@example.com',
      signedAt: '2026-03-04T18:00:00.000Z',
    },
    { role: 'Signer', name: 'Luis Alvarez', email: 'l***@example.com', signedAt: null },
    { role: 'Sender', name: 'Casey Manager', email: 'c***@prosign.example' },
  ],
  events: [
    {
      at: '2026-03-04T17:05:00.000Z',
      event: 'Sent for signature',
      by: 'Casey Manager (c***@prosign.example)',
    },
    { at: '2026-03-04T18:00:00.000Z', event: 'Signed', by: 'Jane Doe (j***@example.com)' },
  ],
  historyIntact: true,
  signedAt: '2026-03-04T18:00:00.000Z',
  sha256: SHA,
};

function renderVerify(check: (file: unknown) => unknown, view: () => unknown = () => VIEW) {
  const api = fakeClient({
    'GET /api/verify/v-1': view,
    'POST /api/verify/v-1/check': (call) => check(call.body),
  });
  renderRoute(<VerifyPage />, {
    path: '/verify/v-1',
    pattern: '/verify/:token',
    client: api.client,
  });
  return api;
}

const pdf = (name = 'signed.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('VerifyPage', () => {
  it('shows the title, parties, status, signing events in Pacific time and the SHA-256', async () => {
    renderVerify(() => undefined);
    expect(
      await screen.findByRole('heading', { name: 'Structural Engineering Agreement' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Verify a signed document');
    expect(screen.getByText('Signed', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(SHA)).toBeInTheDocument();
  });

  it('lists every signer with whether they signed, and names who did each event', async () => {
    renderVerify(() => undefined);
    expect(
      await screen.findByText('Jane Doe (j***@example.com) — signed 2026-03-04 10:00 PST', {
        selector: 'dd',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Luis Alvarez (l***@example.com) — not signed yet', { selector: 'dd' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Casey Manager (c***@prosign.example)', { selector: 'dd' }),
    ).toBeInTheDocument();
    const events = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent(
      '2026-03-04 09:05 PST: Sent for signature — by Casey Manager (c***@prosign.example)',
    );
    expect(events[1]).toHaveTextContent(
      '2026-03-04 10:00 PST: Signed — by Jane Doe (j***@example.com)',
    );
    expect(screen.getByText(SHA)).toBeInTheDocument();
  });

  it.each([
    [{}, 'valid', 'Seal valid', 'Signed and sealed; its history is intact.'],
    [{ historyIntact: false }, 'invalid', 'Seal not valid', 'altered after it was signed'],
    [
      { sha256: null, signedAt: null, status: 'viewed' },
      'pending',
      'Not sealed yet',
      'sealed when it is signed',
    ],
  ] as const)('shows a seal badge: %j is %s', async (change, seal, label, detail) => {
    renderVerify(
      () => undefined,
      () => ({ ...VIEW, ...change }),
    );
    const badge = await screen.findByTestId('seal-badge');
    expect(badge).toHaveAttribute('data-seal', seal);
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveTextContent(detail);
  });

  it('offers the file picker as a button labelled "Choose a PDF"', async () => {
    renderVerify(() => undefined);
    const input = await screen.findByLabelText('Choose a PDF');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sg-file-input');
    expect(screen.getByText('Choose a PDF')).toHaveClass('ps-button');
  });

  it('says, after the events, that the history is intact when the event chain links up', async () => {
    renderVerify(() => undefined);
    const events = await screen.findByRole('region', { name: 'Signing events' });
    const line = within(events).getByText(
      'History intact: every event is chained to the one before it (SHA-256).',
    );
    expect(line).toHaveClass('sg-verify__history');
    expect(line).not.toHaveClass('sg-verify__result--mismatch');
    expect(within(events).queryByText(/history was altered/)).not.toBeInTheDocument();
    expect(within(events).getByRole('list').compareDocumentPosition(line)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('warns, before the events, when the history was altered after it was written', async () => {
    renderVerify(
      () => undefined,
      () => ({ ...VIEW, historyIntact: false }),
    );
    const events = await screen.findByRole('region', { name: 'Signing events' });
    const warning = within(events).getByText(
      "This document's history was altered after it was written.",
    );
    expect(warning).toHaveClass('sg-verify__result', 'sg-verify__result--mismatch');
    expect(within(events).queryByText(/History intact/)).not.toBeInTheDocument();
    expect(within(events).getByRole('list').compareDocumentPosition(warning)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    // The rest of the page is still shown.
    expect(within(events).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(SHA)).toBeInTheDocument();
  });

  it('claims neither when the server does not say whether the history is intact', async () => {
    const { historyIntact: _omitted, ...older } = VIEW;
    renderVerify(
      () => undefined,
      () => older,
    );
    const events = await screen.findByRole('region', { name: 'Signing events' });
    expect(within(events).getAllByRole('listitem')).toHaveLength(2);
    expect(within(events).queryByText(/History intact/)).not.toBeInTheDocument();
    expect(within(events).queryByText(/history was altered/)).not.toBeInTheDocument();
  });

  it('says a chosen PDF matches the sealed original', async () => {
    const user = userEvent.setup();
    const api = renderVerify(() => ({ matches: true, sha256: SHA, expectedSha256: SHA }));
    await user.upload(await screen.findByLabelText('Choose a PDF'), pdf());
    expect(
      await screen.findByText('This PDF matches the sealed original: it has not been altered.'),
    ).toBeInTheDocument();
    const sent = api.calls.find((call) => call.method === 'POST')?.body as FormData;
    expect((sent.get('file') as File).name).toBe('signed.pdf');
  });

  it('says a dropped PDF that differs does not match', async () => {
    renderVerify(() => ({ matches: false, sha256: 'b'.repeat(64), expectedSha256: SHA }));
    const zone = await screen.findByTestId('verify-dropzone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('copy.pdf')] } });
    expect(await screen.findByText(/does not match the sealed original/)).toBeInTheDocument();
    expect(screen.getByText('b'.repeat(64))).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = renderVerify(() => ({ matches: true, sha256: SHA, expectedSha256: SHA }));
    await user.upload(
      await screen.findByLabelText('Choose a PDF'),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a PDF file.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when no signed document matches the link', async () => {
    renderVerify(
      () => undefined,
      () => {
        throw new ApiError(404, 'Not found', 'Not Found');
      },
    );
    expect(
      await screen.findByText('No signed document matches this verification link.'),
    ).toBeInTheDocument();
  });
  it('shows the Seal section: the authority time, the level, the chains and the local-root note', async () => {
    renderVerify(
      () => undefined,
      () => ({ ...VIEW, seal: sealReport() }),
    );
    const section = await screen.findByRole('region', { name: 'Seal' });
    expect(within(section).getByText('Signed at').nextElementSibling).toHaveTextContent(
      '2026-11-27 10:42:13 PST (time from ProSign Local TSA)',
    );
    expect(within(section).getByTestId('seal-level')).toHaveTextContent(
      'PAdES B-LTA — long-term validation data and an archive time-stamp are in the file',
    );
    expect(
      within(section).getByRole('list', { name: 'Seal certificate chain' }),
    ).toBeInTheDocument();
    expect(within(section).getByTestId('local-root-note')).toBeInTheDocument();
    // After the document, before the events.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([VIEW.title, 'Seal', 'Signing events', 'Check a copy']);
    await expectNoSeriousAxeViolations();
  });

  it('marks the seal not valid when the stored PDF no longer holds its seal', async () => {
    renderVerify(
      () => undefined,
      () => ({ ...VIEW, seal: sealReport({ intact: false, level: null }) }),
    );
    const badge = await screen.findByTestId('seal-badge');
    expect(badge).toHaveAttribute('data-seal', 'invalid');
    expect(badge).toHaveTextContent('The stored signed PDF no longer matches its seal.');
  });

  it('says when the seal comes before it is signed, and shows no Seal section for a server without one', async () => {
    renderVerify(
      () => undefined,
      () => ({ ...VIEW, sha256: null, signedAt: null, status: 'viewed', seal: null }),
    );
    const section = await screen.findByRole('region', { name: 'Seal' });
    expect(section).toHaveTextContent('The document is sealed when it is signed.');
  });

  it('shows what an uploaded copy carries under the hash result', async () => {
    const user = userEvent.setup();
    renderVerify(() => ({
      matches: false,
      sha256: 'b'.repeat(64),
      expectedSha256: SHA,
      seal: sealReport({
        changedAfterSealing: true,
        problems: [
          'Something was added to the file after its last signature or time-stamp; nothing vouches for it.',
        ],
      }),
    }));
    await user.upload(await screen.findByLabelText('Choose a PDF'), pdf('resaved.pdf'));
    const carried = await screen.findByTestId('check-seal');
    expect(
      within(carried).getByRole('heading', { name: 'What this file carries', level: 3 }),
    ).toBeInTheDocument();
    expect(within(carried).getByTestId('seal-level')).toHaveTextContent('PAdES B-LTA');
    expect(within(carried).getByText(/Something was added to the file/)).toBeInTheDocument();
    expect(
      within(carried).getByRole('heading', { name: 'Seal certificate chain', level: 4 }),
    ).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });
});
