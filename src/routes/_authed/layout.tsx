import { createFileRoute } from '@tanstack/react-router';
import { LayoutScreenMount } from '#/features/layoutScreen/LayoutScreenMount';

export const Route = createFileRoute('/_authed/layout')({
  component: LayoutScreenMount,
});
