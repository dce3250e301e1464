import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  PublicApiInput,
  PublicService,
  PublicTemplate,
  ServicePage,
  TemplatePage,
} from '@prosign/domain';
import { DocumentTemplateRepository, DocumentTemplatesService } from '../document-templates';
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

/** A template's newest version (as the store lists it, or as the templates service reads it). */
interface TemplateVersion {
  name: string;
  version: number;
  fileName: string;
  pageCount: number;
  fieldCount: number;
  roles: readonly { id: string; name: string }[];
}

function publicTemplateOf(
  id: string,
  template: TemplateVersion,
  updatedAt: string,
): PublicTemplate {
  return {
    id,
    name: template.name,
    version: template.version,
    fileName: template.fileName,
    pageCount: template.pageCount,
    fieldCount: template.fieldCount,
    roles: template.roles.map((role) => ({ id: role.id, name: role.name })),
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
 * order staff list them) and the uploaded-document templates in use, newest first. Archived
 * templates are not offered: a creation from one is refused.
 */
@Injectable()
export class PublicCatalogService {
  constructor(
    private readonly services: ServiceRepository,
    private readonly templates: DocumentTemplatesService,
    private readonly templateVersions: DocumentTemplateRepository,
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
    const { rows, total } = await this.templateVersions.list(
      { archived: false, search: '' },
      { skip: (page - 1) * query.limit, limit: query.limit },
    );
    return {
      data: rows.map((row) => publicTemplateOf(row.templateId, row, row.createdAt.toISOString())),
      nextCursor: page * query.limit < total ? String(page + 1) : null,
    };
  }

  async template(id: string): Promise<PublicTemplate> {
    const template = await this.templates.read(id, undefined);
    if (template.archived) throw new NotFoundException('No such template.');
    return publicTemplateOf(template.id, template, template.updatedAt);
  }
}
