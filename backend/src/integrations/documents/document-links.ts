import { buildDocLink, type DocLinkMode } from '@prosign/domain';
import type { AppConfig } from '../../platform/config/app-config';

/** Where the api serves documents: `${PUBLIC_API_URL}/api/documents`, so links read `…/api/documents/d/{id}/view`. */
function localDocumentsBaseUrl(config: AppConfig): string {
  return `${config.PUBLIC_API_URL.replace(/\/+$/, '')}/api/documents`;
}

export function localDocLink(config: AppConfig, docId: string, mode: DocLinkMode): string {
  return buildDocLink(localDocumentsBaseUrl(config), docId, mode);
}

/** The reading view of a local agreement (JSON, `AgreementReading`), beside its PDF modes. */
export function localReadingLink(config: AppConfig, docId: string): string {
  return `${localDocumentsBaseUrl(config)}/d/${docId}/reading`;
}
