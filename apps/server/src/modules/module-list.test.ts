import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import type { AppModule } from './contract.ts';
import { EXPORT_SECTIONS, MODULES } from './index.ts';

/**
 * ADR 53's "Adding a feature", steps 8 and 11 (ADR 1180): a module folder's `module.ts` is one
 * line in `modules/index.ts`, and a table holding a user's rows is one of some module's
 * `exportSections`. Both lists are written by hand; forgetting either left no failing test before
 * (a module's routes simply never registered; the privacy export silently lacked a table).
 */
const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Tables with a user column that are not in the privacy export, each with why (as found on
 * 2026-11-29, ADR 1180). A new table is added here only with its reason; otherwise it goes into its
 * module's exportSections.
 */
const NOT_EXPORTED: Record<string, string> = {
  sessions: 'sign-in tokens: secrets that work as passwords, not content the user gave',
  password_resets: 'one-time reset tokens, secrets that expire within the hour',
  email_verifications: 'one-time verification codes, secrets that expire',
  idempotency_keys: "a retry's stored answer for a day (ADR 0235); the work it paid for is exported",
  organisation_credit_limits:
    "a limit an organisation's admin set on the member (ADR 0720), not the member's own",
};

const isAppModule = (value: unknown): value is AppModule =>
  typeof value === 'object' && value !== null && typeof (value as AppModule).name === 'string';

describe("ADR 53's hand-written lists", () => {
  it('lists every module folder with a module.ts in modules/index.ts', async () => {
    const folders = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(MODULES_DIR, d.name, 'module.ts')))
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const folder of folders) {
      const exported = (await import(
        pathToFileURL(path.join(MODULES_DIR, folder, 'module.ts')).href
      )) as Record<string, unknown>;
      const modules = Object.values(exported).filter(isAppModule);
      expect(modules, `${folder}/module.ts exports one AppModule`).toHaveLength(1);
      if (!MODULES.includes(modules[0]!)) missing.push(folder);
    }
    expect(missing).toEqual([]);
  });

  it("puts every table with a user's rows in some module's exportSections", () => {
    const exported = new Set(EXPORT_SECTIONS.map((s) => s.table));
    const userTables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((c) => c.name === 'user_id'))
      .map((config) => config.name);
    expect(userTables.length).toBeGreaterThan(10);
    expect(userTables.filter((t) => !exported.has(t) && !(t in NOT_EXPORTED)).sort()).toEqual([]);
    // A stale exception fails too, so the list only says what is true.
    for (const table of Object.keys(NOT_EXPORTED)) expect(exported.has(table), table).toBe(false);
  });
});
