import type { Role, User } from '@qa/contracts';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Field, TextField } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/input';
import { detailOr } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';
import { parseBudget, type UserFormErrors, validateUserForm } from '../utils/user-form';
import { USER_MESSAGES } from '../utils/user-messages';

type EditUserDialogProps = {
  user: User;
  id: string;
  onClose: () => void;
  onSaved: (email: string) => void;
};

/** Edit e-mail, role, an optional new password (blank keeps the current one) and the monthly budget. */
export function EditUserDialog({ user, id, onClose, onSaved }: EditUserDialogProps) {
  const mutation = useUpdateUser();
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const [password, setPassword] = useState('');
  const [budget, setBudget] = useState(
    user.monthly_budget_usd === null || user.monthly_budget_usd === undefined
      ? ''
      : String(user.monthly_budget_usd),
  );
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validateUserForm({ email, password, budget });
    setErrors(found);
    if (Object.keys(found).length) return;
    mutation.mutate(
      {
        id,
        data: {
          email: email.trim(),
          role,
          password: password || undefined,
          monthly_budget_usd: parseBudget(budget) ?? null,
        },
      },
      {
        onSuccess: () => onSaved(email.trim()),
        onError: (error) => setServerError(detailOr(error, USER_MESSAGES.updateFailed)),
      },
    );
  };

  const busy = mutation.isPending;
  const textField = (name: keyof UserFormErrors, value: string, onValueChange: (value: string) => void) => ({
    id: `edit-user-${name}`,
    error: errors[name],
    value,
    onValueChange,
    disabled: busy,
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Edit User"
      description={user.email}
      data-testid="edit-user-dialog"
    >
      <form id="edit-user-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <TextField label="Email" type="email" {...textField('email', email, setEmail)} />
        <Field label="Role" htmlFor="edit-user-role">
          <NativeSelect
            id="edit-user-role"
            value={role}
            onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'user')}
            disabled={busy}
          >
            <option value="user">user</option>
            <option value="admin">admin</option>
          </NativeSelect>
        </Field>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="Leave blank to keep the current password."
          {...textField('password', password, setPassword)}
        />
        <TextField
          label="Monthly budget (USD)"
          inputMode="decimal"
          placeholder="No limit"
          prefix="$"
          hint="Leave blank for no limit."
          {...textField('budget', budget, setBudget)}
        />
      </form>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="edit-user-form" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Modal>
  );
}
