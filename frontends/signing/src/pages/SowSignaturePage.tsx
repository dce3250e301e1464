import { LinkSignaturePage } from '../link-signing/LinkSigningPage';

/** /sow-signature/:customId — the community partner signs a Scope-of-Work (spec 3 §2, §4). */
export function SowSignaturePage() {
  return <LinkSignaturePage family="sow" />;
}
