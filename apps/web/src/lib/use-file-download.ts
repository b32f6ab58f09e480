import { useRef, useState } from 'react';
import { messages, type StoredFile } from '@medenglish/shared';
import { fetchDownloadUrl } from '../api/group-files';
import { useToast } from '../components/toast';
import { saveFile } from './save-file';

/**
 * Downloads a group file (dashboard group card, /elearning/resources): POST /googlestorage/download for its address, then saves it. One
 * download per file at a time (a double click starts one), an error toast when it cannot start.
 */
export function useFileDownload() {
  const { showToast } = useToast();
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  /** Read synchronously, so that a double click starts one download, not two. */
  const inFlight = useRef(new Set<string>());

  function mark(id: string, busy: boolean) {
    if (busy) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setDownloading(new Set(inFlight.current));
  }

  async function download(file: StoredFile) {
    if (inFlight.current.has(file.id)) return;
    mark(file.id, true);
    try {
      saveFile(await fetchDownloadUrl(file), file.name);
    } catch {
      showToast({ message: messages.common.downloadFailed, severity: 'error' });
    } finally {
      mark(file.id, false);
    }
  }

  return { download, isDownloading: (file: StoredFile) => downloading.has(file.id) };
}
