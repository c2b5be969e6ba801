import * as z from 'zod';

export const contactCategories = [
  'general',
  'technical',
  'billing',
  'trading',
  'enterprise',
  'partnership',
] as const;
export type ContactCategory = (typeof contactCategories)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

/** POST /api/contact and the contact form (spec 3 and 5). Category defaults to general. */
export const contactMessageInput = z
  .object({
    name: requiredText(CONTACT_LIMITS.name),
    email: z.string().trim().max(CONTACT_LIMITS.email).pipe(z.email()),
    subject: requiredText(CONTACT_LIMITS.subject),
    category: z.enum(contactCategories).default('general'),
    message: requiredText(CONTACT_LIMITS.message),
  })
  .strict();
export type ContactMessageInput = z.infer<typeof contactMessageInput>;
export type ContactFormValues = z.input<typeof contactMessageInput>;

/** POST /api/contact answers 202 with the stored message's id. */
export const contactReceiptSchema = z.object({ id: z.string(), status: z.literal('received') });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
