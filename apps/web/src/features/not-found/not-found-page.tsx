import { NotFoundNotice } from '../../components/not-found-notice';

/** Unknown paths, and the screens of SPEC §2 that are not built yet. */
export default function NotFoundPage() {
  return <NotFoundNotice />;
}
