// This file's process runs in UTC: set before any date is read.
process.env.TZ = 'UTC';
const { importDateTests } = await import('./import-dates');
importDateTests('UTC', 0);

export {};
