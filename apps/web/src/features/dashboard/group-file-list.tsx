import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate, messages, type FileKind, type StoredFile } from '@medenglish/shared';
import { fetchDownloadUrl, useGroupFiles } from '../../api/group-files';
import { useToast } from '../../components/toast';
import { DownloadIcon } from './dashboard-icons';
import { saveFile } from '../../lib/save-file';

const t = messages.dashboard;

interface GroupFileListProps {
  kind: FileKind;
  title: string;
  companyId: string;
  groupId: string;
  /** The display time zone of the dates (the server's). */
  timeZone: string;
}

/**
 * One list of group documents with a download button each; 'Pas de fichier(s) trouvé(s)' when it
 * is empty or cannot be read (SPEC §8: other failures are silent).
 */
export function GroupFileList({ kind, title, companyId, groupId, timeZone }: GroupFileListProps) {
  const headingId = useId();
  const { data: files = [], isPending } = useGroupFiles(kind, companyId, groupId);
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
      showToast({ message: t.downloadFailed, severity: 'error' });
    } finally {
      mark(file.id, false);
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {isPending ? (
        <Skeleton variant="text" width="80%" />
      ) : files.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.noFile}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {files.map((file) => {
            const isDownloading = downloading.has(file.id);
            return (
              <Box component="li" key={file.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(file.createdTime, timeZone)}
                  </Typography>
                </Box>
                {/* Off while its download starts (no double download), yet focusable:
                    aria-disabled rather than disabled, so a keyboard user keeps their place. */}
                <IconButton
                  aria-label={t.download(file.name)}
                  onClick={() => void download(file)}
                  aria-disabled={isDownloading}
                  aria-busy={isDownloading}
                  color="primary"
                  sx={isDownloading ? { color: 'action.disabled', cursor: 'default' } : undefined}
                >
                  <DownloadIcon />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
