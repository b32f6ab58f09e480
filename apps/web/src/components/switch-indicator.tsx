import Box from '@mui/material/Box';

/**
 * The look of a switch, drawn only: for menu items that are themselves the control
 * (role menuitemcheckbox or switch, with aria-checked). MUI's Switch holds an <input>, and an
 * input inside a menu item is a control inside a control (axe nested-interactive): screen readers
 * and keyboards meet it twice.
 */
export function SwitchIndicator({ on }: { on: boolean }) {
  return (
    <Box aria-hidden sx={{ ml: 'auto', pl: 1.5, flexShrink: 0, display: 'inline-flex' }}>
      <Box sx={{ position: 'relative', width: 34, height: 20 }}>
        <Box
          sx={{
            position: 'absolute',
            top: 3,
            left: 0,
            width: 34,
            height: 14,
            borderRadius: 7,
            bgcolor: on ? 'primary.main' : 'text.secondary',
            opacity: on ? 0.6 : 0.45,
          }}
        />
        <Box
          sx={(theme) => ({
            position: 'absolute',
            top: 0,
            left: 0,
            width: 20,
            height: 20,
            borderRadius: '50%',
            boxSizing: 'border-box',
            transform: on ? 'translateX(14px)' : 'none',
            transition: theme.transitions.create('transform', {
              duration: theme.transitions.duration.shortest,
            }),
            bgcolor: on ? 'primary.main' : 'background.paper',
            border: 1,
            borderColor: on ? 'primary.main' : 'text.secondary',
          })}
        />
      </Box>
    </Box>
  );
}
