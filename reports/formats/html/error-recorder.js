// The page's first script (in <head>). Records script errors and anything
// the page's policy blocked on <html data-page-errors>, so that a headless
// browser's --dump-dom shows them (tests/report/check_html.py); the page
// itself logs nothing.
(function () {
  var root = document.documentElement;
  function record(text) {
    root.setAttribute('data-page-errors', (root.getAttribute('data-page-errors') || '') + text + '\n');
  }
  window.addEventListener('error', function (e) {
    record('error: ' + e.message + ' (line ' + e.lineno + ')');
  });
  document.addEventListener('securitypolicyviolation', function (e) {
    record('blocked: ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
  });
})();
