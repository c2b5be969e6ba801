import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Logo } from '../ui/logo';
import { ShellNav } from './shell-nav';

/**
 * Small screens' navigation: a menu button opening a drawer with the sidebar's entries. The
 * drawer is a modal dialog: focus moves into it, Tab stays in it, and it closes on Escape, on the
 * backdrop, on its close button, when the user follows one of its links, or on the browser's back
 * and forward buttons (focus then returns to the button). It does not watch the location: a
 * route's code may still be loading when the user opens the drawer again, and the late location
 * change would shut it under their finger.
 */
export function MobileNav({ onStartTour }: { onStartTour: () => void }) {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const drawer = drawerRef.current;
    // Focus the current screen's entry (else the first entry).
    (
      drawer?.querySelector<HTMLElement>('nav a[aria-current="page"]') ??
      drawer?.querySelector<HTMLElement>('nav a')
    )?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      } else if (event.key === 'Tab' && drawer) {
        const focusable = Array.from(drawer.querySelectorAll<HTMLElement>('a[href], button'));
        const first = focusable[0];
        const last = focusable.at(-1);
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    const onHistory = () => setOpen(false);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('popstate', onHistory);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('popstate', onHistory);
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open navigation"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-800 bg-slate-900 text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400 lg:hidden"
      >
        <Menu className="size-5" />
      </button>
      {/* Portalled: the sticky top bar's backdrop blur would otherwise be the drawer's containing block. */}
      {open &&
        createPortal(
          <div className="fixed inset-0 z-50 lg:hidden">
            <div aria-hidden="true" className="absolute inset-0 bg-black/60" onClick={close} />
            <div
              ref={drawerRef}
              id={drawerId}
              role="dialog"
              aria-modal="true"
              aria-label="Navigation"
              className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col border-r border-slate-800 bg-slate-900 shadow-2xl shadow-black/60"
            >
              <div className="flex h-16 items-center justify-between border-b border-slate-800 px-4">
                <Logo to="/dashboard" />
                <button
                  type="button"
                  aria-label="Close navigation"
                  onClick={close}
                  className="flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
                >
                  <X className="size-5" />
                </button>
              </div>
              <ShellNav label="Main" onNavigate={() => setOpen(false)} onStartTour={onStartTour} />
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
