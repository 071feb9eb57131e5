import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait 1 s by default; a lazy dialog's first opening or a whole dashboard on a
// busy 2-core machine took longer, and failed tests (submission-dialogs, dashboard-failures) with
// no fault in the code. A wait that never ends still fails, later.
configure({ asyncUtilTimeout: 5_000 });

// Each web test starts from nothing: no mounted screen, the real fetch and clock, and no toast
// (Sonner keeps its toasts beyond a render, so one test's toast could answer for the next).
afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
