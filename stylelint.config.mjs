/**
 * Stylelint for src-client's CSS (`npm test` runs it; `npm run lint:css` alone): the standard config,
 * less what fights this codebase's conventions.
 */
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    // CSS modules: classes and keyframes are camelCase, as the components read them (`classes.pointButton`).
    'selector-class-pattern': null,
    'keyframes-name-pattern': null,
    // CSS modules' escape to a global selector, and a class made of another's.
    'selector-pseudo-class-no-unknown': [true, { ignorePseudoClasses: ['global'] }],
    'property-no-unknown': [true, { ignoreProperties: ['composes'] }],
    // `composes: panelTitle` names classes: lower-casing them would break the module.
    'value-keyword-case': ['lower', { ignoreProperties: ['composes'] }],
    // `@import '@mantine/core/styles/…'`: a package's file, resolved by Vite like a module's import.
    'import-notation': 'string',
    // `(min-width: …)` rather than `(width >= …)`, which phones before iOS 16.4 do not read.
    'media-feature-range-notation': 'prefix',
    // `:not(.a):not(.b)` is not the same selector as `:not(.a, .b)`: its specificity is higher.
    'selector-not-notation': null,
    // Safari on iOS reads only the prefixed ones.
    'property-no-vendor-prefix': [true, { ignoreProperties: ['-webkit-text-size-adjust', '-webkit-user-select'] }],
  },
};
