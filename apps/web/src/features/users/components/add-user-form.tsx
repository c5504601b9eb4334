import type { Role } from '@qa/contracts';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, TextField } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/input';
import { detailOr } from '../../../lib/api-client';
import { useCreateUser } from '../api/create-user';
import { type UserFormErrors, validateUserForm } from '../utils/user-form';
import { USER_MESSAGES } from '../utils/user-messages';

export type AddUserValues = { email: string; password: string; role: Role; sendInvite: boolean };

/** Role defaults to user and the invitation box starts checked. */
export const INITIAL_ADD_USER_VALUES: AddUserValues = {
  email: '',
  password: '',
  role: 'user',
  sendInvite: true,
};
/** After a successful add the form resets with send_invite back to false. */
export const RESET_ADD_USER_VALUES: AddUserValues = {
  email: '',
  password: '',
  role: 'user',
  sendInvite: false,
};

type AddUserFormProps = {
  values: AddUserValues;
  onChange: (values: AddUserValues) => void;
  onAdded: (email: string) => void;
};

export function AddUserForm({ values, onChange, onAdded }: AddUserFormProps) {
  const mutation = useCreateUser();
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof AddUserValues>(key: K, value: AddUserValues[K]) =>
    onChange({ ...values, [key]: value });
  const textField = (name: 'email' | 'password') => ({
    id: `add-user-${name}`,
    error: errors[name],
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    disabled: mutation.isPending,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validateUserForm({ email: values.email, password: values.password });
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = values.email.trim();
    mutation.mutate(
      { email, password: values.password || undefined, role: values.role, send_invite: values.sendInvite },
      {
        onSuccess: () => {
          onChange(RESET_ADD_USER_VALUES);
          onAdded(email);
        },
        onError: (error) => setServerError(detailOr(error, USER_MESSAGES.addFailed)),
      },
    );
  };

  return (
    <Card className="mb-6 p-5">
      <form onSubmit={onSubmit} noValidate aria-labelledby="add-user-heading">
        <h2 id="add-user-heading" className="text-base font-semibold text-slate-900">
          Add a user
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          Leave the password blank to let the new user choose one through the invitation e-mail.
        </p>
        {serverError ? <ErrorAlert className="mt-4">{serverError}</ErrorAlert> : null}
        <div className="mt-4 grid gap-4 md:grid-cols-[2fr_2fr_1fr]">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            placeholder="name@company.co.uk"
            {...textField('email')}
          />
          <TextField
            label="Password (optional)"
            type="password"
            autoComplete="new-password"
            {...textField('password')}
          />
          <Field label="Role" htmlFor="add-user-role">
            <NativeSelect
              id="add-user-role"
              value={values.role}
              onChange={(e) => set('role', e.target.value === 'admin' ? 'admin' : 'user')}
              disabled={mutation.isPending}
            >
              <option value="user">user</option>
              <option value="admin">admin</option>
            </NativeSelect>
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700 select-none">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-brand-600"
              checked={values.sendInvite}
              onChange={(e) => set('sendInvite', e.target.checked)}
              disabled={mutation.isPending}
            />
            {USER_MESSAGES.sendInviteLabel}
          </label>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Adding...' : 'Add User'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
