import { authApi, isApiError, useApiClient } from '@prosign/api-client';
import {
  AUTH_MESSAGES,
  ROUTES,
  SIGN_IN_RESULT_PARAM,
  TOAST_DURATION_MS,
  staffEmailFromUserName,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, useToast } from '@prosign/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { lastVisitedPage } from '../../session/session-storage';
import { useStaffSession } from '../../session/StaffSessionContext';

type Step =
  | { kind: 'typing' }
  | { kind: 'checking' }
  | { kind: 'confirmed'; email: string }
  | { kind: 'signing-in'; email: string };

const LONG = TOAST_DURATION_MS.long;

/**
 * Staff login (spec 1 §2.3): the person types a user name, the company domain
 * is appended and shown, the address is checked against the user list, and
 * only then the sign-in button appears (Google, or the local "Sign in").
 * Success leads to the last visited page or `/`; signed-in visitors go to `/`.
 */
export function PortalPage() {
  const client = useApiClient();
  const toast = useToast();
  const { state, signedIn } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const [userName, setUserName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'typing' });
  /** Set by a sign-in on this page: where to go once the session is in place. */
  const [destination, setDestination] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const previewId = useId();
  const signInRef = useRef<HTMLButtonElement>(null);

  const options = useQuery({
    queryKey: ['auth', 'options'],
    queryFn: () => authApi.options(client),
    staleTime: Infinity,
  });

  // Back from Google without a session: say why, once.
  const failure = params.get(SIGN_IN_RESULT_PARAM);
  useEffect(() => {
    if (failure === 'denied') toast.error(AUTH_MESSAGES.accessDenied, LONG);
    else if (failure === 'failed') toast.error(AUTH_MESSAGES.googleSignInFailed, LONG);
    if (failure) setParams({}, { replace: true });
  }, [failure, setParams, toast]);

  useEffect(() => {
    if (step.kind === 'confirmed') signInRef.current?.focus();
  }, [step.kind]);

  if (state.status === 'signed-in') return <Navigate to={destination ?? ROUTES.home} replace />;
  if (options.isPending) return <LoadingState label="Loading sign-in…" />;
  if (options.isError) {
    return (
      <ErrorPanel
        headingLevel={1}
        title="Sign-in is unavailable"
        message={AUTH_MESSAGES.somethingWentWrong}
        onRetry={() => void options.refetch()}
      />
    );
  }
  const { companyEmailDomain: domain, identity } = options.data;
  const typed = staffEmailFromUserName(userName, domain);
  const preview = typed.ok ? typed.email : `${userName.trim() || 'user.name'}@${domain}`;

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.ok) {
      setFieldError(typed.message);
      return;
    }
    setFieldError(null);
    setStep({ kind: 'checking' });
    try {
      const { listed } = await authApi.checkUser(client, typed.email);
      if (listed) {
        setStep({ kind: 'confirmed', email: typed.email });
      } else {
        setStep({ kind: 'typing' });
        toast.error(AUTH_MESSAGES.accessDenied, LONG);
      }
    } catch {
      setStep({ kind: 'typing' });
      toast.error(AUTH_MESSAGES.fetchUsersFailedLogin, LONG);
    }
  };

  const signIn = async (email: string) => {
    const returnTo = lastVisitedPage();
    if (identity === 'google') {
      window.location.assign(authApi.googleSignInUrl(client, email, returnTo));
      return;
    }
    setStep({ kind: 'signing-in', email });
    try {
      const session = await authApi.signInLocal(client, email);
      setDestination(returnTo);
      signedIn(session);
    } catch (error) {
      setStep({ kind: 'confirmed', email });
      toast.error(
        isApiError(error) && error.statusCode === 403
          ? AUTH_MESSAGES.accessDenied
          : AUTH_MESSAGES.somethingWentWrong,
        LONG,
      );
    }
  };

  const confirmedEmail =
    step.kind === 'confirmed' || step.kind === 'signing-in' ? step.email : null;

  return (
    <section className="portal" aria-labelledby="portal-title">
      <h1 id="portal-title" className="portal__title">
        Staff Sign-in
      </h1>
      <p className="portal__intro">Type your user name; your company address is used to sign in.</p>
      <form className="portal__form" onSubmit={(event) => void check(event)} noValidate>
        <div className="ps-field">
          <label className="ps-label" htmlFor={inputId}>
            User name
          </label>
          <div className="portal__address">
            <input
              id={inputId}
              className="ps-input portal__input"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={userName}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${previewId}${fieldError ? ` ${errorId}` : ''}`}
              onChange={(event) => {
                setUserName(event.target.value);
                setFieldError(null);
                // A different name must be checked again before signing in.
                if (step.kind === 'confirmed') setStep({ kind: 'typing' });
              }}
            />
            <span className="portal__domain" aria-hidden="true">
              @{domain}
            </span>
          </div>
          <p id={previewId} className="ps-field__hint">
            You will sign in as <strong>{preview}</strong>
          </p>
          {fieldError ? (
            <p id={errorId} className="ps-field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        {confirmedEmail ? null : (
          <button
            type="submit"
            className="ps-button ps-button--primary"
            disabled={step.kind === 'checking'}
          >
            {step.kind === 'checking' ? 'Checking…' : 'Continue'}
          </button>
        )}
      </form>
      {confirmedEmail ? (
        <div className="portal__signin">
          <p className="portal__confirmed" role="status">
            {confirmedEmail} is a ProSign user.
          </p>
          <button
            ref={signInRef}
            type="button"
            className={`ps-button ps-button--primary${identity === 'google' ? ' portal__google' : ''}`}
            disabled={step.kind === 'signing-in'}
            onClick={() => void signIn(confirmedEmail)}
          >
            {identity === 'google'
              ? 'Sign in with Google'
              : step.kind === 'signing-in'
                ? 'Signing in…'
                : 'Sign in'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
