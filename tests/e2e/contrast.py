"""WCAG 2.1 contrast of every piece of text a page shows, measured in the browser: each element
with text of its own, its computed colour against the background actually behind it (the
nearest ancestor with a background colour, semi-transparent layers composited, opacity
applied, animations run to their end). Text in images (card faces, tiles) and disabled controls (WCAG exempts inactive
components) are left out."""

# Runs in the page; returns [{text, ratio, needed, color, background}] for every failure.
_AUDIT = """() => {
  document.getAnimations().forEach(a => a.finish());  // a play arriving fades in: measure it arrived
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => {  // top (with alpha) composited over an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const luminance = (c) => {
    const ch = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const failures = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
    if (!own || el.closest('[disabled], [aria-disabled="true"], [hidden], .visually-hidden, script, style, option')) continue;
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (rect.width === 0 || rect.height === 0 || style.visibility !== 'visible') continue;
    if (rect.bottom < 0 || rect.right < 0 || rect.top > innerHeight || rect.left > innerWidth) continue;
    const bg = background(el);
    const fg = parse(style.color);
    const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
    const [l1, l2] = [luminance(text), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) failures.push({text: own.slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed,
                                       color: style.color, background: 'rgb(' + bg.slice(0, 3).map(Math.round) + ')'});
  }
  return failures;
}"""


def contrast_failures(page) -> list[dict]:
    return page.evaluate(_AUDIT)


def assert_readable(page) -> None:
    failures = contrast_failures(page)
    assert not failures, "text below the WCAG AA contrast:\n" + "\n".join(map(str, failures))
