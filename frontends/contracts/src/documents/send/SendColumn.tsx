import type { DocumentDraft, PlacementRecipient } from '@prosign/domain';
import type { ReactNode } from 'react';
import type { PlacementIssue } from '../builder/placement-issues';
import { SendPanel } from './SendPanel';
import type { SendStage } from './useSendStage';

interface SendColumnProps {
  send: SendStage;
  draft: DocumentDraft;
  recipients: readonly PlacementRecipient[];
  issues: readonly PlacementIssue[];
  flushDraft: () => Promise<number | null>;
  readOnly: boolean;
  /** The field settings, shown while fields are placed. */
  children: ReactNode;
}

/** The builder's right column: the selected field's settings and the way on to send, or the send. */
export function SendColumn({ send, draft, readOnly, children, ...props }: SendColumnProps) {
  if (send.stage === 'send' && !readOnly) {
    return (
      <SendPanel
        draftId={draft.id}
        fileName={draft.fileName}
        recipients={props.recipients}
        builderIssues={props.issues}
        flushDraft={props.flushDraft}
        countersignerTitle={send.countersignerTitle}
        deal={send.deal}
        onDeal={send.linkDeal}
        onTried={() => send.setTried(true)}
        onSent={(sent, body) => send.setSent({ sent, body })}
        onBack={() => send.setStage('fields')}
      />
    );
  }
  return (
    <>
      {children}
      {readOnly ? null : (
        <button
          type="button"
          className="ps-button ps-button--primary ps-doc-builder__to-send"
          onClick={() => send.setStage('send')}
        >
          Continue to send
        </button>
      )}
    </>
  );
}
