/**
 * The one place the product's contact addresses live (the public pages, and the signed-in app's
 * 'contact sales' and support links). The domain is a placeholder the deployment owner replaces.
 */
export const CONTACT_EMAILS = {
  support: 'support@edgeoptions.app',
  sales: 'sales@edgeoptions.app',
  careers: 'careers@edgeoptions.app',
} as const;

/** Support line; 555-01xx numbers are reserved for fictional use until a real line exists. */
export const SUPPORT_PHONE = { display: '+1 (800) 555-0199', href: 'tel:+18005550199' } as const;

/** Where 'Live Chat' goes: the signed-in Research Assistant (sign-in first when signed out). */
export const LIVE_CHAT_PATH = '/dashboard/research';

/** A mailto: link with an encoded subject. */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
