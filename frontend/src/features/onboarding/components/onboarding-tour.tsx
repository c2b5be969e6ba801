import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOUR_FADE_MS } from '@shared/constants/timings';
import { Button } from '../../../components/ui/button';
import { IconTile } from '../../../components/ui/icon-tile';
import { TOUR_STEPS } from '../data/tour-steps';
import { type TourOutcome } from '../hooks/use-onboarding-tour';
import { StepPreview } from './step-previews';

type OnboardingTourProps = {
  /** Records the outcome (called at once when the user finishes or skips). */
  onFinish: (outcome: TourOutcome) => void;
  /** The fade-out is over: unmount the tour. */
  onClosed: () => void;
};

/**
 * The onboarding tour (spec 2): six steps with title, description, icon, 'Key Features' and an
 * illustrative preview; a progress bar and 'Step n of N'; Skip Tour and a close icon (both a
 * skip); Previous from step 2; Next, then 'Start Trading'; 'Try Feature' finishes and opens the
 * step's screen. Leaving fades it out over TOUR_FADE_MS. Escape skips, as the close icon does.
 */
export function OnboardingTour({ onFinish, onClosed }: OnboardingTourProps) {
  const navigate = useNavigate();
  const ids = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const step = TOUR_STEPS[index]!;
  const total = TOUR_STEPS.length;
  const last = index === total - 1;

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(onClosed, TOUR_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [leaving, onClosed]);

  function leave(outcome: TourOutcome, route?: string) {
    if (leaving) return;
    onFinish(outcome);
    if (route) void navigate(route);
    setLeaving(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      leave('skipped');
    } else if (event.key === 'Tab') {
      const focusable = Array.from(
        dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [],
      );
      const first = focusable[0];
      const lastFocusable = focusable.at(-1);
      if (
        event.shiftKey &&
        (document.activeElement === first || document.activeElement === dialogRef.current)
      ) {
        event.preventDefault();
        lastFocusable?.focus();
      } else if (!event.shiftKey && document.activeElement === lastFocusable) {
        event.preventDefault();
        first?.focus();
      }
    }
  }

  return (
    <div
      className="fixed inset-0 z-[60] flex items-end justify-center bg-black/70 p-0 transition-opacity ease-out sm:items-center sm:p-4"
      style={{ opacity: leaving ? 0 : 1, transitionDuration: `${TOUR_FADE_MS}ms` }}
      data-leaving={leaving || undefined}
    >
      {/* The dialog's own keys (Escape, Tab kept inside), as the ARIA modal dialog pattern has them. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-description`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex max-h-[100dvh] w-full max-w-xl flex-col overflow-y-auto rounded-t-2xl border border-slate-800 bg-slate-900 shadow-2xl shadow-black/60 focus:outline-none sm:max-h-[90vh] sm:rounded-2xl"
      >
        <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-3">
          <p className="text-xs font-medium text-slate-400">
            Step {index + 1} of {total}
          </p>
          <div
            role="progressbar"
            aria-label="Tour progress"
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={index + 1}
            aria-valuetext={`Step ${index + 1} of ${total}`}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-emerald-400 transition-[width] duration-300"
              style={{ width: `${((index + 1) / total) * 100}%` }}
            />
          </div>
          <button
            type="button"
            aria-label="Close tour"
            onClick={() => leave('skipped')}
            className="flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            <X className="size-5" />
          </button>
        </div>

        <div className="space-y-4 px-5 py-5">
          <div className="flex items-start gap-3">
            <IconTile icon={step.icon} />
            <div>
              <h2 id={`${ids}-title`} className="text-xl font-bold text-white">
                {step.title}
              </h2>
              <p id={`${ids}-description`} className="mt-1 text-sm text-slate-300">
                {step.description}
              </p>
            </div>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-slate-200">Key Features</h3>
            <ul className="mt-2 grid gap-1.5 text-sm text-slate-300 sm:grid-cols-2">
              {step.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <StepPreview step={step.id} />
        </div>

        <div className="flex flex-wrap items-center gap-2 border-t border-slate-800 px-5 py-4">
          <button
            type="button"
            onClick={() => leave('skipped')}
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            Skip Tour
          </button>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            {index > 0 && (
              <Button variant="secondary" onClick={() => setIndex((i) => i - 1)}>
                Previous
              </Button>
            )}
            {step.route && (
              <Button variant="secondary" onClick={() => leave('completed', step.route)}>
                Try Feature
              </Button>
            )}
            {last ? (
              <Button onClick={() => leave('completed')}>Start Trading</Button>
            ) : (
              <Button onClick={() => setIndex((i) => i + 1)}>Next</Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
