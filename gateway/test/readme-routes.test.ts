/**
 * The gateway README's route table says what the route table is: a row for every route (its name,
 * method and gateway path), and no row for a route that is not there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../src/proxy/route-table';

const README = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## The route table'), README.indexOf('\n## ', README.indexOf('## The route table') + 1));
const rows = new Map(
  section
    .split('\n')
    .filter((l) => /^\| [A-Za-z]/.test(l) && !l.startsWith('| name '))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map((cells) => [cells[1], { method: cells[2], path: cells[3] }]),
);

describe("the README's route table", () => {
  it.each(ROUTES.map((r) => [r.name, r.method, r.path]))('has %s: %s %s', (name, method, routePath) => {
    const row = rows.get(name);
    expect(row).toBeDefined();
    expect(row!.method).toContain(method);
    // A route with no path of its own is the gateway's own call (or served at the sign-in path).
    if (routePath === undefined) expect(row!.path).toMatch(/^— \(/);
    else expect(row!.path).toContain(`\`${routePath}\``);
  });

  it('names no route the table does not have', () => {
    expect([...rows.keys()].filter((name) => !ROUTES.some((r) => r.name === name))).toEqual([]);
  });
});
