/** Message texts of the spec, verbatim. One place for every text the page shows from the spec. */
export const MESSAGES = {
  noResults: 'Update filter criteria to see more results',
  searchError: 'We are sorry.  There was an issue with your last search.',
  tryAgain: 'Please try again',
  maxSavedSearches: 'You have a maximum of 2 searches saved.',
  addToCompare: 'Add to Compare',
  addedToCompare: 'Added to Compare',
  invalidZip: 'Enter a valid ZIP Code',
  priceSame: 'Min and Max price cannot be the same.',
  priceMaxGreater: 'Max price must be greater than Min price.',
  priceMaxPositive: 'Max price must be greater than 0.',
  budgetUpdated: 'The max price has been updated to match your budget.',
  oneClickComment: 'Please confirm vehicle availability.',
  loadingMore: 'Loading more results...',
  seeMoreResults: 'See More Results',
  sponsoredBy: 'Sponsored by',
  featuredDealer: 'Featured Dealer Near You',
  viewAllCars: 'View All Cars',
  viewVehicles: 'View Vehicles',
  hideVehicles: 'Hide Vehicles',
  hide: 'Hide',
  skipToListings: 'Skip to vehicle Listings',
  subscribe: 'Subscribe',
  subscribed: 'Subscribed!',
  loadMoreError: 'Error fetching more data',
  bookmarkNotFound: 'Bookmark not found',
  requestTimedOut: 'Request timed out',
  eligibilityFailed: 'Eligibility check failed',
  fixedAdFailed: 'Fixed Ad Failed to load',
  expiredListing: (vehicle: string) => `We're sorry, the ${vehicle} you were looking for is no longer available.`,
  expiredListingFollowUp: 'Here are vehicles you may be interested in.',
  breakerOpen: (name: string) => `Circuit Breaker for ${name} is open`,
  filtersHeading: 'Filters',
  seeResults: 'See Results',
  yourSearch: 'Your Search',
  clearFilters: 'Clear Filters',
  /** The 'Your Search' card's save button (page-furniture §2); the alerts remote runs the save. */
  saveSearch: 'Save Search',
  searchSaved: 'Search Saved',
  sortBy: 'Sort by',
  /** Model-name clarification (page-furniture §4 Filter panel). */
  clarificationYes: 'Yes',
  clarificationNo: 'No',
  clarificationNeverAgain: "Don't show me this again",
} as const;

/** Business constants of both specs (section 9 of each). */
export const LIMITS = {
  compareMax: 5,
  freeSavedSearches: 2,
  searchRadiusCap: 100,
  excludedIdsMax: 25,
  similarPageSize: 20,
  supplementalPageSize: 100,
  loadMorePageSize: 30,
  makeLimit: 5,
  browsingHistoryGapMs: 120000,
  notificationWindowMs: 86400000,
  notificationCookieMaxAgeS: 1800,
  consumerDeviceTimeoutMs: 1000,
  mileageThreshold: 50000,
  mileageCeiling: 250000,
  showcaseOwnerVehicles: 2,
  showcaseCarouselMax: 12,
  premiumSpotlights: 3,
  featuredSpotlights: 6,
  standardSpotlights: 6,
  infiniteScrollTrim: 8,
  /** page-furniture §9 'drawer visibility threshold 0.9': the share of the compare drawer in view for it to count as seen. */
  compareDrawerVisibility: 0.9,
  expertReviewsCap: 2,
  emailMaxLength: 45,
  budgetPrice: 20000,
  /** Still-interested alert (page-furniture §9): up to 10 vehicles, 11 year links, 4 images, title cut at 40 (narrow) or 50 characters. */
  stillInterestedVehicles: 10,
  stillInterestedYearLinks: 11,
  stillInterestedImages: 4,
  stillInterestedTitleNarrow: 40,
  stillInterestedTitleWide: 50,
  /** Viewers above which a vehicle's still-interested reason is 'numviewed' (page-furniture §4). */
  stillInterestedViewers: 3,
  /** Mileage FAQ: used searches with more than 14 results and a mileage count above 1 (page-furniture §5). */
  mileageFaqMinResults: 14,
  mileageFaqMinCount: 1,
  /** Used vehicle average age reference (page-furniture §9). */
  usedVehicleAverageAgeYears: 12.5,
  usedVehicleMilesPerYear: 15000,
  /** Money back guarantee: 14 days or 1,000 miles (page-furniture §9). */
  moneyBackDays: 14,
  moneyBackMiles: 1000,
  /** Third-party certified: 30 to 90 day limited warranty (page-furniture §9). */
  thirdPartyWarrantyMinDays: 30,
  thirdPartyWarrantyMaxDays: 90,
  /** Ford Gold certified: up to six years old, under 80,000 miles, 172-point inspection (page-furniture §9). */
  fordGoldMaxAgeYears: 6,
  fordGoldMaxMiles: 80000,
  fordGoldInspectionPoints: 172,
} as const;

/**
 * The email subscribe outcomes and the email field's errors. The spec names danger, success and
 * warning messages but does not show their texts (page-furniture §4 Email-alert prompt, §8); these
 * are the product's, one home for every email capture on the page.
 */
export const SUBSCRIBE_TEXTS = {
  success: "You're subscribed. We'll email you when new cars match this search.",
  warning: 'This email is already subscribed to alerts for this search.',
  danger: "We couldn't subscribe you right now. Please try again.",
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
} as const;
