import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { messages } from '@medenglish/shared';

/** A short error with a retry, where a screen's data could not be read. */
export function LoadError({
  message,
  retry,
  isRetrying,
}: {
  message: string;
  retry(): void;
  isRetrying: boolean;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={isRetrying}>
          {messages.elearning.retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The group's modules could not be read (course, module and results pages). */
export function ModulesLoadError({ query }: { query: { refetch(): unknown; isFetching: boolean } }) {
  return (
    <LoadError
      message={messages.elearning.modulesFailed}
      retry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}
