import { useId, useRef, useState } from 'react';
import { ModalDialog, Button } from '@cfs/remote-kit';

/** designed: the electric vehicle types the dialog explains (the spec names the dialog, not its text). */
export const EV_TYPES = [
  { name: 'Battery electric (EV)', text: 'Runs on electricity alone, from a battery charged at a plug. No fuel, no tailpipe.' },
  { name: 'Plug-in hybrid (PHEV)', text: 'A battery charged at a plug for shorter trips, and a gas engine for longer ones.' },
  { name: 'Hybrid (HEV)', text: 'A gas engine helped by an electric motor; the battery charges as you drive, with no plug.' },
  { name: 'Fuel cell (FCEV)', text: 'Makes its electricity on board from hydrogen; fills up at a hydrogen station.' },
] as const;

/** The electric vehicle types dialog (page-furniture §2 modals), opened by its button. */
export function ElectricVehicleTypes() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button className="ref-link-button" onClick={() => setOpen(true)}>
        Electric vehicle types
      </Button>
      {open && (
        <ModalDialog labelledBy={headingId} onClose={() => setOpen(false)} initialFocus={close} className="ref-dialog">
          <div className="ref-dialog-head">
            <h2 id={headingId} className="ref-dialog-heading">
              Electric vehicle types
            </h2>
            <Button ref={close} onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
          <dl className="ref-ev-types">
            {EV_TYPES.map((t) => (
              <div key={t.name}>
                <dt>{t.name}</dt>
                <dd>{t.text}</dd>
              </div>
            ))}
          </dl>
        </ModalDialog>
      )}
    </>
  );
}
