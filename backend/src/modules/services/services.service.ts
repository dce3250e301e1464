import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  ADDITIONAL_FIELD_NAMES,
  DEFAULT_FORM_FIELDS,
  type FormDefinition,
  placeholderViolationMessage,
  serviceEditViolations,
  SERVICE_MESSAGES,
  SERVICE_TEXT_FIELDS,
  type ServiceDeleted,
  type ServiceFormDefinition,
  type ServiceRecord,
} from '@prosign/domain';
import { TermsRepository } from './terms.repository';
import { DeletePasswordService } from './delete-password.service';
import type { CreateServiceDto, UpdateServiceDto } from './dto/service.dto';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { ServiceRepository } from './service.repository';
import type { ServiceEntity } from './service.schema';

const CONCURRENT_EDIT =
  'This service was changed by someone else meanwhile. Reload it and apply your edit again.';

/** A service as the API returns it (spec 1 §3), without storage internals. */
function toServiceRecord(service: ServiceEntity): ServiceRecord {
  return {
    _id: String(service._id),
    serviceName: service.serviceName,
    agreementTitle: service.agreementTitle,
    start: service.start ?? '',
    projectDescription: service.projectDescription ?? '',
    engineerBasicService: service.engineerBasicService ?? '',
    engineerAdditionalService: service.engineerAdditionalService ?? '',
    engineerFee: service.engineerFee ?? '',
    licensingAndInsurance: service.licensingAndInsurance ?? '',
    termsAndConditions: service.termsAndConditions ?? '',
    changeBasicServices: service.changeBasicServices === true,
    defaultTnC: service.defaultTnC === true,
    position: service.position,
    updatedAt: service.updatedAt?.toISOString(),
    updatedBy: service.updatedBy,
  };
}

/** Services (agreement templates): spec 1 §2.5, §4.5, §5, §7. */
@Injectable()
export class ServicesService {
  constructor(
    private readonly services: ServiceRepository,
    private readonly terms: TermsRepository,
    private readonly deletePassword: DeletePasswordService,
  ) {}

  async list(): Promise<ServiceRecord[]> {
    return (await this.services.list()).map(toServiceRecord);
  }

  async create(body: CreateServiceDto, actor: StaffPrincipal): Promise<ServiceRecord> {
    await this.assertNameFree(body.serviceName);
    const defaultTnC = body.defaultTnC === true;
    const service = await this.services.insert({
      serviceName: body.serviceName,
      agreementTitle: body.agreementTitle,
      start: body.start ?? '',
      projectDescription: body.projectDescription ?? '',
      engineerBasicService: body.engineerBasicService ?? '',
      engineerAdditionalService: body.engineerAdditionalService ?? '',
      engineerFee: body.engineerFee ?? '',
      licensingAndInsurance: body.licensingAndInsurance ?? '',
      termsAndConditions: defaultTnC
        ? await this.defaultTerms(body.termsAndConditions)
        : (body.termsAndConditions ?? ''),
      changeBasicServices: body.changeBasicServices === true,
      defaultTnC,
      position: await this.services.nextPosition(),
      // A new or copied service starts from the standard contract form.
      formFields: DEFAULT_FORM_FIELDS.map((field) => ({ ...field, options: [...field.options] })),
      createdBy: actor.email,
    });
    await this.services.recordChange(service, 'created', actor.email);
    return toServiceRecord(service);
  }

  /**
   * Edits a service. Every changed text must keep the `$placeholders` of its
   * previous value (spec 1 §5); with defaultTnC the terms follow the default
   * terms instead of the text sent.
   */
  async update(id: string, body: UpdateServiceDto, actor: StaffPrincipal): Promise<ServiceRecord> {
    const current = await this.get(id);
    const { performedBy: _ignored, ...sent } = body;
    const changes: Partial<ServiceEntity> = {};
    for (const [key, value] of Object.entries(sent)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    const defaultTnC = changes.defaultTnC ?? current.defaultTnC;
    if (defaultTnC && (changes.defaultTnC === true || changes.termsAndConditions !== undefined)) {
      changes.termsAndConditions = await this.defaultTerms(current.termsAndConditions);
    }

    // Default terms replace the service's own on purpose: not an edit of its text.
    const violations = serviceEditViolations(current, pickTexts(changes), defaultTnC);
    if (violations.length > 0) {
      throw new BadRequestException(placeholderViolationMessage(violations));
    }
    if (changes.serviceName !== undefined) await this.assertNameFree(changes.serviceName, id);

    const updated = await this.services.updateAtRevision(
      id,
      current.revision,
      changes,
      actor.email,
    );
    if (!updated) throw new ConflictException(CONCURRENT_EDIT);
    await this.services.recordChange(updated, 'updated', actor.email, Object.keys(changes));
    return toServiceRecord(updated);
  }

  /** Renumbers every position from 1 in the order given (spec 1 §4.5), in one request. */
  async reorder(ids: string[], actor: StaffPrincipal): Promise<ServiceRecord[]> {
    const current = await this.services.list();
    const known = new Set(current.map((service) => String(service._id)));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new BadRequestException(
        'The new order must list every service exactly once. Reload the list and try again.',
      );
    }
    await this.services.renumber(ids, actor.email);
    for (const service of current) {
      await this.services.recordChange(service, 'reordered', actor.email, ['position']);
    }
    return this.list();
  }

  /** Deletes a service; the session must have confirmed the delete password just before. */
  async delete(id: string, actor: StaffPrincipal): Promise<ServiceDeleted> {
    if (!(await this.deletePassword.consumeVerification(actor.sessionId))) {
      throw new ForbiddenException(SERVICE_MESSAGES.deleteNotVerified);
    }
    const deleted = await this.services.delete(id);
    if (!deleted) {
      await this.deletePassword.restoreVerification(actor.sessionId);
      throw new NotFoundException(`Service ${id} not found. It may have been deleted already.`);
    }
    await this.services.recordChange(deleted, 'deleted', actor.email);
    return { message: SERVICE_MESSAGES.deleted, _id: id };
  }

  /** The contract form of a service type (spec 2 §3, §7), by service name or id. */
  async formDefinition(serviceType: string): Promise<ServiceFormDefinition> {
    const service = await this.services.findByType(serviceType);
    if (!service) {
      throw new NotFoundException(`No service named "${serviceType}". Choose one from the list.`);
    }
    const fields = service.formFields?.length ? service.formFields : DEFAULT_FORM_FIELDS;
    const additionalFields = Object.fromEntries(
      ADDITIONAL_FIELD_NAMES.map((name) => [name, service[name] ?? '']),
    ) as FormDefinition['additionalFields'];
    return {
      serviceType: service.serviceName,
      fields: fields.map(({ name, label, type, required, isNotEditable, options }) => ({
        name,
        label,
        type,
        required: required === true,
        isNotEditable: isNotEditable === true,
        options: options ?? [],
      })),
      additionalFields,
    };
  }

  private async get(id: string): Promise<ServiceEntity> {
    const service = await this.services.findById(id);
    if (!service) throw new NotFoundException(`Service ${id} not found. It may have been deleted.`);
    return service;
  }

  private async assertNameFree(name: string, exceptId?: string): Promise<void> {
    if (await this.services.nameTaken(name, exceptId)) {
      throw new ConflictException(`A service named "${name}" already exists. Choose another name.`);
    }
  }

  /** The latest default terms; without any saved yet, the text sent (or empty). */
  private async defaultTerms(fallback: string | undefined): Promise<string> {
    return (await this.terms.latest())?.content ?? fallback ?? '';
  }
}

function pickTexts(changes: Partial<ServiceEntity>): Partial<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const field of SERVICE_TEXT_FIELDS) {
    const value = changes[field];
    if (typeof value === 'string') texts[field] = value;
  }
  return texts;
}
