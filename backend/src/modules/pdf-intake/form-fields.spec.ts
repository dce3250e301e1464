import { PDFDocument } from 'pdf-lib';
import { formFields } from './form-fields';

/** A two-page form: initials on both pages, a name on page 1 and a field nobody sees. */
async function twoPageForm(): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const [first, second] = [document.addPage([612, 792]), document.addPage([612, 792])];
  const form = document.getForm();
  const initials = form.createTextField('initials');
  initials.addToPage(first, { x: 500, y: 40, width: 60, height: 20 });
  initials.addToPage(second, { x: 510, y: 30, width: 60, height: 20 });
  form.createTextField('name').addToPage(first, { x: 100, y: 600, width: 200, height: 20 });
  form
    .createTextField('calculation')
    .addToPage(first, { x: 100, y: 500, width: 200, height: 20, hidden: true });
  return document;
}

describe('formFields', () => {
  it('places a field with widgets on several pages on each of them', async () => {
    const found = formFields(await twoPageForm());
    const initials = found.fields.filter((field) => field.label === 'initials');
    expect(initials.map((field) => [field.id, field.page])).toEqual([
      ['form-1', 1],
      ['form-1-p2', 2],
    ]);
    // Where each page's widget is (pdf-lib widens the box by half its border).
    expect(initials[0].rect).toMatchObject({ x: 499.5, y: 39.5 });
    expect(initials[1].rect).toMatchObject({ x: 509.5, y: 29.5 });
    expect(new Set(found.fields.map((field) => field.id)).size).toBe(found.fields.length);
  });

  it('offers no field for a widget nobody sees', async () => {
    const found = formFields(await twoPageForm());
    expect(found.fields.map((field) => field.label)).toEqual(['initials', 'initials', 'name']);
  });
});
