import type { Db } from './client.ts';

/**
 * Drizzle renders a query's SQL afresh on every call, which costs more CPU than a short indexed
 * read itself. The reads every page load makes are built with `sql.placeholder` and rendered once
 * per database. They are prepared without a name, as every other query is sent: a named statement
 * would live in the server session, which PGlite shares between pool connections, and clash after
 * a reconnect.
 */
export function renderOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const rendered = new WeakMap<Db, Q>();
  return (db) => {
    let query = rendered.get(db);
    if (!query) rendered.set(db, (query = build(db)));
    return query;
  };
}

/** Drizzle's `prepare` wants a name; an empty one sends the statement unnamed. */
export const UNNAMED = undefined as unknown as string;
