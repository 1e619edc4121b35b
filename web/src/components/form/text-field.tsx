import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's message, shown in red under it and tied to the input for screen readers. */
  error?: string | undefined;
  multiline?: boolean;
  rows?: number;
}

export function TextField({
  label,
  registration,
  error,
  multiline = false,
  rows = 4,
  className = '',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...registration,
  };
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          placeholder={rest.placeholder}
          required={rest.required}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        />
      ) : (
        <input {...rest} {...common} className={`input w-full ${error ? 'input-error' : ''}`} />
      )}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
