"""The repository documents itself: README's library example runs as a doctest, every
``nardy`` subcommand is in README's command table and in docs/architecture.md's, and
every link of README.md and docs/*.md points at a file (and heading) inside the
repository."""

from __future__ import annotations

import doctest
import io
import re
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from nardy.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: Folders whose markdown is not the project's own documentation.
NOT_OURS = {".git", ".venv", "node_modules", "build", "dist"}


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


# -- reading markdown --------------------------------------------------------------------

FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"(?<!\!)\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
IMAGE = re.compile(r"!\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]*)\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(?P<target>\S+)")


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, first line number (1-based) and text."""

    lang: str
    line: int
    text: str


def code_blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            lang = lines[i][3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].startswith(m.group(1)):
                j += 1
            blocks.append(Block(lang, i + 2, "\n".join(lines[i + 1 : j]) + "\n"))
            i = j
        i += 1
    return blocks


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code, with inline code spans removed."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m and fence is None:
            fence = m.group(1)
            continue
        if fence is not None:
            if line.startswith(fence):
                fence = None
            continue
        out.append((n, INLINE_CODE.sub("", line)))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markdown links reduced to their text, lower case,
    everything but letters, digits, ``_``, ``-`` and spaces dropped, spaces → ``-``."""
    text = LINK.sub(lambda m: m.group("text"), heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a markdown file's headings (repeats get ``-1``, ``-2``…)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        k = seen.get(base, 0)
        seen[base] = k + 1
        out.add(base if k == 0 else f"{base}-{k}")
    return out


def link_problems(path: Path, root: Path = ROOT) -> list[str]:
    """Every link of ``path`` that does not resolve to a file inside ``root`` (and to
    one of its headings, when it names an anchor)."""
    text = path.read_text(encoding="utf-8")
    problems: list[str] = []
    for n, line in prose_lines(text):
        targets = [m.group("target") for m in LINK.finditer(line)]
        targets += [m.group("target") for m in IMAGE.finditer(line)]
        ref = REFERENCE.match(line)
        if ref:
            targets.append(ref.group("target"))
        for target in targets:
            where = f"{path.name}:{n}: {target!r}"
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # a URL (http:, https:, mailto:): not a file of the repository
            if not target:
                problems.append(f"{where}: empty link")
                continue
            file_part, _, anchor = target.partition("#")
            if file_part.startswith("/"):
                problems.append(f"{where}: absolute path; links are relative to the file")
                continue
            dest = (path.parent / file_part).resolve() if file_part else path.resolve()
            if not dest.is_relative_to(root.resolve()):
                problems.append(f"{where}: outside the repository")
            elif not dest.exists():
                problems.append(f"{where}: no such file in the repository")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                problems.append(f"{where}: no heading #{anchor} in {dest.name}")
    return problems


def markdown_mentions(path: Path, root: Path = ROOT) -> list[str]:
    """Markdown files named in ``path``'s text (linked or not, in code spans too) that
    the repository does not hold: a clone must have every file its docs point to."""
    ours = [
        p.relative_to(root).as_posix()
        for p in root.rglob("*.md")
        if not NOT_OURS & set(p.relative_to(root).parts)
    ]
    problems = []
    text = path.read_text(encoding="utf-8")
    for n, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"\b[a-z][a-z0-9+.-]*://\S+", "", line, flags=re.I)  # URLs
        for m in re.finditer(r"(?<![\w/.-])((?:\.\./|\./)?[\w./-]*\w\.md)\b", line):
            name = m.group(1)
            local = (path.parent / name).resolve()
            if local.is_relative_to(root.resolve()) and local.exists():
                continue
            bare = name.lstrip("./")
            if any(p == bare or p.endswith("/" + bare) for p in ours):
                continue
            problems.append(f"{path.name}:{n}: {name} is not in the repository")
    return problems


def command_table(path: Path, heading: str) -> set[str]:
    """The ``nardy`` subcommands named in the first column of the table under
    ``heading`` (the first ``## heading`` of that name)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {heading}")
    names: set[str] = set()
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            first = re.split(r"(?<!\\)\|", line)[1]
            names.update(re.findall(r"`nardy ([a-z][a-z-]*)", first))
    return names


def subcommands() -> set[str]:
    return set(main.list_commands(click.Context(main)))


# -- README's example ----------------------------------------------------------------------


def python_blocks() -> list[Block]:
    return [b for b in code_blocks(README.read_text(encoding="utf-8")) if b.lang == "python"]


def test_readme_has_a_python_example() -> None:
    assert python_blocks(), "README.md has no ```python block"


@pytest.mark.parametrize("block", python_blocks(), ids=lambda b: f"README.md:{b.line}")
def test_readme_python_blocks_run_as_doctests(block: Block) -> None:
    """Each python block of README is written as an interactive session (``>>>``) and
    gives the output it shows."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, {}, f"README.md:{block.line}", str(README), block.line)
    assert test.examples, f"README.md:{block.line}: write the example as >>> lines"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    runner.run(test, out=report.write)
    assert runner.failures == 0, report.getvalue()


# -- commands ------------------------------------------------------------------------------


def test_the_cli_has_subcommands() -> None:
    assert {"play", "serve", "engine", "convert"} <= subcommands()


@pytest.mark.parametrize(
    "path,heading", [(README, "Commands"), (DOCS / "architecture.md", "Commands")]
)
def test_every_subcommand_is_in_the_command_tables(path: Path, heading: str) -> None:
    """A ``nardy`` subcommand missing from the table fails; so does a row for a
    subcommand that no longer exists."""
    documented = command_table(path, heading)
    assert subcommands() - documented == set(), f"missing from {path.name}"
    assert documented - subcommands() == set(), f"{path.name} names commands nardy lacks"


# -- links ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: p.name)
def test_links_resolve_inside_the_repository(path: Path) -> None:
    assert link_problems(path) == []


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: p.name)
def test_markdown_files_named_are_in_the_repository(path: Path) -> None:
    assert markdown_mentions(path) == []


def test_the_checks_catch_bad_links_and_missing_commands(tmp_path: Path) -> None:
    """The checkers themselves: each kind of bad link is reported, good ones are not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## Two words (A-1…A-2)\n")
    page = tmp_path / "README.md"
    page.write_text(
        "# Title\n"
        "[ok](docs/other.md) [ok](docs/other.md#two-words-a-1a-2) [ok](#title)\n"
        "[web](https://example.org/x.md) `[code](missing.md)` and RULES.md\n"
        "[gone](docs/missing.md) [out](../outside.md) [abs](/etc/passwd)\n"
        "[anchor](docs/other.md#nothing) [self](#nowhere)\n"
        "```\n[in a fence](fenced.md)\n```\n"
        "## Commands\n\n| command | |\n|---|---|\n| `nardy play` / `nardy gone` \\| x | y |\n"
    )
    problems = link_problems(page, tmp_path)
    assert len(problems) == 5, problems
    for needle in ("docs/missing.md", "../outside.md", "/etc/passwd", "#nothing", "#nowhere"):
        assert any(needle in p for p in problems), (needle, problems)
    mentions = markdown_mentions(page, tmp_path)
    assert any("RULES.md" in p for p in mentions) and any("missing.md" in p for p in mentions)
    assert not any("other.md" in p for p in mentions)
    assert command_table(page, "Commands") == {"play", "gone"}
    assert slug("6. Scoring, the cube and matches (C-1…C-5)") == (
        "6-scoring-the-cube-and-matches-c-1c-5"
    )
