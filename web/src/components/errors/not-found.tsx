import { Link } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';

export function NotFound() {
  useTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-12 text-center">
      <img src="/images/not-found.svg" alt="" width={600} height={400} className="h-auto w-full max-w-md" />
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-base-content/80">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
