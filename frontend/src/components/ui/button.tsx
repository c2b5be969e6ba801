import { type ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

const variants = {
  primary:
    'bg-emerald-500 text-slate-950 hover:bg-emerald-400 focus-visible:outline-emerald-300 disabled:bg-emerald-500/60',
  secondary:
    'border border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800 focus-visible:outline-slate-400 disabled:opacity-60',
} as const;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  /** Disables the button and shows a spinner before its (loading) label. */
  isLoading?: boolean;
};

export function Button({
  variant = 'primary',
  isLoading = false,
  disabled,
  className = '',
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    >
      {isLoading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
