import { auditEventsOf, verifyLink } from './signing-finish.service';
import { maskEmail } from './verify.service';

describe('verify page rules', () => {
  it('masks e-mail addresses to their first letter and domain', () => {
    expect(maskEmail('maria.alvarez@example.com')).toBe('m***@example.com');
    expect(maskEmail('x@y.org')).toBe('x***@y.org');
    expect(maskEmail('not-an-address')).toBe('***');
    expect(maskEmail('')).toBe('');
  });

  it('builds the verify link under the signing app, without doubled slashes', () => {
    expect(verifyLink('https://sign.example.com/', 'abc')).toBe(
      'https://sign.example.com/verify/abc',
    );
    expect(verifyLink('https://sign.example.com', null)).toBeUndefined();
  });

  it('builds the audit trail from the event log: every event it shows, oldest first, the signer by address', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    const event = (type: string, minute: number, actor: string, ip: string | null, extra = {}) => ({
      type,
      at: at(minute),
      actor,
      ip,
      status: null,
      userAgent: null,
      data: null,
      prevHash: null,
      hash: 'x',
      ...extra,
    });
    const agreement = {
      family: 'standard',
      form: { email: 'maria@example.com', full_name: 'Maria' },
      events: [
        event('sent', 0, 'csm@prosign.example', '10.0.0.1'),
        event('viewed', 5, 'signer', '10.0.0.2', {
          data: { channel: 'phone' },
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148',
        }),
        event('signature_saved', 9, 'signer', '10.0.0.2'),
        event('consent', 7, 'signer', '10.0.0.2'),
        event('viewed', 8, 'signer', '10.0.0.3'),
        event('deleted', 10, 'admin@prosign.example', '10.0.0.1'),
      ],
    } as unknown as Parameters<typeof auditEventsOf>[0];
    expect(auditEventsOf(agreement)).toEqual([
      { type: 'sent', at: at(0), ip: '10.0.0.1', actor: 'csm@prosign.example' },
      {
        type: 'viewed',
        at: at(5),
        ip: '10.0.0.2',
        actor: 'maria@example.com',
        via: 'text message',
        device: 'phone',
      },
      { type: 'consent', at: at(7), ip: '10.0.0.2', actor: 'maria@example.com' },
      { type: 'viewed', at: at(8), ip: '10.0.0.3', actor: 'maria@example.com' },
      { type: 'signature_saved', at: at(9), ip: '10.0.0.2', actor: 'maria@example.com' },
    ]);
  });
});
