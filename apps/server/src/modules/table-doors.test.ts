import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One door per table (ADR 53): a table is written only by the module that declares it. Another
 * module that needs a change there calls the owner's index.ts (account deletion calls auth, mail,
 * uploads, applications and submissions). This reads the sources, so a new cross-module write —
 * through drizzle (`tx.update(users)`) or raw SQL (`delete from sessions`) — fails here.
 */

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/**
 * The writes that stay, and why. The balance column lives on users so that a spend can lock it
 * with the row it pays from (ADR 50); the credits module alone writes it, in the ledger's transaction.
 */
const ALLOWED = ['credits → users (update)'];

interface Source {
  module: string;
  file: string;
  text: string;
}

function sources(): Source[] {
  return fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(MODULES, d.name))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => ({
          module: d.name,
          file: `${d.name}/${f}`,
          text: fs.readFileSync(path.join(MODULES, d.name, f), 'utf8'),
        })),
    );
}

/** Table name → owning module, and drizzle name → table name, from each module's *.schema.ts. */
function owners(all: Source[]) {
  const byTable = new Map<string, string>();
  const byIdentifier = new Map<string, string>();
  for (const s of all.filter((s) => s.file.endsWith('.schema.ts'))) {
    for (const m of s.text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      byTable.set(m[2]!, s.module);
      byIdentifier.set(m[1]!, m[2]!);
    }
  }
  return { byTable, byIdentifier };
}

function crossModuleWrites(all: Source[]): string[] {
  const { byTable, byIdentifier } = owners(all);
  const found = new Set<string>();
  const note = (s: Source, table: string, verb: string) => {
    const owner = byTable.get(table);
    if (owner && owner !== s.module) found.add(`${s.module} → ${table} (${verb})`);
  };
  for (const s of all) {
    for (const m of s.text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
      const table = byIdentifier.get(m[2]!);
      if (table) note(s, table, m[1]!);
    }
    // Raw SQL inside template literals only, so prose in comments is not read as a statement.
    for (const literal of s.text.matchAll(/sql`([^`]*)`/g)) {
      for (const m of literal[1]!.matchAll(/\b(insert\s+into|update|delete\s+from)\s+([a-z_]+)/gi)) {
        note(s, m[2]!, m[1]!.split(/\s+/)[0]!.toLowerCase());
      }
    }
  }
  return [...found].sort();
}

describe('one door per table', () => {
  it('reads every table declaration, so the check below has something to check', () => {
    const { byTable } = owners(sources());
    expect(byTable.get('users')).toBe('auth');
    expect(byTable.get('grant_programs')).toBe('programs');
    expect(byTable.size).toBeGreaterThan(30);
  });

  it('finds a planted cross-module write of either kind', () => {
    const planted: Source[] = [
      ...sources(),
      { module: 'ideas', file: 'ideas/x.ts', text: 'await tx.update(sessions).set({});' },
      {
        module: 'leads',
        file: 'leads/x.ts',
        text: 'await tx.execute(sql`delete from uploads where id = 1`);',
      },
    ];
    expect(crossModuleWrites(planted)).toEqual(
      expect.arrayContaining(['ideas → sessions (update)', 'leads → uploads (delete)']),
    );
  });

  it('no module writes a table another module declares, except the listed ones', () => {
    expect(crossModuleWrites(sources())).toEqual(ALLOWED);
  });
});
