import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { errorCatalogue, messages, webinarIcs, webinarLists, type Webinar } from '@medenglish/shared';
import { useDisplayDay } from '../../api/time';
import { useCurrentUser } from '../../api/user';
import { TabList, type TabItem } from '../../components/tab-list';
import { useToast } from '../../components/toast';
import { useCatalogueToast } from '../../components/use-catalogue-toast';
import { visuallyHidden } from '../../components/visually-hidden';
import { saveFile } from '../../lib/save-file';
import { useServerNow } from './use-server-now';
import { WebinarCard, type WebinarActions } from './webinar-card';
import { bookWebinar, cancelWebinar, joinLink, recordingLink, webinarsQuery } from './webinars-api';

const t = messages.webinars;
type Tab = 'upcoming' | 'replays' | 'mine';
const TABS: Tab[] = ['upcoming', 'replays', 'mine'];
const EMPTY: Record<Tab, string> = { upcoming: t.emptyUpcoming, replays: t.emptyReplays, mine: t.emptyMine };

/**
 * SPEC §2 /webinaire (issue 15): three vertical tabs — Webinaires à venir, Replays webinaires, Mes
 * webinaires (SPEC §5) — stacked above the list on a phone. The tab is in the address (?tab=) so
 * a reload or Back keeps it. A list that cannot be read says SPEC §8's 'Error 400: Failed to fetch
 * webinaires' and shows empty.
 */
export default function WebinarPage() {
  const webinars = useQuery(webinarsQuery());
  const { data: user } = useCurrentUser();
  const { timeZone } = useDisplayDay();
  const serverNow = useServerNow();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'upcoming';
  const [busy, setBusy] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { showToast, showCatalogueError } = useToast();
  const baseId = useId();
  useCatalogueToast(webinars.isError, errorCatalogue.webinarsFetch);

  const now = serverNow();
  const userId = user?._id ?? '';
  const lists = webinarLists(webinars.data ?? [], userId, now);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webinarsQuery().queryKey });

  async function act(w: Webinar, work: () => Promise<unknown>, success?: string, failure?: () => void) {
    setBusy(w._id);
    try {
      await work();
      if (success) showToast({ message: success, severity: 'success' });
    } catch {
      failure?.();
    } finally {
      setBusy(null);
      void refresh();
    }
  }

  const actions: WebinarActions = {
    onBook: (w) =>
      user &&
      void act(
        w,
        () => bookWebinar(w, user),
        t.registered,
        () => showCatalogueError(errorCatalogue.webinarRegister),
      ),
    onCancel: (w) =>
      void act(
        w,
        () => cancelWebinar(w._id, userId),
        t.cancelled,
        () => showCatalogueError(errorCatalogue.webinarCancel),
      ),
    onJoin: (w) =>
      void act(
        w,
        async () => {
          const { join_url } = await joinLink(w.meetingId);
          window.open(join_url, '_blank', 'noopener,noreferrer');
        },
        undefined,
        () => showToast({ message: t.notOpenError, severity: 'warning' }),
      ),
    // SPEC §7: the answer is a time-limited address the browser goes to.
    onReplay: (w) =>
      void act(
        w,
        async () => {
          const { url } = await recordingLink(w.recording!);
          window.location.assign(url);
        },
        undefined,
        () => showToast({ message: t.unavailable, severity: 'error' }),
      ),
    onCalendar: (w) => {
      const ics = webinarIcs(w, { joinUrl: null, stamp: new Date(now).toISOString() });
      const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
      saveFile(
        url,
        `${
          w.topic
            .replace(/[^\w -]+/g, '')
            .slice(0, 60)
            .trim() || 'webinar'
        }.ics`,
      );
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };

  const tabs: TabItem<Tab>[] = TABS.map((value) => ({
    value,
    label: t[value],
    id: `${baseId}-tab-${value}`,
    panelId: `${baseId}-panel-${value}`,
  }));
  const shown = lists[tab];
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, maxWidth: 1200 }}
    >
      <TabList<Tab>
        tabs={tabs}
        value={tab}
        vertical={wide}
        label={t.tabsLabel}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
      />
      <Box role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        <Typography component="h2" sx={visuallyHidden}>
          {t[tab]}
        </Typography>
        {webinars.isPending ? (
          <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
            <span role="status" style={visuallyHidden}>
              {messages.common.loading}
            </span>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={200} />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary">{EMPTY[tab]}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {shown.map((w) => (
              <li key={w._id}>
                <WebinarCard
                  webinar={w}
                  userId={userId}
                  now={now}
                  timeZone={timeZone}
                  busy={busy === w._id}
                  actions={actions}
                />
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
