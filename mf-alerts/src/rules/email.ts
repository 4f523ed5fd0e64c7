/**
 * The email-subscribe call (page-furniture §7 Email subscribe; the gateway path is
 * POST /account-api/email-subscriptions) and its outcomes.
 */
import { API_PATHS, type Brand } from '@cfs/contracts';
import { api, ApiError } from '@cfs/remote-kit';
import { TEXT } from './texts';
import type { Message } from './messages';

export const EMAIL_SUBSCRIPTIONS_PATH = API_PATHS.emailSubscribe;

export type Outcome = Message;

/** Required (page-furniture §4); beyond that the spec shows no rule, so we ask for a plain address shape. */
export function checkEmail(email: string): Outcome | null {
  const v = email.trim();
  if (!v) return { tone: 'danger', text: TEXT.emailRequired, field: 'email' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return { tone: 'danger', text: TEXT.emailInvalid, field: 'email' };
  return null;
}

export interface SubscribeRequest {
  email: string;
  brand: Brand;
  /** The serialized search query the alert is for. */
  search: string;
  /** The honeypot: empty for people; the server drops requests where it is filled. */
  textPot: string;
}

/** The consumer metadata update the subscribe call carries (page-furniture §7 Email subscribe). */
export interface ConsumerMetadata {
  emailSubscribe: 'subscribed';
  lastSubscribedSearch: string;
}

export function consumerMetadata(search: string): ConsumerMetadata {
  return { emailSubscribe: 'subscribed', lastSubscribedSearch: search };
}

/** Success, or a warning when the address already has this alert (409), or danger for anything else. */
export async function subscribe(body: SubscribeRequest): Promise<Outcome> {
  try {
    await api(EMAIL_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      json: { ...body, email: body.email.trim(), consumerMetadata: consumerMetadata(body.search) },
    });
    return { tone: 'success', text: TEXT.subscribeSuccess };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { tone: 'warning', text: TEXT.subscribeWarning };
    if (err instanceof ApiError && err.status === 400) return { tone: 'danger', text: TEXT.emailInvalid, field: 'email' };
    return { tone: 'danger', text: TEXT.subscribeDanger };
  }
}
