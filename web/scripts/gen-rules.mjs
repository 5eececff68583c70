// Writes src/generated/rules.json at build time from the bundled maps and armies the engine
// reads (never hand-copied): data/maps/*.json (name, board size, terrain) and
// data/armies/<edition>/*.json (name, note, units), for the lobby's previews. The rules
// themselves (units, cards, terrain) come from the server's rules books at run time.
// Run by `npm run build`/`dev`.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = path.join(root, 'data');
const read = (...p) => readFileSync(path.join(data, ...p), 'utf8');
const jsonFiles = (...dir) =>
  readdirSync(path.join(data, ...dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f.slice(0, -5), JSON.parse(read(...dir, f))]);

const armies = {};
for (const edition of readdirSync(path.join(data, 'armies'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()) {
  armies[edition] = Object.fromEntries(
    jsonFiles('armies', edition).map(([id, a]) => [id, { name: a.name, note: a.note ?? '', units: a.units, general: a.general ?? null }]),
  );
}
const maps = Object.fromEntries(
  jsonFiles('maps').map(([id, m]) => [id, { name: m.name, board: m.board, note: m.note ?? '', terrain: m.terrain ?? {}, rivers: m.rivers ?? [] }]),
);
const out = { armies, maps };
const dir = path.join(root, 'web', 'src', 'generated');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'rules.json'), JSON.stringify(out) + '\n');
console.log(`gen-rules: armies of ${Object.keys(armies).join(', ')}, ${Object.keys(maps).length} maps`);
