import {
  isApiError,
  useCreateCoContract,
  useSendCoContract,
  useSendCoContractCopy,
} from '@prosign/api-client';
import {
  CO_TEMPLATE_FIELD_KEYS,
  previewPlaceholders,
  revertPlaceholderPreviews,
  TOAST_DURATION_MS,
  type CoContractInput,
  type CoTemplateFieldKey,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import type { SentLink } from '@prosign/ui/agreements';
import { useEffect, useState } from 'react';
import { sendFailureText } from '../../shared/send-failure';
import type { TemplateSection } from '../../shared/TemplateSectionsEditor';
import {
  CO_NOTICES,
  clearCoDrafts,
  coPlaceholderValues,
  fieldDefaults,
  revertedTemplateFields,
} from '../utils/co-form-values';
import type { CoFormState } from './useCoFormState';

const LONG = TOAST_DURATION_MS.long;

export type CoTexts = Partial<Record<CoTemplateFieldKey, string>>;

/** A server refusal that names a template text ("template_start must keep …"). */
const TEMPLATE_REFUSAL = /^(template_\w+) /;

/** The texts a refusal names, by template field. */
function refusedTexts(error: unknown): CoTexts {
  const named: CoTexts = {};
  for (const message of isApiError(error) ? error.messages : []) {
    const key = TEMPLATE_REFUSAL.exec(message)?.[1] as CoTemplateFieldKey | undefined;
    if (key && (CO_TEMPLATE_FIELD_KEYS as readonly string[]).includes(key)) named[key] = message;
  }
  return named;
}

/** "Failed to create…", with the server's reason when it refused the input. */
export function createFailedText(error: unknown): string {
  return isApiError(error) && error.isClientError
    ? `${CO_NOTICES.createFailed}: ${error.message}`
    : CO_NOTICES.createFailed;
}

/**
 * Step 2 of the change-order screen: the template texts (placeholders previewed),
 * saved into the document, then Send (spec 3 §2, §5).
 */
export function useCoTemplateStep(state: CoFormState) {
  const { definition, form, resend } = state;
  const toast = useToast();
  const create = useCreateCoContract();
  const send = useSendCoContract();
  const sendCopy = useSendCoContractCopy();
  const [step, setStep] = useState<'form' | 'template'>('form');
  const [docLink, setDocLink] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<CoContractInput | null>(null);
  const [texts, setTexts] = useState<CoTexts>({});
  const [textErrors, setTextErrors] = useState<CoTexts>({});
  const [finalSubmitted, setFinalSubmitted] = useState(false);
  const [sent, setSent] = useState<SentLink | null>(null);

  // The definition's fields start empty (or as the resend left them); the cc list starts with the company address.
  useEffect(() => {
    const data = definition.data;
    if (!data) return;
    form.setValue('fields', fieldDefaults(data.formFields, form.getValues('fields')));
    const cc = form.getValues('cc_emails');
    if (!cc.includes(data.companyCcEmail)) {
      form.setValue('cc_emails', [data.companyCcEmail, ...cc]);
    }
    if (!resend) setTexts({});
  }, [definition.data, form, resend]);

  /** The resent change order's own text of a template field, if it had one. */
  const resendText = (key: CoTemplateFieldKey): string | undefined => {
    const own = resend?.templateFields?.[key] ?? (resend as Record<string, unknown> | null)?.[key];
    return typeof own === 'string' && own.trim() ? own : undefined;
  };

  const sections = (): TemplateSection<CoTemplateFieldKey>[] => {
    const bodies = definition.data?.templateFields;
    if (!bodies) return [];
    return CO_TEMPLATE_FIELD_KEYS.filter((key) => typeof bodies[key] === 'string').map((key) => ({
      key,
      body: bodies[key],
    }));
  };

  /** The texts as edited so far, or as the resent change order had them. */
  const currentTexts = (): CoTexts =>
    Object.keys(texts).length > 0
      ? texts
      : Object.fromEntries(
          CO_TEMPLATE_FIELD_KEYS.flatMap((key) => {
            const own = resendText(key);
            return own ? [[key, own]] : [];
          }),
        );

  const open = (input: CoContractInput, link: string) => {
    const values = coPlaceholderValues(input, input.associationLabel ?? null);
    const started: CoTexts = {};
    for (const section of sections()) {
      const kept = texts[section.key] ?? resendText(section.key) ?? section.body;
      // A text shown before (back to step 1 and Create again) is previewed with the new values.
      started[section.key] = previewPlaceholders(revertPlaceholderPreviews(kept), values);
    }
    setTexts(started);
    setTextErrors({});
    setSubmitted(input);
    setDocLink(link);
    setFinalSubmitted(false);
    setStep('template');
  };

  const edit = (key: CoTemplateFieldKey, text: string) => {
    setTexts((current) => ({ ...current, [key]: text }));
    setTextErrors((current) => ({ ...current, [key]: undefined }));
    setFinalSubmitted(false);
  };

  /** The final submit: the edited texts (previews reverted) make the document again; Send is enabled. */
  const save = () => {
    if (!submitted || !docLink) return;
    create.mutate(
      { ...submitted, templateFields: revertedTemplateFields(texts), docLink },
      {
        onSuccess: (result) => {
          setDocLink(result.docLink);
          setFinalSubmitted(true);
          toast.success(CO_NOTICES.saved, LONG);
        },
        onError: (error) => {
          setTextErrors(refusedTexts(error));
          toast.error(createFailedText(error), LONG);
        },
      },
    );
  };

  const sendContract = () => {
    if (!submitted || !docLink || !finalSubmitted) return;
    send.mutate(
      {
        ...submitted,
        templateFields: revertedTemplateFields(texts),
        docLink,
        replacesId: resend?.replacesId ?? null,
      },
      {
        onSuccess: (result) => {
          toast.success(CO_NOTICES.sent(submitted.signatory_email), LONG);
          setSent({ link: result.signaturePageLink, name: submitted.signatory_name });
          clearCoDrafts();
          // The cc list gets its copy of the sent document (send-contract-cc mails it once).
          if (submitted.cc_emails.length > 0) {
            sendCopy.mutate(docLink, {
              onError: (error) => toast.error(sendFailureText(error, CO_NOTICES.copyFailed), LONG),
            });
          }
        },
        onError: (error) => toast.error(sendFailureText(error, CO_NOTICES.sendFailed), LONG),
      },
    );
  };

  return {
    create,
    send,
    step,
    setStep,
    docLink,
    setDocLink,
    texts,
    textErrors,
    finalSubmitted,
    sent,
    sections,
    currentTexts,
    open,
    edit,
    save,
    sendContract,
  };
}

export type CoTemplateStep = ReturnType<typeof useCoTemplateStep>;
