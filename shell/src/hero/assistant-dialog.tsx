/**
 * The shopping assistant's dialog (page-furniture §2), loaded on the first click of the hero's
 * button (hero-assistant.ts): the page's one modal dialog (remote-kit's ModalDialog) listing the
 * suggested actions as buttons. Rendered in its own root at the end of the body while open.
 */
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { HERO_TEXTS, type SuggestedActionId } from '@cfs/contracts';
import { ModalDialog } from '@cfs/remote-kit';
import type { AssistantDialogModule, SuggestedAction } from '../hero-assistant';

export function AssistantDialog(props: { actions: SuggestedAction[]; onAction: (id: SuggestedActionId) => void; onClose: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy="cfs-assistant-heading" onClose={props.onClose} initialFocus={first} className="cfs-dialog">
      <div className="cfs-dialog-head">
        <h2 id="cfs-assistant-heading" className="cfs-dialog-heading">
          {HERO_TEXTS.assistantHeading}
        </h2>
        <button type="button" className="cfs-link-button" onClick={props.onClose}>
          {HERO_TEXTS.close}
        </button>
      </div>
      <p id="cfs-assistant-intro">{HERO_TEXTS.assistantIntro}</p>
      <ul className="cfs-actions" aria-labelledby="cfs-assistant-intro">
        {props.actions.map((a, i) => (
          <li key={a.id}>
            <button ref={i === 0 ? first : undefined} type="button" className="cfs-button cfs-action" onClick={() => props.onAction(a.id)}>
              {a.label}
            </button>
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}

export const openAssistantDialog: AssistantDialogModule['openAssistantDialog'] = ({ doc, actions, onAction, onClose }) => {
  const host = doc.createElement('div');
  host.className = 'cfs-assistant-host';
  doc.body.appendChild(host);
  const root = createRoot(host, { identifierPrefix: 'cfs-assistant-' });
  flushSync(() => root.render(<AssistantDialog actions={actions} onAction={onAction} onClose={onClose} />));
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    root.unmount();
    host.remove();
  };
};
