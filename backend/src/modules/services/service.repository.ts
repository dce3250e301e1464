import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { sortServicesByPosition } from '@prosign/domain';
import { isValidObjectId, type Model, type Types } from 'mongoose';
import { insertIfAbsent } from '../../platform/database/insert-if-absent';
import {
  ServiceChange,
  type ServiceChangeAction,
  ServiceEntity,
  ServiceSetting,
} from './service.schema';

const DELETE_PASSWORD_SETTING_ID = 'service-delete-password';

/** A seeded service as stored, under its fixed id. */
export type SeededService = ServiceEntity & { createdAt: Date; updatedAt: Date };

export type NewService = Omit<
  ServiceEntity,
  '_id' | 'nameKey' | 'revision' | 'createdAt' | 'updatedAt' | 'updatedBy'
>;

/** The key that makes service names unique regardless of case and surrounding spaces. */
export function serviceNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Persistence of services, their change log and the delete-password setting. */
@Injectable()
export class ServiceRepository {
  constructor(
    @InjectModel(ServiceEntity.name) private readonly model: Model<ServiceEntity>,
    @InjectModel(ServiceChange.name) private readonly changes: Model<ServiceChange>,
    @InjectModel(ServiceSetting.name) private readonly settings: Model<ServiceSetting>,
  ) {}

  /** Every service in stored order. Sorted here: `position` is a numeric string. */
  async list(): Promise<ServiceEntity[]> {
    return sortServicesByPosition(await this.model.find().lean<ServiceEntity[]>());
  }

  async findById(id: string): Promise<ServiceEntity | null> {
    if (!isValidObjectId(id)) return null;
    return this.model.findById(id).lean<ServiceEntity>();
  }

  /** A service by name (any case) or by id: how the contract form names its service type. */
  async findByType(serviceType: string): Promise<ServiceEntity | null> {
    return (
      (await this.model.findOne({ nameKey: serviceNameKey(serviceType) }).lean<ServiceEntity>()) ??
      this.findById(serviceType)
    );
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const found = await this.model
      .findOne({ nameKey: serviceNameKey(name) }, { _id: 1 })
      .lean<{ _id: unknown }>();
    return found !== null && String(found._id) !== exceptId;
  }

  /** The position after the last one (1 for the first service). */
  async nextPosition(): Promise<string> {
    const positions = await this.model.find({}, { position: 1 }).lean<{ position: string }[]>();
    const highest = positions.reduce((max, { position }) => {
      const value = Number(position);
      return Number.isFinite(value) ? Math.max(max, value) : max;
    }, 0);
    return String(Math.floor(highest) + 1);
  }

  /** Inserts the services missing by id (seeded demo data) and keeps the others; how many were new. */
  async insertMissing(services: SeededService[]): Promise<number> {
    // ObjectId keys; insertIfAbsent only needs them unique.
    return insertIfAbsent(this.model.collection as never, services as never[]);
  }

  async insert(service: NewService): Promise<ServiceEntity> {
    const created = await this.model.create({
      ...service,
      nameKey: serviceNameKey(service.serviceName),
      updatedBy: service.createdBy,
      revision: 1,
    });
    return created.toObject();
  }

  /**
   * Applies `changes` only if the service is still at `revision`: an edit
   * checked against a value someone else has replaced meanwhile is refused
   * (null) rather than silently overwriting it.
   */
  async updateAtRevision(
    id: string,
    revision: number,
    changes: Partial<ServiceEntity>,
    updatedBy: string,
  ): Promise<ServiceEntity | null> {
    const set: Partial<ServiceEntity> = { ...changes, updatedBy };
    if (changes.serviceName !== undefined) set.nameKey = serviceNameKey(changes.serviceName);
    return this.model
      .findOneAndUpdate(
        { _id: id, revision },
        { $set: set, $inc: { revision: 1 } },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<ServiceEntity>();
  }

  /** Renumbers positions from 1 in the given order: one bulk write, one statement a service. */
  async renumber(orderedIds: string[], updatedBy: string): Promise<void> {
    await this.model.bulkWrite(
      orderedIds.map((id, index) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: { position: String(index + 1), updatedBy }, $inc: { revision: 1 } },
        },
      })),
      { ordered: false },
    );
  }

  async delete(id: string): Promise<ServiceEntity | null> {
    if (!isValidObjectId(id)) return null;
    return this.model.findOneAndDelete({ _id: id }).lean<ServiceEntity>();
  }

  async withDefaultTerms(): Promise<Array<Pick<ServiceEntity, '_id' | 'serviceName'>>> {
    return this.model
      .find({ defaultTnC: true }, { _id: 1, serviceName: 1 })
      .lean<Array<Pick<ServiceEntity, '_id' | 'serviceName'>>>();
  }

  /** Sets the default terms on one service that still has defaultTnC; false if it no longer does. */
  async applyDefaultTerms(
    id: Types.ObjectId,
    content: string,
    updatedBy: string,
  ): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, defaultTnC: true },
      { $set: { termsAndConditions: content, updatedBy }, $inc: { revision: 1 } },
    );
    return result.matchedCount === 1;
  }

  async recordChange(
    service: Pick<ServiceEntity, '_id' | 'serviceName'>,
    action: ServiceChangeAction,
    performedBy: string,
    fields: string[] = [],
  ): Promise<void> {
    await this.changes.create({
      serviceId: String(service._id),
      serviceName: service.serviceName,
      action,
      fields,
      performedBy,
    });
  }

  /** The stored delete-password setting, if any. */
  async findDeletePassword(): Promise<ServiceSetting | null> {
    return this.settings.findById(DELETE_PASSWORD_SETTING_ID).lean();
  }

  async storeDeletePassword(passwordHash: string, updatedBy: string): Promise<void> {
    await this.settings.updateOne(
      { _id: DELETE_PASSWORD_SETTING_ID },
      { $set: { passwordHash, updatedBy } },
      { upsert: true },
    );
  }

  /** Stores the delete password unless one is stored (another process may store its own first). */
  async insertDeletePasswordIfAbsent(passwordHash: string, updatedBy: string): Promise<void> {
    await insertIfAbsent(this.settings.collection as never, [
      { _id: DELETE_PASSWORD_SETTING_ID, passwordHash, updatedBy },
    ]);
  }
}
