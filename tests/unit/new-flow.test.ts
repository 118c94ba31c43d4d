/**
 * `npm run new:flow` on a few copied files (--files-only: no Biome, no plans): what it writes and the
 * lines it adds where a route needs them. `npm run new:flow:check` proves on a whole copy that the
 * result passes lint, typecheck and the sweeps; this checks the edits themselves, quickly.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const copied = [
  'machines/registry.ts',
  'server/app.ts',
  'server/db/schema.ts',
  'server/routes/bookings/bookings.routes.ts',
  'server/routes/bookings/bookings.openapi.ts',
  'contracts/bookings.ts',
  'contracts/common.ts',
  'src/api/bookings.ts',
  'tests/server/support/owner-a.ts',
];
let dir: string;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
const scaffold = (...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/new-flow.ts'), ...args, '--root', dir, '--files-only'],
    {
      encoding: 'utf8',
    },
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'new-flow-'));
  for (const file of copied) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  const run = scaffold('bookings', 'booking-note', '--route', 'PUT', '/api/bookings/:id/note');
  expect(run.status, run.stderr).toBe(0);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run new:flow -- bookings booking-note --route PUT /api/bookings/:id/note', () => {
  it('writes the flow: machine, samples, wiring, view and generated test, and lists it in the registry', () => {
    for (const file of [
      'machines/booking-note.machine.ts',
      'machines/samples/booking-note.samples.ts',
      'src/features/bookings/booking-note.wiring.ts',
      'src/features/bookings/booking-note.tsx',
      'tests/generated/booking-note.generated.test.tsx',
    ])
      expect(existsSync(join(dir, file)), file).toBe(true);
    const machine = read('machines/booking-note.machine.ts');
    expect(machine).toContain("id: 'bookingNote'");
    expect(machine).toContain("runBookingNote: notProvided<void, { id: string }>('runBookingNote')");
    expect(read('machines/registry.ts')).toContain(
      "import { bookingNoteEntry } from './samples/booking-note.samples.ts';",
    );
    expect(read('machines/registry.ts')).toMatch(/ {2}bookingNoteEntry,\n\];/);
    expect(read('src/features/bookings/booking-note.wiring.ts')).toContain('putBookingNote(id, signal)');
  });

  it("adds the scoped route stub, its contract, its OpenAPI entry and the client's function", () => {
    const routes = read('server/routes/bookings/bookings.routes.ts');
    expect(routes).toContain("app.put('/bookings/:id/note', async (c) => {");
    expect(routes).toContain("const id = idParam(c, 'id', 'booking');");
    expect(routes).toContain('.where(and(mine.where(bookings), eq(bookings.bookingid, id)));');
    expect(routes).toContain("throw notFound('booking');");
    expect(read('contracts/bookings.ts')).toContain(
      "export const BookingNoteRequest = v.object({\n  note: singleLineText('Note', 200),",
    );
    expect(read('server/routes/bookings/bookings.openapi.ts')).toContain("'PUT /api/bookings/:id/note': {");
    expect(read('src/api/bookings.ts')).toContain(
      'export const putBookingNote = (id: string, signal?: AbortSignal) =>',
    );
  });

  it("adds the kind's not-found sentence and the path to its fixture row, once", () => {
    expect(read('contracts/common.ts')).toContain("  booking: 'Booking not found.',");
    expect(read('tests/server/support/owner-a.ts')).toMatch(
      / {2}bookingid: \{\s*(?:\/\/[^\n]*\n\s*)?paths: \['bookings\/\{id\}'\]/,
    );
  });

  it('overwrites nothing: the same flow again stops before writing', () => {
    const before = copied.map(read);
    const again = scaffold('bookings', 'booking-note', '--route', 'PUT', '/api/bookings/:id/note');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists');
    expect(copied.map(read)).toEqual(before);
  });
});
