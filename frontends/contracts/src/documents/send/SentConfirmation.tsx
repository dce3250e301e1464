import { allFamilies, nameFromStaffEmail, type PlacementRecipient } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { DocumentSent } from './document-send-api';
import type { DocumentSendBody } from './send-request';

interface SentConfirmationProps {
  sent: DocumentSent;
  body: DocumentSendBody;
  recipients: readonly PlacementRecipient[];
  onAnother: () => void;
}

/** The documents' list, where the sent document is followed (the family's dashboard). */
function documentsListPath(): string | null {
  return allFamilies().find((family) => family.id === 'document')?.dashboard.path ?? null;
}

const person = (name: string, email: string) => (name ? `${name} <${email}>` : email);

/**
 * After a send: who has a signing link now and who gets one later, the first link to copy,
 * and the way to the documents' list, where the document's details and actions are.
 */
export function SentConfirmation({ sent, body, recipients, onAnother }: SentConfirmationProps) {
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const others = body.additional_signers ?? [];
  const parallel = body.signing_order === 'parallel';
  const firm = recipients.find((recipient) => recipient.role === 'countersigner');
  const listPath = documentsListPath();
  const first = person(body.signer_name, body.signer_email);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(sent.signaturePageLink);
      toast.success('Signing link copied.');
    } catch {
      toast.error('The link could not be copied: select it and copy it.');
    }
  };
  return (
    <section className="ps-doc-sent" aria-labelledby="ps-doc-sent-title">
      <h2 id="ps-doc-sent-title" ref={heading} tabIndex={-1}>
        “{body.title}” was sent for signature
      </h2>
      <ul className="ps-doc-sent__who">
        <li>
          {parallel || others.length === 0
            ? `The signing link went to ${first}${others.length ? ' and to each other signer' : ''}.`
            : `The signing link went to ${first}; the next signer gets theirs when the one before has signed.`}
        </li>
        {others.map((signer, index) => (
          <li key={signer.email}>
            Signer {index + 2}: {person(signer.name, signer.email)} —{' '}
            {parallel ? 'link sent' : 'waiting for their turn'}
          </li>
        ))}
        {firm ? (
          <li>
            Countersignature: {firm.name.trim() || nameFromStaffEmail(firm.email)}, in the staff app
            once every signer has signed.
          </li>
        ) : null}
        {body.cc_emails ? <li>Copies of the signed document go to {body.cc_emails}.</li> : null}
      </ul>
      <p>
        Status:{' '}
        <strong>{sent.status === 'not-signed' ? 'Not signed yet' : (sent.status ?? 'Sent')}</strong>
      </p>
      <p className="ps-copy-link">
        First signer’s link:{' '}
        <a href={sent.signaturePageLink} target="_blank" rel="noreferrer">
          {sent.signaturePageLink}
        </a>{' '}
        <button type="button" className="ps-button" onClick={() => void copyLink()}>
          Copy link
        </button>
      </p>
      <div className="ps-doc-panel__actions">
        {listPath ? (
          <Link className="ps-button ps-button--primary" to={listPath}>
            Open the documents list
          </Link>
        ) : null}
        <button type="button" className="ps-button" onClick={onAnother}>
          Prepare another document
        </button>
      </div>
    </section>
  );
}
