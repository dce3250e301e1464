import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CP_ROLE_LABELS,
  CP_ROLES,
  feeFieldOf,
  isCpRole,
  isScopeCoRole,
  needsSiteVisit,
  SOW_SECTION_KEYS,
  SOW_TEMPLATE_DOC_ID,
  sowCcChoices,
  sowServicesText,
  type CpRole,
  type SowFormFieldsResponse,
  type SowSectionView,
  type SowServicesTemplateView,
  type SowServicesUpdated,
  type SowTemplatesResponse,
} from '@prosign/domain';
import { isValidObjectId } from 'mongoose';
import { AppConfig } from '../../../platform/config/app-config';
import { AccessService } from '../../access';
import { DocumentRepository } from '../../documents';
import type { SowServicesTemplateDocument } from './sow-services-template.schema';
import { SowServicesTemplateRepository } from './sow-services-template.repository';

/**
 * The SOW services/deliverables templates (spec 3 §2 "SOW services/deliverables
 * edit screen", §7) and what the creation screen needs for one: the roles, the
 * document's editable sections and the cc choices.
 */
@Injectable()
export class SowTemplatesService {
  constructor(
    private readonly templates: SowServicesTemplateRepository,
    private readonly documents: DocumentRepository,
    private readonly access: AccessService,
    private readonly config: AppConfig,
  ) {}

  async list(): Promise<SowTemplatesResponse> {
    const templates = await this.templates.listNames();
    return { templates: templates.map((t) => ({ _id: String(t._id), name: t.name })) };
  }

  async byName(name: string): Promise<SowServicesTemplateView> {
    const template = await this.templates.findByName(name.trim());
    if (!template) throw new NotFoundException(`No SOW template is named "${name}".`);
    return viewOf(template);
  }

  /** Saves the services texts of the roles given; the others keep theirs. Admins only (the controller checks). */
  async updateServices(
    id: string,
    services: Record<string, string>,
    actor: string,
  ): Promise<SowServicesUpdated> {
    if (!isValidObjectId(id)) throw new NotFoundException('No such SOW template.');
    const current = await this.templates.findById(id);
    if (!current) throw new NotFoundException('No such SOW template.');
    const texts = new Map(current.services.map((entry) => [entry.role, entry.text]));
    for (const [role, text] of Object.entries(services)) {
      if (isCpRole(role)) texts.set(role, text.trim());
    }
    const updated = await this.templates.saveServicesAtRevision(
      current._id,
      current.revision,
      [...texts].map(([role, text]) => ({ role, text })),
      actor,
    );
    if (!updated) {
      throw new ConflictException(
        'Someone else saved this template meanwhile. Reload and try again.',
      );
    }
    return { message: 'Services and deliverables updated.', template: viewOf(updated) };
  }

  /** `GET /api/sow/get-form-fields/{name}` */
  async formFields(name: string): Promise<SowFormFieldsResponse> {
    const [template, sections, pms] = await Promise.all([
      this.byName(name),
      this.templateSections(),
      this.access.listUsers('pm'),
    ]);
    return {
      template,
      roles: CP_ROLES.map((role) => ({
        role,
        label: CP_ROLE_LABELS[role],
        feeField: feeFieldOf(role),
        needsSiteVisit: needsSiteVisit([role]),
        isScopeCo: isScopeCoRole(role),
      })),
      sections,
      ccChoices: sowCcChoices(
        this.config.defaultPmEmail,
        pms.map((user) => user.email),
      ),
      defaultPmEmail: this.config.defaultPmEmail.toLowerCase(),
    };
  }

  /** The services text of the chosen roles, one paragraph each, for the form's services field. */
  servicesTextFor(template: SowServicesTemplateView, roles: readonly CpRole[]): string {
    return sowServicesText(template.services, roles);
  }

  /** The SOW document template's editable sections, in document order. */
  async templateSections(): Promise<SowSectionView[]> {
    const template = await this.documents.find(SOW_TEMPLATE_DOC_ID);
    const sections = template?.content?.sections ?? [];
    return SOW_SECTION_KEYS.map((key) => {
      const section = sections.find((s) => s.key === key);
      return { key, heading: section?.heading ?? null, body: section?.body ?? '' };
    });
  }
}

function viewOf(template: SowServicesTemplateDocument): SowServicesTemplateView {
  return {
    _id: String(template._id),
    name: template.name,
    services: Object.fromEntries(
      (template.services ?? [])
        .filter((entry) => isCpRole(entry.role))
        .map((e) => [e.role, e.text]),
    ),
    updatedAt: template.updatedAt ? template.updatedAt.toISOString() : null,
    updatedBy: template.updatedBy ?? null,
  };
}
