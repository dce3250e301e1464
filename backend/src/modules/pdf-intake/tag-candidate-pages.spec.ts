import { PDFDocument, PDFName, StandardFonts, type PDFRef } from 'pdf-lib';
import { pagesThatMayHoldTags } from './tag-candidate-pages';

/** A document of pages each drawn by `content` (raw operators), with /F1 Helvetica (WinAnsi) and /X1 a form. */
async function pagesDrawing(
  contents: string[],
  options: {
    form?: string;
    filter?: string;
    fontDict?: Record<string, unknown>;
    /** The font's ToUnicode CMap. */
    toUnicode?: string;
  } = {},
): Promise<number[]> {
  const document = await PDFDocument.create();
  const helvetica = await document.embedFont(StandardFonts.Helvetica);
  await helvetica.embed();
  const { context } = document;
  const toUnicode = options.toUnicode
    ? { ToUnicode: context.register(context.flateStream(options.toUnicode)) }
    : {};
  const font: PDFRef = options.fontDict
    ? context.register(context.obj({ ...options.fontDict, ...toUnicode } as never))
    : helvetica.ref;
  const form = options.form
    ? context.register(
        context.flateStream(options.form, {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, 612, 792],
          Resources: { Font: { F1: font } },
        }),
      )
    : undefined;
  for (const content of contents) {
    const page = document.addPage([612, 792]);
    page.node.setFontDictionary(PDFName.of('F1'), font);
    if (form) page.node.setXObject(PDFName.of('X1'), form);
    const stream = options.filter
      ? context.stream(Buffer.from(content, 'latin1').toString('hex') + '>', {
          Filter: options.filter,
        })
      : context.flateStream(content);
    page.node.set(PDFName.of('Contents'), context.register(stream));
  }
  // As an upload arrives: saved, and loaded again.
  const saved = await document.save({ useObjectStreams: false });
  return pagesThatMayHoldTags(await PDFDocument.load(saved, { updateMetadata: false }));
}

const shown = (text: string) => `BT /F1 12 Tf 72 700 Td ${text} Tj ET`;

describe('pagesThatMayHoldTags', () => {
  it('reads the pages whose text may hold `{{`, however the string is written, and skips the others', async () => {
    const pages = await pagesDrawing([
      shown('(Page one, no tag)'),
      shown('({{signature:1}})'),
      shown('(one brace { only)'),
      `${shown('(Sign: {)')} ${shown('({signature:1}})')}`, // the tag in two strings
      shown('<7B7B7369676E61747572653A317D7D>'), // hex, as pdf-lib writes text
      shown('(\\173\\173date:1}})'), // octal escapes
      'BT /F1 12 Tf [(Sig) -120 ({) 10 ({x}})] TJ ET',
    ]);
    expect(pages).toEqual([2, 4, 5, 6, 7]);
  });

  it('reads a page whose tag is in a form it draws', async () => {
    const pages = await pagesDrawing(['q /X1 Do Q', shown('(no tag)')], {
      form: shown('({{initials:1}})'),
    });
    expect(pages).toEqual([1]);
  });

  it('reads every page it cannot be sure of: a composite font, a font with its own encoding, a glyph renamed a brace, another filter, an inline image', async () => {
    const composite = await pagesDrawing([shown('(abc)')], {
      fontDict: { Type: 'Font', Subtype: 'Type0', BaseFont: 'Custom', Encoding: 'Identity-H' },
    });
    expect(composite).toEqual([1]);
    // A font program's own encoding (embedded Type1, no /Encoding): any code may be a brace.
    const ownEncoding = await pagesDrawing([shown('(ab)'), shown('(a)')], {
      fontDict: { Type: 'Font', Subtype: 'Type1', BaseFont: 'Embedded' },
    });
    expect(ownEncoding).toEqual([1]);
    // Differences naming a brace under another code.
    const renamed = await pagesDrawing([shown('(AA)'), shown('(BB)')], {
      fontDict: {
        Type: 'Font',
        Subtype: 'Type1',
        BaseFont: 'Helvetica',
        Encoding: { BaseEncoding: 'WinAnsiEncoding', Differences: [65, 'braceleft'] },
      },
    });
    expect(renamed).toEqual([1]);
    expect(await pagesDrawing([shown('(no tag)')], { filter: 'ASCIIHexDecode' })).toEqual([1]);
    expect(
      await pagesDrawing(['q BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI Q', shown('(no tag)')]),
    ).toEqual([1]);
  });

  it('reads what a ToUnicode map says a code is', async () => {
    const cmap = (bfchar: string, bfrange: string) =>
      `/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange ` +
      `1 beginbfchar ${bfchar} endbfchar 1 beginbfrange ${bfrange} endbfrange endcmap end end`;
    const font = {
      Type: 'Font',
      Subtype: 'TrueType',
      BaseFont: 'Mapped',
      Encoding: 'WinAnsiEncoding',
    };
    // A and B are letters; { is mapped to a letter, so the page reads "AB" twice and "aa".
    const letters = cmap('<41> <0041>', '<42> <43> [<0042> <0043>] <7B> <7B> <0061>');
    expect(
      await pagesDrawing([shown('(ABAB)'), shown('({{)')], { fontDict: font, toUnicode: letters }),
    ).toEqual([]);
    // A maps to {, and a range from < (0x3C) maps its second code, =, to { too.
    const braces = cmap('<41> <007B>', '<3C> <3D> <007A>');
    expect(
      await pagesDrawing([shown('(AA)'), shown('(A=)'), shown('(A)'), shown('(<<)')], {
        fontDict: font,
        toUnicode: braces,
      }),
    ).toEqual([1, 2]);
  });

  it('reads a page shown with no font set (pdf.js picks one of its own)', async () => {
    expect(await pagesDrawing(['BT 72 700 Td (abc) Tj ET'])).toEqual([1]);
  });
});
