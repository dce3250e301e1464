import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CP_ROLE_LABELS,
  CP_ROLES,
  type PublicApiInput,
  type PublicService,
  type PublicTemplate,
  type ServicePage,
  type TemplatePage,
} from '@prosign/domain';
import { DocumentTemplateRepository, DocumentTemplatesService } from '../document-templates';
import { CoTemplateRepository } from '../families/co';
import { SowTemplatesService } from '../families/sow';
import { ServiceRepository } from '../services';

type ServiceRow = Awaited<ReturnType<ServiceRepository['list']>>[number];

function publicServiceOf(service: ServiceRow): PublicService {
  return {
    id: String(service._id),
    name: service.serviceName,
    agreementTitle: service.agreementTitle,
    position: Number(service.position) || 0,
    updatedAt: service.updatedAt ? service.updatedAt.toISOString() : null,
  };
}

/** A document template's newest version, as its store lists it or its service reads it. */
interface TemplateVersion {
  name: string;
  version: number;
  fileName: string;
  pageCount: number;
  fieldCount: number;
  roles: readonly { id: string; name: string }[];
}

function documentTemplateOf(
  id: string,
  template: TemplateVersion,
  updatedAt: string,
): PublicTemplate {
  return {
    id,
    family: 'document',
    name: template.name,
    version: template.version,
    fileName: template.fileName,
    pageCount: template.pageCount,
    fieldCount: template.fieldCount,
    roles: template.roles.map((role) => ({ id: role.id, name: role.name })),
    updatedAt,
  };
}

/** A SOW or change-order template: a name and its texts, no file of its own. */
function textTemplateOf(
  family: 'sow' | 'co',
  template: { _id: unknown; name: string },
  roles: PublicTemplate['roles'] = [],
  updatedAt: string | null = null,
): PublicTemplate {
  return {
    id: String(template._id),
    family,
    name: template.name,
    version: null,
    fileName: null,
    pageCount: null,
    fieldCount: null,
    roles,
    updatedAt,
  };
}

/** A catalogue page's cursor: the number of the page it starts (from 2). */
function pageNumberOf(cursor: string | undefined): number {
  if (cursor === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(cursor)) {
    throw new BadRequestException({
      message: 'The request is not valid.',
      errors: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  return Number(cursor);
}

/**
 * What agreements are made from, read through the public api: the firm's services (in the
 * order staff list them) and the templates of the families made from one: uploaded-document
 * templates in use, newest first (archived ones are not offered: a creation from one is
 * refused), SOW templates with the partner roles they have texts for, change-order templates.
 */
@Injectable()
export class PublicCatalogService {
  constructor(
    private readonly services: ServiceRepository,
    private readonly templates: DocumentTemplatesService,
    private readonly templateVersions: DocumentTemplateRepository,
    private readonly sow: SowTemplatesService,
    private readonly coTemplateStore: CoTemplateRepository,
  ) {}

  async listServices({ query }: PublicApiInput<'listServices'>): Promise<ServicePage> {
    const start = (pageNumberOf(query.cursor) - 1) * query.limit;
    const all = await this.services.list();
    const page = all.slice(start, start + query.limit);
    const more = start + page.length < all.length;
    return {
      data: page.map(publicServiceOf),
      nextCursor: more ? String(pageNumberOf(query.cursor) + 1) : null,
    };
  }

  async service(id: string): Promise<PublicService> {
    const service = await this.services.findById(id);
    if (!service) throw new NotFoundException('No service has this id.');
    return publicServiceOf(service);
  }

  async listTemplates({ query }: PublicApiInput<'listTemplates'>): Promise<TemplatePage> {
    const page = pageNumberOf(query.cursor);
    if (query.family !== 'document') {
      // A handful each: one page holds them all.
      const all = query.family === 'sow' ? await this.sowTemplates() : await this.coTemplates();
      const start = (page - 1) * query.limit;
      const rows = all.slice(start, start + query.limit);
      return { data: rows, nextCursor: start + rows.length < all.length ? String(page + 1) : null };
    }
    const { rows, total } = await this.templateVersions.list(
      { archived: false, search: '' },
      { skip: (page - 1) * query.limit, limit: query.limit },
    );
    return {
      data: rows.map((row) => documentTemplateOf(row.templateId, row, row.createdAt.toISOString())),
      nextCursor: page * query.limit < total ? String(page + 1) : null,
    };
  }

  /** The SOW templates, each with the partner roles it has texts for. */
  private async sowTemplates(): Promise<PublicTemplate[]> {
    const { templates } = await this.sow.list();
    return Promise.all(
      templates.map(async (listed) => {
        const template = await this.sow.byName(listed.name);
        const roles = CP_ROLES.filter((role) => template.services[role]?.trim()).map((role) => ({
          id: role,
          name: CP_ROLE_LABELS[role],
        }));
        return textTemplateOf('sow', listed, roles, template.updatedAt);
      }),
    );
  }

  private async coTemplates(): Promise<PublicTemplate[]> {
    return (await this.coTemplateStore.listNames()).map((template) =>
      textTemplateOf('co', template),
    );
  }

  /** Any template `listTemplates` lists, by its id: a document template's, else a SOW's or CO's. */
  async template(id: string): Promise<PublicTemplate> {
    const document = await this.templates.read(id, undefined).catch((error: unknown) => {
      if (error instanceof NotFoundException) return null;
      throw error;
    });
    if (document) {
      if (document.archived) throw new NotFoundException('No such template.');
      return documentTemplateOf(document.id, document, document.updatedAt);
    }
    // A handful of each, as in listTemplates.
    const listed = [...(await this.sowTemplates()), ...(await this.coTemplates())];
    const template = listed.find((candidate) => candidate.id === id);
    if (!template) throw new NotFoundException('No such template.');
    return template;
  }
}
