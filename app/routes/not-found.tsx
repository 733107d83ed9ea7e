import { data } from "react-router";

/** Every address no other route claims: the root error boundary shows the Spanish 404 page. */
export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
