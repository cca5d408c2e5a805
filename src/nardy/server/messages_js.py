"""Writes ``static/messages.js``, the browser's part of the language catalogue (the
errors, cube actions, ratings, marks and ``web.*`` texts of ``nardy.i18n``) with the same formatter
(``{name}``, ``{n:plural:…}``)::

    python -m nardy.server.messages_js > src/nardy/server/static/messages.js

A test checks that the checked-in file is what this writes.
"""

from __future__ import annotations

import json
import sys

import nardy.bots.analysis  # noqa: F401  (registers the ratings and marks)
import nardy.errors  # noqa: F401  (registers the core's errors)
import nardy.server.messages  # noqa: F401  (registers the server's texts)
from nardy.i18n import LANGS, export

#: The catalogue's parts the browser uses (prefixes; one key of the results: the checkers a
#: per-checker result counts, which the game page says as the core does).
WEB_PREFIXES = ("cube.", "error.", "level.", "mark.", "rating.", "result.checkers-left", "web.")

JS_HEAD = """\
// Generated from the language catalogue (nardy.i18n) by
//   python -m nardy.server.messages_js > src/nardy/server/static/messages.js
// Do not edit: a test checks that this file is up to date.
// @ts-check
"""

JS_CODE = """
/**
 * The Russian form for `n`: `one` for 1, 21, 101; `few` for 2-4, 22-24; `many` for
 * 0, 5-20, 25-30, 111-114 (as nardy.i18n.plural).
 * @param {number} n @param {string} one @param {string} few @param {string} many
 */
export function plural(n, one, few, many) {
  const a = Math.abs(n), d = a % 10, h = a % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && !(h >= 12 && h <= 14)) return few;
  return many;
}

/**
 * The message `key` in `lang` with `{name}` and `{n:plural:one|few|many}` filled in
 * from `params` (as nardy.i18n.t); an unknown key gives the key itself.
 * @param {"en" | "ru"} lang @param {string} key @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function message(lang, key, params = {}) {
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\\{(\\w+)(?::plural:([^}]*))?\\}/g, (_, name, spec) => {
    const value = params[name];
    if (spec === undefined) return String(value);
    const forms = spec.split("|"), n = Number(value);
    if (forms.length === 3) return plural(n, forms[0], forms[1], forms[2]);
    return n === 1 ? forms[0] : forms[1];
  });
}
"""


def export_js() -> str:
    """``static/messages.js``: the web's part of the catalogue and its formatter."""
    tables = {
        lang: {k: v for prefix in WEB_PREFIXES for k, v in export(lang, prefix).items()}
        for lang in LANGS
    }
    body = json.dumps(tables, ensure_ascii=False, indent=1, sort_keys=True)
    return (
        JS_HEAD
        + '/** @type {Record<"en" | "ru", Record<string, string>>} */\n'
        + f"export const MESSAGES = {body};\n"
        + JS_CODE
    )


if __name__ == "__main__":
    sys.stdout.write(export_js())
