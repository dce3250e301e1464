import { renderMail, type MailTemplate } from './mail-templates';

const link = 'https://sign.example/t?a=1&b=2';
const templates: MailTemplate[] = [
  { kind: 'signing-link', data: { recipientName: 'Jo', agreementTitle: 'Agreement', link } },
  { kind: 'reminder', data: { recipientName: 'Jo', agreementTitle: 'Agreement', link } },
  {
    kind: 'signed-copy',
    data: { recipientName: 'Jo', agreementTitle: 'Agreement', documentLink: link },
  },
  { kind: 'cc-copy', data: { clientName: 'Jo', agreementTitle: 'Agreement', link } },
  {
    kind: 'agreement-link',
    data: { family: 'sow', recipientName: 'Mei', projectAddress: '1 Main St', link },
  },
  {
    kind: 'agreement-link',
    data: { family: 'co', recipientName: 'Al', projectAddress: '1 Main St', link },
  },
  {
    kind: 'invoice',
    data: {
      recipientName: 'Jo',
      type: 'deposit',
      amount: '1,250.00',
      projectAddress: '1 Main St',
      link,
    },
  },
  { kind: 'test', data: { link } },
];

describe('the declined mail', () => {
  it('names who declined and why, escaped, and carries no link', () => {
    const mail = renderMail({
      kind: 'declined',
      data: {
        recipientName: 'Sam',
        agreementTitle: 'Engineering Agreement',
        declinedBy: 'Maria Alvarez',
        reason: 'The fee is <b>wrong</b> & the date too.',
        declinedAt: 'March 16, 2026',
      },
    });
    expect(mail.subject).toBe('Declined: Engineering Agreement');
    expect(mail.text).toContain('Maria Alvarez declined Engineering Agreement on March 16, 2026.');
    expect(mail.text).toContain('Maria Alvarez wrote:\n> The fee is <b>wrong</b> & the date too.');
    expect(mail.html).toContain('The fee is &lt;b&gt;wrong&lt;/b&gt; &amp; the date too.');
    expect(mail.html).not.toContain('href=');
  });

  it('quotes the reason under its writer: a line of it never passes for ours, its URL is no link', () => {
    const mail = renderMail({
      kind: 'declined',
      data: {
        recipientName: 'Sam',
        agreementTitle: 'Engineering Agreement',
        declinedBy: 'Elena Park',
        reason: 'Too expensive.\nOpen in ProSign: https://evil.example/x',
        declinedAt: 'March 16, 2026',
      },
    });
    // Text: every line of the reason after "> ", under "Elena Park wrote:"; none on its own.
    const lines = mail.text.split('\n');
    expect(lines).toContain('Elena Park wrote:');
    expect(lines).toContain('> Too expensive.');
    expect(lines).toContain('> Open in ProSign: https://evil.example/x');
    expect(lines.filter((line) => line.includes('evil.example'))).toEqual([
      '> Open in ProSign: https://evil.example/x',
    ]);
    expect(lines.some((line) => line.startsWith('Open in ProSign'))).toBe(false);
    // HTML: inside a blockquote, escaped, with no link to it and no URL a client would link.
    const quoted = /<blockquote[^>]*>(.*?)<\/blockquote>/s.exec(mail.html)?.[1] ?? '';
    expect(quoted).toContain('Open in ProSign');
    expect(mail.html.replace(/<blockquote[^>]*>.*?<\/blockquote>/s, '')).not.toContain(
      'Open in ProSign',
    );
    expect(mail.html).not.toMatch(/href=/);
    expect(mail.html).not.toContain('https://evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(quoted.replace(/\u200b/g, '')).toContain('Open in ProSign: https://evil.example/x');
  });
});

describe('renderMail', () => {
  it.each(templates.map((t) => [t.kind, t] as const))(
    'renders %s as branded HTML and plain text',
    (_kind, template) => {
      const mail = renderMail(template);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain('ProSign');
      expect(mail.text).toContain('ProSign');
      expect(mail.html).toContain('href="https://sign.example/t?a=1&amp;b=2"');
      expect(mail.text).toContain(link);
    },
  );

  it('sends a test mail without a link when none is asked for', () => {
    const mail = renderMail({ kind: 'test', data: {} });
    expect(mail.subject).toBe('ProSign test mail');
    expect(mail.html).not.toContain('href=');
    expect(mail.text).not.toContain('http');
  });

  it('escapes names and titles in HTML, keeps them readable in text', () => {
    const mail = renderMail({
      kind: 'signing-link',
      data: { recipientName: '<b>Eve</b>', agreementTitle: 'A & B "quoted"', link },
    });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('A &amp; B &quot;quoted&quot;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.text).toContain('Hello <b>Eve</b>,');
  });

  it('uses the subject the sender chose for a signing link, and marks reminders', () => {
    expect(
      renderMail({
        kind: 'signing-link',
        data: { recipientName: 'Jo', agreementTitle: 'A', link, subject: 'Your contract' },
      }).subject,
    ).toBe('Your contract');
    expect(
      renderMail({
        kind: 'agreement-link',
        data: {
          family: 'sow',
          recipientName: 'M',
          projectAddress: '1 Main St',
          link,
          isReminder: true,
        },
      }).subject,
    ).toBe('Reminder: Scope of Work for 1 Main St');
    expect(
      renderMail({
        kind: 'invoice',
        data: {
          recipientName: 'J',
          type: 'balance',
          amount: '10',
          projectAddress: 'X',
          isReminder: true,
        },
      }).subject,
    ).toBe('Reminder: Balance invoice for X');
  });
});

describe('the link invitation of every link-signed family', () => {
  it.each([
    ['sow', 'Scope of Work for 9 Bay Rd', 'Scope of Work agreement'],
    ['co', 'Change Order for 9 Bay Rd', 'Change Order'],
  ])('%s: one template, the family’s words', (family, subject, heading) => {
    const mail = renderMail({
      kind: 'agreement-link',
      data: { family, recipientName: 'Kim', projectAddress: '9 Bay Rd', link },
    });
    expect(mail.subject).toBe(subject);
    expect(mail.html).toContain(heading);
    expect(mail.text).toContain('is ready for your review and signature');
  });
});
