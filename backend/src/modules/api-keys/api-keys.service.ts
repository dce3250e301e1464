import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  API_KEY_ROTATION_OVERLAP_HOURS,
  API_KEY_SECRET_BYTES,
  apiKeyRequestProblems,
  apiKeyState,
  formatApiKey,
  isApiKeyUsable,
  maskedApiKey,
  parseApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyView,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { ApiKeyVerifier, type VerifiedApiKey } from '../../platform/auth/api-key-verifier';
import { type ApiKeyDoc, ApiKeyRepository } from './api-key.repository';

/** What an admin asks for when creating a key. */
export interface ApiKeyRequest {
  name: string;
  scopes: string[];
  /** Who answers for the key; the admin creating it when not given. */
  ownerEmail?: string;
  expiresAt?: Date | null;
}

const HOUR_MS = 3_600_000;
/** A key's last use is written at most this often: a busy key must not write on every request. */
const LAST_USED_EVERY_MS = 60_000;
/** Prefix draws before giving up: a collision among 64^8 prefixes is already unlikely once. */
const PREFIX_ATTEMPTS = 5;
/** Compared against when no key has the presented prefix, so a miss costs what a match does. */
const NO_KEY_HASH = sha256('no key has this prefix');

function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Draws a prefix of 8 characters without `_` (the separator after it). */
function newPrefix(): string {
  return randomBytes(6).toString('base64url').replace(/_/g, '-');
}

/**
 * API keys: created and rotated by admins, shown once, stored as a SHA-256 hash, found by
 * their public prefix and checked in constant time.
 */
@Injectable()
export class ApiKeys implements ApiKeyVerifier {
  constructor(private readonly keys: ApiKeyRepository) {}

  /** A new key: the answer is the only place the full key ever appears. */
  async create(
    request: ApiKeyRequest,
    createdBy: string,
    now = new Date(),
  ): Promise<ApiKeyCreated> {
    const expiresAt = request.expiresAt ?? null;
    const problems = apiKeyRequestProblems({ ...request, expiresAt, now });
    if (problems.length > 0) throw new BadRequestException(problems);
    return this.issue(
      {
        name: request.name.trim(),
        scopes: request.scopes as ApiKeyScope[],
        ownerEmail: (request.ownerEmail ?? createdBy).trim().toLowerCase(),
        expiresAt,
      },
      createdBy,
      now,
    );
  }

  async list(now = new Date()): Promise<ApiKeyView[]> {
    return (await this.keys.list()).map((doc) => viewOf(doc, now));
  }

  /** Revokes a key at once; revoking it again changes nothing. */
  async revoke(id: string, now = new Date()): Promise<ApiKeyView> {
    await this.existing(id);
    await this.keys.revoke(id, now);
    return viewOf(await this.existing(id), now);
  }

  /**
   * A successor with the same name, scopes, owner and expiry; the old key keeps working for
   * the overlap (24 h unless given), so the systems using it can switch without a gap.
   */
  async rotate(
    id: string,
    rotatedBy: string,
    overlapHours = API_KEY_ROTATION_OVERLAP_HOURS,
    now = new Date(),
  ): Promise<ApiKeyCreated> {
    const old = await this.existing(id);
    if (apiKeyState(old, now) !== 'active') {
      throw new ConflictException(
        `This key is ${apiKeyState(old, now)}: only an active key can be rotated.`,
      );
    }
    const successor = await this.issue(old, rotatedBy, now);
    if (!(await this.keys.startRotation(id, new Date(now.getTime() + overlapHours * HOUR_MS)))) {
      // Revoked or rotated by another request meanwhile: no second successor.
      await this.keys.remove(successor.apiKey.id);
      throw new ConflictException('This key was revoked or rotated meanwhile.');
    }
    return successor;
  }

  /**
   * The key a request presents, if it is one of ours and usable at `now`; null otherwise,
   * whatever the reason (the caller answers 401 alike). Records the last use, at most once a
   * minute per key.
   */
  async verify(
    presented: string,
    from: string | null,
    now = new Date(),
  ): Promise<VerifiedApiKey | null> {
    const parts = parseApiKey(presented);
    if (!parts) return null;
    const doc = await this.keys.findByPrefix(parts.prefix);
    const matches = timingSafeEqual(
      Buffer.from(sha256(parts.secret), 'hex'),
      Buffer.from(doc?.secretHash ?? NO_KEY_HASH, 'hex'),
    );
    if (!doc || !matches || !isApiKeyUsable(doc, now)) return null;
    if (!doc.lastUsedAt || now.getTime() - doc.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await this.keys.recordUse(
        doc._id,
        now,
        from,
        new Date(now.getTime() - LAST_USED_EVERY_MS + 1),
      );
    }
    return {
      id: doc._id,
      prefix: doc.prefix,
      name: doc.name,
      scopes: doc.scopes,
      ownerEmail: doc.ownerEmail,
    };
  }

  private async existing(id: string): Promise<ApiKeyDoc> {
    const doc = /^[a-f0-9]{24}$/.test(id) ? await this.keys.findById(id) : null;
    if (!doc) throw new NotFoundException('No API key with this id.');
    return doc;
  }

  private async issue(
    shape: Pick<ApiKeyDoc, 'name' | 'scopes' | 'ownerEmail' | 'expiresAt'>,
    createdBy: string,
    now: Date,
  ): Promise<ApiKeyCreated> {
    for (let attempt = 0; attempt < PREFIX_ATTEMPTS; attempt += 1) {
      const prefix = newPrefix();
      const secret = randomBytes(API_KEY_SECRET_BYTES).toString('base64url');
      const doc: ApiKeyDoc = {
        _id: new Types.ObjectId().toHexString(),
        name: shape.name,
        prefix,
        secretHash: sha256(secret),
        scopes: shape.scopes,
        ownerEmail: shape.ownerEmail,
        createdBy,
        createdAt: now,
        expiresAt: shape.expiresAt,
        revokedAt: null,
        rotatedUntil: null,
        lastUsedAt: null,
        lastUsedFrom: null,
      };
      if (await this.keys.insert(doc)) {
        return { key: formatApiKey(prefix, secret), apiKey: viewOf(doc, now) };
      }
    }
    throw new Error('Could not draw an unused API key prefix.');
  }
}

function viewOf(doc: ApiKeyDoc, now: Date): ApiKeyView {
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    id: doc._id,
    name: doc.name,
    masked: maskedApiKey(doc.prefix),
    prefix: doc.prefix,
    scopes: doc.scopes,
    ownerEmail: doc.ownerEmail,
    createdBy: doc.createdBy,
    createdAt: doc.createdAt.toISOString(),
    expiresAt: iso(doc.expiresAt),
    revokedAt: iso(doc.revokedAt),
    rotatedUntil: iso(doc.rotatedUntil),
    lastUsedAt: iso(doc.lastUsedAt),
    lastUsedFrom: doc.lastUsedFrom,
    state: apiKeyState(doc, now),
  };
}
