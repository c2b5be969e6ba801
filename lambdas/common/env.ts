import { tables, type TableKey } from '@shared/tables';

/** The physical name of a table, from the environment variable the table definition names. */
export function tableName(key: TableKey): string {
  const name = process.env[tables[key].envVar];
  if (!name) throw new Error(`Missing environment variable ${tables[key].envVar}`);
  return name;
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
