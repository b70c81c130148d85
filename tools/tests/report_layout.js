// Appended to a copy of a report page by report_browser.sh: after load, measures what a person
// would see go wrong and records it on <body> for --dump-dom to show. Boxes are the browser's own
// layout (getBoundingClientRect), so a caption that overlaps another, text wider than its box,
// or a page wider than the window is caught as the window draws it.
window.addEventListener('load', () => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) {
    problems.push('the page scrolls sideways: ' + doc.scrollWidth + ' px wide in a ' +
                  window.innerWidth + ' px window');
  }
  const boxes = [...document.querySelectorAll('figcaption, figure img, h2, h3, td, th, pre, code, label')]
                    .filter(e => e.offsetParent !== null);
  for (const e of boxes) {
    if (e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'IMG') {
      problems.push(e.tagName.toLowerCase() + ' "' + e.textContent.slice(0, 60) +
                    '" is wider than its box (' + e.scrollWidth + ' > ' + e.clientWidth + ')');
    }
  }
  const captions = [...document.querySelectorAll('figcaption')].filter(e => e.offsetParent !== null);
  const pictures = [...document.querySelectorAll('figure img')].filter(e => e.offsetParent !== null);
  const overlap = (a, b) => {
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    return w > 1 && h > 1;
  };
  for (let i = 0; i < captions.length; ++i) {
    for (let j = i + 1; j < captions.length; ++j) {
      if (overlap(captions[i], captions[j]))
        problems.push('captions overlap: "' + captions[i].textContent + '" and "' + captions[j].textContent + '"');
    }
    for (const p of pictures) {
      if (overlap(captions[i], p))
        problems.push('caption "' + captions[i].textContent + '" overlaps a picture');
    }
  }
  document.body.dataset.layoutChecked = String(boxes.length + captions.length);
  document.body.dataset.layoutProblems = String(problems.length);
  const list = document.createElement('pre');
  list.id = 'layout-problems';
  list.textContent = problems.slice(0, 20).join('\n');
  document.body.append(list);
});

// The filters as a person uses them: "failed" shows only failures, a search only its matches.
window.addEventListener('load', () => {
  const visible = () =>
    [...document.querySelectorAll('.item[data-count="1"]')].filter(e => !e.hidden).length;
  document.body.dataset.allShown = String(visible());
  const failed = document.querySelector('input[name=show][value=failed]');
  failed.checked = true;
  failed.dispatchEvent(new Event('change'));
  document.body.dataset.failedShown = String(visible());
  const all = document.querySelector('input[name=show][value=all]');
  all.checked = true;
  all.dispatchEvent(new Event('change'));
  const search = document.getElementById('search');
  search.value = 'tiny surface';  // two words, in a case's name and its golden's
  search.dispatchEvent(new Event('input'));
  document.body.dataset.searchShown = String(visible());
  search.value = '';
  search.dispatchEvent(new Event('input'));
});
