import { BadRequestException, Injectable } from '@nestjs/common';
import {
  extractCrmRecordId,
  isBlacklistedPartner,
  parseCpRoles,
  type SowMissingPropertiesResponse,
  type SowPartnersResponse,
  type SowProjectResponse,
  type SowProjectsResponse,
  type SowUpdateCrmRequest,
  type SowUpdateCrmResponse,
} from '@prosign/domain';
import { CrmFlows } from '../../crm';

/** Project properties a SOW reads: without them the document has gaps. */
const PROJECT_NEEDS = ['address', 'project_type'] as const;
/** Partner properties a SOW reads. */
const PARTNER_NEEDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'project_role__sales_rep',
] as const;

/** The CRM calls of the SOW screen (spec 3 §7), on whichever CRM adapter runs. */
@Injectable()
export class SowCrmService {
  constructor(private readonly crm: CrmFlows) {}

  /** By address, or the project a typed id or pasted record URL names (spec 3 §2). */
  async projectsByAddress(text: string): Promise<SowProjectsResponse> {
    return { projects: await this.crm.findProjects(text) };
  }

  async project(recordId: string): Promise<SowProjectResponse> {
    const id = extractCrmRecordId(recordId);
    if (!id) throw new BadRequestException('Enter a project id or a CRM project URL.');
    const { project, contactDetails } = await this.crm.getProject(id);
    return { project, contactDetails, hs_object_id: project.id };
  }

  async partners(search: string): Promise<SowPartnersResponse> {
    const cps = await this.crm.searchPartners(search.trim());
    return {
      cps: cps.map((cp) => ({
        ...cp,
        blacklisted: isBlacklistedPartner(cp.properties.current_partnership_rapport),
      })),
    };
  }

  /** Creates or updates the partner (by id, else e-mail) with the SOW's roles and links it to the project. */
  async updateCrm(input: SowUpdateCrmRequest): Promise<SowUpdateCrmResponse> {
    const [firstname, ...rest] = input.contractFormData.cp_name.trim().split(/\s+/);
    const contactId = await this.crm.upsertProjectPartner(
      input.projectId,
      {
        firstname: firstname ?? '',
        lastname: rest.join(' '),
        email: input.contractFormData.cp_email.trim().toLowerCase(),
        phone: input.contractFormData.cp_phone?.trim() || undefined,
        roles: parseCpRoles(input.contractFormData.cp_roles),
      },
      input.cpId || undefined,
    );
    return { contactId };
  }

  /** What the CRM lacks for this project and partner (`project.address`, `partner.phone`, …). */
  async missingProperties(
    projectId: string,
    cpId?: string | null,
  ): Promise<SowMissingPropertiesResponse> {
    const { project } = await this.crm.getProject(projectId);
    const missing = PROJECT_NEEDS.filter((name) => !project.properties[name]?.trim()).map(
      (name) => `project.${name}`,
    );
    if (cpId) {
      const partner = await this.crm.getPartner(cpId);
      missing.push(
        ...PARTNER_NEEDS.filter((name) => !partner.properties[name]?.trim()).map(
          (name) => `partner.${name}`,
        ),
      );
    }
    return { missingProperties: missing };
  }
}
