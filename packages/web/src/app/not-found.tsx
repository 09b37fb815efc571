/** SPEC §2: unknown routes show the plain text '404 page'. */
export function NotFound() {
  return <>404 page</>;
}
