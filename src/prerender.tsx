/**
 * Build-time entry (vite build --ssr): renders a page's markup so its HTML file shows the content before
 * any JavaScript runs (scripts/prerender.ts puts it into dist/<page>.html). The account slot of the
 * navigation renders as "not known yet", so a signed-in member never sees a Login link flash; the
 * browser then renders the app afresh (src/main.tsx).
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { AuthContext, type AuthState } from './features/auth/auth-context';

const unknownAuth: AuthState = {
  user: undefined,
  member: undefined,
  connect: () => {},
  signOut: async () => {},
};

/** React puts the page's <title> and meta description into the markup; the HTML file has its own. */
export function withoutHeadTags(html: string): string {
  return html.replace(/<title>[^<]*<\/title>/g, '').replace(/<meta name="description"[^>]*>/g, '');
}

async function render(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

export async function prerenderPage(path: string): Promise<string> {
  return withoutHeadTags(
    await render(
      <AuthContext value={unknownAuth}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AuthContext>,
    ),
  );
}
