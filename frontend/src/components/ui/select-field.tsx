import { type ReactNode, type SelectHTMLAttributes } from 'react';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Rendered under the select; give it an id and pass it in aria-describedby. */
  hint?: ReactNode;
};

/** A labelled select in the app's dark style (the counterpart of `FormField`). */
export function SelectField({ id, label, options, hint, className = '', ...selectProps }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={id}
        className="mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none disabled:opacity-60"
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint}
    </div>
  );
}
