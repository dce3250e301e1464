/**
 * CRM: the queued deal-stage moves, which the agreement core and signing request;
 * the rest of this directory is internal. Other modules import only this file or its
 * *.module files (tools/eslint/module-boundaries.cjs).
 */
export { CrmStageMoves, type CrmStageMoveRequest } from './crm-stage-moves';
