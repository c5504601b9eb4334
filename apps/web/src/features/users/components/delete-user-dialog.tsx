import type { User } from '@qa/contracts';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { detailOr } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { USER_MESSAGES } from '../utils/user-messages';

export function DeleteUserDialog({
  user,
  id,
  onClose,
  onDeleted,
}: {
  user: User;
  id: string;
  onClose: () => void;
  onDeleted: (email: string) => void;
}) {
  const mutation = useDeleteUser();
  const [error, setError] = useState<string | null>(null);

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
      title="Delete user"
      description="Are you sure you want to delete this user? This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={mutation.isPending}
      onConfirm={() => {
        setError(null);
        mutation.mutate(
          { id },
          {
            onSuccess: () => onDeleted(user.email),
            onError: (caught) => setError(detailOr(caught, USER_MESSAGES.deleteFailed)),
          },
        );
      }}
    >
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium break-all text-slate-900">
        {user.email}
      </p>
      {error ? <ErrorAlert className="mt-3">{error}</ErrorAlert> : null}
    </ConfirmDialog>
  );
}
