import { useId } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate, messages, type FileKind } from '@medenglish/shared';
import { useGroupFiles } from '../../api/group-files';
import { DownloadIcon } from './dashboard-icons';
import { useFileDownload } from '../../lib/use-file-download';

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
  const { download, isDownloading } = useFileDownload();

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
            const busy = isDownloading(file);
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
                  aria-disabled={busy}
                  aria-busy={busy}
                  color="primary"
                  sx={busy ? { color: 'action.disabled', cursor: 'default' } : undefined}
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
