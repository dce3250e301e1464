import type {
  AgreementCardCore,
  AgreementFamily,
  CoCardView,
  ContractCardView,
  SowCardView,
} from '@prosign/domain';
import { standardAgreementEndpoints, type StandardActionResults } from '../contracts/dashboard-api';
import { coAgreementEndpoints, type CoActionResults } from '../co/co-dashboard';
import { sowAgreementEndpoints, type SowActionResults } from '../sow/dashboard';
import type { AgreementActionResults, AgreementEndpoints } from './agreement-endpoints';

/**
 * The families whose dashboards the API serves, with their card and action
 * answers: standard contracts (`/api/user/...`), SOW contracts (`/api/sow/...`)
 * and change orders (`/api/co/...`, under Show CO).
 */
interface AgreementFamilyApi {
  standard: { card: ContractCardView; results: StandardActionResults };
  sow: { card: SowCardView; results: SowActionResults };
  co: { card: CoCardView; results: CoActionResults };
}

export type ListedFamily = keyof AgreementFamilyApi & AgreementFamily;
export type FamilyCard<F extends ListedFamily> = AgreementFamilyApi[F]['card'];
export type FamilyResults<F extends ListedFamily> = AgreementFamilyApi[F]['results'];

export const AGREEMENT_ENDPOINTS: {
  readonly [F in ListedFamily]: AgreementEndpoints<FamilyCard<F>, FamilyResults<F>>;
} = {
  standard: standardAgreementEndpoints,
  sow: sowAgreementEndpoints,
  co: coAgreementEndpoints,
};

/** A family's calls, for code that only knows the family at run time; null when not served yet. */
export function agreementEndpoints(
  family: AgreementFamily,
): AgreementEndpoints<AgreementCardCore, AgreementActionResults> | null {
  const endpoints = (AGREEMENT_ENDPOINTS as Partial<Record<AgreementFamily, unknown>>)[family];
  // Each entry takes its own family's cards; callers pass cards of that family.
  return (endpoints as AgreementEndpoints<AgreementCardCore, AgreementActionResults>) ?? null;
}
