/**
 * The adapters each port can run: its real one or the embedded local default
 * (docs/architecture.md#the-pieces). The backend's configuration validates against these lists;
 * the frontends' runtime configuration reads the maps and captcha ones.
 */
export const CRM_ADAPTERS = ['local', 'hubspot'] as const;
export const DOCUMENTS_ADAPTERS = ['local', 'google'] as const;
export const MAIL_ADAPTERS = ['local', 'smtp'] as const;
export const CAPTCHA_ADAPTERS = ['local', 'recaptcha'] as const;
export const IDENTITY_ADAPTERS = ['local', 'google'] as const;
export const MAPS_ADAPTERS = ['local', 'google'] as const;
export const FILE_SERVICE_ADAPTERS = ['local', 'http'] as const;
/** RFC 3161 time-stamps: the local TSA (chained to the local root) or TSA_URLS. */
export const TIMESTAMP_ADAPTERS = ['local', 'rfc3161'] as const;

/**
 * PAdES baseline levels a seal is made to (ETSI EN 319 142-1): B-B a CAdES signature;
 * B-T with a signature time-stamp; B-LT with the chain and revocation data in the
 * document security store; B-LTA closed by a document time-stamp.
 */
export const SEAL_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;

export type CrmAdapter = (typeof CRM_ADAPTERS)[number];
export type DocumentsAdapter = (typeof DOCUMENTS_ADAPTERS)[number];
export type MailAdapter = (typeof MAIL_ADAPTERS)[number];
export type CaptchaAdapter = (typeof CAPTCHA_ADAPTERS)[number];
export type IdentityAdapter = (typeof IDENTITY_ADAPTERS)[number];
export type MapsAdapter = (typeof MAPS_ADAPTERS)[number];
export type FileServiceAdapter = (typeof FILE_SERVICE_ADAPTERS)[number];
export type TimestampAdapter = (typeof TIMESTAMP_ADAPTERS)[number];
export type SealLevel = (typeof SEAL_LEVELS)[number];
