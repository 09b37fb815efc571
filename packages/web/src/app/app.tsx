import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { useAppSelector } from '../lib/store';
import { Toaster } from '../lib/toast';
import { BootGate } from './boot-gate';
import { DocumentTitle } from './document-title';
import { InactiveTab } from './inactive-tab';
import { LoadingScreen } from './loading-screen';
import { router } from './router';

/** Toast durations from SPEC §9: 4 s for errors and plain toasts, 2 s for success, none for loading. */
const TOAST_OPTIONS = {
  duration: 4000,
  className: 'toast',
  success: { duration: 2000, className: 'toast toast--passive' },
  loading: { duration: Infinity },
};

export function App() {
  const tabActive = useAppSelector((state) => state.tabActive);
  return (
    <Suspense fallback={<LoadingScreen reload />}>
      <DocumentTitle />
      {tabActive ? (
        <BootGate>
          <RouterProvider router={router} />
        </BootGate>
      ) : (
        <InactiveTab />
      )}
      <Suspense fallback={null}>
        <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />
      </Suspense>
    </Suspense>
  );
}
