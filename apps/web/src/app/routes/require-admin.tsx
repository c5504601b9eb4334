import { ShieldAlert } from 'lucide-react';
import { Outlet } from 'react-router';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';

export const NOT_AUTHORIZED_MESSAGE = 'Not authorized - Admin access required';

/** Admin-only routes render their child route; everyone else sees 'Not authorized - Admin access required'. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (isAdmin) return <Outlet />;
  return (
    <Card className="mx-auto mt-8 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50">
        <ShieldAlert aria-hidden className="size-6 text-red-600" />
      </div>
      <p role="alert" className="mt-4 text-base font-semibold text-slate-900">
        {NOT_AUTHORIZED_MESSAGE}
      </p>
      <p className="mt-1 text-sm text-slate-500">Ask an administrator if you need access to this page.</p>
    </Card>
  );
}
