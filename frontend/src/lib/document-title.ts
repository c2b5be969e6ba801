/**
 * Every screen's document title, 'Scanner · Edge Options' and so on, from the path: one table,
 * one hook (`useDocumentTitle`, mounted once at the root), so no screen can forget its title.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../components/ui/logo';
import { dashboardPath, dashboardScreens } from './dashboard-screens';

const publicTitles: Record<string, string> = {
  '/': 'The AI Edge for Options Trading',
  '/about': 'About',
  '/features': 'Features',
  '/careers': 'Careers',
  '/contact': 'Contact',
  '/help': 'Help Center',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/pricing': 'Pricing',
  '/login': 'Sign In',
  '/signup': 'Create Account',
};

/** Signed-in screens are named as the sidebar names them ('Scanner', 'Journal', ...). */
const screenTitles: Record<string, string> = Object.fromEntries(
  dashboardScreens.map((screen) => [dashboardPath(screen.path), screen.label]),
);

/** 'Scanner · Edge Options' for /dashboard/scanner; the brand alone for a path with no screen. */
export function documentTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = screenTitles[path] ?? publicTitles[path];
  return page ? `${page} · ${BRAND_NAME}` : BRAND_NAME;
}

/** Keeps `document.title` in step with the current route. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
}
