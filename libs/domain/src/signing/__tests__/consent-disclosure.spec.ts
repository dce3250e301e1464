import { createHash } from 'node:crypto';
import { CONSENT_DISCLOSURE, consentDisclosureText } from '../consent-disclosure';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('consentDisclosureText', () => {
  it('is the same text on every call', () => {
    expect(consentDisclosureText()).toBe(consentDisclosureText());
  });

  it('starts with the title and contains every heading, paragraph and bullet, in order', () => {
    const lines = consentDisclosureText().split('\n');
    const expected = [CONSENT_DISCLOSURE.title];
    for (const section of CONSENT_DISCLOSURE.sections) {
      if (section.heading) expected.push(section.heading);
      expected.push(...section.paragraphs);
      expected.push(...(section.bullets ?? []).map((bullet) => `- ${bullet}`));
      expected.push(...(section.closing ?? []));
    }
    expect(lines).toEqual(expected);
    for (const heading of [
      'Your consent to use electronic records and signatures',
      'What this consent covers',
      'Your right to a paper copy',
      'Withdrawing your consent',
      'System requirements',
      'Keeping your contact details up to date',
      'Your acknowledgement',
    ]) {
      expect(lines).toContain(heading);
    }
    expect(lines.filter((line) => line.startsWith('- '))).toHaveLength(4);
  });

  it('is plain text: no markup, entities, straight double quotes or stray whitespace', () => {
    const text = consentDisclosureText();
    expect(text).not.toMatch(/[<>]|&[a-z]+;|"/);
    expect(text).toContain('(“the Company”)');
    expect(text).toContain('“Sign & Add Initials” and “Agree and Finish”');
    for (const line of text.split('\n')) {
      expect(line).toBe(line.trim());
      expect(line).not.toBe('');
      expect(line).not.toMatch(/\s{2}/);
    }
  });

  it('changes its wording only with a new version (the hash is pinned to the version)', () => {
    // A new wording needs a new CONSENT_DISCLOSURE.version and a new pinned hash here:
    // consent events already recorded refer to the old text by version and SHA-256.
    expect({
      version: CONSENT_DISCLOSURE.version,
      sha256: sha256(consentDisclosureText()),
    }).toEqual({
      version: '2026-11',
      sha256: '27d553aab6c2760339be64c8f99d57bfe26a9fda427d5c6475b9a09d58bbd420',
    });
  });
});
