import { type InputHTMLAttributes, type ReactNode } from 'react';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Rendered under the input (hints, rules); give it an id and pass it in aria-describedby. */
  hint?: ReactNode;
};

/** A labelled text input in the app's dark style. */
export function FormField({ id, label, hint, className = '', ...inputProps }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        className="mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none disabled:opacity-60"
        {...inputProps}
      />
      {hint}
    </div>
  );
}
