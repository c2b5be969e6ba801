/**
 * Spec 3, local browser storage: the keys the app keeps on the device, written once here.
 * (siteAuthenticated is not kept: the site gate is a server-side cookie.)
 */
export const storageKeys = {
  onboardingCompleted: 'onboardingCompleted',
  onboardingCompletedAt: 'onboardingCompletedAt',
  onboardingSkippedAt: 'onboardingSkippedAt',
  lastSeenNewsDate: 'lastSeenNewsDate',
  recentSearches: 'recentSearches',
  /** The server's id of this browser's push subscription (issue 25). */
  pushSubscriptionId: 'pushSubscriptionId',
} as const;
