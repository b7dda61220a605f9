// The page's last script (in <body>); the page reads fine without it: it
// only adds the filter bar (hidden until the script shows it). Filters by
// severity, rule and text. The state lives in the URL fragment
// (#severity=error&rule=race-shared&q=tile) so that a filtered view can be
// linked; fragments without '=' are plain anchors (#f3) and left alone.
(function () {
  var root = document.documentElement;
  var form = document.getElementById('filters');
  if (!form) return; // a report without findings has nothing to filter
  var rule = document.getElementById('filter-rule');
  var text = document.getElementById('filter-text');
  var count = document.getElementById('filter-count');
  var severities = [].slice.call(form.querySelectorAll('input[name=severity]'));
  var findings = [].slice.call(document.querySelectorAll('article.finding'));
  var groups = [].slice.call(document.querySelectorAll('.file-group, .rule-group'));
  var haystacks = findings.map(function (f) { return f.textContent.toLowerCase(); });

  function readFragment() {
    var hash = location.hash.slice(1);
    if (hash.indexOf('=') < 0) return;
    hash.split('&').forEach(function (pair) {
      var i = pair.indexOf('='), key = pair.slice(0, i), value = decodeURIComponent(pair.slice(i + 1));
      if (key === 'severity') {
        var on = value.split(',');
        severities.forEach(function (c) { c.checked = on.indexOf(c.value) >= 0; });
      } else if (key === 'rule') {
        rule.value = value;
        if (rule.value !== value) rule.value = '';
      } else if (key === 'q') {
        text.value = value;
      }
    });
  }

  function writeFragment() {
    var parts = [];
    var on = severities.filter(function (c) { return c.checked; }).map(function (c) { return c.value; });
    if (on.length !== severities.length) parts.push('severity=' + on.join(','));
    if (rule.value) parts.push('rule=' + encodeURIComponent(rule.value));
    if (text.value) parts.push('q=' + encodeURIComponent(text.value));
    if (parts.length || location.hash.indexOf('=') >= 0)
      history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search);
  }

  function apply() {
    var on = {};
    severities.forEach(function (c) { on[c.value] = c.checked; });
    var q = text.value.trim().toLowerCase();
    var shown = 0;
    findings.forEach(function (f, i) {
      var visible = on[f.getAttribute('data-severity')] === true &&
          (!rule.value || f.getAttribute('data-rule') === rule.value) &&
          (!q || haystacks[i].indexOf(q) >= 0);
      f.hidden = !visible;
      if (visible) shown++;
    });
    groups.forEach(function (g) { g.hidden = !g.querySelector('article.finding:not([hidden])'); });
    count.textContent = shown + ' of ' + findings.length + ' findings shown';
    root.setAttribute('data-findings-shown', String(shown));
  }

  function changed() { apply(); writeFragment(); }
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  readFragment();
  apply();
  form.hidden = false;
  root.setAttribute('data-filters', 'ready');
})();
