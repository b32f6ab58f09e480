import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messages, type LearningLink } from '@medenglish/shared';
import { OpenInNewIcon } from '../../components/icons';
import { visuallyHidden } from '../../components/visually-hidden';

const t = messages.learningLinks;

/** External links, each opened in a new tab without handing the opener to the other site. */
export function LinkList({ links, labelledBy }: { links: LearningLink[]; labelledBy: string }) {
  if (links.length === 0) return <Typography>{t.noLinks}</Typography>;
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {links.map((link) => (
        <Box
          component="li"
          key={link._id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
        >
          <Link
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            lang="en"
            underline="hover"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, minHeight: 56, fontWeight: 600 }}
          >
            <Box component="span" sx={{ flex: 1 }}>
              {link.name}
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block', fontWeight: 400, overflowWrap: 'anywhere' }}
              >
                {new URL(link.url).host.replace(/^www\./, '')}
              </Typography>
            </Box>
            <OpenInNewIcon fontSize="small" aria-hidden />
            <Box component="span" sx={visuallyHidden}>{` ${t.newTab}`}</Box>
          </Link>
        </Box>
      ))}
    </Box>
  );
}
