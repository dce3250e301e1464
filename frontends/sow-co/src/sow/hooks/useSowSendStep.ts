import {
  isApiError,
  useCreateSowContract,
  useDownloadSowDocument,
  useSendSowContract,
} from '@prosign/api-client';
import {
  previewPlaceholders,
  SOW_SECTION_KEYS,
  TOAST_DURATION_MS,
  type SowSectionKey,
  type SowTemplateSections,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import type { SentLink } from '@prosign/ui/agreements';
import { applyServerErrors } from '@prosign/ui/forms';
import { useState } from 'react';
import { sendFailureText } from '../../shared/send-failure';
import { SOW_MESSAGES } from '../sow-messages';
import {
  placeholderValues,
  serverFieldMatchers,
  type SowRequestInput,
} from '../utils/sow-form-values';
import { clearSowDrafts } from '../utils/sow-storage';
import type { SowFormState } from './useSowFormState';

const LONG = TOAST_DURATION_MS.long;

export type SowStep = 'form' | 'sections' | 'preview';
type SectionErrors = Partial<Record<SowSectionKey, string>>;

export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

const SECTION_REFUSAL = /^The (template_\w+) section must keep/;

function refusedSections(error: unknown): SectionErrors {
  const named: SectionErrors = {};
  for (const message of isApiError(error) ? error.messages : []) {
    const key = SECTION_REFUSAL.exec(message)?.[1] as SowSectionKey | undefined;
    if (key && (SOW_SECTION_KEYS as readonly string[]).includes(key)) named[key] = message;
  }
  return named;
}

/** Saves a downloaded document under `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}

/**
 * Steps 2 and 3 of /sow (spec 3 §2, §4): the template sections (placeholders
 * previewed) saved into the document, the preview, Send and Download.
 */
export function useSowSendStep(state: SowFormState) {
  const { form } = state;
  const toast = useToast();
  const create = useCreateSowContract();
  const send = useSendSowContract();
  const download = useDownloadSowDocument();
  const [step, setStep] = useState<SowStep>('form');
  const [docLink, setDocLink] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<SowRequestInput | null>(null);
  const [sections, setSections] = useState<SowTemplateSections>({});
  const [sectionErrors, setSectionErrors] = useState<SectionErrors>({});
  const [saved, setSaved] = useState(false);
  const [sent, setSent] = useState<SentLink | null>(null);

  const openSections = (input: SowRequestInput, link: string) => {
    const values = placeholderValues(form.getValues());
    const edited: SowTemplateSections = {};
    for (const section of state.fields.data?.sections ?? []) {
      edited[section.key] = previewPlaceholders(section.body, values);
    }
    setSections(edited);
    setSectionErrors({});
    setSubmitted(input);
    setDocLink(link);
    setSaved(false);
    setStep('sections');
  };

  /** A refusal: a 409's reason, or the fields it names back on the form. */
  const refused = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.statusCode === 409) {
      toast.error(error.message, LONG);
      return;
    }
    const matchers = serverFieldMatchers(form.getValues('cp_roles'));
    if (applyServerErrors(form.setError, error, matchers)) setStep('form');
    toast.error(fallback, LONG);
  };

  const editSection = (key: SowSectionKey, text: string) => {
    setSections((current) => ({ ...current, [key]: text }));
    setSectionErrors((current) => ({ ...current, [key]: undefined }));
    setSaved(false);
  };

  const saveSections = () => {
    if (!submitted || !docLink) return;
    create.mutate(
      { ...submitted, sections, docLink },
      {
        onSuccess: (result) => {
          setDocLink(result.docLink);
          setSaved(true);
          setStep('preview');
          toast.success(SOW_MESSAGES.saved, LONG);
        },
        onError: (error) => {
          const named = refusedSections(error);
          setSectionErrors(named);
          if (Object.keys(named).length === 0) return refused(error, SOW_MESSAGES.createFailed);
          toast.error(SOW_MESSAGES.createFailed, LONG);
        },
      },
    );
  };

  /** Going back from the template step clears the document link (spec 3 §2). */
  const backToForm = () => {
    setDocLink(null);
    setSaved(false);
    setStep('form');
  };

  const sendContract = () => {
    if (!submitted || !docLink || !saved) return;
    send.mutate(
      { ...submitted, sections, docLink, replacesId: state.resend?.replacesId ?? null },
      {
        onSuccess: (result) => {
          toast.success(SOW_MESSAGES.sent(submitted.cp_email), LONG);
          setSent({ link: result.signaturePageLink, name: submitted.cp_name });
          clearSowDrafts();
        },
        onError: (error) => toast.error(sendFailureText(error, SOW_MESSAGES.sendFailed), LONG),
      },
    );
  };

  const downloadDocument = () => {
    if (!docLink) return;
    download.mutate(docLink, {
      onSuccess: (blob) => {
        saveBlob(blob, `SOW - ${submitted?.project_address ?? 'contract'}.pdf`);
        toast.success(SOW_MESSAGES.downloaded, LONG);
      },
      onError: (error) => toast.error(messageOf(error), LONG),
    });
  };

  const startOver = () => {
    setSent(null);
    setStep('form');
    setDocLink(null);
    setSubmitted(null);
    setSaved(false);
    state.reset();
  };

  return {
    create,
    send,
    download,
    step,
    setStep,
    docLink,
    sections,
    sectionErrors,
    saved,
    sent,
    openSections,
    refused,
    editSection,
    saveSections,
    backToForm,
    sendContract,
    downloadDocument,
    startOver,
  };
}

export type SowSendStep = ReturnType<typeof useSowSendStep>;
