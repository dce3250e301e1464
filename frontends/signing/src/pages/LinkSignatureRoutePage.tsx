import { linkSigningAddressOf } from '@prosign/domain';
import { ErrorPanel } from '@prosign/ui';
import { useLocation, useParams } from 'react-router';
import { LinkSignaturePage } from '../link-signing/LinkSigningPage';

/**
 * `/{segment}/:customId` of any link-signed family (spec 3 §2, §4: `/sow-signature/…`
 * for a SOW's community partner, `/co-signature/…` for a change order's client
 * signatory, and a registered family's own): the family is the one whose signing
 * segment the path starts with (`familyBySigningSegment`).
 */
export function LinkSignatureRoutePage() {
  const { pathname } = useLocation();
  const { customId = '' } = useParams();
  const address = linkSigningAddressOf(pathname);
  if (!address) {
    return (
      <ErrorPanel
        headingLevel={1}
        title="Open your signing link"
        message="This page has nothing to sign. Use the link from the e-mail you received."
      />
    );
  }
  return <LinkSignaturePage family={address.family} customId={customId} />;
}
