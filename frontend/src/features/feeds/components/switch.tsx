import { useId } from 'react';

type SwitchProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the state is called when on / off (e.g. 'Live' / 'Paused'). */
  onText?: string;
  offText?: string;
  disabled?: boolean;
  describedBy?: string;
};

/** An on/off switch (role="switch") named by its visible label, with its state in words beside it. */
export function Switch({
  label,
  checked,
  onChange,
  onText = 'On',
  offText = 'Off',
  disabled,
  describedBy,
}: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-200">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
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
      <span
        className={`text-xs font-semibold ${checked ? 'text-emerald-300' : 'text-slate-400'}`}
        aria-hidden="true"
      >
        {checked ? onText : offText}
      </span>
    </div>
  );
}
