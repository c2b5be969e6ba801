import { useMutation } from '@tanstack/react-query';
import { accountExportFileName } from '@shared/account/schemas';
import { apiPath } from '@shared/routes';
import { apiText } from '../../../lib/api-client';
import { saveTextFile } from '../../../lib/save-text-file';

/** Downloads every item the server holds for the user as one JSON file. */
export async function exportAccount(): Promise<string> {
  const text = await apiText(apiPath('exportAccount'));
  const fileName = accountExportFileName(new Date());
  saveTextFile(fileName, text, 'application/json;charset=utf-8');
  return fileName;
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}
