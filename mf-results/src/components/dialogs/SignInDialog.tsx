import { useId, useRef } from 'react';
import { ModalDialog } from '@cfs/remote-kit';
import { ACTION_TEXTS } from '../../rules/listing-actions';

/** Anonymous shoppers who save a car are asked to sign in (search-results §2 Sign-in, §6). */
export function SignInDialog({ href, title, onClose }: { href: string; title: string; onClose: () => void }) {
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
