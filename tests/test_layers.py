"""The import graph of ``src/nardy``: no cycle between modules, and every import flows
down the layers written below. Built from the source by ``ast`` (module-level and
function-level imports alike: an import inside a function is still a dependency), so
it needs nothing imported and sees code that no test runs.

An import names the module it loads: ``from nardy.movegen import compiled`` depends on
``nardy.movegen.compiled``, ``from nardy.movegen import legal_candidates`` on the
package ``nardy.movegen``. The parent packages a module's import also runs are not
counted (every package would otherwise depend on each of its submodules and back).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

#: The layers, lowest first: a module may import from its own group and from the layers
#: below it, never from a layer above. Each entry is (layer, groups); a group is a list
#: of module prefixes (a prefix covers the module and everything under it). Groups of
#: one layer are independent of each other unless the layer is one group.
LAYERS: list[tuple[str, list[list[str]]]] = [
    # What every rule and message needs: errors, the catalogue, the board, the rule
    # settings, dice (and their verification), and the compiled extensions (C, no
    # Python imports).
    (
        "base",
        [
            [
                "nardy.errors",
                "nardy.error_texts",
                "nardy.i18n",
                "nardy.position",
                "nardy.variants",
                "nardy.dice",
                "nardy.dicecheck",
                "nardy._fastgen",
                "nardy._fastfeat",
            ]
        ],
    ),
    # The rules: legal plays, scoring, the cube, a game and a match, their notations
    # and drawings (text and Rich; SVG, with the board geometry it shares with the
    # web board); ``nardy`` itself re-exports the library's front.
    (
        "rules",
        [
            [
                "nardy.movegen",
                "nardy.plays",
                "nardy.step_reasons",
                "nardy.outcome",
                "nardy.cube",
                "nardy.game",
                "nardy.match",
                "nardy.notation",
                "nardy.render",
                "nardy.board_geometry",
                "nardy.svg",
                "nardy",  # the package __init__ only (listed exactly, see _layer_of)
            ]
        ],
    ),
    # Position evaluation: features, nets, bear-off databases, match equity.
    ("eval", [["nardy.eval"]]),
    # Players: search, cube decisions, resignation, analysis.
    ("bots", [["nardy.bots"]]),
    # Rollouts: games played out by the bots, for the programs above (the command line
    # today; the engine and the web's analysis board can use them too).
    ("rollouts", [["nardy.rollout"]]),
    # The programs built on the library, independent of each other.
    (
        "apps",
        [
            ["nardy.engine"],
            ["nardy.terminal"],
            ["nardy.server"],
            ["nardy.train"],
        ],
    ),
    # The command line: one module per subcommand, and the group that loads them.
    ("commands", [["nardy.commands", "nardy.cli", "nardy.cli_messages"]]),
]


def _modules() -> dict[str, Path]:
    """Every module of ``src/nardy`` by dotted name (packages by their own name), and
    the compiled extensions (by their C source)."""
    out: dict[str, Path] = {}
    for path in sorted((SRC / "nardy").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    for path in sorted((SRC / "nardy").glob("_*.c")):
        out[f"nardy.{path.stem}"] = path
    return out


MODULES = _modules()


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """The ids of the statements under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
            isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
            or isinstance(node.test, ast.Attribute)
            and node.test.attr == "TYPE_CHECKING"
        ):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _imports(name: str, path: Path) -> tuple[set[str], set[str]]:
    """The ``nardy`` modules that module ``name`` imports anywhere in its code: those
    run (at module level or in a function), and those for type checking only."""
    if path.suffix != ".py":
        return set(), set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = _type_checking_blocks(tree)
    run: set[str] = set()
    typed: set[str] = set()
    for node in ast.walk(tree):
        found: set[str] = set()
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in MODULES else source)
        found = {m for m in found if (m == "nardy" or m.startswith("nardy.")) and m != name}
        (typed if id(node) in typing_only else run).update(found)
    return run, typed - run


_EDGES = {name: _imports(name, path) for name, path in MODULES.items()}
#: Imports that run: what load order, and so a cycle, is about.
GRAPH: dict[str, set[str]] = {name: run for name, (run, _) in _EDGES.items()}
#: Every dependency, type-checking imports included: what the layers are about.
ALL_EDGES: dict[str, set[str]] = {name: run | typed for name, (run, typed) in _EDGES.items()}


def _layer_of(module: str) -> tuple[int, int]:
    """(layer index, group index) of a module: the longest prefix listed covers it."""
    best: tuple[int, int, int] | None = None
    for li, (_, groups) in enumerate(LAYERS):
        for gi, group in enumerate(groups):
            for prefix in group:
                exact_only = prefix == "nardy"
                covers = module == prefix or (not exact_only and module.startswith(prefix + "."))
                if covers and (best is None or len(prefix) > best[2]):
                    best = (li, gi, len(prefix))
    if best is None:
        raise LookupError(module)
    return best[0], best[1]


def test_every_module_has_a_layer() -> None:
    unplaced = []
    for module in MODULES:
        try:
            _layer_of(module)
        except LookupError:
            unplaced.append(module)
    assert not unplaced, f"modules missing from LAYERS: {unplaced}"


def test_every_import_names_a_module_that_exists() -> None:
    """Guards the graph itself: an import the resolver cannot place would be dropped."""
    missing = {(m, t) for m, targets in ALL_EDGES.items() for t in targets if t not in MODULES}
    assert not missing


def test_imports_flow_down_the_layers() -> None:
    wrong = []
    for module, targets in sorted(ALL_EDGES.items()):
        layer, group = _layer_of(module)
        for target in sorted(targets):
            t_layer, t_group = _layer_of(target)
            if t_layer > layer or (t_layer == layer and t_group != group):
                wrong.append(f"{module} ({LAYERS[layer][0]}) -> {target} ({LAYERS[t_layer][0]})")
    assert not wrong, "imports against the layer order:\n" + "\n".join(wrong)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_no_import_cycle() -> None:
    """No cycle among the imports that run. (A type-checking import back up is not a
    cycle of loading, so ``nardy.bots.resign`` may name ``Bot`` in annotations.)"""
    assert _cycles(GRAPH) == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ],
)
def test_the_cycle_finder_finds_cycles(
    graph: dict[str, set[str]], expected: list[list[str]]
) -> None:
    assert _cycles(graph) == expected


def test_function_level_imports_count() -> None:
    """``nardy.movegen`` once hid its cycle with ``compiled`` in a function; such an
    import is an edge like any other."""
    run, _ = _imports("nardy.commands.serve", MODULES["nardy.commands.serve"])
    assert "nardy.server" in run  # imported inside the command's function


def test_type_checking_imports_are_kept_apart() -> None:
    run, typed = _imports("nardy.bots.resign", MODULES["nardy.bots.resign"])
    assert "nardy.bots" in typed and "nardy.bots" not in run
