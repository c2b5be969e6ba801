import ChevronDown from 'lucide-react/icons/chevron-down';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { InitialsAvatar } from '../ui/initials-avatar';

const itemClasses =
  'block w-full px-4 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 focus:bg-slate-800 focus:outline-none';

/** Top-bar menu named by the user's email (spec 2): Account Settings, View Tutorial and Sign Out. */
export function UserMenu({ email, onViewTutorial }: { email: string; onViewTutorial: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(index + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  async function handleSignOut() {
    setOpen(false);
    await signOut();
    void navigate('/login', { replace: true });
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 max-w-64 items-center gap-2 rounded-lg border border-slate-800 bg-slate-900 px-1.5 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400 sm:px-3"
      >
        <InitialsAvatar name={email.replace(/@.*/, '').replace(/[._-]+/g, ' ')} className="size-7 text-xs" />
        {/* The email names the button; it shows on wide screens, truncated to one line. */}
        <span className="sr-only xl:not-sr-only">
          <span className="block max-w-48 truncate">{email}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-slate-400" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={email}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-lg border border-slate-800 bg-slate-900 py-1 shadow-xl shadow-black/40"
        >
          <div role="none" className="border-b border-slate-800 px-4 py-2.5">
            <p className="text-xs text-slate-400">Signed in as</p>
            <p className="truncate text-sm font-medium text-white">{email}</p>
          </div>
          <Link
            to="/dashboard/account"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => setOpen(false)}
          >
            Account Settings
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => {
              setOpen(false);
              onViewTutorial();
            }}
          >
            View Tutorial
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => void handleSignOut()}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
