import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { DocumentIcon, DownloadIcon, MovieIcon, PdfIcon, SlideshowIcon } from './elearning-icons';
import type { ResourceItem, ResourceKind } from './resources';
import { CardThumbnail } from '../../components/card-thumbnail';

const t = messages.elearning.resources;

const kindIcons: Record<ResourceKind, typeof PdfIcon> = {
  pdf: PdfIcon,
  presentation: SlideshowIcon,
  video: MovieIcon,
  other: DocumentIcon,
};

/** One resource of the group: its thumbnail, title, kind and a download button. */
export function ResourceCard({
  item,
  isDownloading,
  onDownload,
}: {
  item: ResourceItem;
  isDownloading: boolean;
  onDownload(): void;
}) {
  const titleId = useId();
  const KindIcon = kindIcons[item.kind];
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardThumbnail src={item.thumbnail} Icon={KindIcon} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography
          id={titleId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Typography>
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
          <KindIcon fontSize="small" />
          <Typography variant="body2">{t.kinds[item.kind]}</Typography>
        </Box>
        {/* Off while its download starts (no double download), yet focusable: aria-disabled. */}
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={onDownload}
          aria-disabled={isDownloading}
          aria-busy={isDownloading}
          aria-label={t.download(item.title)}
          sx={{
            alignSelf: 'flex-start',
            mt: 'auto',
            ...(isDownloading && { opacity: 0.7, cursor: 'default' }),
          }}
        >
          {t.downloadAction}
        </Button>
      </CardContent>
    </Card>
  );
}
