import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useShared, WantedNow, Button } from '@cfs/remote-kit';
import { mayNotify, needsHomeScreen, notificationAction, permissionState } from '../rules/notification-prompt';
import {
  markPromptShown,
  notificationSnapshot,
  notifyNotificationChange,
  onNotificationChange,
  registerDevice,
} from '../rules/push-device';
import { TEXT } from '../rules/texts';

/**
 * The notification prompt: "Get notified about new matches" with 'Turn on notifications' and
 * 'Not now'. Shown once; granted registers the device; blocked shows nothing; on iOS outside the
 * home screen an add-to-home-screen step follows the grant. Texts are designed (the spec shows none).
 */
export function NotificationPrompt() {
  const query = useShared((s) => s.search.query);
  const brand = useShared((s) => s.brand.brand);
  const enabled = useShared((s) => s.brand.flags.notificationPrompt);
  const lastInventoryView = useShared((s) => s.session.lastInventoryView ?? null);
  const snapshot = useSyncExternalStore(onNotificationChange, notificationSnapshot, () => 'server');
  const [step, setStep] = useState<'ask' | 'home-screen' | 'done'>('ask');
  const headingId = useId();
  const registered = useRef(false);

  const [permission = 'unsupported', shown = '', opened = '0'] = snapshot.split('|');
  const action =
    snapshot === 'server'
      ? 'none'
      : notificationAction({
          enabled,
          supported: permission !== 'unsupported',
          permission: permissionState(permission),
          shownBefore: shown === 'shown',
          lastInventoryView,
          now: Number(opened),
          query,
        });

  // Granted already: register once.
  useEffect(() => {
    if (action !== 'register' || registered.current) return;
    registered.current = true;
    void registerDevice(brand);
  }, [action, brand]);

  if (step === 'home-screen') {
    return (
      <section className="alr-notify" aria-labelledby={headingId}>
        <h2 id={headingId} className="alr-form-heading">
          {TEXT.homeScreenHeading}
        </h2>
        <p>{TEXT.homeScreenStep}</p>
        <Button onClick={() => setStep('done')}>{TEXT.homeScreenDone}</Button>
      </section>
    );
  }
  // The server render (and its hydration) cannot tell: the browser decides, with the code at once.
  if (snapshot === 'server') return mayNotify({ enabled, lastInventoryView, query }) ? <WantedNow /> : null;
  if (action !== 'prompt' || step === 'done') return null;

  async function turnOn() {
    // This answer registers the device itself: the re-render while the browser asks must not too.
    registered.current = true;
    markPromptShown();
    const answer = await Notification.requestPermission();
    if (answer === 'granted') {
      await registerDevice(brand);
      const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
      setStep(needsHomeScreen(navigator.userAgent, standalone) ? 'home-screen' : 'done');
    } else setStep('done');
    notifyNotificationChange();
  }

  return (
    <section className="alr-notify" aria-labelledby={headingId}>
      <h2 id={headingId} className="alr-form-heading">
        {TEXT.notifyHeading}
      </h2>
      <Button variant="primary" onClick={() => void turnOn()}>
        {TEXT.notifyOn}
      </Button>
      <Button
        onClick={() => {
          markPromptShown();
          setStep('done');
        }}
      >
        {TEXT.notifyNotNow}
      </Button>
    </section>
  );
}
