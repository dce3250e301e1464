import { useApiClient, useRuntimeConfig, withGatewayRetries } from '@prosign/api-client';
import {
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
import { CaptchaCheckbox, CaptchaStep } from './CaptchaStep';
import { loadRecaptcha as loadRecaptchaScript, type RecaptchaLoader } from './recaptcha';
import { forgetTickBeforeStart, tickedBeforeStart } from './tick-before-start';

export interface CaptchaGateProps {
  /**
   * The signing link the page shows (the route token of the standard page, the
   * customId of the SOW and change-order pages). The pass is issued for this
   * link only; a pass kept for another link is not used.
   */
  linkToken: string;
  /** What the signer sees once the robot check is passed. */
  children?: ReactNode;
  /**
   * The check is shown but neither asked for nor answered yet: a tick waits
   * (ticked, "Checking…") until this turns false, e.g. while the link itself
   * is being checked.
   */
  holdAnswer?: boolean;
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
  holdAnswer = false,
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
      holdAnswer={holdAnswer}
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
  holdAnswer,
  loadRecaptcha,
  onPass,
}: {
  linkToken: string;
  holdAnswer: boolean;
  loadRecaptcha: RecaptchaLoader;
  onPass: (pass: CaptchaPass) => void;
}) {
  const client = useApiClient();
  const runtime = useRuntimeConfig();
  const promptId = useId();
  const [attempt, setAttempt] = useState(0);
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  // A tick given before the challenge could be answered (the page's checkbox
  // before the app ran, or this one before the challenge or the link's check
  // came in): answered as soon as it can be, rather than dropped.
  const [waitingTick, setWaitingTick] = useState(tickedBeforeStart);
  // Taken by this challenge: one shown later (a pass refused) asks afresh.
  useEffect(() => forgetTickBeforeStart(), []);
  const recaptchaExpected = runtime.captcha?.adapter === 'recaptcha';

  // With reCAPTCHA configured, its script loads while the API is asked for the challenge.
  useEffect(() => {
    if (recaptchaExpected) loadRecaptcha().catch(() => undefined); // a failure shows in the widget
  }, [recaptchaExpected, loadRecaptcha]);

  // Held, the challenge is not asked for yet: the checkbox shows, a tick waits.
  useEffect(() => {
    if (holdAnswer) return undefined;
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
  }, [client, attempt, holdAnswer]);

  const verify = async (config: CaptchaWidgetConfig, response: string) => {
    setWaitingTick(false);
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

  const answerable =
    stage.kind === 'ready' &&
    !stage.verifying &&
    stage.config.adapter === 'local' &&
    Boolean(stage.config.challenge);
  useEffect(() => {
    if (!waitingTick || holdAnswer || !answerable || stage.kind !== 'ready') return;
    void verify(stage.config, stage.config.challenge ?? '');
    // verify is a new function each render; the tick is answered once, when it can be.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingTick, holdAnswer, answerable, stage]);
  const tick = () => setWaitingTick(true);
  const verifying = stage.kind === 'ready' && stage.verifying;
  const recaptcha =
    stage.kind === 'ready' ? stage.config.adapter === 'recaptcha' : recaptchaExpected;
  const checking = verifying || (waitingTick && !recaptcha && stage.kind !== 'failed');

  let body: ReactNode;
  let status: ReactNode = null;
  if (checking) {
    status = (
      <div className="ps-inline-status" role="status">
        <Spinner label="" size="small" /> Checking…
      </div>
    );
  } else if (waitingTick && recaptcha && stage.kind !== 'failed') {
    // A tick on the page's own checkbox cannot answer Google's check: say so rather than drop it.
    status = (
      <p className="ps-inline-status" role="status">
        One more step: please confirm with Google&apos;s check above.
      </p>
    );
  }
  if (stage.kind === 'loading' && recaptchaExpected) {
    body = <LoadingState label="Preparing the security check…" />;
  } else if (stage.kind === 'loading') {
    // The checkbox the page's HTML showed, still there and answerable while the challenge comes.
    body = (
      <CaptchaCheckbox
        promptId={promptId}
        checked={waitingTick}
        disabled={waitingTick}
        onTick={tick}
      />
    );
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
    const { config } = stage;
    body = (
      <CaptchaCheckbox
        promptId={promptId}
        checked={checking}
        disabled={checking || !config.challenge}
        onTick={() => {
          if (holdAnswer) tick();
          else if (config.challenge) void verify(config, config.challenge);
        }}
      />
    );
  }

  return (
    <CaptchaStep promptId={promptId} status={status}>
      {body}
    </CaptchaStep>
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
