import { formatPacificDateTime, type ApiKeyView } from '@prosign/domain';
import { badgeClass } from '../../integrations/integration-tone';
import { API_KEY_TEXTS as T, SCOPE_WORDS, STATE_TONES, STATE_WORDS } from '../utils/api-key-texts';

export interface ApiKeyItemProps {
  apiKey: ApiKeyView;
  onRotate: (apiKey: ApiKeyView) => void;
  onRevoke: (apiKey: ApiKeyView) => void;
}

/** The id of a key's title, focused after an action on the key (its buttons may be gone). */
export function apiKeyTitleId(id: string): string {
  return `api-key-${id}-title`;
}

/** One key: a card that reads the same on a phone and on a desk; never the key itself. */
export function ApiKeyItem({ apiKey, onRotate, onRevoke }: ApiKeyItemProps) {
  const titleId = apiKeyTitleId(apiKey.id);
  const usable = apiKey.state === 'active' || apiKey.state === 'rotating';
  return (
    <li className="ps-card integration-item" aria-labelledby={titleId}>
      <div className="integration-item__head integration-item__head--spread">
        <h3 id={titleId} className="integration-item__title ak-item__title" tabIndex={-1}>
          {apiKey.name}
        </h3>
        <span className={`${badgeClass(STATE_TONES[apiKey.state])} ak-badge`}>
          {STATE_WORDS[apiKey.state]}
        </span>
      </div>
      <p className="ak-item__key">
        <span className="ps-visually-hidden">Key </span>
        <code>{apiKey.masked}</code>
      </p>
      <dl className="integration-facts ak-facts">
        <div className="integration-facts__wide">
          <dt>Scopes</dt>
          <dd>
            <ul className="integration-chips">
              {apiKey.scopes.map((scope) => (
                <li key={scope} title={SCOPE_WORDS[scope]}>
                  <code>{scope}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{apiKey.ownerEmail}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {formatPacificDateTime(apiKey.createdAt) || '—'}
            <span className="integration-muted"> by {apiKey.createdBy}</span>
          </dd>
        </div>
        <div>
          <dt>{expiryTerm(apiKey)}</dt>
          <dd>{expiryText(apiKey)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>
            {apiKey.lastUsedAt ? formatPacificDateTime(apiKey.lastUsedAt) : 'Never'}
            {apiKey.lastUsedFrom ? (
              <span className="integration-muted"> from {apiKey.lastUsedFrom}</span>
            ) : null}
          </dd>
        </div>
      </dl>
      {usable ? (
        <div className="integration-item__actions ak-item__actions">
          {apiKey.state === 'active' ? (
            <button
              type="button"
              className="ps-button"
              aria-describedby={titleId}
              onClick={() => onRotate(apiKey)}
            >
              {T.rotate}
            </button>
          ) : null}
          <button
            type="button"
            className="ps-button integration-danger"
            aria-describedby={titleId}
            onClick={() => onRevoke(apiKey)}
          >
            {T.revoke}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** What the last fact is: a rotated key ends with its overlap, a revoked one when it was revoked. */
function expiryTerm(apiKey: ApiKeyView): string {
  if (apiKey.state === 'revoked') return 'Revoked';
  if (apiKey.rotatedUntil) return 'Works until';
  return apiKey.state === 'expired' ? 'Expired' : 'Expires';
}

function expiryText(apiKey: ApiKeyView): string {
  if (apiKey.state === 'revoked') return formatPacificDateTime(apiKey.revokedAt) || '—';
  const end = earliest(apiKey.rotatedUntil, apiKey.expiresAt);
  return end ? formatPacificDateTime(end) : 'Never';
}

function earliest(...instants: (string | null)[]): string | null {
  const times = instants.filter((at): at is string => Boolean(at));
  return times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}
