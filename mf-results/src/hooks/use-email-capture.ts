import { useSyncExternalStore } from 'react';
import { closeEmailSubscribe, emailSubscribeValue, onEmailSubscribeChange } from '@cfs/remote-kit';

const readClosed = () => emailSubscribeValue() === 'closed';

/**
 * Whether an email form was closed in this session (the session value 'emailSubscribe', which
 * the alerts region's prompt keeps too), and the close. Read in the browser only: the server
 * cannot know, and a hydration starts from what the server rendered (the server snapshot).
 */
export function useCaptureClosed(): [boolean, () => void] {
  const closed = useSyncExternalStore(onEmailSubscribeChange, readClosed, () => false);
  return [closed, closeEmailSubscribe];
}
