import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type DialogProps = {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max width of the panel. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** role="alertdialog" for a confirmation. */
  alert?: boolean;
};

const widths = {
  sm: 'w-[min(28rem,calc(100vw-1rem))]',
  md: 'w-[min(36rem,calc(100vw-1rem))]',
  lg: 'w-[min(48rem,calc(100vw-1rem))]',
  xl: 'w-[min(64rem,calc(100vw-1rem))]',
};

/**
 * A modal <dialog> for any screen: focus moves inside and stays there, Escape (or the backdrop)
 * closes it, and focus returns to the control that opened it.
 */
export function Dialog({ title, description, onClose, children, size = 'md', alert = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Taken at the first render, before the dialog moves focus (and before Strict Mode re-runs effects).
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      // jsdom has no showModal; a plain open dialog is enough there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The first field (or a control marked data-autofocus), rather than the close button.
      const first =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('input, select, textarea') ??
        dialog.querySelector<HTMLElement>('button');
      first?.focus();
    }
    return () => {
      // Close before refocusing: the page behind a modal dialog is inert.
      if (typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto max-h-[92vh] max-w-none overflow-y-auto rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-slate-950/80 ${widths[size]}`}
    >
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-300"
          >
            <X className="size-5" />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="mt-1 text-sm text-slate-400">
            {description}
          </div>
        )}
        <div className="mt-5">{children}</div>
      </div>
    </dialog>
  );
}
