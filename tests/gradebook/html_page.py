"""Reading a dashboard page back: its tables, links, images and policy (html.parser)."""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Cell:
    text: str = ""
    value: str | None = None  # data-value
    links: list[str] = field(default_factory=list)


@dataclass
class Page:
    tables: dict[str, list[list[Cell]]] = field(default_factory=dict)  # id -> body rows
    headers: dict[str, list[str]] = field(default_factory=dict)
    links: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    csp: str = ""
    style: str = ""
    script: str = ""
    text: str = ""


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.table: str | None = None
        self.section = ""
        self.row: list[Cell] | None = None
        self.cell: Cell | None = None
        self.raw: str | None = None
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.page.ids.add(a["id"])
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy":
            self.page.csp = a.get("content", "")
        if tag in ("style", "script"):
            self.raw = tag
        if tag == "a" and "href" in a:
            self.page.links.append(a["href"])
            if self.cell is not None:
                self.cell.links.append(a["href"])
        if tag == "img":
            self.page.images.append(a.get("src", ""))
        if tag == "table":
            self.table = a.get("id", f"table{len(self.page.tables)}")
            self.page.tables[self.table] = []
            self.page.headers[self.table] = []
        if tag in ("thead", "tbody"):
            self.section = tag
        if tag == "tr" and self.table:
            self.row = []
        if tag in ("td", "th") and self.row is not None:
            self.cell = Cell(value=a.get("data-value"))

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.raw = None
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.cell.text = " ".join(self.cell.text.split())
            self.row.append(self.cell)
            self.cell = None
        if tag == "tr" and self.row is not None and self.table:
            if self.section == "thead":
                self.page.headers[self.table] = [c.text for c in self.row]
            else:
                self.page.tables[self.table].append(self.row)
            self.row = None
        if tag == "table":
            self.table = None

    def handle_data(self, data):
        if self.raw == "style":
            self.page.style += data
        elif self.raw == "script":
            self.page.script += data
        else:
            self.texts.append(data)
            if self.cell is not None:
                self.cell.text += data


def parse(html: str) -> Page:
    parser = _Parser()
    parser.feed(html)
    parser.page.text = " ".join(" ".join(parser.texts).split())
    return parser.page


def sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def svgs(page: Page) -> list[str]:
    prefix = "data:image/svg+xml;base64,"
    return [base64.b64decode(src[len(prefix) :]).decode() for src in page.images]


def colours(svg: str) -> set[str]:
    return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", svg)}


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two sRGB colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
