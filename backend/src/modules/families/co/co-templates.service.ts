import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  CO_FORM_FIELDS,
  CO_PAYMENT_TERMS,
  CO_TEMPLATE_FIELD_KEYS,
  coCcChoices,
  coTemplateFieldErrors,
  revertPlaceholderPreviews,
  type CoFormFieldsResponse,
  type CoTemplateFieldKey,
  type CoTemplateFields,
  type CoTemplatesResponse,
  type CoTemplateUpdated,
  type CoTemplateView,
} from '@prosign/domain';
import { isValidObjectId } from 'mongoose';
import { AppConfig } from '../../../platform/config/app-config';
import { AccessService } from '../../access';
import { fieldErrorsException } from '../../agreements';
import { CoTemplateRepository } from './co-template.repository';
import type { CoTemplateDocument } from './co-template.schema';

/**
 * The CO templates (spec 3 §3 "Template fields", §7): their list, one with its
 * texts, the form definition for the /co screen, and the admins' edits (every
 * placeholder of the stored text kept, conditional on the revision read).
 */
@Injectable()
export class CoTemplatesService {
  constructor(
    private readonly templates: CoTemplateRepository,
    private readonly access: AccessService,
    private readonly config: AppConfig,
  ) {}

  /** `GET /api/co/get-templates` */
  async list(): Promise<CoTemplatesResponse> {
    const templates = await this.templates.listNames();
    return {
      templates: templates.map((t) => ({ _id: String(t._id), name: t.name, type: 'main' })),
    };
  }

  /** `GET /api/co/get-template/{id}` */
  async byId(id: string): Promise<CoTemplateView> {
    return viewOf(await this.document(id));
  }

  /** `GET /api/co/get-form-fields/{id}`: the form definition of type main. */
  async formFields(id: string): Promise<CoFormFieldsResponse> {
    const [template, pms] = await Promise.all([this.byId(id), this.access.listUsers('pm')]);
    const companyCcEmail = this.config.coCompanyCcEmail.toLowerCase();
    return {
      template,
      formFields: CO_FORM_FIELDS.map((field) => ({ ...field, options: [...field.options] })),
      templateFields: { ...template.templateFields },
      paymentTerms: [...CO_PAYMENT_TERMS],
      ccChoices: coCcChoices(
        companyCcEmail,
        pms.map((user) => user.email),
      ),
      companyCcEmail,
    };
  }

  /**
   * The texts a change order made from this template carries: the edited
   * ones given (each keeping the stored text's placeholders, else 400), the
   * stored ones for the rest.
   */
  async textsFor(id: string, edited: CoTemplateFields | undefined): Promise<CoTemplateFields> {
    const template = await this.byId(id).catch((error: unknown) => {
      if (error instanceof NotFoundException) {
        throw new BadRequestException('The chosen CO template does not exist.');
      }
      throw error;
    });
    const given = edited ?? {};
    const errors = coTemplateFieldErrors(template.templateFields, given);
    if (errors.length) throw fieldErrorsException(errors);
    const texts: CoTemplateFields = {};
    for (const key of CO_TEMPLATE_FIELD_KEYS) {
      const text = given[key];
      texts[key] =
        typeof text === 'string' ? revertPlaceholderPreviews(text) : template.templateFields[key];
    }
    return texts;
  }

  /** `PUT /api/co/update/{id}`: saves the texts given; the others keep theirs. Admins only (the controller checks). */
  async update(id: string, edited: CoTemplateFields, actor: string): Promise<CoTemplateUpdated> {
    const current = await this.document(id);
    if (Object.keys(edited).length === 0) {
      throw new BadRequestException('templateFields must name at least one template text.');
    }
    const errors = coTemplateFieldErrors(current.templateFields, edited);
    if (errors.length) throw fieldErrorsException(errors);
    const templateFields = { ...current.templateFields };
    for (const key of CO_TEMPLATE_FIELD_KEYS) {
      const text = edited[key];
      if (typeof text === 'string') templateFields[key] = revertPlaceholderPreviews(text).trim();
    }
    const updated = await this.templates.saveTextsAtRevision(
      current._id,
      current.revision,
      templateFields,
      actor,
    );
    if (!updated) {
      throw new ConflictException(
        'Someone else saved this template meanwhile. Reload and try again.',
      );
    }
    return { message: 'CO template content updated.', template: viewOf(updated) };
  }

  private async document(id: string): Promise<CoTemplateDocument> {
    if (!isValidObjectId(id)) throw new NotFoundException('No such CO template.');
    const template = await this.templates.findById(id);
    if (!template) throw new NotFoundException('No such CO template.');
    return template;
  }
}

function viewOf(template: CoTemplateDocument): CoTemplateView {
  const stored = template.templateFields ?? {};
  const templateFields = Object.fromEntries(
    CO_TEMPLATE_FIELD_KEYS.map((key) => [key, stored[key] ?? '']),
  ) as Record<CoTemplateFieldKey, string>;
  return {
    _id: String(template._id),
    name: template.name,
    type: 'main',
    templateFields,
    updatedAt: template.updatedAt ? template.updatedAt.toISOString() : null,
    updatedBy: template.updatedBy ?? null,
  };
}
