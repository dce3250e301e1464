import { useParams } from 'react-router';
import { LinkSignaturePage } from '../link-signing/LinkSigningPage';

/**
 * /co-signature/:customId — the client signatory signs a change order (spec 3
 * §2 "CO signing page"): the SOW page's pattern against `/api/co/…`.
 */
export function CoSignaturePage() {
  const { customId = '' } = useParams();
  return <LinkSignaturePage family="co" customId={customId} />;
}
