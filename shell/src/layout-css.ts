/**
 * The shell's own CSS: the design tokens every region uses (@cfs/contracts tokens.ts), the page
 * frame, regions and the page-level ads (remotes scope their own CSS).
 */
import { buttonCss, tokensCss } from '@cfs/contracts';
import { AD_CSS } from './ads/ad-markup';

export const LAYOUT_CSS = `
${tokensCss()}
${buttonCss()}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--cfs-text);background:#f6f7f9}
.cfs-skip{position:absolute;left:-10000px;top:0;background:#fff;padding:8px;z-index:100}
.cfs-skip:focus{left:8px}
.cfs-hero{padding:16px 24px;background:#fff;border-bottom:1px solid #dde}
.cfs-crumbs{list-style:none;display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;font-size:14px}
.cfs-crumbs li+li::before{content:"/";margin-right:6px;color:#889}
.cfs-hero h1{margin:8px 0 4px;font-size:28px}
.cfs-count-row{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 12px}
.cfs-count{margin:0;color:var(--cfs-muted);font-size:1rem;font-weight:600}
.cfs-learn-more{color:#0a55b8}
.cfs-location{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-top:12px}
.cfs-location-input{font:inherit;width:7em;padding:8px 10px;border:1px solid #889;border-radius:6px}
.cfs-location-input[aria-invalid=true]{border-color:var(--cfs-danger)}
.cfs-location-error{flex-basis:100%;margin:0;color:var(--cfs-danger);font-size:14px}
.cfs-location-error:empty{display:none}
.cfs-hero-top{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px}
.cfs-back{font-size:14px;color:#0a55b8}
.cfs-title-row{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px}
.cfs-private-seller{display:flex;align-items:center;gap:8px;margin:0;font-size:14px;color:#0b6e4f}
.cfs-private-seller[hidden],.cfs-banner[hidden]{display:none}
.cfs-hero-tools{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:8px 16px}
.cfs-assistant-button{background:#fff;color:var(--cfs-accent)}
.cfs-assistant-button[aria-busy=true]{cursor:progress}
.cfs-banner{margin:12px 0 0;padding:10px 14px;border-radius:8px;background:#eef4ff;font-size:14px}
.cfs-banner a{color:#0a55b8}
.cfs-banner-heading{margin:0 0 4px;font-size:16px}
.cfs-sponsored{margin:0 0 2px;font-size:12px;font-weight:600;text-transform:uppercase;color:#556}
.cfs-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
/* Flag stickyHeader (page-furniture §6): the hero stays at the top of the screen. designed: wide screens only; on a phone it would fill the screen. */
@media (min-width:901px){.cfs-hero[data-sticky]{position:sticky;top:0;z-index:20}}
.cfs-dialog{max-width:min(440px,calc(100vw - 32px));border:0;border-radius:12px;padding:20px;box-shadow:0 12px 40px rgb(0 0 0 / 25%)}
.cfs-dialog::backdrop{background:rgb(0 0 0 / 40%)}
.cfs-dialog-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
.cfs-dialog-heading{margin:0;font-size:20px}
.cfs-link-button{font:inherit;background:none;border:0;padding:4px;color:#0a55b8;cursor:pointer;text-decoration:underline}
.cfs-actions{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.cfs-action{width:100%;text-align:left}
.cfs-page{display:grid;grid-template-columns:300px minmax(0,1fr);gap:24px;padding:16px 24px;max-width:1400px;margin:0 auto}
.cfs-main{min-width:0;display:flex;flex-direction:column;gap:16px}
@media (max-width:900px){.cfs-page{grid-template-columns:1fr;padding:12px}}
.cfs-region{contain:layout}
/* The compare drawer is fixed to the screen: layout containment would make its region the drawer's frame. */
.cfs-region-mf-compare{contain:none}
/* Space kept for a region the browser renders (its server render failed or was skipped): right
   for each viewport, and only while the region is empty. A server-rendered region has its size. */
.cfs-region-mf-filters:empty{min-height:480px}
.cfs-region-mf-showcase:empty{min-height:120px}
.cfs-region-mf-alerts:empty{min-height:56px}
.cfs-region-mf-results:empty{min-height:900px}
@media (max-width:900px){.cfs-region-mf-filters:empty{min-height:48px}.cfs-region-mf-showcase:empty{min-height:160px}}
.cfs-region-notice{margin:0;padding:12px 16px;border:1px dashed #aab;border-radius:8px;background:#fff;color:var(--cfs-muted)}
.cfs-error{max-width:640px;margin:80px auto;text-align:center}
.cfs-error .cfs-button{padding:10px 18px}
.cfs-button:focus-visible,a:focus-visible,button:focus-visible{outline:3px solid var(--cfs-highlight);outline-offset:2px}
${AD_CSS}`;
