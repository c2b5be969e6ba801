import { appConfigSchema, type AppConfig } from '@shared/config/app-config';

export const CONFIG_URL = '/config.json';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Fetches and validates the runtime `/config.json` written per stage. */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchImpl(CONFIG_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    throw new ConfigError('The app configuration could not be reached. Check your connection.');
  }
  if (!response.ok) {
    throw new ConfigError(`The app configuration could not be loaded (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('The app configuration is not valid JSON.');
  }
  const parsed = appConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`The app configuration is invalid (${fields}).`);
  }
  return parsed.data;
}
