import { Link } from 'react-router-dom';

function Placeholder({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <Link to="/" className="mt-6 inline-block underline">
        Back to home
      </Link>
    </main>
  );
}

export const FaqPage = () => <Placeholder title="Frequently Asked Questions" />;
export const SecurityFaqPage = () => <Placeholder title="Security FAQ" />;
export const PrivacyPolicyPage = () => <Placeholder title="Privacy Policy" />;
