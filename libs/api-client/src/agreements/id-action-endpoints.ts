import {
  dashboardPath,
  type AgreementCardCore,
  type AgreementFamily,
  type AgreementDeleted,
  type AgreementForEditing,
  type AgreementIdActionRequest,
  type AgreementResent,
  type AgreementStatusChanged,
  type AgreementVoided,
  type FamilyListResponse,
  type ReminderSent,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';
import {
  listQueryParams,
  type AgreementEndpoints,
  type AgreementListQuery,
  type ServerAction,
} from './agreement-endpoints';

/**
 * What the lifecycle calls of a family named by id answer (`POST /api/{sow|co}/{action}`):
 * the same for every such family but Edit and Resend, which answers the family's saved form.
 */
export interface IdFamilyActionResults<TForm extends object> {
  sendReminder: ReminderSent;
  cancel: AgreementStatusChanged;
  void: AgreementVoided;
  markAsSigned: AgreementStatusChanged;
  delete: AgreementDeleted;
  resend: AgreementResent;
  editAndResend: AgreementForEditing<TForm>;
}

/** The page size the fresh read of one agreement asks for: the largest the list offers. */
const ONE_LOOKUP_LIMIT = 100;

/**
 * The dashboard calls of a family whose agreements are named by id (SOW, change
 * orders, a registered family on its prefixed routes), on the routes libs/domain names for it: the list is
 * `GET /api/{prefix}/get-contracts` (`filteredContracts`), every action is
 * `POST /api/{prefix}/{action}` with `{id}`
 * (the actor is the session's, so no `performedBy`). There is no staff call for
 * one agreement, so a card is read fresh from the list searched by `searchOf(card)`
 * (its signer's e-mail); a card no longer listed stays as it was.
 */
export function idActionEndpoints<TCard extends AgreementCardCore, TForm extends object>(
  family: AgreementFamily,
  searchOf: (card: TCard) => string,
): AgreementEndpoints<TCard, IdFamilyActionResults<TForm>> {
  const list = (client: ApiClient, query: AgreementListQuery, signal?: AbortSignal) =>
    client.get<FamilyListResponse<TCard>>(dashboardPath(family, 'list'), {
      query: listQueryParams(query),
      signal,
    });
  const byId = (card: TCard): AgreementIdActionRequest => ({ id: card._id });
  const action =
    <A extends ServerAction>(name: A) =>
    (client: ApiClient, card: TCard) =>
      client.post<IdFamilyActionResults<TForm>[A]>(dashboardPath(family, name), byId(card));

  return {
    list: async (client, query, signal) => {
      const page = await list(client, query, signal);
      return {
        rows: page.filteredContracts,
        totalPages: page.totalPages,
        total: page.total,
        page: page.page,
        limit: page.limit,
      };
    },
    one: async (client, card, signal) => {
      const page = await list(
        client,
        { page: 1, limit: ONE_LOOKUP_LIMIT, search: searchOf(card), filters: ['all'] },
        signal,
      );
      return page.filteredContracts.find((row) => row._id === card._id) ?? card;
    },
    actions: {
      sendReminder: action('sendReminder'),
      cancel: action('cancel'),
      void: action('void'),
      markAsSigned: action('markAsSigned'),
      delete: action('delete'),
      resend: action('resend'),
      editAndResend: action('editAndResend'),
    },
  };
}
