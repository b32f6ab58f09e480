import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { ChevronRightIcon } from './dashboard-icons';

/** A card that leads to another screen: a title, a sentence and a link styled as a button. */
export function LinkCard(props: {
  title: string;
  text: string;
  to: string;
  action: string;
  icon: typeof ChevronRightIcon;
}) {
  return (
    <SectionCard title={props.title} icon={props.icon}>
      <Typography color="text.secondary" sx={{ flex: 1 }}>
        {props.text}
      </Typography>
      <Button
        component={RouterLink}
        to={props.to}
        variant="outlined"
        endIcon={<ChevronRightIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {props.action}
      </Button>
    </SectionCard>
  );
}
