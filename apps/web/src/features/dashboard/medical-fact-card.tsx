import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import { LightbulbIcon, RefreshIcon } from './dashboard-icons';
import { useMedicalFact } from './use-medical-fact';

const t = messages.dashboard;

/**
 * SPEC §2 medical fact card: a random fact; clicking it, or the button (Enter or Space), shows
 * another. The fact is a live region, so the new one is read out.
 */
export function MedicalFactCard() {
  const { fact, isPending, isChanging, showAnother } = useMedicalFact();
  return (
    <SectionCard title={t.factCard} icon={LightbulbIcon}>
      {isPending ? (
        <CardBodySkeleton />
      ) : (
        <>
          <Box
            component="blockquote"
            aria-live="polite"
            aria-busy={isChanging}
            onClick={showAnother}
            sx={{
              m: 0,
              cursor: 'pointer',
              borderLeft: 4,
              borderColor: 'primary.main',
              pl: 2,
              py: 0.5,
              opacity: isChanging ? 0.6 : 1,
              transition: 'opacity 150ms',
            }}
          >
            <Typography sx={{ fontSize: '1.05rem', lineHeight: 1.6 }}>{fact?.body ?? t.noFact}</Typography>
          </Box>
          <Button
            variant="text"
            startIcon={<RefreshIcon />}
            onClick={showAnother}
            sx={{ alignSelf: 'flex-start', mt: 'auto' }}
          >
            {t.anotherFact}
          </Button>
        </>
      )}
    </SectionCard>
  );
}
