export { ApiError, isApiError, type ApiErrorBody } from './client/ApiError';
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type ApiMethodOptions,
  type ApiRequestOptions,
  type QueryValue,
} from './client/createApiClient';
export {
  CAPTCHA_ADAPTERS,
  DEFAULT_REVIEWS_URL,
  LOCAL_CAPTCHA_CONFIG,
  LOCAL_MAPS_CONFIG,
  MAPS_ADAPTERS,
  REMOTE_KEYS,
  RUNTIME_CONFIG_PATH,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type CaptchaAdapter,
  type CaptchaRuntimeConfig,
  type MapsAdapter,
  type MapsRuntimeConfig,
  type RemoteKey,
  type RuntimeConfig,
} from './config/runtime-config';
export {
  RuntimeConfigProvider,
  useApiClient,
  useApiUrl,
  useRuntimeConfig,
  type RuntimeConfigProviderProps,
} from './config/RuntimeConfigProvider';
export { QUERY_CLIENT_DEFAULTS, createQueryClient } from './query/query-client';
export { shouldRetry } from './query/retry-rule';
export { healthQueryKey, useHealth } from './hooks/useHealth';
export { ApiProvider, type ApiProviderProps } from './ApiProvider';
export {
  formDefinitionQueryKey,
  latestTermsQueryKey,
  servicesApi,
  servicesQueryKey,
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
export { standardAgreementEndpoints, type StandardActionResults } from './contracts/dashboard-api';
export {
  listQueryParams,
  type AgreementActionResults,
  type AgreementEndpoints,
  type AgreementListQuery,
  type ServerAction,
} from './agreements/agreement-endpoints';
export {
  AGREEMENT_ENDPOINTS,
  agreementEndpoints,
  type AgreementFamilyApi,
  type FamilyCard,
  type FamilyResults,
  type ListedFamily,
} from './agreements/agreement-families';
export {
  agreementKeys,
  invalidateAgreements,
  useAgreement,
  useAgreementAction,
  useRetryMail,
  useAgreementList,
} from './agreements/agreement-hooks';
export { changeSigner, useChangeSigner } from './agreements/change-signer';
export { reopenEmailCode, useReopenEmailCode } from './agreements/reopen-email-code';
export { useAgreementLive } from './agreements/agreement-live';
export { idActionEndpoints, type IdFamilyActionResults } from './agreements/id-action-endpoints';
export { sowAgreementEndpoints, type SowActionResults, type SowForEditing } from './sow/dashboard';
export { coAgreementEndpoints, type CoActionResults, type CoForEditing } from './co/co-dashboard';
export { staffSessionQueryKey, useActionViewer, useStaffSessionInfo } from './staff/staff-session';
export {
  STAFF_SOCKET_PATH,
  useStaffRealtime,
  type StaffRealtimeHandlers,
  type StaffSocket,
} from './realtime/useStaffRealtime';
export * from './sow/sow-api';
export * from './co/co-api';
export {
  invoiceKeys,
  invoicesApi,
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
  stuckOperationsKeys,
  useLowerSealLevel,
  useStuckOperations,
} from './health/stuck-operations-api';
