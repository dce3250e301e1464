import type { Contract } from '../contracts/contract.schema';
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

  it('lists the signing events that happened, oldest first, with their addresses', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    const contract = {
      email: 'maria@example.com',
      full_name: 'Maria',
      authenticatedEmailId: 'csm@prosign.example',
      createdAt: at(0),
      createdIp: '10.0.0.1',
      viewedAt: at(5),
      viewedIp: '10.0.0.2',
      signatureSavedAt: at(9),
      signatureSavedIp: '10.0.0.2',
      consentAt: at(7),
      consentIp: '10.0.0.2',
      signedAt: null,
      signedIp: null,
    } as unknown as Contract;
    expect(auditEventsOf(contract)).toEqual([
      { type: 'sent', at: at(0), ip: '10.0.0.1', actor: 'csm@prosign.example' },
      { type: 'viewed', at: at(5), ip: '10.0.0.2', actor: 'maria@example.com' },
      { type: 'consent', at: at(7), ip: '10.0.0.2', actor: 'maria@example.com' },
      { type: 'signature_saved', at: at(9), ip: '10.0.0.2', actor: 'maria@example.com' },
    ]);
  });
});
