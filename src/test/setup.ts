/**
 * Vitest setup: Testing Library's `findBy…` / `waitFor` give up after 1 s by default, which a
 * loaded CI machine (two cores, a browser suite beside it) can exceed when a lazy chunk or a
 * catalog loads; the tests wait for behaviour, not for speed.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
