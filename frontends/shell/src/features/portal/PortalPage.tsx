import { authApi, isApiError, useApiClient } from '@prosign/api-client';
import {
  AUTH_MESSAGES,
  ROUTES,
  SIGN_IN_RESULT_PARAM,
  TOAST_DURATION_MS,
  staffEmailFromUserName,
  type StaffSession,
} from '@prosign/domain';
import { ErrorPanel, LoadingState, useToast } from '@prosign/ui';
import { staffEmailSchema, SubmitButton, TextField, useZodForm } from '@prosign/ui/forms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Navigate, useSearchParams } from 'react-router';
import { lastVisitedPage } from '../../session/session-storage';
import { useStaffSession } from '../../session/StaffSessionContext';

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
  /** The address the server confirmed is a user; Sign in is offered only while it is the typed one. */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  /** Set by a sign-in on this page: where to go once the session is in place. */
  const [destination, setDestination] = useState<string | null>(null);
  const signInRef = useRef<HTMLButtonElement>(null);

  const options = useQuery({
    queryKey: ['auth', 'options'],
    queryFn: () => authApi.options(client),
    staleTime: Infinity,
  });
  const domain = options.data?.companyEmailDomain ?? '';
  const schema = useMemo(() => z.object({ userName: staffEmailSchema(domain) }), [domain]);
  const form = useZodForm(schema, { defaultValues: { userName: '' } });
  const userName = useWatch({ control: form.control, name: 'userName' });
  const typed = staffEmailFromUserName(userName, domain);
  const confirmedEmail = typed.ok && typed.email === confirmed ? confirmed : null;

  const check = useMutation({
    mutationFn: (email: string) => authApi.checkUser(client, email),
    onSuccess: ({ listed }, email) => {
      if (listed) setConfirmed(email);
      // An unknown user is a problem with what was typed: said under the field.
      else form.setError('userName', { type: 'server', message: AUTH_MESSAGES.accessDenied });
    },
    onError: () => toast.error(AUTH_MESSAGES.fetchUsersFailedLogin, LONG),
  });
  const signInLocal = useMutation({
    mutationFn: ({ email }: { email: string; returnTo: string }) =>
      authApi.signInLocal(client, email),
    onSuccess: (session: StaffSession, { returnTo }) => {
      setDestination(returnTo);
      signedIn(session);
    },
    onError: (error) =>
      toast.error(
        isApiError(error) && error.statusCode === 403
          ? AUTH_MESSAGES.accessDenied
          : AUTH_MESSAGES.somethingWentWrong,
        LONG,
      ),
  });

  // Back from Google without a session: say why, once.
  const failure = params.get(SIGN_IN_RESULT_PARAM);
  useEffect(() => {
    if (failure === 'denied') toast.error(AUTH_MESSAGES.accessDenied, LONG);
    else if (failure === 'failed') toast.error(AUTH_MESSAGES.googleSignInFailed, LONG);
    if (failure) setParams({}, { replace: true });
  }, [failure, setParams, toast]);

  useEffect(() => {
    if (confirmedEmail) signInRef.current?.focus();
  }, [confirmedEmail]);

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
  const { identity } = options.data;
  const preview = typed.ok ? typed.email : `${userName.trim() || 'user.name'}@${domain}`;

  const signIn = (email: string) => {
    const returnTo = lastVisitedPage();
    if (identity === 'google') {
      window.location.assign(authApi.googleSignInUrl(client, email, returnTo));
    } else {
      signInLocal.mutate({ email, returnTo });
    }
  };

  return (
    <section className="portal" aria-labelledby="portal-title">
      <h1 id="portal-title" className="portal__title">
        Staff Sign-in
      </h1>
      <p className="portal__intro">Type your user name; your company address is used to sign in.</p>
      <form
        className="portal__form"
        onSubmit={(event) =>
          void form.handleSubmit(({ userName: email }) => check.mutate(email))(event)
        }
        noValidate
      >
        <TextField
          control={form.control}
          name="userName"
          label="User name"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          suffix={<span aria-hidden="true">@{domain}</span>}
          hint={
            <>
              You will sign in as <strong>{preview}</strong>
            </>
          }
        />
        {confirmedEmail ? null : (
          <SubmitButton pending={check.isPending} pendingLabel="Checking…">
            Continue
          </SubmitButton>
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
            disabled={signInLocal.isPending}
            onClick={() => signIn(confirmedEmail)}
          >
            {identity === 'google'
              ? 'Sign in with Google'
              : signInLocal.isPending
                ? 'Signing in…'
                : 'Sign in'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
