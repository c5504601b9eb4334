import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** Last line of defence for a render or chunk-load failure: say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred';
  return (
    <div className="mx-auto mt-16 max-w-lg space-y-4 px-4">
      <ErrorAlert title="Something went wrong">{message}</ErrorAlert>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}
