import { createEmailCodeApi, isApiError, useApiClient } from '@prosign/api-client';
import {
  EMAIL_CODE_PROOF_HEADER,
  EMAIL_CODE_PROOF_STORAGE_KEY,
  EMAIL_CODE_RULES,
  readStoredEmailCodeProof,
  serializeEmailCodeProof,
  type EmailCodeProof,
  type EmailCodeStatus,
  type SigningPageState,
} from '@prosign/domain';
import {
  CaptchaPassContext,
  ErrorPanel,
  LoadingState,
  Spinner,
  useCaptchaPass,
  type CaptchaPassValue,
} from '@prosign/ui';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import '../components/signing.css';
import { useEmailCodeTexts } from './email-code-texts';

/** 423: too many wrong codes locked the code step (the status then says `locked`). */
const LOCKED = 423;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The proof kept for this link and captcha pass (session storage), if still usable. */
function readEmailCodeProof(linkToken: string, pass: string): EmailCodeProof | null {
  try {
    const raw = sessionStore()?.getItem(EMAIL_CODE_PROOF_STORAGE_KEY);
    return readStoredEmailCodeProof(raw, linkToken, pass);
  } catch {
    return null;
  }
}

function storeEmailCodeProof(proof: EmailCodeProof, linkToken: string, pass: string): void {
  try {
    sessionStore()?.setItem(
      EMAIL_CODE_PROOF_STORAGE_KEY,
      serializeEmailCodeProof(proof, linkToken, pass),
    );
  } catch {
    // Storage denied: the proof still works for this page.
  }
}

function clearEmailCodeProof(): void {
  try {
    sessionStore()?.removeItem(EMAIL_CODE_PROOF_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** "4:05" from milliseconds. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.statusCode < 500 && error.message ? error.message : fallback;
}

type Step =
  | { kind: 'loading' }
  | { kind: 'failed'; detail?: string }
  /** No code needed (or the link has a page of its own): the flow decides. */
  | { kind: 'open' }
  | { kind: 'code'; status: EmailCodeStatus };

interface EmailCodeGateProps {
  /** The link the page shows (the route token, or the SOW/CO customId). */
  linkToken: string;
  /** The page's heading follows the step ("Check your e-mail"); the flow sets it afterwards. */
  onStateChange?: (state: SigningPageState) => void;
  children?: ReactNode;
}

/**
 * The e-mail one-time code, between the captcha and the agreement on every
 * family's signing page: asks whether the link needs a code; if so, mails one (unless one is
 * pending) and shows the code step; a verified code's proof is kept for the captcha pass's
 * session and added to the pass headers the signer's calls send (`X-Email-Code-Proof`).
 */
function EmailCodeGate({ linkToken, onStateChange, children }: EmailCodeGateProps) {
  const captcha = useCaptchaPass();
  const client = useApiClient();
  const EMAIL_CODE_TEXTS = useEmailCodeTexts();
  const api = useMemo(() => createEmailCodeApi(client, captcha.headers), [client, captcha.headers]);
  const [proof, setProof] = useState(() => readEmailCodeProof(linkToken, captcha.pass));
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (proof) return undefined;
    const controller = new AbortController();
    setStep({ kind: 'loading' });
    void (async () => {
      try {
        let status = await api.status(linkToken, controller.signal);
        if (!status.required) return setStep({ kind: 'open' });
        // A code is mailed when the step opens, unless one is still usable, sends are used up
        // or the step is locked.
        if (!status.pending && !status.resendAvailableAt && !status.locked) {
          status = await api.send(linkToken);
        }
        if (!controller.signal.aborted) setStep({ kind: 'code', status });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.statusCode === 403) return captcha.invalidate();
        // Unknown, handed-over or not-yet links: the flow shows their page.
        if (isApiError(error) && [404, 409].includes(error.statusCode)) {
          return setStep({ kind: 'open' });
        }
        if (isApiError(error) && [429, LOCKED].includes(error.statusCode)) {
          // Sends used up (the status says until when), or the step locked meanwhile.
          const status = await api.status(linkToken).catch(() => null);
          if (status) return setStep({ kind: 'code', status });
        }
        setStep({ kind: 'failed', detail: error instanceof Error ? error.message : undefined });
      }
    })();
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, linkToken, attempt, proof]);

  const showingStep = !proof && step.kind === 'code';
  useEffect(() => {
    if (showingStep) onStateChange?.({ kind: 'email-code' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showingStep]);

  const value = useMemo<CaptchaPassValue>(
    () => ({
      ...captcha,
      headers: proof
        ? { ...captcha.headers, [EMAIL_CODE_PROOF_HEADER]: proof.proof }
        : captcha.headers,
      invalidate: () => {
        clearEmailCodeProof();
        captcha.invalidate();
      },
    }),
    [captcha, proof],
  );

  if (proof || step.kind === 'open') {
    return <CaptchaPassContext.Provider value={value}>{children}</CaptchaPassContext.Provider>;
  }
  if (step.kind === 'loading') return <LoadingState label={EMAIL_CODE_TEXTS.checking} />;
  if (step.kind === 'failed') {
    return (
      <ErrorPanel
        title={EMAIL_CODE_TEXTS.failed}
        message={EMAIL_CODE_TEXTS.failedMessage}
        detail={step.detail}
        onRetry={() => setAttempt((n) => n + 1)}
        retryLabel={EMAIL_CODE_TEXTS.retry}
      />
    );
  }
  return (
    <EmailCodeStep
      status={step.status}
      onVerify={async (code) => {
        const verified = await api.verify(linkToken, code);
        storeEmailCodeProof(verified, linkToken, captcha.pass);
        setProof(verified);
      }}
      onResend={async () => {
        const status = await api.send(linkToken);
        setStep({ kind: 'code', status });
      }}
      onStatus={(status) => setStep({ kind: 'code', status })}
      reloadStatus={() => api.status(linkToken)}
    />
  );
}

interface EmailCodeStepProps {
  status: EmailCodeStatus;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  /** A fresh status (after a refused send), and how to ask for one. */
  onStatus: (status: EmailCodeStatus) => void;
  reloadStatus: () => Promise<EmailCodeStatus>;
}

/** The code step itself: where the code went, one input, Verify and Send a new code. */
function EmailCodeStep({ status, onVerify, onResend, onStatus, reloadStatus }: EmailCodeStepProps) {
  const EMAIL_CODE_TEXTS = useEmailCodeTexts();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'verify' | 'send' | null>(null);
  const [notice, setNotice] = useState('');
  const now = useNow(Boolean(status.resendAvailableAt));
  const input = useRef<HTMLInputElement>(null);
  const waitMs = status.resendAvailableAt ? Date.parse(status.resendAvailableAt) - now : 0;
  const limited = waitMs > 0;

  const verify = async () => {
    if (code.length !== EMAIL_CODE_RULES.length) {
      setError(EMAIL_CODE_TEXTS.malformed);
      input.current?.focus();
      return;
    }
    setBusy('verify');
    setError('');
    try {
      await onVerify(code);
    } catch (failure) {
      setError(messageOf(failure, EMAIL_CODE_TEXTS.verifyFailed));
      setBusy(null);
      if (isApiError(failure) && failure.statusCode === LOCKED) {
        await reloadStatus().then(onStatus, () => undefined);
        return;
      }
      input.current?.focus();
    }
  };

  const resend = async () => {
    setBusy('send');
    setError('');
    setNotice('');
    try {
      await onResend();
      setCode('');
      setNotice(EMAIL_CODE_TEXTS.sent(status.maskedEmail));
      input.current?.focus();
    } catch (failure) {
      setError(messageOf(failure, EMAIL_CODE_TEXTS.sendFailed));
      if (isApiError(failure) && [429, LOCKED].includes(failure.statusCode)) {
        await reloadStatus().then(onStatus, () => undefined);
      }
    } finally {
      setBusy(null);
    }
  };

  if (status.locked) {
    // No code can be sent or entered: the signer is told plainly whom to ask.
    return (
      <section className="ps-captcha sg-email-code" aria-label={EMAIL_CODE_TEXTS.region}>
        <h2>{EMAIL_CODE_TEXTS.locked}</h2>
        <p className="ps-captcha__prompt" role="alert">
          {EMAIL_CODE_TEXTS.lockedMessage}
        </p>
      </section>
    );
  }

  return (
    // The page's heading says "Check your e-mail" (its state); the step is its own region.
    <section className="ps-captcha sg-email-code" aria-label={EMAIL_CODE_TEXTS.region}>
      <p id={hintId} className="ps-captcha__prompt">
        {EMAIL_CODE_TEXTS.sentExpires(status.maskedEmail, EMAIL_CODE_RULES.validMinutes)}
      </p>
      <form
        className="sg-email-code__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <div className="ps-field">
          <label htmlFor={inputId}>{EMAIL_CODE_TEXTS.label}</label>
          <input
            ref={input}
            id={inputId}
            className="ps-input sg-email-code__input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={EMAIL_CODE_RULES.length}
            // Typed or pasted ("123 456", "123-456"): only the digits count.
            value={code}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onPaste={(event) => {
              const digits = event.clipboardData.getData('text').replace(/\D/g, '');
              if (!digits) return;
              event.preventDefault();
              setCode(digits.slice(0, EMAIL_CODE_RULES.length));
              setError('');
            }}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, EMAIL_CODE_RULES.length));
              setError('');
            }}
          />
          {error ? (
            <p id={errorId} className="ps-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="sg-email-code__actions">
          <button type="submit" className="ps-button ps-button--primary" disabled={busy !== null}>
            {busy === 'verify' ? EMAIL_CODE_TEXTS.verifying : EMAIL_CODE_TEXTS.verify}
          </button>
          <button
            type="button"
            className="ps-button"
            disabled={busy !== null || limited}
            onClick={() => void resend()}
          >
            {busy === 'send'
              ? EMAIL_CODE_TEXTS.sending
              : limited
                ? EMAIL_CODE_TEXTS.resendIn(clock(waitMs))
                : EMAIL_CODE_TEXTS.resend}
          </button>
        </div>
      </form>
      <div className="ps-inline-status" role="status">
        {busy ? <Spinner label="" size="small" /> : null}
        {notice}
      </div>
    </section>
  );
}

/** The clock, ticking every second while `ticking` (the resend countdown). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

export default EmailCodeGate;
