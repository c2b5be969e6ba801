import { useId } from 'react';

type SwitchButtonProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the element whose text names the switch. */
  labelledBy: string;
  /** A name of its own, in place of the labelling element's text. */
  name?: string;
  describedBy?: string;
  disabled?: boolean;
};

/** The on/off control itself (role="switch"), named by an element beside it. */
function SwitchButton({ checked, onChange, labelledBy, name, describedBy, disabled }: SwitchButtonProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={name}
      aria-labelledby={name ? undefined : labelledBy}
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
  );
}

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
      <SwitchButton
        checked={checked}
        onChange={onChange}
        labelledBy={`${id}-label`}
        name={name}
        describedBy={description ? `${id}-description` : undefined}
        disabled={disabled}
      />
    </div>
  );
}

type InlineSwitchProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the state is called when on / off (e.g. 'Live' / 'Paused'). */
  onText?: string;
  offText?: string;
  disabled?: boolean;
  describedBy?: string;
};

/** An on/off switch in a toolbar: its label, the control, and its state in words beside it. */
export function InlineSwitch({
  label,
  checked,
  onChange,
  onText = 'On',
  offText = 'Off',
  disabled,
  describedBy,
}: InlineSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-200">
        {label}
      </span>
      <SwitchButton
        checked={checked}
        onChange={onChange}
        labelledBy={`${id}-label`}
        describedBy={describedBy}
        disabled={disabled}
      />
      <span
        className={`text-xs font-semibold ${checked ? 'text-emerald-300' : 'text-slate-400'}`}
        aria-hidden="true"
      >
        {checked ? onText : offText}
      </span>
    </div>
  );
}
