import type { Type } from '@nestjs/common';
import type { Migration } from '../platform/migrations/migration';
import { ContractsToAgreements } from './2026-12-06-contracts-to-agreements';
import { DerivedIdsOfHashDocuments } from './2026-12-06-derived-ids-of-hash-documents';
import { ResendKeysByAgreementId } from './2026-12-06-resend-keys-by-agreement-id';
import { TokenFreeMailKeys } from './2026-12-06-token-free-mail-keys';
import { AgreementInsightsFacts } from './2026-12-07-agreement-insights';
import { InsightsAccessForAdmins } from './2026-12-07-insights-access-for-admins';
import { AgreementInsightTotals } from './2026-12-08-agreement-insight-totals';

/**
 * Every migration, in the order they apply (their ids ascend): a new one goes at the end,
 * dated after the last. One stays listed while a database it has not run on may exist.
 */
export const MIGRATIONS: Array<Type<Migration>> = [
  // First: contracts stored before the agreement core move onto it.
  ContractsToAgreements,
  DerivedIdsOfHashDocuments,
  ResendKeysByAgreementId,
  TokenFreeMailKeys,
  AgreementInsightsFacts,
  InsightsAccessForAdmins,
  AgreementInsightTotals,
];
