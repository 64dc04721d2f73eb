import { createFileRoute } from '@tanstack/react-router';
import { SessionPage } from '#/features/session/SessionPage';

export const Route = createFileRoute('/_authed/layout')({
  component: LayoutPage,
});

function LayoutPage() {
  return <SessionPage screen="layout" />;
}
