import type { IdentityAdapter } from '../../platform/config/app-config';

/**
 * The staff identity port (docs/architecture.md#the-pieces). An adapter's only job is to
 * establish which e-mail address a person controls; whether that person may
 * use the tool (listed user) is decided by the server afterwards, the same
 * way for every adapter.
 *
 * - `google`: Google OAuth 2.0 (passport-google-oauth20), verified address only.
 * - `local`: the embedded default — the typed address is taken as is, so it
 *   is refused in production (see AppConfig).
 */
export interface VerifiedIdentity {
  email: string;
  provider: IdentityAdapter;
}
