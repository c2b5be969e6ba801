import { useCallback, useEffect, useState } from 'react';
import { ONBOARDING_AUTO_SHOW_DELAY_MS } from '@shared/constants/timings';
import {
  shouldAutoShowTour,
  type OnboardingDeviceState,
  type OnboardingProfile,
} from '@shared/profiles/onboarding';
import { storageKeys } from '../../../lib/storage-keys';
import { useRecordOnboarding } from '../api/record-onboarding';

export type TourOutcome = 'completed' | 'skipped';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readDevice(): OnboardingDeviceState {
  const store = storage();
  return {
    completed: store?.getItem(storageKeys.onboardingCompleted) ?? null,
    completedAt: store?.getItem(storageKeys.onboardingCompletedAt) ?? null,
    skippedAt: store?.getItem(storageKeys.onboardingSkippedAt) ?? null,
  };
}

const MODAL_RECHECK_MS = 250;

const anotherModalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/**
 * The tour's state (spec 4): opens by itself ONBOARDING_AUTO_SHOW_DELAY_MS after the profile
 * is known when `shouldAutoShowTour` says so; `start` opens it by hand. Finishing or skipping
 * is stored on this device (onboardingCompleted 'true' and the time) and on the profile.
 */
export function useOnboardingTour(profile: OnboardingProfile | undefined) {
  const [open, setOpen] = useState(false);
  const [handled, setHandled] = useState(false);
  const [run, setRun] = useState(0);
  const record = useRecordOnboarding();

  const due = !handled && shouldAutoShowTour(profile, readDevice(), new Date());

  useEffect(() => {
    if (!due || open) return;
    let timer = 0;
    const show = () => {
      // Never on top of another modal (the daily summary): wait until it is dismissed.
      if (anotherModalOpen()) {
        timer = window.setTimeout(show, MODAL_RECHECK_MS);
        return;
      }
      setHandled(true);
      setOpen(true);
    };
    timer = window.setTimeout(show, ONBOARDING_AUTO_SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due, open]);

  const start = useCallback(() => {
    setHandled(true);
    setRun((n) => n + 1);
    setOpen(true);
  }, []);

  const { mutate } = record;
  const finish = useCallback(
    (outcome: TourOutcome) => {
      const at = new Date().toISOString();
      const store = storage();
      try {
        store?.setItem(storageKeys.onboardingCompleted, 'true');
        store?.setItem(
          outcome === 'completed' ? storageKeys.onboardingCompletedAt : storageKeys.onboardingSkippedAt,
          at,
        );
      } catch {
        // Storage full or blocked: the profile still records it.
      }
      mutate(outcome === 'completed' ? { onboarding_completed_at: at } : { onboarding_skipped_at: at });
    },
    [mutate],
  );

  const close = useCallback(() => setOpen(false), []);

  return { open, run, start, finish, close };
}
