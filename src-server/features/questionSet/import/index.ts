/**
 * Importing question sets from a file (XLSX, CSV, Word, JSON), in three stages: parse.ts (file bytes →
 * sheets of rows), validate.ts (rows → questions or row errors) and write.ts (storing the sets); the
 * headers an organiser mapped by hand are remembered in columns.ts. Callers import from here.
 */
export * from './columns';
export * from './parse';
export * from './validate';
export * from './write';
