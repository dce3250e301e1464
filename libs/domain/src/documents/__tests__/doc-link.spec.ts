import { buildDocLink, extractDocId, withDocLinkMode } from '../doc-link';

describe('extractDocId', () => {
  it('reads the segment after /d/ and before the next /', () => {
    expect(
      extractDocId('https://docs.google.com/document/d/1AbC-x_yZ0123456789/edit?usp=sharing'),
    ).toBe('1AbC-x_yZ0123456789');
    expect(extractDocId('http://localhost:3000/api/documents/d/66f0c0ffee/preview')).toBe(
      '66f0c0ffee',
    );
  });

  it.each([
    ['no /d/ segment', 'https://example.com/document/abc/edit'],
    ['no slash after the id', 'https://example.com/d/abc'],
    ['an empty id', 'https://example.com/d//edit'],
    ['characters outside an id', 'https://example.com/d/a%20b/edit'],
    ['an empty string', ''],
  ])('returns null for %s', (_case, link) => {
    expect(extractDocId(link)).toBeNull();
  });
});

describe('buildDocLink / withDocLinkMode', () => {
  it('builds the /d/{id}/{mode} shape, which extractDocId reads back', () => {
    const link = buildDocLink('http://localhost:3000/api/documents/', 'abc123', 'view');
    expect(link).toBe('http://localhost:3000/api/documents/d/abc123/view');
    expect(extractDocId(link)).toBe('abc123');
  });

  it('refuses an id that would break the link', () => {
    expect(() => buildDocLink('http://x', 'a/b')).toThrow('Invalid document id');
  });

  it('replaces a trailing edit, view or preview segment, keeping the query', () => {
    expect(withDocLinkMode('https://h/d/x/edit', 'preview')).toBe('https://h/d/x/preview');
    expect(withDocLinkMode('https://h/d/x/view?usp=1', 'preview')).toBe(
      'https://h/d/x/preview?usp=1',
    );
    expect(withDocLinkMode('https://h/d/x/', 'view')).toBe('https://h/d/x/view');
  });
});
