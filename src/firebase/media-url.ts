/**
 * The Firebase Storage REST address of an object: its metadata (size, date) without a query, its bytes with
 * `?alt=media` (what the SDK's getBlob() fetches). No settings attached, so that the site's download code and
 * the scripts (bench:download, the browser tests) build them the same way.
 */
export function objectUrl(host: string, bucket: string, path: string): string {
  return `${host}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}`;
}

export function mediaUrl(host: string, bucket: string, path: string): string {
  return `${objectUrl(host, bucket, path)}?alt=media`;
}
