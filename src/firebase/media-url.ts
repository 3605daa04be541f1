/**
 * The Firebase Storage REST address of an object's bytes (what the SDK's getBlob() fetches), with no settings
 * attached, so that the site's download code and the scripts (bench:download) build it the same way.
 */
export function mediaUrl(host: string, bucket: string, path: string): string {
  return `${host}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}
