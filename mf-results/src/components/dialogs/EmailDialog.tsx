import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, useBus, Button } from '@cfs/remote-kit';
import { displayTitle } from '@cfs/search-query';
import {
  defaultComment,
  LEAD_LIMITS,
  LEAD_TEXTS,
  leadBody,
  leadFormFrom,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadForm,
} from '../../rules/lead-form';
import { ACTION_TEXTS, LEAD_PATH, LEAD_PROFILE_PATH, ONE_CLICK_PATH } from '../../rules/listing-actions';
import { MESSAGES } from '@cfs/contracts';
import { Frame, FormButtons, SendStatus, type SendState } from './Frame';
import type { DialogRequest, HostProps } from './ListingDialog';

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
export function EmailDialog({
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
      <SendStatus state={state} sent={LEAD_TEXTS.sent} failed={LEAD_TEXTS.failed} />
      {state === 'sent' ? (
        <Button ref={doneRef} onClick={onClose}>
          {ACTION_TEXTS.close}
        </Button>
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
          <FormButtons send={ACTION_TEXTS.send} sending={state === 'sending'} onClose={onClose} />
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
