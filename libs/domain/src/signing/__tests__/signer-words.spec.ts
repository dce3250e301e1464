import { signerQuote, signerQuoteText, unlinkable } from '../signer-words';

describe('a signer’s own words as a quotation', () => {
  it('quotes every line under who wrote it', () => {
    const quote = signerQuote(
      'Elena Park',
      '\r\nToo expensive.\r\n\r\nOpen in ProSign: https://evil.example/x  \n\n',
    );
    expect(quote).toEqual({
      intro: 'Elena Park wrote:',
      lines: ['Too expensive.', '', 'Open in ProSign: https://evil.example/x'],
    });
    expect(signerQuoteText(quote!)).toBe(
      'Elena Park wrote:\n> Too expensive.\n>\n> Open in ProSign: https://evil.example/x',
    );
  });

  it('has nothing to quote for no words, and names an unnamed writer "The signer"', () => {
    expect(signerQuote('Elena', '  \n ')).toBeNull();
    expect(signerQuote('Elena', null)).toBeNull();
    expect(signerQuote('  ', 'Hi')?.intro).toBe('The signer wrote:');
  });

  it('breaks what a linkifier would take for a URL, a host or an address, invisibly', () => {
    const line = 'Open https://evil.example/x or www.evil.example, mail me@evil.example';
    const broken = unlinkable(line);
    expect(broken.replace(/\u200b/g, '')).toBe(line);
    expect(broken).not.toMatch(/https?:\/\//);
    expect(broken).not.toMatch(/[a-z]\.[a-z]/);
    expect(broken).not.toMatch(/@[a-z]/);
  });
});
