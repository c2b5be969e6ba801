import { type AnchorHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

const variants = {
  primary: 'bg-emerald-500 text-slate-950 hover:bg-emerald-400 focus-visible:outline-emerald-300',
  secondary:
    'border border-slate-700 bg-slate-900 text-slate-100 hover:border-slate-500 hover:bg-slate-800 focus-visible:outline-slate-400',
} as const;

export type LinkButtonVariant = keyof typeof variants;

/** Classes that make a link look like `Button` (for links that navigate, not act). */
export function linkButtonClasses(variant: LinkButtonVariant = 'primary', className = ''): string {
  return `${base} ${variants[variant]} ${className}`;
}

/** An in-app link styled as a button. */
export function LinkButton({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: LinkButtonVariant }) {
  return <Link className={linkButtonClasses(variant, className)} {...props} />;
}

/** An external link (mailto:, tel:) styled as a button. */
export function AnchorButton({
  variant = 'primary',
  className = '',
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: LinkButtonVariant }) {
  return (
    <a className={linkButtonClasses(variant, className)} {...props}>
      {children}
    </a>
  );
}
