"""Generates the product and process illustrations (optimized SVG, explicit size).
Run: python3 scripts/assets/make-illustrations.py  (output is committed under public/images)."""
import math, pathlib, struct, zlib

OUT = pathlib.Path(__file__).resolve().parents[2] / "public"
# product id -> (meat colour, fat colour, shape: 'roll' | 'bird' | 'long', stitch rows)
PRODUCTS = {
    "pork": ("#d98c7a", "#f3d3c8", "roll", 7),
    "beef": ("#a3412f", "#e6b7a6", "roll", 6),
    "lamb": ("#b8574a", "#efc9bd", "roll", 8),
    "poultry": ("#e8b98a", "#f7e1c8", "bird", 8),
    "turkey": ("#d9a36e", "#f2d7b5", "bird", 5),
    "bacon-ham": ("#c9604f", "#f4d6c9", "roll", 7),
    "pastrami": ("#7a2e25", "#c98a6e", "long", 6),
    "sausage-salami": ("#8e3b32", "#e0a99a", "long", 5),
}

def net(x0, y0, w, h, rows, colour="#f5f5f0"):
    """Diagonal elastic-net lines clipped to the product shape."""
    step = w / (rows * 1.6)
    lines = []
    k = -h
    while k < w + h:
        lines.append(f"M{x0 + k:.0f} {y0}l{h:.0f} {h:.0f}")
        lines.append(f"M{x0 + k + h:.0f} {y0}l{-h:.0f} {h:.0f}")
        k += step
    return f'<path d="{"".join(lines)}" stroke="{colour}" stroke-width="2.2" fill="none" opacity=".9"/>'

def shape(kind, meat, fat):
    if kind == "bird":
        return (f'<ellipse cx="160" cy="108" rx="112" ry="68" fill="{meat}"/>'
                f'<ellipse cx="130" cy="92" rx="60" ry="30" fill="{fat}" opacity=".6"/>')
    if kind == "long":
        return (f'<rect x="30" y="70" width="260" height="72" rx="36" fill="{meat}"/>'
                f'<circle cx="90" cy="100" r="6" fill="{fat}"/><circle cx="150" cy="118" r="5" fill="{fat}"/>'
                f'<circle cx="210" cy="96" r="7" fill="{fat}"/><circle cx="250" cy="120" r="4" fill="{fat}"/>')
    return (f'<ellipse cx="160" cy="106" rx="120" ry="72" fill="{meat}"/>'
            f'<path d="M60 96c40-30 160-30 200 0" stroke="{fat}" stroke-width="10" fill="none"/>')

def clip(kind):
    if kind == "bird":
        return '<ellipse cx="160" cy="108" rx="112" ry="68"/>'
    if kind == "long":
        return '<rect x="30" y="70" width="260" height="72" rx="36"/>'
    return '<ellipse cx="160" cy="106" rx="120" ry="72"/>'

def svg(body, w=320, h=200):
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>\n'

for pid, (meat, fat, kind, rows) in PRODUCTS.items():
    body = (f'<rect width="320" height="200" fill="#eef5f3"/>'
            f'<ellipse cx="160" cy="182" rx="120" ry="9" fill="#cfdcda"/>'
            f'<clipPath id="c">{clip(kind)}</clipPath>{shape(kind, meat, fat)}'
            f'<g clip-path="url(#c)">{net(20, 20, 280, 170, rows)}</g>')
    (OUT / "images/products" / f"{pid}.svg").write_text(svg(body))

mesh = '<rect width="320" height="200" fill="#eef5f3"/>' + net(0, 0, 320, 200, 9, "#0f5153")
mesh += ''.join(f'<circle cx="{x}" cy="{y}" r="3" fill="#b24a12"/>' for x in range(20, 320, 60) for y in range(30, 200, 60))
(OUT / "images/process/mesh.svg").write_text(svg(mesh))
app = ('<rect width="320" height="200" fill="#eef5f3"/><rect x="20" y="120" width="280" height="16" rx="4" fill="#9fb5b2"/>'
       '<rect x="40" y="60" width="70" height="60" rx="6" fill="#0f5153"/><rect x="100" y="80" width="60" height="20" fill="#6d8f8c"/>'
       '<clipPath id="c"><rect x="160" y="70" width="120" height="50" rx="25"/></clipPath><rect x="160" y="70" width="120" height="50" rx="25" fill="#a3412f"/>'
       '<g clip-path="url(#c)">' + net(150, 60, 140, 70, 5) + '</g>')
(OUT / "images/process/application.svg").write_text(svg(app))
logo = ('<rect width="36" height="36" rx="8" fill="#0f5153"/>' + '<clipPath id="c"><circle cx="18" cy="18" r="12"/></clipPath>'
        '<circle cx="18" cy="18" r="12" fill="#b24a12"/><g clip-path="url(#c)">' + net(4, 4, 28, 28, 2) + '</g>')
(OUT / "logo.svg").write_text(svg(logo, 36, 36))

def png(path, w, h, rgb):
    """A plain brand-coloured Open Graph image (1200x630) without image libraries."""
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

png(OUT / "og-image.png", 1200, 630, (15, 81, 83))
print("illustrations written")
