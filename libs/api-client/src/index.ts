export { ApiError, isApiError } from './client/ApiError';
export { createApiClient, type ApiClient } from './client/createApiClient';
export {
  DEFAULT_REVIEWS_URL,
  REMOTE_KEYS,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type MapsRuntimeConfig,
  type RemoteKey,
  type RuntimeConfig,
} from './config/runtime-config';
export {
  RuntimeConfigProvider,
  useApiClient,
  useApiUrl,
  useRuntimeConfig,
} from './config/RuntimeConfigProvider';
export { QUERY_CLIENT_DEFAULTS, createQueryClient } from './query/query-client';
export { shouldRetry } from './query/retry-rule';
export { useHealth } from './hooks/useHealth';
export { ApiProvider } from './ApiProvider';
export {
  useFormDefinition,
  useLatestTerms,
  useSaveTerms,
  useServiceMutations,
  useServices,
} from './services/services-api';
export { accessApi, authApi } from './staff/staff-api';
export {
  countersignApi,
  countersignKeys,
  useCountersignDefaultsQuery,
  useStaffEmails,
} from './signing/countersign-api';
export { contractsApi, crmApi } from './contracts/contracts-api';
export { documentDraftsApi, uploadedPdfUrl } from './documents/document-drafts-api';
export { withGatewayRetries } from './signing/gateway-retries';
export {
  createSigningApi,
  SIGNER_CALLS_RETRIED,
  verifyApi,
  verifyDocumentQueryKey,
  type SigningApi,
} from './signing/signing-api';
export * from './signing/agreement-reading';
export * from './signing/link-signing-path';
export * from './signing/link-signing';
export * from './signing/sealed-copy';
export * from './signing/sow-signing';
export * from './signing/email-code-api';
export { type AgreementListQuery } from './agreements/agreement-endpoints';
export {
  AGREEMENT_ENDPOINTS,
  agreementEndpoints,
  type FamilyCard,
  type FamilyResults,
  type ListedFamily,
} from './agreements/agreement-families';
export {
  agreementKeys,
  useAgreement,
  useAgreementAction,
  useRetryMail,
  useAgreementList,
} from './agreements/agreement-hooks';
export { useChangeSigner } from './agreements/change-signer';
export { useReopenEmailCode } from './agreements/reopen-email-code';
export { useAgreementLive } from './agreements/agreement-live';
export { useActionViewer } from './staff/staff-session';
export { useStaffRealtime } from './realtime/useStaffRealtime';
export * from './sow/sow-api';
export * from './co/co-api';
export {
  useDownloadInvoicePdf,
  useInvoiceList,
  useInvoicesLive,
  useSendInvoice,
  useUpdateInvoiceStatus,
} from './invoices/invoices-api';
export {
  crmAdminApi,
  crmAdminKeys,
  useCrmRecord,
  useCrmStageMappings,
  useSaveCrmStageRules,
} from './crm/crm-admin-api';
export {
  stuckOperationsApi,
  useLowerSealLevel,
  useStuckOperations,
} from './health/stuck-operations-api';
export {
  useInsights,
  useInsightsDigest,
  useInsightsLive,
  useRemindStalled,
  useSaveInsightsDigest,
} from './insights/insights-api';
export {
  apiKeysApi,
  useApiKeyMutations,
  useApiKeys,
  type CreateApiKeyRequest,
} from './integrations/api-keys-api';
export {
  useResendWebhookDelivery,
  useSendWebhookTestEvent,
  useWebhookDeliveries,
  useWebhookEndpointMutations,
  useWebhookEndpoints,
  useWebhookInbox,
  webhooksApi,
  type CreateWebhookEndpointRequest,
} from './integrations/webhooks-api';
