import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button.tsx';

export function LandingPage() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-4xl font-bold text-slate-900">Stop losing grants to paperwork</h1>
      <div className="mt-8 flex gap-3">
        <Link to="/register" className={buttonClass()}>
          Get Started
        </Link>
        <Link to="/login" className={buttonClass('secondary')}>
          Sign In
        </Link>
      </div>
    </main>
  );
}
