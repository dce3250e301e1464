import { Dialog } from '@prosign/ui';
import '../signing.css';
import { SIGNING_TEXTS } from './signing-texts';

export interface ConsentDisclosureModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The "Electronic Signature Consent and Disclosure" (spec 1 §2.4), written
 * after the US ESIGN Act's consumer-disclosure points: paper copies, the right
 * to withdraw consent and what follows, system requirements, keeping contact
 * details current, and what the consent covers.
 */
export function ConsentDisclosureModal({ open, onClose }: ConsentDisclosureModalProps) {
  const T = SIGNING_TEXTS.consent;
  return (
    <Dialog
      open={open}
      title={T.title}
      onClose={onClose}
      describeBody={false}
      size="wide"
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          {T.close}
        </button>
      }
    >
      <ConsentDisclosureText />
    </Dialog>
  );
}

export function ConsentDisclosureText() {
  return (
    <div className="sg-consent-text">
      <p>
        Please read this disclosure carefully before you sign. It explains your rights when you
        receive, review and sign documents electronically. The company that sent you this agreement
        (&ldquo;the Company&rdquo;) uses an electronic signature service to send agreements and
        collect signatures.
      </p>

      <h3>Your consent to use electronic records and signatures</h3>
      <p>
        By signing electronically, you agree that your electronic signature and initials have the
        same legal effect as a handwritten signature on paper, and that the Company may provide this
        agreement, and the notices and disclosures that go with it, to you in electronic form
        instead of on paper.
      </p>

      <h3>What this consent covers</h3>
      <p>
        Your consent applies to this agreement and to the documents that accompany it: the
        completed, signed copy, its audit trail, and any notices about this agreement that the
        Company sends you. It does not oblige you to sign other documents electronically in the
        future.
      </p>

      <h3>Your right to a paper copy</h3>
      <p>
        You may ask for a paper copy of this agreement or of any document we have provided to you
        electronically, at any time, free of charge. To request one, contact the Company through the
        person who sent you this agreement, by replying to the email that contained your signing
        link, and tell us your postal address and which document you need. Once signed, you will
        also receive the signed copy by email, which you can print or save.
      </p>

      <h3>Withdrawing your consent</h3>
      <p>
        You may withdraw your consent to receive documents electronically at any time before you
        finish signing, by not completing the signature and telling the Company, by replying to the
        email that contained your signing link, that you wish to withdraw. There is no fee for
        withdrawing. If you withdraw, the Company will arrange another way to complete the
        agreement, usually on paper, which may take longer. Withdrawing does not affect the validity
        of any document you signed electronically before you withdrew.
      </p>

      <h3>System requirements</h3>
      <p>To access, sign and keep these documents you need:</p>
      <ul>
        <li>
          a current version of a common web browser (Chrome, Edge, Firefox or Safari) with
          JavaScript enabled, on a computer, tablet or phone;
        </li>
        <li>an internet connection and an email account that can receive our messages;</li>
        <li>software that opens PDF files, to view, print or save the signed copy;</li>
        <li>a printer or storage space if you wish to keep a copy outside your email.</li>
      </ul>
      <p>
        If these requirements change in a way that could affect your ability to access or keep your
        documents, the Company will tell you and you may withdraw your consent without charge.
      </p>

      <h3>Keeping your contact details up to date</h3>
      <p>
        We send documents and notices to the email address this agreement was sent to. If your email
        address or other contact details change, please tell the Company by replying to the email
        that contained your signing link, so that you keep receiving important information about
        your agreement.
      </p>

      <h3>Your acknowledgement</h3>
      <p>
        By selecting &ldquo;Sign &amp; Add Initials&rdquo; and &ldquo;Agree and Finish&rdquo;, you
        confirm that you have read this disclosure, that you can access and keep electronic
        documents as described above, and that you consent to sign this agreement electronically.
      </p>
    </div>
  );
}
