import Button from '@mui/material/Button';
import { TranslateIcon } from './icons';
import { useLanguageChoice } from './use-language-choice';

/** The language switch of the public pages: named in the language it switches to. */
export function LanguageButton() {
  const { other, otherName, choose } = useLanguageChoice();
  return (
    <Button
      lang={other}
      size="small"
      startIcon={<TranslateIcon />}
      onClick={() => choose(other)}
      sx={{ alignSelf: 'flex-end' }}
    >
      {otherName}
    </Button>
  );
}
