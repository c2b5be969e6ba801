// This file's process runs in Asia/Tokyo: set before any date is read.
process.env.TZ = 'Asia/Tokyo';
const { importDateTests } = await import('./import-dates');
importDateTests('Asia/Tokyo', -540);

export {};
