import { type ReactNode, type TextareaHTMLAttributes } from 'react';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: string;
  /** Rendered under the text area; give it an id and pass it in aria-describedby. */
  hint?: ReactNode;
};

/** A labelled multi-line input in the app's dark style (the counterpart of `FormField`). */
export function TextareaField({ id, label, hint, className = '', ...textareaProps }: TextareaFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        className="mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none disabled:opacity-60"
        {...textareaProps}
      />
      {hint}
    </div>
  );
}
