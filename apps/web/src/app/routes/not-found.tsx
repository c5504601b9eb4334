import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { Placeholder } from '../../components/ui/placeholder';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Placeholder icon={Compass} title="Page not found">
      <p>There is nothing at this address.</p>
      <Link to="/" className={buttonClassName({ variant: 'outline', className: 'mt-4' })}>
        Go home
      </Link>
    </Placeholder>
  );
}
