import { Link } from 'react-router';
import { Card } from './ui/card.tsx';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md p-6">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-700">Did you forget to add the page to the router?</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
          Back to home
        </Link>
      </Card>
    </main>
  );
}
