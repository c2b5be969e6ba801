/** Spec 9: support business hours, as the contact page lists them. */
export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM EST' },
  { days: 'Saturday', hours: '10:00 AM - 4:00 PM EST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** Help text: support answers within this many hours. */
export const SUPPORT_RESPONSE_HOURS = 2;
/** Contact form success text promises a reply within this many hours. */
export const CONTACT_REPLY_HOURS = 24;
