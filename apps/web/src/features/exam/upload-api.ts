import {
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UploadAnswer,
  type UploadedFile,
} from '@medenglish/shared';
import { api } from '../../lib/api';

/** The group and company an upload belongs to, named as SPEC §7's calls name them. */
export interface UploadPlace {
  companyName: string;
  groupName: string;
}

/** POST /getfile: the learner's file in that group (none or one). */
export const uploadQueryKey = (place: UploadPlace) =>
  ['exam-upload', place.companyName, place.groupName] as const;
export function fetchUpload(place: UploadPlace, signal?: AbortSignal): Promise<UploadedFile[]> {
  return api.post<UploadedFile[]>('/getfile', place, { signal });
}

/** Why a chosen file cannot be sent, before sending it (the server checks again, content included). */
export type LocalRefusal = 'noFile' | 'wrongExtension' | 'tooLarge';
export function checkChosenFile(file: Pick<File, 'name' | 'size'> | null): LocalRefusal | null {
  if (!file) return 'noFile';
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name.trim())?.[1]?.toLowerCase() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'wrongExtension';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

/** POST /upload (SPEC §7): multipart email, name, groupName, companyName, file, filename. */
export function sendUpload(
  place: UploadPlace,
  learner: { email: string; name: string },
  file: File,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('email', learner.email);
  form.append('name', learner.name);
  form.append('groupName', place.groupName);
  form.append('companyName', place.companyName);
  form.append('file', file, file.name);
  form.append('filename', file.name);
  return api.post<UploadAnswer>('/upload', form);
}

/** GET /file/delete/{fileId} (SPEC §7 keeps it a GET). */
export function deleteUpload(fileId: string): Promise<{ message: string }> {
  return api.get<{ message: string }>(`/file/delete/${encodeURIComponent(fileId)}`);
}

/** GET /file/{fileId}: a short-lived address of the learner's own file. */
export async function uploadDownloadUrl(fileId: string): Promise<string> {
  return (await api.get<{ url: string }>(`/file/${encodeURIComponent(fileId)}`)).url;
}
