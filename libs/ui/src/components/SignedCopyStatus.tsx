import type { SealedCopyWait } from '@prosign/api-client';
import { SIGNER_MESSAGES } from '@prosign/domain';
import { Spinner } from './Spinner';

/**
 * Where the signed copy's download link goes while the worker seals it (the signing pages and
 * the firm's countersign page). One live region for both texts, so the change to "will reach
 * your mailbox" is announced too.
 */
export function SignedCopyStatus({
  wait,
  className,
}: {
  wait: SealedCopyWait;
  className?: string;
}) {
  return (
    <p
      className={`ps-signed-copy${className ? ` ${className}` : ''}`}
      role="status"
      aria-live="polite"
    >
      {wait === 'preparing' ? <Spinner label="" size="small" /> : null}
      <span>
        {wait === 'preparing'
          ? SIGNER_MESSAGES.signedCopyPreparing
          : SIGNER_MESSAGES.signedCopyMailed}
      </span>
    </p>
  );
}
