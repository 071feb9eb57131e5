import { useDraftVersion } from '../features/applications/components/draft-version.tsx';
import { SubmissionViewerPage } from '../features/submissions/components/submission-viewer-page.tsx';

/**
 * The result viewer with the applications feature's view of a generated draft (issue 28 §1): the
 * latest version saved in the editor, named, with links to the editor and to version 1.
 */
export function SubmissionViewerRoute() {
  return <SubmissionViewerPage useDraftVersion={useDraftVersion} />;
}
