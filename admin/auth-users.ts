/** Every account of a project, following the Admin SDK's pages of a thousand. */
import type { Auth, UserRecord } from 'firebase-admin/auth';

export async function allUsers(auth: Auth): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(...page.users);
    pageToken = page.pageToken;
  } while (pageToken);
  return users;
}
