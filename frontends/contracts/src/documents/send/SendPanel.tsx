import { authApi, isApiError, useApiClient } from '@prosign/api-client';
import {
  fullNameOptionsFrom,
  RECIPIENT_MESSAGES,
  SIGNING_ORDERS,
  type FullNameOption,
  type PlacementRecipient,
} from '@prosign/domain';
import { StaffUserPicker } from '@prosign/ui/controls';
import {
  DEFAULT_SIGNING_ORDER,
  FormEmailCode,
  SubmitButton,
  TextField,
  useFormControl,
  useZodForm,
} from '@prosign/ui/forms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useUsersByRole } from '../../create/api/useCreationData';
import { useDealLookup } from '../../create/api/useCreationMutations';
import { DealSearch } from '../../create/components/DealSearch';
import type { PlacementIssue } from '../builder/placement-issues';
import { recipientProblems } from '../builder/recipient-problems';
import { documentSendApi, type DocumentSent } from './document-send-api';
import {
  copyAddresses,
  documentSendBody,
  expiryDaysProblem,
  titleOfFile,
  type SendChoices,
} from './send-request';

/** The family whose admin default (the e-mail code) the send proposes. */
const DOCUMENT_FAMILY = 'document';

/** The order choices as listed: the default first. */
const ORDER_CHOICES = [
  { value: 'sequential', label: 'One after the other, in the order listed' },
  { value: 'parallel', label: 'All at the same time' },
] as const;

/** A linked deal as the panel shows it. */
export interface LinkedDeal {
  id: string;
  label: string;
}

interface SendPanelProps {
  draftId: string;
  fileName: string;
  recipients: readonly PlacementRecipient[];
  /** What the builder finds wrong (placementProblems and the signers): the send waits for none. */
  builderIssues: readonly PlacementIssue[];
  /** Saves the builder's last changes: the draft's revision, null when they could not be saved. */
  flushDraft: () => Promise<number | null>;
  countersignerTitle: string;
  deal: LinkedDeal | null;
  /** A deal linked (with its contacts, the signers' quick picks) or unlinked (null). */
  onDeal: (deal: LinkedDeal | null, contacts: FullNameOption[]) => void;
  /** A send was tried: the builder shows every signer's problem. */
  onTried: () => void;
  onSent: (sent: DocumentSent, body: ReturnType<typeof documentSendBody>) => void;
  onBack: () => void;
}

type SendValues = Omit<SendChoices, 'dealId' | 'countersignerTitle'>;

/** Why a send could not go, in words: the server's every reason, else what happened. */
function refusalOf(error: unknown): string[] {
  if (isApiError(error)) return [...error.messages];
  return [error instanceof Error ? error.message : 'The document could not be sent.'];
}

/**
 * The send of the prepared document (desktop): its title, an optional HubSpot deal (its
 * contacts become quick picks for signers), the customer success manager, copies, the signing
 * order, the e-mail code and the expiry. The document is made from the saved draft, then sent;
 * every reason the server gives for refusing is listed beside the button. The builder's own
 * problems stop it first, each named.
 */
export function SendPanel(props: SendPanelProps) {
  const { recipients, builderIssues } = props;
  const client = useApiClient();
  const titleId = useId();
  const refusalId = useId();
  const csmUsers = useUsersByRole('csm');
  const [refusal, setRefusal] = useState<string[]>([]);
  const made = useRef<{ revision: number; docLink: string } | null>(null);
  const recipientsRef = useRef(recipients);
  recipientsRef.current = recipients;
  const [schema] = useState(() => sendSchema(() => recipientsRef.current));
  const form = useZodForm(schema, {
    defaultValues: {
      title: titleOfFile(props.fileName),
      csmEmail: '',
      ccEmails: '',
      expiresInDays: '',
      signingOrder: DEFAULT_SIGNING_ORDER,
      requireEmailCode: null,
    },
  });
  const csm = useFormControl({ control: form.control, name: 'csmEmail' });
  const csmChosen = useRef(false);
  // The sender manages the document unless a deal names its manager or staff choose another.
  const session = useQuery({
    queryKey: ['auth', 'session'],
    queryFn: ({ signal }) => authApi.session(client, signal),
    staleTime: 60_000,
  });
  const sender = session.data?.email ?? '';
  useEffect(() => {
    if (sender && !form.getValues('csmEmail')) form.setValue('csmEmail', sender);
  }, [sender, form]);
  const order = useWatch({ control: form.control, name: 'signingOrder' });
  const signerCount = recipients.filter((recipient) => recipient.role === 'signer').length;
  const blocked = builderIssues.length > 0;

  const send = useMutation({
    mutationFn: async (values: SendValues) => {
      const revision = await props.flushDraft();
      if (revision === null) {
        throw new Error('The builder’s last changes are not saved, so they cannot be sent yet.');
      }
      // A send refused after the document was made tries again with that document, unless
      // the draft changed since: no second document of the same draft.
      if (made.current?.revision !== revision) {
        const { docLink } = await documentSendApi.create(client, { draftId: props.draftId });
        made.current = { revision, docLink };
      }
      const { docLink } = made.current;
      const body = documentSendBody(
        recipients,
        { ...values, dealId: props.deal?.id ?? '', countersignerTitle: props.countersignerTitle },
        docLink,
      );
      return { sent: await documentSendApi.send(client, body), body };
    },
    onMutate: () => setRefusal([]),
    onSuccess: ({ sent, body }) => props.onSent(sent, body),
    onError: (error) => setRefusal(refusalOf(error)),
  });

  const submit = form.handleSubmit(
    (values) => {
      props.onTried();
      if (!blocked) send.mutate(values);
    },
    () => props.onTried(),
  );

  return (
    <section className="ps-doc-send" aria-labelledby={titleId}>
      <h3 id={titleId}>Send for signature</h3>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={refusalId}>
          <TextField control={form.control} name="title" label="Title" required />
          <DealLink
            deal={props.deal}
            onDeal={props.onDeal}
            onManager={(email) => {
              // The deal's owner is its customer success manager unless staff chose one.
              if (email && !csmChosen.current) {
                form.setValue('csmEmail', email, { shouldValidate: form.formState.isSubmitted });
              }
            }}
          />
          <StaffUserPicker
            label="Customer success manager"
            users={csmUsers.data ?? []}
            value={csm.value || null}
            onChange={(email) => {
              csmChosen.current = true;
              csm.onChange(email ?? '');
            }}
            isRequired
            errorMessage={csm.errorMessage}
          />
          <TextField
            control={form.control}
            name="ccEmails"
            label="Send copies to"
            hint="E-mail addresses, separated by commas. They get the signed document."
          />
          {signerCount > 1 ? (
            <fieldset className="ps-doc-send__order">
              <legend>Signing order</legend>
              {ORDER_CHOICES.map((choice) => (
                <label key={choice.value} className="ps-check">
                  <input
                    type="radio"
                    name="signingOrder"
                    value={choice.value}
                    checked={order === choice.value}
                    onChange={() => form.setValue('signingOrder', choice.value)}
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <FormEmailCode family={DOCUMENT_FAMILY} />
          <TextField
            control={form.control}
            name="expiresInDays"
            label="Links expire after (days)"
            inputMode="numeric"
            hint="Empty: the firm’s usual expiry."
          />
          <SendProblems id={refusalId} blocked={builderIssues} refusal={refusal} />
          <div className="ps-doc-panel__actions">
            <button type="button" className="ps-button" onClick={props.onBack}>
              Back to the fields
            </button>
            <SubmitButton pending={send.isPending} pendingLabel="Sending…" disabled={blocked}>
              Send
            </SubmitButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

interface DealLinkProps {
  deal: LinkedDeal | null;
  onDeal: SendPanelProps['onDeal'];
  /** The deal's customer success manager (its owner), once read; '' for none. */
  onManager: (email: string) => void;
}

/** The optional HubSpot deal, searched as on `/`: its contacts become the signers' quick picks. */
function DealLink({ deal, onDeal, onManager }: DealLinkProps) {
  const dealLookup = useDealLookup();
  const [dealText, setDealText] = useState(deal?.label ?? '');
  const pickDeal = (dealId: string, label: string) =>
    dealLookup.mutate(dealId, {
      onSuccess: ({ lookup, csmEmail }) => {
        onDeal({ id: lookup.deal.id, label }, fullNameOptionsFrom(lookup.clientSignatories));
        onManager(csmEmail);
      },
    });
  return (
    <div className="ps-doc-send__deal">
      <DealSearch value={dealText} onChange={setDealText} onPick={pickDeal} />
      <p className="ps-field__hint">
        Optional. With a deal, its contacts are offered as signers, and the signed document and its
        notes go to the deal.
      </p>
      {dealLookup.isPending ? <p role="status">Reading the deal…</p> : null}
      {dealLookup.isError ? (
        <p role="alert">The deal could not be read. {refusalOf(dealLookup.error).join(' ')}</p>
      ) : null}
      {deal ? (
        <p className="ps-doc-send__linked">
          Linked to {deal.label}.{' '}
          <button
            type="button"
            className="ps-button ps-button--link"
            onClick={() => {
              setDealText('');
              onDeal(null, []);
            }}
          >
            Unlink the deal
          </button>
        </p>
      ) : null}
    </div>
  );
}

interface SendProblemsProps {
  id: string;
  /** The builder's problems: while there are any, nothing is sent. */
  blocked: readonly PlacementIssue[];
  /** The server's reasons for refusing the last send. */
  refusal: readonly string[];
}

/** Why the document is not sent: the builder's problems first, else the server's reasons. */
function SendProblems({ id, blocked, refusal }: SendProblemsProps) {
  if (blocked.length > 0) {
    return (
      <div className="ps-doc-send__blocked" id={id}>
        <p>
          <strong>Not ready to send.</strong> Fix what the builder lists first:
        </p>
        <ul>
          {blocked.map((issue, index) => (
            <li key={`${index}-${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (refusal.length === 0) return null;
  return (
    <div className="ps-doc-send__refusal" role="alert" id={id}>
      <p>
        <strong>The document was not sent.</strong>
      </p>
      <ul>
        {refusal.map((message, index) => (
          <li key={`${index}-${message}`}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The panel's check: a title, a CSM, copies and expiry the send would take. */
function sendSchema(recipients: () => readonly PlacementRecipient[]) {
  return z
    .object({
      title: z.string().refine((title) => title.trim() !== '', 'Enter a title.'),
      csmEmail: z.string().refine((email) => email !== '', 'Choose the customer success manager.'),
      ccEmails: z.string(),
      expiresInDays: z.string(),
      signingOrder: z.enum(SIGNING_ORDERS),
      requireEmailCode: z.boolean().nullable(),
    })
    .superRefine(({ ccEmails, expiresInDays }, ctx) => {
      const copies = copyAddresses(ccEmails);
      const copyProblem = recipientProblems(recipients(), copies).find(
        (problem) => problem.copyIndex !== undefined,
      );
      if (copyProblem) {
        const address = copies[copyProblem.copyIndex!];
        ctx.addIssue({
          code: 'custom',
          path: ['ccEmails'],
          message:
            copyProblem.message === RECIPIENT_MESSAGES.email
              ? `${address} is not a valid e-mail address.`
              : copyProblem.message,
        });
      }
      const expiry = expiryDaysProblem(expiresInDays);
      if (expiry) ctx.addIssue({ code: 'custom', path: ['expiresInDays'], message: expiry });
    });
}
