import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AlertColor } from '@mui/material/Alert';
import { formatErrorToast, TOAST_DURATION_MS, type CatalogueEntry } from '@medenglish/shared';

const ToastView = lazy(() => import('./toast-view'));

export interface ToastInput {
  message: string;
  severity?: AlertColor;
  /** SPEC §8: warnings last 6 s, password toasts 2.5 s. */
  durationMs?: number;
}

interface Toast extends Required<ToastInput> {
  id: number;
}

interface ToastApi {
  showToast(toast: ToastInput): void;
  /** A catalogue error of SPEC §8, shown as 'Error {code}: {message}'. */
  showCatalogueError(entry: CatalogueEntry): void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/** The one toast system of the app: toasts queue and show one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const showToast = useCallback((toast: ToastInput) => {
    const severity = toast.severity ?? 'info';
    const durationMs = toast.durationMs ?? TOAST_DURATION_MS[severity === 'info' ? 'success' : severity];
    setQueue((q) => [...q, { id: nextId++, message: toast.message, severity, durationMs }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      showToast,
      showCatalogueError: (entry) =>
        showToast({ message: formatErrorToast(entry.code, entry.message), severity: entry.level }),
    }),
    [showToast],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            {...current}
            open={open}
            onClose={() => setOpen(false)}
            onExited={() => {
              setQueue((q) => q.slice(1));
              setOpen(true);
            }}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
