import { Link } from 'react-router';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('notFoundPage', {
  title: 'Page not found',
  nothing: 'There is nothing at this address.',
  goHome: 'Go to Home',
});

export function NotFoundPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <h1>{t.title}</h1>
        <p>{t.nothing}</p>
        <p>
          <Link to="/home">{t.goHome}</Link>
        </p>
      </div>
    </main>
  );
}
