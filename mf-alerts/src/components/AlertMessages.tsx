import type { Message } from '../rules/messages';

/**
 * The live regions: success, warning and info messages in a polite status region, danger messages
 * in an alert region. Both regions are always present so screen readers announce changes.
 */
export function AlertMessages({ message, dangerId }: { message: Message | null; dangerId: string }) {
  const danger = message?.tone === 'danger' ? message : null;
  const polite = message && message.tone !== 'danger' ? message : null;
  return (
    <>
      <div role="status" className="alr-status">
        {polite && <MessageText message={polite} />}
      </div>
      <div role="alert" id={dangerId} className="alr-alert">
        {danger && <MessageText message={danger} />}
      </div>
    </>
  );
}

function MessageText({ message }: { message: Message }) {
  return (
    <p className={`alr-message alr-${message.tone}`}>
      {message.text}
      {message.link && (
        <>
          {' '}
          <a className="alr-link" href={message.link.href} onClick={message.link.onFollow}>
            {message.link.label}
          </a>
        </>
      )}
    </p>
  );
}
