export function LoadingScreen() {
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-white" role="status" aria-live="polite">
      <p className="text-lg text-slate-700">Loading...</p>
    </div>
  );
}
