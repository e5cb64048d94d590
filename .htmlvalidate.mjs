// html-validate configuration for the built site (tests/e2e/html-validity.test.ts validates every
// file in dist/client). A .mjs file rather than .htmlvalidate.json so that each relaxed rule can
// carry its reason; html-validate finds either. Everything not listed here is an error.
export default {
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // Style rules that React's renderToString output cannot satisfy, and that are not validity
    // problems (the HTML standard allows both forms):
    // React writes void elements as <meta …/> and <link …/>; Vike injects <link …> without the slash.
    'void-style': 'off',
    // React writes camelCase attribute names (charSet, hrefLang, popoverTarget, tabIndex);
    // HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React writes boolean and empty attributes as hidden="", required="", novalidate="".
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    // React's useId() produces ids like "_R_e_-c" (valid HTML: any non-empty id without spaces);
    // relaxed mode keeps the real HTML rule and drops the "must start with a letter" style check.
    'valid-id': ['error', { relaxed: true }],
    // Checkbox groups share one name by design (FormData.getAll("products")), like radio groups.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // Subresource integrity matters for third-party files; same-origin hashed assets do not need it.
    'require-sri': ['error', { target: 'crossorigin' }],
    // An SEO heuristic, not validity: search engines cut titles by pixel width, and the titles
    // are editorial content (content/…). Reported as warnings by the test, not failed.
    'long-title': 'warn',
  },
}
