/** The contact details live in src/lib (the signed-in app's features use them too). */
export { CONTACT_EMAILS, LIVE_CHAT_PATH, SUPPORT_PHONE, mailtoHref } from '../../lib/contact-details';
