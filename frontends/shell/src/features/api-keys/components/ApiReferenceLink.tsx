import { useApiUrl } from '@prosign/api-client';
import { API_REFERENCE_PATH } from '@prosign/domain';
import { API_KEY_TEXTS as T } from '../utils/api-key-texts';

/** The public api's reference page, served by the api: opened in a new tab, and saying so. */
export function ApiReferenceLink() {
  const apiUrl = useApiUrl().replace(/\/+$/, '');
  return (
    <a
      className="ps-button"
      href={`${apiUrl}${API_REFERENCE_PATH}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {T.reference}
      <span aria-hidden="true"> ↗</span>
      <span className="ps-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
