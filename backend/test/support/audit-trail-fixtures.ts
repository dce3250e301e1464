import type {
  AuditEvent,
  AuditTrailContent,
} from '../../src/integrations/documents/layout/audit-trail-content';
import { FIRM_LETTERHEAD } from '../../src/modules/documents/templates/firm-letterhead';

/** When the trails below are rendered. */
export const TRAIL_RENDERED_AT = new Date('2026-03-16T16:30:00Z');

/** A contract's creation and sending, by staff. */
export const SENT_EVENTS: AuditEvent[] = [
  {
    type: 'created',
    at: new Date('2026-03-10T16:00:00Z'),
    ip: '203.0.113.10',
    actor: 'csm@p.test',
  },
  { type: 'sent', at: new Date('2026-03-10T16:05:00Z'), ip: '203.0.113.10', actor: 'csm@p.test' },
];

/** The audit trail of an agreement one signer signed. */
export const ONE_SIGNER_TRAIL: AuditTrailContent = {
  letterhead: FIRM_LETTERHEAD,
  documentTitle: 'Professional Engineering Services Agreement',
  documentId: 'doc-1',
  signer: { name: 'Maria Elena Alvarez', email: 'maria@example.com' },
  signedDocumentSha256: 'ab'.repeat(32),
  events: [
    ...SENT_EVENTS,
    { type: 'signed', at: new Date('2026-03-14T17:26:53Z'), ip: '198.51.100.7' },
  ],
};
