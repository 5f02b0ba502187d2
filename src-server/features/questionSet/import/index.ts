/**
 * Importing a question set from a file (JSON, CSV, XLSX), in three stages: parse.ts (file bytes →
 * rows), validate.ts (rows → questions or row errors) and write.ts (storing the set). Callers import
 * from here.
 */
export * from './parse';
export * from './validate';
export * from './write';
