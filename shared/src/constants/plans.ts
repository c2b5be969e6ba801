/** Spec 9, plans and trial. */
export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 30;
