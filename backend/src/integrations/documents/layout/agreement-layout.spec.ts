import { SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';
import { PNG } from 'pngjs';
import { pdfPagesText } from '../../../../test/support/pdf-text';
import { standardContractValues } from '../../../modules/documents/templates/contract-placeholders';
import { STANDARD_AGREEMENT_TEMPLATE } from '../../../modules/documents/templates/standard-agreement.template';
import type { AgreementContent, SignatureSlot } from '../document-content';
import type { SignatureParties } from '../documents.port';
import { fillContent } from '../local-documents.adapter';
import { stampSignature, stampSignatures } from '../pdf/pdf-tools';
import { PAGE } from './page-frame';
import { renderAgreement } from './agreement-layout';
import { agreementReading } from './agreement-reading';

const DATE = new Date('2026-01-05T18:00:00Z');
const FORM = {
  cost: 8000,
  deposit: 4000,
  full_name: 'Maria Elena Alvarez',
  email: 'maria@example.com',
  site_address: '2215 Larkin Street',
  csm_email: 'csm@example.com',
  t24ReportCount: 1,
};

function contentWith(signatureParties?: SignatureParties): AgreementContent {
  return fillContent(STANDARD_AGREEMENT_TEMPLATE.content, {
    title: STANDARD_AGREEMENT_TEMPLATE.title,
    values: standardContractValues(FORM, DATE),
    signatureParties,
  });
}

const TWO_AND_FIRM: SignatureParties = {
  signers: [
    { recipientId: 'signer-1', name: 'Maria Elena Alvarez' },
    { recipientId: 'signer-2', name: 'Luis Alvarez' },
  ],
  countersigner: { recipientId: 'firm-1', name: 'Dana Whitfield', title: 'Principal Engineer' },
};

function manySigners(count: number): SignatureParties {
  return {
    signers: Array.from({ length: count }, (_, index) => ({
      recipientId: `signer-${index + 1}`,
      name: `Homeowner ${String.fromCharCode(65 + index)}. Alvarez`,
    })),
  };
}

/** A transparent PNG with a dark stroke across it, as a drawn signature is. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let x = 0; x < width; x += 1) {
    const y = Math.floor((x * (height - 1)) / Math.max(1, width - 1));
    image.data.set([20, 20, 60, 255], (y * width + x) * 4);
  }
  return PNG.sync.write(image);
}

const owned = (slots: SignatureSlot[], recipientId: string, kind?: SignatureSlot['kind']) =>
  slots.filter((slot) => slot.recipientId === recipientId && (!kind || slot.kind === kind));

function overlap(a: SignatureSlot, b: SignatureSlot): boolean {
  return (
    a.page === b.page &&
    a.x < b.x + b.width &&
    b.x < a.x + a.width &&
    a.y < b.y + b.height &&
    b.y < a.y + a.height
  );
}

describe('agreement layout for several signers and a countersigner', () => {
  it('without signers it lays out the one client, its slots untagged, as before recipients', async () => {
    const rendered = await renderAgreement(contentWith(), DATE);
    expect(rendered.slots.every((slot) => slot.recipientId === undefined)).toBe(true);
    expect(rendered.slots.filter((slot) => slot.kind === 'signature')).toHaveLength(1);
    expect(rendered.slots.filter((slot) => slot.kind === 'signedDate')).toHaveLength(1);
    const pages = await pdfPagesText(rendered.pdf);
    expect(pages.at(-1)).toContain('Name: Maria Elena Alvarez');
    // The firm's signatory printed, as ever.
    expect(pages.at(-1)).toContain('Name: Daniel R. Whitaker, P.E., S.E.');
    pages.forEach((page) => expect(page).toContain('Client initials'));
  });

  it('one listed signer gets the one-client layout, its slots tagged with its recipient', async () => {
    const legacy = await renderAgreement(contentWith(), DATE);
    const listed = await renderAgreement(
      contentWith({ signers: [{ recipientId: 'r-1', name: 'Maria Elena Alvarez' }] }),
      DATE,
    );
    expect(listed.pageCount).toBe(legacy.pageCount);
    expect(listed.slots).toEqual(legacy.slots.map((slot) => ({ ...slot, recipientId: 'r-1' })));
  });

  it('gives every signer and the countersigner a signature and a date slot on the block, and every signer an initials box on every page', async () => {
    const content = contentWith(TWO_AND_FIRM);
    const rendered = await renderAgreement(content, DATE);
    const { slots, pageCount } = rendered;
    const legacy = await renderAgreement(contentWith(), DATE);
    expect(pageCount).toBeGreaterThanOrEqual(legacy.pageCount);
    expect(pageCount).toBeLessThanOrEqual(legacy.pageCount + 1);

    for (const id of ['signer-1', 'signer-2', 'firm-1']) {
      expect(owned(slots, id, 'signature')).toHaveLength(1);
      expect(owned(slots, id, 'signedDate')).toHaveLength(1);
    }
    for (const id of ['signer-1', 'signer-2']) {
      expect(owned(slots, id, 'initials').map((slot) => slot.page)).toEqual(
        Array.from({ length: pageCount }, (_, page) => page),
      );
    }
    // The firm initials nothing; every slot belongs to someone.
    expect(owned(slots, 'firm-1', 'initials')).toEqual([]);
    expect(slots.every((slot) => slot.recipientId)).toBe(true);
    // Nothing overlaps, and everything is on the page.
    slots.forEach((slot, index) => {
      expect(slot.x).toBeGreaterThanOrEqual(PAGE.marginLeft - 0.01);
      expect(slot.x + slot.width).toBeLessThanOrEqual(PAGE.width - PAGE.marginRight + 0.01);
      expect(slot.y).toBeGreaterThan(0);
      slots.slice(index + 1).forEach((other) => expect(overlap(slot, other)).toBe(false));
    });

    const pages = await pdfPagesText(rendered.pdf);
    expect(pages).toHaveLength(pageCount);
    const signaturePage = pages[owned(slots, 'signer-1', 'signature')[0].page];
    for (const text of [
      'ENGINEER',
      'CLIENT 1',
      'CLIENT 2',
      'Name: Maria Elena Alvarez',
      'Name: Luis Alvarez',
      'Name: Dana Whitfield',
      'Title: Principal Engineer',
    ]) {
      expect(signaturePage).toContain(text);
    }
    // The countersigner signs the firm's block: its printed signatory is gone.
    expect(signaturePage).not.toContain('Daniel R. Whitaker');
    pages.forEach((page) => {
      expect(page).toContain('Client 1 initials');
      expect(page).toContain('Client 2 initials');
    });
  });

  it('runs the block over as many rows and pages as the signers need, each slot on its name’s page', async () => {
    const content = contentWith(manySigners(7));
    const rendered = await renderAgreement(content, DATE);
    const pages = await pdfPagesText(rendered.pdf);
    const signatures = rendered.slots.filter((slot) => slot.kind === 'signature');
    expect(signatures).toHaveLength(7);
    // Eight blocks (the firm's and seven), two to a row: more than one page holds the block.
    expect(new Set(signatures.map((slot) => slot.page)).size).toBeGreaterThan(1);
    content.signatureBlock.signers?.forEach((signer) => {
      const [signature] = owned(rendered.slots, signer.recipientId, 'signature');
      const [date] = owned(rendered.slots, signer.recipientId, 'signedDate');
      expect(date.page).toBe(signature.page);
      expect(pages[signature.page]).toContain(`Name: ${signer.name}`);
      expect(owned(rendered.slots, signer.recipientId, 'initials')).toHaveLength(pages.length);
    });
    // Seven initials boxes fit the footer's right side, side by side, apart.
    const footer = rendered.slots.filter((slot) => slot.kind === 'initials' && slot.page === 0);
    expect(footer).toHaveLength(7);
    footer.forEach((slot, index) =>
      footer.slice(index + 1).forEach((other) => expect(overlap(slot, other)).toBe(false)),
    );
  });

  it('shortens a name too long for its block rather than wrapping it onto the date line', async () => {
    const long = 'Maximiliana Alessandra Bartholomew-Wolfeschlegelsteinhausen Alvarez y Montenegro';
    const rendered = await renderAgreement(
      contentWith({
        signers: [
          { recipientId: 'signer-1', name: long },
          { recipientId: 'signer-2', name: 'Luis Alvarez' },
        ],
      }),
      DATE,
    );
    const pages = await pdfPagesText(rendered.pdf);
    const page = pages[owned(rendered.slots, 'signer-1', 'signature')[0].page];
    expect(page).toMatch(/Name: Maximiliana Alessandra Bartholomew-\S*\u2026/);
    expect(page).not.toContain('Montenegro');
  });

  it('stamps each recipient’s marks into their own slots only, whoever has signed so far', async () => {
    const rendered = await renderAgreement(contentWith(TWO_AND_FIRM), DATE);
    const signedAt = {
      'signer-2': new Date('2026-03-14T17:26:53Z'),
      'firm-1': new Date('2026-03-15T18:00:00Z'),
    };
    const images = (id: keyof typeof signedAt, size: number) => ({
      signaturePng: png(size * 3, size),
      initialsPng: png(size, size),
      signedAt: signedAt[id],
    });
    const stamped = await stampSignatures(
      rendered.pdf,
      rendered.slots,
      { 'signer-2': images('signer-2', 40), 'firm-1': images('firm-1', 50) },
      signedAt['firm-1'],
    );
    const pages = await pdfPagesText(stamped);
    const blockPage = owned(rendered.slots, 'signer-1', 'signature')[0].page;
    expect(pages[blockPage]).toContain('2026-03-14 10:26:53 PST');
    expect(pages[blockPage]).toContain('2026-03-15 11:00:00 PST');
    // signer-1 has not signed: one date per signed recipient only.
    expect(pages[blockPage].match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d PST/g)).toHaveLength(2);
    // signer-2's signature and initials and the firm's signature (it initials nothing), each
    // with its alpha mask, embedded once.
    expect(stamped.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(6);

    // The same input stamps the same bytes.
    const again = await stampSignatures(
      rendered.pdf,
      rendered.slots,
      { 'firm-1': images('firm-1', 50), 'signer-2': images('signer-2', 40) },
      signedAt['firm-1'],
    );
    expect(again.equals(stamped)).toBe(true);
  });

  it('stampSignature still stamps a one-signer layout whole, as the single signer’s stampSignatures', async () => {
    const rendered = await renderAgreement(contentWith(), DATE);
    const images = { signaturePng: png(120, 40), initialsPng: png(40, 40), signedAt: DATE };
    const one = await stampSignature(rendered.pdf, rendered.slots, images, DATE);
    const many = await stampSignatures(
      rendered.pdf,
      rendered.slots,
      { [SINGLE_SIGNER_RECIPIENT_ID]: images },
      DATE,
    );
    expect(one.equals(many)).toBe(true);
  });

  it('tells the reading view whose each mark is, and lists the signers and the countersigner', async () => {
    const content = contentWith(TWO_AND_FIRM);
    const rendered = await renderAgreement(content, DATE);
    const reading = agreementReading(content, rendered);
    expect(reading.marks.every((mark) => mark.recipientId)).toBe(true);
    expect(reading.marks.filter((mark) => mark.recipientId === 'signer-2')).toHaveLength(
      rendered.pageCount + 2,
    );
    const page = reading.signatureBlock.page;
    expect(reading.signatureBlock.signers).toEqual([
      { recipientId: 'signer-1', name: 'Maria Elena Alvarez', label: 'Client 1', page },
      { recipientId: 'signer-2', name: 'Luis Alvarez', label: 'Client 2', page },
    ]);
    expect(reading.signatureBlock.countersigner).toEqual({
      recipientId: 'firm-1',
      name: 'Dana Whitfield',
      title: 'Principal Engineer',
      page,
    });

    const legacy = agreementReading(contentWith(), await renderAgreement(contentWith(), DATE));
    // The text and its page placements are the same: only the signature block differs.
    expect(reading.sections).toEqual(legacy.sections);
    expect(legacy.marks.some((mark) => 'recipientId' in mark)).toBe(false);
    expect('signers' in legacy.signatureBlock).toBe(false);
    expect('countersigner' in legacy.signatureBlock).toBe(false);
  });
});

describe('fillContent with signature parties', () => {
  it('numbers the default labels, keeps given ones, and titles an untitled countersigner', () => {
    const content = contentWith({
      signers: [
        { recipientId: 'a', name: ' Maria Elena Alvarez ' },
        { recipientId: 'b', name: 'First National Bank', label: 'Lender' },
        { recipientId: 'c', name: 'Luis Alvarez' },
      ],
      countersigner: { recipientId: 'firm', name: 'Dana Whitfield' },
    });
    expect(content.signatureBlock.signers).toEqual([
      { recipientId: 'a', name: 'Maria Elena Alvarez', label: 'Client 1' },
      { recipientId: 'b', name: 'First National Bank', label: 'Lender' },
      { recipientId: 'c', name: 'Luis Alvarez', label: 'Client 3' },
    ]);
    expect(content.signatureBlock.countersigner).toEqual({
      recipientId: 'firm',
      name: 'Dana Whitfield',
      title: 'Authorized Signatory',
    });
    expect(
      contentWith({ signers: [{ recipientId: 'a', name: 'M' }] }).signatureBlock.signers,
    ).toEqual([{ recipientId: 'a', name: 'M', label: 'Client' }]);
  });

  it('never reads a name for placeholders', () => {
    const content = contentWith({ signers: [{ recipientId: 'a', name: 'Cash $cost Ltd' }] });
    expect(content.signatureBlock.signers?.[0].name).toBe('Cash $cost Ltd');
  });

  it.each([
    ['no signer', { signers: [] }, 'A signature block needs at least one signer.'],
    [
      'an unnamed signer',
      { signers: [{ recipientId: 'a', name: ' ' }] },
      'Recipient a has no name.',
    ],
    [
      'a recipient id that is no key',
      { signers: [{ recipientId: 'a.b', name: 'M' }] },
      'Invalid recipient id: a.b',
    ],
    [
      'a recipient twice',
      {
        signers: [{ recipientId: 'a', name: 'M' }],
        countersigner: { recipientId: 'a', name: 'D' },
      },
      'Recipient a is named twice in the signature block.',
    ],
  ])('refuses %s (400)', (_case, parties, message) => {
    expect(() => contentWith(parties as SignatureParties)).toThrow(
      expect.objectContaining({ status: 400, message }),
    );
  });
});
