import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Escape, the browser's cancel and the remote's own close controls call this. */
  onClose: () => void;
  /** What takes focus when the dialog opens (the dialog itself when absent). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the page, for every remote: a native <dialog> opened with showModal (the
 * browser's top layer; the rest of the page is inert while it is open), named by its heading.
 * Focus moves in when it opens and back to what had it when it closes; Escape closes it. Render
 * it only while open (mount = open, unmount = closed); it touches the DOM in effects only, so a
 * server render is safe.
 */
export function ModalDialog({ labelledBy, onClose, initialFocus, className, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const opener = el.ownerDocument.activeElement as HTMLElement | null;
    // Browsers without showModal (and jsdom) get a plain open dialog.
    if (typeof el.showModal === 'function') {
      if (!el.open) el.showModal();
    } else {
      el.setAttribute('open', '');
    }
    (initialFocus?.current ?? el).focus();
    return () => {
      if (el.open && typeof el.close === 'function') el.close();
      if (opener?.isConnected && typeof opener.focus === 'function') opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per mount; the focus target is read at that moment
  }, []);

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {children}
    </dialog>
  );
}

/**
 * Copies a link to the clipboard, for every dialog that offers 'Copy link'. When the browser
 * refuses (no permission, no Clipboard API), the field holding the link is selected so the
 * shopper can copy it themselves. Resolves whether it copied.
 */
export async function copyLink(url: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    field?.select();
    return false;
  }
}
