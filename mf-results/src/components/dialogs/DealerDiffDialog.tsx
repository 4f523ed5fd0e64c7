import { useEffect, useRef, useState } from 'react';
import { api } from '@cfs/remote-kit';
import { ACTION_TEXTS, dealerDiffUrls, readDealerDiff, type DealerDiffContent } from '../../rules/listing-actions';
import { Frame } from './Frame';
import type { DialogRequest } from './ListingDialog';

/** How long the dealer difference content may take to load, images included (designed: its cache timeout, page-furniture §9). */
export const DEALER_DIFF_LOAD_MS = 5000;

/**
 * Dealer difference (page-furniture §3, §7, §8): the JSON (CTA, logo) and the HTML, both as the
 * gateway answers them (the HTML sanitised there). The content shows once every image in it has
 * loaded; an image that fails to load rejects the load, and the dialog says the content could not
 * be loaded.
 */
export function DealerDiffDialog({ request, onClose }: { request: Extract<DialogRequest, { kind: 'dealer-diff' }>; onClose: () => void }) {
  const [content, setContent] = useState<DealerDiffContent | null>(null);
  const [state, setState] = useState<'loading' | 'checking' | 'ready' | 'failed'>('loading');
  const body = useRef<HTMLDivElement>(null);
  const { listing, owner, contentId } = request;

  useEffect(() => {
    let live = true;
    const urls = dealerDiffUrls(contentId, listing, owner.id);
    Promise.all([api<unknown>(urls.json), fetchText(urls.html)])
      .then(([json, html]) => {
        if (!live) return;
        setContent(readDealerDiff(json, html));
        setState('checking');
      })
      .catch((err) => {
        console.error('[mf-results] dealer difference content failed', err);
        if (live) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [contentId, listing, owner.id]);

  useEffect(() => {
    if (state !== 'checking' || !body.current) return;
    let live = true;
    imagesLoaded(body.current, DEALER_DIFF_LOAD_MS).then(
      () => live && setState('ready'),
      (err) => {
        console.error('[mf-results] dealer difference image failed to load', err);
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [state]);

  return (
    <Frame heading={request.label} listing={listing} onClose={onClose}>
      <div role="status" className="res-dialog-status">
        {(state === 'loading' || state === 'checking') && <p>{ACTION_TEXTS.loading}</p>}
      </div>
      {state === 'failed' && (
        <p role="alert" className="res-dialog-error">
          {ACTION_TEXTS.dealerDiffFailed}
        </p>
      )}
      {content && state !== 'failed' && (
        <div ref={body} hidden={state !== 'ready'} className="res-dealer-diff">
          {content.logo && <img className="res-dealer-logo" src={content.logo} alt={`${owner.name} logo`} width={120} height={60} />}
          {/* Sanitised by the gateway (sanitize-html) before it reaches the page. */}
          <div className="res-dealer-html" dangerouslySetInnerHTML={{ __html: content.html }} />
          {content.cta && (
            <p>
              <a
                className="res-dealer-cta"
                href={content.cta.href}
                {...(content.cta.offsite ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {content.cta.label}
              </a>
            </p>
          )}
        </div>
      )}
    </Frame>
  );
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  return res.text();
}

/** Resolves once every image inside `root` has loaded; rejects when one fails or the time runs out. */
export function imagesLoaded(root: HTMLElement, timeoutMs: number): Promise<void> {
  const imgs = [...root.querySelectorAll('img')];
  return new Promise<void>((resolve, reject) => {
    let left = imgs.length;
    if (left === 0) return resolve();
    const timer = setTimeout(() => reject(new Error('dealer difference images timed out')), timeoutMs);
    const done = () => {
      left -= 1;
      if (left === 0) {
        clearTimeout(timer);
        resolve();
      }
    };
    const fail = (img: HTMLImageElement) => {
      clearTimeout(timer);
      reject(new Error(`image failed to load: ${img.getAttribute('src') ?? ''}`));
    };
    for (const img of imgs) {
      if (img.complete && img.naturalWidth > 0) done();
      else if (img.complete && img.getAttribute('src')) fail(img);
      else {
        img.addEventListener('load', done, { once: true });
        img.addEventListener('error', () => fail(img), { once: true });
      }
    }
  });
}
