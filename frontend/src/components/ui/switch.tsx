import { useId } from 'react';

type SwitchProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A line under the label, read with it by assistive technology. */
  description?: string;
  disabled?: boolean;
  /** The switch's accessible name when the visible label alone is not unique (it should start with the label). */
  name?: string;
};

/** An on/off switch (role="switch") named by its visible label, for settings lists. */
export function Switch({ label, checked, onChange, description, disabled, name }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <span id={`${id}-label`} className="text-sm font-medium text-slate-100">
          {label}
        </span>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-xs text-slate-400">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={name}
        aria-labelledby={name ? undefined : `${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300 disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-emerald-500' : 'bg-slate-700'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
    </div>
  );
}
