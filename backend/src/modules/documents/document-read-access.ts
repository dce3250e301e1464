import { ForbiddenException, Inject, Injectable, Optional } from '@nestjs/common';
import { EMAIL_CODE_MESSAGES, EMAIL_CODE_PROOF_HEADER, type EmailCodeProof } from '@prosign/domain';
import type { Request } from 'express';
import { createHmac } from 'node:crypto';
import { CAPTCHA_SECRET, readToken, signToken } from '../../integrations/captcha';
import type { DocumentRecord } from '../../integrations/documents';
import { captchaPassOf, sessionIdOf } from '../../platform/auth/request-credentials';
import { StaffSessions } from '../../platform/auth/staff-sessions';

const PROOF_PURPOSE = 'email-code-proof';
const GRANT_PURPOSE = 'document-read';
/** The query parameter a cc recipient's link carries its read grant in. */
export const DOCUMENT_READ_GRANT_PARAM = 'access';

interface ProofPayload extends Record<string, unknown> {
  exp?: unknown;
  /** Keyed digest of the link token. */
  t?: unknown;
  /** Keyed digest of the captcha pass it was issued with. */
  p?: unknown;
  /** The id of the document the link signs: the proof reads it too. */
  d?: unknown;
}

interface GrantPayload extends Record<string, unknown> {
  exp?: unknown;
  d?: unknown;
}

/** The first value of a header or query parameter, if a non-empty string. */
function firstString(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first ? first : null;
}

/**
 * Who may read a document by its link (issue 35). Most documents open for whoever holds the
 * link: its random id is the capability. A contract whose signers must enter an e-mail code
 * (`readAccess: 'signer-code'`) opens only for
 * - a signer's page that carries the code's proof (`X-Email-Code-Proof`, issued by the code
 *   step for that document, with the captcha pass it was issued with),
 * - a cc recipient's link with its grant (`?access=`, signed, for that document, until a date),
 * - a signed-in staff member (the session cookie; a new tab or the dashboard's viewer).
 * So a forwarded signing link shows nothing without the code. Proofs and grants are HMACs with
 * the server secret, so any api replica checks them without reading anything.
 */
@Injectable()
export class DocumentReadAccess {
  constructor(
    @Inject(CAPTCHA_SECRET) private readonly secret: Buffer,
    // Absent in the worker, which serves no document and issues only grants.
    @Optional() private readonly staffSessions?: StaffSessions,
  ) {}

  /** The proof a verified e-mail code answers: for this link, this captcha pass and this document. */
  issueProof(linkToken: string, pass: string, docId: string, expiresAt: Date): EmailCodeProof {
    const proof = signToken(this.secret, PROOF_PURPOSE, {
      exp: expiresAt.getTime(),
      t: this.digest(`link.${linkToken}`),
      p: this.digest(`pass.${pass}`),
      d: docId,
    });
    return { proof, expiresAt: expiresAt.toISOString() };
  }

  /** Whether the request carries an unexpired proof for this link (and its own captcha pass). */
  hasProofForLink(request: Request, linkToken: string, now = Date.now()): boolean {
    const payload = this.proofOf(request, now);
    return payload?.t === this.digest(`link.${linkToken}`);
  }

  /** `docLink` with a grant that lets whoever holds it read that document until `until`. */
  grantedLink(docLink: string, docId: string, until: Date): string {
    const grant = signToken(this.secret, GRANT_PURPOSE, { d: docId, exp: until.getTime() });
    const url = new URL(docLink);
    url.searchParams.set(DOCUMENT_READ_GRANT_PARAM, grant);
    return url.toString();
  }

  /** Refuses (403) a request that may not read `record`; documents without a restriction pass. */
  async assertCanRead(request: Request, record: DocumentRecord, now = Date.now()): Promise<void> {
    if (record.readAccess !== 'signer-code') return;
    if (this.proofOf(request, now)?.d === record._id) return;
    const grant = firstString(request.query?.[DOCUMENT_READ_GRANT_PARAM]);
    const granted = grant ? readToken<GrantPayload>(this.secret, GRANT_PURPOSE, grant) : null;
    if (
      granted &&
      granted.d === record._id &&
      typeof granted.exp === 'number' &&
      granted.exp > now
    ) {
      return;
    }
    if (await this.isStaff(request)) return;
    throw new ForbiddenException(EMAIL_CODE_MESSAGES.documentNeedsCode);
  }

  private proofOf(request: Request, now: number): ProofPayload | null {
    const proof = firstString(request.headers[EMAIL_CODE_PROOF_HEADER.toLowerCase()]);
    const pass = captchaPassOf(request);
    if (!proof || !pass) return null;
    const payload = readToken<ProofPayload>(this.secret, PROOF_PURPOSE, proof);
    if (!payload || typeof payload.exp !== 'number' || payload.exp <= now) return null;
    return payload.p === this.digest(`pass.${pass}`) ? payload : null;
  }

  /** A live session of a listed user (the staff guard's check, without its flags: reading is enough). */
  private async isStaff(request: Request): Promise<boolean> {
    if (!this.staffSessions) return false;
    return (await this.staffSessions.standingOf(sessionIdOf(request))).state === 'staff';
  }

  private digest(value: string): string {
    return createHmac('sha256', this.secret)
      .update(`email-code.${value}`)
      .digest('base64url')
      .slice(0, 22);
  }
}
