import type {
  AgreementDeleted,
  AgreementForEditing,
  AgreementResent,
  AgreementStatusChanged,
  AgreementVoided,
  ReminderSent,
  SowActionRequest,
  SowCardView,
  SowListResponse,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';
import {
  listQueryParams,
  type AgreementEndpoints,
  type AgreementListQuery,
} from '../agreements/agreement-endpoints';

/**
 * Edit and Resend of a SOW: the SOW's saved form (`_id`, partner, roles, fees,
 * project, timeline…), which the creation screen (/sow) is prefilled from.
 */
export type SowForEditing = AgreementForEditing<Record<string, unknown>>;

/** What the SOW dashboard's lifecycle calls answer (backend/src/modules/sow/sow-lifecycle.controller.ts). */
export interface SowActionResults {
  sendReminder: ReminderSent;
  cancel: AgreementStatusChanged;
  void: AgreementVoided;
  markAsSigned: AgreementStatusChanged;
  delete: AgreementDeleted;
  resend: AgreementResent;
  editAndResend: SowForEditing;
}

/** The page size the fresh read of one SOW asks for: the largest the list offers. */
const ONE_LOOKUP_LIMIT = 100;

/** Every action names the SOW by its `_id`; the actor is the session's, so no `performedBy`. */
const byId = (card: Pick<SowCardView, '_id'>): SowActionRequest => ({ id: card._id });

const sowPath = (action: string) => `/api/sow/${action}`;

async function listSows(
  client: ApiClient,
  query: AgreementListQuery,
  signal?: AbortSignal,
): Promise<SowListResponse> {
  return client.get<SowListResponse>(sowPath('get-contracts'), {
    query: listQueryParams(query),
    signal,
  });
}

/**
 * The SOW dashboard's calls (spec 3 §7): the list is `GET /api/sow/get-contracts`
 * (`filteredContracts`), every action is `POST /api/sow/{action}` with `{id}`.
 * There is no staff call for one SOW, so a card is read fresh from the list,
 * searched by its partner's e-mail; a card no longer listed stays as it was.
 */
export const sowAgreementEndpoints: AgreementEndpoints<SowCardView, SowActionResults> = {
  list: async (client, query, signal) => {
    const page = await listSows(client, query, signal);
    return {
      rows: page.filteredContracts,
      totalPages: page.totalPages,
      total: page.total,
      page: page.page,
      limit: page.limit,
    };
  },
  one: async (client, card, signal) => {
    const page = await listSows(
      client,
      {
        page: 1,
        limit: ONE_LOOKUP_LIMIT,
        search: card.cp_email || card.summary.recipientEmail,
        filters: ['all'],
      },
      signal,
    );
    return page.filteredContracts.find((row) => row._id === card._id) ?? card;
  },
  actions: {
    sendReminder: (client, card) => client.post(sowPath('send-reminder'), byId(card)),
    cancel: (client, card) => client.post(sowPath('cancel-contract'), byId(card)),
    void: (client, card) => client.post(sowPath('void-contract'), byId(card)),
    markAsSigned: (client, card) => client.post(sowPath('manual-signed'), byId(card)),
    delete: (client, card) => client.post(sowPath('delete-contract'), byId(card)),
    resend: (client, card) => client.post(sowPath('update-resend'), byId(card)),
    editAndResend: (client, card) => client.post(sowPath('update-edit-resend'), byId(card)),
  },
};
