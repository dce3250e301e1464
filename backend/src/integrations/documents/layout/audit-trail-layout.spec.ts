import { pdfText } from '../../../../test/support/pdf-text';
import {
  ONE_SIGNER_TRAIL,
  SENT_EVENTS,
  TRAIL_RENDERED_AT,
} from '../../../../test/support/audit-trail-fixtures';
import type { AuditEvent, AuditRecipient, AuditTrailContent } from './audit-trail-content';
import { renderAuditTrail } from './audit-trail-layout';

/** Maria and Luis signed; the firm has not countersigned yet (as the record says). */
const RECIPIENTS: AuditRecipient[] = [
  {
    recipientId: 'signer-1',
    role: 'signer',
    name: 'Maria Elena Alvarez',
    email: 'maria@example.com',
    authentication: 'Signing link by e-mail, captcha',
    signed: true,
    signedAt: new Date('2026-03-14T17:26:53Z'),
  },
  {
    recipientId: 'signer-2',
    role: 'signer',
    name: 'Luis Alvarez',
    email: 'luis@example.com',
    authentication: 'Signing link by e-mail, captcha',
    signed: true,
    signedAt: new Date('2026-03-14T18:01:02Z'),
  },
  {
    recipientId: 'firm-1',
    role: 'countersigner',
    name: 'Dana Whitfield',
    email: 'dana@bayline.test',
    authentication: 'Staff sign-in',
    signed: false,
    signedAt: null,
  },
  {
    recipientId: 'cc-1',
    role: 'cc',
    name: 'Alvarez Office',
    email: 'office@example.com',
    authentication: 'None (copy only)',
    signed: false,
    signedAt: null,
  },
];
const signed = (recipientId: string, at: string, ip?: string): AuditEvent => ({
  type: 'signed',
  at: new Date(at),
  recipientId,
  ...(ip ? { ip } : {}),
});

describe('audit trail of several recipients', () => {
  it('a one-signer trail names its signer as before and renders the same bytes each time', async () => {
    const first = await renderAuditTrail(ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT);
    expect(
      (await renderAuditTrail(ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT)).pdf.equals(first.pdf),
    ).toBe(true);
    const text = await pdfText(first.pdf);
    expect(text).toContain('Signer Maria Elena Alvarez <maria@example.com>');
    expect(text).toContain('Completed 2026-03-14 10:26:53 PST');
    expect(text).not.toContain('RECIPIENTS');
  });

  it('lists every recipient with role, e-mail, authentication and signing time, and names them on their events', async () => {
    const trail: AuditTrailContent = {
      ...ONE_SIGNER_TRAIL,
      recipients: RECIPIENTS,
      progress: { signed: 2, total: 3, completedAt: null },
      events: [
        ...SENT_EVENTS,
        {
          type: 'viewed',
          at: new Date('2026-03-11T02:15:00Z'),
          recipientId: 'signer-2',
          device: 'phone',
        },
        signed('signer-2', '2026-03-14T18:01:02Z', '198.51.100.8'),
        signed('signer-1', '2026-03-14T17:26:53Z', '198.51.100.7'),
      ],
    };
    const text = await pdfText((await renderAuditTrail(trail, TRAIL_RENDERED_AT)).pdf);
    expect(text).toContain('RECIPIENTS');
    for (const recipient of RECIPIENTS) {
      expect(text).toContain(recipient.name);
      expect(text).toContain(recipient.email);
    }
    for (const label of ['Signer', 'Countersigner (firm)', 'Copy (cc)', 'Staff sign-in']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('by Luis Alvarez <luis@example.com>, on phone');
    expect(text).toContain('by Maria Elena Alvarez <maria@example.com>');
    // The firm has not countersigned yet.
    expect(text).toContain('2 of 3 signed');
    expect(text).toContain('Not signed');

    const firmSignedAt = new Date('2026-03-16T16:30:00Z');
    const complete = await pdfText(
      (
        await renderAuditTrail(
          {
            ...trail,
            recipients: RECIPIENTS.map((r) =>
              r.role === 'countersigner' ? { ...r, signed: true, signedAt: firmSignedAt } : r,
            ),
            progress: { signed: 3, total: 3, completedAt: firmSignedAt },
            events: [...trail.events, signed('firm-1', firmSignedAt.toISOString())],
          },
          TRAIL_RENDERED_AT,
        )
      ).pdf,
    );
    expect(complete).toContain('Completed 2026-03-16 09:30:00 PST');
    expect(complete).toContain('by Dana Whitfield <dana@bayline.test>');
  });

  it('lists each attachment with who attached it, its field, name, size and SHA-256', async () => {
    const withFiles = await pdfText(
      (
        await renderAuditTrail(
          {
            ...ONE_SIGNER_TRAIL,
            attachments: [
              {
                recipient: 'Maria Elena Alvarez <maria@example.com>',
                fieldLabel: 'Certificate of insurance',
                fileName: 'coi-2026.pdf',
                bytes: 184_320,
                sha256: 'c3'.repeat(32),
              },
              {
                recipient: 'Luis Alvarez <luis@example.com>',
                fieldLabel: '',
                fileName: 'site-photo.jpg',
                bytes: 912,
                sha256: '4d'.repeat(32),
              },
            ],
          },
          TRAIL_RENDERED_AT,
        )
      ).pdf,
    );
    expect(withFiles).toContain('ATTACHMENTS (EMBEDDED IN THIS PDF)');
    expect(withFiles).toContain('File coi-2026.pdf');
    expect(withFiles).toContain('Attached by Maria Elena Alvarez <maria@example.com>');
    expect(withFiles).toContain('Field Certificate of insurance');
    expect(withFiles).toContain('Size 180.0 KB (184,320 bytes)');
    expect(withFiles).toContain(`SHA-256 ${'c3'.repeat(32)}`);
    expect(withFiles).toContain('Size 912 bytes');
    expect(withFiles).toContain(`SHA-256 ${'4d'.repeat(32)}`);
    const without = await pdfText(
      (await renderAuditTrail(ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT)).pdf,
    );
    expect(without).not.toContain('ATTACHMENTS');
  });
});
