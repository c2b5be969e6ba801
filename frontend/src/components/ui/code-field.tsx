import { FormField } from './form-field';

/** A labelled input for a one-time code (email confirmation, reset, authenticator). */
export function CodeField({
  id,
  label,
  value,
  onChange,
  digits,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** When set, only this many digits are valid (authenticator codes are 6). */
  digits?: number;
}) {
  return (
    <FormField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={digits ? `[0-9]{${digits}}` : undefined}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
