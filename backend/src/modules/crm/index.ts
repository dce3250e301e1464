/**
 * CRM: the queued deal-stage moves, which the agreement core and signing request, and
 * the CRM operations composed on the CRM port (`CrmFlows`, from crm-flows.module.ts);
 * the rest of this directory is internal. Other modules import only this file or its
 * *.module files (tools/eslint/module-boundaries.cjs).
 */
export { CrmStageMoves, crmWriteKeyOf } from './crm-stage-moves';
export { CrmStageMoveRepository, type CrmMoveAttachment } from './crm-stage-move.repository';
export { CRM_SIGNING_LINKS, type CrmSigningLinks } from './crm-signing-links.port';
export { CrmService } from './crm.service';
export { DealIdParam } from './dto/crm-requests.dto';
export { CrmFlows } from './crm-flows.service';
