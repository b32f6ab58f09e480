import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { visuallyHidden } from '../../visually-hidden';
import { ArrowDownIcon, ArrowUpIcon, DragIndicatorIcon } from '../question-icons';
import type { AnswerProps } from './answer-props';
import { dropIndex, moveItem } from './reorder';

type Direction = 'up' | 'down';

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Drag and drop (SPEC §3 type 'd&d'): the chunks come shuffled and the learner puts them in the
 * order of the sentence. answerIndex = the chunk indices in the learner's order.
 *
 * Dragging uses pointer events (mouse, touch and pen alike; HTML5 drag and drop does not work with
 * touch on most phones). The keyboard and switch alternative is a Move up / Move down pair per
 * chunk, and every move is announced in a live region.
 *
 * Submit waits until the learner has moved a chunk at least once (selection stays null until then):
 * the shuffled order as it arrives is not the learner's answer, and an unread question should not
 * be sent by a stray tap on Submit.
 */
export function OrderingAnswer({ question, selection, onChange, labelledBy, disabled }: AnswerProps) {
  const chunks = question.answers;
  const order = selection ?? identity(chunks.length);
  const listRef = useRef<HTMLOListElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ chunk: number; direction: Direction } | null>(null);
  const helpId = useId();

  const announce = useCallback(
    (chunk: number, position: number) =>
      setAnnouncement(messages.placement.moved(chunks[chunk]?.text ?? '', position + 1, chunks.length)),
    [chunks],
  );

  const moveWithButton = (position: number, direction: Direction) => {
    const to = direction === 'up' ? position - 1 : position + 1;
    if (disabled || to < 0 || to >= order.length) return;
    const chunk = order[position]!;
    onChange(moveItem(order, position, to));
    announce(chunk, to);
    setFocusAfterMove({ chunk, direction });
  };

  // The chunk's buttons move with it, and the one pressed may now be inactive (top or bottom of
  // the list): keep the focus on the moved chunk, on the button that still works.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { chunk, direction } = focusAfterMove;
    const same = buttons.current.get(`${chunk}-${direction}`);
    const other = buttons.current.get(`${chunk}-${direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  // While a chunk is dragged, follow the pointer over the whole window: the dragged element moves
  // in the DOM as the order changes, which would end a pointer capture.
  useEffect(() => {
    if (dragged === null) return;
    const currentOrder = () => {
      const items = Array.from(listRef.current?.children ?? []) as HTMLElement[];
      return { items, order: items.map((item) => Number(item.dataset.chunk)) };
    };
    const onMove = (event: globalThis.PointerEvent) => {
      const { items, order: now } = currentOrder();
      const from = now.indexOf(dragged);
      if (from === -1) return;
      const to = dropIndex(
        items.map((item) => item.getBoundingClientRect()),
        from,
        event.clientY,
      );
      if (to !== from) onChange(moveItem(now, from, to));
    };
    const onEnd = () => {
      const { order: now } = currentOrder();
      announce(dragged, now.indexOf(dragged));
      setDragged(null);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
    };
  }, [dragged, onChange, announce]);

  const startDrag = (chunk: number) => (event: PointerEvent<HTMLElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    setDragged(chunk);
  };

  const sentence = order.map((i) => chunks[i]?.text ?? '').join(' ');

  return (
    <Stack spacing={1.5}>
      <Typography id={helpId} color="text.secondary">
        {messages.placement.dragHelp}
      </Typography>
      <Box
        component="ol"
        ref={listRef}
        aria-labelledby={labelledBy}
        aria-describedby={helpId}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {order.map((chunk, position) => {
          const text = chunks[chunk]?.text ?? '';
          const isDragged = dragged === chunk;
          return (
            <Paper
              key={chunk}
              component="li"
              variant="outlined"
              data-chunk={chunk}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                pr: 0.5,
                borderRadius: 2,
                minHeight: 56,
                borderColor: isDragged ? 'primary.main' : 'divider',
                boxShadow: isDragged ? 6 : 0,
                bgcolor: isDragged ? 'action.selected' : 'background.paper',
                position: 'relative',
                zIndex: isDragged ? 1 : 0,
                transition: 'box-shadow 120ms',
              }}
            >
              <Box
                onPointerDown={startDrag(chunk)}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  alignSelf: 'stretch',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  pl: 1,
                  py: 1,
                  cursor: disabled ? 'default' : isDragged ? 'grabbing' : 'grab',
                  // The browser must not scroll or select text while a finger drags a chunk.
                  touchAction: 'none',
                  userSelect: 'none',
                  WebkitUserSelect: 'none',
                }}
              >
                <DragIndicatorIcon sx={{ color: 'text.secondary', flexShrink: 0 }} />
                <Typography
                  component="span"
                  sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere', fontWeight: 500 }}
                >
                  <Box component="span" sx={visuallyHidden}>{`${position + 1}. `}</Box>
                  {text}
                </Typography>
              </Box>
              {(['up', 'down'] as const).map((direction) => (
                <IconButton
                  key={direction}
                  ref={(element) => {
                    const key = `${chunk}-${direction}`;
                    if (element) buttons.current.set(key, element);
                    else buttons.current.delete(key);
                  }}
                  aria-label={
                    direction === 'up' ? messages.placement.moveUp(text) : messages.placement.moveDown(text)
                  }
                  disabled={disabled || (direction === 'up' ? position === 0 : position === order.length - 1)}
                  onClick={() => moveWithButton(position, direction)}
                  sx={{ width: 44, height: 44 }}
                >
                  {direction === 'up' ? <ArrowUpIcon /> : <ArrowDownIcon />}
                </IconButton>
              ))}
            </Paper>
          );
        })}
      </Box>
      <Typography aria-hidden sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {messages.placement.yourSentence}
        </Box>
        {' : '}
        {sentence}
      </Typography>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Stack>
  );
}
