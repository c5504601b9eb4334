import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';

/** While authentication loads a spinner shows; signed-out visitors go to /login?redirectUrl=<path+query>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading, signedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  // Logout goes to /login (no redirectUrl: the visitor chose to leave).
  if (!user && signedOut) return <Navigate to="/login" replace />;
  if (!user) {
    const redirectUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirectUrl=${encodeURIComponent(redirectUrl)}`} replace />;
  }
  return children;
}
