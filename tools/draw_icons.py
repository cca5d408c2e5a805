"""Draws the app's icons (the home-screen and install icons of the web club) with
Pillow and writes them to ``src/nardy/server/static/icons/``::

    python tools/draw_icons.py

The picture is the board's colours (style.css): a wooden frame, a light field with
two points from each side, and a white and a black checker in the middle, as the
header's logo (●○). Each icon is drawn four times larger and scaled down (Lanczos),
which smooths the edges. The PNGs are committed; run this again after changing it.

- ``icon-192.png``, ``icon-512.png``: "any" purpose, a rounded square on transparency;
- ``maskable-192.png``, ``maskable-512.png``: full bleed, the picture inside the
  central circle of 80 % that every launcher mask keeps;
- ``apple-touch-icon.png`` (180): full bleed and opaque (iOS rounds the corners).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "src" / "nardy" / "server" / "static" / "icons"

WOOD = (122, 75, 38)  # --wood, also the manifest's theme colour
FIELD = (233, 214, 176)  # --field
TRI_A = (160, 82, 45)  # --tri-a
TRI_B = (216, 181, 122)  # --tri-b
WHITE = (251, 248, 242)
WHITE_EDGE = (107, 98, 87)
BLACK = (42, 37, 34)
BLACK_EDGE = (0, 0, 0)

SCALE = 4  # drawn this many times larger, then scaled down


def board(draw: ImageDraw.ImageDraw, x0: float, y0: float, size: float) -> None:
    """The picture in the square at (x0, y0) of side ``size``: frame, field, points,
    checkers."""

    def at(u: float, v: float) -> tuple[float, float]:
        return (x0 + u * size, y0 + v * size)

    frame = 0.07
    draw.rounded_rectangle(
        (*at(frame, frame), *at(1 - frame, 1 - frame)), radius=0.06 * size, fill=FIELD
    )
    # four points from the top and four from the bottom, colours alternating
    left, right = frame + 0.03, 1 - frame - 0.03
    width = (right - left) / 4
    depth = 0.34
    for i in range(4):
        a, b = left + i * width, left + (i + 1) * width
        top = TRI_A if i % 2 == 0 else TRI_B
        bottom = TRI_B if i % 2 == 0 else TRI_A
        draw.polygon([at(a, frame), at(b, frame), at((a + b) / 2, frame + depth)], fill=top)
        draw.polygon(
            [at(a, 1 - frame), at(b, 1 - frame), at((a + b) / 2, 1 - frame - depth)], fill=bottom
        )
    # the checkers, overlapping a little, the white one in front
    r = 0.2
    edge = max(1, round(0.022 * size))
    for cx, fill, outline in ((0.62, BLACK, BLACK_EDGE), (0.38, WHITE, WHITE_EDGE)):
        box = (*at(cx - r, 0.5 - r), *at(cx + r, 0.5 + r))
        draw.ellipse(box, fill=fill, outline=outline, width=edge)
        inner = (*at(cx - r * 0.6, 0.5 - r * 0.6), *at(cx + r * 0.6, 0.5 + r * 0.6))
        draw.ellipse(inner, outline=outline, width=max(1, edge // 2))


def icon(px: int, *, purpose: str) -> Image.Image:
    """One icon of ``px`` pixels: ``any`` (rounded, transparent corners), ``maskable``
    (full bleed, the picture in the safe circle) or ``apple`` (full bleed, opaque)."""
    big = px * SCALE
    if purpose == "any":
        img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=0.18 * big, fill=WOOD)
        board(draw, 0, 0, big)
    else:
        img = Image.new("RGB" if purpose == "apple" else "RGBA", (big, big), WOOD)
        draw = ImageDraw.Draw(img)
        # the safe zone is the circle of radius 0.4 × size about the centre; the frame
        # is the background's colour, so the field (0.86 of the picture) must fit: a
        # picture of 0.66 × size puts the field's corners 0.40 × size from the centre
        inset = 0.17 if purpose == "maskable" else 0.1
        board(draw, inset * big, inset * big, (1 - 2 * inset) * big)
    return img.resize((px, px), Image.Resampling.LANCZOS)


#: The files: name, pixels, purpose.
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-192.png", 192, "maskable"),
    ("maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "apple"),
)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, px, purpose in ICONS:
        icon(px, purpose=purpose).save(OUT / name, optimize=True)
        print(OUT / name)


if __name__ == "__main__":
    main()
