import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatDateTime,
  formatWebinarDuration,
  isJoinOpen,
  JOIN_OPENS_MINUTES_BEFORE,
  messages,
  type Webinar,
} from '@medenglish/shared';

const t = messages.webinars;

export interface WebinarActions {
  onBook(w: Webinar): void;
  onCancel(w: Webinar): void;
  onJoin(w: Webinar): void;
  onReplay(w: Webinar): void;
  onCalendar(w: Webinar): void;
}

/**
 * One webinar (SPEC §2, §4): topic, date, time and length, places left; 'Réserver' becomes
 * 'Réservé' once booked and is off when full; a booked learner may cancel, add it to a calendar
 * and join when the room opens; a past one offers its replay, 'En attente' until there is one.
 */
export function WebinarCard({
  webinar,
  userId,
  now,
  timeZone,
  busy,
  actions,
}: {
  webinar: Webinar;
  userId: string;
  now: number;
  timeZone: string;
  busy: boolean;
  actions: WebinarActions;
}) {
  const titleId = useId();
  const mine = webinar.registered.includes(userId);
  const past = Date.parse(webinar.start) <= now;
  const [day, time] = formatDateTime(webinar.start, timeZone).split(' ');
  const open = isJoinOpen(webinar, now);
  const full = webinar.placesLeft === 0;
  const opensAt = new Date(Date.parse(webinar.start) - JOIN_OPENS_MINUTES_BEFORE * 60_000).toISOString();
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Typography id={titleId} component="h3" variant="subtitle1" lang="en" sx={{ fontWeight: 700 }}>
          {webinar.topic}
        </Typography>
        <Typography variant="body2">
          <time dateTime={webinar.start}>
            {t.date(day ?? formatDate(webinar.start, timeZone), time ?? '')}
          </time>
          {' · '}
          {t.duration(formatWebinarDuration(webinar.duration))}
        </Typography>
        {webinar.speaker && (
          <Typography variant="body2" color="text.secondary">
            {t.speaker(webinar.speaker)}
          </Typography>
        )}
        {webinar.blurb && (
          <Typography variant="body2" lang="en">
            {webinar.blurb}
          </Typography>
        )}
        {!past && (
          <Box>
            <Chip
              size="small"
              variant="outlined"
              color={full ? 'default' : webinar.placesLeft <= 3 ? 'warning' : 'success'}
              label={t.placesLeft(webinar.placesLeft)}
            />
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 1 }}>
          {past ? (
            <Button
              variant="contained"
              disabled={!webinar.recording || busy}
              onClick={() => actions.onReplay(webinar)}
              sx={{ minHeight: 44 }}
            >
              {webinar.recording ? t.replay : t.waiting}
            </Button>
          ) : mine ? (
            <>
              <Button variant="contained" disabled sx={{ minHeight: 44 }}>
                {t.booked}
              </Button>
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => actions.onCancel(webinar)}
                sx={{ minHeight: 44 }}
              >
                {t.cancel}
              </Button>
              <Button onClick={() => actions.onCalendar(webinar)} sx={{ minHeight: 44 }}>
                {t.calendar}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              disabled={full || busy}
              onClick={() => actions.onBook(webinar)}
              sx={{ minHeight: 44 }}
            >
              {full ? t.full : t.book}
            </Button>
          )}
        </Box>
        {mine && open && (
          <Button
            variant="contained"
            color="success"
            onClick={() => actions.onJoin(webinar)}
            sx={{ minHeight: 44, alignSelf: 'flex-start' }}
          >
            {t.join}
          </Button>
        )}
        {mine && !past && !open && (
          <Typography variant="body2" color="text.secondary">
            {t.joinOpensAt(formatDateTime(opensAt, timeZone))}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
