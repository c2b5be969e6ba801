// This file's process runs in America/New_York: set before any date is read.
process.env.TZ = 'America/New_York';
const { importDateTests } = await import('./import-dates');
importDateTests('America/New_York', 300);

export {};
