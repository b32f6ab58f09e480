import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorCatalogue, formatDate, messages, TUTORIAL_VIDEOS } from '@medenglish/shared';
import { useDisplayDay } from '../../api/time';
import { usePublicConfig } from '../../api/public-config';
import { OpenInNewIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import { VideoPlayer } from '../../components/video-player';
import { visuallyHidden } from '../../components/visually-hidden';
import { BROWSER_CACHE_LINKS } from './browser-cache-links';
import { guideFile, guidesQuery, newsQuery, serviceDeskSearch } from './help-api';

const t = messages.help;

/**
 * SPEC §2 /help (issue 14): intro, news, the guides, browser cache links, the tutorial videos, the
 * FAQ search box that opens the service desk with the question, and the support access button.
 * News and guides that cannot be read raise SPEC §8's 1002 and 1001 and leave the rest working.
 */
export default function HelpPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Typography>{t.intro}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <News />
        <Guides />
        <FaqSearch />
        <Support />
      </Box>
      <Tutorials />
      <BrowserCache />
    </Stack>
  );
}

function News() {
  const news = useQuery(newsQuery());
  const { timeZone } = useDisplayDay();
  useCatalogueToast(news.isError, errorCatalogue.missingNews);
  return (
    <SectionCard title={t.newsTitle}>
      {news.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : !news.data || news.data.length === 0 ? (
        <Typography color="text.secondary">{t.noNews}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {news.data.slice(0, 5).map((item) => (
            <li key={item._id}>
              <Typography variant="body2" color="text.secondary" component="p">
                <time dateTime={item.created_at}>{formatDate(item.created_at, timeZone)}</time>
              </Typography>
              <Typography lang="fr">{item.message}</Typography>
            </li>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function Guides() {
  const guides = useQuery(guidesQuery());
  useCatalogueToast(guides.isError, errorCatalogue.missingGuides);
  return (
    <SectionCard title={t.guidesTitle}>
      {guides.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : !guides.data || guides.data.length === 0 ? (
        <Typography color="text.secondary">{t.noGuides}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {guides.data.map((guide) => (
            <li key={guide._id}>
              <Link
                href={guideFile(guide.filename)}
                download={guide.filename}
                lang="fr"
                aria-label={t.guideDownload(guide.name)}
                sx={{ display: 'inline-flex', py: 1, minHeight: 44, alignItems: 'center' }}
              >
                {guide.name} (PDF)
              </Link>
            </li>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function FaqSearch() {
  const config = usePublicConfig();
  const [query, setQuery] = useState('');
  const [error, setError] = useState(false);
  const template = config.data?.serviceDeskSearchUrl;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return setError(true);
    // The address comes with the public configuration, read long before a question is typed.
    if (!template) return;
    window.open(serviceDeskSearch(template, query), '_blank', 'noopener,noreferrer');
  };
  return (
    <SectionCard title={t.faqTitle}>
      <Typography variant="body2" color="text.secondary">
        {t.faqText}
      </Typography>
      <Box
        component="form"
        role="search"
        onSubmit={onSubmit}
        noValidate
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          type="search"
          label={t.faqLabel}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? t.faqEmpty : undefined}
          sx={{ flex: '1 1 200px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button
          type="submit"
          variant="contained"

          endIcon={<OpenInNewIcon aria-hidden />}
          sx={{ minHeight: 56 }}
        >
          {t.faqSearch}
          <Box component="span" sx={visuallyHidden}>{` ${t.newTab}`}</Box>
        </Button>
      </Box>
    </SectionCard>
  );
}

function Support() {
  const config = usePublicConfig();
  return (
    <SectionCard title={t.supportTitle}>
      <Typography variant="body2" color="text.secondary">
        {t.supportText}
      </Typography>
      {config.data?.helpUrl && (
        <Button
          variant="outlined"
          href={config.data.helpUrl}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewIcon aria-hidden />}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {t.supportButton}
          <Box component="span" sx={visuallyHidden}>{` ${t.newTab}`}</Box>
        </Button>
      )}
    </SectionCard>
  );
}

function Tutorials() {
  const headingId = useId();
  const videos = Array.from({ length: TUTORIAL_VIDEOS }, (_, i) => i + 1);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t.tutorialTitle}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {videos.map((n) => (
          <TutorialVideo key={n} n={n} />
        ))}
      </Box>
    </Box>
  );
}

function TutorialVideo({ n }: { n: number }) {
  const titleId = useId();
  const base = `/media/resources/video/tutorial-${n}`;
  return (
    <Stack spacing={1}>
      <VideoPlayer
        src={`${base}.mp4`}
        poster={`${base}.jpg`}
        captions={{ src: `${base}.vtt`, srcLang: 'fr', label: messages.placement.subtitles }}
        labelledBy={titleId}
      />
      <Typography id={titleId} component="h3" variant="subtitle2">
        {t.tutorialVideo(n)}
      </Typography>
    </Stack>
  );
}

function BrowserCache() {
  return (
    <SectionCard title={t.cacheTitle}>
      <Typography variant="body2">{t.cacheText}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {BROWSER_CACHE_LINKS.map((link) => (
          <li key={link.browser}>
            <Link
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-block', py: 0.75 }}
            >
              {t.cacheLink(link.browser)}
              <Box component="span" sx={visuallyHidden}>{` ${t.newTab}`}</Box>
            </Link>
          </li>
        ))}
      </Box>
    </SectionCard>
  );
}
