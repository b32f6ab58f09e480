import { messages } from '@medenglish/shared';
import { ExamIcon } from '../../components/icons';
import { LinkCard } from './link-card';

const t = messages.dashboard;

/** SPEC §2: the Evaluo exams card, only for companies with activatedEvaluo; opens /evaluo. */
export function EvaluoCard() {
  return (
    <LinkCard title={t.evaluoCard} text={t.evaluoText} to="/evaluo" action={t.evaluoLink} icon={ExamIcon} />
  );
}
