import { Controller } from '@nestjs/common';
import type {
  PublicApiInput as Input,
  PublicService,
  PublicTemplate,
  ServicePage,
  TemplatePage,
} from '@prosign/domain';
import { PublicCatalogService } from './public-catalog.service';
import { PublicApiInput, PublicApiRoute } from './public-api-route.decorator';

/** `/api/v1/templates` and `/api/v1/services`: what agreements are made from, read-only. */
@Controller()
export class CatalogV1Controller {
  constructor(private readonly catalog: PublicCatalogService) {}

  @PublicApiRoute('listTemplates')
  listTemplates(@PublicApiInput() input: Input<'listTemplates'>): Promise<TemplatePage> {
    return this.catalog.listTemplates(input);
  }

  @PublicApiRoute('getTemplate')
  getTemplate(@PublicApiInput() { params }: Input<'getTemplate'>): Promise<PublicTemplate> {
    return this.catalog.template(params.id);
  }

  @PublicApiRoute('listServices')
  listServices(@PublicApiInput() input: Input<'listServices'>): Promise<ServicePage> {
    return this.catalog.listServices(input);
  }

  @PublicApiRoute('getService')
  getService(@PublicApiInput() { params }: Input<'getService'>): Promise<PublicService> {
    return this.catalog.service(params.id);
  }
}
