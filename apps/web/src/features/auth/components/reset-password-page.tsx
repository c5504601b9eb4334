/**
 * /reset-password (invitations too): without a token, request a reset link by e-mail; with ?token=, set a new
 * password, then go to /login after 3 s.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { ErrorAlert, SuccessAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSetPassword } from '../api/set-password';
import {
  AUTH_MESSAGES,
  newPasswordError,
  REDIRECT_AFTER_PASSWORD_SET_MS,
  resetRequestErrorMessage,
  setPasswordErrorMessage,
} from '../utils/auth-messages';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return searchParams.has('token') ? (
    <SetNewPasswordForm token={searchParams.get('token')} />
  ) : (
    <RequestResetForm />
  );
}

function RequestResetForm() {
  useDocumentTitle('Reset Password');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const mutation = useRequestPasswordReset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(AUTH_MESSAGES.emailRequired);
      return;
    }
    mutation.mutate(
      { email: email.trim() },
      { onSuccess: () => setSent(true), onError: (caught) => setError(resetRequestErrorMessage(caught)) },
    );
  };

  return (
    <AuthLayout
      title="Reset Password"
      subtitle="Enter your e-mail address and we will send you a link to set a new password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {sent ? <SuccessAlert>{AUTH_MESSAGES.resetEmailSent}</SuccessAlert> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        {!sent ? (
          <TextField
            label="Email"
            id="reset-email"
            name="email"
            type="email"
            required
            aria-required
            autoComplete="email"
            autoFocus
            placeholder="you@company.co.uk"
            value={email}
            onValueChange={setEmail}
            disabled={mutation.isPending}
          />
        ) : null}
        <div className="flex flex-col gap-2">
          {!sent ? (
            <Button type="submit" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          ) : null}
          <Button variant="outline" className="w-full" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

function SetNewPasswordForm({ token }: { token: string | null }) {
  useDocumentTitle('Set New Password');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useSetPassword();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_PASSWORD_SET_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = newPasswordError(token, password, confirm);
    if (problem || !token) {
      setError(problem ?? AUTH_MESSAGES.missingToken);
      return;
    }
    mutation.mutate(
      { token, new_password: password },
      { onSuccess: () => setDone(true), onError: (caught) => setError(setPasswordErrorMessage(caught)) },
    );
  };

  const busy = mutation.isPending || done;
  return (
    <AuthLayout title="Set New Password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {done ? <SuccessAlert>{AUTH_MESSAGES.passwordUpdated}</SuccessAlert> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <TextField
          revealable
          label="New Password"
          id="new-password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          value={password}
          onValueChange={setPassword}
          disabled={busy}
        />
        <TextField
          revealable
          label="Confirm Password"
          id="confirm-password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
          disabled={busy}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {mutation.isPending ? 'Updating...' : 'Update Password'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Back to Login
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
