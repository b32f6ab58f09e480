import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { messages } from '@medenglish/shared';

export interface ToastViewProps {
  id: number;
  message: string;
  severity: AlertColor;
  durationMs: number;
  open: boolean;
  onClose(): void;
  onExited(): void;
}

/** The visible part of a toast; loaded with the first toast, so the login route stays light. */
export default function ToastView({
  id,
  message,
  severity,
  durationMs,
  open,
  onClose,
  onExited,
}: ToastViewProps) {
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={durationMs}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      slotProps={{ transition: { onExited } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={severity}
        variant="filled"
        onClose={onClose}
        closeText={messages.common.close}
        sx={{ width: '100%', alignItems: 'center' }}
        // Errors and warnings interrupt (role=alert); other toasts are announced politely.
        role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
