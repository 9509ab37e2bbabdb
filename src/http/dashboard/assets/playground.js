// Playground: hovering (or focusing) a marked fact highlights the transcript words it came from.
(function () {
  function ranges(mark) {
    return (mark.getAttribute('data-evidence') || '')
      .split(/\s+/)
      .map(function (r) { return r.split('-').map(Number); })
      .filter(function (r) { return r.length === 2 && r[0] < r[1]; });
  }
  function clear() {
    document.querySelectorAll('.seg.hl').forEach(function (s) { s.classList.remove('hl'); });
    document.querySelectorAll('mark.active').forEach(function (m) { m.classList.remove('active'); });
  }
  function show(mark) {
    clear();
    mark.classList.add('active');
    var wanted = ranges(mark);
    var first = null;
    document.querySelectorAll('.seg').forEach(function (seg) {
      var from = Number(seg.getAttribute('data-from'));
      var to = Number(seg.getAttribute('data-to'));
      var hit = wanted.some(function (r) { return from < r[1] && r[0] < to; });
      if (hit) {
        seg.classList.add('hl');
        if (!first) first = seg;
      }
    });
    if (first && first.scrollIntoView) first.scrollIntoView({ block: 'nearest' });
  }
  document.addEventListener('mouseover', function (e) {
    var mark = e.target.closest && e.target.closest('mark[data-evidence]');
    if (mark) show(mark);
  });
  document.addEventListener('focusin', function (e) {
    var mark = e.target.closest && e.target.closest('mark[data-evidence]');
    if (mark) show(mark);
  });
  document.addEventListener('mouseout', function (e) {
    var mark = e.target.closest && e.target.closest('mark[data-evidence]');
    if (mark && !(e.relatedTarget && mark.contains(e.relatedTarget))) clear();
  });
})();
