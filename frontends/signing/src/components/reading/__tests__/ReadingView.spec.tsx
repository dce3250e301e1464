import type { AgreementReading } from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeClient, renderRoute } from '../../../test-support/fake-signing-api';
import { SigningAgreement, useAgreementViewer } from '../../SigningAgreement';
import { readingItems } from '../reading-items';

const READING: AgreementReading = {
  title: 'Professional Engineering Services Agreement',
  subtitle: 'Effective Date: March 14, 2026',
  letterhead: { firmName: 'Bay Structural Engineers', lines: [] },
  pageCount: 3,
  sections: [
    {
      key: 'parties',
      number: null,
      heading: null,
      page: 1,
      blocks: [{ type: 'paragraph', text: 'This agreement is made between the parties.', page: 1 }],
    },
    {
      key: 'scope',
      number: 1,
      heading: 'Scope of Services',
      page: 1,
      blocks: [
        { type: 'paragraph', text: 'The engineer designs the beam.', page: 1 },
        { type: 'bullets', items: ['Site visit', 'Calculations'], page: 2 },
      ],
    },
    {
      key: 'payment',
      number: 2,
      heading: 'Payment Terms',
      page: 2,
      blocks: [{ type: 'numbered', items: ['Half on signing', 'Half on delivery'], page: 2 }],
    },
  ],
  signatureBlock: {
    page: 3,
    firm: { name: 'Dana Lee, P.E.', title: 'Principal Engineer', firmName: 'Bay Structural' },
    clientLabel: 'Client',
    clientName: 'Jane Doe',
  },
  marks: [
    { kind: 'initials', page: 1 },
    { kind: 'initials', page: 2 },
    { kind: 'signature', page: 3 },
    { kind: 'signedDate', page: 3 },
    { kind: 'initials', page: 3 },
  ],
};
const READING_LINK = 'http://api.test/api/documents/d/doc-1/reading';

function setScreenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

function Agreement(props: { readingLink: string | null; saved?: boolean; recipientId?: string }) {
  const viewer = useAgreementViewer();
  return (
    <SigningAgreement
      viewer={viewer}
      docLink="http://api.test/api/documents/d/doc-1/view"
      agreementTitle="Structural Engineering Agreement"
      readingLink={props.readingLink}
      savedMarks={props.saved ? { signature: 'Jane Doe', initials: 'J.D.' } : null}
      recipientId={props.recipientId}
      signActions={
        <button type="button" onClick={() => viewer.scrollTo(null, () => ({ page: 3 }))}>
          Sign
        </button>
      }
      saved={false}
      signed={false}
      onAgreeAndFinish={() => undefined}
      finishHint="Sign first."
      finishing={false}
      completed={false}
    />
  );
}

const renderAgreement = (props: {
  readingLink: string | null;
  saved?: boolean;
  recipientId?: string;
}) =>
  renderRoute(<Agreement {...props} />, { path: '/', pattern: '/', client: fakeClient({}).client });

let fetched: string[];
beforeEach(() => {
  fetched = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    return { ok: true, status: 200, json: async () => READING } as Response;
  }) as typeof fetch;
  Element.prototype.scrollTo = jest.fn() as unknown as Element['scrollTo'];
  Element.prototype.scrollIntoView = jest.fn();
});

describe('readingItems', () => {
  it('marks where each PDF page starts and ends, with the initials of every page and the signature block on its page', () => {
    const items = readingItems(READING).map((item) =>
      item.kind === 'block'
        ? `block:${item.id}`
        : item.kind === 'heading'
          ? `heading:${item.section.key}`
          : item.kind === 'signature-block'
            ? 'signature'
            : `${item.kind}:${item.page}${item.kind === 'page-end' && item.initials ? '+initials' : ''}`,
    );
    expect(items).toEqual([
      'page-start:1',
      'block:parties.0',
      'heading:scope',
      'block:scope.0',
      'page-end:1+initials',
      'page-start:2',
      'block:scope.1',
      'heading:payment',
      'block:payment.0',
      'page-end:2+initials',
      'page-start:3',
      'signature',
      'page-end:3+initials',
    ]);
  });
});

describe('readingItems with several signers', () => {
  it('marks only the viewing signer’s initials', () => {
    const twoSigners: AgreementReading = {
      ...READING,
      marks: [
        { kind: 'initials', page: 1, recipientId: 'signer-1' },
        { kind: 'initials', page: 1, recipientId: 'signer-2' },
        { kind: 'initials', page: 2, recipientId: 'signer-1' },
      ],
    };
    const pagesWithInitials = (recipientId: string) =>
      readingItems(twoSigners, recipientId)
        .filter((item) => item.kind === 'page-end' && item.initials)
        .map((item) => (item.kind === 'page-end' ? item.page : 0));
    expect(pagesWithInitials('signer-1')).toEqual([1, 2]);
    expect(pagesWithInitials('signer-2')).toEqual([1]);
  });
});

describe('SigningAgreement: the reading view', () => {
  it('gives each of several signers their own block to sign and names the others', async () => {
    setScreenWidth(390);
    const twoSigners: AgreementReading = {
      ...READING,
      signatureBlock: {
        ...READING.signatureBlock,
        signers: [
          { recipientId: 'signer-1', name: 'Jane Doe', label: 'Client 1', page: 3 },
          { recipientId: 'signer-2', name: 'John Doe', label: 'Client 2', page: 3 },
        ],
      },
    };
    global.fetch = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => twoSigners }) as Response,
    ) as typeof fetch;
    renderAgreement({ readingLink: READING_LINK, recipientId: 'signer-2' });
    const block = await screen.findByRole('region', { name: 'Signatures' });
    expect(within(block).getByText('Signature of Jane Doe')).toBeInTheDocument();
    const mine = within(block).getByLabelText('Your signature goes here');
    expect(mine.parentElement).toHaveTextContent('Client 2');
    expect(mine.parentElement).toHaveTextContent('Name: John Doe');
    expect(within(block).getAllByLabelText('Your signature goes here')).toHaveLength(1);
  });

  it('shows a phone the agreement text from the reading view, with the PDF one tap away', async () => {
    setScreenWidth(390);
    const user = userEvent.setup();
    renderAgreement({ readingLink: READING_LINK });
    const region = await screen.findByRole('region', {
      name: 'The agreement: Structural Engineering Agreement',
    });
    expect(await within(region).findByText('The engineer designs the beam.')).toBeInTheDocument();
    expect(fetched).toEqual([READING_LINK]);
    // Headings numbered as the PDF numbers them; lists as lists.
    expect(within(region).getByRole('heading', { name: '2. Payment Terms' })).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Site visit', 'Calculations', 'Half on signing', 'Half on delivery']);
    // The places of the marks.
    expect(within(region).getByLabelText('Your signature goes here')).toBeInTheDocument();
    expect(within(region).getByLabelText('Your initials for page 2')).toBeInTheDocument();
    // Where each PDF page starts, and which page is in view.
    expect(within(region).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('toolbar', { name: 'Reading view' })).getByText('Page 1 of 3'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reading view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'View as PDF' }));
    expect(screen.getByRole('button', { name: 'View as PDF' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText('The engineer designs the beam.')).not.toBeInTheDocument();
    expect(await screen.findByRole('toolbar', { name: 'Document view' })).toBeInTheDocument();
  });

  it('jumps to a section, a page or the signature, and the signing steps scroll to the signature block', async () => {
    setScreenWidth(390);
    const user = userEvent.setup();
    renderAgreement({ readingLink: READING_LINK });
    const region = await screen.findByRole('region', { name: /The agreement/ });
    await within(region).findByText('The engineer designs the beam.');
    const jump = screen.getByRole('combobox', { name: 'Jump to' });
    expect(
      within(jump).getByRole('option', { name: '2. Payment Terms (page 2)' }),
    ).toBeInTheDocument();
    expect(within(jump).getByRole('option', { name: 'Page 3' })).toBeInTheDocument();

    const scrolled = jest.mocked(Element.prototype.scrollIntoView);
    const block = within(region).getByRole('region', { name: 'Signatures' });
    await user.selectOptions(jump, 'Your signature (page 3)');
    expect(scrolled.mock.contexts).toEqual([block]);
    await user.selectOptions(jump, '2. Payment Terms (page 2)');
    expect(scrolled.mock.contexts.at(-1)).toBe(
      within(region).getByRole('heading', { name: '2. Payment Terms' }),
    );
    await user.selectOptions(jump, 'Page 3');
    expect(scrolled.mock.contexts.at(-1)).toHaveTextContent('Page 3 of 3');
    // The signing steps (Sign) scroll to the signature block as they do in the PDF.
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(scrolled.mock.contexts.at(-1)).toBe(block);
  });

  it('shows the saved signature and initials in their places', async () => {
    setScreenWidth(390);
    renderAgreement({ readingLink: READING_LINK, saved: true });
    const signature = await screen.findByLabelText('Your signature goes here');
    expect(signature).toHaveTextContent('Jane Doe');
    expect(screen.getByLabelText('Your initials for page 1')).toHaveTextContent('J.D.');
  });

  it('shows a desktop the PDF first, with the reading view one tap away', async () => {
    setScreenWidth(1440);
    const user = userEvent.setup();
    renderAgreement({ readingLink: READING_LINK });
    expect(await screen.findByRole('toolbar', { name: 'Document view' })).toBeInTheDocument();
    expect(fetched).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reading view' }));
    expect(await screen.findByText('The engineer designs the beam.')).toBeInTheDocument();
  });

  it('offers no reading view without a link (another documents engine): the PDF only', async () => {
    setScreenWidth(390);
    renderAgreement({ readingLink: null });
    expect(await screen.findByRole('toolbar', { name: 'Document view' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reading view' })).not.toBeInTheDocument();
    expect(fetched).toEqual([]);
  });

  it('says when the reading view cannot be loaded, and the PDF is still one tap away', async () => {
    setScreenWidth(390);
    global.fetch = jest.fn(
      async () => ({ ok: false, status: 503, json: async () => ({}) }) as Response,
    ) as typeof fetch;
    renderAgreement({ readingLink: READING_LINK });
    expect(await screen.findByText('The reading view could not be loaded')).toBeInTheDocument();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'View as PDF' })).toBeEnabled();
  });
});
