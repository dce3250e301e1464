import type {
  AgreementDeleted,
  AgreementResent,
  AgreementStatusChanged,
  AgreementTokenRequest,
  AgreementVoided,
  ContractCardView,
  ContractForEditing,
  ContractListResponse,
  MarkAsSignedRequest,
  ReminderSent,
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

/**
 * The standard contract's dashboard calls (spec 2 §7): the list is
 * `GET /api/user/details`, every action names the contract by its link token.
 */
export const standardAgreementEndpoints: AgreementEndpoints<
  ContractCardView,
  StandardActionResults
> = {
  list: async (client, query, signal) => {
    const page = await client.get<ContractListResponse>('/api/user/details', {
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
    client.get<ContractCardView>(`/api/contracts/by-token/${encodeURIComponent(card.token)}`, {
      signal,
    }),
  actions: {
    sendReminder: (client, card) => client.post('/api/email/send-reminder', byToken(card)),
    cancel: (client, card) => client.post('/api/update/cancel-contract', byToken(card)),
    void: (client, card) => client.post('/api/template/generate-void-pdf', byToken(card)),
    markAsSigned: (client, card) =>
      client.put('/api/user/mark-as-signed', {
        ...byToken(card),
        status: 'signed_manually',
      } satisfies MarkAsSignedRequest),
    delete: (client, card) => client.delete('/api/user/mark-as-delete', byToken(card)),
    resend: (client, card) => client.put('/api/update/resend', byToken(card)),
    editAndResend: (client, card) => client.put('/api/update/edit-resend', byToken(card)),
  },
};
