/**
 * Texts this remote shows that the spec does not give. The spec's own texts (Subscribe,
 * Subscribed!, the maximum-saved message) come from MESSAGES in @cfs/contracts.
 * Email subscribe outcomes: the spec names danger, success and warning messages but not their
 * texts ("texts not shown"); these are ours.
 */
export const TEXT = {
  saveSearch: 'Save Search',
  searchSaved: 'Search Saved',
  saved: 'Your search has been saved.',
  saveFailed: "We couldn't save your search. Please try again.",
  signInToSave: 'Sign in to save this search.',
  signIn: 'Sign in',
  createAccount: 'Create an account',
  formHeading: 'Get email alerts for this search',
  email: 'Email',
  close: 'Close email alerts',
  subscribeSuccess: "You're subscribed. We'll email you when new cars match this search.",
  subscribeWarning: 'This email is already subscribed to alerts for this search.',
  subscribeDanger: "We couldn't subscribe you right now. Please try again.",
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
} as const;
