/**
 * The Firebase Storage REST address of an object's bytes, `?alt=media` (what the SDK's getBlob() fetches). The site
 * requests nothing else of Storage: the address without `alt=media` reads the object's metadata, and a metadata
 * read gives the object a download token (see ./storage). No settings attached, so that the site's download code
 * and the scripts (bench:download, the browser tests) build it the same way.
 */
export function mediaUrl(host: string, bucket: string, path: string): string {
  return `${host}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}
