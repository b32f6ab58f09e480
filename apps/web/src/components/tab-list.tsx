import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  id: string;
  panelId: string;
}

/**
 * Full-width tabs (WAI-ARIA tabs pattern: one tab in the Tab order, arrows, Home and End move and
 * select). The selected tab is underlined by CSS: MUI's Tabs measures its tabs with
 * getBoundingClientRect at every render to place its indicator, a forced layout that cost the
 * dashboard about 40 ms of main thread on a mid-range phone.
 */
export function TabList<V extends string>({
  tabs,
  value,
  onChange,
  vertical = false,
  label,
}: {
  tabs: readonly TabItem<V>[];
  value: V;
  onChange(value: V): void;
  /** Stacked tabs (arrows up and down), the selected one marked on its side (SPEC §2 /webinaire). */
  vertical?: boolean;
  label?: string;
}) {
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const [forward, back] = vertical ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft'];
    const next =
      event.key === forward
        ? (index + 1) % tabs.length
        : event.key === back
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.value);
    refs.current.get(tab.value)?.focus();
  };
  return (
    <Box
      role="tablist"
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      sx={
        vertical
          ? { display: 'flex', flexDirection: 'column', borderRight: 1, borderColor: 'divider' }
          : { display: 'flex', borderBottom: 1, borderColor: 'divider' }
      }
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(node: HTMLButtonElement | null) => {
              if (node) refs.current.set(tab.value, node);
              else refs.current.delete(tab.value);
            }}
            role="tab"
            id={tab.id}
            aria-selected={selected}
            aria-controls={tab.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => move(event, index)}
            sx={{
              flex: vertical ? 'none' : 1,
              minHeight: 44,
              px: 2,
              justifyContent: vertical ? 'flex-start' : 'center',
              textAlign: vertical ? 'left' : 'center',
              fontWeight: 600,
              fontSize: '0.875rem',
              color: selected ? 'primary.main' : 'text.secondary',
              // The underline of the selected tab, drawn inside the tab: nothing to measure.
              boxShadow: selected
                ? vertical
                  ? 'inset -3px 0 0 currentColor'
                  : 'inset 0 -2px 0 currentColor'
                : 'none',
              '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
