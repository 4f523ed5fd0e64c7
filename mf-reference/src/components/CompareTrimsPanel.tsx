import { useId, useRef, useState } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { ModalDialog, Button } from '@cfs/remote-kit';
import { TRIM_FEATURES, economyText, fuelFilterDefault, fuelInForce, fuelOptions, msrpText, trimsForFuel, type Trim } from '../rules/trims';
import { ElectricVehicleTypes } from './ElectricVehicleTypes';
import { TableScroll } from './TableScroll';

/**
 * The Compare Trims tab (page-furniture §3 Trim, §4 Compare trims): the trims of the model year
 * with body style, engine, EPA city and highway (MPG or MPGe), national MSRP and image; a fuel
 * filter that starts from the search's fuel type; the compare-trims dialog with each trim's
 * features as Standard, Optional or Not Available.
 */
export function CompareTrimsPanel({ title, trims, query }: { title: string; trims: Trim[]; query: SearchQuery }) {
  const [picked, setPicked] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const fuel = fuelInForce(picked ?? fuelFilterDefault(query), trims);
  const shown = trimsForFuel(trims, fuel);
  const selectId = useId();
  return (
    <>
      <div className="ref-controls">
        <label htmlFor={selectId}>Fuel type</label>
        <select id={selectId} value={fuel} onChange={(e) => setPicked(e.target.value)}>
          {fuelOptions(trims).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <ElectricVehicleTypes />
        <Button onClick={() => setDialog(true)}>Compare trim features</Button>
      </div>
      <TableScroll label={`${title} trims`}>
        <table className="ref-table">
          <caption className="ref-caption">{`${title} trims`}</caption>
          <thead>
            <tr>
              <th scope="col">Trim</th>
              <th scope="col">Image</th>
              <th scope="col">Body style</th>
              <th scope="col">Engine</th>
              <th scope="col">EPA city / highway</th>
              <th scope="col">National MSRP</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((t) => (
              <tr key={t.trimName}>
                <th scope="row">{t.trimName}</th>
                <td>{t.imagePath ? <img src={t.imagePath} alt="" width={96} height={54} loading="lazy" /> : '—'}</td>
                <td>{t.bodyStyle || '—'}</td>
                <td>{t.engineType || '—'}</td>
                <td>{economyText(t) ?? '—'}</td>
                <td>{msrpText(t.nationalMSRP) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {dialog && <CompareTrimsDialog title={title} trims={shown} onClose={() => setDialog(false)} />}
    </>
  );
}

function CompareTrimsDialog({ title, trims, onClose }: { title: string; trims: Trim[]; onClose: () => void }) {
  const headingId = useId();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={headingId} onClose={onClose} initialFocus={close} className="ref-dialog">
      <div className="ref-dialog-head">
        <h2 id={headingId} className="ref-dialog-heading">{`Compare ${title} trims`}</h2>
        <Button ref={close} onClick={onClose}>
          Close
        </Button>
      </div>
      <TableScroll label="Features by trim">
        <table className="ref-table">
          <caption className="ref-caption">Features by trim</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {trims.map((t) => (
                <th scope="col" key={t.trimName}>
                  {t.trimName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TRIM_FEATURES.map((f) => (
              <tr key={f.id}>
                <th scope="row">{f.label}</th>
                {trims.map((t) => (
                  <td key={t.trimName}>{t.features[f.id] ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </ModalDialog>
  );
}
