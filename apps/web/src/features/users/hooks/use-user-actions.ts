import type { User } from '@qa/contracts';
import { useState } from 'react';
import { detailOr } from '../../../lib/api-client';
import { useSendPasswordReset } from '../api/send-password-reset';
import { userId } from '../utils/user-form';
import { resetEmailSentMessage, USER_MESSAGES } from '../utils/user-messages';

export type UserDialogKind = 'edit' | 'delete' | 'usage';
export type OpenUserDialog = { kind: UserDialogKind; user: User; id: string } | null;

const MISSING_ID_MESSAGES: Record<UserDialogKind, string> = {
  edit: USER_MESSAGES.editMissingId,
  delete: USER_MESSAGES.deleteMissingId,
  usage: USER_MESSAGES.usageMissingId,
};

/**
 * The per-row actions of the users table and what they leave on the page: the open dialog, the
 * page's error and its success notice. Starting an action clears the previous error and notice.
 */
export function useUserActions() {
  const sendReset = useSendPasswordReset();
  const [dialog, setDialog] = useState<OpenUserDialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const openDialog = (kind: UserDialogKind, user: User) => {
    setError(null);
    setNotice(null);
    const id = userId(user);
    if (!id) {
      setError(MISSING_ID_MESSAGES[kind]);
      return;
    }
    setDialog({ kind, user, id });
  };

  const resetPassword = (user: User) => {
    setError(null);
    setNotice(null);
    sendReset.mutate(
      { email: user.email },
      {
        onSuccess: () => window.alert(resetEmailSentMessage(user.email)),
        onError: (caught) => setError(detailOr(caught, USER_MESSAGES.resetFailed)),
      },
    );
  };

  return {
    dialog,
    error,
    notice,
    showNotice: setNotice,
    openDialog,
    closeDialog: () => setDialog(null),
    /** Closes the dialog that has saved or deleted, with its notice. */
    finishDialog: (message: string) => {
      setDialog(null);
      setNotice(message);
    },
    resetPassword,
    /** The e-mail whose reset link is being sent, if any. */
    resettingEmail: sendReset.isPending ? (sendReset.variables?.email ?? null) : null,
  };
}
