/** Fluent's dark web theme, in a chunk of its own: most users never load it (see use-color-scheme-theme.ts). */
export { webDarkTheme } from '@fluentui/react-components';
