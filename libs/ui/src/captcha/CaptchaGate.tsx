import { useApiClient, useRuntimeConfig, withGatewayRetries } from '@prosign/api-client';
import {
  CAPTCHA_PROMPT,
  type CaptchaPass,
  type CaptchaWidgetConfig,
  type VerifyCaptchaRequest,
} from '@prosign/domain';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorPanel } from '../components/ErrorPanel';
import { LoadingState, Spinner } from '../components/Spinner';
import {
  CaptchaPassContext,
  captchaPassHeaders,
  clearCaptchaPass,
  readCaptchaPass,
  storeCaptchaPass,
  type CaptchaPassValue,
} from './captcha-pass';
import { loadRecaptcha as loadRecaptchaScript, type RecaptchaLoader } from './recaptcha';

export interface CaptchaGateProps {
  /**
   * The signing link the page shows (the route token of the standard page, the
   * customId of the SOW and change-order pages). The pass is issued for this
   * link only; a pass kept for another link is not used.
   */
  linkToken: string;
  /** What the signer sees once the robot check is passed. */
  children?: ReactNode;
  /** Loads Google's reCAPTCHA script (injected in tests). */
  loadRecaptcha?: RecaptchaLoader;
}

/**
 * The robot check in front of a signing page (spec 1 §2.4). The API says which
 * challenge to show (`GET /api/captcha/config`): the local checkbox or
 * reCAPTCHA v2. The answer is traded for a pass (`POST /api/captcha/verify`),
 * kept in session storage so a reload skips the check while the pass is valid,
 * and handed to the children through `useCaptchaPass()`, whose `headers`
 * signer API calls attach.
 */
export function CaptchaGate({
  linkToken,
  children,
  loadRecaptcha = loadRecaptchaScript,
}: CaptchaGateProps) {
  const [held, setHeld] = useState<{ linkToken: string; pass: CaptchaPass | null }>(() => ({
    linkToken,
    pass: readCaptchaPass(linkToken),
  }));
  // Another link in the same page (client-side navigation): its own pass, or the check again.
  if (held.linkToken !== linkToken) setHeld({ linkToken, pass: readCaptchaPass(linkToken) });
  const pass = held.linkToken === linkToken ? held.pass : null;
  const setPass = (next: CaptchaPass | null) => setHeld({ linkToken, pass: next });
  const value = useMemo<CaptchaPassValue | null>(
    () =>
      pass && {
        pass: pass.pass,
        expiresAt: pass.expiresAt,
        headers: captchaPassHeaders(pass.pass),
        invalidate: () => {
          clearCaptchaPass();
          setHeld({ linkToken, pass: null });
        },
      },
    [pass, linkToken],
  );
  if (value) {
    return <CaptchaPassContext.Provider value={value}>{children}</CaptchaPassContext.Provider>;
  }
  return (
    <CaptchaChallenge
      linkToken={linkToken}
      loadRecaptcha={loadRecaptcha}
      onPass={(passed) => {
        storeCaptchaPass(passed, linkToken);
        setPass(passed);
      }}
    />
  );
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'ready'; config: CaptchaWidgetConfig; verifying: boolean }
  | { kind: 'failed'; title: string; message: string };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

const FAILED_TITLE = 'The robot check did not go through';

function CaptchaChallenge({
  linkToken,
  loadRecaptcha,
  onPass,
}: {
  linkToken: string;
  loadRecaptcha: RecaptchaLoader;
  onPass: (pass: CaptchaPass) => void;
}) {
  const client = useApiClient();
  const runtime = useRuntimeConfig();
  const promptId = useId();
  const [attempt, setAttempt] = useState(0);
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });

  // With reCAPTCHA configured, its script loads while the API is asked for the challenge.
  const preloadRecaptcha = runtime.captcha?.adapter === 'recaptcha';
  useEffect(() => {
    if (preloadRecaptcha) loadRecaptcha().catch(() => undefined); // a failure shows in the widget
  }, [preloadRecaptcha, loadRecaptcha]);

  useEffect(() => {
    const controller = new AbortController();
    setStage({ kind: 'loading' });
    client.get<CaptchaWidgetConfig>('/api/captcha/config', { signal: controller.signal }).then(
      (config) => setStage({ kind: 'ready', config, verifying: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStage({
          kind: 'failed',
          title: 'The robot check could not be loaded',
          message: messageOf(error),
        });
      },
    );
    return () => controller.abort();
  }, [client, attempt]);

  const verify = async (config: CaptchaWidgetConfig, response: string) => {
    setStage({ kind: 'ready', config, verifying: true });
    try {
      const request: VerifyCaptchaRequest = { response, linkToken };
      // Tried again after a gateway failure (an api replica restarting), as the signer's saves.
      const captcha = withGatewayRetries(
        { verify: () => client.post<CaptchaPass>('/api/captcha/verify', request) },
        ['verify'],
      );
      onPass(await captcha.verify());
    } catch (error) {
      setStage({ kind: 'failed', title: FAILED_TITLE, message: messageOf(error) });
    }
  };
  const fail = (message: string) => setStage({ kind: 'failed', title: FAILED_TITLE, message });

  let body: ReactNode;
  if (stage.kind === 'loading') {
    body = <LoadingState label="Preparing the security check…" />;
  } else if (stage.kind === 'failed') {
    body = (
      <ErrorPanel
        title={stage.title}
        message={stage.message}
        onRetry={() => setAttempt((n) => n + 1)}
        retryLabel="Try again"
      />
    );
  } else if (stage.config.adapter === 'recaptcha') {
    const siteKey = stage.config.siteKey ?? runtime.captcha?.siteKey;
    body = siteKey ? (
      <RecaptchaWidget
        siteKey={siteKey}
        load={loadRecaptcha}
        onResponse={(response) => void verify(stage.config, response)}
        onFailure={fail}
      />
    ) : (
      <ErrorPanel
        title="The robot check is not available"
        message="reCAPTCHA has no site key (RECAPTCHA_SITE_KEY). Please contact us."
      />
    );
  } else {
    const { challenge } = stage.config;
    body = (
      <label className="ps-captcha__checkbox">
        <input
          type="checkbox"
          aria-describedby={promptId}
          checked={stage.verifying}
          disabled={stage.verifying || !challenge}
          onChange={(event) => {
            if (event.target.checked && challenge) void verify(stage.config, challenge);
          }}
        />
        I&apos;m not a robot
      </label>
    );
  }

  return (
    <section className="ps-captcha" aria-label="Security check">
      <p id={promptId} className="ps-captcha__prompt">
        {CAPTCHA_PROMPT}
      </p>
      {body}
      {stage.kind === 'ready' && stage.verifying ? (
        <div className="ps-inline-status" role="status">
          <Spinner label="" size="small" /> Checking…
        </div>
      ) : null}
    </section>
  );
}

function RecaptchaWidget({
  siteKey,
  load,
  onResponse,
  onFailure,
}: {
  siteKey: string;
  load: RecaptchaLoader;
  onResponse: (response: string) => void;
  onFailure: (message: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onResponse, onFailure });
  useEffect(() => {
    callbacks.current = { onResponse, onFailure };
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    // A fresh element per render: reCAPTCHA refuses to render twice into one.
    const slot = document.createElement('div');
    container.appendChild(slot);
    let cancelled = false;
    load().then(
      (recaptcha) => {
        if (cancelled) return;
        recaptcha.render(slot, {
          sitekey: siteKey,
          callback: (response) => callbacks.current.onResponse(response),
          'error-callback': () =>
            callbacks.current.onFailure(
              'reCAPTCHA could not be reached. Check your connection and try again.',
            ),
        });
      },
      (error: unknown) => {
        if (!cancelled) callbacks.current.onFailure(messageOf(error));
      },
    );
    return () => {
      cancelled = true;
      slot.remove();
    };
  }, [siteKey, load]);

  return <div ref={host} className="ps-captcha__widget" />;
}
