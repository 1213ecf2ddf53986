import { checkAccessibility } from '../support/a11y';

// axe-core over every page in the Korean interface, in both themes (support/a11y.ts).
checkAccessibility('light', 'ko');
checkAccessibility('dark', 'ko');
