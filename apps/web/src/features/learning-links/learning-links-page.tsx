import { useId } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { learningLinksPath, messages, parentPath, type LinkTheme } from '@medenglish/shared';
import { cardGrid } from '../../components/card-grid';
import { visuallyHidden } from '../../components/visually-hidden';
import { ApiError } from '../../lib/api-error';
import { ArrowBackIcon } from '../../components/icons';
import { IntroCard } from './intro-card';
import { LinkList } from './link-list';
import { linksQuery, themesQuery, topicsQuery } from './learning-links-api';
import { ThemeCard } from './theme-card';

const t = messages.learningLinks;

/**
 * SPEC §2 /learning-links (issue 14): the theme grid (intro card first, International mobility
 * last); /learning-links/{theme}: its topics, or its links when it has none;
 * /learning-links/{theme}/{topic}: the topic's links. Each list has its request, success and
 * failure states (SPEC §4); the back button goes to the parent path.
 */
export default function LearningLinksPage() {
  const { theme, topic } = useParams<{ theme?: string; topic?: string }>();
  if (theme && topic) return <TopicView theme={theme} topic={topic} />;
  if (theme) return <ThemeView theme={theme} />;
  return <ThemeGrid />;
}

function ThemeGrid() {
  const themes = useQuery(themesQuery());
  if (themes.isPending) return <GridSkeleton />;
  if (themes.isError) return <LoadFailed query={themes} />;
  const mobility = themes.data.find((th) => th.name === t.mobility);
  const others = themes.data.filter((th) => th !== mobility);
  return (
    <Box component="ul" sx={{ ...cardGrid, maxWidth: 1200 }}>
      <li>
        <IntroCard />
      </li>
      {others.map((theme) => (
        <li key={theme._id}>
          <ThemeCard theme={theme} />
        </li>
      ))}
      {mobility && (
        <li>
          <ThemeCard theme={mobility} highlighted />
        </li>
      )}
    </Box>
  );
}

function ThemeView({ theme: themeName }: { theme: string }) {
  const themes = useQuery(themesQuery());
  const theme = themes.data?.find((th) => th.name === themeName);
  const topics = useQuery({ ...topicsQuery(themeName), enabled: theme?.hasTopics === true });
  const links = useQuery({ ...linksQuery({ theme: themeName }), enabled: theme?.hasTopics === false });
  const headingId = useId();

  if (themes.isPending) return <ListSkeleton />;
  if (themes.isError) return <LoadFailed query={themes} />;
  if (!theme) return <NotFound />;
  const list = theme.hasTopics ? topics : links;
  return (
    <Page theme={theme} headingId={headingId} heading={theme.name}>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadFailed query={list} />
      ) : theme.hasTopics ? (
        <Box
          component="ul"
          aria-label={t.topicsOf(theme.name)}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {(topics.data ?? []).map((topic) => (
            <li key={topic._id}>
              <Button
                component={RouterLink}
                to={learningLinksPath(theme.name, topic.name)}
                variant="outlined"
                fullWidth
                lang="en"
                sx={{ justifyContent: 'flex-start', minHeight: 56, textAlign: 'left', fontWeight: 600 }}
              >
                {topic.name}
              </Button>
            </li>
          ))}
        </Box>
      ) : (
        <LinkList links={links.data ?? []} labelledBy={headingId} />
      )}
    </Page>
  );
}

function TopicView({ theme: themeName, topic: topicName }: { theme: string; topic: string }) {
  const themes = useQuery(themesQuery());
  const topics = useQuery(topicsQuery(themeName));
  const belongs = topics.data?.some((tp) => tp.name === topicName) ?? false;
  const links = useQuery({ ...linksQuery({ topic: topicName }), enabled: belongs });
  const headingId = useId();
  const theme = themes.data?.find((th) => th.name === themeName);

  if (themes.isPending || topics.isPending) return <ListSkeleton />;
  if (topics.isError && !(topics.error instanceof ApiError && topics.error.status === 404)) {
    return <LoadFailed query={topics} />;
  }
  if (!theme || !belongs) return <NotFound />;
  return (
    <Page theme={theme} headingId={headingId} heading={topicName}>
      {links.isPending ? (
        <ListSkeleton />
      ) : links.isError ? (
        <LoadFailed query={links} />
      ) : (
        <LinkList links={links.data} labelledBy={headingId} />
      )}
    </Page>
  );
}

/** A theme's or topic's page: the back button, the heading, the theme's intro, the list. */
function Page({
  theme,
  heading,
  headingId,
  children,
}: {
  theme: LinkTheme;
  heading: string;
  headingId: string;
  children: React.ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 820 }}>
      <BackButton />
      <Typography id={headingId} component="h2" variant="h5" lang="en" sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      {heading === theme.name && theme.intro && (
        <Typography color="text.secondary" lang="en">
          {theme.intro}
        </Typography>
      )}
      {children}
    </Stack>
  );
}

function BackButton() {
  const { pathname } = useLocation();
  return (
    <Button
      component={RouterLink}
      to={parentPath(pathname)}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', minHeight: 44 }}
    >
      {t.back}
    </Button>
  );
}

function NotFound() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 820 }}>
      <BackButton />
      <Alert severity="info">{t.notFound}</Alert>
    </Stack>
  );
}

function LoadFailed({ query }: { query: UseQueryResult<unknown> }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={() => void query.refetch()} sx={{ minHeight: 44 }}>
          {t.retry}
        </Button>
      }
    >
      {t.loadFailed}
    </Alert>
  );
}

function GridSkeleton() {
  return (
    <Box aria-busy="true" sx={{ maxWidth: 1200 }}>
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Box sx={cardGrid}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" height={240} />
        ))}
      </Box>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Stack spacing={1} aria-busy="true" sx={{ maxWidth: 820 }}>
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}
