import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { ErrorAlert, InfoNotice } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuth } from '../../../lib/auth';
import { AUTH_MESSAGES, loginErrorMessage, safeRedirectPath } from '../utils/auth-messages';

export function LoginPage() {
  useDocumentTitle('Login');
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectUrl = safeRedirectPath(searchParams.get('redirectUrl'));

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to={redirectUrl ?? '/'} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.missingCredentials);
      return;
    }
    setBusy(true);
    try {
      await login(email.trim(), password);
      navigate(redirectUrl ?? '/', { replace: true });
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Use your work e-mail address and password.">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Login form">
        {redirectUrl ? <InfoNotice>{AUTH_MESSAGES.redirectNotice}</InfoNotice> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <TextField
          label="Email"
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          placeholder="you@company.co.uk"
          value={email}
          onValueChange={setEmail}
          disabled={busy}
        />
        <TextField
          label="Password"
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          disabled={busy}
          aside={
            <Link
              to="/reset-password"
              className="rounded text-xs font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthLayout>
  );
}
