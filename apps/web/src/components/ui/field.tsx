import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

type FieldProps = {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  children: ReactNode;
};

/** A label, its control, and an optional hint or inline error underneath (ids follow `${htmlFor}-hint|error`). */
export function Field({ label, htmlFor, hint, error, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  value: string;
  onValueChange: (value: string) => void;
  /** A password with a Show/Hide toggle instead of a plain input. */
  revealable?: boolean;
};

/**
 * A labelled text input in a Field: marked invalid and described by its inline error while it has one.
 * Every other input attribute (type, autoComplete, disabled, ...) passes through to the input.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  onValueChange,
  revealable,
  type,
  ...inputProps
}: TextFieldProps) {
  const control = {
    id,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...inputProps,
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      {revealable ? <PasswordInput {...control} /> : <Input type={type} {...control} />}
    </Field>
  );
}
