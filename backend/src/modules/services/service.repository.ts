import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { sortServicesByPosition } from '@prosign/domain';
import { isValidObjectId, type Model, type Types } from 'mongoose';
import {
  ServiceChange,
  type ServiceChangeAction,
  ServiceEntity,
  ServiceSetting,
} from './service.schema';

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
    @InjectModel(ServiceEntity.name) readonly model: Model<ServiceEntity>,
    @InjectModel(ServiceChange.name) readonly changes: Model<ServiceChange>,
    @InjectModel(ServiceSetting.name) readonly settings: Model<ServiceSetting>,
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
}
