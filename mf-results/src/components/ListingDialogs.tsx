/**
 * The dialogs of a card's actions (search-results §2 Modals: report, share, email, dealer
 * difference; page-furniture §2 Modals): each the shared ModalDialog of remote-kit (native modal,
 * named by its heading, focus in and back, Escape closes). One is open at a time, hosted once for
 * the whole region (ListingActions.tsx). Forms: every field labelled, its error tied to it with
 * aria-describedby, the first field in error focused and the outcome announced.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { type Listing, type Owner } from '@cfs/contracts';
import { api, copyLink, ModalDialog, useBus } from '@cfs/remote-kit';
import { displayTitle } from '@cfs/search-query';
import { spinFrames, spinPosition, SPIN_DRAG_PX, turnSpin } from '../rules/spin';
import {
  defaultComment,
  LEAD_LIMITS,
  LEAD_TEXTS,
  leadBody,
  leadFormFrom,
  REPORT_REASONS,
  REPORT_TEXTS,
  reportReason,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadForm,
} from '../rules/lead';
import {
  ACTION_TEXTS,
  dealerDiffUrls,
  LEAD_PATH,
  LEAD_PROFILE_PATH,
  ONE_CLICK_PATH,
  readDealerDiff,
  REPORT_PATH,
  type DealerDiffContent,
} from '../rules/listing-actions';
import { MESSAGES } from '@cfs/contracts';

export type DialogRequest =
  | { kind: 'email' | 'edit-email'; listing: Listing; owner: Owner | undefined }
  | { kind: 'report'; listing: Listing }
  | { kind: 'share'; listing: Listing; url: string; canShare: boolean }
  | { kind: 'dealer-diff'; listing: Listing; owner: Owner; contentId: string; label: string }
  | { kind: 'sign-in'; listing: Listing; href: string; title: string }
  | { kind: 'spin'; listing: Listing };

interface HostProps {
  request: DialogRequest;
  onClose: () => void;
  onEmailed: (listingId: string) => void;
}

export function ListingDialog({ request, onClose, onEmailed }: HostProps) {
  switch (request.kind) {
    case 'email':
    case 'edit-email':
      return <EmailDialog request={request} onClose={onClose} onEmailed={onEmailed} />;
    case 'report':
      return <ReportDialog listing={request.listing} onClose={onClose} />;
    case 'share':
      return <ShareDialog listing={request.listing} url={request.url} canShare={request.canShare} onClose={onClose} />;
    case 'dealer-diff':
      return <DealerDiffDialog request={request} onClose={onClose} />;
    case 'sign-in':
      return <SignInDialog href={request.href} title={request.title} onClose={onClose} />;
    case 'spin':
      return <SpinDialog listing={request.listing} onClose={onClose} />;
  }
}

/**
 * The 360° viewer (search-results §3 fyuseId, the images360 flag): the listing's spin, turned with
 * the Previous and Next view buttons, or on the picture (a slider) with the arrow keys or a drag. Its frames are
 * the listing's photos, taken around the car in order (spinFrames); the viewer says which view of
 * how many shows.
 */
function SpinDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const frames = spinFrames(listing);
  const [at, setAt] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ x: number; at: number } | null>(null);
  const turn = (by: number) => setAt((i) => turnSpin(i, by, frames.length));
  const frame = frames[at];
  return (
    <Frame heading={ACTION_TEXTS.spinHeading} listing={listing} onClose={onClose} initialFocus={nextRef}>
      {/* The picture is a slider (its value the view): arrow keys, Home and End, or a drag turn it. */}
      <div
        className="res-spin"
        role="slider"
        tabIndex={0}
        aria-label={ACTION_TEXTS.spinRole}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, frames.length)}
        aria-valuenow={at + 1}
        aria-valuetext={spinPosition(at, frames.length)}
        onKeyDown={(e) => {
          const by = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
          if (by !== undefined) turn(by);
          else if (e.key === 'Home') setAt(0);
          else if (e.key === 'End') setAt(Math.max(0, frames.length - 1));
          else return;
          e.preventDefault();
        }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, at };
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current) return;
          const steps = Math.trunc((e.clientX - drag.current.x) / SPIN_DRAG_PX);
          setAt(turnSpin(drag.current.at, steps, frames.length));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        {frame && <img className="res-spin-frame" src={frame.src} alt={frame.alt} width={600} height={340} draggable={false} />}
      </div>
      <p className="res-spin-position" aria-live="polite">
        {spinPosition(at, frames.length)}
      </p>
      <div className="res-dialog-buttons">
        <button type="button" onClick={() => turn(-1)} disabled={frames.length < 2}>
          {ACTION_TEXTS.spinPrevious}
        </button>
        <button type="button" ref={nextRef} onClick={() => turn(1)} disabled={frames.length < 2}>
          {ACTION_TEXTS.spinNext}
        </button>
      </div>
    </Frame>
  );
}

/** The frame every listing dialog shares: heading, the vehicle, the body and a close button. */
function Frame({
  heading,
  listing,
  onClose,
  children,
  initialFocus,
}: {
  heading: string;
  listing: Listing;
  onClose: () => void;
  children: ReactNode;
  initialFocus?: React.RefObject<HTMLElement | null>;
}) {
  const id = `res-dlg${useId()}`;
  return (
    <ModalDialog labelledBy={id} onClose={onClose} initialFocus={initialFocus} className="res-dialog">
      <div className="res-dialog-head">
        <h2 id={id}>{heading}</h2>
        <button type="button" className="res-dialog-close" onClick={onClose} aria-label={ACTION_TEXTS.close}>
          ×
        </button>
      </div>
      <p className="res-dialog-vehicle">{displayTitle(listing.title)}</p>
      {children}
    </ModalDialog>
  );
}

type SendState = 'form' | 'sending' | 'sent' | 'failed';

const FIELDS: { name: LeadField; label: string; type: string; autoComplete: string; max: number; optional?: boolean }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', max: LEAD_LIMITS.name },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', max: LEAD_LIMITS.name },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', max: LEAD_LIMITS.email },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel', max: LEAD_LIMITS.phone, optional: true },
];

/**
 * Email the seller, or (edit-email) confirm the contact details one-click needs: the details are
 * saved to the lead profile and the one-click message is sent with them (search-results §4).
 */
function EmailDialog({
  request,
  onClose,
  onEmailed,
}: { request: Extract<DialogRequest, { kind: 'email' | 'edit-email' }> } & Omit<HostProps, 'request'>) {
  const bus = useBus();
  const editing = request.kind === 'edit-email';
  const title = displayTitle(request.listing.title);
  const [form, setForm] = useState<LeadForm>(() =>
    leadFormFrom(bus.getState().session.leadProfile, editing ? MESSAGES.oneClickComment : defaultComment(title)),
  );
  const [errors, setErrors] = useState<LeadErrors>({});
  const [state, setState] = useState<SendState>('form');
  const base = `res-lead${useId()}`;
  const firstField = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const fields = editing ? FIELDS.filter((f) => f.name !== 'phone') : FIELDS;

  useEffect(() => {
    if (state === 'sent') doneRef.current?.focus();
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    const found = validateLead(form);
    setErrors(found);
    const firstBad = (Object.keys(found) as LeadField[])[0];
    if (firstBad) {
      (document.getElementById(`${base}-${firstBad}`) as HTMLElement | null)?.focus();
      return;
    }
    setState('sending');
    try {
      if (editing) {
        const body = leadBody(request.listing.id, form);
        const profile = await api<unknown>(LEAD_PROFILE_PATH, {
          method: 'PUT',
          json: { firstName: body.firstName, lastName: body.lastName, email: body.email },
        });
        if (profile && typeof profile === 'object') bus.update('session', { leadProfile: profile as never });
        const answer = await api<{ status?: string }>(ONE_CLICK_PATH, {
          method: 'POST',
          json: { listingId: request.listing.id, comment: body.comment },
        });
        if (answer?.status !== 'SUCCESS') throw new Error(`one-click answered ${String(answer?.status)}`);
      } else {
        const answer = await api<{ status?: string }>(LEAD_PATH, { method: 'POST', json: leadBody(request.listing.id, form) });
        if (answer?.status !== 'SUCCESS') throw new Error(`lead answered ${String(answer?.status)}`);
      }
      onEmailed(request.listing.id);
      setState('sent');
    } catch (err) {
      console.error('[mf-results] email to the seller failed', err);
      setState('failed');
    }
  };

  const heading = editing ? ACTION_TEXTS.editEmailHeading : ACTION_TEXTS.emailHeading;
  return (
    <Frame heading={heading} listing={request.listing} onClose={onClose} initialFocus={firstField}>
      <div role="status" className="res-dialog-status">
        {state === 'sent' && <p className="res-dialog-ok">{LEAD_TEXTS.sent}</p>}
        {state === 'sending' && <p>{ACTION_TEXTS.sending}</p>}
      </div>
      {state === 'failed' && (
        <p role="alert" className="res-dialog-error">
          {LEAD_TEXTS.failed}
        </p>
      )}
      {state === 'sent' ? (
        <button type="button" ref={doneRef} onClick={onClose}>
          {ACTION_TEXTS.close}
        </button>
      ) : (
        <form noValidate onSubmit={submit} className="res-form" aria-describedby={editing ? `${base}-intro` : undefined}>
          {editing && <p id={`${base}-intro`}>{ACTION_TEXTS.editEmailIntro}</p>}
          {fields.map((f, i) => (
            <Field
              key={f.name}
              id={`${base}-${f.name}`}
              label={f.label}
              error={errors[f.name]}
              inputRef={i === 0 ? firstField : undefined}
              input={{
                type: f.type,
                autoComplete: f.autoComplete,
                maxLength: f.max,
                required: !f.optional,
                value: form[f.name],
                onChange: (e) => setForm({ ...form, [f.name]: e.target.value }),
              }}
            />
          ))}
          {!editing && (
            <p className="res-field">
              <label htmlFor={`${base}-comment`}>Message</label>
              <textarea
                id={`${base}-comment`}
                rows={4}
                required
                maxLength={LEAD_LIMITS.comment}
                value={form.comment}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? `${base}-comment-error` : undefined}
                onChange={(e) => setForm({ ...form, comment: e.target.value })}
              />
              {errors.comment && (
                <span id={`${base}-comment-error`} className="res-field-error">
                  {errors.comment}
                </span>
              )}
            </p>
          )}
          <div className="res-dialog-buttons">
            <button type="submit" disabled={state === 'sending'}>
              {ACTION_TEXTS.send}
            </button>
            <button type="button" onClick={onClose}>
              {ACTION_TEXTS.cancel}
            </button>
          </div>
        </form>
      )}
    </Frame>
  );
}

function Field({
  id,
  label,
  error,
  input,
  inputRef,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: React.InputHTMLAttributes<HTMLInputElement>;
  inputRef?: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <p className="res-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="res-field-error">
          {error}
        </span>
      )}
    </p>
  );
}

/** Report listing (search-results §1, §7 report call): a reason, and details ('Other' needs them). */
function ReportDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const base = `res-rep${useId()}`;
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'details'; text: string } | null>(null);
  const [state, setState] = useState<SendState>('form');
  const doneRef = useRef<HTMLButtonElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'sent') doneRef.current?.focus();
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    const out = reportReason(reason, details);
    if ('error' in out) {
      setError({ field: out.field, text: out.error });
      (out.field === 'reason' ? firstRadio.current : (document.getElementById(`${base}-details`) as HTMLElement | null))?.focus();
      return;
    }
    setError(null);
    setState('sending');
    try {
      await api(REPORT_PATH, { method: 'POST', json: { listingId: listing.id, reason: out.reason } });
      setState('sent');
    } catch (err) {
      console.error('[mf-results] report failed', err);
      setState('failed');
    }
  };

  return (
    <Frame heading={ACTION_TEXTS.reportHeading} listing={listing} onClose={onClose} initialFocus={firstRadio}>
      <div role="status" className="res-dialog-status">
        {state === 'sent' && <p className="res-dialog-ok">{REPORT_TEXTS.sent}</p>}
        {state === 'sending' && <p>{ACTION_TEXTS.sending}</p>}
      </div>
      {state === 'failed' && (
        <p role="alert" className="res-dialog-error">
          {REPORT_TEXTS.failed}
        </p>
      )}
      {state === 'sent' ? (
        <button type="button" ref={doneRef} onClick={onClose}>
          {ACTION_TEXTS.close}
        </button>
      ) : (
        <form noValidate onSubmit={submit} className="res-form">
          <fieldset
            aria-invalid={error?.field === 'reason' ? true : undefined}
            aria-describedby={error?.field === 'reason' ? `${base}-reason-error` : undefined}
          >
            <legend>Why are you reporting this listing?</legend>
            {REPORT_REASONS.map((r, i) => (
              <label key={r} className="res-radio">
                <input
                  type="radio"
                  name={`${base}-reason`}
                  value={r}
                  ref={i === 0 ? firstRadio : undefined}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />{' '}
                {r}
              </label>
            ))}
            {error?.field === 'reason' && (
              <span id={`${base}-reason-error`} className="res-field-error">
                {error.text}
              </span>
            )}
          </fieldset>
          <p className="res-field">
            <label htmlFor={`${base}-details`}>Details{reason === 'Other' ? '' : ' (optional)'}</label>
            <textarea
              id={`${base}-details`}
              rows={3}
              maxLength={400}
              value={details}
              aria-invalid={error?.field === 'details' ? true : undefined}
              aria-describedby={error?.field === 'details' ? `${base}-details-error` : undefined}
              onChange={(e) => setDetails(e.target.value)}
            />
            {error?.field === 'details' && (
              <span id={`${base}-details-error`} className="res-field-error">
                {error.text}
              </span>
            )}
          </p>
          <div className="res-dialog-buttons">
            <button type="submit" disabled={state === 'sending'}>
              {ACTION_TEXTS.sendReport}
            </button>
            <button type="button" onClick={onClose}>
              {ACTION_TEXTS.cancel}
            </button>
          </div>
        </form>
      )}
    </Frame>
  );
}

/** Share listing (flag shareListingLink): the link, copied with the Clipboard API, and the device's share sheet. */
function ShareDialog({ listing, url, canShare, onClose }: { listing: Listing; url: string; canShare: boolean; onClose: () => void }) {
  const id = `res-share${useId()}`;
  const [status, setStatus] = useState('');
  const copyRef = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    const copied = await copyLink(url, document.getElementById(id) as HTMLInputElement | null);
    setStatus(copied ? ACTION_TEXTS.copied : ACTION_TEXTS.copyFailed);
  };
  const share = async () => {
    try {
      await navigator.share({ title: displayTitle(listing.title), url });
    } catch (err) {
      // The shopper closing the share sheet is not an error worth showing.
      if ((err as { name?: string })?.name !== 'AbortError') console.error('[mf-results] share failed', err);
    }
  };
  return (
    <Frame heading={ACTION_TEXTS.shareHeading} listing={listing} onClose={onClose} initialFocus={copyRef}>
      <p className="res-field">
        <label htmlFor={id}>{ACTION_TEXTS.shareLinkLabel}</label>
        <input id={id} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </p>
      <div className="res-dialog-buttons">
        <button type="button" ref={copyRef} onClick={copy}>
          {ACTION_TEXTS.copyLink}
        </button>
        {canShare && (
          <button type="button" onClick={share}>
            {ACTION_TEXTS.shareWithApp}
          </button>
        )}
      </div>
      <p role="status" className="res-dialog-status">
        {status}
      </p>
    </Frame>
  );
}

/** How long the dealer difference content may take to load, images included (designed: its cache timeout, page-furniture §9). */
export const DEALER_DIFF_LOAD_MS = 5000;

/**
 * Dealer difference (page-furniture §3, §7, §8): the JSON (CTA, logo) and the HTML, both as the
 * gateway answers them (the HTML sanitised there). The content shows once every image in it has
 * loaded; an image that fails to load rejects the load, and the dialog says the content could not
 * be loaded.
 */
function DealerDiffDialog({ request, onClose }: { request: Extract<DialogRequest, { kind: 'dealer-diff' }>; onClose: () => void }) {
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

/** Anonymous shoppers who save a car are asked to sign in (search-results §2 Sign-in, §6). */
function SignInDialog({ href, title, onClose }: { href: string; title: string; onClose: () => void }) {
  const id = `res-signin${useId()}`;
  const linkRef = useRef<HTMLAnchorElement>(null);
  return (
    <ModalDialog labelledBy={id} onClose={onClose} initialFocus={linkRef} className="res-dialog">
      <div className="res-dialog-head">
        <h2 id={id}>{ACTION_TEXTS.signInHeading}</h2>
        <button type="button" className="res-dialog-close" onClick={onClose} aria-label={ACTION_TEXTS.close}>
          ×
        </button>
      </div>
      <p className="res-dialog-vehicle">{title}</p>
      <p>{ACTION_TEXTS.signInText}</p>
      <p>
        <a ref={linkRef} href={href}>
          {ACTION_TEXTS.signInLink}
        </a>
      </p>
    </ModalDialog>
  );
}
