"""Report files: ``report.json``, ``report.csv``, ``segments.parquet`` and a self-contained
``report.html`` (inline CSS and SVG, no scripts, no external resources) laid out like the
Tilde paper's Tables 2–4: scores per method (rows) and engine (column groups) for each
direction, then privacy and restoration, then how the masks were placed; charts of score per
method and engine and of privacy against quality."""
from __future__ import annotations

import csv
import html
import io
import json
from typing import Dict, List, Sequence

METHOD_ORDER = ["original", "pseudonym", "category-id-grammar", "category-id", "category",
                "tags", "asterisk"]
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f"]

CSV_COLUMNS = ["engine", "method", "direction", "reference", "n_segments", "bleu", "chrf", "ter",
               "comet", "bleu_p_value", "chrf_p_value", "ter_p_value", "delivered_chrf",
               "restoration_rate", "restored", "unresolved", "needs_review_segments",
               "dead_lettered_segments", "leak_exact", "leak_fuzzy", "detection_precision",
               "detection_recall", "detection_f1", "entity_recall", "gold_mentions",
               "gold_entities", "hyp_masks", "hyp_unplaced", "ref_masks", "failed_segments",
               "bleu_signature", "chrf_signature", "ter_signature"]


def method_key(m: str):
    return (METHOD_ORDER.index(m) if m in METHOD_ORDER else len(METHOD_ORDER), m)


def to_csv(rows: Sequence[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in CSV_COLUMNS})
    return buf.getvalue()


def segments_parquet(rows: Sequence[dict]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    str_cols = ["engine", "method", "direction", "document", "segment", "alignment", "source",
                "source_masked", "sent", "output", "hypothesis", "hypothesis_masked", "reference",
                "reference_masked", "status"]
    int_cols = ["index", "entities", "restored", "unresolved", "hyp_masks", "hyp_unplaced",
                "ref_masks"]
    float_cols = ["bleu", "chrf", "ter", "comet"]
    fields = ([pa.field(c, pa.string()) for c in str_cols] + [pa.field(c, pa.int64()) for c in int_cols]
              + [pa.field(c, pa.float64()) for c in float_cols])
    schema = pa.schema(fields)
    data = {f.name: [r.get(f.name) for r in rows] for f in fields}
    table = pa.Table.from_pydict(data, schema=schema)
    sink = io.BytesIO()
    pq.write_table(table, sink)
    return sink.getvalue()


# --- HTML ----------------------------------------------------------------------------------

def _f(v, digits=2, pct=False):
    if v is None or v == "":
        return "–"
    if pct:
        return f"{100 * v:.1f}%"
    return f"{v:.{digits}f}"


def _esc(s) -> str:
    return html.escape(str(s), quote=True)


def _stars(p) -> str:
    if p is None:
        return ""
    return "**" if p < 0.01 else "*" if p < 0.05 else ""


def score_table(rows: Sequence[dict], direction: str, metrics_: Sequence[str]) -> str:
    engines = sorted({r["engine"] for r in rows if r["direction"] == direction})
    methods = sorted({r["method"] for r in rows if r["direction"] == direction}, key=method_key)
    by = {(r["engine"], r["method"]): r for r in rows if r["direction"] == direction}
    head1 = "".join(f'<th colspan="{len(metrics_)}">{_esc(e)}</th>' for e in engines)
    head2 = "".join(f"<th>{m.upper() if m != 'chrf' else 'chrF'}</th>" for _ in engines for m in metrics_)
    body = []
    for method in methods:
        cells = []
        for e in engines:
            r = by.get((e, method))
            for m in metrics_:
                if r is None or r.get(m) is None:
                    cells.append("<td>–</td>")
                    continue
                base = by.get((e, "original"))
                best = _best(by, e, methods, m)
                cls = ' class="best"' if best == method and method != "original" else ""
                delta = ""
                if base is not None and method != "original" and base.get(m) is not None:
                    d = r[m] - base[m]
                    delta = f' <span class="d">({d:+.2f})</span>'
                cells.append(f"<td{cls}>{_f(r[m])}{_stars(r.get(m + '_p_value'))}{delta}</td>")
        n = next((by[(e, method)]["n_segments"] for e in engines if (e, method) in by), "")
        body.append(f"<tr><th>{_esc(method)}</th><td>{n}</td>{''.join(cells)}</tr>")
    return (f'<table><thead><tr><th rowspan="2">Method</th><th rowspan="2">Segments</th>{head1}</tr>'
            f"<tr>{head2}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def _best(by, engine, methods, metric):
    vals = [(by[(engine, m)].get(metric), m) for m in methods
            if (engine, m) in by and m != "original" and by[(engine, m)].get(metric) is not None]
    if not vals:
        return None
    return (min(vals) if metric == "ter" else max(vals))[1]


def privacy_table(rows: Sequence[dict]) -> str:
    cols = [("engine", "Engine", None), ("method", "Method", None), ("direction", "Direction", None),
            ("leak_exact", "Leak (exact)", "pct"), ("leak_fuzzy", "Leak (fuzzy)", "pct"),
            ("detection_precision", "Detection P", "pct"), ("detection_recall", "Detection R", "pct"),
            ("detection_f1", "F1", "pct"), ("entity_recall", "Entity R", "pct"),
            ("restoration_rate", "Restored", "pct"), ("unresolved", "Unplaced", "int"),
            ("needs_review_segments", "Needs review", "int"),
            ("dead_lettered_segments", "Dead-lettered", "int")]
    return _table(rows, cols)


def masking_table(rows: Sequence[dict]) -> str:
    cols = [("engine", "Engine", None), ("method", "Method", None), ("direction", "Direction", None),
            ("reference", "Reference", None), ("n_segments", "Segments", "int"),
            ("ref_masks", "Masks in reference", "int"), ("hyp_masks", "Masks in output", "int"),
            ("hyp_unplaced", "Entities not located (left unmasked)", "int"),
            ("failed_segments", "Failed segments", "int"),
            ("delivered_chrf", "chrF of delivered text (unmasked)", "num")]
    return _table(rows, cols)


def _table(rows, cols) -> str:
    head = "".join(f"<th>{_esc(t)}</th>" for _, t, _ in cols)
    body = []
    for r in sorted(rows, key=lambda r: (r["direction"], r["engine"], method_key(r["method"]))):
        cells = []
        for k, _, kind in cols:
            v = r.get(k)
            if kind == "pct":
                cells.append(f"<td>{_f(v, pct=True)}</td>")
            elif kind == "num":
                cells.append(f"<td>{_f(v)}</td>")
            else:
                cells.append(f"<td>{_esc('–' if v is None else v)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def bar_chart(rows: Sequence[dict], metric: str, title: str) -> str:
    """Grouped bars: one group per method, one bar per engine × direction."""
    series = sorted({(r["engine"], r["direction"]) for r in rows})
    methods = sorted({r["method"] for r in rows}, key=method_key)
    by = {(r["engine"], r["direction"], r["method"]): r.get(metric) for r in rows}
    vals = [v for v in by.values() if v is not None]
    if not vals:
        return ""
    # Masked scores of methods sit close together: the axis starts near the lowest bar
    # (said on the axis) so that the differences show.
    lo = max(vals) and min(vals)
    bottom_v = float(int(max(0.0, lo - 5) // 5 * 5)) if lo > 20 else 0.0
    top = max(vals) + (max(vals) - bottom_v) * 0.08 or 1.0
    w, h, left, bottom, top_pad = 720, 300, 50, 60, 30
    plot_w, plot_h = w - left - 20, h - bottom - top_pad
    group_w = plot_w / max(len(methods), 1)
    bar_w = group_w * 0.8 / max(len(series), 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 20 * len(series)}" '
             f'role="img" aria-label="{_esc(title)}">',
             f'<text x="{w / 2}" y="18" text-anchor="middle" font-weight="bold">{_esc(title)}</text>']
    def ypos(v):
        return top_pad + plot_h - plot_h * (v - bottom_v) / (top - bottom_v)

    for k in range(6):
        v = bottom_v + (top - bottom_v) * k / 5
        y = ypos(v)
        parts.append(f'<line x1="{left}" x2="{w - 20}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{v:.1f}</text>')
    if bottom_v:
        parts.append(f'<text x="{left}" y="{top_pad - 6}" font-size="11" fill="#777">axis starts at '
                     f'{bottom_v:.0f}</text>')
    for i, m in enumerate(methods):
        gx = left + i * group_w + group_w * 0.1
        for j, s in enumerate(series):
            v = by.get((s[0], s[1], m))
            if v is None:
                continue
            y = ypos(max(v, bottom_v))
            bh = top_pad + plot_h - y
            x = gx + j * bar_w
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" height="{bh:.1f}" '
                         f'fill="{COLOURS[j % len(COLOURS)]}"><title>{_esc(s[0])} {_esc(s[1])} '
                         f'{_esc(m)}: {v:.2f}</title></rect>'
                         f'<text x="{x + (bar_w - 2) / 2:.1f}" y="{y - 3:.1f}" text-anchor="middle" '
                         f'font-size="10">{v:.1f}</text>')
        parts.append(f'<text x="{left + i * group_w + group_w / 2:.1f}" y="{top_pad + plot_h + 16}" '
                     f'text-anchor="middle" font-size="12">{_esc(m)}</text>')
    parts.append(f'<line x1="{left}" x2="{w - 20}" y1="{top_pad + plot_h}" y2="{top_pad + plot_h}" stroke="#333"/>')
    for j, s in enumerate(series):
        y = h + 20 * j - 10
        parts.append(f'<rect x="{left}" y="{y - 10}" width="12" height="12" fill="{COLOURS[j % len(COLOURS)]}"/>'
                     f'<text x="{left + 18}" y="{y}" font-size="12">{_esc(s[0])} ({_esc(s[1])})</text>')
    parts.append("</svg>")
    return "".join(parts)


def _plot_frame(title: str, box, legend_rows: int, px, py, x_ticks, y_ticks, x_label: str,
                y_label: str) -> List[str]:
    """An SVG plot's opening, title, grid with tick labels and axis labels, for the caller to
    draw into and close.  ``box``: width, height (without the legend's rows), left and top
    margins, plot width and height; ticks: (value, label; None: the value, no decimals)."""
    w, h, left, top_pad, plot_w, plot_h = box
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 20 * legend_rows}" '
             f'role="img" aria-label="{_esc(title)}">',
             f'<text x="{w / 2}" y="18" text-anchor="middle" font-weight="bold">{_esc(title)}</text>']
    for (xv, xt), (yv, yt) in zip(x_ticks, y_ticks):
        parts.append(f'<line x1="{px(xv):.1f}" x2="{px(xv):.1f}" y1="{top_pad}" y2="{top_pad + plot_h}" stroke="#eee"/>'
                     f'<text x="{px(xv):.1f}" y="{top_pad + plot_h + 16}" text-anchor="middle" font-size="11">{xt}</text>'
                     f'<line x1="{left}" x2="{left + plot_w}" y1="{py(yv):.1f}" y2="{py(yv):.1f}" stroke="#eee"/>'
                     f'<text x="{left - 6}" y="{py(yv) + 4:.1f}" text-anchor="end" font-size="11">'
                     f'{yt if yt is not None else f"{yv:.0f}"}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{h - 8}" text-anchor="middle" font-size="12">'
                 f'{_esc(x_label)}</text>'
                 f'<text x="14" y="{top_pad + plot_h / 2}" transform="rotate(-90 14 {top_pad + plot_h / 2})" '
                 f'text-anchor="middle" font-size="12">{_esc(y_label)}</text>')
    return parts


def scatter_chart(rows: Sequence[dict], x_key: str = "leak_fuzzy", y_key: str = "chrf",
                  title: str = "Privacy vs quality") -> str:
    pts = [r for r in rows if r.get(x_key) is not None and r.get(y_key) is not None]
    if not pts:
        return ""
    series = sorted({(r["engine"], r["direction"]) for r in rows})
    w, h, left, bottom, top_pad = 720, 340, 60, 50, 30
    plot_w, plot_h = w - left - 100, h - bottom - top_pad
    ys = [r[y_key] for r in pts]
    y_lo = max(0.0, min(ys) - 5)
    y_hi = min(100.0, max(ys) + 5) if y_key in ("chrf", "bleu") else max(ys) + 5
    if y_hi <= y_lo:
        y_hi = y_lo + 1

    def px(v):
        return left + plot_w * v

    def py(v):
        return top_pad + plot_h - plot_h * (v - y_lo) / (y_hi - y_lo)

    parts = _plot_frame(title, (w, h, left, top_pad, plot_w, plot_h), len(series), px, py,
                        [(k / 5, f"{100 * k / 5:.0f}%") for k in range(6)],
                        [(y_lo + (y_hi - y_lo) * k / 5, None) for k in range(6)],
                        f'gold entity mentions leaked to the engine '
                        f'({x_key.replace("_", " ")}) — left is more private',
                        f"masked {y_key}")
    placed = []
    for r in sorted(pts, key=lambda r: -r[y_key]):
        j = series.index((r["engine"], r["direction"]))
        x, y = px(r[x_key]), py(r[y_key])
        ly = y + 4
        while any(abs(ly - q) < 12 and abs(x - p) < 90 for p, q in placed):
            ly += 12
        placed.append((x, ly))
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{COLOURS[j % len(COLOURS)]}">'
                     f'<title>{_esc(r["engine"])} {_esc(r["method"])}: {r[y_key]:.2f}, leak '
                     f'{100 * r[x_key]:.1f}%</title></circle>'
                     f'<text x="{x + 7:.1f}" y="{ly:.1f}" font-size="11">{_esc(r["method"])}</text>')
    for j, s in enumerate(series):
        parts.append(f'<circle cx="{left + 6}" cy="{h + 20 * j + 4}" r="5" fill="{COLOURS[j % len(COLOURS)]}"/>'
                     f'<text x="{left + 16}" y="{h + 20 * j + 8}" font-size="12">{_esc(s[0])} ({_esc(s[1])})</text>')
    parts.append("</svg>")
    return "".join(parts)


def tradeoff_chart(curves: dict, title: str, x_label: str) -> str:
    """Privacy (x, 0..1) vs quality (y, 0..1) curves, one per PRISM family: its points by
    ratio, from the r = 0 anchor to (1, 0); AUPQC in the legend."""
    if not curves:
        return ""
    w, h, left, bottom, top_pad = 720, 360, 60, 50, 30
    plot_w, plot_h = w - left - 40, h - bottom - top_pad
    items = sorted(curves.values(), key=lambda c: (c["engine"], c["direction"], c["family"]))

    def px(v):
        return left + plot_w * v

    def py(v):
        return top_pad + plot_h - plot_h * v

    ticks = [(k / 5, f"{k / 5:.1f}") for k in range(6)]
    parts = _plot_frame(title, (w, h, left, top_pad, plot_w, plot_h), len(items), px, py,
                        ticks, ticks, f"{x_label} — right is more private",
                        "quality: masked chrF / 100")
    for j, c in enumerate(items):
        colour = COLOURS[j % len(COLOURS)]
        a = c["anchor"]
        pts = [(a["privacy"], a["quality"])] + [(p["privacy"], p["quality"]) for p in c["points"]]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for p in c["points"]:
            parts.append(f'<circle cx="{px(p["privacy"]):.1f}" cy="{py(p["quality"]):.1f}" r="4" '
                         f'fill="{colour}"><title>{_esc(c["family"])} r={p["ratio"]}: privacy '
                         f'{p["privacy"]:.3f}, quality {p["quality"]:.3f}</title></circle>')
        parts.append(f'<circle cx="{left + 6}" cy="{h + 20 * j + 4}" r="5" fill="{colour}"/>'
                     f'<text x="{left + 16}" y="{h + 20 * j + 8}" font-size="12">'
                     f'{_esc(c["family"])} ({_esc(c["engine"])}, {_esc(c["direction"])}): AUPQC '
                     f'{c["aupqc"]:.4f}, QS@0.5 {c["qs_at_0.5"]:.3f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def examples_table(segment_rows: Sequence[dict], limit: int = 4) -> str:
    """A few segments where the methods' masked outputs differ, to eyeball the masking."""
    by_key: Dict[tuple, Dict[str, dict]] = {}
    for r in segment_rows:
        by_key.setdefault((r["engine"], r["direction"], r["document"], r["index"]), {})[r["method"]] = r
    picked = []
    for key in sorted(by_key):
        rs = by_key[key]
        if len(rs) < 2 or not any(r.get("hyp_masks") for r in rs.values()):
            continue
        if len({r["hypothesis_masked"] for r in rs.values()}) < 2:
            continue
        if len(next(iter(rs.values()))["reference"]) > 220:
            continue
        picked.append((key, rs))
        if len(picked) >= limit:
            break
    out = []
    for (engine, direction, doc, idx), rs in picked:
        any_r = next(iter(rs.values()))
        lines = [f"<tr><th>source</th><td>{_esc(any_r['source'])}</td></tr>",
                 f"<tr><th>reference (masked)</th><td>{_esc(any_r['reference_masked'])}</td></tr>"]
        for m in sorted(rs, key=method_key):
            r = rs[m]
            lines.append(f"<tr><th>{_esc(m)}: sent</th><td class='sent'>{_esc(r.get('sent') or '')}</td></tr>"
                         f"<tr><th>{_esc(m)}: masked output</th><td>{_esc(r['hypothesis_masked'])}"
                         f" <span class='d'>chrF {_f(r.get('chrf'))}</span></td></tr>")
        out.append(f"<h3>{_esc(engine)} {_esc(direction)} — {_esc(doc)} #{idx}</h3>"
                   f"<table class='ex'>{''.join(lines)}</table>")
    return "".join(out)


CSS = """body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:8px 0 20px;font-size:13px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}
thead th{background:#f0f0f0;text-align:center}tbody th{text-align:left;background:#fafafa}
td.best{font-weight:bold;background:#eef8ee}.d{color:#777;font-size:11px}table.ex td{text-align:left}
table.ex td.sent{color:#555;font-family:monospace;font-size:12px}code{font-size:12px}.fail{color:#b00}.ok{color:#070}"""


def render_html(report: dict, segment_rows: Sequence[dict] = ()) -> str:
    rows = report["rows"]
    run = report.get("run", {})
    has_comet = any(r.get("comet") is not None for r in rows)
    mets = ["bleu", "chrf", "ter"] + (["comet"] if has_comet else [])
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Doppel masked "
             f"translation evaluation</title><style>{CSS}</style></head><body>",
             "<h1>Masked translation evaluation</h1>",
             f"<p>Source <code>{_esc(run.get('source', ''))}</code>, reference "
             f"<code>{_esc(run.get('reference', ''))}</code>, engines {_esc(', '.join(run.get('engines', [])))}, "
             f"methods {_esc(', '.join(run.get('methods', [])))}. Entities are masked with "
             f"<code>NER</code> in the reference and in each output before scoring (Viksna &amp; Pinnis "
             f"2025, §4); adjacent masks are merged. Output entities are masked where the restoration put the "
             f"originals back; entities the engine mangled cannot be located and stay unmasked — they "
             f"count against the method. Δ is against <i>original</i>; * p&lt;0.05, ** p&lt;0.01 "
             f"(paired bootstrap, {run.get('bootstrap_samples', '')} resamples).</p>"]
    gate = report.get("gate")
    if gate:
        cls = "ok" if gate["passed"] else "fail"
        parts.append(f"<p class='{cls}'><b>Gate {'passed' if gate['passed'] else 'FAILED'}</b>: "
                     f"{_esc('; '.join(gate['checks']))}</p>")
    for k, direction in enumerate(sorted({r["direction"] for r in rows}), 2):
        parts.append(f"<h2>Table {k}. Masked scores, {_esc(direction)}</h2>")
        parts.append(score_table(rows, direction, mets))
    parts.append(bar_chart(rows, "chrf", "Masked chrF per method and engine"))
    parts.append(bar_chart(rows, "bleu", "Masked BLEU per method and engine"))
    parts.append("<h2>Privacy and restoration</h2><p>Leak: gold entity mentions (protected "
                 "categories) found in what was sent — exactly, or fuzzily (best "
                 f"<code>difflib</code> ratio ≥ {run.get('leak_threshold', '')} over a window of as many "
                 "words). Detection against the gold spans at mention level and at entity level "
                 "(an entity counts only if every mention was masked).</p>")
    parts.append(privacy_table(rows))
    parts.append(scatter_chart(rows))
    tradeoff = report.get("tradeoff")
    if tradeoff:
        parts.append("<h2>Word protection: privacy–quality trade-off (PRISM)</h2><p>Privacy: "
                     "1 − the share of the original's content words (not stop words) present "
                     "in what was sent; <i>inverted</i>: also counting what an adversary "
                     "holding the word dictionary reads back. Quality: masked chrF / 100. "
                     "Each curve starts at its r = 0 point (entities protected, no word "
                     "substituted) and its AUPQC is the area under its upper envelope with "
                     "(1, 0) added.</p>")
        parts.append(tradeoff_chart(tradeoff["curves"], "Exact word privacy vs quality",
                                    "word privacy (exact)"))
        parts.append(tradeoff_chart(tradeoff.get("inverted", {}),
                                    "Dictionary-inverted word privacy vs quality",
                                    "word privacy (through the dictionary)"))
    parts.append("<h2>How the masks were placed</h2>")
    parts.append(masking_table(rows))
    ex = examples_table(segment_rows)
    if ex:
        parts.append("<h2>Examples</h2>" + ex)
    sigs = sorted({(m, r.get(f"{m}_signature")) for r in rows for m in ("bleu", "chrf", "ter")
                   if r.get(f"{m}_signature")})
    parts.append("<h2>Signatures</h2><ul>" + "".join(
        f"<li>{_esc(m)}: <code>{_esc(s)}</code></li>" for m, s in sigs) + "</ul>")
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p)


def dumps_json(report: dict) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
