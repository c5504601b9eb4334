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
  /** Shown at the far end of the label's line, such as a link that helps with the field. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A label, its control, and an optional hint or inline error underneath (ids follow `${htmlFor}-hint|error`). */
export function Field({ label, htmlFor, hint, error, aside, className, children }: FieldProps) {
  const labelElement = <Label htmlFor={htmlFor}>{label}</Label>;
  return (
    <div className={cn('space-y-1.5', className)}>
      {aside ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
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

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'prefix'> &
  Pick<FieldProps, 'label' | 'hint' | 'error' | 'aside'> & {
    id: string;
    value: string;
    onValueChange: (value: string) => void;
    /** A password with a Show/Hide toggle instead of a plain input. */
    revealable?: boolean;
    /** A short unit drawn inside the input before the value, such as a currency sign. */
    prefix?: string;
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
  aside,
  onValueChange,
  revealable,
  prefix,
  type,
  className,
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
    <Field label={label} htmlFor={id} hint={hint} error={error} aside={aside}>
      {revealable ? (
        <PasswordInput {...control} />
      ) : prefix ? (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
            {prefix}
          </span>
          <Input type={type} className={cn('pl-7', className)} {...control} />
        </div>
      ) : (
        <Input type={type} className={className} {...control} />
      )}
    </Field>
  );
}
