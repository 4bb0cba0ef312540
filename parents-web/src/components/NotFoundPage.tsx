import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="full-screen">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button button--primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
