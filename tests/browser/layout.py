"""A layout check any browser test can run on the page it has open: nothing a person reads or taps
sits on top of something else, nothing is cut off without a visible way to scroll to it, and tap
targets are 44 px.

:func:`layout_problems` runs one script in the page and returns what it found, in words:
- **overlap**: two visible elements that carry text or take a tap (links, buttons, fields, text,
  icons) cover each other by more than 2 px both ways, neither containing the other (the boxes of
  each line of wrapped text are compared, not the whole paragraph's box);
- **sideways**: the page itself is wider than the screen;
- **cut off**: an element whose content is wider than its box, unless it is a scroll container
  marked ``.scrolls`` (which the stylesheet gives a visible hint), a text cut with an ellipsis on
  purpose, or a form field (a long link in a box scrolls inside it, as fields do);
- **small target**: a button, field, select or summary less than 44 px tall (links inside a sentence
  are exempt, as WCAG exempts them).

The page is measured scrolled to its top (and put back after): its sticky status line lies over
whatever scrolls under it, by design. Decorative or hidden things are left out: ``display: none``, ``visibility: hidden``, no size, zero
opacity (the chips' real radio inputs), the inside of a closed ``<details>``, and everything inside
an SVG drawing (the bracket draws its boxes and text on purpose).
"""

from __future__ import annotations

from typing import Any

_SCRIPT = """
(skip) => {
  // Sticky lines lie over what scrolls under them by design: measured at the page's top, in this
  // same task (no script of the page can scroll in between), they sit where they belong.
  const scrolled = [window.scrollX, window.scrollY];
  window.scrollTo({left: 0, top: 0, behavior: 'instant'});
  const problems = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1) problems.push(`sideways: the page is ${root.scrollWidth} px wide on a ${width} px screen`);

  function shown(el) {
    if (skip && el.closest(skip)) return false;
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') return false;
    const folded = el.closest('details:not([open])');
    if (folded && !el.closest('summary')) return false;
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true})) return false;
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || parseFloat(style.opacity) === 0) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  }
  function name(el) {
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''} "${text}"`;
  }
  const TAPS = 'a, button, input:not([type=hidden]), select, textarea, summary';
  function ownText(el) {
    for (const child of el.childNodes) if (child.nodeType === 3 && child.textContent.trim()) return true;
    return false;
  }
  // What is drawn of a box: the box cut to every ancestor that clips its content.
  function visible(rect, el) {
    let box = {left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom};
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      box = {left: Math.max(box.left, clip.left), top: Math.max(box.top, clip.top),
             right: Math.min(box.right, clip.right), bottom: Math.min(box.bottom, clip.bottom)};
    }
    return box;
  }
  const items = [];
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'style', 'noscript', 'br', 'option', 'datalist'].includes(tag)) continue;
    if (!(el.matches(TAPS) || ownText(el) || tag === 'svg' || tag === 'img')) continue;
    if (!shown(el)) continue;
    const inline = getComputedStyle(el).display === 'inline';
    const rects = Array.from(inline ? el.getClientRects() : [el.getBoundingClientRect()])
      .map(r => visible(r, el)).filter(r => r.right - r.left > 1 && r.bottom - r.top > 1);
    if (rects.length) items.push({el, rects});
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      let hit = false;
      for (const r of a.rects) for (const s of b.rects) {
        const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (x > 2 && y > 2) hit = true;
      }
      if (hit) problems.push(`overlap: ${name(a.el)} and ${name(b.el)}`);
    }
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') || !shown(el)) continue;
    if (el.matches('input, textarea, select, html, body')) continue;
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible') {
      // Content spilling out of a box that does not clip: a problem once it leaves the screen.
      const box = el.getBoundingClientRect();
      if (box.right > width + 1) problems.push(`cut off: ${name(el)} runs past the right edge`);
      continue;
    }
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.closest('.scrolls')) continue;
    if (style.textOverflow === 'ellipsis') continue;
    problems.push(`cut off: ${name(el)} hides ${el.scrollWidth - el.clientWidth} px of its content with no hint that it scrolls`);
  }
  for (const el of document.body.querySelectorAll('button, .button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), summary')) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.height < 43.5) problems.push(`small target: ${name(el)} is ${Math.round(box.height)} px tall`);
  }
  window.scrollTo({left: scrolled[0], top: scrolled[1], behavior: 'instant'});
  return problems;
}
"""


def layout_problems(page: Any, *, skip: str | None = None) -> list[str]:
    """What is wrong with the layout of the page open in ``page`` (empty when nothing is), leaving
    out what lies inside the elements ``skip`` selects."""
    problems: list[str] = page.evaluate(_SCRIPT, skip)
    return problems


def fits_the_screen(page: Any) -> list[str]:
    """What of the page lies outside the screen: the page scrolls either way, or a list's last row
    is below the bottom edge (the projector's promise)."""
    found: list[str] = page.evaluate(
        """() => {
      const out = [];
      const root = document.documentElement;
      if (root.scrollHeight > window.innerHeight + 1) out.push(`scrolls down: ${root.scrollHeight} > ${window.innerHeight}`);
      if (root.scrollWidth > window.innerWidth + 1) out.push(`scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
      for (const el of document.querySelectorAll('#projector li, #projector tr, #projector svg, #projector h1, #projector h2, #projector p')) {
        const box = el.getBoundingClientRect();
        if (box.height === 0) continue;
        if (box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1)
          out.push(`outside the screen: ${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" at ${Math.round(box.bottom)}`);
      }
      return out;
    }"""
    )
    return found
