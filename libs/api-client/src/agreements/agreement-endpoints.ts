import type {
  AgreementAction,
  AgreementCardCore,
  AgreementFilter,
  AgreementListParams,
  AgreementPage,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/** What every family's list is asked for (spec 2 §7, §9; spec 3 §2). */
export interface AgreementListQuery {
  page: number;
  limit: number;
  search: string;
  filters: readonly AgreementFilter[];
}

/**
 * The card actions that call the server with the card alone (Copy Link only copies; Change
 * signer also names who signs instead: `changeSignerOf`, `useChangeSigner`; Re-open code step
 * names whose: `useReopenEmailCode`).
 */
export type ServerAction = Exclude<
  AgreementAction,
  'copyLink' | 'changeSigner' | 'reopenEmailCode'
>;

/** What each server action answers, per family. */
type AgreementActionResults = Record<ServerAction, unknown>;

/**
 * The calls one family's dashboard makes: its list, one agreement fresh from
 * the server, and each lifecycle action. A family is one entry of these; the
 * hooks and the shared UI parts never name a path.
 */
export interface AgreementEndpoints<
  TCard extends AgreementCardCore,
  TResults extends AgreementActionResults = AgreementActionResults,
> {
  list(
    client: ApiClient,
    query: AgreementListQuery,
    signal?: AbortSignal,
  ): Promise<AgreementPage<TCard>>;
  /** One agreement as listed, fresh (details and preview modals). */
  one(client: ApiClient, card: TCard, signal?: AbortSignal): Promise<TCard>;
  actions: {
    readonly [A in ServerAction]: (client: ApiClient, card: TCard) => Promise<TResults[A]>;
  };
}

/** The list query as the list calls take it (`filters=viewed,signed`, no empty search). */
export function listQueryParams(query: AgreementListQuery) {
  return {
    page: query.page,
    limit: query.limit,
    search: query.search || undefined,
    filters: query.filters.join(','),
  } satisfies AgreementListParams;
}
