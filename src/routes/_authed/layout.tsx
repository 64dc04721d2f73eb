import { createFileRoute } from '@tanstack/react-router';
import { LayoutScreenMount } from '#/screens/layout/LayoutScreenMount';

export const Route = createFileRoute('/_authed/layout')({
  component: LayoutScreenMount,
});
