import {
  fillPlaceholders,
  keepsPlaceholders,
  placeholdersIn,
  previewPlaceholders,
  revertPlaceholderPreviews,
} from '../placeholders';
import { STANDARD_TEMPLATE_DOC_IDS, standardTemplateDocIdFor } from '../standard-templates';

describe('placeholders', () => {
  it('finds $names once each, ignoring money like $1,200', () => {
    expect(placeholdersIn('Dear $full_name, fee $1,200 for $site_address ($full_name)')).toEqual([
      'full_name',
      'site_address',
    ]);
  });

  it('fills every placeholder that has a value and reports the rest', () => {
    expect(fillPlaceholders('$a and $b and $c', { a: 'A', b: '' })).toEqual({
      text: 'A and  and $c',
      missing: ['c'],
    });
  });

  it('does not substitute inside a value', () => {
    expect(fillPlaceholders('$a', { a: '$b', b: 'no' }).text).toBe('$b');
  });

  it('does not treat inherited object keys as values', () => {
    expect(fillPlaceholders('$constructor', {}).missing).toEqual(['constructor']);
  });

  it('an edit must keep every placeholder of the previous text', () => {
    expect(
      keepsPlaceholders('For $full_name at $site_address', 'At $site_address: $full_name'),
    ).toBe(true);
    expect(keepsPlaceholders('For $full_name at $site_address', 'For $full_name')).toBe(false);
  });
});

describe('standardTemplateDocIdFor', () => {
  it('uses the Drafting Services template for that service and the default for others', () => {
    expect(standardTemplateDocIdFor('Drafting Services')).toBe(
      STANDARD_TEMPLATE_DOC_IDS.draftingServices,
    );
    expect(standardTemplateDocIdFor(' drafting services ')).toBe(
      STANDARD_TEMPLATE_DOC_IDS.draftingServices,
    );
    expect(standardTemplateDocIdFor('Structural Engineering')).toBe(
      STANDARD_TEMPLATE_DOC_IDS.default,
    );
  });
});

describe('placeholder previews (SOW template editor)', () => {
  it('shows each placeholder with its value and reverts it to $name before sending', () => {
    const text = 'Between the Firm and $cp_name ($cp_email), fee $1,200, for $unknown.';
    const preview = previewPlaceholders(text, {
      cp_name: 'Ada > Lovelace',
      cp_email: 'a@x.example',
    });
    expect(preview).toBe(
      'Between the Firm and <<$cp_name:Ada > Lovelace>> (<<$cp_email:a@x.example>>), fee $1,200, for $unknown.',
    );
    expect(revertPlaceholderPreviews(preview)).toBe(text);
  });

  it('reverts a preview whose value the user edited, keeping the text around it', () => {
    expect(revertPlaceholderPreviews('Hi <<$cp_name:someone else>>, welcome')).toBe(
      'Hi $cp_name, welcome',
    );
  });
});
