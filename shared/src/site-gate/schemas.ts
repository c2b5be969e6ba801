/**
 * The site gate's requests and answers, for the handler and the gate screen alike. zod/mini: the
 * gate is checked before the first paint, from the app's entry bundle, which must stay small.
 */
import { boolean, maxLength, minLength, object, strictObject, string, type infer as Infer } from 'zod/mini';

export const SITE_GATE_PASSWORD_MAX = 256;

export const siteGateStateSchema = object({ required: boolean(), unlocked: boolean() });
export type SiteGateState = Infer<typeof siteGateStateSchema>;

export const unlockSiteGateInput = strictObject({
  password: string().check(minLength(1, 'Required'), maxLength(SITE_GATE_PASSWORD_MAX)),
});
export type UnlockSiteGateInput = Infer<typeof unlockSiteGateInput>;
