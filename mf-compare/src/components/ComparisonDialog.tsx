import { Button, ModalDialog } from '@cfs/remote-kit';
import type { ComparedVehicle, CompareRowKey } from '../rules/comparison';

export const COMPARISON_HEADING = 'Compare vehicles side by side';

/**
 * The side-by-side comparison in the page's one modal dialog (remote-kit ModalDialog: named by its
 * heading, focus in and back, Escape closes): a table with a column per listing (its column
 * header names the car and links to its page) and a row per compared value (row headers).
 */
export function ComparisonDialog({
  vehicles,
  rows,
  onClose,
  onRemove,
}: {
  vehicles: ComparedVehicle[];
  rows: readonly { key: CompareRowKey; label: string }[];
  onClose: () => void;
  onRemove: (id: string) => void;
}) {
  return (
    <ModalDialog labelledBy="cmp-dialog-heading" onClose={onClose} className="cmp-dialog">
      <div className="cmp-dialog-bar">
        <h2 id="cmp-dialog-heading" className="cmp-dialog-heading">
          {COMPARISON_HEADING}
        </h2>
        <Button className="cmp-close" onClick={onClose}>
          Close comparison
        </Button>
      </div>
      {/* Scrolls sideways on small screens (its links and buttons take the keyboard along). */}
      <div className="cmp-table-wrap">
        <table className="cmp-table">
          <caption id="cmp-table-caption">{`${vehicles.length} ${vehicles.length === 1 ? 'vehicle' : 'vehicles'} compared`}</caption>
          <thead>
            <tr>
              <th scope="col">Vehicle</th>
              {vehicles.map((v) => (
                <th scope="col" key={v.id}>
                  {v.image && <img src={v.image} alt="" width={120} height={80} loading="lazy" />}
                  {v.href ? <a href={v.href}>{v.title}</a> : v.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {vehicles.map((v) => (
                  <td key={v.id}>{v.values[r.key]}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Remove</th>
              {vehicles.map((v) => (
                <td key={v.id}>
                  <Button className="cmp-remove" aria-label={`Remove ${v.title} from compare`} onClick={() => onRemove(v.id)}>
                    Remove
                  </Button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </ModalDialog>
  );
}
