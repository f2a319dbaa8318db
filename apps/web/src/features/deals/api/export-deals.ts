/**
 * The CSV of every deal matching the filters (the server streams it as an attachment), so the
 * browser downloads it through a plain link with the session cookie; paging is left out.
 */
export function exportDealsUrl(query: URLSearchParams): string {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('page_size');
  return `/api/deal/export?${params.toString()}`;
}
