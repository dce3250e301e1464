import {
  dashboardRoutesOf,
  familyDefinition,
  isAgreementFamily,
  type AgreementCardCore,
  type AgreementFamily,
  type CoCardView,
  type ContractCardView,
  type FamilyDefinition,
  type SowCardView,
} from '@prosign/domain';
import { standardAgreementEndpoints, type StandardActionResults } from '../contracts/dashboard-api';
import { coAgreementEndpoints, type CoActionResults } from '../co/co-dashboard';
import { sowAgreementEndpoints, type SowActionResults } from '../sow/dashboard';
import type { AgreementEndpoints } from './agreement-endpoints';
import { idActionEndpoints, type IdFamilyActionResults } from './id-action-endpoints';

/**
 * The built-in families whose dashboards the API serves, with their card and
 * action answers: standard contracts (`/api/user/...`), SOW contracts
 * (`/api/sow/...`) and change orders (`/api/co/...`, under Show CO).
 */
interface BuiltInFamilyApi {
  standard: { card: ContractCardView; results: StandardActionResults };
  sow: { card: SowCardView; results: SowActionResults };
  co: { card: CoCardView; results: CoActionResults };
}

/** What a registered family's lifecycle calls answer: its saved form is the server's own. */
type RegisteredFamilyResults = IdFamilyActionResults<Record<string, unknown>>;

/** A family with a dashboard list: a built-in one, or one registered at start. */
export type ListedFamily = AgreementFamily;
/** A family's card: its own view for a built-in family, the shared core for a registered one. */
export type FamilyCard<F extends ListedFamily> = F extends keyof BuiltInFamilyApi
  ? BuiltInFamilyApi[F]['card']
  : AgreementCardCore;
export type FamilyResults<F extends ListedFamily> = F extends keyof BuiltInFamilyApi
  ? BuiltInFamilyApi[F]['results']
  : RegisteredFamilyResults;

/**
 * The calls of the built-in families with cards of their own; the document family's are the
 * generic ones of its routes (`registeredEndpoints`).
 */
export const AGREEMENT_ENDPOINTS: {
  readonly [F in keyof BuiltInFamilyApi]: AgreementEndpoints<FamilyCard<F>, FamilyResults<F>>;
} = {
  standard: standardAgreementEndpoints,
  sow: sowAgreementEndpoints,
  co: coAgreementEndpoints,
};

/** A registered family's calls, made once per definition (a family registered again is new). */
const REGISTERED_ENDPOINTS = new WeakMap<
  FamilyDefinition,
  AgreementEndpoints<AgreementCardCore, RegisteredFamilyResults>
>();

/**
 * The calls of a family registered at start, built from its dashboard routes
 * (`dashboardRoutesOf`: `/api/{apiPrefix}/get-contracts`, `…/send-reminder`, …);
 * null when its routes name agreements otherwise than by id (a table of its own,
 * which needs endpoints of its own).
 */
function registeredEndpoints(
  definition: FamilyDefinition,
): AgreementEndpoints<AgreementCardCore, RegisteredFamilyResults> | null {
  const routes = dashboardRoutesOf(definition.id);
  if (routes.namedBy !== 'id' || routes.listKey !== 'filteredContracts') return null;
  let endpoints = REGISTERED_ENDPOINTS.get(definition);
  if (!endpoints) {
    endpoints = idActionEndpoints<AgreementCardCore, Record<string, unknown>>(
      definition.id,
      (card) => card.summary.recipientEmail,
    );
    REGISTERED_ENDPOINTS.set(definition, endpoints);
  }
  return endpoints;
}

/**
 * A family's calls, for code that only knows the family at run time: a built-in
 * family's own, a registered family's from its routes; null for an id no family
 * has, or a family whose routes have no generic calls.
 */
export function agreementEndpoints<F extends ListedFamily>(
  family: F,
): AgreementEndpoints<FamilyCard<F>, FamilyResults<F>> | null {
  if (!isAgreementFamily(family)) return null;
  const endpoints =
    (AGREEMENT_ENDPOINTS as Partial<Record<AgreementFamily, unknown>>)[family] ??
    registeredEndpoints(familyDefinition(family));
  // Each entry takes its own family's cards; callers pass cards of that family.
  return (endpoints as AgreementEndpoints<FamilyCard<F>, FamilyResults<F>> | null) ?? null;
}

/** A family's calls; throws (the list shows its error) when it has none. */
export function requireAgreementEndpoints<F extends ListedFamily>(
  family: F,
): AgreementEndpoints<FamilyCard<F>, FamilyResults<F>> {
  const endpoints = agreementEndpoints(family);
  if (!endpoints) throw new Error(`the ${family} family has no dashboard calls`);
  return endpoints;
}
