/** /trial/{projectId}: opens the dimensioning (first sealed surface). */
import { Navigate } from 'react-router';

export function Component() {
  return <Navigate to="dimensioning/sealedsurfaces" replace />;
}
