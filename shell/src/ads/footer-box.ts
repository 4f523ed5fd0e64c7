/** The footer leader ad's box in the server frame (ad-markup.ts): its own module, so the shell's first-load code can watch it without the ads' code. */
export const FOOTER_AD_BOX_ID = 'cfs-footer-ad-box';
