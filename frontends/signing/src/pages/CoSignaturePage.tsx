import { LinkSignaturePage } from '../link-signing/LinkSigningPage';

/**
 * /co-signature/:customId — the client signatory signs a change order (spec 3
 * §2 "CO signing page"): the SOW page's pattern against `/api/co/…`.
 */
export function CoSignaturePage() {
  return <LinkSignaturePage family="co" />;
}
