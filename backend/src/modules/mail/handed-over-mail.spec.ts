import { renderMail } from './mail-templates';

describe('the hand-over notice to the sender', () => {
  const data = {
    agreementTitle: 'Engineering Agreement',
    fromName: 'Maria Alvarez',
    toName: 'Jane <Roe>',
    toEmail: 'jane.roe@example.com',
    note: 'Jane signs for us & the board.',
    at: 'November 27, 2026, 10:42 AM PT',
  };

  it('says who handed over to whom, when, with the note escaped, and carries no link', () => {
    const mail = renderMail({ kind: 'handed-over', data: { ...data, by: null } });
    expect(mail.subject).toBe('Handed over: Engineering Agreement');
    expect(mail.text).toContain(
      'Maria Alvarez handed Engineering Agreement over to Jane <Roe> (jane.roe@example.com) on November 27, 2026, 10:42 AM PT.',
    );
    expect(mail.text).toContain('Maria Alvarez wrote:\n> Jane signs for us & the board.');
    expect(mail.html).toContain('Jane &lt;Roe&gt;');
    expect(mail.html).toContain('us &amp; the board');
    expect(mail.html).not.toContain('href=');
  });

  it('names the staff member who changed the signer', () => {
    const mail = renderMail({
      kind: 'handed-over',
      data: { ...data, note: null, by: 'admin@prosign.example' },
    });
    expect(mail.text).toContain(
      'admin@prosign.example changed the signer of Engineering Agreement from Maria Alvarez to Jane <Roe>',
    );
    expect(mail.text).not.toContain('wrote:');
  });

  it('quotes the note under its writer, so a line of it never passes for ours nor links', () => {
    const mail = renderMail({
      kind: 'handed-over',
      data: { ...data, by: null, note: 'Over to Jane.\nOpen in ProSign: https://evil.example/x' },
    });
    const lines = mail.text.split('\n');
    expect(lines).toContain('Maria Alvarez wrote:');
    expect(lines.filter((line) => line.includes('evil.example'))).toEqual([
      '> Open in ProSign: https://evil.example/x',
    ]);
    expect(mail.html).toMatch(
      /<blockquote[^>]*>Over to Jane\.<br>Open in ProSign: https:\u200b\/\//,
    );
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).not.toContain('href=');
  });
});
