import { lazy, Suspense, useState } from 'react';

const CropDialog = lazy(() => import('./crop-dialog'));

/**
 * The crop step for avatar and logo pickers: `pick(file)` opens the dialog (its code loads then),
 * `onCropped` receives the square PNG; render `dialog` somewhere in the page.
 */
export function useImageCrop(onCropped: (image: File, crop?: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const dialog = file ? (
    <Suspense fallback={null}>
      <CropDialog
        file={file}
        onCancel={() => setFile(null)}
        onCropped={(image, square) => {
          setFile(null);
          onCropped(image, square);
        }}
      />
    </Suspense>
  ) : null;
  return { pick: setFile, dialog };
}
