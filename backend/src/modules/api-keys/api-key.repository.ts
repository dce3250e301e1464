import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ApiKeyScope } from '@prosign/domain';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';

/** A stored API key: its SHA-256 hash, never the key itself. */
export interface ApiKeyDoc {
  /** An ObjectId's hex: the key's id in routes. */
  _id: string;
  name: string;
  /** The key's public part (`psk_live_<prefix>_…`), unique: how a presented key is found. */
  prefix: string;
  /** SHA-256 of the key's secret, hex. */
  secretHash: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  rotatedUntil: Date | null;
  lastUsedAt: Date | null;
  lastUsedFrom: string | null;
}

const DUPLICATE_KEY = 11000;

/** The only reader and writer of `api_keys`. */
@Injectable()
export class ApiKeyRepository implements OnModuleInit {
  private readonly keys: Collection<ApiKeyDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.keys = connection.collection<ApiKeyDoc>('api_keys') as unknown as Collection<ApiKeyDoc>;
  }

  async onModuleInit(): Promise<void> {
    // Not swallowed: two keys under one prefix would make verification ambiguous.
    await this.keys.createIndex({ prefix: 1 }, { name: 'prefix_unique', unique: true });
  }

  /** Stores a new key; false when its prefix is taken (the caller draws another). */
  async insert(doc: ApiKeyDoc): Promise<boolean> {
    try {
      await this.keys.insertOne(doc);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.keys.deleteOne({ _id: id });
  }

  list(): Promise<ApiKeyDoc[]> {
    return this.keys.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  }

  findById(id: string): Promise<ApiKeyDoc | null> {
    return this.keys.findOne({ _id: id });
  }

  findByPrefix(prefix: string): Promise<ApiKeyDoc | null> {
    return this.keys.findOne({ prefix });
  }

  /** Revokes a key not yet revoked; false when it already was (or is gone). */
  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.keys.updateOne(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: at } },
    );
    return result.modifiedCount === 1;
  }

  /**
   * Starts a key's rotation overlap; false when it was revoked or rotated meanwhile (the
   * caller checked it was usable, another request may have got there first).
   */
  async startRotation(id: string, until: Date): Promise<boolean> {
    const result = await this.keys.updateOne(
      { _id: id, revokedAt: null, rotatedUntil: null },
      { $set: { rotatedUntil: until } },
    );
    return result.modifiedCount === 1;
  }

  /** Records a use unless one was recorded since `staleBefore`: one write a minute per key, whatever the traffic. */
  async recordUse(id: string, at: Date, from: string | null, staleBefore: Date): Promise<void> {
    await this.keys.updateOne(
      { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: staleBefore } }] },
      { $set: { lastUsedAt: at, lastUsedFrom: from } },
    );
  }
}
