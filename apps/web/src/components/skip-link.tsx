import { styled } from '@mui/material/styles';
import { messages } from '@medenglish/shared';

/** The main landmark of every page carries this id, so the skip link has a target. */
export const MAIN_CONTENT_ID = 'main-content';

const Anchor = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(1),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  background: theme.palette.background.paper,
  color: theme.palette.text.primary,
  fontWeight: 600,
  // Off screen until focused by the keyboard.
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
}));

/** First focusable element of every page: jumps over the header and the menu. */
export function SkipLink() {
  return <Anchor href={`#${MAIN_CONTENT_ID}`}>{messages.shell.skipToContent}</Anchor>;
}
