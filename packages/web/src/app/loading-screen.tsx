import { Spinner } from '../ui';

export function LoadingScreen() {
  return (
    <div className="loading-screen" data-testid="loading-screen">
      <Spinner size={28} label="Loading" />
    </div>
  );
}
