import { SUBSCRIBE_TEXTS } from '@cfs/contracts';

/**
 * Texts this remote shows that the spec does not give. The spec's own texts (Subscribe,
 * Subscribed!, the maximum-saved message) come from MESSAGES in @cfs/contracts, and so do the
 * email subscribe outcomes and field errors (SUBSCRIBE_TEXTS: every email capture of the page
 * says the same).
 */
export const TEXT = {
  saved: 'Your search has been saved.',
  saveFailed: "We couldn't save your search. Please try again.",
  signInToSave: 'Sign in to save this search.',
  signIn: 'Sign in',
  createAccount: 'Create an account',
  savedSearchesHeading: 'Your saved searches',
  /** designed: the list could not be read (the account could not be checked, or the call failed): never shown as none. */
  savedSearchesUnavailable: 'Your saved searches could not be loaded.',
  /** designed: the saved-search count the valuation brand shows (search-results §6). */
  savedSearchCount: (n: number) => `${n} saved ${n === 1 ? 'search' : 'searches'}`,
  notifyHeading: 'Get notified about new matches for this search',
  notifyOn: 'Turn on notifications',
  notifyNotNow: 'Not now',
  homeScreenHeading: 'One more step',
  homeScreenStep: 'To get notifications on this device, add this page to your home screen: tap Share, then Add to Home Screen.',
  homeScreenDone: 'Done',
  stillInterestedHeading: 'Still interested in these cars?',
  stillInterestedSend: 'Keep me posted',
  stillInterestedClose: 'Close still-interested alert',
  stillInterestedFailed: "We couldn't send your alert. Please try again.",
  /** designed: the label of the year links (page-furniture §9 'up to 11 year links'). */
  stillInterestedYears: (makeModel: string) => `Other years of the ${makeModel}`,
  stillInterestedReasons: {
    reduced: 'Price reduced',
    numviewed: 'Popular: viewed by several shoppers',
    goodgreatprice: 'Good or great price',
    interested: 'You viewed this car',
  },
  formHeading: 'Get email alerts for this search',
  email: 'Email',
  close: 'Close email alerts',
  subscribeSuccess: SUBSCRIBE_TEXTS.success,
  subscribeWarning: SUBSCRIBE_TEXTS.warning,
  subscribeDanger: SUBSCRIBE_TEXTS.danger,
  emailRequired: SUBSCRIBE_TEXTS.emailRequired,
  emailInvalid: SUBSCRIBE_TEXTS.emailInvalid,
} as const;
