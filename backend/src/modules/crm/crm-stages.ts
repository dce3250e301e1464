import type { AppConfig } from '../../platform/config/app-config';
import type { DealStageMilestone } from '../../integrations/crm';

type StageConfig = Pick<
  AppConfig,
  | 'CRM_CONTRACT_SENT_STAGE'
  | 'CRM_CONTRACT_SIGNED_STAGE'
  | 'CRM_CHANGE_ORDER_PIPELINE'
  | 'CRM_CHANGE_ORDER_SENT_STAGE'
  | 'CRM_CHANGE_ORDER_SIGNED_STAGE'
>;

/** A deal is a change order when it sits in the change-order pipeline. */
export function isChangeOrderPipeline(
  config: StageConfig,
  pipeline: string | null | undefined,
): boolean {
  return pipeline === config.CRM_CHANGE_ORDER_PIPELINE;
}

/** The stage id a deal moves to when its contract is sent or signed; change orders have their own pipeline. */
export function stageFor(
  config: StageConfig,
  pipeline: string | null | undefined,
  milestone: DealStageMilestone,
): string {
  if (isChangeOrderPipeline(config, pipeline)) {
    return milestone === 'sent'
      ? config.CRM_CHANGE_ORDER_SENT_STAGE
      : config.CRM_CHANGE_ORDER_SIGNED_STAGE;
  }
  return milestone === 'sent' ? config.CRM_CONTRACT_SENT_STAGE : config.CRM_CONTRACT_SIGNED_STAGE;
}
