import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '#/features/login/LoginScreen';
import { brandingForScreen } from '#/features/login/branding';
import { browserStore } from '#/session/browserStore';

export const Route = createFileRoute('/login')({
  loader: ({ context, abortController }) =>
    brandingForScreen(context.brandingAhead, context.apis.platform, browserStore, abortController.signal),
  // the branding hardly changes; do not refetch it on every visit within a minute
  staleTime: 60_000,
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen branding={Route.useLoaderData()} />;
}
