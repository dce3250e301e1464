import { ForbiddenException, Inject, Injectable, Optional } from '@nestjs/common';
import { EMAIL_CODE_MESSAGES, EMAIL_CODE_PROOF_HEADER, type EmailCodeProof } from '@prosign/domain';
import type { Request } from 'express';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CAPTCHA_SECRET, readToken, signToken } from '../../integrations/captcha';
import type { DocumentRecord } from '../../integrations/documents';
import { captchaPassOf, sessionIdOf } from '../../platform/auth/request-credentials';
import { StaffSessions } from '../../platform/auth/staff-sessions';
import { DocumentReadGrantRepository } from './document-read-grant.repository';
import { READ_GRANT_STANDING, type ReadGrantStanding } from './read-grant-standing.port';

const PROOF_PURPOSE = 'email-code-proof';
/** The query parameter a cc recipient's link carries its read grant in. */
export const DOCUMENT_READ_GRANT_PARAM = 'access';
/** A grant's random bytes: 256 bits, so it is never guessed. */
const GRANT_BYTES = 32;
/** The longest grant looked up (43 characters; anything longer is no grant of ours). */
const GRANT_MAX_LENGTH = 64;

interface ProofPayload extends Record<string, unknown> {
  exp?: unknown;
  /** Keyed digest of the link token. */
  t?: unknown;
  /** Keyed digest of the captcha pass it was issued with. */
  p?: unknown;
  /** The id of the document the link signs: the proof reads it too. */
  d?: unknown;
}

/** The first value of a header or query parameter, if a non-empty string. */
function firstString(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first ? first : null;
}

/**
 * Who may read a document by its link. Most documents open for whoever holds the
 * link: its random id is the capability. A contract whose signers must enter an e-mail code
 * (`readAccess: 'signer-code'`) opens only for
 * - a signer's page that carries the code's proof (`X-Email-Code-Proof`, issued by the code
 *   step for that document, with the captcha pass it was issued with),
 * - a cc recipient's link with its grant (`?access=`, for that document, until a date, while its
 *   agreement is neither void, cancelled nor deleted),
 * - a signed-in staff member (the session cookie; a new tab or the dashboard's viewer).
 * So a forwarded signing link shows nothing without the code. Proofs are HMACs with the server
 * secret, so any api replica checks them without reading anything. A grant is a random value
 * that names nothing (a link read from anywhere says nothing of the document it opens); the
 * server keeps its SHA-256 with the document, the agreement and the expiry
 * (DocumentReadGrantRepository), so a grant ends with its agreement. (A sealed grant, AEAD over
 * the same facts, would need no store, but could not end early without one.)
 */
@Injectable()
export class DocumentReadAccess {
  constructor(
    @Inject(CAPTCHA_SECRET) private readonly secret: Buffer,
    private readonly grants: DocumentReadGrantRepository,
    // Absent in the worker, which serves no document and issues only grants.
    @Optional() private readonly staffSessions?: StaffSessions,
    // Absent in the worker too; where it is absent no grant opens anything.
    @Optional() @Inject(READ_GRANT_STANDING) private readonly standing?: ReadGrantStanding,
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

  /**
   * `docLink` with a grant that lets whoever holds it read that document until `until`, while
   * the agreement `agreementId` is neither void, cancelled nor deleted.
   */
  async grantedLink(
    docLink: string,
    grantFor: { docId: string; agreementId: string; until: Date },
  ): Promise<string> {
    const grant = randomBytes(GRANT_BYTES).toString('base64url');
    await this.grants.insert({
      _id: grantKey(grant),
      docId: grantFor.docId,
      agreementId: grantFor.agreementId,
      expiresAt: grantFor.until,
      createdAt: new Date(),
    });
    const url = new URL(docLink);
    url.searchParams.set(DOCUMENT_READ_GRANT_PARAM, grant);
    return url.toString();
  }

  /** Refuses (403) a request that may not read `record`; documents without a restriction pass. */
  async assertCanRead(request: Request, record: DocumentRecord, now = Date.now()): Promise<void> {
    if (record.readAccess !== 'signer-code') return;
    if (this.proofOf(request, now)?.d === record._id) return;
    const grant = firstString(request.query?.[DOCUMENT_READ_GRANT_PARAM]);
    if (grant && (await this.grantOpens(grant, record._id, now))) return;
    if (await this.isStaff(request)) return;
    throw new ForbiddenException(EMAIL_CODE_MESSAGES.documentNeedsCode);
  }

  /** Whether `grant` was issued for this document, has not expired and its agreement stands. */
  private async grantOpens(grant: string, docId: string, now: number): Promise<boolean> {
    if (!this.standing || grant.length > GRANT_MAX_LENGTH) return false;
    const stored = await this.grants.findById(grantKey(grant));
    if (!stored || stored.docId !== docId || stored.expiresAt.getTime() <= now) return false;
    return this.standing.grantsStand(stored.agreementId);
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

/** Where a grant is stored: its SHA-256 (the grant has 256 random bits, so no key is needed). */
function grantKey(grant: string): string {
  return createHash('sha256').update(grant).digest('base64url');
}
