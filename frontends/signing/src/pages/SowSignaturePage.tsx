import { useParams } from 'react-router';
import { LinkSignaturePage } from '../link-signing/LinkSigningPage';

/** /sow-signature/:customId — the community partner signs a Scope-of-Work (spec 3 §2, §4). */
export function SowSignaturePage() {
  const { customId = '' } = useParams();
  return <LinkSignaturePage family="sow" customId={customId} />;
}
