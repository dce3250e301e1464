import { CRM_ADAPTERS, type CrmAdapter } from '@prosign/domain';
import { Expose } from 'class-transformer';
import { IsIn, IsNotEmpty, IsUrl, Matches, ValidateIf } from 'class-validator';
import { ProcessConfig } from './process-config';
import {
  CRM_IDENTIFIER,
  IntegerBetween,
  crmIdentifier,
  httpUrl,
  oneOf,
  requiredWhen,
} from '../config-validation';

/** The CRM: its adapter, HubSpot access, and the deal properties and stages ProSign writes. */
export class CrmConfig extends ProcessConfig {
  @Expose()
  @IsIn(CRM_ADAPTERS, oneOf('CRM_ADAPTER', CRM_ADAPTERS))
  readonly CRM_ADAPTER: CrmAdapter = 'local';

  @Expose()
  @ValidateIf((env: CrmConfig) => env.CRM_ADAPTER === 'hubspot')
  @IsNotEmpty(requiredWhen('HUBSPOT_ACCESS_TOKEN', 'CRM_ADAPTER=hubspot'))
  readonly HUBSPOT_ACCESS_TOKEN?: string;

  /** HubSpot's API root; only changed to reach a proxy or a test stand-in. */
  @Expose()
  @IsUrl(httpUrl, { message: 'HUBSPOT_BASE_URL must be an http(s) URL' })
  readonly HUBSPOT_BASE_URL: string = 'https://api.hubapi.com';

  /**
   * HubSpot's request limit for the private app per 10 s (190 on Professional and Enterprise,
   * 100 on Free and Starter), shared through Redis by every api and worker replica.
   */
  @Expose()
  @IntegerBetween(1, 1000)
  readonly HUBSPOT_REQUESTS_PER_10S: number = 190;

  /**
   * How long HubSpot's search may still miss a note or file just created (its index lags the
   * writes by a few seconds): a CRM write whose last try may have created one waits this long
   * after that try before looking it up and creating it again.
   */
  @Expose()
  @IntegerBetween(0, 300_000)
  readonly HUBSPOT_SEARCH_LAG_MS: number = 10_000;

  /** The custom object type of projects in the HubSpot account, e.g. `2-12345678` or `p_projects`. */
  @Expose()
  @ValidateIf((env: CrmConfig) => env.CRM_ADAPTER === 'hubspot')
  @IsNotEmpty(requiredWhen('HUBSPOT_PROJECT_OBJECT_TYPE', 'CRM_ADAPTER=hubspot'))
  @Matches(CRM_IDENTIFIER, crmIdentifier('HUBSPOT_PROJECT_OBJECT_TYPE'))
  readonly HUBSPOT_PROJECT_OBJECT_TYPE?: string;

  /** Deal property holding the site address (searched by "deal by address"). */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_DEAL_ADDRESS_PROPERTY'))
  readonly CRM_DEAL_ADDRESS_PROPERTY: string = 'address';

  /** Deal property that receives the contract link when the deal moves to "sent" / "signed". */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_LINK_PROPERTY'))
  readonly CRM_CONTRACT_LINK_PROPERTY: string = 'contract_link';

  /**
   * Deal properties ProSign keeps current on every CRM write: the agreement's
   * status (sent, viewed, signed, declined, voided, expired, cancelled) and the signing date
   * (YYYY-MM-DD). In HubSpot they must exist on deals; `none` writes no such property.
   */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_STATUS_PROPERTY'))
  readonly CRM_CONTRACT_STATUS_PROPERTY: string = 'prosign_contract_status';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_SIGNED_DATE_PROPERTY'))
  readonly CRM_SIGNED_DATE_PROPERTY: string = 'prosign_signed_date';

  /** Tries per queued deal move (on send and on signature) before it is marked failed. */
  @Expose()
  @IntegerBetween(1, 30)
  readonly CRM_MOVE_ATTEMPTS: number = 10;

  /** First retry delay of a failed deal move; doubles on each further try. */
  @Expose()
  @IntegerBetween(10, 600000)
  readonly CRM_RETRY_DELAY_MS: number = 5000;

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_SENT_STAGE'))
  readonly CRM_CONTRACT_SENT_STAGE: string = 'contractsent';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_SIGNED_STAGE'))
  readonly CRM_CONTRACT_SIGNED_STAGE: string = 'closedwon';

  /** Deals in this pipeline are change orders: looking one up redirects to /co. */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_PIPELINE'))
  readonly CRM_CHANGE_ORDER_PIPELINE: string = 'change_orders';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_SENT_STAGE'))
  readonly CRM_CHANGE_ORDER_SENT_STAGE: string = 'co_sent';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_SIGNED_STAGE'))
  readonly CRM_CHANGE_ORDER_SIGNED_STAGE: string = 'co_signed';
}
