// The rules of Bootstrap that the public pages use: PurgeCSS keeps every rule whose selectors
// name only classes, ids and elements found in the files below (templates/standings and
// base.html, and the Python that writes the big tables' rows), and drops the rest.
// Rebuild with scripts/build_public_css; tests/site/test_public_css.py fails when a public
// template uses a Bootstrap class that the built file lacks.
module.exports = {
  content: [
    '../../templates/base.html',
    '../../templates/standings/**/*.html',
    '../../standings/**/*.py',
    '../../static/js/live.js',
  ],
  css: ['../../static/vendor/bootstrap-5.3.9.min.css'],
  // Class names a template builds from a value: base.html's "alert-{{ message.tags }}".
  safelist: ['alert-success', 'alert-info', 'alert-warning', 'alert-danger'],
  // The pages and Bootstrap's rules themselves are untouched: custom properties, @font-face and
  // keyframes stay (a property dropped here would silently change a kept rule's value).
  variables: false,
  fontFace: false,
  keyframes: false,
};
