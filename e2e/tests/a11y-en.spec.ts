import { checkAccessibility } from '../support/a11y';

// axe-core over every page in the English interface, in both themes (support/a11y.ts).
checkAccessibility('light', 'en');
checkAccessibility('dark', 'en');
