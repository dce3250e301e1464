import {
  dashboardPath,
  type AgreementDeleted,
  type AgreementResent,
  type AgreementStatusChanged,
  type AgreementTokenRequest,
  type AgreementVoided,
  type ContractCardView,
  type ContractForEditing,
  type ContractListResponse,
  type MarkAsSignedRequest,
  type ReminderSent,
} from '@prosign/domain';
import { listQueryParams, type AgreementEndpoints } from '../agreements/agreement-endpoints';

/** What the standard contract's lifecycle calls answer. */
export interface StandardActionResults {
  sendReminder: ReminderSent;
  cancel: AgreementStatusChanged;
  void: AgreementVoided;
  markAsSigned: AgreementStatusChanged;
  delete: AgreementDeleted;
  resend: AgreementResent;
  editAndResend: ContractForEditing;
}

const byToken = (card: Pick<ContractCardView, 'token'>): AgreementTokenRequest => ({
  token: card.token,
});

const path = (call: Parameters<typeof dashboardPath>[1]) => dashboardPath('standard', call);

/**
 * The standard contract's dashboard calls (spec 2 §7), on the routes libs/domain
 * names for it: the list is `GET /api/user/details`, every action names the
 * contract by its link token.
 */
export const standardAgreementEndpoints: AgreementEndpoints<
  ContractCardView,
  StandardActionResults
> = {
  list: async (client, query, signal) => {
    const page = await client.get<ContractListResponse>(path('list'), {
      query: listQueryParams(query),
      signal,
    });
    return {
      rows: page.filteredClients,
      totalPages: page.totalPages,
      total: page.total,
      page: page.page,
      limit: page.limit,
    };
  },
  one: (client, card, signal) =>
    client.get<ContractCardView>(path('card').replace(':token', encodeURIComponent(card.token)), {
      signal,
    }),
  actions: {
    sendReminder: (client, card) => client.post(path('sendReminder'), byToken(card)),
    cancel: (client, card) => client.post(path('cancel'), byToken(card)),
    void: (client, card) => client.post(path('void'), byToken(card)),
    markAsSigned: (client, card) =>
      client.put(path('markAsSigned'), {
        ...byToken(card),
        status: 'signed_manually',
      } satisfies MarkAsSignedRequest),
    delete: (client, card) => client.delete(path('delete'), byToken(card)),
    resend: (client, card) => client.put(path('resend'), byToken(card)),
    editAndResend: (client, card) => client.put(path('editAndResend'), byToken(card)),
  },
};
