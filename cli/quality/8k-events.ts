import { readdirSync, readFileSync } from 'node:fs';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

/**
 * `npm run quality:8k`: the 5.02 officer-change rules against each hand-labelled held-out set
 * (fixtures/8k-events/held-out/ and held-out-2/ to held-out-21/, each labels.tsv committed before the parser ran on its
 * files), one summary line per set. An entry is right when its person and change match a label (case, an
 * honorific and a trailing "Jr." ignored); role is scored on the matched entries whose label gives one.
 * Every file of a folder is read: a file without labels expects no entry. Misses and false entries are listed.
 */
const norm = (p: string) =>
  p
    .toLowerCase()
    .replace(/^(?:mr|ms|mrs|dr)\.\s+/, '')
    .replace(/,?\s+jr\.?$/, '')
    .replace(/\s+/g, ' ')
    .trim();

type Label = { person: string; role: string | null; change: string };
function score(set: string): void {
  const dir = new URL(`../../fixtures/8k-events/${set}/`, import.meta.url);
  const labels = new Map<string, Label[]>();
  const [, ...rows] = readFileSync(new URL('labels.tsv', dir), 'utf8').trim().split('\n');
  for (const row of rows) {
    const [file, person, role, change] = row.split('\t');
    const list = labels.get(file!) ?? [];
    list.push({ person: person!, role: role === '-' ? null : role!, change: change! });
    labels.set(file!, list);
  }

  let expected = 0;
  let found = 0;
  let right = 0;
  let roleScored = 0;
  let roleRight = 0;
  const lines: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const want = labels.get(file) ?? [];
    const got = officerChanges(readFileSync(new URL(file, dir), 'utf8'));
    expected += want.length;
    found += got.length;
    const used = new Set<number>();
    for (const w of want) {
      const i = got.findIndex(
        (g, k) => !used.has(k) && norm(g.person) === norm(w.person) && g.change === w.change,
      );
      if (i < 0) {
        lines.push(`miss  ${file}: ${w.person} | ${w.role ?? '-'} | ${w.change}`);
        continue;
      }
      used.add(i);
      right++;
      if (w.role) {
        roleScored++;
        if (got[i]!.role?.toLowerCase() === w.role.toLowerCase()) roleRight++;
        else lines.push(`role  ${file}: ${w.person} ${w.change}: got "${got[i]!.role}", label "${w.role}"`);
      }
    }
    got.forEach((g, k) => {
      if (!used.has(k)) lines.push(`false ${file}: ${g.person} | ${g.role ?? '-'} | ${g.change}`);
    });
  }
  for (const l of lines) console.log(l);
  console.log(
    JSON.stringify({
      set,
      labels: expected,
      entries: found,
      right,
      recall: `${right}/${expected} (${pct(right, expected)}%)`,
      precision: `${right}/${found} (${pct(right, found)}%)`,
      role: `${roleRight}/${roleScored}`,
    }),
  );
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '-');
for (const set of [
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
  'held-out-13',
  'held-out-14',
  'held-out-15',
  'held-out-16',
  'held-out-17',
  'held-out-18',
  'held-out-19',
  'held-out-20',
  'held-out-21',
])
  score(set);
