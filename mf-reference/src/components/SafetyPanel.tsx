import type { SafetyGroup } from '../rules/safety';
import { TableScroll } from './TableScroll';

/** The Safety tab: Safety Ratings and Safety Features, one table each. */
export function SafetyPanel({ name, groups }: { name: string; groups: SafetyGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <TableScroll key={g.name} label={`${g.name} of the ${name}`}>
          <table className="ref-table">
            <caption className="ref-caption">{`${g.name} of the ${name}`}</caption>
            <thead>
              <tr>
                <th scope="col">{g.name === 'Safety Ratings' ? 'Rating' : 'Feature'}</th>
                <th scope="col">{g.name === 'Safety Ratings' ? 'Score' : 'Availability'}</th>
              </tr>
            </thead>
            <tbody>
              {g.features.map((f) => (
                <tr key={f.label}>
                  <th scope="row">{f.label}</th>
                  <td>{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ))}
    </>
  );
}
